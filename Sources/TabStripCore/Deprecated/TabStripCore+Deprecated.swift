// Names replaced when the API was made consistent (see the API conventions
// article). Each forwards to its replacement and goes away in a later
// release; the compiler's fix-it applies the new name.

extension TabStrip {
    /// Renamed ``setBadge(_:ofTab:)``.
    @available(*, deprecated, renamed: "setBadge(_:ofTab:)")
    public mutating func setBadge(_ badge: TabBadge, forTabAt index: Int) throws(TabStripError) {
        try setBadge(badge, ofTab: index)
    }

    /// Renamed ``renameTab(_:to:)``.
    @available(*, deprecated, renamed: "renameTab(_:to:)")
    public mutating func renameTab(at index: Int, to title: String) throws(TabStripError) {
        try renameTab(index, to: title)
    }
}

extension TabStripVirtualizer {
    /// Renamed ``setBadge(_:ofTab:)``.
    @available(*, deprecated, renamed: "setBadge(_:ofTab:)")
    public func setBadge(_ badge: TabBadge, forTabAt index: Int) throws(TabStripError) {
        try setBadge(badge, ofTab: index)
    }

    /// Renamed ``renameTab(_:to:)``.
    @available(*, deprecated, renamed: "renameTab(_:to:)")
    public func renameTab(at index: Int, to title: String) throws(TabStripError) {
        try renameTab(index, to: title)
    }

    /// Renamed ``cell(ofTab:)``.
    @available(*, deprecated, renamed: "cell(ofTab:)")
    public func cell(forTab index: Int) -> Host.Cell? {
        cell(ofTab: index)
    }
}

extension TabWidthIndex {
    /// Renamed ``width(ofTab:)``.
    @available(*, deprecated, renamed: "width(ofTab:)")
    @inlinable
    public func width(at index: Int) throws(TabStripError) -> Double {
        try width(ofTab: index)
    }

    /// Renamed ``leadingOffset(ofTab:)``.
    @available(*, deprecated, renamed: "leadingOffset(ofTab:)")
    @inlinable
    public func leadingOffset(of index: Int) throws(TabStripError) -> Double {
        try leadingOffset(ofTab: index)
    }

    /// Renamed ``tab(atOffset:)``.
    @available(*, deprecated, renamed: "tab(atOffset:)")
    @inlinable
    public func tab(containing offset: Double) throws(TabStripError) -> Int? {
        try tab(atOffset: offset)
    }

    /// Renamed ``setWidth(_:ofTab:)``.
    @available(*, deprecated, renamed: "setWidth(_:ofTab:)")
    @inlinable
    public mutating func setWidth(_ width: Double, at index: Int) throws(TabStripError) {
        try setWidth(width, ofTab: index)
    }

    /// Renamed ``insertTabs(widths:at:)``.
    @available(*, deprecated, renamed: "insertTabs(widths:at:)")
    @inlinable
    public mutating func insert<C: Collection>(contentsOf widths: C, at index: Int) throws(TabStripError)
    where C.Element == Double {
        try insertTabs(widths: widths, at: index)
    }

    /// Renamed ``removeTabs(in:)``.
    @available(*, deprecated, renamed: "removeTabs(in:)")
    @inlinable
    public mutating func removeSubrange(_ range: Range<Int>) throws(TabStripError) {
        try removeTabs(in: range)
    }

    /// Renamed ``replaceAllWidths(_:)``.
    @available(*, deprecated, renamed: "replaceAllWidths(_:)")
    @inlinable
    public mutating func replaceAll<S: Sequence>(with widths: S) throws(TabStripError) where S.Element == Double {
        try replaceAllWidths(widths)
    }
}
