/// Titles from a source, estimated widths, and measuring as tabs come into
/// view (see <doc:Measuring>).
extension TabStrip {
    /// Creates a strip of the tabs of `source`, whose titles and IDs come
    /// from it, measured only as they are needed.
    ///
    /// Building reads no title with a constant estimate: every tab starts
    /// at its ``TabWidthEstimate``, then the tabs in view and the selected
    /// tab are measured with `sizing` (one batch). From then on, every call
    /// that brings tabs into view (a scroll, a selection, a pager drag, a
    /// viewport change, an edit) measures them first, and keeps every tab
    /// already on screen exactly where it was by moving the content offset
    /// by the correction of the tabs before it (see ``anchoringShift``).
    /// ``measurePendingTabs(limit:)`` measures the rest when the host is
    /// idle; once every tab is measured, the strip is identical to one built
    /// from the same titles.
    ///
    /// ```swift
    /// var strip = try TabStrip(
    ///     source: channels,                       // any TabSource: 1,000,000 tabs
    ///     sizing: .measured(by: fontMeasurer),
    ///     estimate: .width(96),
    ///     viewport: Viewport(width: 390, height: 44)
    /// )
    /// strip.unmeasuredTabCount                    // 999,994: only those in view were measured
    /// ```
    ///
    /// The strip keeps no title and no ID of its own: edits that add or
    /// rename tabs keep those beside the source, and a new source is
    /// applied by ID (``changes(toSource:)``).
    ///
    /// With ``TabSizing/fixed(width:badgeStyle:)`` or
    /// ``TabSizing/equalDivision(spacing:minimum:badgeStyle:)`` no title is
    /// ever measured and the estimate is unused.
    ///
    /// - Parameters:
    ///   - source: Gives the tabs' IDs and titles; asked only for indices
    ///     in `0..<source.tabCount`.
    ///   - sizing: How a measured tab's width is decided.
    ///   - estimate: The width of a tab until it is measured.
    ///   - layout: Insets, spacing, direction, alignment and overscan.
    ///   - viewport: The visible window.
    ///   - selectedIndex: The initially selected tab (ignored when there are
    ///     no tabs); measured when the strip is built.
    ///   - titleStyle: Title colours and scales.
    ///   - indicatorStyle: The indicator's shape.
    ///   - revealMargin: The margin kept around a revealed tab, `>= 0`.
    /// - Throws: as ``init(titles:sizing:layout:viewport:selectedIndex:titleStyle:indicatorStyle:revealMargin:)``;
    ///   ``TabStripError/invalidValue(name:value:)`` (name `"estimate"`) for
    ///   a constant estimate that is not a valid width, (name `"tabCount"`)
    ///   for a source with a negative count;
    ///   ``TabStripError/countExceedsLimit(name:value:limit:)`` past the tab
    ///   bound; ``TabStripError/titleUnavailable(index:)`` when the source
    ///   has no title for a tab in view.
    /// - Complexity: O(n / B) with a constant estimate (a per-title
    ///   estimate measures every title with its measurer), plus the
    ///   measurement of the v tabs in view.
    public init<Source: TabSource>(
        source: Source,
        sizing: TabSizing = .measured(),
        estimate: TabWidthEstimate,
        layout: TabStripLayout = TabStripLayout(),
        viewport: Viewport,
        selectedIndex: Int = 0,
        titleStyle: TitleStyle = .douyin,
        indicatorStyle: IndicatorStyle = .douyin,
        revealMargin: Double = 30
    ) throws(TabStripError) {
        let tabCount = source.tabCount
        try layout.validate()
        try viewport.validate()
        try TabStripError.requireLength(revealMargin, "revealMargin")
        guard tabCount >= 0 else { throw .invalidValue(name: "tabCount", value: Double(tabCount)) }
        try TabStripError.requireCount(tabCount, atMost: TabStripLimits.maximumCount, "tabCount")
        if tabCount > 0 { try TabStripError.requireIndex(selectedIndex, in: tabCount) }
        try sizing.validate()
        try estimate.validate()
        let titles = TabTitles(source: source)
        let geometry = try Self.estimatedGeometry(
            titles: titles, sizing: sizing, estimate: estimate, layout: layout, viewport: viewport)
        self.titles = titles
        self.badges = SparseBadges()
        self.sizing = sizing
        self.geometry = geometry
        self.selectedIndex = tabCount == 0 ? nil : selectedIndex
        self.transition = nil
        self.titleStyle = titleStyle
        self.indicatorStyle = indicatorStyle
        self.revealMargin = revealMargin
        self.editGeneration = Self.newGeneration(after: 0)
        self.unmeasured = sizing.measuresTitles ? UnmeasuredTabs(allOf: tabCount) : UnmeasuredTabs()
        self.estimate = estimate
        self.anchoringShift = 0
        self.correctionCount = 0
        self.resizeGeneration = Self.newGeneration(after: 0)
        self.measuredWindow = nil
        self.ids = TabIDColumn(source: source)
        var log = CorrectionLog()
        try measureShownTabs(anchor: nil, log: &log)
        _checkAfterMutation()
    }

    /// The geometry of a strip whose every tab has its estimate (or, under
    /// a rule that measures nothing, its width).
    /// - Complexity: O(n / B) with a constant estimate; O(n) otherwise.
    static func estimatedGeometry(
        titles: TabTitles, sizing: TabSizing, estimate: TabWidthEstimate, layout: TabStripLayout,
        viewport: Viewport
    ) throws(TabStripError) -> TabStripGeometry {
        let tabCount = titles.count
        let effective = sizing.adopting(spacing: layout.spacing)
        if sizing.measuresTitles, case .width(let width) = estimate {
            // Every tab at one width: blocks that share storage, O(n / B).
            return try TabStripGeometry(repeating: width, count: tabCount, layout: layout, viewport: viewport)
        }
        let widths =
            sizing.measuresTitles
            ? try Self.estimatedWidths(
                of: titles, in: 0..<tabCount, estimate: estimate, sizing: effective, badges: SparseBadges())
            : try effective.widths(
                ofTitles: repeatElement("", count: tabCount),
                availableWidth: Self.availableWidth(viewport: viewport, layout: layout))
        return try TabStripGeometry(widths: widths, layout: layout, viewport: viewport)
    }

    /// The number of tabs whose width is still an estimate.
    /// - Complexity: O(1).
    @inlinable public var unmeasuredTabCount: Int { unmeasured.count }

    /// Whether tab `index` has its measured width (every tab of a strip
    /// built from titles has).
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)``.
    /// - Complexity: O(1).
    public func isMeasured(tab index: Int) throws(TabStripError) -> Bool {
        try TabStripError.requireIndex(index, in: tabCount)
        return !unmeasured.contains(index)
    }

    /// Measures up to `limit` tabs whose width is still an estimate, as the
    /// host's idle time allows, and returns how many it measured (0 once
    /// every tab is measured).
    ///
    /// Tabs are measured in runs of at most 512, from the viewport towards
    /// the end, then from the start; each run is applied as one batch, and
    /// the tabs on screen keep their place (the content offset moves by the
    /// correction before them; see ``anchoringShift``).
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` (name
    ///   `"limit"`) for a negative limit;
    ///   ``TabStripError/titleUnavailable(index:)`` or
    ///   ``TabStripError/invalidWidth(index:value:)`` for a tab that cannot
    ///   be measured. Nothing changes (tabs measured before the failing
    ///   one in the same call keep their estimates too).
    /// - Complexity: O(k) measurements plus O((k / 512 + 1)(B + m / G +
    ///   n / 64)) for k tabs measured.
    @discardableResult
    public mutating func measurePendingTabs(limit: Int) throws(TabStripError) -> Int {
        defer { _checkAfterMutation() }
        return try measuringPending(limit: limit) { strip, anchor, log throws(TabStripError) in
            try strip.measurePending(limit: limit, anchor: anchor, log: &log)
        }
    }

    /// Checks `limit`, then runs `measure` with the tab that keeps its place
    /// on screen and a log of the corrections, all of which are reverted
    /// if it throws. Returns what `measure` returns (0, without calling it,
    /// when nothing is pending or `limit` is 0).
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` (name
    ///   `"limit"`) for a negative limit; what `measure` throws.
    mutating func measuringPending(
        limit: Int, _ measure: (inout TabStrip, _ anchor: Int?, inout CorrectionLog) throws(TabStripError) -> Int
    ) throws(TabStripError) -> Int {
        guard limit >= 0 else { throw .invalidValue(name: "limit", value: Double(limit)) }
        guard unmeasured.count != 0, limit > 0 else { return 0 }
        let anchor = Self.shownAnchor(geometry, unmeasured)
        let savedOffset = geometry.contentOffset
        let savedShift = anchoringShift
        var log = CorrectionLog()
        let pending = unmeasured.count
        do {
            _ = try measure(&self, anchor, &log)
            // Where no tab could be anchored (none in the viewport), the
            // corrections may have brought estimated tabs into view: they
            // are measured too, and counted.
            try measureShownTabs(anchor: anchor, log: &log)
            return pending - unmeasured.count
        } catch {
            revert(log, offset: savedOffset, shift: savedShift)
            throw error
        }
    }

    /// Measures up to `limit` estimated tabs, from the viewport towards the
    /// end, then from the start, in batches of at most ``pendingRun``, with
    /// `anchor` kept in place. Returns how many it measured.
    /// - Throws: as ``measureBatch(_:limit:anchor:log:)``; the batches
    ///   applied so far are in `log` for the caller to revert.
    mutating func measurePending(limit: Int, anchor: Int?, log: inout CorrectionLog) throws(TabStripError) -> Int {
        var measured = 0
        while measured < limit, unmeasured.count != 0 {
            let from = shownAnchorSearchStart()
            guard let first = unmeasured.first(in: from..<tabCount) ?? unmeasured.first(in: 0..<tabCount) else {
                break
            }
            let run = first..<Swift.min(tabCount, first + Self.pendingRun)
            measured += try measureBatch(run, limit: limit - measured, anchor: anchor, log: &log)
        }
        return measured
    }

    /// The most tabs ``measurePendingTabs(limit:)`` measures in one batch.
    static var pendingRun: Int { 512 }

    /// Where the background measuring looks first: the first tab in view.
    func shownAnchorSearchStart() -> Int {
        let inView = geometry.anchorCandidates(uncheckedOffset: geometry.contentOffset)
        return inView.isEmpty ? 0 : inView.lowerBound
    }

}

// MARK: - The measuring step

extension TabStrip {
    /// What a failing call undoes: every batch of corrections it applied,
    /// in order (the first tab of the run, its widths before, and the tabs
    /// that were measured).
    struct CorrectionLog {
        /// One applied batch.
        struct Batch {
            /// The first tab of the batch's run.
            var first: Int
            /// The widths of the run's tabs before the batch.
            var widths: [Double]
            /// The tabs the batch measured; `nil` when it measured every
            /// tab of the run.
            var measured: [Int]?
        }
        /// The first batch, kept inline (most calls apply one), and the
        /// batches after it.
        var first: Batch?
        var rest: [Batch] = []
        /// The strip's ``correctionCount`` before the first batch.
        var countBefore: Int?

        /// Logs `batch`.
        mutating func append(_ batch: Batch) {
            if first == nil { first = batch } else { rest.append(batch) }
        }

        /// The batches, last first.
        var lastFirst: [Batch] { rest.reversed() + (first.map { [$0] } ?? []) }
    }

    /// Undoes the batches of `log` (last first) and puts the offset and
    /// the anchoring shift back.
    mutating func revert(_ log: CorrectionLog, offset: Double, shift: Double) {
        for batch in log.lastFirst {
            // The widths were the strip's before: within every bound.
            geometry.setWidthsUnchecked(batch.widths, from: batch.first)
            if let measured = batch.measured {
                for i in measured { unmeasured.markUnmeasured(i..<(i + 1), tabCount: tabCount) }
            } else {
                unmeasured.markUnmeasured(batch.first..<(batch.first + batch.widths.count), tabCount: tabCount)
            }
        }
        geometry.contentOffset = offset
        anchoringShift = shift
        if let count = log.countBefore { correctionCount = count }
        measuredWindow = nil
    }

    /// The tab whose place on screen corrections keep: the first tab inside
    /// the viewport (no overscan) that is already measured, or else the
    /// first tab inside it; `nil` when none is.
    /// Static, from the parts it reads: a mutating method that called an
    /// instance method here would copy the whole strip first (every
    /// reference in it retained and released).
    /// - Complexity: O(log n + v / 64).
    static func shownAnchor(_ geometry: TabStripGeometry, _ unmeasured: UnmeasuredTabs) -> Int? {
        let inView = geometry.anchorCandidates(uncheckedOffset: geometry.contentOffset)
        guard !inView.isEmpty else { return nil }
        var i = inView.lowerBound
        while i < inView.upperBound {
            if !unmeasured.contains(i) { return i }
            i += 1
        }
        return inView.lowerBound
    }

    /// Moves the content offset so that tab `anchor` is at `x` on screen
    /// again, and adds the move to ``anchoringShift``.
    mutating func keep(_ anchor: Int, atScreenX x: Double) {
        let shift = geometry.screenX(ofTab: anchor) - x
        guard shift != 0 else { return }
        geometry.contentOffset += shift
        anchoringShift += shift
    }

    /// Measures the tabs that are shown and still estimated, until none
    /// is: those the viewport and its overscan cover at the current
    /// offset, the pinned tabs, the selected tab and a transition's target. Each round is
    /// one batch per run; `anchor` (or the ``shownAnchor(_:_:)`` found first)
    /// keeps its place on screen. Returns whether any tab was measured.
    /// - Throws: as ``measureBatch(_:limit:anchor:log:)``; the batches
    ///   applied so far are in `log` for the caller to revert.
    @discardableResult
    mutating func measureShownTabs(anchor fixed: Int?, log: inout CorrectionLog) throws(TabStripError) -> Bool {
        var shown: Range<Int>?
        return try measureShownTabs(anchor: fixed, log: &log, shown: &shown)
    }

    /// ``measureShownTabs(anchor:log:)``, setting `shown` to the tabs in
    /// view (with the overscan) when its last round found every one of
    /// them measured; left as it was when no round ran (no tab is
    /// estimated).
    @discardableResult
    mutating func measureShownTabs(anchor fixed: Int?, log: inout CorrectionLog, shown: inout Range<Int>?)
        throws(TabStripError) -> Bool
    {
        guard unmeasured.count != 0 else { return false }
        let anchor: Int?
        if let fixed { anchor = fixed } else { anchor = Self.shownAnchor(geometry, unmeasured) }
        var measuredAny = false
        while unmeasured.count != 0 {
            let inView = geometry.visibleTabs
            var measured = try measureBatch(inView, limit: .max, anchor: anchor, log: &log)
            if measured == 0 { shown = inView }
            // The selected tab and a transition's target are measured
            // ahead: out of view, a tab that cannot be measured keeps its
            // estimate (in view, the batch above needed it).
            // (Only when estimated: most rounds find them measured, and
            // the call is not free.)
            if let selected = selectedIndex, unmeasured.contains(selected) {
                measured += measureAhead(selected..<(selected + 1), limit: 1, anchor: anchor, log: &log)
            }
            if let target = transition?.to, unmeasured.contains(target) {
                measured += measureAhead(target..<(target + 1), limit: 1, anchor: anchor, log: &log)
            }
            if geometry._hasPinnedTabs {
                // Pinned tabs are always shown.
                let pinned = geometry.pinnedTabRanges
                measured += try measureBatch(pinned.leading, limit: .max, anchor: anchor, log: &log)
                measured += try measureBatch(pinned.trailing, limit: .max, anchor: anchor, log: &log)
            }
            guard measured > 0 else { break }
            measuredAny = true
        }
        return measuredAny
    }

    /// Measures the estimated tabs of `range`, at most `limit` of them from
    /// its start, as one batch: their titles from the source, measured
    /// with the sizing's measurer in one call, checked, then written to the
    /// width index together (each block touched recomputed once), and tab
    /// `anchor` put back at its place on screen. Returns how many tabs were
    /// measured.
    ///
    /// When the tabs to measure are a run (a scroll's tabs ahead, the
    /// background's), the titles are measured in place in the source's
    /// storage if it lends it (``TabSource/withContiguousTitles(ofTabs:_:)``).
    /// - Throws: ``TabStripError/titleUnavailable(index:)`` or
    ///   ``TabStripError/invalidWidth(index:value:)`` naming the first tab
    ///   that cannot be measured, or
    ///   ``TabStripError/lengthExceedsLimit(name:value:limit:)`` for content
    ///   past its bound; this batch is not applied.
    /// - Complexity: k measurements plus O(r + t(B + G + m / G)) for a run
    ///   of r tabs over t blocks.
    mutating func measureBatch(
        _ range: Range<Int>, limit: Int, anchor: Int?, log: inout CorrectionLog
    ) throws(TabStripError) -> Int {
        guard unmeasured.count != 0, limit > 0, let first = unmeasured.first(in: range) else { return 0 }
        let bound = first + Swift.min(limit, range.upperBound - first)
        let end = unmeasured.firstMeasured(in: first..<bound) ?? bound
        if end == bound || unmeasured.first(in: end..<range.upperBound) == nil {
            return try measureRun(first..<end, anchor: anchor, log: &log)
        }
        var positions: [Int] = []
        var batchTitles: [String] = []
        try gatherEstimatedTabs(first..<range.upperBound, limit: limit, into: &positions, titles: &batchTitles)
        // NaN until written: a measurer that skips one is refused.
        var measurements = [Double](repeating: .nan, count: batchTitles.count)
        batchTitles.withUnsafeBufferPointer { titles in
            measurements.withUnsafeMutableBufferPointer { sizing.measurer.measureWidths(of: titles, into: $0) }
        }
        return try applyBatch(positions, titleWidths: measurements, anchor: anchor, log: &log)
    }

    /// Measures the estimated tabs of `range` that can be measured, as
    /// ``measureBatch(_:limit:anchor:log:)`` does, for tabs no call needs
    /// yet (those ahead of a scroll, the selected tab out of view): a tab
    /// whose title is unavailable or whose width is refused keeps its
    /// estimate, and the tabs around it are measured; nothing is thrown.
    /// Returns how many tabs were measured.
    ///
    /// A failing tab is found by the error of its batch, so a source that
    /// fails many tabs (or answers differently from one call to the next)
    /// costs a batch per failure: after a few, the rest of `range` keeps its
    /// estimates until a call needs them.
    /// - Complexity: as ``measureBatch(_:limit:anchor:log:)``, once per
    ///   failing tab, for at most 4 of them.
    mutating func measureAhead(_ range: Range<Int>, limit: Int, anchor: Int?, log: inout CorrectionLog) -> Int {
        var measured = 0
        var rest = range
        var failures = 0
        while !rest.isEmpty, measured < limit {
            do {
                return try measured + measureBatch(rest, limit: limit - measured, anchor: anchor, log: &log)
            } catch {
                failures += 1
                guard failures <= 4, let failing = error.tab, rest.contains(failing) else { return measured }
                // The tabs before the failing one, then on past it.
                if failing > rest.lowerBound, failures < 4 {
                    let before = rest.lowerBound..<failing
                    if let count = try? measureBatch(before, limit: limit - measured, anchor: anchor, log: &log) {
                        measured += count
                    }
                }
                rest = (failing + 1)..<rest.upperBound
            }
        }
        return measured
    }

    /// Measures the tabs of `run`, every one estimated, as one batch (see
    /// ``measureBatch(_:limit:anchor:log:)``). Returns `run.count`.
    /// - Throws: as ``measureBatch(_:limit:anchor:log:)``.
    /// - Complexity: r measurements plus O(r + t(B + G + m / G)) for r tabs
    ///   over t blocks.
    mutating func measureRun(_ run: Range<Int>, anchor: Int?, log: inout CorrectionLog) throws(TabStripError) -> Int {
        var failure: TabStripError?
        let titleWidths = [Double](unsafeUninitializedCapacity: run.count) { widths, initialized in
            do throws(TabStripError) {
                try measureTitles(ofRun: run, into: widths)
                initialized = run.count
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        try apply(
            decidedWidths(titleWidths, firstTab: run.lowerBound), replacing: geometry.widths(of: run),
            from: run.lowerBound, measured: nil, anchor: anchor, log: &log)
        return run.count
    }

    /// Measures the titles of the tabs of `run` with the sizing's measurer,
    /// in one call, into `widths` (as many): in place in the source's
    /// storage when it lends it, else read one at a time.
    /// - Throws: ``TabStripError/titleUnavailable(index:)`` naming the
    ///   first tab the source cannot give; `widths` is then not written.
    /// - Complexity: r measurements plus, when the titles are read one at a
    ///   time, r calls of the source.
    func measureTitles(ofRun run: Range<Int>, into widths: UnsafeMutableBufferPointer<Double>) throws(TabStripError) {
        let measurer = sizing.measurer
        // A measurer that leaves a width unwritten leaves NaN, which the
        // checks of every width refuse (never a stale or unwritten value).
        widths.initialize(repeating: .nan)
        // A run within one of the source's runs is measured in its storage
        // when it lends it.
        if titles.isFromSource, let sources = titles.rope.sourceRun(of: run) {
            let source: any TabSource = titles.source
            // The source's loan is checked before anything is measured: as
            // many titles as asked (a longer one would have the measurer
            // write past `widths`, a shorter one leave widths unwritten),
            // and a result only from a call of `body`.
            var lent: Int?
            let answered: Void? = source.withContiguousTitles(ofTabs: sources) { titles in
                lent = titles.count
                if titles.count == widths.count { measurer.measureWidths(of: titles, into: widths) }
            }
            if answered != nil {
                guard let lent, lent == run.count else { throw .wrongTitleCount(tabs: sources, lent: lent) }
                return
            }
        }
        let read = try Self.titles(ofRun: run, from: titles)
        read.withUnsafeBufferPointer { measurer.measureWidths(of: $0, into: widths) }
    }

    /// The tab widths of the tabs from `firstTab` on (every tab of a run)
    /// whose titles measured `titleWidths`, as the sizing decides them
    /// (with the eager build's plan when no tab has a badge, so that they
    /// are bit-identical to it).
    /// - Throws: ``TabStripError/invalidWidth(index:value:)`` naming the
    ///   first tab whose width is bad.
    /// - Complexity: O(k).
    func decidedWidths(_ titleWidths: [Double], firstTab: Int) throws(TabStripError) -> [Double] {
        if badges.count == 0, let plan = sizing.measuredWidthPlan {
            var failure: TabStripError?
            let widths = [Double](unsafeUninitializedCapacity: titleWidths.count) { widths, initialized in
                failure = titleWidths.withUnsafeBufferPointer { plan.finish($0, into: widths, firstTab: firstTab) }
                initialized = titleWidths.count
            }
            if let failure { throw failure }
            return widths
        }
        var widths = titleWidths
        for k in widths.indices {
            let index = firstTab + k
            widths[k] = try sizing.tabWidth(measuringTitle: widths[k], badge: badges[index], at: index)
        }
        return widths
    }

    /// Appends the estimated tabs of `range`, from its start, and their
    /// titles from the source, until `positions` holds `limit` tabs.
    /// - Throws: ``TabStripError/titleUnavailable(index:)`` naming a tab
    ///   the source cannot give.
    /// - Complexity: O(r / 64) plus k titles read.
    func gatherEstimatedTabs(
        _ range: Range<Int>, limit: Int, into positions: inout [Int], titles batchTitles: inout [String]
    ) throws(TabStripError) {
        let start = positions.count
        let room = Swift.min(limit - start, range.count)
        guard room > 0 else { return }
        let walked = [Int](unsafeUninitializedCapacity: room) { buffer, initialized in
            var k = 0
            unmeasured.forEach(in: range) { index in
                (buffer.baseAddress.unsafelyUnwrapped + k).initialize(to: index)
                k += 1
                return k < room
            }
            initialized = k
        }
        guard !walked.isEmpty else { return }
        if positions.isEmpty { positions = walked } else { positions.append(contentsOf: walked) }
        // The titles written in place.
        let gathered = try positions.withUnsafeBufferPointer { (positions) throws(TabStripError) -> [String] in
            try Self.titles(of: UnsafeBufferPointer(rebasing: positions[start...]), from: titles)
        }
        if batchTitles.isEmpty { batchTitles = gathered } else { batchTitles.append(contentsOf: gathered) }
    }

    /// The titles of tabs `tabs` (stored, or from the source), in order.
    /// - Throws: ``TabStripError/titleUnavailable(index:)`` naming the
    ///   first tab the source cannot give.
    /// - Complexity: k title reads.
    static func titles(of tabs: UnsafeBufferPointer<Int>, from titles: TabTitles) throws(TabStripError) -> [String] {
        var failure: TabStripError?
        let result = [String](unsafeUninitializedCapacity: tabs.count) { buffer, initialized in
            for k in tabs.indices {
                guard let title = titles.title(ofTab: tabs[k]) else {
                    failure = .titleUnavailable(index: tabs[k])
                    return
                }
                (buffer.baseAddress.unsafelyUnwrapped + k).initialize(to: title)
                initialized = k + 1
            }
        }
        if let failure { throw failure }
        return result
    }

    /// The titles of the tabs of `run` (stored, or from the source), in
    /// order, read piece by piece.
    /// - Throws: ``TabStripError/titleUnavailable(index:)`` naming the
    ///   first tab the source cannot give.
    /// - Complexity: k title reads.
    static func titles(ofRun run: Range<Int>, from titles: TabTitles) throws(TabStripError) -> [String] {
        var failure: TabStripError?
        let source: any TabSource = titles.source
        let result = [String](unsafeUninitializedCapacity: run.count) { buffer, initialized in
            var k = 0
            titles.rope.forEach(in: run) { slot in
                guard failure == nil else { return }
                let title: String?
                switch slot {
                case .stored(let stored): title = stored
                case .source(let s): title = source.title(ofTab: s)
                }
                guard let title else {
                    failure = .titleUnavailable(index: run.lowerBound + k)
                    return
                }
                (buffer.baseAddress.unsafelyUnwrapped + k).initialize(to: title)
                k += 1
                initialized = k
            }
        }
        if let failure { throw failure }
        return result
    }

    /// Applies the measured title widths of the estimated tabs `positions`
    /// (ascending, not empty) as one batch: each tab's width decided by the
    /// sizing, written to the width index together (each block touched
    /// recomputed once), and tab `anchor` put back at its place on screen.
    /// Returns `positions.count`.
    /// - Throws: ``TabStripError/invalidWidth(index:value:)`` naming the
    ///   first tab whose width is bad, or
    ///   ``TabStripError/lengthExceedsLimit(name:value:limit:)`` for content
    ///   past its bound; this batch is not applied.
    /// - Complexity: O(r + t(B + G + m / G)) for a run of r tabs over t
    ///   blocks.
    mutating func applyBatch(
        _ positions: [Int], titleWidths: [Double], anchor: Int?, log: inout CorrectionLog
    ) throws(TabStripError) -> Int {
        let first = positions[0]
        let run = first..<(positions[positions.count - 1] + 1)
        let old = geometry.widths(of: run)
        if positions.count == run.count {
            // Every tab of the run.
            try apply(
                decidedWidths(titleWidths, firstTab: first), replacing: old, from: first, measured: nil,
                anchor: anchor, log: &log)
        } else {
            var widths = old
            for (k, index) in positions.enumerated() {
                widths[index - first] = try sizing.tabWidth(
                    measuringTitle: titleWidths[k], badge: badges[index], at: index)
            }
            try apply(widths, replacing: old, from: first, measured: positions, anchor: anchor, log: &log)
        }
        return positions.count
    }

    /// Gives the tabs from `first` on the widths `new` (decided and checked;
    /// `old` are their widths now), marks `measured` (every tab of the run
    /// when `nil`) measured, puts tab `anchor` back at its place on screen
    /// and logs the batch.
    /// - Throws: ``TabStripError/lengthExceedsLimit(name:value:limit:)`` for
    ///   content past its bound; nothing changes.
    /// - Complexity: O(r + t(B + G + m / G)) for a run of r tabs over t
    ///   blocks.
    mutating func apply(
        _ new: [Double], replacing old: [Double], from first: Int, measured: [Int]?, anchor: Int?,
        log: inout CorrectionLog
    ) throws(TabStripError) {
        let before = anchor.map { geometry.screenX(ofTab: $0) }
        try geometry.correctWidths(new, replacing: old, from: first)
        if let measured {
            measured.withUnsafeBufferPointer { unmeasured.markMeasured($0) }
        } else {
            unmeasured.markMeasured(first..<(first + new.count))
        }
        if let anchor, let before { keep(anchor, atScreenX: before) }
        if log.first == nil { log.countBefore = correctionCount }
        correctionCount &+= 1
        log.append(CorrectionLog.Batch(first: first, widths: old, measured: measured))
    }

    /// The estimated widths of the tabs of `range`, in order.
    /// - Throws: ``TabStripError/titleUnavailable(index:)`` or
    ///   ``TabStripError/invalidWidth(index:value:)`` from a per-title
    ///   estimate.
    /// - Complexity: O(k); k estimate measurements for a per-title estimate.
    static func estimatedWidths(
        of titles: TabTitles, in range: Range<Int>, estimate: TabWidthEstimate, sizing: TabSizing,
        badges: SparseBadges
    ) throws(TabStripError) -> [Double] {
        switch estimate {
        case .width(let width):
            return Array(repeating: width, count: range.count)
        case .measured(let measurer):
            var result: [Double] = []
            result.reserveCapacity(range.count)
            for index in range {
                guard let title = titles.title(ofTab: index) else { throw .titleUnavailable(index: index) }
                result.append(
                    try sizing.tabWidth(
                        measuringTitle: measurer.width(of: title), badge: badges[index], at: index))
            }
            return result
        }
    }
}

// MARK: - Calls that bring tabs into view

extension TabStrip {
    /// What a call that may bring tabs into view puts back when measuring
    /// them fails.
    struct ShownState {
        var offset: Double
        var shift: Double
        var selectedIndex: Int?
        var transition: TabTransition?

        init(_ strip: TabStrip) {
            offset = strip.geometry.contentOffset
            shift = strip.anchoringShift
            selectedIndex = strip.selectedIndex
            transition = strip.transition
        }
    }

    /// Measures the tabs now shown (see ``measureShownTabs(anchor:log:)``);
    /// on failure reverts the corrections and puts back `saved`.
    @inline(never) mutating func measureShownTabs(restoring saved: ShownState, anchor: Int? = nil) throws(TabStripError)
    {
        guard unmeasured.count != 0 else { return }
        var log = CorrectionLog()
        do {
            try measureShownTabs(anchor: anchor, log: &log)
        } catch {
            revert(log, offset: saved.offset, shift: saved.shift)
            selectedIndex = saved.selectedIndex
            transition = saved.transition
            throw error
        }
    }

    /// ``select(_:scroll:)`` (`selecting`) and ``reveal(_:scroll:)`` on a
    /// strip with estimated widths: the tab is measured, the offset set for
    /// it, the tabs then in view measured with that tab anchored, and again
    /// until every tab in view is measured, so the offset is what it would
    /// be with every tab measured
    /// (relative to the tabs shown; within a viewport of either end of the
    /// strip, every tab between the view and that end is measured too, so
    /// that clamping agrees).
    @inline(never) mutating func scrollMeasuring(_ index: Int, scroll: SelectionScroll, selecting: Bool)
        throws(TabStripError)
    {
        try TabStripError.requireIndex(index, in: tabCount)
        let saved = ShownState(self)
        var log = CorrectionLog()
        do {
            _ = try measureBatch(index..<(index + 1), limit: 1, anchor: nil, log: &log)
            let anchor = scroll == .none ? Self.shownAnchor(geometry, unmeasured) : index
            while true {
                let target = try targetContentOffset(forSelecting: index, scroll: scroll)
                try geometry.setContentOffset(target)
                if selecting {
                    selectedIndex = index
                    transition = nil
                }
                var measured = try measureShownTabs(anchor: anchor, log: &log)
                if scroll != .none {
                    // Within a viewport of either end, whether the offset is
                    // clamped depends on the tabs between the view and that
                    // end: they are measured too.
                    let inView = geometry.visibleTabs
                    let start = geometry.logicalViewportStart
                    // (Measured ahead: a tab there that cannot be measured
                    // keeps its estimate.)
                    if inView.lowerBound > 0, start < viewport.width {
                        measured =
                            measureAhead(0..<inView.lowerBound, limit: .max, anchor: anchor, log: &log) > 0
                            || measured
                    }
                    if inView.upperBound < tabCount, start + 2 * viewport.width > geometry.contentWidth {
                        measured =
                            measureAhead(inView.upperBound..<tabCount, limit: .max, anchor: anchor, log: &log) > 0
                            || measured
                    }
                }
                if !measured || scroll == .none { break }
            }
        } catch {
            revert(log, offset: saved.offset, shift: saved.shift)
            selectedIndex = saved.selectedIndex
            transition = saved.transition
            throw error
        }
    }
}

// MARK: - Edits on a strip with titles from a source

extension TabStrip {
    /// Runs `edit`, then, on a strip whose titles come from a source,
    /// measures the tabs then shown, `anchor` (when given) keeping its
    /// place on screen; on any failure the strip is put back
    /// as it was.
    mutating func measuringShownTabs(
        anchor: Int? = nil, _ edit: (inout TabStrip) throws(TabStripError) -> Void
    ) throws(TabStripError) {
        guard titles.isFromSource else { return try edit(&self) }
        let saved = self
        do {
            try edit(&self)
            var log = CorrectionLog()
            try measureShownTabs(anchor: anchor, log: &log)
        } catch {
            self = saved
            throw error
        }
    }

    /// ``measuringShownTabs(anchor:_:)`` for an `edit` that changes the
    /// viewport or the layout only (no width, title or badge): no copy of
    /// the strip is kept to put back, whose widths the measuring would then
    /// copy (O(n / B)); on a failure the corrections are reverted as a
    /// scroll's are (``measureShownTabs(restoring:anchor:)``) and the
    /// viewport, layout and offset put back.
    mutating func measuringShownTabsKeepingWidths(_ edit: (inout TabStrip) throws(TabStripError) -> Void)
        throws(TabStripError)
    {
        guard titles.isFromSource else { return try edit(&self) }
        let (oldViewport, oldLayout, saved) = (geometry.viewport, geometry.layout, ShownState(self))
        try edit(&self)
        do {
            try measureShownTabs(restoring: saved)
        } catch {
            geometry.restore(viewport: oldViewport, layout: oldLayout, offset: saved.offset)
            measuredWindow = nil
            throw error
        }
    }

    /// ``setSizing(_:)`` on a strip whose titles come from a source with a
    /// constant estimate, while few tabs are measured (the unmeasured set
    /// lists them): every other tab already has the estimate, so only the
    /// measured ones go back to it, in place, with the first tab in view
    /// anchored; then the tabs in view are measured. A failure puts back
    /// what changed. Returns `false`, changing nothing, when the strip is
    /// not in that state.
    /// - Complexity: O(k log k + r (B + G + m / G) + v) for k measured tabs
    ///   in r runs of consecutive tabs and v tabs in view.
    mutating func setSizingResettingMeasured(_ newSizing: TabSizing) throws(TabStripError) -> Bool {
        guard newSizing.measuresTitles, sizing.measuresTitles, case .width(let estimated)? = estimate,
            let measured = unmeasured.measuredList, unmeasured.count != 0
        else { return false }
        let shown = ShownState(self)
        let anchor = geometry.captureAnchor()
        let tabs = measured.sorted()
        let oldWidths = tabs.map { geometry.widths.width(unchecked: $0) }
        let (oldSizing, oldGeneration, oldWindow) = (sizing, resizeGeneration, measuredWindow)
        // Each run of consecutive tabs (those in view, mostly) in one write,
        // the block starts refreshed once per block it touches.
        func write(_ values: [Double]) {
            geometry.editWidths { widths in
                values.withUnsafeBufferPointer { values in
                    var k = 0
                    while k < tabs.count {
                        var end = k + 1
                        while end < tabs.count, tabs[end] == tabs[end - 1] + 1 { end += 1 }
                        widths.setWidths(UnsafeBufferPointer(rebasing: values[k..<end]), from: tabs[k])
                        k = end
                    }
                }
            }
        }
        // The estimate was checked when the strip was built.
        write([Double](repeating: estimated, count: tabs.count))
        if let anchor { geometry.restore(anchor, mapping: { $0 }) }
        guard let undo = unmeasured.markAllUnmeasured() else { preconditionFailure("measured tabs listed") }
        sizing = newSizing
        resizeGeneration = Self.newGeneration(after: resizeGeneration)
        measuredWindow = nil
        do {
            try measureShownTabs(restoring: shown, anchor: anchor?.tab)
        } catch {
            // The measuring put back its corrections, the offset and the
            // selection; the measured tabs get their widths back.
            unmeasured.unmarkAllUnmeasured(undo)
            write(oldWidths)
            geometry.restore(viewport: geometry.viewport, layout: geometry.layout, offset: shown.offset)
            (sizing, resizeGeneration, measuredWindow) = (oldSizing, oldGeneration, oldWindow)
            throw error
        }
        return true
    }

    /// ``setSizing(_:)`` on a strip whose titles come from a source: every
    /// tab gets its estimate under the new sizing (or its exact width under
    /// a rule that measures nothing), with the first tab in view anchored.
    mutating func setSizingEstimated(_ newSizing: TabSizing) throws(TabStripError) {
        let effective = newSizing.adopting(spacing: layout.spacing)
        // One width for every tab (a constant estimate, which no badge
        // changes; a rule that measures nothing, with no badge): the
        // blocks share it, O(n / B).
        var uniform: Double?
        if newSizing.measuresTitles, let estimate {
            if case .width(let width) = estimate { uniform = width }
        } else if badges.entries.isEmpty, tabCount > 0 {
            uniform = try effective.width(
                ofTitle: "", badge: .none, at: 0, tabCount: tabCount, availableWidth: availableWidth)
        }
        if let uniform {
            geometry = try anchoredGeometry(tabCount: tabCount, sizing: newSizing, mapping: { $0 }) {
                g throws(TabStripError) in
                try g.replaceAllWidths(repeating: uniform)
            }
        } else {
            try setSizingEstimatedEachTab(newSizing, effective: effective)
        }
        sizing = newSizing
        resizeGeneration = Self.newGeneration(after: resizeGeneration)
        unmeasured = newSizing.measuresTitles ? UnmeasuredTabs(allOf: tabCount) : UnmeasuredTabs()
    }

    /// ``setSizingEstimated(_:)`` tab by tab: each tab's estimate (or
    /// width) under the new sizing.
    /// - Complexity: O(n).
    mutating func setSizingEstimatedEachTab(_ newSizing: TabSizing, effective: TabSizing) throws(TabStripError) {
        let widths: [Double]
        if newSizing.measuresTitles, let estimate {
            widths = try Self.estimatedWidths(
                of: titles, in: 0..<tabCount, estimate: estimate, sizing: effective, badges: badges)
        } else {
            widths = try (0..<tabCount).map { (i: Int) throws(TabStripError) -> Double in
                try effective.width(
                    ofTitle: "", badge: badges[i], at: i, tabCount: tabCount, availableWidth: availableWidth)
            }
        }
        geometry = try anchoredGeometry(tabCount: tabCount, sizing: newSizing, mapping: { $0 }) {
            g throws(TabStripError) in
            try g.replaceAllWidths(widths)
        }
    }
}
