import TabStripCore
import TabStripMotion

/// Edits: every one changes the strip, its cells, the pages and whatever
/// moves, together.
extension TabBar {
    /// Inserts `tabs`, each with the ID and title `id` and `title` give, so
    /// that the first gets index `index`, at `time` (see
    /// `TabStrip/insertTabs(_:id:title:at:)`): on a strip whose titles
    /// are stored or come from a source alike. Cells, pages, a jump, a page
    /// drag and a drag to reorder keep their tabs.
    /// - Throws: as `TabStrip/insertTabs(_:id:title:at:)`; a bad time;
    ///   `TabStripError/reentrantCall(operation:)` from a callback.
    ///   Nothing changes.
    /// - Complexity: that of the strip's edit plus O(v log v + live pages).
    public func insertTabs<Tabs: Collection, ID: Hashable & Sendable>(
        _ tabs: Tabs, id: (Tabs.Element) -> ID, title: (Tabs.Element) -> String, at index: Int, time: Double
    ) throws(TabStripError) {
        try call("insertTabs(_:id:title:at:time:)") { () throws(TabStripError) in
            try TabStripError.requireTime(time, notBefore: sync.lastTime)
            try virtualizer.insertTabs(tabs, id: id, title: title, at: index)
            let count = tabs.count
            try follow(at: time) { $0 >= index ? $0 + count : $0 }
        }
    }

    /// Removes the tabs of `range` at `time`. A removed selected tab passes
    /// the selection to the tab that takes its index; a removed page's
    /// drag ends; a drag of a removed tab ends.
    /// - Throws: as `TabStrip/removeTabs(in:)`; a bad time. Nothing
    ///   changes.
    /// - Complexity: that of the strip's edit plus O(v log v + live pages).
    public func removeTabs(in range: Range<Int>, at time: Double) throws(TabStripError) {
        try call("removeTabs(in:at:)") { () throws(TabStripError) in
            try TabStripError.requireTime(time, notBefore: sync.lastTime)
            try virtualizer.removeTabs(in: range)
            try follow(at: time) { i in
                if i < range.lowerBound { return i }
                if i >= range.upperBound { return i - range.count }
                return nil
            }
        }
    }

    /// Moves tab `source` to index `destination` at `time`; its cell, page,
    /// badge and selection go with it.
    /// - Throws: as `TabStrip/moveTab(from:to:)`; a bad time. Nothing
    ///   changes.
    /// - Complexity: that of the strip's edit plus O(v log v + live pages).
    public func moveTab(from source: Int, to destination: Int, at time: Double) throws(TabStripError) {
        try call("moveTab(from:to:at:)") { () throws(TabStripError) in
            try TabStripError.requireTime(time, notBefore: sync.lastTime)
            try virtualizer.moveTab(from: source, to: destination)
            try follow(at: time) { TabStripGeometry.index($0, afterMovingFrom: source, to: destination) }
        }
    }

    /// Renames tab `index` (see `TabStrip/renameTab(_:to:)`): its cell is
    /// configured again.
    /// - Throws: as `TabStrip/renameTab(_:to:)`. Nothing changes.
    /// - Complexity: one measurement plus O(log n + v).
    public func renameTab(_ index: Int, to title: String) throws(TabStripError) {
        try call("renameTab(_:to:)") { () throws(TabStripError) in try virtualizer.renameTab(index, to: title) }
    }

    /// Applies a new list by ID at `time` (changes from
    /// `TabStrip/changes(to:id:title:)` or `TabStrip/changes(toSource:)`
    /// on ``strip``, computed on this thread or another): the strip as
    /// `TabStrip/apply(_:)` keeps it, and with it the cells of kept tabs,
    /// the screen reader's focus, the cached pages (moved, not loaded
    /// again), a page drag or settle on its page, a jump to its tab, a
    /// strip animation towards its tab, and a drag to reorder of its tab.
    ///
    /// ```swift
    /// let changes = try bar.strip.changes(to: fresh, id: \.id, title: \.name)
    /// try bar.apply(changes, at: now)
    /// ```
    /// - Throws: as `TabStrip/apply(_:)` (`TabStripError/staleTabListChanges`
    ///   for changes computed on another strip or another state); a bad
    ///   time. Nothing changes.
    /// - Complexity: that of `TabStrip/apply(_:)` plus O(v log v + live
    ///   pages).
    public func apply(_ changes: TabListChanges, at time: Double) throws(TabStripError) {
        try call("apply(_:at:)") { () throws(TabStripError) in
            try TabStripError.requireTime(time, notBefore: sync.lastTime)
            try virtualizer.apply(changes)
            try follow(at: time) { changes.newIndex(ofOldIndex: $0) }
        }
    }

    /// The pages, the strip's motion and a drag to reorder follow the
    /// strip's edit: `newIndex` maps each old index to its new one.
    @usableFromInline
    func follow(at time: Double, _ newIndex: (Int) -> Int?) throws(TabStripError) {
        try sync.didEdit(newIndex: newIndex, at: time)
        try reorder.follow(newIndex: newIndex, at: time)
    }

    /// Sets or clears (`TabBadge/none`) the badge of tab `index`.
    /// - Throws: as `TabStrip/setBadge(_:ofTab:)`. Nothing changes.
    /// - Complexity: one measurement plus O(log n + v).
    public func setBadge(_ badge: TabBadge, ofTab index: Int) throws(TabStripError) {
        try call("setBadge(_:ofTab:)") { () throws(TabStripError) in try virtualizer.setBadge(badge, ofTab: index) }
    }

    /// Pins tabs at each end (see `PinnedTabs`); a drag to reorder under
    /// way ends.
    /// - Throws: as `TabStrip/setPinnedTabs(_:)`. Nothing changes.
    /// - Complexity: O(log n + v + p).
    public func setPinnedTabs(_ pins: PinnedTabs) throws(TabStripError) {
        try call("setPinnedTabs(_:)") { () throws(TabStripError) in
            try virtualizer.setPinnedTabs(pins)
            reorder.cancelForRelayout()
        }
    }

    /// Changes how widths are decided (Dynamic Type, a new font): see
    /// `TabStrip/setSizing(_:)`.
    /// - Throws: as `TabStrip/setSizing(_:)`. Nothing changes.
    /// - Complexity: that of the strip's change plus O(v).
    public func setSizing(_ sizing: TabSizing) throws(TabStripError) {
        try call("setSizing(_:)") { () throws(TabStripError) in
            try virtualizer.setSizing(sizing)
            reorder.cancelForRelayout()
        }
    }

    /// Changes the viewport (a rotation, a window resize) and, when given,
    /// the pages' width at `time`: the strip keeps its first tab in view in
    /// place and reveals the selected one; the pager keeps its page.
    /// - Throws: as `TabStrip/setViewport(_:)`;
    ///   `TabStripError/invalidValue(name:value:)` (name `"pageWidth"`); a
    ///   bad time. Nothing changes.
    /// - Complexity: O(log n + v).
    public func setViewport(_ viewport: Viewport, pageWidth: Double? = nil, at time: Double) throws(TabStripError) {
        try call("setViewport(_:pageWidth:at:)") { () throws(TabStripError) in
            try TabStripError.requireTime(time, notBefore: sync.lastTime)
            if let pageWidth {
                try TabStripError.requirePositive(pageWidth, "pageWidth")
                try TabStripError.requireLength(pageWidth, "pageWidth")
            }
            try virtualizer.setViewport(viewport)
            if let pageWidth { try sync.setPageWidth(pageWidth, at: time) }
            reorder.cancelForRelayout()
        }
    }

    /// Changes the layout (insets, spacing, direction, alignment,
    /// overscan; see `TabStrip/setLayout(_:)`).
    /// - Throws: as `TabStrip/setLayout(_:)`. Nothing changes.
    /// - Complexity: O(log n + v).
    public func setLayout(_ layout: TabStripLayout) throws(TabStripError) {
        try call("setLayout(_:)") { () throws(TabStripError) in
            try virtualizer.setLayout(layout)
            reorder.cancelForRelayout()
        }
    }

    /// Changes the title colours and scales; every cell gets its new
    /// appearance.
    /// - Complexity: O(v).
    public func setTitleStyle(_ style: TitleStyle) { virtualizer.setTitleStyle(style) }

    /// Changes the indicator's shape.
    /// - Complexity: O(log n).
    public func setIndicatorStyle(_ style: IndicatorStyle) { virtualizer.setIndicatorStyle(style) }

    /// Moves the screen reader's focus and scrolls the strip as little as
    /// possible to show the focused tab (see `TabStrip/accessibility(ofTab:)`
    /// for what is said); the selection does not change.
    /// - Returns: What the screen reader says of the focused tab.
    /// - Throws: `TabStripError/indexOutOfRange(index:count:)`; a tab to
    ///   show that cannot be measured. Nothing changes.
    /// - Complexity: O(log n + k) for k tabs entering or leaving.
    @discardableResult
    public func moveAccessibilityFocus(_ move: TabFocusMove) throws(TabStripError) -> TabAccessibility {
        try call("moveAccessibilityFocus(_:)") { () throws(TabStripError) in
            try virtualizer.moveAccessibilityFocus(move)
        }
    }

    /// Measures up to `limit` tabs still at their estimates (titles from a
    /// source) when the host is idle; see
    /// `TabStrip/measurePendingTabs(limit:)`.
    /// - Returns: How many tabs were measured.
    /// - Throws: as `TabStrip/measurePendingTabs(limit:)`. Nothing changes.
    /// - Complexity: as `TabStrip/measurePendingTabs(limit:)` plus O(v).
    @discardableResult
    public func measurePendingTabs(limit: Int) throws(TabStripError) -> Int {
        try call("measurePendingTabs(limit:)") { () throws(TabStripError) in
            try virtualizer.measurePendingTabs(limit: limit)
        }
    }

    /// Applies widths measured on another thread (see
    /// `TabStrip/applyMeasurements(_:)`).
    /// - Returns: How many tabs took their measured widths.
    /// - Throws: as `TabStrip/applyMeasurements(_:)`. Nothing changes.
    /// - Complexity: that of the strip's call plus O(v).
    @discardableResult
    public func applyMeasurements(_ measurements: TabMeasurements) throws(TabStripError) -> Int {
        try call("applyMeasurements(_:)") { () throws(TabStripError) in
            try virtualizer.applyMeasurements(measurements)
        }
    }
}
