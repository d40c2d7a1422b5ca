/// Finishing the measuring in the background: within a deadline, or on
/// another thread with the results applied on the owner (see
/// <doc:Measuring>).
extension TabStrip {
    /// Measures tabs whose width is still an estimate until `deadline`
    /// passes or `limit` tabs are measured, for a host's idle time (the
    /// rest of a frame), and returns how many it measured (0 once every
    /// tab is measured, or when the deadline has passed).
    ///
    /// The clock is read before each round of 64 tabs, so the call
    /// overruns the deadline by at most one round's measuring. Tabs are
    /// taken in the order of ``measurePendingTabs(limit:)``, and the tabs
    /// on screen keep their place.
    ///
    /// ```swift
    /// // In the run loop's idle time, until 4 ms before the next frame:
    /// try strip.measurePendingTabs(until: .now + .milliseconds(12))
    /// ```
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` (name
    ///   `"limit"`) for a negative limit;
    ///   ``TabStripError/titleUnavailable(index:)`` or
    ///   ``TabStripError/invalidWidth(index:value:)`` for a tab that cannot
    ///   be measured. Nothing changes (tabs measured earlier in the same
    ///   call keep their estimates too).
    /// - Complexity: as ``measurePendingTabs(limit:)`` for the k tabs
    ///   measured, plus one clock reading per 64 tabs.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @discardableResult
    public mutating func measurePendingTabs(
        until deadline: ContinuousClock.Instant, limit: Int = .max
    ) throws(TabStripError) -> Int {
        defer { _checkAfterMutation() }
        return try measuringPending(limit: limit) { strip, anchor, log throws(TabStripError) in
            var measured = 0
            while measured < limit, strip.unmeasured.count != 0, ContinuousClock.now < deadline {
                let round = Swift.min(limit - measured, Self.deadlineRound)
                let count = try strip.measurePending(limit: round, anchor: anchor, log: &log)
                guard count > 0 else { break }
                measured += count
            }
            return measured
        }
    }

    /// The tabs ``measurePendingTabs(until:limit:)`` measures between two
    /// readings of the clock.
    static var deadlineRound: Int { 64 }

    /// Takes up to `limit` tabs whose width is still an estimate, with
    /// their titles, to be measured off the owner's thread; the strip does
    /// not change.
    ///
    /// The tabs come in the order ``measurePendingTabs(limit:)`` measures
    /// them (from the viewport towards the end, then from the start).
    /// Measure the batch anywhere with ``TabsToMeasure/measure()``, then
    /// apply the result with ``applyMeasurements(_:)``; the strip may be
    /// scrolled and edited in between. The batch is empty once every tab is
    /// measured, and on a strip whose sizing measures no title.
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` (name
    ///   `"limit"`) for a negative limit;
    ///   ``TabStripError/titleUnavailable(index:)`` naming a tab the source
    ///   cannot give.
    /// - Complexity: O(k + n / 64) plus k titles read from the source, for
    ///   k tabs taken.
    public func tabsToMeasure(limit: Int) throws(TabStripError) -> TabsToMeasure {
        guard limit >= 0 else { throw .invalidValue(name: "limit", value: Double(limit)) }
        var positions: [Int] = []
        var batchTitles: [String] = []
        let wanted = Swift.min(limit, unmeasured.count)
        if wanted > 0, sizing.measuresTitles {
            let from = shownAnchorSearchStart()
            try gatherEstimatedTabs(from..<tabCount, limit: wanted, into: &positions, titles: &batchTitles)
            try gatherEstimatedTabs(0..<from, limit: wanted, into: &positions, titles: &batchTitles)
        }
        return TabsToMeasure(
            tabs: positions, titles: batchTitles, measurer: sizing.measurer, session: unmeasured.session)
    }

    /// Applies measurements made off the owner's thread (see
    /// ``tabsToMeasure(limit:)``), and returns how many tabs got their
    /// measured width.
    ///
    /// A tab is skipped when it was measured meanwhile, is no longer in
    /// the strip, or has another title now (the source is read again, so
    /// an insert, remove, move or reload since the batch was taken can
    /// apply no stale width); the whole batch is skipped when it came from
    /// another strip or from before a new ``sizing``. The rest is applied
    /// in batches of neighbouring tabs, and the tabs on screen keep their
    /// place (the content offset moves by the correction before them; see
    /// ``anchoringShift``).
    /// - Throws: ``TabStripError/invalidWidth(index:value:)`` naming the
    ///   first tab whose measured width is not a finite width `>= 0`, or
    ///   ``TabStripError/lengthExceedsLimit(name:value:limit:)`` for
    ///   content past its bound. Nothing changes.
    /// - Complexity: O(k) titles read from the source plus O((k / 512 + 1)
    ///   (B + m / G + n / 64)) for k tabs applied.
    @discardableResult
    public mutating func applyMeasurements(_ measurements: TabMeasurements) throws(TabStripError) -> Int {
        defer { _checkAfterMutation() }
        guard measurements.session == unmeasured.session, unmeasured.count != 0, sizing.measuresTitles else {
            return 0
        }
        let anchor = Self.shownAnchor(geometry, unmeasured)
        let savedOffset = geometry.contentOffset
        let savedShift = anchoringShift
        var log = CorrectionLog()
        var applied = 0
        var positions: [Int] = []
        var widths: [Double] = []
        let tabs = measurements.tabs
        var k = 0
        do {
            while k < tabs.count {
                // One batch: ascending tabs within ``pendingRun`` of the first.
                positions.removeAll(keepingCapacity: true)
                widths.removeAll(keepingCapacity: true)
                while k < tabs.count {
                    let index = tabs[k]
                    if let first = positions.first,
                        index <= positions[positions.count - 1] || index - first >= Self.pendingRun
                    {
                        break
                    }
                    if index >= 0, index < tabCount, unmeasured.contains(index),
                        titles.title(ofTab: index) == measurements.titles[k]
                    {
                        positions.append(index)
                        widths.append(measurements.titleWidths[k])
                    }
                    k += 1
                }
                if !positions.isEmpty {
                    applied += try applyBatch(positions, titleWidths: widths, anchor: anchor, log: &log)
                }
            }
        } catch {
            revert(log, offset: savedOffset, shift: savedShift)
            throw error
        }
        return applied
    }
}
