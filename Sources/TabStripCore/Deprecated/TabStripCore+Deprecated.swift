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
