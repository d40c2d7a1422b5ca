import TabStripCore
import TabStripMotion

extension PagerSync {
    /// Advances everything to the display frame at `time`: the jump or the
    /// pager's drag and settle (indicator, titles, selection when the pager
    /// comes to rest, the page cache), the strip's animation or fling, the
    /// tap feedback.
    /// - Throws: a bad time; `TabStripError/reentrantCall(operation:)`
    ///   from inside a host or provider callback. Nothing changes.
    /// - Complexity: O(log n + k) for k tabs entering or leaving, plus page
    ///   loads and evictions.
    @inlinable package func advance(to time: Double) throws(TabStripError) {
        try enter("advance(to:)")
        defer { leave() }
        try validate(time: time)
        try catchUp(at: time)
        if let _jump {
            if _jump.animation.isFinished(at: time) {
                try landJump()
            } else {
                try virtualizer.setTransition(to: _jump.to, fraction: _jump.fraction(at: time))
            }
        } else if _pageCache.pageCount > 0 {
            // The common frame of a swipe leaves its pages where they were.
            appearanceStands = try followPager(at: time)
        }
        switch _stripMotion {
        case .animating, .flinging: try advanceStripMotion(to: time)
        case .none, .dragging: break
        }
        if let _tapFeedback, _tapFeedback.feedback.isFinished(at: time) { self._tapFeedback = nil }
        _lastTime = time
    }

    /// Moves the strip by its running animation or fling (plus the
    /// anchoring shift made since it began), and ends it when it is done.
    /// Out of line: frames without a strip motion keep ``advance(to:)``
    /// small.
    @inlinable @inline(never)
    func advanceStripMotion(to time: Double) throws(TabStripError) {
        switch _stripMotion {
        case .animating(let animation):
            try virtualizer.setContentOffset(animatedOffset(animation, at: time))
            if animation.isFinished(at: time) { try endStripMotion(at: time) }
        case .flinging(let fling):
            try virtualizer.setContentOffset(fling.position(at: time) + (virtualizer.anchoringShift - motionShift))
            if fling.isFinished(at: time) { try endStripMotion(at: time) }
        case .none, .dragging:
            break
        }
    }

    /// Where a strip animation puts the offset at `time`: its value plus the
    /// anchoring shift made since it began and, for a selection whose tab's
    /// target moved because tabs were measured meanwhile, that move in
    /// proportion to the time elapsed (all of it at the end).
    @inlinable func animatedOffset(_ animation: TimedAnimation, at time: Double) -> Double {
        let offset = animation.value(at: time) + (virtualizer.anchoringShift - motionShift)
        guard let target = motionTarget, target.unmeasured != strip.unmeasuredTabCount,
            let now = try? strip.targetContentOffset(forSelecting: target.tab, scroll: selectionScroll)
        else { return offset }
        let drift = now - (animation.to + (virtualizer.anchoringShift - motionShift))
        return offset + drift * animation.progress(at: time)
    }

    /// Ends the strip's motion. When tabs measured during it made the
    /// content shorter than the motion assumed and left the offset past
    /// an end, the strip eases back inside its range.
    @inlinable @inline(never) func endStripMotion(at time: Double) throws(TabStripError) {
        _stripMotion = .none
        motionTarget = nil
        let range = strip.contentOffsetRange
        let offset = strip.contentOffset
        let inside = Swift.min(Swift.max(offset, range.lowerBound), range.upperBound)
        guard inside != offset else { return }
        try moveStrip(to: inside, animated: true, at: time)
    }

    /// The strip follows the pager's drag and settle; when the pager comes
    /// to rest, its page's tab is selected and scrolled to.
    /// Returns whether nothing the pages' appearance depends on moved:
    /// the pager's motion, its visible pages and its current page.
    @inlinable func followPager(at time: Double) throws(TabStripError) -> Bool {
        let offset = _pager.offset(at: time)
        _pageOffset = offset
        let dragging: Bool
        if case .dragging = _pager.phase { dragging = true } else { dragging = false }
        let moving = dragging || _pager.isSettling(at: time)
        let position = try PagerPosition(offset: offset, pageWidth: _pager.pageWidth, pageCount: _pager.pageCount)
        if moving || pagerWasMoving, let selected = strip.selectedIndex {
            try virtualizer.setPagerProgress(PagerProgress(position: position, currentIndex: selected))
        }
        var stands = moving == pagerWasMoving
        try withCache { cache, provider throws(TabStripError) in
            if try !cache.updateVisibility(for: position, using: &provider) { stands = false }
        }
        if !moving {
            // At rest (the settle may have ended between two frames): the
            // page's tab becomes the selected one, the cache settles there.
            let page = _pager.currentPage
            if page != strip.selectedIndex {
                let target = try strip.targetContentOffset(forSelecting: page, scroll: selectionScroll)
                try virtualizer.select(page, scroll: .none)
                syncedSelection = page
                if _stripMotion != .dragging {
                    // The scroll starts when the settle ended, not at the
                    // first frame after it, so that the strip's motion is
                    // the same at every frame rate.
                    let start = settleEnd(before: time)
                    try moveStrip(
                        to: target, animated: true, at: start, from: stripOffset(at: start), selecting: page)
                }
            } else if pagerWasMoving {
                virtualizer.endTransition()
            }
            if _pageCache.currentPage != page {
                stands = false
                try withCache { cache, provider throws(TabStripError) in
                    try cache.completeTransition(to: page, using: &provider)
                }
            }
        }
        pagerWasMoving = moving
        return stands
    }

    /// When the settle that brought the pager to rest at `time` ended: its
    /// end time when it ended since the previous frame, else `time`.
    @inlinable func settleEnd(before time: Double) -> Double {
        guard pagerWasMoving, let settle = _pager.settle, settle.endTime <= time else { return time }
        if let previous = _lastTime, settle.endTime < previous { return time }
        return settle.endTime
    }

    /// Where the strip's own motion puts its offset at `time` (a fling or
    /// an animation), or its offset when nothing moves it.
    @inlinable func stripOffset(at time: Double) -> Double {
        switch _stripMotion {
        case .animating(let animation): return animatedOffset(animation, at: time)
        case .flinging(let fling): return fling.position(at: time) + (virtualizer.anchoringShift - motionShift)
        case .none, .dragging: return strip.contentOffset
        }
    }

    /// Scrolls the strip to `target`: over ``selectionDuration`` with
    /// ``selectionCurve`` when animated (and the duration is not 0), at once
    /// otherwise.
    /// `tab` is the tab the move selects, if any (see ``motionTarget``).
    @inlinable func moveStrip(
        to target: Double, animated: Bool, at time: Double, from: Double? = nil, selecting tab: Int? = nil
    ) throws(TabStripError) {
        if animated, selectionDuration > 0 {
            _stripMotion = try selectionAnimation(from: from ?? strip.contentOffset, to: target, at: time)
            motionShift = virtualizer.anchoringShift
            motionTarget = tab.map { ($0, strip.unmeasuredTabCount) }
        } else {
            try virtualizer.setContentOffset(target)
            _stripMotion = .none
            motionTarget = nil
        }
    }

    /// The strip's animation from `from` to `target` starting at `time`,
    /// with the selection's duration and curve (not yet the strip's motion:
    /// callers commit it).
    /// - Throws: an animation the bounds refuse; nothing changes.
    @inlinable func selectionAnimation(from: Double, to target: Double, at time: Double) throws(TabStripError)
        -> StripMotion
    {
        .animating(
            try TimedAnimation(
                from: from, to: target, startTime: time, duration: selectionDuration, curve: selectionCurve))
    }

    /// The sync with no tabs left: the pager keeps
    /// a single page at rest (a pager needs one; no page is ever loaded
    /// for it), the cache holds none, nothing moves.
    @usableFromInline func becomeEmpty(at time: Double) throws(TabStripError) {
        let newPager = try restingPager(pageCount: 1, on: 0, at: time)
        _ = try withCache { cache, provider throws(TabStripError) in cache.removeAll(using: &provider) }
        try withCache { cache, provider throws(TabStripError) in try cache.setPageCount(0, using: &provider) }
        let motion: StripMotion = _stripMotion == .dragging ? .dragging : .none
        commitResync(pager: newPager, motion: motion, selection: nil, at: time)
    }

    /// `_pager` with a drag cancelled, `pageCount` pages when given, resting
    /// on `page` at once (the caller commits it once nothing else can throw).
    @usableFromInline func restingPager(pageCount: Int?, on page: Int, at time: Double) throws(TabStripError)
        -> Pager
    {
        var pager = _pager
        if case .dragging = pager.phase { try pager.cancelDrag(at: time) }
        if let pageCount { try pager.setPageCount(pageCount) }
        try pager.selectPage(page, animated: false, at: time)
        return pager
    }

    /// The end of an edit's follow-up, empty or not: the new pager and
    /// strip motion, no jump, transition or tap feedback, synced with the
    /// strip's edits and `selection`.
    @usableFromInline func commitResync(pager: Pager, motion: StripMotion, selection: Int?, at time: Double) {
        _pager = pager
        _jump = nil
        _stripMotion = motion
        motionShift = virtualizer.anchoringShift
        if case .animating = motion, let selection {
            motionTarget = (selection, strip.unmeasuredTabCount)
        } else {
            motionTarget = nil
        }
        _tapFeedback = nil
        virtualizer.endTransition()
        syncedSelection = selection
        pagerWasMoving = false
        _pageOffset = _pager.offset(at: time)
        _lastTime = time
    }
}

extension PagerSync {
    /// Whether the host must keep calling ``advance(to:)``, as of the last
    /// event or frame: `false` means no further `advance` can change
    /// anything until the next gesture or call, so the host may stop its
    /// display link (a terminal host blocks on input instead of polling).
    ///
    /// `true` while a jump runs, the strip animates or flings, the pages are
    /// dragged, the pager settles, a tap's press feedback plays, a tab was
    /// selected on the virtualiser directly and the pager still rests on
    /// another page, or the
    /// pager came to rest after the last frame and the frame that notices it
    /// (selecting the page's tab and starting the strip's scroll) is still
    /// to come. The settle is judged at the last event's or frame's time,
    /// not at a clock the host reads later: a settle that ended since still
    /// needs that frame.
    /// - Complexity: O(1).
    @inlinable package var needsFrames: Bool {
        if _jump != nil || _tapFeedback != nil || pagerWasMoving { return true }
        // A selection made on the virtualiser behind this object's back:
        // the next frame brings the pager to it (it never rests apart).
        if strip.selectedIndex != syncedSelection { return true }
        switch _stripMotion {
        case .animating, .flinging: return true
        case .none, .dragging: break
        }
        switch _pager.phase {
        case .dragging: return true
        case .settling: return _lastTime.map { _pager.isSettling(at: $0) } ?? true
        case .idle: return false
        }
    }
}
