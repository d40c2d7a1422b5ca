/// The virtualiser over a strip whose titles come from a source: tabs are
/// measured before they get a cell, and the host follows the offset moves
/// that keep the screen still (see <doc:Measuring>).
extension TabStripVirtualizer {
    /// The strip's ``TabStrip/anchoringShift``, read in place: a motion
    /// that drives the offset adds its change since the motion began.
    /// - Complexity: O(1).
    @inlinable package var anchoringShift: Double { withStrip { $0.anchoringShift } }

    /// Whether estimated widths were corrected since the cells were last
    /// placed: the kept cells' frames may have moved.
    @inlinable
    var _widthsCorrected: Bool { withStrip { $0.correctionCount } != _seenCorrections }

    /// ``updateAfterScroll()`` after the scroll corrected estimated widths:
    /// every kept cell is placed again if its frame moved.
    @usableFromInline @inline(never)
    func _updateAfterCorrections() {
        update(relayout: true)
    }

    /// Records that the cells are placed for the current widths, and tells
    /// the host the offset in effect when corrections moved it since the
    /// last report (the host sets its scroll view without a feedback loop).
    /// (The anchoring shift changes only with a correction, so a strip
    /// without new corrections costs one comparison.)
    @inlinable
    func _noteCorrections() {
        if _widthsCorrected { _reportCorrections() }
    }

    /// ``_noteCorrections()`` once corrections happened.
    @usableFromInline @inline(never)
    func _reportCorrections() {
        let (count, shift, offset) = withStrip { ($0.correctionCount, $0.anchoringShift, $0.contentOffset) }
        _seenCorrections = count
        guard shift != _reportedShift else { return }
        _reportedShift = shift
        _host?.contentOffsetDidChange(to: offset)
    }

    /// Measures up to `limit` tabs whose widths are estimates (see
    /// ``TabStrip/measurePendingTabs(limit:)``), for a host's idle time;
    /// visible cells move only if their frames changed, and the host hears
    /// of any offset move through ``TabStripHost/contentOffsetDidChange(to:)``.
    /// - Returns: How many tabs were measured (0 once all are).
    /// - Throws: ``TabStripError/reentrantCall(operation:)`` from inside a
    ///   host callback; as ``TabStrip/measurePendingTabs(limit:)``; nothing
    ///   changes.
    /// - Complexity: that of the strip's call plus O(v).
    @discardableResult
    @usableFromInline package func measurePendingTabs(limit: Int) throws(TabStripError) -> Int {
        try _enter("measurePendingTabs(limit:)")
        defer { _leave() }
        let measured = try _strip.measurePendingTabs(limit: limit)
        if measured > 0 { update(relayout: true) }
        return measured
    }

    /// Measures tabs whose widths are estimates until `deadline` (see
    /// ``TabStrip/measurePendingTabs(until:limit:)``), for the idle time
    /// left in a frame; visible cells move only if their frames changed,
    /// and the host hears of any offset move through
    /// ``TabStripHost/contentOffsetDidChange(to:)``.
    /// - Returns: How many tabs were measured.
    /// - Throws: ``TabStripError/reentrantCall(operation:)`` from inside a
    ///   host callback; as ``TabStrip/measurePendingTabs(until:limit:)``;
    ///   nothing changes.
    /// - Complexity: that of the strip's call plus O(v).
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @discardableResult
    @usableFromInline package func measurePendingTabs(until deadline: ContinuousClock.Instant, limit: Int = .max)
        throws(TabStripError)
        -> Int
    {
        try _enter("measurePendingTabs(until:limit:)")
        defer { _leave() }
        let measured = try _strip.measurePendingTabs(until: deadline, limit: limit)
        if measured > 0 { update(relayout: true) }
        return measured
    }

    /// Applies measurements made off the main thread (see
    /// ``TabStrip/tabsToMeasure(limit:)`` and
    /// ``TabStrip/applyMeasurements(_:)``); visible cells move only if
    /// their frames changed, and the host hears of any offset move through
    /// ``TabStripHost/contentOffsetDidChange(to:)``.
    ///
    /// ```swift
    /// let batch = try virtualizer.strip.tabsToMeasure(limit: 4_096)
    /// let measurements = await Task.detached { batch.measure() }.value
    /// try virtualizer.applyMeasurements(measurements)
    /// ```
    /// - Returns: How many tabs got their measured width.
    /// - Throws: ``TabStripError/reentrantCall(operation:)`` from inside a
    ///   host callback; as ``TabStrip/applyMeasurements(_:)``; nothing
    ///   changes.
    /// - Complexity: that of the strip's call plus O(v).
    @discardableResult
    @usableFromInline package func applyMeasurements(_ measurements: TabMeasurements) throws(TabStripError) -> Int {
        try _enter("applyMeasurements(_:)")
        defer { _leave() }
        let applied = try _strip.applyMeasurements(measurements)
        if applied > 0 { update(relayout: true) }
        return applied
    }
}
