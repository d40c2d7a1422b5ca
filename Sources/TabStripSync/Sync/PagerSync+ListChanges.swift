import TabStripCore
import TabStripMotion

extension PagerSync {
    /// Follows an edit of the tabs made through `TabBar` (inserted,
    /// removed, moved, a new list applied): `newIndex` gives each old
    /// index's new one (`nil`: removed). The pages follow their tabs
    /// without loading again; a page drag or settle goes on with its page
    /// (it ends when the page's tab was removed); a jump goes on to its
    /// tab; a strip animation heads for its tab; a fling stops.
    /// - Throws: a bad time; nothing changes.
    /// - Complexity: O(log n + live pages), plus loading pages whose
    ///   neighbours changed.
    @usableFromInline package func didEdit(newIndex: (Int) -> Int?, at time: Double) throws(TabStripError) {
        try enter("didEdit(newIndex:at:)")
        defer { leave() }
        try validate(time: time)
        let count = strip.tabCount
        try follow(
            newIndex: newIndex,
            cache: { cache, provider throws(TabStripError) in
                cache.follow(
                    newCount: count, newIndex: newIndex, using: &provider, renumbered: { closesOnEviction = true })
            }, at: time)
    }

    /// The pager, a jump, the strip's motion, the tap feedback and the
    /// cached pages follow their tabs to `newIndex` (`nil`: removed), once
    /// the strip has changed.
    @usableFromInline package func follow(
        newIndex: (Int) -> Int?,
        cache update: (inout PageCache<Provider.Page>, inout PageLender<Host, Provider>) throws(TabStripError) -> Void,
        at time: Double
    ) throws(TabStripError) {
        followPageLives(newIndex)
        let count = strip.tabCount
        guard count >= 1, let selected = strip.selectedIndex else { return try becomeEmpty(at: time) }

        // The pager: at its page's new index, or resting on the selected
        // tab's page when that page's tab is gone.
        var newPager = _pager
        var jump = _jump
        if _pageCache.pageCount == 0 {
            // The strip was empty: its pager's one page was no tab's. The
            // pages start over on the selected tab.
            newPager = try restingPager(pageCount: count, on: selected, at: time)
            jump = nil
        } else if let page = newIndex(_pager.currentPage) {
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
            // The pages renumber: their appearance followed first.
            closesOnEviction = false
            do {
                defer { closesOnEviction = true }
                try update(&cache, &provider)
            }
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
        syncedSelection = selected
        _pageOffset = _pager.offset(at: time)
        _lastTime = time
    }
}
