import TabStripCore

extension Pager {
    /// Throws unless `time` is finite, within `TabStripLimits/maximumTime`
    /// and not earlier than the last event.
    func validateEventTime(_ time: Double) throws(TabStripError) {
        guard time.magnitude <= TabStripLimits.maximumTime else { throw TabStripError.timeError(time) }
        if let lastEventTime, time < lastEventTime {
            throw TabStripError.timeError(time, lastTime: lastEventTime)
        }
    }

    /// The phase in effect at `time`: a settle that has completed by then
    /// counts as idle.
    func phase(at time: Double) -> Phase {
        if case .settling(let animation) = phase, animation.isFinished(at: time) {
            return .idle
        }
        return phase
    }

    /// Starts a drag at `time` from the current page.
    ///
    /// - Returns: ``PagerResponse/accepted``;
    ///   ``PagerResponse/refusedWhileSettling(until:)`` while a settle runs
    ///   (a video feed disables gestures until it completes);
    ///   ``PagerResponse/dragInProgress`` if a drag is already in progress.
    ///   A refusal changes nothing.
    /// - Throws: `TabStripError/invalidValue(name:value:)` (name `"time"`)
    ///   for a NaN or infinite time,
    ///   `TabStripError/lengthExceedsLimit(name:value:limit:)` for one
    ///   beyond `TabStripLimits/maximumTime`,
    ///   `TabStripError/timeBeforeLastEvent(time:lastTime:)` for one
    ///   earlier than the last event.
    /// - Complexity: O(1).
    @discardableResult
    @usableFromInline package mutating func beginDrag(at time: Double) throws(TabStripError) -> PagerResponse {
        try validateEventTime(time)
        switch phase(at: time) {
        case .settling(let animation):
            return .refusedWhileSettling(until: animation.endTime)
        case .dragging:
            return .dragInProgress
        case .idle:
            phase = .dragging(startOffset: offset(ofPage: currentPage), translation: 0)
            lastEventTime = time
            _checkInvariants()
            return .accepted
        }
    }

    /// Moves the drag: the finger is now `translation` points from where it
    /// started (negative towards later pages).
    ///
    /// - Returns: ``PagerResponse/accepted``, or
    ///   ``PagerResponse/noDragInProgress`` (nothing changes).
    /// - Throws: `TabStripError/invalidValue(name:value:)` named
    ///   `"translation"` for a NaN or infinite translation, `"time"` as for
    ///   ``beginDrag(at:)``.
    /// - Complexity: O(1).
    @discardableResult
    @usableFromInline package mutating func moveDrag(translation: Double, at time: Double) throws(TabStripError)
        -> PagerResponse
    {
        try TabStripError.requireFinite(translation, "translation")
        try validateEventTime(time)
        guard case .dragging(let startOffset, _) = phase else { return .noDragInProgress }
        phase = .dragging(startOffset: startOffset, translation: translation)
        lastEventTime = time
        _checkInvariants()
        return .accepted
    }

    /// Ends the drag: picks the page with ``rule`` and starts the settle to
    /// it at `time`.
    ///
    /// - Parameters:
    ///   - translation: the finger's final translation (negative towards
    ///     later pages).
    ///   - velocityPerMillisecond: the finger's velocity in points per
    ///     **millisecond**, same sign convention (the swipe rule compares its
    ///     magnitude with 0.4).
    ///   - time: the release time, in seconds.
    /// - Returns: ``PagerResponse/accepted``, or
    ///   ``PagerResponse/noDragInProgress`` (nothing changes).
    /// - Throws: `TabStripError/invalidValue(name:value:)` named
    ///   `"translation"` or `"velocity"` for a NaN or infinite value,
    ///   `"time"` as for ``beginDrag(at:)``.
    /// - Complexity: O(1).
    @discardableResult
    @usableFromInline package mutating func endDrag(
        translation: Double, velocityPerMillisecond: Double, at time: Double
    )
        throws(TabStripError) -> PagerResponse
    {
        try TabStripError.requireFinite(translation, "translation")
        try TabStripError.requireFinite(velocityPerMillisecond, "velocity")
        try validateEventTime(time)
        guard case .dragging(let startOffset, _) = phase else { return .noDragInProgress }
        let releaseOffset = clampedOffset(startOffset - translation)
        let target = rule.targetPage(
            currentPage: currentPage, pageCount: pageCount, pageWidth: pageWidth,
            releaseOffset: releaseOffset, translation: translation,
            velocityPerMillisecond: velocityPerMillisecond)
        let settle = try TimedAnimation(
            from: releaseOffset, to: offset(ofPage: target), startTime: time,
            duration: settleDuration, curve: settleCurve)
        phase = .settling(settle)
        currentPage = target
        lastEventTime = time
        _checkInvariants()
        return .accepted
    }

    /// ``endDrag(translation:velocityPerMillisecond:at:)`` with the velocity
    /// in points per **second** (a pan recognizer's `velocity(in:)`),
    /// divided by 1000 before the rule sees it.
    /// - Throws: as ``endDrag(translation:velocityPerMillisecond:at:)``; a
    ///   bad velocity is reported in points per second as given.
    /// - Complexity: O(1).
    @discardableResult
    @usableFromInline package mutating func endDrag(translation: Double, velocityPerSecond: Double, at time: Double)
        throws(TabStripError) -> PagerResponse
    {
        try TabStripError.requireFinite(velocityPerSecond, "velocity")
        return try endDrag(translation: translation, velocityPerMillisecond: velocityPerSecond / 1000, at: time)
    }

    /// Cancels the drag (the system took the gesture): settles back onto the
    /// current page from where the drag left the content.
    ///
    /// - Returns: ``PagerResponse/accepted``, or
    ///   ``PagerResponse/noDragInProgress`` (nothing changes).
    /// - Throws: `TabStripError/invalidValue(name:value:)` (name `"time"`)
    ///   as for ``beginDrag(at:)``.
    /// - Complexity: O(1).
    @discardableResult
    @usableFromInline package mutating func cancelDrag(at time: Double) throws(TabStripError) -> PagerResponse {
        try validateEventTime(time)
        guard case .dragging(let startOffset, let translation) = phase else { return .noDragInProgress }
        let settle = try TimedAnimation(
            from: clampedOffset(startOffset - translation), to: offset(ofPage: currentPage), startTime: time,
            duration: settleDuration, curve: settleCurve)
        phase = .settling(settle)
        lastEventTime = time
        _checkInvariants()
        return .accepted
    }

    /// Moves to `page` programmatically (a tab was tapped).
    ///
    /// Not a gesture: it is accepted while settling, and then starts from the
    /// offset shown at `time`, so the content never jumps. Animated, it
    /// settles over ``settleDuration`` with ``settleCurve``; otherwise it
    /// lands at once.
    ///
    /// - Returns: ``PagerResponse/accepted``, or
    ///   ``PagerResponse/dragInProgress`` while the user drags (nothing
    ///   changes).
    /// - Throws: `TabStripError/indexOutOfRange(index:count:)` for a page
    ///   outside `0..<pageCount`; `TabStripError/invalidValue(name:value:)`
    ///   (name `"time"`) as for ``beginDrag(at:)``.
    /// - Complexity: O(1).
    @discardableResult
    @usableFromInline package mutating func selectPage(_ page: Int, animated: Bool = true, at time: Double)
        throws(TabStripError)
        -> PagerResponse
    {
        try TabStripError.requireIndex(page, in: pageCount)
        try validateEventTime(time)
        if case .dragging = phase { return .dragInProgress }
        if animated, settleDuration > 0 {
            let settle = try TimedAnimation(
                from: offset(at: time), to: offset(ofPage: page), startTime: time,
                duration: settleDuration, curve: settleCurve)
            phase = .settling(settle)
        } else {
            phase = .idle
        }
        currentPage = page
        lastEventTime = time
        _checkInvariants()
        return .accepted
    }
}
