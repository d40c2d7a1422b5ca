/// Pinned tabs: the tabs at each end that stay in view while the others
/// scroll under them (see ``PinnedTabs``).
extension TabStrip {
    /// The tabs pinned at each end, as set (see ``pinnedTabRanges`` for the
    /// tabs pinned now).
    /// - Complexity: O(1).
    public var pinnedTabs: PinnedTabs { geometry.pinnedTabs }

    /// The tabs pinned now (see ``TabStripGeometry/pinnedTabRanges``).
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
    /// - Complexity: O(log n), plus the measurement of the pinned tabs.
    public mutating func setPinnedTabs(_ pins: PinnedTabs) throws(TabStripError) {
        defer { _checkAfterMutation() }
        try TabStripGeometry.validate(pins, tabCount: tabCount)
        try measuringShownTabs { strip throws(TabStripError) in try strip.geometry.setPinnedTabs(pins) }
    }
}
