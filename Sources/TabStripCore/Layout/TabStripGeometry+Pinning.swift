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
    @usableFromInline package mutating func setPinnedTabs(_ pins: PinnedTabs) throws(TabStripError) {
        try Self.validate(pins, tabCount: tabCount)
        _pinCounts = UInt32(pins.leading) | UInt32(pins.trailing) << 16
    }

    /// The tabs pinned at each end, as set (see ``PinnedTabs``;
    /// ``pinnedTabRanges`` gives the tabs pinned now).
    /// - Complexity: O(1).
    @usableFromInline package var pinnedTabs: PinnedTabs {
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
    @usableFromInline package var pinnedTabRanges: (leading: Range<Int>, trailing: Range<Int>) {
        let n = tabCount
        let counts = Self.pinnedCounts(_pinCounts, tabCount: n)
        return (0..<counts.leading, (n - counts.trailing)..<n)
    }

    /// The tabs that scroll: every tab between the leading and the
    /// trailing pinned ones (all of them without pinned tabs).
    /// - Complexity: O(1).
    @usableFromInline package var scrollingTabs: Range<Int> {
        let pinned = pinnedTabRanges
        return pinned.leading.upperBound..<pinned.trailing.lowerBound
    }

    /// Whether tab `index` is pinned now (false for an index outside the
    /// strip).
    /// - Complexity: O(1).
    @usableFromInline package func isPinned(_ index: Int) -> Bool {
        guard _hasPinnedTabs, index >= 0, index < tabCount else { return false }
        let counts = Self.pinnedCounts(_pinCounts, tabCount: tabCount)
        return index < counts.leading || index >= tabCount - counts.trailing
    }

    /// How far the pinned tabs reach into the viewport from its left and
    /// right edges while they stick to them (physical: in a right-to-left
    /// layout the leading ones cover the right), up to the spacing after
    /// them and with the content inset at that edge: the width that
    /// centring, revealing and aligning a tab leave out, and a drag to
    /// reorder's edge zones start from. `(0, 0)` without pinned tabs.
    /// (The visible range leaves out what the pinned tabs hide where they
    /// are shown now, see ``PinPlacement``.)
    /// - Complexity: O(log n) with pinned tabs, O(1) without.
    @usableFromInline package var pinnedCover: (left: Double, right: Double) {
        let extents = pinnedExtents
        return layout.direction == .leftToRight
            ? (extents.leading, extents.trailing) : (extents.trailing, extents.leading)
    }

    /// The logical lengths the pinned tabs take at each end of the content
    /// (see ``PinnedExtents``): two frame lookups.
    /// - Complexity: O(log n) with pinned tabs, O(1) without.
    @usableFromInline
    var pinnedExtents: PinnedExtents {
        guard _hasPinnedTabs else { return PinnedExtents() }
        let (leading, trailing) = pinnedTabRanges
        let leftToRight = layout.direction == .leftToRight
        let content = extents.content
        var result = PinnedExtents()
        if let last = leading.last {
            let f = frame(unchecked: last)
            result.leading = (leftToRight ? f.maxX : content - f.minX) + layout.spacing
            let first = frame(unchecked: 0)
            result.leadingGap = leftToRight ? first.minX : content - first.maxX
            result.hasLeading = true
        }
        if let first = trailing.first {
            let f = frame(unchecked: first)
            result.trailing = (leftToRight ? content - f.minX : f.maxX) + layout.spacing
            let last = frame(unchecked: tabCount - 1)
            result.trailingGap = leftToRight ? content - last.maxX : last.minX
            result.hasTrailing = true
        }
        return result
    }

    /// Where the pinned tabs are shown at the current offset, and what
    /// they hide (see ``PinPlacement``).
    /// - Complexity: O(log n) with pinned tabs, O(1) without.
    var pinPlacement: PinPlacement { pinPlacement(atOffset: contentOffset, extents: pinnedExtents) }

    /// ``pinPlacement`` at content offset `offset`, given the pinned
    /// extents.
    /// - Complexity: O(1).
    @usableFromInline @inline(__always)
    func pinPlacement(atOffset offset: Double, extents pins: PinnedExtents) -> PinPlacement {
        PinPlacement(
            pins, content: currentExtents.content, offset: offset, viewportWidth: viewport.width,
            leftToRight: layout.direction == .leftToRight, spacing: layout.spacing)
    }

    /// How far the pinned tabs at each end are shown from their place in
    /// the content at the current offset (physical x; see
    /// ``PinPlacement``).
    var pinShifts: (leading: Double, trailing: Double) {
        let placement = pinPlacement
        return (placement.leadingShift, placement.trailingShift)
    }

    /// How far tab `index` is shown from its place in the content (0 for
    /// an unpinned tab).
    /// - Complexity: O(log n) for a pinned tab, O(1) otherwise.
    @usableFromInline @inline(never)
    func pinShift(ofTab index: Int) -> Double {
        let counts = Self.pinnedCounts(_pinCounts, tabCount: tabCount)
        let leftToRight = layout.direction == .leftToRight
        let content = currentExtents.content
        if index < counts.leading {
            // The leading shift depends on the offset alone: no lookup
            // (the indicator under "推荐" asks on every scroll frame).
            let start = leftToRight ? contentOffset : content - contentOffset - viewport.width
            let lead = Swift.min(Swift.max(start, 0), Swift.max(0, content - viewport.width))
            return leftToRight ? lead : -lead
        }
        guard index >= tabCount - counts.trailing else { return 0 }
        return pinPlacement.trailingShift
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

    /// The unpinned tabs overlapping the ``freeSpan(offset:overscan:cover:)``
    /// at `offset`: the visible range with pinned tabs (inputs valid).
    /// - Complexity: as ``visibleTabs``.
    @inline(never)
    func unpinnedTabs(uncheckedOffset offset: Double, overscan: Double) -> Range<Int> {
        let cover = pinPlacement(atOffset: offset, extents: pinnedExtents).cover
        guard let span = freeSpan(offset: offset, overscan: overscan, cover: cover) else {
            return unpinned(0..<0)
        }
        return unpinned(tabs(overlappingPhysical: span.start, end: span.end))
    }

    /// ``unpinnedTabs(uncheckedOffset:overscan:)`` answered through `cursor`.
    @inline(never)
    func unpinnedTabs(offset: Double, overscan: Double, cursor: inout TabRangeCursor) -> Range<Int> {
        unpinnedTabs(
            offset: offset, overscan: overscan, cover: pinPlacement(atOffset: offset, extents: pinnedExtents).cover,
            cursor: &cursor)
    }

    /// ``unpinnedTabs(offset:overscan:cursor:)`` given the cover at
    /// `offset`.
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
        unpinnedTabsInPlace(cursor: &cursor, cover: pinPlacement.cover)
    }

    /// ``unpinnedTabsInPlace(cursor:)`` given the cover at the current
    /// offset (a virtualiser finds it from the pinned extents it keeps
    /// between updates: a scroll does not change them, and finding them
    /// costs two frame lookups).
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

/// The logical lengths the pinned tabs take at each end of the content:
/// from the content's leading end to the far side of the last leading
/// pinned tab, plus the spacing after it (the leading inset included), and
/// likewise from the trailing end over the trailing pinned tabs; 0 for a
/// side without pinned tabs. They change with the tabs' widths, the pins
/// and the layout, not with the offset.
@usableFromInline
struct PinnedExtents: Equatable, Sendable {
    @usableFromInline var leading = 0.0
    @usableFromInline var trailing = 0.0
    /// The room between each end of the content and its first pinned tab:
    /// the content inset, and on a strip that fits the viewport, the room
    /// its alignment leaves.
    @usableFromInline var leadingGap = 0.0
    @usableFromInline var trailingGap = 0.0
    @usableFromInline var hasLeading = false
    @usableFromInline var hasTrailing = false

    @usableFromInline init() {}
}

/// Where the pinned tabs are shown at one content offset, and how much of
/// the viewport they hide from each edge (see ``PinnedTabs``).
///
/// In logical terms (distances from the content's leading end, `start` the
/// viewport's leading edge, `room` = content − viewport the scrollable
/// length):
/// - the leading pinned tabs are shown `clamp(start, 0, room)` forward of
///   their place: stuck to the viewport's leading edge while the strip
///   scrolls, carried with the content past either end (a bounce), and
///   not moved at all on a strip too short to scroll;
/// - the trailing ones likewise `clamp(room − start, 0, room)` back from
///   theirs, but never over the leading ones: when the pinned tabs do not
///   fit the viewport together, the trailing ones follow the leading ones
///   at the layout's spacing, past the viewport's trailing edge;
/// - the pinned tabs at one end hide, from that edge of the viewport, the
///   span up to the far side of the last of them plus the spacing, when
///   they reach that edge (nothing of the strip shows between it and
///   them: no content inset at that end, or a bounce that carried them
///   past it); otherwise nothing, for tabs show between the edge and them
///   (they scroll through the inset's room).
///   The visible range leaves that span out.
@usableFromInline
struct PinPlacement {
    /// The physical shift of the leading and trailing pinned tabs.
    @usableFromInline var leadingShift: Double
    @usableFromInline var trailingShift: Double
    /// The physical widths hidden from the viewport's left and right edges.
    @usableFromInline var cover: (left: Double, right: Double)

    @usableFromInline @inline(__always)
    init(
        _ pins: PinnedExtents, content: Double, offset: Double, viewportWidth: Double, leftToRight: Bool,
        spacing: Double
    ) {
        let start = leftToRight ? offset : content - offset - viewportWidth
        let room = Swift.max(0, content - viewportWidth)
        // How far the viewport's trailing edge is from the content's end.
        let end = content - viewportWidth - start
        let lead = pins.hasLeading ? Swift.min(Swift.max(start, 0), room) : 0
        var trail = pins.hasTrailing ? Swift.min(Swift.max(end, 0), room) : 0
        if pins.hasLeading, pins.hasTrailing {
            // Never over the leading ones: at most the unpinned length
            // between the two ends, less what the leading ones moved.
            let between = content - pins.leading - pins.trailing + spacing
            trail = Swift.min(trail, Swift.max(0, between - lead))
        }
        var leadCover = 0.0
        if pins.hasLeading, pins.leadingGap + lead <= start {
            leadCover = Swift.max(0, pins.leading + lead - start)
        }
        var trailCover = 0.0
        if pins.hasTrailing, pins.trailingGap + trail <= end {
            trailCover = Swift.max(0, pins.trailing + trail - end)
        }
        if leftToRight {
            leadingShift = lead
            trailingShift = -trail
            cover = (leadCover, trailCover)
        } else {
            leadingShift = -lead
            trailingShift = trail
            cover = (trailCover, leadCover)
        }
    }
}
