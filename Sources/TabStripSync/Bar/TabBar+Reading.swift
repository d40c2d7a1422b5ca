import TabStripCore
import TabStripMotion

/// What a host reads: the strip, the cells, the pages, the motion.
extension TabBar {
    /// The strip as it is shown: titles, IDs, widths, frames, selection,
    /// badges, pins (read in place).
    @inlinable public var strip: TabStrip {
        _read { yield virtualizer.strip }
    }

    /// The tabs that have a cell: the strip's visible tabs (unpinned, at
    /// most `TabStripLimits/maximumVisibleCells`); pinned tabs and a
    /// tab dragged out of view have cells too (``cell(ofTab:)``). Empty
    /// while no host is attached.
    /// - Complexity: O(1).
    public var visibleTabs: Range<Int> { virtualizer.visibleTabs }

    /// The cell showing tab `index`, or `nil` when it has none.
    /// - Complexity: O(1); O(p) for a tab outside ``visibleTabs`` with p
    ///   pinned tabs.
    public func cell(ofTab index: Int) -> Host.Cell? { virtualizer.cell(ofTab: index) }

    /// The object that makes and shows the cells, held strongly. Setting
    /// `nil` detaches it (breaking a cycle with a host that holds this
    /// bar); setting it again, or another host, brings the cells back (see
    /// the hand-back rule of <doc:ChannelBar>: a host replaced by another
    /// gets every cell it made back through `discard`).
    /// - Complexity: O(v) when a host is set.
    public var host: Host? {
        get { virtualizer.host }
        set { virtualizer.host = newValue }
    }

    /// Whether the host must keep calling ``advance(to:)``: while anything
    /// moves (a page drag or settle, a jump, the strip's animation or
    /// fling, a tap's press feedback, a drag to reorder's auto-scroll,
    /// shifts or settle). `false` means no frame can change anything until
    /// the next call.
    /// - Complexity: O(1).
    @inlinable public var needsFrames: Bool { sync.needsFrames || reorder.needsFrames }

    /// The ID of tab `index`.
    /// - Throws: as `TabStrip/id(ofTab:as:)`.
    /// - Complexity: O(log(n / C)), plus the source's call.
    public func id<ID: Hashable & Sendable>(ofTab index: Int, as type: ID.Type) throws(TabStripError) -> ID {
        try strip.id(ofTab: index, as: type)
    }

    /// The index of the tab with ID `id`, or `nil`.
    /// - Complexity: as `TabStrip/index(ofID:)`.
    public func index<ID: Hashable & Sendable>(ofID id: ID) -> Int? { strip.index(ofID: id) }

    /// The tab a screen reader is on (`nil` before the first
    /// ``moveAccessibilityFocus(_:)``); it follows its tab through edits.
    /// - Complexity: O(1).
    public var accessibilityFocus: Int? { virtualizer.accessibilityFocus }

    // MARK: Pages

    /// The page the pager is on (at rest, the selected tab's; while the
    /// pages are dragged or settle, the one the drag began on or the
    /// settle heads for).
    /// - Complexity: O(1).
    public var currentPage: Int { sync.pager.currentPage }

    /// The pages' width along the paging axis.
    public var pageWidth: Double { sync.pager.pageWidth }

    /// The pager's offset at the last frame (page `i` is shown at
    /// `i * pageWidth - pageOffset`); during a ``pageJump`` the host shows
    /// the two pages sliding instead.
    /// - Complexity: O(1).
    public var pageOffset: Double { sync.pageOffset }

    /// The jump under way after a tap on a far tab: the host shows its two
    /// pages sliding, never the pages between.
    /// - Complexity: O(1).
    public var pageJump: PageJump? { sync.jump }

    /// The page at `index` while the cache keeps it (loaded or
    /// preloaded), else `nil`.
    /// - Complexity: O(1).
    public func page(at index: Int) -> Provider.Page? { try? sync.pageCache.page(at: index) }

    /// The pages the cache keeps, least recently shown first, and what it
    /// did so far (loads, preloads, evictions), within its budget.
    /// - Complexity: O(live pages).
    public var livePages: (indices: [Int], budget: Int, counters: PageCacheCounters) {
        let cache = sync.pageCache
        return (cache.liveIndicesByRecency, cache.budget, cache.counters)
    }

    /// The page provider (set from a callback: see the provider rule of
    /// the sync, applied when the running cache operation returns).
    public var provider: Provider {
        get { sync.provider }
        set { sync.provider = newValue }
    }

    /// The motion the bar was created with.
    public var stripPhysics: ScrollPhysics { sync.stripPhysics }

    // MARK: Drag to reorder

    /// The tab a finger drags to reorder, or `nil`.
    /// - Complexity: O(1).
    public var draggedTab: Int? { reorder.draggedTab }

    /// Where the dragged tab would land if dropped now, or `nil`.
    /// - Complexity: O(1).
    public var reorderDestination: Int? { reorder.destination }

    /// The frame tab `index` is shown at, as of the last call: during a
    /// drag to reorder, under the finger or shifted to make room; else its
    /// strip frame. `nil` for a tab without a cell.
    /// - Throws: `TabStripError/indexOutOfRange(index:count:)`.
    /// - Complexity: O(log n + s) for s tabs shifting.
    public func shownFrame(ofTab index: Int) throws(TabStripError) -> Rect? { try reorder.shownFrame(ofTab: index) }

    /// The scale of tab `index` from a tap's press feedback at `time` (1
    /// when it is not pressed); hosts multiply it into the cell's
    /// transform.
    /// - Complexity: O(1).
    public func feedbackScale(ofTab index: Int, at time: Double) -> Double {
        sync.feedbackScale(ofTab: index, at: time)
    }

    /// What the bar has asked of its host so far: cells made and reused,
    /// and the most shown at once.
    /// - Complexity: O(1).
    public var cellCounts: TabCellCounts {
        let reuse = virtualizer.reuseCounters
        return TabCellCounts(
            made: reuse.created, reused: reuse.reused, discarded: reuse.discarded, idle: virtualizer.idleCellCount,
            mostShown: virtualizer.counters.maximumVisible)
    }
}

/// How many cells a tab bar asked its host for.
public struct TabCellCounts: Hashable, Sendable {
    /// Cells made by the host.
    public var made: Int
    /// Times a cell was given to a tab again instead of made.
    public var reused: Int
    /// Cells the host was told to destroy (an idle pool was full).
    public var discarded: Int
    /// Cells idle now.
    public var idle: Int
    /// The most cells shown at once.
    public var mostShown: Int
}
