import TabStripCore
import TabStripMotion

extension PagerSync {
    /// Applies a new list of tabs by identity (``TabListChanges``, from
    /// `TabStrip/changes(from:to:id:title:)` on ``strip``) to the strip,
    /// its cells and the pages, keeping everything that belongs to the
    /// tabs that stay:
    /// - the strip and cells as `TabStripVirtualizer/apply(_:)` keeps them
    ///   (the selection stays on its tab; when it is removed, the first kept
    ///   tab after it is selected);
    /// - cached pages move to their tabs' new indices without loading
    ///   again; removed tabs' pages are evicted;
    /// - a page drag or settle goes on, on the same page at its new index
    ///   (when that page's tab was removed, it ends and the pager rests on
    ///   the selected tab's page);
    /// - a jump goes on to its tab at its new index (it ends when that tab
    ///   was removed);
    /// - a strip animation heads for its tab at its new index (for the
    ///   selected tab when it was removed), from where the strip now is; a
    ///   fling stops; a finger on the strip keeps it; a tap's feedback
    ///   follows its tab.
    ///
    /// Unlike ``tabsDidChange(at:)``, no page is loaded again.
    /// - Throws: `TabStripError/reentrantCall(operation:)` from inside a
    ///   callback; the errors of unsynced edits (see ``advance(to:)``); a
    ///   bad time; the errors of `TabStrip/apply(_:)`. Nothing changes.
    /// - Complexity: that of `TabStrip/apply(_:)`, plus O(live pages) and
    ///   loading pages whose neighbours changed.
    public func apply(_ changes: TabListChanges, at time: Double) throws(TabStripError) {
        try enter("apply(_:at:)")
        defer { leave() }
        try validate(time: time)
        try virtualizer.apply(changes)
        let count = strip.tabCount
        guard count >= 1, let selected = strip.selectedIndex else { return try becomeEmpty(at: time) }

        // The pager: at its page's new index, or resting on the selected
        // tab's page when that page's tab is gone.
        var newPager = _pager
        var jump = _jump
        if let page = changes.newIndex(ofOldIndex: _pager.currentPage) {
            try newPager.renumberPages(count: count, currentPage: page)
            if let running = jump { jump = PageJump(from: selected, to: page, animation: running.animation) }
        } else {
            newPager = try restingPager(pageCount: count, on: selected, at: time)
            jump = nil
        }
        if let running = jump, running.from == running.to { jump = nil }

        var newMotion = _stripMotion
        var newTarget: (tab: Int, unmeasured: Int)? = nil
        switch _stripMotion {
        case .animating:
            let tab = motionTarget.flatMap { changes.newIndex(ofOldIndex: $0.tab) } ?? selected
            let target = try strip.targetContentOffset(forSelecting: tab, scroll: selectionScroll)
            newMotion = try selectionAnimation(from: strip.contentOffset, to: target, at: time)
            newTarget = (tab, strip.unmeasuredTabCount)
        case .flinging:
            newMotion = .none
        case .none, .dragging:
            break
        }

        try withCache { cache, provider throws(TabStripError) in
            try cache.apply(changes, using: &provider)
            if jump == nil, cache.jumpTarget != nil { cache.cancelJump() }
            if cache.currentPage == nil { try cache.completeTransition(to: selected, using: &provider) }
        }
        _pager = newPager
        _jump = jump
        _stripMotion = newMotion
        motionShift = virtualizer.anchoringShift
        motionTarget = newTarget
        _tapFeedback = _tapFeedback.flatMap { feedback in
            changes.newIndex(ofOldIndex: feedback.tab).map { (tab: $0, feedback: feedback.feedback) }
        }
        syncedGeneration = strip.editGeneration
        syncedSelection = selected
        _pageOffset = _pager.offset(at: time)
        _lastTime = time
    }
}
