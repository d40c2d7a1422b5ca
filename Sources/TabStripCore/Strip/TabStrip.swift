/// A strip of tabs as a host sees it: the titles and badges, how wide each
/// tab is, where it is, which one is selected, and how the strip looks while
/// a pager is dragged between two tabs.
///
/// `TabStrip` is a value: every change goes through a method that validates
/// its input first and throws ``TabStripError`` without changing anything
/// when the input is bad. It knows nothing of any UI framework; a tab bar
/// (`TabBar`, in `TabStripSync`) turns it into cells a host can show, and
/// only for the tabs in view.
///
/// ```swift
/// var strip = try TabStrip(
///     titles: channelNames,                      // 100,000 titles
///     viewport: Viewport(width: 390, height: 44)
/// )
/// try strip.setContentOffset(1_200)
/// let inView = strip.visibleTabs                 // e.g. 14..<21
/// let frame = try strip.frame(ofTab: inView.lowerBound)
/// ```
///
/// Memory: the layout state is the width index, at most 16 bytes per tab;
/// titles are stored in chunks (``TabTitles``, so inserting in the middle
/// of a million tabs moves one chunk, not every title), badges only for the
/// tabs that have one.
public struct TabStrip: Sendable {
    /// The titles, in tab order. Duplicates and empty titles are allowed
    /// (tabs are positional; an empty title measures zero columns).
    public internal(set) var titles: TabTitles
    /// The badges of the tabs that have one.
    @usableFromInline var badges: SparseBadges
    /// How tab widths are decided.
    public internal(set) var sizing: TabSizing
    /// Widths, layout, viewport and content offset.
    @usableFromInline package internal(set) var geometry: TabStripGeometry
    /// The selected tab; `nil` only when there are no tabs.
    public internal(set) var selectedIndex: Int?
    /// The selection on its way to another tab (a pager drag, set by
    /// ``setPagerProgress(_:)``, or an animated selection, set by
    /// ``setTransition(to:fraction:)``); `nil` at rest.
    public internal(set) var transition: TabTransition?
    /// Title colours and scales at rest and when selected.
    public var titleStyle: TitleStyle
    /// The selection indicator's shape.
    public var indicatorStyle: IndicatorStyle
    /// The room kept on each side of a tab revealed by selection or by a
    /// viewport change (30 points, as on Douyin's header).
    public internal(set) var revealMargin: Double
    /// Counts the structural edits (inserts, removes, moves, replacing every
    /// tab) made to this strip, so a collaborator holding tab indices (a
    /// `PagerSync`) notices any of them, not only those that change the tab
    /// count. Wraps around; compare for equality only.
    @usableFromInline package internal(set) var editGeneration: Int
    /// The tabs whose width is still an estimate (none for a strip built
    /// from titles, which measures every tab when it is built).
    @usableFromInline var unmeasured: UnmeasuredTabs
    /// The width unmeasured tabs get; `nil` for a strip that stores its
    /// titles (every tab is measured as it is added).
    public internal(set) var estimate: TabWidthEstimate?
    /// The sum of every move of the content offset made to keep the screen
    /// still while estimated widths were corrected (see
    /// <doc:Measuring>): a motion that drives the offset (a fling, an
    /// animation) adds the change of this value since it started, so its
    /// on-screen course is unchanged. 0 for a strip whose tabs are all
    /// measured from the start.
    public internal(set) var anchoringShift: Double
    /// Counts the edits that resize tabs without adding, removing or
    /// moving any (a rename, a badge, a new sizing, reloaded titles), so a
    /// collaborator animating towards a tab's offset (a tab bar's strip
    /// animation) notices them; corrections of estimated widths do not count (they
    /// keep the screen still, see ``anchoringShift``). Wraps around;
    /// compare for equality only.
    @usableFromInline package internal(set) var resizeGeneration: Int
    /// Counts the batches of corrections applied to estimated widths (and
    /// their reverts), so that a virtualiser notices that kept cells may
    /// have moved. Wraps around; compare for equality only.
    @usableFromInline var correctionCount: Int
    /// Where a scroll measures nothing (see ``MeasuredWindow``): found after
    /// a scroll that measured, forgotten when the viewport, the layout or
    /// the unmeasured tabs change; `nil` when not known.
    var measuredWindow: MeasuredWindow?
    /// The tabs' IDs (see ``id(ofTab:as:)``), when the strip was built with
    /// them; `nil` for a strip built from titles alone.
    @usableFromInline var ids: (any TabIDStore)?

    /// Creates a strip.
    ///
    /// The content offset starts at tab 0's end of the content; tab
    /// `selectedIndex` is selected (not scrolled to: call
    /// ``select(_:scroll:)`` for that).
    ///
    /// - Parameters:
    ///   - titles: The tab titles.
    ///   - sizing: How widths are decided; by default measured in display
    ///     columns (8 points each) plus 20 points of padding on each side.
    ///   - layout: Insets, spacing, direction, alignment and overscan.
    ///   - viewport: The visible window.
    ///   - selectedIndex: The initially selected tab (ignored when there are
    ///     no tabs).
    ///   - titleStyle: Title colours and scales (Douyin's by default).
    ///   - indicatorStyle: The indicator's shape (Douyin's by default).
    ///   - revealMargin: The margin kept around a revealed tab, `>= 0`.
    /// - Throws: ``TabStripError/invalidWidth(index:value:)`` when the
    ///   measurer returns a bad width for a title; ``TabStripError/invalidViewport(width:height:)``;
    ///   ``TabStripError/invalidValue(name:value:)`` for a bad sizing, layout
    ///   or margin; ``TabStripError/indexOutOfRange(index:count:)`` for a
    ///   selected index outside a non-empty strip.
    /// - Complexity: O(n) measurements plus O(n).
    public init<Titles: Collection>(
        titles: Titles,
        sizing: TabSizing = .measured(),
        layout: TabStripLayout = TabStripLayout(),
        viewport: Viewport,
        selectedIndex: Int = 0,
        titleStyle: TitleStyle = .douyin,
        indicatorStyle: IndicatorStyle = .douyin,
        revealMargin: Double = 30
    ) throws(TabStripError) where Titles.Element == String {
        try layout.validate()
        try viewport.validate()
        try TabStripError.requireLength(revealMargin, "revealMargin")
        let titles = TabTitles(titles)
        if !titles.isEmpty { try TabStripError.requireIndex(selectedIndex, in: titles.count) }
        try sizing.validate()
        let widths = try sizing.adopting(spacing: layout.spacing).widths(
            ofTitles: titles,
            availableWidth: Self.availableWidth(viewport: viewport, layout: layout)
        )
        self.titles = titles
        self.badges = SparseBadges()
        self.sizing = sizing
        self.geometry = try TabStripGeometry(widths: widths, layout: layout, viewport: viewport)
        self.selectedIndex = titles.isEmpty ? nil : selectedIndex
        self.transition = nil
        self.titleStyle = titleStyle
        self.indicatorStyle = indicatorStyle
        self.revealMargin = revealMargin
        self.editGeneration = Self.newGeneration(after: 0)
        self.unmeasured = UnmeasuredTabs()
        self.estimate = nil
        self.anchoringShift = 0
        self.correctionCount = 0
        self.resizeGeneration = Self.newGeneration(after: 0)
        self.measuredWindow = nil
        self.ids = nil
        _checkAfterMutation()
    }

    /// Creates a strip of `tabs`, each with the ID and title `id` and
    /// `title` give: the strip keeps the IDs, so that a new list from the
    /// server is applied by ID (``changes(to:id:title:)``) and a tab is
    /// found by its ID (``index(ofID:)``).
    ///
    /// IDs are any `Hashable & Sendable` values the host chooses (a
    /// channel's ID, a URL); titles may repeat, IDs may not. The other
    /// parameters are as ``init(titles:sizing:layout:viewport:selectedIndex:titleStyle:indicatorStyle:revealMargin:)``'s.
    /// - Throws: as that initialiser;
    ///   ``TabStripError/duplicateTabID(name:id:index:)`` (name `"tabs"`)
    ///   naming an ID that repeats and where.
    /// - Complexity: O(n) measurements plus O(n) hashing of the IDs.
    @inlinable
    public init<Tabs: Collection, ID: Hashable & Sendable>(
        tabs: Tabs,
        id: (Tabs.Element) -> ID,
        title: (Tabs.Element) -> String,
        sizing: TabSizing = .measured(),
        layout: TabStripLayout = TabStripLayout(),
        viewport: Viewport,
        selectedIndex: Int = 0,
        titleStyle: TitleStyle = .douyin,
        indicatorStyle: IndicatorStyle = .douyin,
        revealMargin: Double = 30
    ) throws(TabStripError) {
        try TabStripError.requireCount(tabs.count, atMost: TabStripLimits.maximumCount, "tabCount")
        var ids: [ID] = []
        var titles: [String] = []
        ids.reserveCapacity(tabs.count)
        titles.reserveCapacity(tabs.count)
        for tab in tabs {
            ids.append(id(tab))
            titles.append(title(tab))
        }
        let column = TabIDColumn(storing: ids)
        if column.keys.keyOfID.count != ids.count {
            var seen = Set<ID>(minimumCapacity: ids.count)
            for (i, key) in ids.enumerated() where !seen.insert(key).inserted {
                throw .duplicateTabID(name: "tabs", id: String(describing: key), index: i)
            }
        }
        try self.init(
            titles: titles, sizing: sizing, layout: layout, viewport: viewport, selectedIndex: selectedIndex,
            titleStyle: titleStyle, indicatorStyle: indicatorStyle, revealMargin: revealMargin)
        self.ids = column
        _checkAfterMutation()
    }

    /// The number of tabs.
    /// - Complexity: O(1).
    @inlinable public var tabCount: Int { titles.count }

    /// A generation no strip has had before, to follow `current`: the
    /// generations name the state of one strip, so that what was computed
    /// on one state (``TabListChanges``) is refused on any other, of this
    /// strip or of another. Drawn from the process-wide counter of width
    /// index revisions; `current &+ 1` where the standard library has no
    /// atomics (Apple systems before 2024).
    /// - Complexity: O(1): one atomic addition.
    @inline(__always)
    static func newGeneration(after current: Int) -> Int {
        let fresh = TabWidths.newRevision()
        return fresh == 0 ? current &+ 1 : Int(truncatingIfNeeded: fresh)
    }

    /// The ID of tab `index`, of the type the strip was built with, named
    /// by `type` (`try? strip.id(ofTab: i) ?? fallback` would infer an
    /// optional type, which no strip keeps).
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)``;
    ///   ``TabStripError/tabIDsUnavailable(operation:asked:kept:)`` on a strip built
    ///   without IDs or with IDs of another type.
    /// - Complexity: O(log(n / C)), plus the source's call for a tab it
    ///   gives.
    public func id<ID: Hashable & Sendable>(ofTab index: Int, as type: ID.Type) throws(TabStripError)
        -> ID
    {
        try TabStripError.requireIndex(index, in: tabCount)
        return try idColumn(ID.self, "id(ofTab:as:)").id(ofTab: index)
    }

    /// The index of the tab with ID `id`, or `nil` when no tab has it (or
    /// the strip has no IDs of that type).
    /// - Complexity: O(p + C) for p pieces of IDs (n / C on a strip built
    ///   with its IDs; one, plus one per edit, on a strip built from a
    ///   source) and chunks of C = 2048; plus the source's lookup for a tab
    ///   it gives.
    public func index<ID: Hashable & Sendable>(ofID id: ID) -> Int? {
        (ids as? TabIDColumn<ID>)?.index(ofID: id)
    }

    /// The strip's ID column, of type `ID`.
    /// - Throws: ``TabStripError/tabIDsUnavailable(operation:asked:kept:)``.
    @usableFromInline
    func idColumn<ID>(_ type: ID.Type, _ operation: String) throws(TabStripError) -> TabIDColumn<ID> {
        guard let column = ids as? TabIDColumn<ID> else {
            throw .tabIDsUnavailable(operation: operation, asked: "\(ID.self)", kept: ids?.idTypeName)
        }
        return column
    }

    /// Runs `edit` on the strip's ID column of type `ID` in place (the
    /// column taken out first, so that its storage is not copied).
    @usableFromInline
    mutating func editIDs<ID>(_ type: ID.Type, _ edit: (inout TabIDColumn<ID>) -> Void) {
        guard var column = ids as? TabIDColumn<ID> else { return }
        ids = nil
        edit(&column)
        ids = column
    }

    /// The width an equal-division sizing shares among the tabs: the
    /// viewport minus the content insets.
    static func availableWidth(viewport: Viewport, layout: TabStripLayout) -> Double {
        Swift.max(0, viewport.width - layout.contentInsets.leading - layout.contentInsets.trailing)
    }
}

// MARK: - Geometry passthrough

extension TabStrip {
    /// The visible window.
    public var viewport: Viewport { geometry.viewport }
    /// Insets, spacing, direction, alignment and overscan.
    public var layout: TabStripLayout { geometry.layout }
    /// The physical x of the viewport's left edge in content coordinates.
    public var contentOffset: Double { geometry.contentOffset }
    /// The scrollable width of the content.
    /// - Complexity: O(1).
    public var contentWidth: Double { geometry.contentWidth }
    /// The offsets a resting strip may have.
    /// - Complexity: O(1).
    public var contentOffsetRange: ClosedRange<Double> { geometry.contentOffsetRange }

    /// The tabs that need a cell at the current offset (the viewport plus
    /// the layout's overscan on each side). With pinned tabs, the unpinned
    /// ones in the part of that span the pinned tabs leave (see
    /// <doc:PinnedTabsGuide>); the pinned tabs
    /// (``pinnedTabRanges``) are always shown.
    /// - Complexity: O(log n).
    @inlinable public var visibleTabs: Range<Int> { geometry.visibleTabs }

    /// ``visibleTabs``, answered from `cursor` when the viewport's span
    /// still lies where the cursor's last answer holds, else found from
    /// the cursor's range: the same result, in four comparisons for most
    /// frames of a scroll (see ``TabRangeCursor``). Keep one cursor per
    /// scrolling view; any cursor is correct.
    /// - Complexity: O(1) per frame of a scroll; O(log d) for an answer d
    ///   tabs from the cursor's range; at most O(log n).
    package func visibleTabs(cursor: inout TabRangeCursor) -> Range<Int> { geometry.visibleTabs(cursor: &cursor) }

    /// ``visibleTabs(cursor:)`` for the virtualiser's per-frame update: the
    /// same result, on the strip in place (see
    /// `TabStripGeometry.visibleTabsInPlace(cursor:)`).
    /// - Complexity: as ``visibleTabs(cursor:)``.
    @usableFromInline
    mutating func visibleTabsInPlace(cursor: inout TabRangeCursor) -> Range<Int> {
        geometry.visibleTabsInPlace(cursor: &cursor)
    }

    /// The frame of tab `index` in content coordinates, where it is shown
    /// (a pinned tab's moves with the content offset: see ``PinnedTabs``).
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)``.
    /// - Complexity: O(log n).
    public func frame(ofTab index: Int) throws(TabStripError) -> Rect {
        try geometry.frame(ofTab: index)
    }

    /// The frame of tab `index` at its place in the content (a pinned
    /// tab's too), for an `index` the caller knows is in `0..<tabCount`
    /// (checked only in builds with `TABSTRIP_INTERNAL_CHECKS`): the
    /// engine's own path for unpinned tabs.
    /// - Complexity: O(log n).
    @usableFromInline @inline(__always)
    func frame(unchecked index: Int) -> Rect {
        geometry.frame(unchecked: index)
    }

    /// ``frame(ofTab:)`` for an `index` the caller knows is in
    /// `0..<tabCount`: where the tab is shown (a pinned tab's frame moves
    /// with the offset; ``frame(unchecked:)`` gives its place in the
    /// content).
    /// - Complexity: O(log n).
    @usableFromInline @inline(__always)
    func shownFrame(unchecked index: Int) -> Rect {
        geometry.shownFrame(unchecked: index)
    }

    /// The tab under the content coordinate `x` (a tap), if any.
    /// - Throws: ``TabStripError/invalidOffset(_:)`` for NaN or infinity.
    /// - Complexity: O(log² n).
    public func tab(atContentX x: Double) throws(TabStripError) -> Int? {
        try geometry.tab(atContentX: x)
    }

    /// Moves the viewport; any finite offset is accepted (bouncing).
    ///
    /// On a strip with estimated widths (titles from a ``TabSource``),
    /// the tabs coming into view are measured first, and when a correction
    /// lands before the tabs already on screen the offset moves by it so
    /// that they stay where they were: the offset in effect is returned
    /// (and is `offset` otherwise), for the host's scroll view to follow.
    /// - Returns: The content offset in effect.
    /// - Throws: ``TabStripError/invalidOffset(_:)``;
    ///   ``TabStripError/titleUnavailable(index:)`` or
    ///   ``TabStripError/invalidWidth(index:value:)`` for a tab coming into
    ///   view that cannot be measured. Nothing changes.
    /// - Complexity: O(1) when every tab is measured; otherwise O(log n)
    ///   plus the measurement of the tabs coming into view.
    @discardableResult
    public mutating func setContentOffset(_ offset: Double) throws(TabStripError) -> Double {
        // Inside the window found by an earlier scroll, every tab shown at
        // `offset` is measured: a plain scroll (a fling's frames mostly
        // land here, a few comparisons from the eager path's cost).
        if unmeasured.count != 0, !measuredWindowShows(offset) { return try setContentOffsetMeasuring(offset) }
        defer { _checkAfterMutation() }
        try geometry.setContentOffset(offset)
        return offset
    }

    /// Whether every tab shown at content offset `offset` (the viewport
    /// and its overscan, each end computed as the visible range computes
    /// it) lies inside the ``measuredWindow``; false for NaN and
    /// infinities.
    /// - Complexity: O(1).
    @inline(__always)
    func measuredWindowShows(_ offset: Double) -> Bool {
        guard let window = measuredWindow else { return false }
        return window.covers(offset, revision: geometry.widths.revision)
    }

    /// ``setContentOffset(_:)`` on a strip with estimated widths, when the
    /// tabs shown at `offset` may not all be measured.
    @inline(never) mutating func setContentOffsetMeasuring(_ offset: Double) throws(TabStripError) -> Double {
        defer { _checkAfterMutation() }
        let savedOffset = geometry.contentOffset
        let savedShift = anchoringShift
        try geometry.setContentOffset(offset)
        // The tabs shown before a scroll are measured and contiguous, so
        // corrections lie before or after all of them: anchoring one keeps
        // every one where the scroll alone puts it, on screen or not. A
        // jump of a viewport or more leaves none of them on screen: it
        // keeps the selected tab where it puts it if it shows it (a
        // selection lands on its tab), or else the first tab in view.
        let shown = geometry.visibleTabs(uncheckedOffset: savedOffset, overscan: geometry.layout.overscan)
        let jumps = (offset - savedOffset).magnitude >= geometry.viewport.width
        let anchor: Int?
        if !jumps, !shown.isEmpty {
            anchor = shown.lowerBound
        } else if let selectedIndex, geometry.visibleTabs.contains(selectedIndex) {
            anchor = selectedIndex
        } else {
            anchor = nil
        }
        var log = CorrectionLog()
        var measuredInView: Range<Int>?
        do {
            if !jumps {
                // Scrolling on: the tabs about to enter (those ahead in the
                // direction of the scroll) are measured ahead, in the same
                // batch, so that the next frames find them measured (one
                // batch per lookahead's worth of tabs).
                let inView = geometry.visibleTabs
                let towardsEnd = (offset >= savedOffset) == (geometry.layout.direction == .leftToRight)
                let ahead =
                    towardsEnd
                    ? inView.lowerBound..<Swift.min(tabCount, inView.upperBound + Self.lookahead)
                    : Swift.max(0, inView.lowerBound - Self.lookahead)..<inView.upperBound
                // Tabs no call needs yet: one that cannot be measured
                // keeps its estimate until a call shows it.
                _ = measureAhead(ahead, limit: .max, anchor: anchor, log: &log)
            }
            try measureShownTabs(anchor: anchor, log: &log, shown: &measuredInView)
        } catch {
            revert(log, offset: savedOffset, shift: savedShift)
            throw error
        }
        noteMeasuredWindow(around: measuredInView)
        return geometry.contentOffset
    }

    /// How many tabs beyond the view, in the direction of the scroll, a
    /// scroll measures when it must measure any (a jump measures only what
    /// it shows): enough that a batch's fixed costs (the index's sums, the
    /// window, the cells placed again) are spread thin, few enough that a
    /// batch of real text shaping (microseconds a title) stays well inside
    /// a frame.
    static var lookahead: Int { 256 }

    /// Finds the ``measuredWindow`` around `shown`, the tabs in view as the
    /// last round of measuring found them, every one measured (none when
    /// that is `nil`): the run of measured tabs around them, at most 4,096
    /// tabs past each side of the view, as a span of physical content
    /// coordinates; open on a side where the run reaches the end of the
    /// strip. (The internal checks verify every window it finds.)
    /// - Complexity: O(log n) plus O(1) words of the unmeasured set.
    mutating func noteMeasuredWindow(around shown: Range<Int>?) {
        let revision = geometry.widths.revision
        guard let inView = shown, revision != 0, !inView.isEmpty, unmeasured.count != 0 else {
            measuredWindow = nil
            return
        }
        let reach = 4_096
        let floor = Swift.max(0, inView.lowerBound - reach)
        let ceiling = Swift.min(tabCount, inView.upperBound + reach)
        let first = unmeasured.last(in: floor..<inView.lowerBound).map { $0 + 1 } ?? floor
        let end = unmeasured.first(in: inView.upperBound..<ceiling) ?? ceiling
        let a = geometry.frame(unchecked: first)
        let b = geometry.frame(unchecked: end - 1)
        var lower = Swift.min(a.minX, b.minX)
        var upper = Swift.max(a.maxX, b.maxX)
        let leftToRight = geometry.layout.direction == .leftToRight
        // The unmeasured tabs beside the run bound it too: a frame's end is
        // its start plus its width, rounded, so it can lie an ulp past the
        // next tab's start, and the visible range takes a tab in whenever
        // its own frame reaches into the span.
        if first > 0 {
            let f = geometry.frame(unchecked: first - 1)
            if leftToRight { lower = Swift.max(lower, f.maxX) } else { upper = Swift.min(upper, f.minX) }
        }
        if end < tabCount {
            let f = geometry.frame(unchecked: end)
            if leftToRight { upper = Swift.min(upper, f.minX) } else { lower = Swift.max(lower, f.maxX) }
        }
        if first == 0 {
            if leftToRight { lower = -.infinity } else { upper = .infinity }
        }
        if end == tabCount {
            if leftToRight { upper = .infinity } else { lower = -.infinity }
        }
        measuredWindow = MeasuredWindow(
            lower: lower, upper: upper, overscan: geometry.layout.overscan, width: geometry.viewport.width,
            revision: revision)
    }
}
