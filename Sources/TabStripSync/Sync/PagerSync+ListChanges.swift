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
        try follow(
            newIndex: { changes.newIndex(ofOldIndex: $0) },
            cache: { cache, provider throws(TabStripError) in try cache.apply(changes, using: &provider) }, at: time)
    }

    /// Call after a drag to reorder dropped a tab (``TabReorder/drop(at:)``
    /// moved tab `source` to `destination` through ``virtualizer``): the
    /// pages follow their tabs as with ``apply(_:at:)``, without loading
    /// again (unlike ``tabsDidChange(at:)``), and a page drag or settle, a
    /// jump and a strip animation go on with their tabs.
    ///
    /// ```swift
    /// let from = reorder.draggedTab!
    /// let to = try reorder.drop(at: now)
    /// try sync.tabDidMove(from: from, to: to, at: now)
    /// ```
    /// - Throws: `TabStripError/reentrantCall(operation:)` from inside a
    ///   callback; `TabStripError/countMismatch(expected:actual:)` when the
    ///   strip's count changed; `TabStripError/indexOutOfRange(index:count:)`
    ///   naming a bad index; a bad time. Nothing changes.
    /// - Complexity: O(log n + live pages), plus loading pages whose
    ///   neighbours changed.
    public func tabDidMove(from source: Int, to destination: Int, at time: Double) throws(TabStripError) {
        try enter("tabDidMove(from:to:at:)", synced: false)
        defer { leave() }
        try validate(time: time)
        guard strip.tabCount == _pager.pageCount else {
            throw .countMismatch(expected: strip.tabCount, actual: _pager.pageCount)
        }
        try TabStripError.requireIndex(source, in: strip.tabCount)
        try TabStripError.requireIndex(destination, in: strip.tabCount)
        try follow(
            newIndex: { TabStripGeometry.index($0, afterMovingFrom: source, to: destination) },
            cache: { cache, provider throws(TabStripError) in
                try cache.moveTab(from: source, to: destination, using: &provider)
            }, at: time)
    }

    /// The pager, a jump, the strip's motion, the tap feedback and the
    /// cached pages follow their tabs to `newIndex` (`nil`: removed), once
    /// the strip has changed.
    @usableFromInline func follow(
        newIndex: (Int) -> Int?,
        cache update: (inout PageCache<Provider.Page>, inout Provider) throws(TabStripError) -> Void,
        at time: Double
    ) throws(TabStripError) {
        let count = strip.tabCount
        guard count >= 1, let selected = strip.selectedIndex else { return try becomeEmpty(at: time) }

        // The pager: at its page's new index, or resting on the selected
        // tab's page when that page's tab is gone.
        var newPager = _pager
        var jump = _jump
        if let page = newIndex(_pager.currentPage) {
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
            let tab = motionTarget.flatMap { newIndex($0.tab) } ?? selected
            let target = try strip.targetContentOffset(forSelecting: tab, scroll: selectionScroll)
            newMotion = try selectionAnimation(from: strip.contentOffset, to: target, at: time)
            newTarget = (tab, strip.unmeasuredTabCount)
        case .flinging:
            newMotion = .none
        case .none, .dragging:
            break
        }

        try withCache { cache, provider throws(TabStripError) in
            try update(&cache, &provider)
            if jump == nil, cache.jumpTarget != nil { cache.cancelJump() }
            if cache.currentPage == nil { try cache.completeTransition(to: selected, using: &provider) }
        }
        _pager = newPager
        _jump = jump
        _stripMotion = newMotion
        motionShift = virtualizer.anchoringShift
        motionTarget = newTarget
        _tapFeedback = _tapFeedback.flatMap { feedback in
            newIndex(feedback.tab).map { (tab: $0, feedback: feedback.feedback) }
        }
        syncedGeneration = strip.editGeneration
        syncedSelection = selected
        _pageOffset = _pager.offset(at: time)
        _lastTime = time
    }
}
