/// The strip as a host sees it: a ``TabStrip`` plus one cell per tab in view.
///
/// When the content offset, the viewport, the selection or the tabs change,
/// the virtualiser computes the new visible range (the viewport plus the
/// layout's overscan), compares it with the previous one, recycles the cells
/// of tabs that left, takes cells for tabs that entered (first the cells
/// just released, then idle ones from the ``ReuseQueue``, and only then new
/// ones from the host), and tells the host about frames, content and
/// appearance only where they changed.
///
/// Invariants (checked by `_checkInvariants()` in tests): every visible
/// index has exactly one cell, no cell is in two places, no idle cell is
/// visible, and each visible cell's recorded frame, appearance and selected
/// state match the strip.
///
/// In steady state a scroll frame allocates nothing: the visible cells live
/// in a ring buffer that only grows when more tabs are visible than ever
/// before, and idle pools keep their capacity.
///
/// ```swift
/// let virtualizer = try TabStripVirtualizer(strip: strip, host: tabBarView)
/// // In the scroll view's callback:
/// try virtualizer.setContentOffset(scrollView.contentOffset.x)
/// ```
///
/// The virtualiser holds its host strongly, so a host passed inline
/// (`host: TabBar()`) lives as long as the virtualiser and cells keep
/// coming. A host that also stores its virtualiser forms a reference cycle:
/// whoever tears the strip down breaks it by setting ``host`` to `nil`
/// (after which changes update the strip only and no cells are made), or the
/// host keeps the virtualiser in a `weak` or `unowned` property instead.
public final class TabStripVirtualizer<Host: TabStripHost> {
    /// The strip being shown. Change it through the virtualiser's methods so
    /// the cells follow.
    /// (Read in place, without copying the strip's arrays.)
    @inlinable public var strip: TabStrip {
        _read { yield _strip }
    }
    @exclusivity(unchecked) @usableFromInline var _strip: TabStrip
    /// The object that makes, configures, places and hides cells, held
    /// strongly. Set it to `nil` to break a cycle with a host that stores
    /// the virtualiser; without a host, changes update the strip only.
    public var host: Host?

    @usableFromInline typealias Entry = VisibleCells<Host.Cell>.Entry

    @usableFromInline let cells = VisibleCells<Host.Cell>()
    @exclusivity(unchecked) @usableFromInline var reuse: ReuseQueue<Host.Cell>
    /// Cells released during the current update, handed straight to
    /// entering tabs before anything goes to the idle pools.
    @exclusivity(unchecked) @usableFromInline var scrap: [Entry] = []
    /// Entries made for tabs entering at the front, before they are
    /// prepended in reverse order.
    @exclusivity(unchecked) @usableFromInline var parked: [Entry] = []
    /// Kept entries with their new indices during a structural edit.
    @exclusivity(unchecked) @usableFromInline var remapped: [(index: Int, entry: Entry)] = []
    /// The tabs whose appearance differs from a resting, unselected tab
    /// (the selected tab, or both tabs of a transition).
    @exclusivity(unchecked) @usableFromInline var styledTabs: (Int?, Int?) = (nil, nil)
    /// The appearance of a tab at rest, unselected (most tabs), computed
    /// once per title style.
    @exclusivity(unchecked) @usableFromInline var restAppearance: TitleAppearance
    /// The indicator frame last given to the host.
    @exclusivity(unchecked) @usableFromInline var indicatorFrame: Rect?
    @exclusivity(unchecked) @usableFromInline var hasPlacedIndicator = false
    /// What the virtualiser has done.
    @inlinable public var counters: Counters { _counters }
    @exclusivity(unchecked) @usableFromInline var _counters = Counters()

    /// What the virtualiser has asked of its host so far.
    public struct Counters: Hashable, Sendable {
        /// Updates performed (one per scroll, selection or edit).
        public var updates = 0
        /// `configure` calls.
        public var configured = 0
        /// `place` calls.
        public var placed = 0
        /// `apply(_:to:)` calls.
        public var appearanceChanges = 0
        /// `placeIndicator` calls.
        public var indicatorMoves = 0
        /// The most cells visible at once.
        public var maximumVisible = 0

        /// Creates zeroed counters.
        public init() {}
    }

    /// Creates a virtualiser and shows the strip's visible tabs at once.
    /// - Parameters:
    ///   - strip: The strip to show.
    ///   - host: Makes and shows cells.
    ///   - poolLimit: The most idle cells kept per kind (`>= 0`).
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` for a negative
    ///   pool limit.
    /// - Complexity: O(log n + v) for v visible tabs.
    public init(strip: TabStrip, host: Host, poolLimit: Int = 8) throws(TabStripError) {
        self._strip = strip
        self.host = host
        self.reuse = try ReuseQueue(poolLimit: poolLimit)
        self.restAppearance = strip.titleStyle.appearance(selection: 0)
        cells.reset(startingAt: _strip.visibleTabs.lowerBound)
        update(styleChanged: true)
    }

    /// The tabs that currently have a cell.
    /// - Complexity: O(1).
    public var visibleTabs: Range<Int> { cells.tabs }

    /// The cell showing tab `index`, or `nil` when it is not visible.
    /// - Complexity: O(1).
    public func cell(ofTab index: Int) -> Host.Cell? {
        cells.tabs.contains(index) ? cells[tab: index].cell : nil
    }

    /// What the idle pools have done: cells created, reused and discarded.
    public var reuseCounters: ReuseQueue<Host.Cell>.Counters { reuse.counters }

    /// The number of idle cells across all kinds.
    public var idleCellCount: Int { reuse.idleCount }
}

// MARK: - Scrolling and selection

extension TabStripVirtualizer {
    /// Moves the viewport (the host's scroll callback). Tabs that left get
    /// recycled, tabs that entered get cells; nothing else is touched.
    /// - Throws: ``TabStripError/invalidOffset(_:)``; nothing changes.
    /// - Complexity: O(log n + k) for k tabs entering or leaving.
    @inlinable
    public func setContentOffset(_ offset: Double) throws(TabStripError) {
        try _strip.setContentOffset(offset)
        updateAfterScroll()
    }

    /// Changes the viewport (see ``TabStrip/setViewport(_:)``).
    /// - Throws: ``TabStripError/invalidViewport(width:height:)``; nothing
    ///   changes.
    /// - Complexity: O(log n + v); O(n) for equal-division sizing.
    @inlinable
    public func setViewport(_ viewport: Viewport) throws(TabStripError) {
        try _strip.setViewport(viewport)
        update(relayout: true)
    }

    /// Changes the layout (see ``TabStrip/setLayout(_:)``).
    /// - Throws: ``TabStripError/invalidValue(name:value:)``; nothing changes.
    /// - Complexity: O(log n + v); O(n) for equal-division sizing.
    @inlinable
    public func setLayout(_ layout: TabStripLayout) throws(TabStripError) {
        try _strip.setLayout(layout)
        update(relayout: true)
    }

    /// Selects a tab (see ``TabStrip/select(_:scroll:)``): the two tabs whose
    /// selected state changed are reconfigured.
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)``; nothing
    ///   changes.
    /// - Complexity: O(log n + k).
    @inlinable
    public func select(_ index: Int, scroll: SelectionScroll = .center) throws(TabStripError) {
        let previous = _strip.selectedIndex
        try _strip.select(index, scroll: scroll)
        update(dirty: (previous, index))
    }

    /// Follows a pager drag (see ``TabStrip/setPagerProgress(_:)``): only the
    /// two tabs involved get a new appearance, and the indicator moves.
    /// - Throws: as ``TabStrip/setPagerProgress(_:)``; nothing changes.
    /// - Complexity: O(log n).
    @inlinable
    public func setPagerProgress(_ progress: PagerProgress) throws(TabStripError) {
        try _strip.setPagerProgress(progress)
        update()
    }

    /// Follows an animated selection (see ``TabStrip/setTransition(to:fraction:)``).
    /// - Throws: as ``TabStrip/setTransition(to:fraction:)``; nothing changes.
    /// - Complexity: O(log n).
    @inlinable
    public func setTransition(to target: Int, fraction: Double) throws(TabStripError) {
        try _strip.setTransition(to: target, fraction: fraction)
        update()
    }

    /// Ends any transition (see ``TabStrip/endTransition()``).
    /// - Complexity: O(log n).
    @inlinable
    public func endTransition() {
        _strip.endTransition()
        update()
    }

    /// Changes the title colours and scales; every visible cell gets its new
    /// appearance.
    /// - Complexity: O(v).
    @inlinable
    public func setTitleStyle(_ style: TitleStyle) {
        _strip.titleStyle = style
        restAppearance = style.appearance(selection: 0)
        update(styleChanged: true)
    }

    /// Changes the indicator's shape.
    /// - Complexity: O(log n).
    @inlinable
    public func setIndicatorStyle(_ style: IndicatorStyle) {
        _strip.indicatorStyle = style
        update()
    }
}

// MARK: - Edits

extension TabStripVirtualizer {
    /// Inserts tabs (see ``TabStrip/insertTabs(_:at:)``). Visible cells keep
    /// their tabs and move only if their frames changed.
    /// - Throws: as ``TabStrip/insertTabs(_:at:)``; nothing changes.
    /// - Complexity: that of the strip's edit plus O(v log v).
    @inlinable
    public func insertTabs<Titles: Collection>(_ titles: Titles, at index: Int) throws(TabStripError)
    where Titles.Element == String {
        try _strip.insertTabs(titles, at: index)
        let count = titles.count
        update(remapping: { $0 >= index ? $0 + count : $0 })
    }

    /// Removes tabs (see ``TabStrip/removeTabs(in:)``); their cells are
    /// recycled.
    /// - Throws: as ``TabStrip/removeTabs(in:)``; nothing changes.
    /// - Complexity: that of the strip's edit plus O(v log v).
    @inlinable
    public func removeTabs(in range: Range<Int>) throws(TabStripError) {
        try _strip.removeTabs(in: range)
        update(remapping: { i in
            if i < range.lowerBound { return i }
            if i >= range.upperBound { return i - range.count }
            return nil
        })
    }

    /// Moves a tab (see ``TabStrip/moveTab(from:to:)``); its cell goes with it.
    /// - Throws: as ``TabStrip/moveTab(from:to:)``; nothing changes.
    /// - Complexity: that of the strip's edit plus O(v log v).
    @inlinable
    public func moveTab(from source: Int, to destination: Int) throws(TabStripError) {
        try _strip.moveTab(from: source, to: destination)
        update(remapping: { TabStripGeometry.index($0, afterMovingFrom: source, to: destination) })
    }

    /// Renames a tab (see ``TabStrip/renameTab(_:to:)``); only its cell is
    /// reconfigured, the others move if their frames changed.
    /// - Throws: as ``TabStrip/renameTab(_:to:)``; nothing changes.
    /// - Complexity: that of the strip's edit plus O(v).
    @inlinable
    public func renameTab(_ index: Int, to title: String) throws(TabStripError) {
        try _strip.renameTab(index, to: title)
        update(relayout: true, dirty: (index, nil))
    }

    /// Sets a badge (see ``TabStrip/setBadge(_:ofTab:)``); only its cell
    /// is reconfigured, the others move if their frames changed.
    /// - Throws: as ``TabStrip/setBadge(_:ofTab:)``; nothing changes.
    /// - Complexity: that of the strip's edit plus O(v).
    @inlinable
    public func setBadge(_ badge: TabBadge, ofTab index: Int) throws(TabStripError) {
        try _strip.setBadge(badge, ofTab: index)
        update(relayout: true, dirty: (index, nil))
    }

    /// Replaces every tab (see ``TabStrip/replaceAllTabs(with:)``); every
    /// visible cell is reconfigured.
    /// - Throws: as ``TabStrip/replaceAllTabs(with:)``; nothing changes.
    /// - Complexity: that of the strip's edit plus O(v).
    @inlinable
    public func replaceAllTabs<Titles: Collection>(with titles: Titles) throws(TabStripError)
    where Titles.Element == String {
        try _strip.replaceAllTabs(with: titles)
        update(remapping: { _ in nil })
    }

    /// Changes how widths are decided (see ``TabStrip/setSizing(_:)``).
    /// - Throws: as ``TabStrip/setSizing(_:)``; nothing changes.
    /// - Complexity: that of the strip's change plus O(v).
    @inlinable
    public func setSizing(_ sizing: TabSizing) throws(TabStripError) {
        try _strip.setSizing(sizing)
        update(relayout: true)
    }
}
