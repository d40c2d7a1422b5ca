import TabStripCore
import TabStripMotion

extension PagerSync {
    /// Traps if the strip and the pager disagree: page and tab counts
    /// differ, a resting pager is not on the selected tab's page, a jump
    /// does not land on the pager's page, or any component's own invariants
    /// fail.
    @usableFromInline package func _checkInvariants() {
        #if TABSTRIP_INTERNAL_CHECKS
            virtualizer._checkInvariants()
            _pager._checkInvariants()
            _pageCache._checkInvariants()
            if strip.tabCount == 0 {
                precondition(_jump == nil, "a jump in an empty strip")
                precondition(_pageCache.pageCount == 0, "\(_pageCache.pageCount) pages for an empty strip")
            }
            if _pager.pageCount == strip.tabCount {
                if let _jump {
                    precondition(_jump.to == _pager.currentPage, "jump to \(_jump.to), pager on \(_pager.currentPage)")
                    precondition(_jump.from != _jump.to, "jump onto itself")
                } else if !pagerWasMoving, _pager.phase == .idle {
                    precondition(
                        _pager.currentPage == strip.selectedIndex,
                        "pager resting on \(_pager.currentPage), strip selects \(String(describing: strip.selectedIndex))"
                    )
                }
            }
            // The pages' appearance, once told: only pages in view have a
            // step, each page once; at rest, exactly one page has appeared,
            // the one the pages rest on.
            if !isBusy, toldAppearance == pageAppearanceState {
                let state = toldAppearance
                var seen = Set<Int>()
                for life in pageLives {
                    precondition(state.contains(life.index), "page \(life.index) has a step but is not in view")
                    precondition(seen.insert(life.index).inserted, "page \(life.index) has two steps")
                    precondition(life.index < _pageCache.pageCount, "page \(life.index) past the end")
                }
                if state.rest, state.settled >= 0, livePage(state.settled) != nil {
                    precondition(
                        pageLives.count == 1 && pageLives[0].index == state.settled && pageLives[0].step == .shown,
                        "at rest on page \(state.settled), the pages' steps are \(pageAppearances)")
                }
            }
        #endif
    }
}
