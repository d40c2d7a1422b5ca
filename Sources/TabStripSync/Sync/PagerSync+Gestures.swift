import TabStripCore
import TabStripMotion

// What the host forwards: drags on the pages, taps on tabs, drags and
// flings on the strip.
extension PagerSync {
    /// Throws unless `time` is finite, within ``TabStripLimits/maximumTime``
    /// and not earlier than the last event.
    @inlinable @inline(__always) func validate(time: Double) throws(TabStripError) {
        // One comparison on the valid path (NaN fails it); errors out of line.
        guard time.magnitude <= TabStripLimits.maximumTime else { throw TabStripError.timeError(time) }
        if let _lastTime, time < _lastTime { throw TabStripError.timeError(time, lastTime: _lastTime) }
    }

    /// Follows a selection made on the virtualiser directly since this
    /// object last selected (see ``PagerSync``). O(1) when there is none.
    @inlinable func catchUp(at time: Double) throws(TabStripError) {
        if strip.selectedIndex != syncedSelection { try followSelection(at: time) }
    }

    /// The pager rests on the selected tab's page at once; a jump, a page
    /// drag or settle and a strip animation towards the old tab stop, and
    /// the cache settles on the page.
    @usableFromInline func followSelection(at time: Double) throws(TabStripError) {
        guard let selected = strip.selectedIndex else {
            syncedSelection = nil
            return
        }
        let newPager = try restingPager(pageCount: nil, on: selected, at: time)
        try withCache { cache, provider throws(TabStripError) in
            try cache.completeTransition(to: selected, using: &provider)
        }
        _pager = newPager
        _jump = nil
        if case .animating = _stripMotion {
            _stripMotion = .none
            motionTarget = nil
        }
        virtualizer.endTransition()
        pagerWasMoving = false
        _pageOffset = _pager.offset(at: time)
        syncedSelection = selected
    }

    // MARK: Page gestures

    /// A finger went down on the pages. A jump still running lands first,
    /// so the drag starts from a consistent state.
    /// - Returns: the pager's answer; `PagerResponse/refusedWhileSettling(until:)`
    ///   while a settle runs (as a video feed does).
    /// - Throws: `TabStripError/reentrantCall(operation:)` from a
    ///   callback, the errors of unsynced edits (see ``advance(to:)``); a bad time; nothing changes.
    /// - Complexity: O(log n).
    @discardableResult
    @inlinable package func beginPageDrag(at time: Double) throws(TabStripError) -> PagerResponse {
        try enter("beginPageDrag(at:)")
        defer { leave() }
        try validate(time: time)
        try catchUp(at: time)
        var probe = _pager
        let response = try probe.beginDrag(at: time)
        guard response == .accepted else { return response }
        if _jump != nil { try landJump() }
        _pager = probe
        _lastTime = time
        return response
    }

    /// The finger moved: it is `translation` points from where it went down
    /// (negative towards later pages).
    /// - Throws: `TabStripError/reentrantCall(operation:)` from a
    ///   callback, the errors of unsynced edits (see ``advance(to:)``); a bad time or translation; nothing changes.
    /// - Complexity: O(1).
    @discardableResult
    @inlinable package func movePageDrag(translation: Double, at time: Double) throws(TabStripError) -> PagerResponse {
        try enter("movePageDrag(translation:at:)")
        defer { leave() }
        try validate(time: time)
        try catchUp(at: time)
        let response = try _pager.moveDrag(translation: translation, at: time)
        _lastTime = time
        return response
    }

    /// The finger lifted with `velocityPerMillisecond` (as
    /// `scrollViewWillEndDragging` reports, finger terms); the paging rule
    /// picks the page and the pager settles there.
    /// - Throws: `TabStripError/reentrantCall(operation:)` from a
    ///   callback, the errors of unsynced edits (see ``advance(to:)``); a bad time, translation or velocity; nothing changes.
    /// - Complexity: O(1).
    @discardableResult
    @inlinable package func endPageDrag(translation: Double, velocityPerMillisecond: Double, at time: Double)
        throws(TabStripError)
        -> PagerResponse
    {
        try enter("endPageDrag(translation:velocityPerMillisecond:at:)")
        defer { leave() }
        try validate(time: time)
        try catchUp(at: time)
        let response = try _pager.endDrag(
            translation: translation, velocityPerMillisecond: velocityPerMillisecond, at: time)
        _lastTime = time
        return response
    }

    /// The system took the gesture (an incoming call, the app went to the
    /// background): the pager settles back and the strip follows it back.
    /// - Throws: `TabStripError/reentrantCall(operation:)` from a
    ///   callback, the errors of unsynced edits (see ``advance(to:)``); a bad time; nothing changes.
    /// - Complexity: O(1).
    @discardableResult
    @inlinable package func cancelPageDrag(at time: Double) throws(TabStripError) -> PagerResponse {
        try enter("cancelPageDrag(at:)")
        defer { leave() }
        try validate(time: time)
        try catchUp(at: time)
        let response = try _pager.cancelDrag(at: time)
        _lastTime = time
        return response
    }

    // MARK: Taps and programmatic selection

    /// A tap on tab `index`: press feedback, then an animated selection
    /// (see ``selectTab(_:animated:at:)``).
    /// - Returns: `PagerResponse/dragInProgress` while the pages are being
    ///   dragged (nothing changes), else `PagerResponse/accepted`.
    /// - Throws: `TabStripError/reentrantCall(operation:)` from a
    ///   callback, the errors of unsynced edits (see ``advance(to:)``); `TabStripError/indexOutOfRange(index:count:)` or a bad
    ///   time; nothing changes.
    /// - Complexity: O(log n) plus loading the target page.
    @discardableResult
    @inlinable package func tapTab(_ index: Int, at time: Double) throws(TabStripError) -> PagerResponse {
        try enter("tapTab(_:at:)")
        defer { leave() }
        try TabStripError.requireIndex(index, in: strip.tabCount)
        try validate(time: time)
        try catchUp(at: time)
        if case .dragging = _pager.phase { return .dragInProgress }
        let feedback = try TapFeedback(startTime: time)
        let response = try performSelect(index, animated: true, at: time)
        _tapFeedback = (index, feedback)
        return response
    }

    /// Selects tab `index` and its page. The pager jumps straight to the
    /// page (``jump``, forward when the index is greater) without loading
    /// the pages between; the indicator and the titles animate from the old
    /// tab to the new one and the strip scrolls to it (``selectionScroll``)
    /// over ``selectionDuration``. Not animated, everything lands at once.
    /// - Returns: `PagerResponse/dragInProgress` while the pages are being
    ///   dragged (nothing changes), else `PagerResponse/accepted`.
    /// - Throws: `TabStripError/reentrantCall(operation:)` from a
    ///   callback, the errors of unsynced edits (see ``advance(to:)``); `TabStripError/indexOutOfRange(index:count:)` or a bad
    ///   time; nothing changes.
    /// - Complexity: O(log n) plus loading the target page.
    @discardableResult
    @inlinable package func selectTab(_ index: Int, animated: Bool = true, at time: Double) throws(TabStripError)
        -> PagerResponse
    {
        try enter("selectTab(_:animated:at:)")
        defer { leave() }
        return try performSelect(index, animated: animated, at: time)
    }

    /// ``selectTab(_:animated:at:)`` once the call is admitted.
    @inlinable func performSelect(_ index: Int, animated: Bool, at time: Double) throws(TabStripError) -> PagerResponse
    {
        try TabStripError.requireIndex(index, in: strip.tabCount)
        try validate(time: time)
        try catchUp(at: time)
        if case .dragging = _pager.phase { return .dragInProgress }
        if _jump != nil { try landJump() }
        let target = try strip.targetContentOffset(forSelecting: index, scroll: selectionScroll)
        let from = strip.selectedIndex ?? index
        try _pager.selectPage(index, animated: false, at: time)
        _pageOffset = _pager.offset(at: time)
        pagerWasMoving = false
        let animate = animated && selectionDuration > 0
        if index != from {
            if animate {
                try withCache { cache, provider throws(TabStripError) in
                    try cache.beginJump(to: index, using: &provider)
                }
                _jump = PageJump(
                    from: from, to: index,
                    animation: try TimedAnimation(
                        from: 0, to: 1, startTime: time, duration: selectionDuration, curve: selectionCurve))
                virtualizer.endTransition()
            } else {
                try virtualizer.select(index, scroll: .none)
                syncedSelection = index
                try withCache { cache, provider throws(TabStripError) in
                    try cache.completeTransition(to: index, using: &provider)
                }
            }
        } else {
            virtualizer.endTransition()
        }
        // At once, the target is taken again now that the tab is measured
        // (an animation follows it as it moves; see `animatedOffset`).
        try moveStrip(
            to: animate ? target : strip.targetContentOffset(forSelecting: index, scroll: selectionScroll),
            animated: animate, at: time, selecting: index)
        _lastTime = time
        return .accepted
    }

    /// Finishes a jump at once: the target tab is selected, the indicator
    /// rests under it, its page is the settled one.
    @inlinable func landJump() throws(TabStripError) {
        guard let _jump else { return }
        try virtualizer.select(_jump.to, scroll: .none)
        syncedSelection = _jump.to
        try withCache { cache, provider throws(TabStripError) in
            try cache.completeTransition(to: _jump.to, using: &provider)
        }
        self._jump = nil
    }

    // MARK: Strip gestures

    /// The host's finger drags the strip itself so that its content offset
    /// would be `offset`; past either end it shows through the rubber band
    /// when ``stripPhysics`` bounces, and stops at the end otherwise. Any
    /// strip animation or fling stops where it is.
    /// - Throws: `TabStripError/reentrantCall(operation:)` from a
    ///   callback, the errors of unsynced edits (see ``advance(to:)``);
    ///   `TabStripError/invalidOffset(_:)` for a NaN or infinite offset,
    ///   `TabStripError/lengthExceedsLimit(name:value:limit:)` (name
    ///   `"offset"`) for one beyond `TabStripLimits/maximumOffset`, or a bad
    ///   time; nothing changes.
    /// - Complexity: O(log n + k) for k tabs entering or leaving.
    @inlinable package func dragStrip(to offset: Double, at time: Double) throws(TabStripError) {
        try enter("dragStrip(to:at:)")
        defer { leave() }
        guard offset.isFinite else { throw .invalidOffset(offset) }
        try TabStripError.requireMagnitude(offset, atMost: TabStripLimits.maximumOffset, "offset")
        try validate(time: time)
        try catchUp(at: time)
        if case .flinging(let fling) = _stripMotion {
            carriedVelocity = fling.isFinished(at: time) ? 0 : fling.velocity(at: time)
        } else if case .dragging = _stripMotion {
            // Keep the velocity captured when this drag began.
        } else {
            carriedVelocity = 0
        }
        let shown = stripPhysics.displayedPosition(forDragTo: offset, in: strip.contentOffsetRange)
        try virtualizer.setContentOffset(shown)
        stripDragPosition = offset
        _stripMotion = .dragging
        motionTarget = nil
        _lastTime = time
    }

    /// The finger left the strip with `velocity` (points per second, towards
    /// larger offsets when positive): the strip flings with ``stripPhysics``
    /// (carrying the momentum of a previous fling when the physics says so).
    /// - Throws: `TabStripError/reentrantCall(operation:)` from a
    ///   callback, the errors of unsynced edits (see ``advance(to:)``); `TabStripError/invalidValue(name:value:)` for a NaN or
    ///   infinite velocity, or a bad time; nothing changes.
    /// - Complexity: O(1).
    @inlinable package func releaseStrip(velocityPerSecond velocity: Double, at time: Double) throws(TabStripError) {
        try enter("releaseStrip(velocityPerSecond:at:)")
        defer { leave() }
        try validate(time: time)
        try catchUp(at: time)
        let start = _stripMotion == .dragging ? stripDragPosition : strip.contentOffset
        let fling = try Fling(
            position: start, velocityPerSecond: velocity, startTime: time,
            bounds: strip.contentOffsetRange, physics: stripPhysics,
            carriedVelocityPerSecond: carriedVelocity)
        _stripMotion = .flinging(fling)
        motionShift = virtualizer.anchoringShift
        motionTarget = nil
        carriedVelocity = 0
        _lastTime = time
    }
}

extension PagerSync {
    /// Scrolls the strip to tab `index` with `scroll` without selecting it:
    /// animated over ``selectionDuration`` from where the strip is, or at
    /// once (the tabs then shown measured first on a strip with estimated
    /// widths, so that it lands where the call without animation would).
    /// - Throws: `TabStripError/reentrantCall(operation:)` from a callback;
    ///   `TabStripError/indexOutOfRange(index:count:)` or a bad time;
    ///   nothing changes.
    /// - Complexity: O(log n + k) for k tabs entering or leaving.
    package func reveal(_ index: Int, scroll: SelectionScroll, animated: Bool, at time: Double) throws(TabStripError) {
        try enter("reveal(_:scroll:animated:at:)")
        defer { leave() }
        try TabStripError.requireIndex(index, in: strip.tabCount)
        try validate(time: time)
        try catchUp(at: time)
        if animated, selectionDuration > 0, scroll != .none {
            let target = try strip.targetContentOffset(forSelecting: index, scroll: scroll)
            try moveStrip(to: target, animated: true, at: time, selecting: index)
        } else {
            try virtualizer.reveal(index, scroll: scroll)
            _stripMotion = .none
            motionTarget = nil
        }
        _lastTime = time
    }

    /// The host's own scroll view moved the strip to `offset` (its scroll
    /// callback): any animation or fling of the strip stops, and the
    /// offset is taken as it is.
    /// - Throws: `TabStripError/reentrantCall(operation:)` from a callback;
    ///   `TabStripError/invalidOffset(_:)` or a bad time; nothing changes.
    /// - Complexity: O(log n + k) for k tabs entering or leaving.
    @inlinable package func scrollStrip(to offset: Double, at time: Double) throws(TabStripError) {
        try enter("setContentOffset(_:at:)")
        defer { leave() }
        try validate(time: time)
        try catchUp(at: time)
        try virtualizer.setContentOffset(offset)
        _stripMotion = .none
        motionTarget = nil
        _lastTime = time
    }

    /// Stops the strip's animation or fling where it is shown at `time`
    /// (a drag to reorder takes the strip over).
    /// - Throws: a bad time; nothing changes.
    package func stopStripMotion(at time: Double) throws(TabStripError) {
        try enter("stopStripMotion(at:)")
        defer { leave() }
        try validate(time: time)
        switch _stripMotion {
        case .animating, .flinging:
            try advanceStripMotion(to: time)
            _stripMotion = .none
            motionTarget = nil
        case .dragging:
            _stripMotion = .none
        case .none:
            break
        }
        _lastTime = time
    }
}

extension PagerSync {
    /// Changes the pages' width (a rotation) at `time`: the pager keeps its
    /// page, a drag its translation, a settle its timing.
    /// - Throws: `TabStripError/invalidValue(name:value:)` (name
    ///   `"pageWidth"`); a bad time; nothing changes.
    /// - Complexity: O(1).
    package func setPageWidth(_ width: Double, at time: Double) throws(TabStripError) {
        try enter("setPageWidth(_:at:)")
        defer { leave() }
        try validate(time: time)
        var pager = _pager
        try pager.setPageWidth(width)
        _pager = pager
        _pageOffset = _pager.offset(at: time)
        _lastTime = time
    }
}
