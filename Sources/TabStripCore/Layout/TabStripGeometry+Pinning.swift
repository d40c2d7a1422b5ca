/// Pinned tabs: the tabs at each end that stay in view (see
/// ``PinnedTabs``).
extension TabStripGeometry {
    /// Pins tabs at each end of the strip; the content offset is kept.
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` (name
    ///   `"pinnedTabs.leading"` or `"pinnedTabs.trailing"`) for a negative
    ///   count; ``TabStripError/tooManyPinnedTabs(leading:trailing:tabCount:)``
    ///   when they add up to more than ``tabCount``;
    ///   ``TabStripError/countExceedsLimit(name:value:limit:)`` (name
    ///   `"pinnedTabs"`) for more than ``TabStripLimits/maximumVisibleCells``
    ///   pinned tabs (each has a cell at all times). Nothing changes.
    /// - Complexity: O(1).
    public mutating func setPinnedTabs(_ pins: PinnedTabs) throws(TabStripError) {
        try Self.validate(pins, tabCount: tabCount)
        _pinCounts = UInt32(pins.leading) | UInt32(pins.trailing) << 16
    }

    /// The tabs pinned at each end, as set (see ``PinnedTabs``;
    /// ``pinnedTabRanges`` gives the tabs pinned now).
    /// - Complexity: O(1).
    public var pinnedTabs: PinnedTabs {
        PinnedTabs(leading: Int(_pinCounts & 0xFFFF), trailing: Int(_pinCounts >> 16))
    }

    /// Whether any pinned count is set: the one check the per-frame paths
    /// make (the pinned paths then handle a strip with fewer tabs than
    /// pinned, none included).
    @inlinable var _hasPinnedTabs: Bool { _pinCounts != 0 }

    /// The pinned counts in effect on a strip of `tabCount` tabs, from the
    /// packed ``_pinCounts``: the leading count served first.
    @inline(__always)
    static func pinnedCounts(_ packed: UInt32, tabCount: Int) -> (leading: Int, trailing: Int) {
        let leading = Swift.min(Int(packed & 0xFFFF), tabCount)
        return (leading, Swift.min(Int(packed >> 16), tabCount - leading))
    }

    /// Throws unless `pins` are valid for a strip of `tabCount` tabs.
    static func validate(_ pins: PinnedTabs, tabCount: Int) throws(TabStripError) {
        guard pins.leading >= 0 else { throw .invalidValue(name: "pinnedTabs.leading", value: Double(pins.leading)) }
        guard pins.trailing >= 0 else {
            throw .invalidValue(name: "pinnedTabs.trailing", value: Double(pins.trailing))
        }
        guard pins.leading <= tabCount, pins.trailing <= tabCount - pins.leading else {
            throw .tooManyPinnedTabs(leading: pins.leading, trailing: pins.trailing, tabCount: tabCount)
        }
        try TabStripError.requireCount(
            pins.leading + pins.trailing, atMost: TabStripLimits.maximumVisibleCells, "pinnedTabs")
    }

    /// The tabs pinned now: the first ``PinnedTabs/leading`` tabs and the
    /// last ``PinnedTabs/trailing`` ones, fewer when the strip has fewer
    /// tabs (the leading ones served first). Both empty without pinned
    /// tabs; they never overlap.
    /// - Complexity: O(1).
    public var pinnedTabRanges: (leading: Range<Int>, trailing: Range<Int>) {
        let n = tabCount
        let counts = Self.pinnedCounts(_pinCounts, tabCount: n)
        return (0..<counts.leading, (n - counts.trailing)..<n)
    }

    /// The tabs that scroll: every tab between the leading and the
    /// trailing pinned ones (all of them without pinned tabs).
    /// - Complexity: O(1).
    package var scrollingTabs: Range<Int> {
        let pinned = pinnedTabRanges
        return pinned.leading.upperBound..<pinned.trailing.lowerBound
    }

    /// Whether tab `index` is pinned now (false for an index outside the
    /// strip).
    /// - Complexity: O(1).
    public func isPinned(_ index: Int) -> Bool {
        guard _hasPinnedTabs, index >= 0, index < tabCount else { return false }
        let counts = Self.pinnedCounts(_pinCounts, tabCount: tabCount)
        return index < counts.leading || index >= tabCount - counts.trailing
    }

    /// How far the pinned tabs reach into the viewport from its left and
    /// right edges (physical: in a right-to-left layout the leading ones
    /// cover the right), up to the spacing after them: the width the
    /// visible range, centring and revealing leave out. `(0, 0)` without
    /// pinned tabs.
    /// - Complexity: O(log n) with pinned tabs, O(1) without.
    public var pinnedCover: (left: Double, right: Double) {
        guard _hasPinnedTabs else { return (0, 0) }
        let (leading, trailing) = pinnedTabRanges
        let leftToRight = layout.direction == .leftToRight
        let content = extents.content
        // Logical widths from each end of the content.
        var lead = 0.0
        var trail = 0.0
        if let last = leading.last {
            let f = frame(unchecked: last)
            lead = (leftToRight ? f.maxX : content - f.minX) + layout.spacing
        }
        if let first = trailing.first {
            let f = frame(unchecked: first)
            trail = (leftToRight ? content - f.minX : f.maxX) + layout.spacing
        }
        return leftToRight ? (lead, trail) : (trail, lead)
    }

    /// How far the pinned tabs at each end are shown from their place in
    /// the content at the current offset (physical x): a leading one by
    /// how far the viewport's leading edge is past the content's leading
    /// end, a trailing one by how far its trailing edge is before the
    /// content's trailing end (0 past either end: a bounce carries them).
    var pinShifts: (leading: Double, trailing: Double) {
        Self.pinShifts(
            content: extents.content, offset: contentOffset, viewportWidth: viewport.width,
            leftToRight: layout.direction == .leftToRight)
    }

    /// ``pinShifts`` from the scalars it depends on.
    @inline(__always)
    static func pinShifts(content: Double, offset: Double, viewportWidth: Double, leftToRight: Bool) -> (
        leading: Double, trailing: Double
    ) {
        let start = leftToRight ? offset : content - offset - viewportWidth
        let lead = Swift.max(0, start)
        let trail = Swift.max(0, content - start - viewportWidth)
        return leftToRight ? (lead, -trail) : (-lead, trail)
    }

    /// How far tab `index` is shown from its place in the content (0 for
    /// an unpinned tab).
    /// - Complexity: O(1).
    @usableFromInline @inline(__always)
    func pinShift(ofTab index: Int) -> Double {
        // Scalars only: a call taking the geometry copied it (retaining its
        // storage) on every indicator frame, pinned tabs or not.
        Self.pinShift(
            ofTab: index, tabCount: widths.tabCount, pinCounts: _pinCounts, content: currentExtents.content,
            offset: contentOffset, viewportWidth: viewport.width, leftToRight: layout.direction == .leftToRight)
    }

    /// ``pinShift(ofTab:)`` from the scalars it depends on.
    @usableFromInline @inline(never)
    static func pinShift(
        ofTab index: Int, tabCount: Int, pinCounts: UInt32, content: Double, offset: Double,
        viewportWidth: Double, leftToRight: Bool
    ) -> Double {
        let counts = pinnedCounts(pinCounts, tabCount: tabCount)
        let shifts = pinShifts(content: content, offset: offset, viewportWidth: viewportWidth, leftToRight: leftToRight)
        if index < counts.leading { return shifts.leading }
        if index >= tabCount - counts.trailing { return shifts.trailing }
        return 0
    }

    /// The span `[offset - overscan + cover.left, offset + viewport.width
    /// + overscan - cover.right)` the unpinned tabs are looked for in, or
    /// `nil` when the pinned tabs cover it whole (they are wider than the
    /// viewport and its overscan: no unpinned tab is visible).
    @inline(__always)
    func freeSpan(offset: Double, overscan: Double, cover: (left: Double, right: Double)) -> (
        start: Double, end: Double
    )? {
        let start = offset - overscan + cover.left
        let end = offset + viewport.width + overscan - cover.right
        return end > start ? (start, end) : nil
    }

    /// The unpinned tabs overlapping the ``freeSpan(offset:overscan:cover:)``:
    /// the visible range with pinned tabs (inputs valid).
    /// - Complexity: as ``visibleTabs``.
    @inline(never)
    func unpinnedTabs(uncheckedOffset offset: Double, overscan: Double) -> Range<Int> {
        guard let span = freeSpan(offset: offset, overscan: overscan, cover: pinnedCover) else {
            return unpinned(0..<0)
        }
        return unpinned(tabs(overlappingPhysical: span.start, end: span.end))
    }

    /// ``unpinnedTabs(uncheckedOffset:overscan:)`` answered through `cursor`.
    @inline(never)
    func unpinnedTabs(offset: Double, overscan: Double, cursor: inout TabRangeCursor) -> Range<Int> {
        unpinnedTabs(offset: offset, overscan: overscan, cover: pinnedCover, cursor: &cursor)
    }

    /// ``unpinnedTabs(offset:overscan:cursor:)`` given the current
    /// ``pinnedCover``.
    @inline(__always)
    func unpinnedTabs(
        offset: Double, overscan: Double, cover: (left: Double, right: Double), cursor: inout TabRangeCursor
    ) -> Range<Int> {
        guard let span = freeSpan(offset: offset, overscan: overscan, cover: cover) else { return unpinned(0..<0) }
        return unpinned(tabs(overlappingPhysical: span.start, end: span.end, cursor: &cursor))
    }

    /// ``unpinnedTabs(offset:overscan:cursor:)`` at the stored offset and
    /// overscan, on mutable storage (a non-mutating call in
    /// ``visibleTabsInPlace(cursor:)`` would copy the geometry on every
    /// frame, pinned tabs or not).
    @inline(never)
    mutating func unpinnedTabsInPlace(cursor: inout TabRangeCursor) -> Range<Int> {
        unpinnedTabsInPlace(cursor: &cursor, cover: pinnedCover)
    }

    /// ``unpinnedTabsInPlace(cursor:)`` given the current ``pinnedCover``
    /// (a virtualiser keeps it between updates: a scroll does not change
    /// it, and finding it costs two frame lookups).
    @usableFromInline @inline(never)
    mutating func unpinnedTabsInPlace(cursor: inout TabRangeCursor, cover: (left: Double, right: Double))
        -> Range<Int>
    {
        unpinnedTabs(offset: contentOffset, overscan: layout.overscan, cover: cover, cursor: &cursor)
    }

    /// `found` without the pinned tabs (a run of tabs; an empty result is
    /// `k..<k` with `k` among the unpinned positions).
    func unpinned(_ found: Range<Int>) -> Range<Int> {
        let scrolling = scrollingTabs
        let lower = Swift.min(Swift.max(found.lowerBound, scrolling.lowerBound), scrolling.upperBound)
        let upper = Swift.max(Swift.min(found.upperBound, scrolling.upperBound), lower)
        return lower..<upper
    }

    /// Where a point of the content lies among the pinned tabs.
    enum PinnedHit {
        /// On pinned tab `index`.
        case pinned(Int)
        /// Between the pinned tabs at one end, on none of them.
        case covered
        /// Clear of the pinned tabs.
        case free
    }

    /// Where the physical content coordinate `x` lies among the pinned
    /// tabs as shown now.
    /// - Complexity: O(p log n) for p pinned tabs.
    func pinnedTab(atContentX x: Double) -> PinnedHit {
        let (leading, trailing) = pinnedTabRanges
        let hit = pinnedTab(atContentX: x, in: leading)
        if case .free = hit { return pinnedTab(atContentX: x, in: trailing) }
        return hit
    }

    /// ``pinnedTab(atContentX:)`` among the pinned tabs of `run`.
    private func pinnedTab(atContentX x: Double, in run: Range<Int>) -> PinnedHit {
        var low = Double.infinity
        var high = -Double.infinity
        for index in run {
            let f = shownFrame(unchecked: index)
            if f.minX <= x, x < f.maxX { return .pinned(index) }
            low = Swift.min(low, f.minX)
            high = Swift.max(high, f.maxX)
        }
        return low <= x && x < high ? .covered : .free
    }
}
