/// Where every tab is: the width index combined with the layout, the
/// viewport and the content offset.
///
/// `TabStripGeometry` knows nothing of titles; it answers "which tabs are
/// visible at this offset", "what is tab i's frame", "where should the strip
/// scroll to centre tab i", and keeps the first visible tab on screen when
/// widths change before it (scroll anchoring).
///
/// Coordinates are the host's: frames and the content offset are physical
/// (x grows to the right) in both layout directions. In a right-to-left
/// layout tab 0 sits at the right end of the content.
///
/// The content offset is not clamped when the host sets it (a bouncing scroll
/// view goes past its ends); the offsets the geometry computes itself
/// (centring, revealing, anchoring) are clamped to ``contentOffsetRange``.
@usableFromInline package struct TabStripGeometry: Sendable {
    /// The tab widths and spacing.
    package private(set) var widths: TabWidths
    /// Insets, spacing, direction, alignment and overscan.
    package private(set) var layout: TabStripLayout
    /// The visible window.
    package private(set) var viewport: Viewport
    /// The physical x of the viewport's left edge in content coordinates.
    package internal(set) var contentOffset: Double
    /// The pinned counts as set (see ``pinnedTabs``): the leading count in
    /// the low 16 bits, the trailing one in the high 16 (each at most
    /// ``TabStripLimits/maximumVisibleCells``). Four bytes: the geometry is
    /// copied on some per-frame paths, and every byte more cost
    /// instructions there.
    @usableFromInline var _pinCounts: UInt32
    /// ``extents`` as of the last change of the widths, the layout or the
    /// viewport (every such change ends with ``refreshExtents()``): the
    /// per-frame queries read three numbers instead of re-deriving them
    /// from the index's sums, the insets and the alignment.
    var currentExtents: Extents

    /// Creates the geometry of a row of tabs.
    ///
    /// The content offset starts where tab 0 is: 0 in left-to-right layouts,
    /// the largest offset in right-to-left ones.
    /// - Throws: ``TabStripError/invalidWidth(index:value:)``,
    ///   ``TabStripError/invalidViewport(width:height:)`` or
    ///   ``TabStripError/invalidValue(name:value:)`` for a bad layout length;
    ///   ``TabStripError/lengthExceedsLimit(name:value:limit:)`` (name
    ///   `"contentWidth"`) when the content would be wider than
    ///   ``TabStripLimits/maximumContentWidth``;
    ///   ``TabStripError/countExceedsLimit(name:value:limit:)`` (name
    ///   `"tabCount"`) for more than ``TabStripLimits/maximumCount`` tabs.
    /// - Complexity: O(n).
    @usableFromInline package init<S: Sequence>(
        widths: S,
        layout: TabStripLayout = TabStripLayout(),
        viewport: Viewport
    ) throws(TabStripError) where S.Element == Double {
        try layout.validate()
        try viewport.validate()
        try self.init(
            validIndex: TabWidths(widths: widths, spacing: layout.spacing), layout: layout, viewport: viewport)
    }

    /// Creates a geometry of `count` tabs, each `width` wide (see
    /// ``TabWidths/init(repeating:count:spacing:)``).
    /// - Throws: as ``init(widths:layout:viewport:)``.
    /// - Complexity: O(n / B) for B tabs a block.
    init(repeating width: Double, count: Int, layout: TabStripLayout, viewport: Viewport) throws(TabStripError) {
        try layout.validate()
        try viewport.validate()
        try self.init(
            validIndex: TabWidths(repeating: width, count: count, spacing: layout.spacing), layout: layout,
            viewport: viewport)
    }

    /// Creates a geometry over `index`, built with the valid `layout`'s
    /// spacing, in the valid `viewport`.
    /// - Throws: as ``init(widths:layout:viewport:)`` for content past the
    ///   limits.
    private init(validIndex index: TabWidths, layout: TabStripLayout, viewport: Viewport) throws(TabStripError) {
        try Self.requireContent(
            tabCount: index.count,
            natural: layout.contentInsets.leading + index.totalWidth + layout.contentInsets.trailing)
        self.widths = index
        self.layout = layout
        self.viewport = viewport
        self.contentOffset = 0
        self._pinCounts = 0
        self.currentExtents = Extents(content: 0, origin: 0, extra: 0)
        refreshExtents()
        contentOffset = startOffset
    }

    /// The number of tabs.
    /// - Complexity: O(1).
    @usableFromInline package var tabCount: Int { widths.count }
}

// MARK: - Limits

extension TabStripGeometry {
    /// Throws unless `tabCount` and the natural content width `natural` are
    /// within ``TabStripLimits``. A NaN or infinite `natural` (from widths
    /// the index will refuse anyway) is reported as too wide.
    static func requireContent(tabCount: Int, natural: Double) throws(TabStripError) {
        try TabStripError.requireCount(tabCount, atMost: TabStripLimits.maximumCount, "tabCount")
        guard natural <= TabStripLimits.maximumContentWidth else {
            throw .lengthExceedsLimit(name: "contentWidth", value: natural, limit: TabStripLimits.maximumContentWidth)
        }
    }

    /// The natural content width with `count` tabs whose widths sum to
    /// `sum`, under `layout`.
    static func naturalWidth(count: Int, sum: Double, layout: TabStripLayout) -> Double {
        let gaps = count > 1 ? Double(count - 1) * layout.spacing : 0
        return layout.contentInsets.leading + sum + gaps + layout.contentInsets.trailing
    }

    /// The sum of the tab widths alone (without spacing).
    var sumOfWidths: Double {
        widths.totalWidth - (tabCount > 1 ? Double(tabCount - 1) * layout.spacing : 0)
    }

    /// The sum of `values` when every one is a valid width, else `nil` (the
    /// index then reports the bad one).
    static func validSum<S: Sequence>(_ values: S) -> Double? where S.Element == Double {
        var sum = 0.0
        for w in values {
            guard w >= 0, w <= TabStripLimits.maximumLength else { return nil }
            sum += w
        }
        return sum
    }
}

// MARK: - Derived extents

extension TabStripGeometry {
    /// The width the tabs and insets need, before alignment stretches it to
    /// the viewport.
    /// - Complexity: O(1).
    @usableFromInline package var naturalContentWidth: Double {
        layout.contentInsets.leading + widths.totalWidth + layout.contentInsets.trailing
    }

    /// Whether every tab fits in the viewport (then the strip does not
    /// scroll and ``TabStripLayout/alignment`` applies).
    /// - Complexity: O(1).
    @usableFromInline package var allTabsFit: Bool { naturalContentWidth <= viewport.width }

    /// The scrollable width of the content: the natural width, or the
    /// viewport's width when everything fits.
    /// - Complexity: O(1).
    @usableFromInline package var contentWidth: Double { Swift.max(naturalContentWidth, viewport.width) }

    /// The offsets a resting strip may have: `0...max(0, contentWidth - viewport.width)`.
    /// - Complexity: O(1).
    @usableFromInline package var contentOffsetRange: ClosedRange<Double> { 0...(contentWidth - viewport.width) }

    /// The offset that shows tab 0's end of the content.
    var startOffset: Double {
        layout.direction == .leftToRight ? 0 : contentOffsetRange.upperBound
    }

    /// The extents every query needs, computed together from one reading of
    /// the index's total width.
    struct Extents: Sendable {
        /// The scrollable content width.
        var content: Double
        /// The logical position of tab 0's leading edge.
        var origin: Double
        /// The width ``TabAlignment/fill`` adds to each tab.
        var extra: Double
        /// A bound on how far apart the index's and the frames' idea of a
        /// tab edge can be, relative to a span end near it: many ulps of
        /// the content width and tab 0's leading edge (which bound every
        /// edge and every span end near one), far more than the few
        /// roundings between the two computations. A span end farther
        /// than this from every edge the index's answer depends on gets the
        /// frames' answer.
        var margin: Double

        @inline(__always)
        init(content: Double, origin: Double, extra: Double) {
            self.content = content
            self.origin = origin
            self.extra = extra
            margin = (content + origin.magnitude) * 0x1p-40 + Double.leastNormalMagnitude
        }
    }

    /// The extents of the current widths, layout and viewport, kept since
    /// their last change.
    /// - Complexity: O(1).
    @inline(__always)
    var extents: Extents { currentExtents }

    /// Recomputes ``currentExtents``: the last step of every change of the
    /// widths, the layout or the viewport (and of the initializer).
    /// - Complexity: O(1).
    mutating func refreshExtents() {
        currentExtents = computedExtents
    }

    /// The extents derived from the widths, the layout and the viewport.
    var computedExtents: Extents {
        // The index's total width from its stored sums, read in place:
        // through `widths.totalWidth` the optimizer copied the whole index
        // (15 words) to the stack.
        let tabs = widths.tabCount
        let total = tabs == 0 ? 0 : widths.widthSum + Double(tabs &- 1) * widths.spacing
        let natural = layout.contentInsets.leading + total + layout.contentInsets.trailing
        let fits = natural <= viewport.width
        var origin = layout.contentInsets.leading
        var extra = 0.0
        if fits {
            switch layout.alignment {
            case .leading: break
            case .center: origin += (viewport.width - natural) / 2
            case .fill: if tabCount > 0 { extra = (viewport.width - natural) / Double(tabCount) }
            }
        }
        return Extents(content: Swift.max(natural, viewport.width), origin: origin, extra: extra)
    }

    /// Clamps an offset into ``contentOffsetRange``.
    func clamped(_ offset: Double) -> Double {
        Swift.min(Swift.max(offset, 0), contentOffsetRange.upperBound)
    }
}

// MARK: - Frames

extension TabStripGeometry {
    /// The frame of tab `index` in content coordinates: where it is shown.
    /// A pinned tab (see ``PinnedTabs``) is shown where it sticks at the
    /// current content offset; every other tab at its place in the content.
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)``.
    /// - Complexity: O(log n).
    @inline(__always) // within the module: a call copied the geometry to the stack first
    @usableFromInline package func frame(ofTab index: Int) throws(TabStripError) -> Rect {
        try TabStripError.requireIndex(index, in: tabCount)
        return shownFrame(unchecked: index)
    }

    /// ``frame(ofTab:)`` for an `index` the caller knows is in
    /// `0..<tabCount`: the frame where the tab is shown (a pinned tab's
    /// moves with the content offset).
    /// - Complexity: O(log n).
    @usableFromInline @inline(__always)
    func shownFrame(unchecked index: Int) -> Rect {
        var f = frame(unchecked: index)
        if _hasPinnedTabs { f.x += pinShift(ofTab: index) }
        return f
    }

    /// The frame of tab `index` at its place in the content (a pinned
    /// tab's too), for an `index` the caller knows is in `0..<tabCount`
    /// (checked only in builds with `TABSTRIP_INTERNAL_CHECKS`): the
    /// engine's own path.
    /// - Complexity: O(log n).
    @usableFromInline @inline(__always)
    func frame(unchecked index: Int) -> Rect {
        widths._checkTab(index)
        let (start, width) = widths.position(ofTab: index)
        return Self.frame(
            index: index, leadingOffset: start, width: width, extents: extents,
            leftToRight: layout.direction == .leftToRight, height: viewport.height)
    }

    /// Calls `body` with the index and frame of every tab in `range`, in
    /// index order (the frames ``frame(ofTab:)`` gives).
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)`` naming a
    ///   bound outside `0...tabCount`; `body` is then not called.
    /// - Complexity: O(log n + k) for k tabs.
    @usableFromInline package func forEachFrame(in range: Range<Int>, _ body: (_ index: Int, _ frame: Rect) -> Void)
        throws(TabStripError)
    {
        try TabStripError.requireInsertionIndex(range.lowerBound, in: tabCount)
        try TabStripError.requireInsertionIndex(range.upperBound, in: tabCount)
        guard _hasPinnedTabs else { return forEachFrame(unchecked: range, body) }
        let shift = pinShifts
        let pinned = pinnedTabRanges
        forEachFrame(unchecked: range) { index, frame in
            var f = frame
            if pinned.leading.contains(index) { f.x += shift.leading }
            if pinned.trailing.contains(index) { f.x += shift.trailing }
            body(index, f)
        }
    }

    /// ``forEachFrame(in:_:)`` for a `range` the caller knows lies in
    /// `0...tabCount` (checked only in builds with
    /// `TABSTRIP_INTERNAL_CHECKS`): the engine's own path.
    /// - Complexity: O(log n + k) for k tabs.
    @usableFromInline @inline(__always)
    func forEachFrame(unchecked range: Range<Int>, _ body: (_ index: Int, _ frame: Rect) -> Void) {
        // The closure reads these three values, not `self`: capturing the
        // geometry made a copy of it (a retain of each of its arrays) on
        // every call, that is on every frame where a cell enters.
        let e = extents
        let leftToRight = layout.direction == .leftToRight
        let height = viewport.height
        widths.forEachTab(unchecked: range) { index, start, width in
            body(
                index,
                Self.frame(
                    index: index, leadingOffset: start, width: width, extents: e, leftToRight: leftToRight,
                    height: height))
        }
    }

    /// The frame of tab `index` whose leading offset in the width index is
    /// `leadingOffset`, placed by `extents` in the direction given.
    @inline(__always)
    static func frame(
        index: Int, leadingOffset: Double, width: Double, extents e: Extents, leftToRight: Bool, height: Double
    ) -> Rect {
        let logicalX = e.origin + leadingOffset + Double(index) * e.extra
        let w = width + e.extra
        let x = leftToRight ? logicalX : e.content - logicalX - w
        return Rect(x: x, y: 0, width: w, height: height)
    }
}

// MARK: - Visible range and hit testing

extension TabStripGeometry {
    /// The tabs that need a cell at the current content offset: those
    /// overlapping the half-open physical span
    /// `[contentOffset - overscan, contentOffset + viewport.width + overscan)`
    /// (the layout's overscan; each end computed as written, left to
    /// right). A tab that only touches an edge is not included. The answer
    /// agrees exactly with ``frame(ofTab:)``: a tab is included if and only
    /// if its frame's `minX` is below the span's end and its `maxX` above
    /// the span's start. An empty result is `k..<k` with `k` in
    /// `0...tabCount`.
    ///
    /// With pinned tabs (see ``PinnedTabs``) the range holds the unpinned
    /// tabs only, and the span leaves out the width the pinned ones cover
    /// at each edge (``TabStripGeometry/pinnedCover``): it starts that much
    /// later and ends that much sooner. The pinned tabs are always shown
    /// (``pinnedTabRanges``).
    ///
    /// This searches from scratch; a view that asks on every frame passes
    /// a cursor instead (``visibleTabs(cursor:)``).
    /// - Complexity: O(log n); O(log² n) while ``TabAlignment/fill`` widens
    ///   the tabs.
    @usableFromInline package var visibleTabs: Range<Int> {
        // The stored offset is finite and at most
        // `TabStripLimits.maximumOffset` in magnitude, the overscan finite and
        // at most `maximumLength`, so every span computed from them is
        // finite (LimitsTests.overscanAtTheBoundShowsEveryTab and
        // extremeButValidStripsStayFinite exercise the extremes).
        visibleTabs(uncheckedOffset: contentOffset, overscan: layout.overscan)
    }

    /// ``visibleTabs`` at `offset` with `overscan` instead of the stored
    /// ones, for the package's tests and benchmarks (which query many
    /// offsets without moving the viewport).
    /// - Throws: ``TabStripError/invalidOffset(_:)`` for a NaN or infinite
    ///   offset; ``TabStripError/invalidValue(name:value:)`` for a negative,
    ///   NaN or infinite overscan.
    /// - Complexity: O(log n); O(log² n) while ``TabAlignment/fill`` widens
    ///   the tabs.
    @usableFromInline package func visibleTabs(atContentOffset offset: Double, overscan: Double) throws(TabStripError)
        -> Range<Int>
    {
        let span = try physicalSpan(atContentOffset: offset, overscan: overscan)
        if _hasPinnedTabs { return unpinnedTabs(uncheckedOffset: offset, overscan: overscan) }
        return tabs(overlappingPhysical: span.start, end: span.end)
    }

    /// ``visibleTabs(atContentOffset:overscan:)`` for inputs the caller
    /// knows are valid (a finite offset, a finite overscan `>= 0`): the
    /// engine's own path.
    /// - Complexity: as ``visibleTabs(atContentOffset:overscan:)``.
    @inline(__always)
    func visibleTabs(uncheckedOffset offset: Double, overscan: Double) -> Range<Int> {
        if _hasPinnedTabs { return unpinnedTabs(uncheckedOffset: offset, overscan: overscan) }
        return tabs(overlappingPhysical: offset - overscan, end: offset + viewport.width + overscan)
    }

    /// The tabs that can keep their place on screen through a change: the
    /// unpinned tabs overlapping the viewport at `offset` (finite), those
    /// under pinned tabs included (a pinned tab's place on screen does not
    /// follow the content, and pinned tabs may cover the whole viewport).
    /// Without pinned tabs, the visible range without overscan.
    /// - Complexity: O(log n).
    func anchorCandidates(uncheckedOffset offset: Double) -> Range<Int> {
        let found = tabs(overlappingPhysical: offset, end: offset + viewport.width)
        return _hasPinnedTabs ? unpinned(found) : found
    }

    /// The physical span `[offset - overscan, offset + viewport.width +
    /// overscan)` the queries at an explicit offset search, after checking
    /// their inputs.
    /// - Throws: ``TabStripError/invalidOffset(_:)`` for a NaN or infinite
    ///   offset; ``TabStripError/invalidValue(name:value:)`` for an overscan
    ///   that is negative, NaN or past ``TabStripLimits/maximumLength``.
    @inline(__always)
    func physicalSpan(atContentOffset offset: Double, overscan: Double) throws(TabStripError) -> (
        start: Double, end: Double
    ) {
        guard offset.isFinite else { throw .invalidOffset(offset) }
        try TabStripError.requireLength(overscan, "overscan")
        return (offset - overscan, offset + viewport.width + overscan)
    }

    /// ``visibleTabs(atContentOffset:overscan:)``, with exactly the same
    /// result, found by searching outwards from `hint` (finger search from
    /// the range of the previous frame, without a cursor): the benchmark's
    /// figure for that search. Any hint is correct; only the cost depends
    /// on how far the answer lies from it.
    /// - Throws: as ``visibleTabs(atContentOffset:overscan:)``.
    /// - Complexity: O(log d) for an answer d tabs from the hint.
    @usableFromInline package func visibleTabs(atContentOffset offset: Double, overscan: Double, near hint: Range<Int>)
        throws(TabStripError) -> Range<Int>
    {
        let span = try physicalSpan(atContentOffset: offset, overscan: overscan)
        if _hasPinnedTabs { return unpinnedTabs(uncheckedOffset: offset, overscan: overscan) }
        return tabs(overlappingPhysical: span.start, end: span.end, near: hint)
    }

    /// ``visibleTabs(cursor:)`` at `offset` with `overscan` instead of the
    /// stored ones (for the package's tests and benchmarks).
    /// - Throws: as ``visibleTabs(atContentOffset:overscan:)``; the cursor
    ///   is then unchanged.
    /// - Complexity: as ``visibleTabs(cursor:)``.
    @usableFromInline package func visibleTabs(
        atContentOffset offset: Double, overscan: Double, cursor: inout TabRangeCursor
    )
        throws(TabStripError) -> Range<Int>
    {
        let span = try physicalSpan(atContentOffset: offset, overscan: overscan)
        if _hasPinnedTabs { return unpinnedTabs(offset: offset, overscan: overscan, cursor: &cursor) }
        return tabs(overlappingPhysical: span.start, end: span.end, cursor: &cursor)
    }

    /// ``visibleTabs``, with exactly the same result, answered from
    /// `cursor` when the span's ends lie where its last answer holds, else
    /// found by walking or searching outwards from its range (the cursor
    /// then remembers the new answer). Keep one cursor per scrolling view
    /// and pass it on every frame (see ``TabRangeCursor``).
    ///
    /// Any cursor gives the exact answer (one filled before an edit, on
    /// another strip, or at another viewport); only the cost depends on it.
    /// While ``TabAlignment/fill`` widens the tabs the cursor is not used,
    /// and is emptied.
    /// - Complexity: O(1) when the answer did not change since the
    ///   cursor's last query (four comparisons) or moved a few tabs (a
    ///   fling's frame); O(log d) for an answer d tabs from the cursor's
    ///   range; never more than O(log n) (O(log² n) while
    ///   ``TabAlignment/fill`` widens the tabs).
    @inline(__always)
    @usableFromInline package func visibleTabs(cursor: inout TabRangeCursor) -> Range<Int> {
        if _hasPinnedTabs { return unpinnedTabs(offset: contentOffset, overscan: layout.overscan, cursor: &cursor) }
        return tabs(
            overlappingPhysical: contentOffset - layout.overscan,
            end: contentOffset + viewport.width + layout.overscan, cursor: &cursor)
    }

    /// The tab under the physical content coordinate `x` (for a tap): the
    /// tab whose frame satisfies `minX <= x < maxX`, or `nil` when `x` is in
    /// a gap, an inset or outside the content.
    ///
    /// With pinned tabs (see ``PinnedTabs``), a pinned tab is hit where it
    /// is shown, and a point between the pinned tabs at one end (from the
    /// first one's edge to the last one's) hits nothing: the tabs that
    /// scrolled under them are covered.
    /// - Throws: ``TabStripError/invalidOffset(_:)`` for NaN or infinity.
    /// - Complexity: O(log² n): a binary search over frames, so the answer
    ///   agrees exactly with ``frame(ofTab:)`` in every direction and
    ///   alignment (taps are rare; the per-frame queries are O(log n));
    ///   plus O(p log n) for p pinned tabs.
    @usableFromInline package func tab(atContentX x: Double) throws(TabStripError) -> Int? {
        guard x.isFinite else { throw .invalidOffset(x) }
        guard tabCount > 0 else { return nil }
        if _hasPinnedTabs {
            switch pinnedTab(atContentX: x) {
            case .pinned(let index): return index
            case .covered: return nil
            case .free: break
            }
        }
        let ltr = layout.direction == .leftToRight
        // Left to right: the last tab starting at or before x. Right to
        // left: the last tab ending after x. Either way a monotone predicate.
        var low = 0
        var high = tabCount
        while low < high {
            let mid = low + (high - low) / 2
            let f = frame(unchecked: mid)
            if ltr ? f.minX <= x : f.maxX > x { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        let f = frame(unchecked: low - 1)
        guard f.minX <= x, x < f.maxX, !isPinned(low - 1) else { return nil }
        return low - 1
    }

    /// The tabs overlapping the physical span `[start, end)`; inputs
    /// already validated. The index answers in its own coordinates, then
    /// the answer is made exact against the frames
    /// (``exactTabs(overlappingPhysical:end:near:)``). Empty results are
    /// normalised to `k..<k`.
    @inline(__always)
    func tabs(overlappingPhysical start: Double, end: Double, near hint: Range<Int>? = nil) -> Range<Int> {
        let e = extents
        if e.extra == 0 {
            guard let span = indexSpan(ofPhysical: start, end: end, extents: e) else { return 0..<0 }
            let found = widths.edgedTabs(overlapping: span.start, end: span.end, near: hint)
            if found.holds(span.start, span.end, margin: e.margin) { return found.range }
            return exactTabs(overlappingPhysical: start, end: end, near: found.range)
        }
        return stretchedTabs(overlappingPhysical: start, end: end)
    }

    /// ``tabs(overlappingPhysical:end:near:)`` answered through `cursor`.
    @inline(__always)
    func tabs(overlappingPhysical start: Double, end: Double, cursor: inout TabRangeCursor) -> Range<Int> {
        switch cursorStep(overlappingPhysical: start, end: end, cursor: &cursor) {
        case .answered(let range): return range
        case .search(let spanStart, let spanEnd):
            return searchedTabs(
                overlappingSpan: spanStart, end: spanEnd, physicalStart: start, physicalEnd: end, cursor: &cursor)
        case .stretched: return stretchedTabs(overlappingPhysical: start, end: end)
        }
    }

    /// ``visibleTabs(cursor:)`` for a caller that holds the geometry in
    /// mutable storage (``TabStrip``'s per-frame path): the same result, and
    /// nothing changes. `mutating` only so that the search, out of line,
    /// gets the geometry's address: a call of a non-mutating method on
    /// mutable storage copied the whole geometry to the stack
    /// on every frame, cursor hits included (any such call in the function
    /// does, and the copy is made on entry).
    /// - Complexity: as ``visibleTabs(cursor:)``.
    @inline(__always)
    mutating func visibleTabsInPlace(cursor: inout TabRangeCursor) -> Range<Int> {
        // Pinned tabs take the path out of line: one check here.
        if _hasPinnedTabs { return unpinnedTabsInPlace(cursor: &cursor) }
        let start = contentOffset - layout.overscan
        let end = contentOffset + viewport.width + layout.overscan
        switch cursorStep(overlappingPhysical: start, end: end, cursor: &cursor) {
        case .answered(let range): return range
        case .search(let spanStart, let spanEnd):
            return searchedTabsInPlace(
                overlappingSpan: spanStart, end: spanEnd, physicalStart: start, physicalEnd: end, cursor: &cursor)
        case .stretched: return stretchedTabsInPlace(overlappingPhysical: start, end: end)
        }
    }

    /// Where a query through a cursor stands once its span is known.
    enum CursorStep {
        /// The answer, found without a search: the cursor held the span,
        /// or the span is empty.
        case answered(Range<Int>)
        /// The span `[start, end)` of the index, which the cursor does not
        /// hold.
        case search(start: Double, end: Double)
        /// Stretched tabs, which the index alone cannot answer (the cursor
        /// is cleared).
        case stretched
    }

    /// The first part of every query through `cursor`: the physical span
    /// `[start, end)` as a span of the index, answered when the cursor
    /// holds it exactly (`TabRangeCursor.holdsExactly`:
    /// spans narrowed so that the index's answer is the frames' answer).
    /// Calls nothing out of line, so that ``visibleTabsInPlace(cursor:)``
    /// copies nothing.
    @inline(__always)
    func cursorStep(overlappingPhysical start: Double, end: Double, cursor: inout TabRangeCursor) -> CursorStep {
        let e = extents
        if e.extra == 0 {
            guard let span = indexSpan(ofPhysical: start, end: end, extents: e) else {
                return .answered(0..<0)
            }
            // The index answers with empty ranges as `k..<k` already.
            if cursor.holdsExactly(span.start, span.end, revision: widths.revision, margin: e.margin) {
                return .answered(cursor.range)
            }
            return .search(start: span.start, end: span.end)
        }
        cursor = TabRangeCursor()
        return .stretched
    }

    /// The answer for a span the cursor does not hold exactly: the index's
    /// (walked or searched, remembered in `cursor`), made exact. Out of
    /// line and on the geometry, not on the index: a call on `widths` from
    /// the inlined query copied the whole index to the stack before the
    /// cursor's comparisons, on every frame.
    @inline(never)
    func searchedTabs(
        overlappingSpan start: Double, end: Double, physicalStart: Double, physicalEnd: Double,
        cursor: inout TabRangeCursor
    ) -> Range<Int> {
        walkedOrResearched(
            overlappingSpan: start, end: end, physicalStart: physicalStart, physicalEnd: physicalEnd,
            cursor: &cursor)
    }

    /// ``searchedTabs(overlappingSpan:end:physicalStart:physicalEnd:cursor:)``
    /// on mutable storage, for ``visibleTabsInPlace(cursor:)``: the same
    /// answer, with the walk inlined on the geometry's address (only a
    /// search copies it).
    @inline(never)
    mutating func searchedTabsInPlace(
        overlappingSpan start: Double, end: Double, physicalStart: Double, physicalEnd: Double,
        cursor: inout TabRangeCursor
    ) -> Range<Int> {
        walkedOrResearched(
            overlappingSpan: start, end: end, physicalStart: physicalStart, physicalEnd: physicalEnd,
            cursor: &cursor)
    }

    /// The body of both searches: the index's answer, walked from the
    /// cursor or searched (remembered in `cursor`), made exact. Always
    /// inlined, so that the mutating entry point keeps the geometry's
    /// address (a call would copy it).
    @inline(__always)
    func walkedOrResearched(
        overlappingSpan start: Double, end: Double, physicalStart: Double, physicalEnd: Double,
        cursor: inout TabRangeCursor
    ) -> Range<Int> {
        let found: Range<Int>
        if let walked = widths.walkedTabs(overlapping: start, end: end, cursor: &cursor) {
            found = walked
        } else {
            found = researchedTabs(overlappingSpan: start, end: end, cursor: &cursor)
        }
        return settled(
            found, span: (start, end), physical: (physicalStart, physicalEnd), cursor: &cursor)
    }

    /// The index's search for a span no walk from the cursor answers.
    /// Out of line for the same reason as
    /// ``searchedTabs(overlappingSpan:end:physicalStart:physicalEnd:cursor:)``:
    /// the call on `widths` copies the index.
    @inline(never)
    func researchedTabs(overlappingSpan start: Double, end: Double, cursor: inout TabRangeCursor) -> Range<Int> {
        widths.researchedTabs(overlapping: start, end: end, cursor: &cursor)
    }

    /// The exact answer from the index's answer `found` (just remembered in
    /// `cursor`) for the index span `span` of the physical span `physical`.
    /// When the span's ends lie farther than ``Extents/margin`` from
    /// the edges of the spans over which `found` holds, no frame lies
    /// within rounding of them and `found` is exact: the cursor then trusts
    /// those spans, narrowed by the margin, and the next frames inside them
    /// cost four comparisons. Otherwise the frames around `found`'s ends
    /// decide (a few frame lookups), and the cursor trusts nothing.
    /// - Complexity: O(1) away from tab edges; O(log n) within rounding of
    ///   one.
    @inline(__always)
    func settled(
        _ found: Range<Int>, span: (start: Double, end: Double), physical: (start: Double, end: Double),
        cursor: inout TabRangeCursor
    ) -> Range<Int> {
        // The cursor was just filled on this revision (an unstamped index
        // leaves its start span empty, which narrowed holds nothing).
        let margin = extents.margin
        cursor.trustExactly(narrowedBy: margin, revision: cursor.revision)
        if cursor.holdsExactly(span.start, span.end, revision: widths.revision, margin: margin) { return found }
        cursor.distrustExactly()
        return exactTabs(overlappingPhysical: physical.start, end: physical.end, near: found)
    }

    /// The span of the width index (from tab 0's leading edge) that the
    /// physical span `[start, end)` covers, or `nil` when it is not finite.
    /// Every caller validated the offset and overscan, and the stored
    /// geometry is finite, so the span is finite (checked anyway: a
    /// non-finite span shows nothing). Rounded: the index's answer for it
    /// is made exact against the frames.
    @inline(__always)
    func indexSpan(ofPhysical start: Double, end: Double, extents e: Extents) -> (start: Double, end: Double)? {
        let leftToRight = layout.direction == .leftToRight
        let spanStart = (leftToRight ? start : e.content - end) - e.origin
        let spanEnd = (leftToRight ? end : e.content - start) - e.origin
        guard spanStart.isFinite, spanEnd.isFinite, spanEnd >= spanStart else { return nil }
        return (spanStart, spanEnd)
    }

    /// Whether tab `i`'s frame lies wholly on tab 0's side of the physical
    /// span `[start, end)` (it ends at or before the span's start, or in
    /// right to left starts at or after its end), and whether it lies
    /// wholly on the other side. A tab overlaps the span exactly when
    /// neither holds: `minX < end && maxX > start`.
    @inline(__always)
    func frameSides(ofTab i: Int, start: Double, end: Double) -> (before: Bool, after: Bool) {
        let (leading, width) = widths.position(ofTab: i)
        let leftToRight = layout.direction == .leftToRight
        let f = Self.frame(
            index: i, leadingOffset: leading, width: width, extents: extents, leftToRight: leftToRight,
            height: viewport.height)
        let endsBeforeStart = f.maxX <= start
        let startsAfterEnd = f.minX >= end
        return leftToRight ? (endsBeforeStart, startsAfterEnd) : (startsAfterEnd, endsBeforeStart)
    }

    /// The tabs whose frames overlap the physical span `[start, end)`,
    /// found from `approximate` (the index's answer, off by at most the
    /// tabs whose edges lie within rounding of the span's ends) by moving
    /// each end while the frames say so.
    /// - Complexity: O(log n) per tab moved over, and two lookups per end.
    @inline(never)
    func exactTabs(overlappingPhysical start: Double, end: Double, near approximate: Range<Int>) -> Range<Int> {
        let n = tabCount
        var lower = Swift.min(Swift.max(approximate.lowerBound, 0), n)
        while lower > 0, !frameSides(ofTab: lower - 1, start: start, end: end).before { lower -= 1 }
        while lower < n, frameSides(ofTab: lower, start: start, end: end).before { lower += 1 }
        var upper = Swift.min(Swift.max(approximate.upperBound, lower), n)
        while upper > lower, frameSides(ofTab: upper - 1, start: start, end: end).after { upper -= 1 }
        while upper < n, !frameSides(ofTab: upper, start: start, end: end).after { upper += 1 }
        return lower < upper ? lower..<upper : upper..<upper
    }

    /// Binary search over frames when fill alignment adds width to each
    /// tab (the index alone no longer knows where tabs are), with the same
    /// frame comparisons as ``exactTabs(overlappingPhysical:end:near:)``.
    /// (Out of line: inlined into the queries, its calls on `widths` made
    /// them copy the index to the stack on every frame.)
    @inline(never)
    func stretchedTabs(overlappingPhysical start: Double, end: Double) -> Range<Int> {
        var low = 0
        var high = tabCount
        while low < high {
            let mid = low + (high - low) / 2
            if frameSides(ofTab: mid, start: start, end: end).before { low = mid + 1 } else { high = mid }
        }
        let first = low
        high = tabCount
        while low < high {
            let mid = low + (high - low) / 2
            if frameSides(ofTab: mid, start: start, end: end).after { high = mid } else { low = mid + 1 }
        }
        return first < low ? first..<low : low..<low
    }

    /// ``stretchedTabs(overlappingPhysical:end:)`` on mutable storage, for
    /// ``visibleTabsInPlace(cursor:)``: the same answer; the copy of the
    /// geometry that the call needs is made here, on this path only.
    @inline(never)
    mutating func stretchedTabsInPlace(overlappingPhysical start: Double, end: Double) -> Range<Int> {
        stretchedTabs(overlappingPhysical: start, end: end)
    }
}

// MARK: - Target offsets

extension TabStripGeometry {
    /// The resting offset that centres tab `index` in the viewport, clamped
    /// to ``contentOffsetRange`` (a news title bar's rule: `centerX - viewport / 2`, clamped
    /// to `[0, content - viewport]`).
    ///
    /// With pinned tabs (see ``PinnedTabs``) an unpinned tab is centred in
    /// the part of the viewport the pinned ones leave
    /// (``pinnedCover``), and a pinned tab, always in view, keeps the
    /// current offset (clamped).
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)``.
    /// - Complexity: O(log n).
    @usableFromInline package func contentOffset(centeringTab index: Int) throws(TabStripError) -> Double {
        try TabStripError.requireIndex(index, in: tabCount)
        let f = frame(unchecked: index)
        if _hasPinnedTabs {
            if isPinned(index) { return clamped(contentOffset) }
            let cover = pinnedCover
            return clamped(f.midX - (cover.left + (viewport.width - cover.left - cover.right) / 2))
        }
        return clamped(f.midX - viewport.width / 2)
    }

    /// The offset nearest to the current one that shows tab `index` with
    /// `margin` points to spare on each side (Douyin's header uses 30), clamped to
    /// ``contentOffsetRange``. When the tab and its margins are wider than the
    /// viewport, the margins shrink (equally) so that the tab is shown whole;
    /// a tab wider than the viewport shows its leading edge.
    ///
    /// With pinned tabs (see ``PinnedTabs``) an unpinned tab is revealed in
    /// the part of the viewport the pinned ones leave (``pinnedCover``),
    /// and a pinned tab, always in view, keeps the current offset
    /// (clamped).
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)``, or
    ///   ``TabStripError/invalidValue(name:value:)`` for a negative or
    ///   non-finite margin.
    /// - Complexity: O(log n).
    @usableFromInline package func contentOffset(revealingTab index: Int, margin: Double) throws(TabStripError)
        -> Double
    {
        try TabStripError.requireLength(margin, "margin")
        try TabStripError.requireIndex(index, in: tabCount)
        if _hasPinnedTabs, isPinned(index) { return clamped(contentOffset) }
        let f = frame(unchecked: index)
        // The window the tab is revealed in: the viewport less what the
        // pinned tabs cover (nothing without pinned tabs).
        let cover = pinnedCover
        let window = Swift.max(0, viewport.width - cover.left - cover.right)
        let spare = Swift.min(margin, Swift.max(0, (window - f.width) / 2))
        let low = f.minX - spare
        let high = f.maxX + spare
        var target = contentOffset
        if high - low > window {
            target = layout.direction == .leftToRight ? low - cover.left : high - (viewport.width - cover.right)
        } else if low < target + cover.left {
            target = low - cover.left
        } else if high > target + (viewport.width - cover.right) {
            target = high - (viewport.width - cover.right)
        }
        return clamped(target)
    }

    /// The resting offset that puts tab `index`'s leading edge (left in
    /// left-to-right layouts, right in right-to-left ones) at the
    /// viewport's leading edge, or with `trailing` its trailing edge at the
    /// viewport's trailing edge, clamped to ``contentOffsetRange``. With
    /// pinned tabs, the edges are those of the part of the viewport they
    /// leave, and a pinned tab keeps the current offset (clamped).
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)``.
    /// - Complexity: O(log n).
    func contentOffset(aligningTab index: Int, trailing: Bool) throws(TabStripError) -> Double {
        try TabStripError.requireIndex(index, in: tabCount)
        if _hasPinnedTabs, isPinned(index) { return clamped(contentOffset) }
        let f = frame(unchecked: index)
        let cover = pinnedCover
        let leftEdge = trailing != (layout.direction == .leftToRight)
        return clamped(leftEdge ? f.minX - cover.left : f.maxX - (viewport.width - cover.right))
    }
}

// MARK: - Changes

extension TabStripGeometry {
    /// Moves the viewport. Any finite offset up to
    /// ``TabStripLimits/maximumOffset`` in magnitude is accepted (a bouncing
    /// scroll view goes past the ends); use ``contentOffsetRange`` to clamp.
    /// - Throws: ``TabStripError/invalidOffset(_:)`` for NaN or infinity,
    ///   ``TabStripError/lengthExceedsLimit(name:value:limit:)`` (name
    ///   `"offset"`) beyond the bound; nothing changes.
    /// - Complexity: O(1).
    @usableFromInline package mutating func setContentOffset(_ offset: Double) throws(TabStripError) {
        guard offset.isFinite else { throw .invalidOffset(offset) }
        guard offset.magnitude <= TabStripLimits.maximumOffset else {
            throw .lengthExceedsLimit(name: "offset", value: offset, limit: TabStripLimits.maximumOffset)
        }
        contentOffset = offset
    }

    /// Changes the viewport (a rotation, a resize), keeping the first visible
    /// tab where it was relative to the viewport's leading edge, then
    /// clamping the offset.
    /// - Throws: ``TabStripError/invalidViewport(width:height:)``; nothing
    ///   changes.
    /// - Complexity: O(log n).
    @usableFromInline package mutating func setViewport(_ newViewport: Viewport) throws(TabStripError) {
        try newViewport.validate()
        let anchor = captureAnchor()
        viewport = newViewport
        refreshExtents()
        restore(anchor, mapping: { $0 })
    }

    /// Changes insets, spacing, direction, alignment or overscan, keeping
    /// the first visible tab in place.
    /// - Throws: ``TabStripError/lengthExceedsLimit(name:value:limit:)`` (name `"contentWidth"`) or ``TabStripError/countExceedsLimit(name:value:limit:)`` (name `"tabCount"`) past ``TabStripLimits``; ``TabStripError/invalidValue(name:value:)``; nothing changes.
    /// - Complexity: O(log n).
    @usableFromInline package mutating func setLayout(_ newLayout: TabStripLayout) throws(TabStripError) {
        try newLayout.validate()
        try Self.requireContent(
            tabCount: tabCount, natural: Self.naturalWidth(count: tabCount, sum: sumOfWidths, layout: newLayout))
        let anchor = captureAnchor()
        let directionChanged = newLayout.direction != layout.direction
        try widths.setSpacing(newLayout.spacing)
        layout = newLayout
        refreshExtents()
        if directionChanged {
            contentOffset = startOffset
        } else {
            restore(anchor, mapping: { $0 })
        }
    }

    /// Sets one tab's width, keeping the first visible tab on screen.
    /// - Throws: ``TabStripError/lengthExceedsLimit(name:value:limit:)`` (name `"contentWidth"`) or ``TabStripError/countExceedsLimit(name:value:limit:)`` (name `"tabCount"`) past ``TabStripLimits``; ``TabStripError/indexOutOfRange(index:count:)`` or
    ///   ``TabStripError/invalidWidth(index:value:)``; nothing changes.
    /// - Complexity: that of ``TabWidths/setWidth(_:ofTab:)`` plus O(log n).
    @usableFromInline package mutating func setWidth(_ width: Double, ofTab index: Int) throws(TabStripError) {
        try TabStripError.requireIndex(index, in: tabCount)
        if width >= 0, width <= TabStripLimits.maximumLength {
            let old = try widths.width(ofTab: index)
            try Self.requireContent(tabCount: tabCount, natural: naturalContentWidth - old + width)
        }
        let anchor = captureAnchor()
        try widths.setWidth(width, ofTab: index)
        refreshExtents()
        restore(anchor, mapping: { $0 })
    }

    /// Inserts tabs so that the first gets index `index`, keeping the first
    /// visible tab on screen (the content offset moves by the width inserted
    /// before it).
    /// - Throws: ``TabStripError/lengthExceedsLimit(name:value:limit:)`` (name `"contentWidth"`) or ``TabStripError/countExceedsLimit(name:value:limit:)`` (name `"tabCount"`) past ``TabStripLimits``; ``TabStripError/indexOutOfRange(index:count:)`` or
    ///   ``TabStripError/invalidWidth(index:value:)``; nothing changes.
    /// - Complexity: that of ``TabWidths/insertTabs(widths:at:)`` plus O(log n).
    @usableFromInline package mutating func insertTabs<C: Collection>(widths newWidths: C, at index: Int)
        throws(TabStripError)
    where C.Element == Double {
        try TabStripError.requireInsertionIndex(index, in: tabCount)
        try TabStripError.requireCount(
            tabCount, adding: newWidths.count, atMost: TabStripLimits.maximumCount, "tabCount")
        if let added = Self.validSum(newWidths) {
            let count = tabCount + newWidths.count
            try Self.requireContent(
                tabCount: count, natural: Self.naturalWidth(count: count, sum: sumOfWidths + added, layout: layout))
        }
        let anchor = captureAnchor()
        try widths.insertTabs(widths: newWidths, at: index)
        refreshExtents()
        let inserted = newWidths.count
        restore(anchor, mapping: { $0 >= index ? $0 + inserted : $0 })
    }

    /// Removes the tabs in `range`, keeping the first visible tab on screen;
    /// when it is removed, the first tab after the range takes its place.
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)``; nothing
    ///   changes.
    /// - Complexity: that of ``TabWidths/removeTabs(in:)`` plus O(log n).
    @usableFromInline package mutating func removeTabs(in range: Range<Int>) throws(TabStripError) {
        let anchor = captureAnchor()
        try widths.removeTabs(in: range)
        refreshExtents()
        restore(
            anchor,
            mapping: { i in
                if i < range.lowerBound { return i }
                if i >= range.upperBound { return i - range.count }
                return range.lowerBound
            })
    }

    /// Moves tab `source` so that it ends up at index `destination`, keeping
    /// the first visible tab on screen. Moving a tab onto itself changes
    /// nothing.
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)`` naming the
    ///   bad index; nothing changes.
    /// - Complexity: two edits of the width index plus O(log n).
    @usableFromInline package mutating func moveTab(from source: Int, to destination: Int) throws(TabStripError) {
        try TabStripError.requireIndex(source, in: tabCount)
        try TabStripError.requireIndex(destination, in: tabCount)
        guard source != destination else { return }
        let anchor = captureAnchor()
        let width = try widths.width(ofTab: source)
        var moved = widths
        try moved.removeTabs(in: source..<(source + 1))
        try moved.insertTabs(widths: CollectionOfOne(width), at: destination)
        widths = moved
        refreshExtents()
        restore(anchor, mapping: { TabStripGeometry.index($0, afterMovingFrom: source, to: destination) })
    }

    /// Replaces every width. The content offset is clamped; no tab is
    /// anchored (the tabs are new).
    /// - Throws: ``TabStripError/lengthExceedsLimit(name:value:limit:)`` (name `"contentWidth"`) or ``TabStripError/countExceedsLimit(name:value:limit:)`` (name `"tabCount"`) past ``TabStripLimits``; ``TabStripError/invalidWidth(index:value:)``; nothing changes.
    /// - Complexity: O(n).
    @usableFromInline package mutating func replaceAllWidths<S: Sequence>(_ newWidths: S) throws(TabStripError)
    where S.Element == Double {
        let all = Array(newWidths)
        if let sum = Self.validSum(all) {
            try Self.requireContent(
                tabCount: all.count, natural: Self.naturalWidth(count: all.count, sum: sum, layout: layout))
        }
        try widths.replaceAllWidths(all)
        refreshExtents()
        contentOffset = clamped(contentOffset)
    }

    /// Gives every tab the width `width` (see
    /// ``TabWidths/replaceAll(repeating:)``), the offset clamped.
    /// - Throws: ``TabStripError/invalidWidth(index:value:)``,
    ///   ``TabStripError/lengthExceedsLimit(name:value:limit:)`` (name
    ///   `"contentWidth"`); nothing changes.
    /// - Complexity: O(n / B).
    mutating func replaceAllWidths(repeating width: Double) throws(TabStripError) {
        let n = tabCount
        if n > 0, width.isFinite, width >= 0 {
            try Self.requireContent(
                tabCount: n, natural: Self.naturalWidth(count: n, sum: width * Double(n), layout: layout))
        }
        try widths.replaceAll(repeating: width)
        refreshExtents()
        contentOffset = clamped(contentOffset)
    }

    /// Puts back a viewport, a layout (its spacing in the widths) and an
    /// offset that this geometry had, as they were: no anchoring, no check.
    mutating func restore(viewport: Viewport, layout: TabStripLayout, offset: Double) {
        self.viewport = viewport
        if layout.spacing != self.layout.spacing {
            // A spacing it had: valid.
            try? widths.setSpacing(layout.spacing)
        }
        self.layout = layout
        refreshExtents()
        contentOffset = offset
    }

    /// Edits the widths in place with `body`, then brings the extents up
    /// to date; the caller validates, and anchors the screen after.
    /// - Complexity: that of `body`, plus O(1).
    mutating func editWidths<E: Error>(_ body: (inout TabWidths) throws(E) -> Void) throws(E) {
        defer { refreshExtents() }
        try body(&widths)
    }

    /// Where index `i` ends up when the tab at `source` moves to `destination`.
    @usableFromInline
    package static func index(_ i: Int, afterMovingFrom source: Int, to destination: Int) -> Int {
        if i == source { return destination }
        if source < destination, i > source, i <= destination { return i - 1 }
        if destination < source, i >= destination, i < source { return i + 1 }
        return i
    }
}

// MARK: - Scroll anchoring

extension TabStripGeometry {
    /// The first tab overlapping the viewport (no overscan) and how far its
    /// leading edge is from the viewport's leading edge, in logical
    /// coordinates.
    struct Anchor {
        var tab: Int
        var distance: Double
    }

    func captureAnchor() -> Anchor? {
        // The stored offset is finite.
        let range = anchorCandidates(uncheckedOffset: contentOffset)
        guard !range.isEmpty else { return nil }
        let f = frame(unchecked: range.lowerBound)
        return Anchor(tab: range.lowerBound, distance: logicalLeading(of: f) - logicalViewportStart)
    }

    /// Puts the anchored tab (at its new index) back at the same distance
    /// from the viewport's leading edge, then clamps.
    mutating func restore(_ anchor: Anchor?, mapping: (Int) -> Int) {
        guard let anchor, tabCount > 0 else {
            contentOffset = clamped(contentOffset)
            return
        }
        let tab = Swift.min(mapping(anchor.tab), tabCount - 1)
        guard tab >= 0 else { return }
        let f = frame(unchecked: tab)
        let logicalStart = logicalLeading(of: f) - anchor.distance
        let physical =
            layout.direction == .leftToRight
            ? logicalStart
            : contentWidth - logicalStart - viewport.width
        contentOffset = clamped(physical)
    }

    var logicalViewportStart: Double {
        layout.direction == .leftToRight ? contentOffset : contentWidth - contentOffset - viewport.width
    }

    func logicalLeading(of frame: Rect) -> Double {
        layout.direction == .leftToRight ? frame.minX : contentWidth - frame.maxX
    }
}

// MARK: - Corrections

extension TabStripGeometry {
    /// The widths of the tabs of `range` (within `0...tabCount`).
    /// - Complexity: O(log n + k) for k tabs.
    func widths(of range: Range<Int>) -> [Double] {
        var result: [Double] = []
        result.reserveCapacity(range.count)
        widths.appendWidths(of: range, to: &result)
        return result
    }

    /// Gives the tabs from `index` on the widths `newWidths` (each valid,
    /// the run within the strip), without anchoring: the caller keeps the
    /// screen still.
    /// - Throws: ``TabStripError/lengthExceedsLimit(name:value:limit:)``
    ///   (name `"contentWidth"`) when the content would pass its bound;
    ///   nothing changes.
    /// - Complexity: O(log n + k + t(B + G + m / G)) for k widths over t
    ///   blocks (see `TabWidths.setWidths(_:from:)`).
    mutating func correctWidths(_ newWidths: [Double], from index: Int) throws(TabStripError) {
        var old = 0.0
        widths.forEachWidthRun(in: index..<(index + newWidths.count)) { run in
            for width in run { old += width }
        }
        try correctWidths(newWidths, replacingTotal: old, from: index)
    }

    /// ``correctWidths(_:from:)`` given the widths the tabs have now
    /// (`oldWidths`, as many as `newWidths`).
    /// - Complexity: as ``correctWidths(_:from:)``.
    mutating func correctWidths(_ newWidths: [Double], replacing oldWidths: [Double], from index: Int)
        throws(TabStripError)
    {
        precondition(oldWidths.count == newWidths.count, "a width for every tab replaced")
        var old = 0.0
        for width in oldWidths { old += width }
        try correctWidths(newWidths, replacingTotal: old, from: index)
    }

    /// ``correctWidths(_:from:)`` given the sum of the widths the tabs have
    /// now, added from the first tab on (as the new widths are summed).
    private mutating func correctWidths(_ newWidths: [Double], replacingTotal old: Double, from index: Int)
        throws(TabStripError)
    {
        var new = 0.0
        for width in newWidths { new += width }
        if new > old {
            try Self.requireContent(tabCount: tabCount, natural: naturalContentWidth - old + new)
        }
        setWidthsUnchecked(newWidths, from: index)
    }

    /// ``correctWidths(_:from:)`` for widths known to keep the content
    /// within its bound (the widths a correction replaced, put back).
    mutating func setWidthsUnchecked(_ newWidths: [Double], from index: Int) {
        newWidths.withUnsafeBufferPointer { widths.setWidths($0, from: index) }
        refreshExtents()
    }

    /// The physical x of tab `index`'s leading edge on screen (its frame's
    /// `minX` less the content offset), the position a correction must not
    /// move.
    /// - Complexity: O(log n).
    func screenX(ofTab index: Int) -> Double {
        frame(unchecked: index).minX - contentOffset
    }
}
