/// Pinned tabs: the tabs at each end that stay in view while the others
/// scroll under them (see ``PinnedTabs``).
extension TabStrip {
    /// The tabs pinned at each end, as set (see ``pinnedTabRanges`` for the
    /// tabs pinned now).
    /// - Complexity: O(1).
    public var pinnedTabs: PinnedTabs { geometry.pinnedTabs }

    /// The tabs pinned now: the first ``PinnedTabs/leading`` and the last
    /// ``PinnedTabs/trailing`` tabs of ``pinnedTabs``, the leading count
    /// served first when there are fewer tabs than both.
    /// - Complexity: O(1).
    public var pinnedTabRanges: (leading: Range<Int>, trailing: Range<Int>) { geometry.pinnedTabRanges }

    /// Whether tab `index` is pinned now (false outside the strip).
    /// - Complexity: O(1).
    public func isPinned(_ index: Int) -> Bool { geometry.isPinned(index) }

    /// Pins the first `pins.leading` and the last `pins.trailing` tabs:
    /// they stay in view while the others scroll under them. The content
    /// offset and the selection are kept; the visible range, hit testing,
    /// the offsets that centre, reveal or align a tab, and the indicator
    /// follow. On a strip with estimated widths the pinned tabs are
    /// measured at once (they are always shown).
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` for a negative
    ///   count; ``TabStripError/tooManyPinnedTabs(leading:trailing:tabCount:)``
    ///   for more pinned tabs than ``tabCount``;
    ///   ``TabStripError/countExceedsLimit(name:value:limit:)`` (name
    ///   `"pinnedTabs"`) past ``TabStripLimits/maximumVisibleCells``;
    ///   ``TabStripError/titleUnavailable(index:)`` or
    ///   ``TabStripError/invalidWidth(index:value:)`` for a pinned tab that
    ///   cannot be measured. Nothing changes.
    /// - Complexity: O(1); on a strip whose titles come from a source,
    ///   plus the measurement of the pinned tabs and the tabs in view.
    public mutating func setPinnedTabs(_ pins: PinnedTabs) throws(TabStripError) {
        defer { _checkAfterMutation() }
        try TabStripGeometry.validate(pins, tabCount: tabCount)
        try measuringShownTabs { strip throws(TabStripError) in try strip.geometry.setPinnedTabs(pins) }
    }
}

extension TabStrip {
    /// The visible range of a strip with pinned tabs, on the strip in
    /// place, given the cover at the current offset (the virtualiser's
    /// scroll frames; see
    /// `TabStripGeometry.unpinnedTabsInPlace(cursor:cover:)`).
    /// - Complexity: as ``visibleTabs(cursor:)``.
    @usableFromInline
    mutating func unpinnedTabsInPlace(cursor: inout TabRangeCursor, cover: (left: Double, right: Double))
        -> Range<Int>
    {
        geometry.unpinnedTabsInPlace(cursor: &cursor, cover: cover)
    }
}

extension TabStrip {
    /// Where the pinned tabs are shown at the current offset and what they
    /// hide (see ``PinPlacement``), given their extents (a virtualiser
    /// keeps them between updates), and the first trailing pinned tab
    /// (`tabCount` when none is): a virtualiser's scroll frame moves each
    /// pinned cell by its side's shift. Mutating only so that the call
    /// gets the strip's address (a non-mutating call on the stored strip
    /// copies it).
    /// - Complexity: O(1).
    @usableFromInline
    mutating func pinPlacementInPlace(extents: PinnedExtents) -> (placement: PinPlacement, scrolling: Range<Int>) {
        (geometry.pinPlacement(atOffset: geometry.contentOffset, extents: extents), geometry.scrollingTabs)
    }
}
