import TabStripCore
import TabStripMotion

extension PagerSync {
    /// Traps if the strip and the pager disagree: page and tab counts
    /// differ, a resting pager is not on the selected tab's page, a jump
    /// does not land on the pager's page, or any component's own invariants
    /// fail.
    package func _checkInvariants() {
        #if TABSTRIP_INTERNAL_CHECKS
        virtualizer._checkInvariants()
        pager._checkInvariants()
        pageCache._checkInvariants()
        if pager.pageCount == strip.tabCount {
            if let jump {
                precondition(jump.to == pager.currentPage, "jump to \(jump.to), pager on \(pager.currentPage)")
                precondition(jump.from != jump.to, "jump onto itself")
            } else if !pagerWasMoving, pager.phase == .idle {
                precondition(pager.currentPage == strip.selectedIndex,
                             "pager resting on \(pager.currentPage), strip selects \(String(describing: strip.selectedIndex))")
            }
        }
        #endif
    }
}
