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
/// Re-entrancy: while a mutating call runs, the host's callbacks may read
/// the virtualiser (``strip``, ``visibleTabs``, ``cell(ofTab:)``, the
/// counters) and set ``host``. A throwing mutating call made from a callback
/// (a `configure` that scrolls, a `place` that inserts tabs) is refused
/// with ``TabStripError/reentrantCall(operation:)`` and changes nothing, so
/// the cells always match the strip; the non-throwing ones
/// (``endTransition()``, ``setTitleStyle(_:)``, ``setIndicatorStyle(_:)``)
/// are deferred and applied, in order, as soon as the running call has
/// finished its update, before it returns.
///
/// The virtualiser holds its host strongly, so a host passed inline
/// (`host: TabBar()`) lives as long as the virtualiser and cells keep
/// coming. A host that also stores its virtualiser forms a reference cycle:
/// whoever tears the strip down breaks it by setting ``host`` to `nil`
/// (after which changes update the strip only, no tab has a cell, and a
/// host set again resynchronises every cell), or the
/// host keeps the virtualiser in a `weak` or `unowned` property instead.
@usableFromInline
package final class TabStripVirtualizer<Host: TabStripHost> {
    /// The strip being shown. Change it through the virtualiser's methods so
    /// the cells follow.
    /// (Read in place, without copying the strip's arrays.)
    @inlinable package var strip: TabStrip {
        _read { yield _strip }
    }
    @exclusivity(unchecked) @usableFromInline var _strip: TabStrip
    /// The object that makes, configures, places and hides cells, held
    /// strongly. Set it to `nil` to break a cycle with a host that stores
    /// the virtualiser; without a host, changes update the strip only.
    ///
    /// While no host is attached the cells stay as they were until the
    /// first change; from then on no tab has a cell (``visibleTabs`` is
    /// empty and ``cell(ofTab:)`` returns `nil`), since no host can bring
    /// them up to date. Setting the host that made the cells again (after
    /// a detach, or while attached) resynchronises them: each visible
    /// tab's cell is configured, placed and styled again (the cells held
    /// before are reused first, by kind), the cells left over are
    /// recycled, and the indicator is placed again.
    ///
    /// Setting another host hands every cell back to the host that made
    /// it first: that host gets ``TabStripHost/discard(_:)`` for each cell
    /// the virtualiser still holds (visible, pinned, held and idle ones)
    /// and ``TabStripHost/placeIndicator(at:)`` with `nil`; then the new
    /// host makes the cells of the visible tabs. So each host shows only
    /// cells it made. (A host that made cells and was released since gets
    /// no call: the virtualiser keeps it only weakly once detached.)
    ///
    /// Set from inside a host callback, the change takes effect once the
    /// running call has finished its update, before it returns (reading
    /// the property meanwhile gives the host set).
    /// - Complexity: O(v) for v visible tabs when a host is set, plus
    ///   O(c) for c cells handed back; O(1) for `nil`.
    @inlinable package var host: Host? {
        get { _pendingHost ?? _host }
        set { _setHost(newValue) }
    }
    /// The host's storage. (Read once per update and by host callbacks that
    /// replace the host, so no dynamic exclusivity check: each access costs
    /// a runtime call otherwise.)
    @exclusivity(unchecked) @usableFromInline var _host: Host?
    /// A host set from inside a callback, applied when the running update
    /// ends (`.some(nil)` for a detach).
    @exclusivity(unchecked) @usableFromInline var _pendingHost: Host??
    /// The host that made the cells held while none is attached (held
    /// weakly, so that a detach breaks a reference cycle).
    @exclusivity(unchecked) @usableFromInline weak var _detachedOwner: Host?
    /// The strip's `correctionCount` when the cells were last placed.
    @exclusivity(unchecked) @usableFromInline var _seenCorrections: Int
    /// The strip's `anchoringShift` last reported to the host.
    @exclusivity(unchecked) @usableFromInline var _reportedShift: Double

    @usableFromInline typealias Entry = VisibleCells<Host.Cell>.Entry

    @usableFromInline let cells = VisibleCells<Host.Cell>()
    @exclusivity(unchecked) @usableFromInline var reuse: ReuseQueue<Host.Cell>
    /// Cells released during the current update, handed straight to
    /// entering tabs before anything goes to the idle pools.
    /// A stack (its positions are its "tabs", from 0): appending and
    /// taking the last entry move it in raw storage, without `Array`'s
    /// uniqueness and bounds bookkeeping on every entering cell.
    /// It starts with room for one entry, as the `Array` it replaced started
    /// empty: it grows to the most cells one update releases, during the
    /// first scrolls, and never again.
    @usableFromInline let scrap = VisibleCells<Host.Cell>(capacity: 1)
    /// Entries made for tabs entering at the front, before they are
    /// prepended in reverse order.
    @usableFromInline let parked = VisibleCells<Host.Cell>(capacity: 1)
    /// What the last visible-range query found and where it holds, so that
    /// a scroll frame whose range did not change costs four comparisons
    /// (and one that did, a walk from the last range). Any state of it is
    /// correct: it trusts itself only on the strip's widths as they were
    /// when it was filled.
    @exclusivity(unchecked) @usableFromInline var rangeCursor = TabRangeCursor()
    /// The cells taken from the visible tabs by a change made while no
    /// host was attached: still shown by the host that had them, out of
    /// date, and handed back to it (or resynchronised, when it is set
    /// again) when a host is set.
    @exclusivity(unchecked) @usableFromInline var orphans: [Entry] = []
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
    @inlinable package var counters: Counters { _counters }
    @exclusivity(unchecked) @usableFromInline var _counters = Counters()
    /// Whether a mutating call is running (its host callbacks may not start
    /// another one).
    @exclusivity(unchecked) @usableFromInline var _isUpdating = false
    /// The tab a screen reader is on (see ``accessibilityFocus``).
    @exclusivity(unchecked) @usableFromInline var _accessibilityFocus: Int?
    /// The tab whose cell is kept while it is out of view (a dragged tab,
    /// see ``_holdCell(ofTab:)``), and its cell while it is: `nil` while
    /// the tab is in view (its cell is then among the visible ones) or no
    /// host is attached.
    @exclusivity(unchecked) @usableFromInline var _heldTab: Int?
    @exclusivity(unchecked) @usableFromInline var _heldEntry: Entry?
    /// The cells of the pinned tabs (see ``PinnedTabs``), a stack
    /// (positions from 0) in tab order once an update ends: every pinned
    /// tab has one while a host is attached, and none is among the visible
    /// ones. Raw storage, like the visible cells: an array of generic
    /// entries copied them through the runtime's value witnesses on every
    /// scroll frame.
    @usableFromInline let pinnedCells = VisibleCells<Host.Cell>(capacity: 1)
    /// The tab of each pinned cell, and its frame at its place in the
    /// content as of the last update (a scroll frame adds the pin shift).
    @exclusivity(unchecked) @usableFromInline var _pinnedTabs: [(tab: Int, frame: Rect)] = []
    /// The strip's pinned extents as of the last update (scroll frames do
    /// not change them; the cover at each offset follows from them).
    @exclusivity(unchecked) @usableFromInline var _pinnedExtents = PinnedExtents()
    /// Non-throwing calls a host callback made while an update was running,
    /// applied in order when it ends.
    @exclusivity(unchecked) @usableFromInline var _deferred: [(TabStripVirtualizer) -> Void] = []

    /// What the virtualiser has asked of its host so far.
    @usableFromInline package struct Counters: Hashable, Sendable {
        /// Updates performed (one per scroll, selection or edit).
        @usableFromInline package var updates = 0
        /// `configure` calls.
        @usableFromInline package var configured = 0
        /// `place` calls.
        @usableFromInline package var placed = 0
        /// `apply(_:to:)` calls.
        @usableFromInline package var appearanceChanges = 0
        /// `placeIndicator` calls.
        @usableFromInline package var indicatorMoves = 0
        /// The most cells visible at once.
        @usableFromInline package var maximumVisible = 0

        /// Creates zeroed counters.
        @usableFromInline package init() {}
    }

    /// Creates a virtualiser and shows the strip's visible tabs at once.
    /// - Parameters:
    ///   - strip: The strip to show.
    ///   - host: Makes and shows cells.
    ///   - poolLimit: The most idle cells kept per kind, in
    ///     `0...`\ ``TabStripLimits/maximumPoolSize`` (10^6).
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` for a negative
    ///   pool limit, ``TabStripError/countExceedsLimit(name:value:limit:)``
    ///   (name `"poolLimit"`) above the bound.
    /// - Complexity: O(log n + v) for v visible tabs.
    @usableFromInline package init(strip: TabStrip, host: Host, poolLimit: Int = 8) throws(TabStripError) {
        self._strip = strip
        self._host = host
        self.reuse = try ReuseQueue(poolLimit: poolLimit)
        self.restAppearance = strip.titleStyle.appearance(selection: 0)
        self._seenCorrections = strip.correctionCount
        self._reportedShift = strip.anchoringShift
        cells.reset(startingAt: Self.cellRange(of: _strip).lowerBound)
        update(styleChanged: true)
    }

    /// The tabs that currently have a cell: the strip's
    /// ``TabStrip/visibleTabs``, except that at most
    /// ``TabStripLimits/maximumVisibleCells`` tabs get one (when more are in
    /// range, say a million tabs sharing the viewport by equal division,
    /// the cells go to that many tabs from the first one inside the
    /// viewport). Empty once the strip has changed while no ``host`` was
    /// attached, until one is set.
    ///
    /// Pinned tabs (see ``PinnedTabs``) have cells too, at all times while
    /// a host is attached, but are not in this range (it holds unpinned
    /// tabs only); ``cell(ofTab:)`` finds theirs.
    /// - Complexity: O(1).
    @usableFromInline package var visibleTabs: Range<Int> { cells.tabs }

    /// The cell showing tab `index`, or `nil` when it is not visible.
    /// - Complexity: O(1); O(p) for a tab outside ``visibleTabs`` with p
    ///   pinned tabs.
    @usableFromInline package func cell(ofTab index: Int) -> Host.Cell? {
        if cells.tabs.contains(index) { return cells[tab: index].cell }
        if index == _heldTab { return _heldEntry?.cell }
        guard let k = _pinnedTabs.firstIndex(where: { $0.tab == index }) else { return nil }
        return pinnedCells[tab: k].cell
    }

    /// What the idle pools have done: cells created, reused and discarded.
    @usableFromInline package var reuseCounters: ReuseQueue<Host.Cell>.Counters { reuse.counters }

    /// The number of idle cells across all kinds.
    @usableFromInline package var idleCellCount: Int { reuse.idleCount }
}

// MARK: - Re-entrancy

extension TabStripVirtualizer {
    /// Marks a mutating call as running, or refuses it when one already is
    /// (the caller is a host callback).
    @inlinable
    func _enter(_ operation: StaticString) throws(TabStripError) {
        guard !_isUpdating else { throw .reentrantCall(operation: "\(operation)") }
        _isUpdating = true
    }

    /// Ends the running call and applies the calls deferred during it.
    @inlinable
    func _leave() {
        _isUpdating = false
        if !_deferred.isEmpty { _runDeferred() }
        _checkAfterMutation()
    }

    /// Marks the virtualiser busy while a collaborator (`PagerSync`) runs
    /// callbacks of its own (a page provider's), so they cannot change the
    /// strip under it; pair with ``_endForeignCallbacks()``.
    @usableFromInline package func _beginForeignCallbacks() {
        precondition(!_isUpdating, "foreign callbacks inside an update")
        _isUpdating = true
    }

    /// Ends ``_beginForeignCallbacks()`` and applies deferred calls.
    @usableFromInline package func _endForeignCallbacks() {
        _leave()
    }

    /// Whether a mutating call (or a collaborator's callbacks) is running.
    @usableFromInline package var _isBusy: Bool { _isUpdating }

    /// Stores a new host and resynchronises the cells with it, or hands
    /// them back to the host that made them (see ``host``).
    @usableFromInline
    func _setHost(_ newValue: Host?) {
        if _isUpdating {
            // A callback of the running call: applied once it ends, so that
            // the running update finishes with the host it began with.
            if _pendingHost == nil { _deferred.append { $0._applyPendingHost() } }
            _pendingHost = .some(newValue)
            return
        }
        _swapHost(to: newValue)
    }

    @usableFromInline
    func _applyPendingHost() {
        guard let pending = _pendingHost else { return }
        _pendingHost = nil
        _swapHost(to: pending)
    }

    /// Makes `newValue` the host: the cells' maker resynchronised when it
    /// is set again, else its cells handed back before the new host makes
    /// its own.
    @usableFromInline
    func _swapHost(to newValue: Host?) {
        let owner = _host ?? _detachedOwner
        guard let newValue else {
            if let old = _host { _detachedOwner = old }
            _host = nil
            // The cells wait aside for the next host (or this one again):
            // nothing is held, pinned or visible without a host, whatever
            // runs next (a frame that only tells pages, an edit).
            _orphanCells()
            return
        }
        _detachedOwner = nil
        _isUpdating = true
        if let owner, owner !== newValue {
            _handBackCells(to: owner)
        } else if owner == nil {
            // The host that made the cells is gone: nobody to tell.
            _dropCells()
        }
        _host = newValue
        _resyncCells()
        _leave()
    }

    /// Gives every cell the virtualiser holds back to `owner`, the host
    /// that made them: each one discarded (visible, pinned, held,
    /// orphaned and idle), and the indicator hidden.
    @usableFromInline
    func _handBackCells(to owner: Host) {
        while !cells.isEmpty { owner.discard(cells.removeLast().cell) }
        while let entry = orphans.popLast() { owner.discard(entry.cell) }
        if let held = _heldEntry.take() { owner.discard(held.cell) }
        while let pinned = pinnedCells.popLast() { owner.discard(pinned.cell) }
        _pinnedTabs.removeAll()
        for cell in reuse.removeAll() { owner.discard(cell) }
        if hasPlacedIndicator { owner.placeIndicator(at: nil) }
        hasPlacedIndicator = false
        cells.reset(startingAt: 0)
    }

    /// Forgets every cell (their host is gone).
    @usableFromInline
    func _dropCells() {
        while !cells.isEmpty { _ = cells.removeLast() }
        orphans.removeAll()
        _heldEntry = nil
        while pinnedCells.popLast() != nil {}
        _pinnedTabs.removeAll()
        _ = reuse.removeAll()
        hasPlacedIndicator = false
        cells.reset(startingAt: 0)
    }

    /// Gives every visible tab a cell configured, placed and styled by the
    /// current host, from the cells held (visible or orphaned) first;
    /// recycles the rest and places the indicator again.
    @usableFromInline
    func _resyncCells() {
        guard _host != nil else { return }
        while !cells.isEmpty { scrap.append(cells.removeLast()) }
        while let entry = orphans.popLast() { scrap.append(entry) }
        if let held = _heldEntry.take() { scrap.append(held) }
        while let pinned = pinnedCells.popLast() { scrap.append(pinned) }
        _pinnedTabs.removeAll()
        hasPlacedIndicator = false
        update(styleChanged: true)
    }

    /// Takes the cells from the visible tabs after a change made with no
    /// host attached: none of them can be brought up to date, so no tab
    /// has a cell until a host is set.
    @usableFromInline
    func _orphanCells() {
        while !cells.isEmpty { orphans.append(cells.removeLast()) }
        if let held = _heldEntry.take() { orphans.append(held) }
        while let pinned = pinnedCells.popLast() { orphans.append(pinned) }
        _pinnedTabs.removeAll()
        cells.reset(startingAt: 0)
    }

    @usableFromInline
    func _runDeferred() {
        while !_deferred.isEmpty {
            let call = _deferred.removeFirst()
            call(self)
        }
    }
}

// MARK: - Scrolling and selection

extension TabStripVirtualizer {
    /// Moves the viewport (the host's scroll callback). Tabs that left get
    /// recycled, tabs that entered get cells; nothing else is touched.
    /// - Throws: ``TabStripError/reentrantCall(operation:)`` from inside a
    ///   host callback; ``TabStripError/invalidOffset(_:)``; nothing changes.
    /// - Complexity: O(log n + k) for k tabs entering or leaving.
    @inlinable
    package func setContentOffset(_ offset: Double) throws(TabStripError) {
        try _enter("setContentOffset(_:)")
        defer { _leave() }
        try _strip.setContentOffset(offset)
        updateAfterScroll()
    }

    /// Changes the viewport (see ``TabStrip/setViewport(_:)``).
    /// - Throws: ``TabStripError/reentrantCall(operation:)`` from inside a
    ///   host callback; ``TabStripError/invalidViewport(width:height:)``; nothing
    ///   changes.
    /// - Complexity: O(log n + v); O(n) for equal-division sizing.
    @inlinable
    package func setViewport(_ viewport: Viewport) throws(TabStripError) {
        try _enter("setViewport(_:)")
        defer { _leave() }
        try _strip.setViewport(viewport)
        update(relayout: true)
    }

    /// Changes the layout (see ``TabStrip/setLayout(_:)``).
    /// - Throws: ``TabStripError/reentrantCall(operation:)`` from inside a
    ///   host callback; ``TabStripError/invalidValue(name:value:)``; nothing changes.
    /// - Complexity: O(log n + v); O(n) for equal-division sizing.
    @inlinable
    package func setLayout(_ layout: TabStripLayout) throws(TabStripError) {
        try _enter("setLayout(_:)")
        defer { _leave() }
        try _strip.setLayout(layout)
        update(relayout: true)
    }

    /// Selects a tab (see ``TabStrip/select(_:scroll:)``): the two tabs whose
    /// selected state changed are reconfigured.
    /// - Throws: ``TabStripError/reentrantCall(operation:)`` from inside a
    ///   host callback; ``TabStripError/indexOutOfRange(index:count:)``; nothing
    ///   changes.
    /// - Complexity: O(log n + k).
    @inlinable
    package func select(_ index: Int, scroll: SelectionScroll = .center) throws(TabStripError) {
        try _enter("select(_:scroll:)")
        defer { _leave() }
        let previous = _strip.selectedIndex
        try _strip.select(index, scroll: scroll)
        update(dirty: (previous, index))
    }

    /// Scrolls to tab `index` without selecting it (see
    /// ``TabStrip/reveal(_:scroll:)``); the host hears of the new offset as
    /// of any scroll.
    /// - Throws: ``TabStripError/reentrantCall(operation:)`` from inside a
    ///   host callback; as ``TabStrip/reveal(_:scroll:)``; nothing changes.
    /// - Complexity: O(log n + k) for k tabs entering or leaving, plus the
    ///   measurement of the tabs shown.
    @inlinable
    package func reveal(_ index: Int, scroll: SelectionScroll = .reveal) throws(TabStripError) {
        try _enter("reveal(_:scroll:)")
        defer { _leave() }
        try _strip.reveal(index, scroll: scroll)
        updateAfterScroll()
    }

    /// Follows a pager drag (see ``TabStrip/setPagerProgress(_:)``): only the
    /// two tabs involved get a new appearance, and the indicator moves.
    /// - Throws: ``TabStripError/reentrantCall(operation:)`` from inside a
    ///   host callback; as ``TabStrip/setPagerProgress(_:)``; nothing changes.
    /// - Complexity: O(log n).
    @inlinable
    package func setPagerProgress(_ progress: PagerProgress) throws(TabStripError) {
        try _enter("setPagerProgress(_:)")
        defer { _leave() }
        try _strip.setPagerProgress(progress)
        update()
    }

    /// Follows an animated selection (see ``TabStrip/setTransition(to:fraction:)``).
    /// - Throws: ``TabStripError/reentrantCall(operation:)`` from inside a
    ///   host callback; as ``TabStrip/setTransition(to:fraction:)``; nothing changes.
    /// - Complexity: O(log n).
    @inlinable
    package func setTransition(to target: Int, fraction: Double) throws(TabStripError) {
        try _enter("setTransition(to:fraction:)")
        defer { _leave() }
        try _strip.setTransition(to: target, fraction: fraction)
        update()
    }

    /// Ends any transition (see ``TabStrip/endTransition()``).
    /// Called from inside a host callback, it is applied when the running
    /// update ends.
    /// - Complexity: O(log n).
    @inlinable
    package func endTransition() {
        if _isUpdating {
            _deferred.append { $0.endTransition() }
            return
        }
        _isUpdating = true
        defer { _leave() }
        _strip.endTransition()
        update()
    }

    /// Changes the title colours and scales; every visible cell gets its new
    /// appearance.
    /// Called from inside a host callback, it is applied when the running
    /// update ends.
    /// - Complexity: O(v).
    @inlinable
    package func setTitleStyle(_ style: TitleStyle) {
        if _isUpdating {
            _deferred.append { $0.setTitleStyle(style) }
            return
        }
        _isUpdating = true
        defer { _leave() }
        _strip.titleStyle = style
        restAppearance = style.appearance(selection: 0)
        update(styleChanged: true)
    }

    /// Changes the indicator's shape.
    /// Called from inside a host callback, it is applied when the running
    /// update ends.
    /// - Complexity: O(log n).
    @inlinable
    package func setIndicatorStyle(_ style: IndicatorStyle) {
        if _isUpdating {
            _deferred.append { $0.setIndicatorStyle(style) }
            return
        }
        _isUpdating = true
        defer { _leave() }
        _strip.indicatorStyle = style
        update()
    }
}

// MARK: - Edits

extension TabStripVirtualizer {
    /// Inserts tabs (see ``TabStrip/insertTabs(_:at:)``). Visible cells keep
    /// their tabs and move only if their frames changed.
    /// - Throws: ``TabStripError/reentrantCall(operation:)`` from inside a
    ///   host callback; as ``TabStrip/insertTabs(_:at:)``; nothing changes.
    /// - Complexity: that of the strip's edit plus O(v log v).
    @inlinable
    package func insertTabs<Titles: Collection>(_ titles: Titles, at index: Int) throws(TabStripError)
    where Titles.Element == String {
        try _enter("insertTabs(_:at:)")
        defer { _leave() }
        try _strip.insertTabs(titles, at: index)
        let count = titles.count
        _focusAfterInserting(count, at: index)
        update(remapping: { $0 >= index ? $0 + count : $0 })
    }

    /// Inserts tabs with their IDs (see
    /// ``TabStrip/insertTabs(_:id:title:at:)``). Visible cells keep their
    /// tabs and move only if their frames changed.
    /// - Throws: ``TabStripError/reentrantCall(operation:)`` from inside a
    ///   host callback; as ``TabStrip/insertTabs(_:id:title:at:)``; nothing
    ///   changes.
    /// - Complexity: that of the strip's edit plus O(v log v).
    @inlinable
    package func insertTabs<Tabs: Collection, ID: Hashable & Sendable>(
        _ tabs: Tabs, id: (Tabs.Element) -> ID, title: (Tabs.Element) -> String, at index: Int
    ) throws(TabStripError) {
        try _enter("insertTabs(_:id:title:at:)")
        defer { _leave() }
        try _strip.insertTabs(tabs, id: id, title: title, at: index)
        let count = tabs.count
        _focusAfterInserting(count, at: index)
        update(remapping: { $0 >= index ? $0 + count : $0 })
    }

    /// Removes tabs (see ``TabStrip/removeTabs(in:)``); their cells are
    /// recycled.
    /// - Throws: ``TabStripError/reentrantCall(operation:)`` from inside a
    ///   host callback; as ``TabStrip/removeTabs(in:)``; nothing changes.
    /// - Complexity: that of the strip's edit plus O(v log v).
    @inlinable
    package func removeTabs(in range: Range<Int>) throws(TabStripError) {
        try _enter("removeTabs(in:)")
        defer { _leave() }
        try _strip.removeTabs(in: range)
        _focusAfterRemoving(range)
        update(remapping: { i in
            if i < range.lowerBound { return i }
            if i >= range.upperBound { return i - range.count }
            return nil
        })
    }

    /// Moves a tab (see ``TabStrip/moveTab(from:to:)``); its cell goes with it.
    /// - Throws: ``TabStripError/reentrantCall(operation:)`` from inside a
    ///   host callback; as ``TabStrip/moveTab(from:to:)``; nothing changes.
    /// - Complexity: that of the strip's edit plus O(v log v).
    @inlinable
    package func moveTab(from source: Int, to destination: Int) throws(TabStripError) {
        try _moveTab(from: source, to: destination, keepingOffset: false)
    }

    /// ``moveTab(from:to:)``, leaving the content offset where it is when
    /// `keepingOffset` (a dropped tab: the screen already shows the new
    /// order) instead of anchoring the first visible tab.
    @inlinable
    package func _moveTab(from source: Int, to destination: Int, keepingOffset: Bool) throws(TabStripError) {
        try _enter("moveTab(from:to:)")
        defer { _leave() }
        if keepingOffset {
            try _strip.moveTabKeepingOffset(from: source, to: destination)
        } else {
            try _strip.moveTab(from: source, to: destination)
        }
        _accessibilityFocus = _accessibilityFocus.map {
            TabStripGeometry.index($0, afterMovingFrom: source, to: destination)
        }
        update(remapping: { TabStripGeometry.index($0, afterMovingFrom: source, to: destination) })
    }

    /// Renames a tab (see ``TabStrip/renameTab(_:to:)``); only its cell is
    /// reconfigured, the others move if their frames changed.
    /// - Throws: ``TabStripError/reentrantCall(operation:)`` from inside a
    ///   host callback; as ``TabStrip/renameTab(_:to:)``; nothing changes.
    /// - Complexity: that of the strip's edit plus O(v).
    @inlinable
    package func renameTab(_ index: Int, to title: String) throws(TabStripError) {
        try _enter("renameTab(_:to:)")
        defer { _leave() }
        try _strip.renameTab(index, to: title)
        update(relayout: true, dirty: (index, nil))
    }

    /// Sets a badge (see ``TabStrip/setBadge(_:ofTab:)``); only its cell
    /// is reconfigured, the others move if their frames changed.
    /// - Throws: ``TabStripError/reentrantCall(operation:)`` from inside a
    ///   host callback; as ``TabStrip/setBadge(_:ofTab:)``; nothing changes.
    /// - Complexity: that of the strip's edit plus O(v).
    @inlinable
    package func setBadge(_ badge: TabBadge, ofTab index: Int) throws(TabStripError) {
        try _enter("setBadge(_:ofTab:)")
        defer { _leave() }
        try _strip.setBadge(badge, ofTab: index)
        update(relayout: true, dirty: (index, nil))
    }

    /// Replaces every tab (see ``TabStrip/replaceAllTabs(with:)``); every
    /// visible cell is reconfigured.
    /// - Throws: ``TabStripError/reentrantCall(operation:)`` from inside a
    ///   host callback; as ``TabStrip/replaceAllTabs(with:)``; nothing changes.
    /// - Complexity: that of the strip's edit plus O(v).
    @inlinable
    package func replaceAllTabs<Titles: Collection>(with titles: Titles) throws(TabStripError)
    where Titles.Element == String {
        try _enter("replaceAllTabs(with:)")
        defer { _leave() }
        try _strip.replaceAllTabs(with: titles)
        _focusAfterReplacingAll()
        update(remapping: { _ in nil })
    }

    /// Applies a new list of tabs by identity (see ``TabStrip/apply(_:)``
    /// and ``TabListChanges``): cells of kept tabs still in view stay with
    /// their tabs (placed again where their frames moved, configured again
    /// only when the title or the selected state changed), removed tabs'
    /// cells are recycled, and inserted tabs in view get cells. The
    /// accessibility focus follows its tab (to the tab that takes the
    /// selection's place when it is removed).
    /// - Throws: ``TabStripError/reentrantCall(operation:)`` from inside a
    ///   host callback; as ``TabStrip/apply(_:)``; nothing changes.
    /// - Complexity: that of the strip's edit plus O(v log v) for v
    ///   visible tabs.
    @usableFromInline package func apply(_ changes: TabListChanges) throws(TabStripError) {
        try _enter("apply(_:)")
        defer { _leave() }
        try _strip.apply(changes)
        _accessibilityFocus = _accessibilityFocus.flatMap { changes.survivor(ofOldIndex: $0) }
        update(
            remapping: { changes.newIndex(ofOldIndex: $0) },
            contentChanged: { TabStrip.contains(changes.renamed, $0) })
    }

    /// Changes how widths are decided (see ``TabStrip/setSizing(_:)``).
    /// - Throws: ``TabStripError/reentrantCall(operation:)`` from inside a
    ///   host callback; as ``TabStrip/setSizing(_:)``; nothing changes.
    /// - Complexity: that of the strip's change plus O(v).
    @inlinable
    package func setSizing(_ sizing: TabSizing) throws(TabStripError) {
        try _enter("setSizing(_:)")
        defer { _leave() }
        try _strip.setSizing(sizing)
        update(relayout: true)
    }
}
