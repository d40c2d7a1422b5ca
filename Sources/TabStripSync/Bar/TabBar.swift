import TabStripCore
import TabStripMotion

/// One tab bar: the strip of tabs, its cells, the paging feed under it, the
/// user's gestures and the drag to reorder, behind one front door.
///
/// The host holds this one object. Every edit goes through it (insert,
/// remove, move, a new list by ID, badges, pins, sizing, viewport, layout,
/// selection), and every display frame is one call, ``advance(to:)``,
/// which moves the pager and the strip, plays a jump, a fling or a drag to
/// reorder, and brings the host's cells up to date. Because every change
/// comes through here, each part follows the others by construction: a new
/// list keeps the selection, badges, pins, the screen reader's focus,
/// cells, cached pages, a page drag, a jump, a strip animation and a drag
/// to reorder with their tabs.
///
/// ```swift
/// let bar = try TabBar(
///     strip: TabStrip(tabs: channels, id: \.id, title: \.name, viewport: Viewport(width: 390, height: 44)),
///     host: channelBarView,
///     pages: TabBarPages(width: 390, provider: feed))
/// // The server's new list, matched by ID (the bar knows the old IDs):
/// try bar.apply(bar.strip.changes(to: fresh, id: \.id, title: \.name), at: now)
/// // Every display-link tick while `bar.needsFrames`:
/// try bar.advance(to: frameTime)
/// ```
///
/// Times are seconds on the host's clock: finite, of magnitude at most
/// `TabStripLimits/maximumTime`, never earlier than the last call's. Calls
/// that take no time (a badge, the pins, a style) change no motion.
///
/// Re-entrancy: while a call runs, the host's cell callbacks and the page
/// provider's callbacks may read this object, but a mutating call from
/// inside one of them is refused with
/// `TabStripError/reentrantCall(operation:)` and changes nothing.
/// Every call that throws changes nothing.
///
/// `TabStrip` is the headless value under it, for a host that draws
/// everything itself; ``strip`` reads it.
public final class TabBar<Host: TabStripHost, Provider: PageProvider> {
    /// The strip and its cells.
    @usableFromInline package let virtualizer: TabStripVirtualizer<Host>
    /// The pager, the page cache and the strip's own motion.
    @usableFromInline package let sync: PagerSync<Host, Provider>
    /// The drag to reorder.
    @usableFromInline package let reorder: TabReorder<Host>
    /// Whether one of this object's calls is running.
    @usableFromInline var isBusy = false

    /// Creates a tab bar showing `strip` through `host`, with a paging
    /// feed under it: one page per tab, resting on the strip's selected
    /// tab, whose page is loaded at once.
    ///
    /// - Parameters:
    ///   - strip: The strip (built with its tabs' IDs, from a list or a
    ///     `TabSource`, to take new lists by ID).
    ///   - host: Makes, fills and places the cells.
    ///   - pages: The feed's page width, provider and cache.
    ///   - motion: How the strip moves by itself.
    ///   - poolLimit: The most idle cells kept per kind, from 0 to
    ///     `TabStripLimits/maximumPoolSize`.
    /// - Throws: `TabStripError/invalidValue(name:value:)` or
    ///   `TabStripError/lengthExceedsLimit(name:value:limit:)` naming a
    ///   bad page width, budget, duration or speed;
    ///   `TabStripError/countExceedsLimit(name:value:limit:)` for a pool
    ///   limit, budget or radius past its bound.
    /// - Complexity: O(log n + v) for v visible tabs, plus loading the
    ///   current page.
    public init(
        strip: TabStrip, host: Host, pages: TabBarPages<Provider>, motion: TabBarMotion = TabBarMotion(),
        poolLimit: Int = 8
    ) throws(TabStripError) {
        try motion.validate()
        let virtualizer = try TabStripVirtualizer(strip: strip, host: host, poolLimit: poolLimit)
        self.virtualizer = virtualizer
        self.sync = try PagerSync(
            virtualizer: virtualizer, pageWidth: pages.width, provider: pages.provider, pageBudget: pages.budget,
            preloadRadius: pages.preloadRadius, pagingRule: pages.rule, selectionScroll: motion.selectionScroll,
            selectionDuration: motion.selectionDuration, selectionCurve: motion.selectionCurve,
            stripPhysics: motion.stripPhysics)
        self.reorder = try TabReorder(
            virtualizer: virtualizer, shiftDuration: motion.reorderShiftDuration,
            settleDuration: motion.reorderSettleDuration, edgeWidth: motion.reorderEdgeWidth,
            maximumScrollSpeed: motion.reorderScrollSpeed)
    }

    /// Marks a call as running; refuses it from inside a callback.
    @inlinable @inline(__always)
    func enter(_ operation: StaticString) throws(TabStripError) {
        guard !isBusy, !virtualizer._isBusy, !sync.isBusy, !reorder.isBusy else {
            throw .reentrantCall(operation: "\(operation)")
        }
        isBusy = true
    }

    @inlinable @inline(__always) func leave() { isBusy = false }

    /// Runs `body` as one call named `operation`.
    @inlinable
    func call<Result>(_ operation: StaticString, _ body: () throws(TabStripError) -> Result) throws(TabStripError)
        -> Result
    {
        try enter(operation)
        defer { leave() }
        return try body()
    }
}

extension TabBar where Provider == NoPages {
    /// Creates a tab bar without a feed: the strip, its cells, its own
    /// motion (drags, flings, selections animated over
    /// ``TabBarMotion/selectionDuration``) and the drag to reorder.
    /// - Throws: as ``init(strip:host:pages:motion:poolLimit:)``.
    /// - Complexity: O(log n + v) for v visible tabs.
    public convenience init(strip: TabStrip, host: Host, motion: TabBarMotion = TabBarMotion(), poolLimit: Int = 8)
        throws(TabStripError)
    {
        try self.init(
            strip: strip, host: host, pages: TabBarPages(width: strip.viewport.width, provider: NoPages()),
            motion: motion, poolLimit: poolLimit)
    }
}

/// The feed under a tab bar: one page per tab.
public struct TabBarPages<Provider: PageProvider> {
    /// The page size along the paging axis, `> 0`.
    public var width: Double
    /// Creates, preloads and evicts pages.
    public var provider: Provider
    /// The most live pages (16, like TYPagerController).
    public var budget: Int
    /// Neighbours preloaded on each side after a transition.
    public var preloadRadius: Int
    /// How a release picks its page.
    public var rule: PagingRule

    /// A feed of pages `width` wide from `provider`.
    public init(
        width: Double, provider: Provider, budget: Int = 16, preloadRadius: Int = 1, rule: PagingRule = .standard
    ) {
        self.width = width
        self.provider = provider
        self.budget = budget
        self.preloadRadius = preloadRadius
        self.rule = rule
    }
}

/// How a tab bar's strip moves by itself: to a selected tab, after a
/// fling, during a drag to reorder.
public struct TabBarMotion: Sendable {
    /// How the strip scrolls to a selected tab (centred by default).
    public var selectionScroll: SelectionScroll = .center
    /// How long a selection animates, in seconds (0.25, as on Douyin's
    /// header); 0 selects at once.
    public var selectionDuration: Double = 0.25
    /// The easing of selection animations.
    public var selectionCurve: TimingCurve = .easeOut
    /// The physics of the strip's flings.
    public var stripPhysics: ScrollPhysics = .standard
    /// How long a tab takes to make room for a dragged tab, in seconds.
    public var reorderShiftDuration: Double = 0.2
    /// How long a dropped tab takes to settle, in seconds.
    public var reorderSettleDuration: Double = 0.25
    /// The width of the zones at the viewport's edges where a dragged tab
    /// scrolls the strip, in points.
    public var reorderEdgeWidth: Double = 48
    /// That scroll's speed with the finger at the very edge, in points per
    /// second.
    public var reorderScrollSpeed: Double = 1200

    /// The defaults.
    public init() {}

    func validate() throws(TabStripError) {
        try TabStripError.requireLength(selectionDuration, "selectionDuration")
        try TabStripError.requireLength(reorderShiftDuration, "shiftDuration")
        try TabStripError.requireLength(reorderSettleDuration, "settleDuration")
        try TabStripError.requireLength(reorderEdgeWidth, "edgeWidth")
        try TabStripError.requireLength(reorderScrollSpeed, "maximumScrollSpeed")
    }
}

/// The pages of a tab bar without a feed: nothing to load.
public struct NoPages: PageProvider {
    /// Nothing.
    public init() {}
    /// Nothing: there is no page.
    public func loadPage(at index: Int) {}
}
