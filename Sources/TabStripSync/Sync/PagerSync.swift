import TabStripCore
import TabStripMotion

/// Keeps a tab strip and the content pager under it in step, frame by frame.
///
/// The host forwards its gestures (page drags, strip drags and flings, taps
/// on tabs) with timestamps and calls ``advance(to:)`` once per display
/// frame. `PagerSync` then:
/// - maps the pager's offset to a `PagerProgress` so the indicator and the
///   titles of the selected tab and its neighbour follow the drag, across
///   tabs of any width (as on Douyin's header and a news title bar);
/// - selects the page's tab when the pager settles and scrolls the strip so
///   that the tab is centred (or revealed), animated over
///   ``selectionDuration`` with ``selectionCurve`` (0.25 s ease-out, as on
///   Douyin's header);
/// - turns a tap on a tab into a direct jump of the pager (``PageJump``,
///   forward when the new index is greater): the pages between the two are
///   never loaded (some pager libraries load every page in between);
/// - feeds the `PageCache`: pages load when they become visible,
///   neighbours preload after a transition, the least recently used beyond
///   the budget are evicted;
/// - moves the strip itself when the host lets it (``dragStrip(to:at:)``,
///   ``releaseStrip(velocityPerSecond:at:)``): a `Fling` with the configured
///   `ScrollPhysics`.
///
/// Every animation is a pure function of time, so a session replayed with
/// the same timestamps gives the same frames. Interruptions leave a
/// consistent state: a page drag that starts during a jump first lands the
/// jump (no indicator stuck halfway); a strip drag
/// stops the strip's animation where it is.
///
/// Times are in seconds, finite, of magnitude at most
/// `TabStripLimits/maximumTime` (10^10 s: the time since boot, since launch
/// or since 1970 all fit), and never go backwards. A call with a bad time
/// throws and changes nothing: `TabStripError/invalidValue(name:value:)`
/// (name `"time"`) for NaN or infinity,
/// `TabStripError/lengthExceedsLimit(name:value:limit:)` beyond the bound,
/// `TabStripError/timeBeforeLastEvent(time:lastTime:)` (naming the last
/// event's time) for a time earlier than ``lastTime``.
///
/// Edits: ``TabBar`` edits the tabs through ``virtualizer`` and then
/// tells this object where each old index went (``didEdit(newIndex:at:)``)
/// in the same call, whatever the edit, so a drag, settle
/// or jump follows its tab and never lands on the wrong one: the selected
/// tab (which the strip's edits keep on the same tab) stays selected, the
/// pager stays on its page's new index and an animating strip retargets.
///
/// Selections made behind its back: a tab selected on ``virtualizer``
/// directly (`select(_:scroll:)`) is followed, not reverted. The next call
/// with a valid time notices it (an O(1) comparison with the selection this
/// object last made), cancels a jump, a page drag or settle and a strip
/// animation heading for the old tab, and rests the pager on the new tab's
/// page at once (the strip already shows that tab, scrolled as the
/// `select` call chose); the page cache settles there. Then the call
/// proceeds. (Selecting the tab that is already selected changes nothing,
/// so a jump or a settle under way goes on.) An empty strip (every tab
/// removed) is a resting state: no jump, no selection, no page; taps are
/// out of range, and tabs inserted later bring the pages back.
///
/// Re-entrancy: while a call runs, the host's cell callbacks and the page
/// provider's callbacks may read this object, but a mutating call from
/// inside one of them (a `loadPage` that taps a tab, an `evictPage` that
/// advances) is refused with `TabStripError/reentrantCall(operation:)` and
/// changes nothing; the virtualiser refuses its own mutating calls while
/// provider callbacks run (see `TabStripVirtualizer`). Assigning
/// ``provider`` from a callback is deferred until the running cache
/// operation returns, so the provider whose code is running stays alive.
@usableFromInline
package final class PagerSync<Host: TabStripHost, Provider: PageProvider> {
    // The stored state skips Swift's dynamic exclusivity checks (a runtime
    // call on every access, a fifth of a pager frame when measured):
    // overlapping accesses could only come from a host or
    // provider callback calling back in, and those calls are refused
    // (`TabStripError.reentrantCall`) or deferred before they touch
    // anything, as PagerSyncEditTests checks for every callback against
    // every mutating call.

    /// The strip and its cells.
    @usableFromInline package let virtualizer: TabStripVirtualizer<Host>
    /// The content pager's state machine.
    @inlinable package var pager: Pager { _pager }
    @exclusivity(unchecked) @usableFromInline var _pager: Pager
    /// The pages kept alive. (A provider callback may read it while the
    /// cache runs it, hence no dynamic exclusivity check.)
    @inlinable package var pageCache: PageCache<Provider.Page> { _pageCache }
    @usableFromInline @exclusivity(unchecked) var _pageCache: PageCache<Provider.Page>
    /// Creates, preloads and evicts pages for the cache.
    ///
    /// Setting it while the cache runs the provider (from inside one of
    /// its callbacks, or a host callback meanwhile) is deferred: the running
    /// provider stays in place, and alive, until that cache operation
    /// returns; then the new value replaces it, and whatever the running
    /// provider changed in itself since is dropped with it. Until then,
    /// reading the property gives the pending value.
    /// - Complexity: O(1).
    @usableFromInline package var provider: Provider {
        get { _pendingProvider ?? _provider }
        set {
            if isRunningProvider {
                _pendingProvider = newValue
            } else {
                _provider = newValue
            }
        }
    }
    /// The provider the cache runs. Only ``withCache(_:)`` passes it
    /// `inout`; an assignment made meanwhile waits in `_pendingProvider`,
    /// so the running provider is never destroyed under its own callback.
    @exclusivity(unchecked) @usableFromInline var _provider: Provider
    /// A provider assigned while the cache ran ``_provider``.
    @exclusivity(unchecked) @usableFromInline var _pendingProvider: Provider?
    /// Whether ``withCache(_:)`` is running the provider.
    @exclusivity(unchecked) @usableFromInline var isRunningProvider = false
    /// How the strip scrolls when a page is selected.
    @usableFromInline package let selectionScroll: SelectionScroll
    /// How long the strip's offset and the indicator animate after a
    /// selection (0.25 s, as on Douyin's header).
    @usableFromInline package let selectionDuration: Double
    /// The easing of those animations (ease-out).
    @usableFromInline package let selectionCurve: TimingCurve
    /// The physics of the strip's own flings.
    @usableFromInline package let stripPhysics: ScrollPhysics

    /// The jump in progress after a tap on a tab, if any.
    @inlinable package var jump: PageJump? { _jump }
    @exclusivity(unchecked) @usableFromInline var _jump: PageJump?
    /// What moves the strip's content offset, if anything.
    @inlinable package var stripMotion: StripMotion { _stripMotion }
    @exclusivity(unchecked) @usableFromInline var _stripMotion: StripMotion = .none
    /// The strip's `anchoringShift` when the strip motion began (set with
    /// every fling or animation): a fling's
    /// or an animation's positions move by its change since, so that
    /// corrections of estimated widths do not move the screen under them.
    @exclusivity(unchecked) @usableFromInline var motionShift = 0.0
    /// The tab a selection animation heads for, and the strip's
    /// `unmeasuredTabCount` when it began: when tabs were measured since
    /// (titles from a source), the animation's end follows the tab's
    /// target offset as corrections move it, so it lands where the
    /// measured widths put the tab.
    @exclusivity(unchecked) @usableFromInline var motionTarget: (tab: Int, unmeasured: Int)?
    /// The press feedback of the last tapped tab (as on Douyin's header: scale to 0.95
    /// and back over 0.2 s).
    @inlinable package var tapFeedback: (tab: Int, feedback: TapFeedback)? { _tapFeedback }
    @exclusivity(unchecked) @usableFromInline var _tapFeedback: (tab: Int, feedback: TapFeedback)?
    /// The time of the last event or frame.
    @inlinable package var lastTime: Double? { _lastTime }
    @exclusivity(unchecked) @usableFromInline var _lastTime: Double?
    /// The pager's offset at the last frame.
    @inlinable package var pageOffset: Double { _pageOffset }
    @exclusivity(unchecked) @usableFromInline var _pageOffset: Double
    /// Whether the pager was moving at the last frame (so its coming to
    /// rest is noticed once).
    @exclusivity(unchecked) @usableFromInline var pagerWasMoving = false
    /// Where the finger has dragged the strip's content (before the rubber
    /// band), while ``stripMotion`` is ``StripMotion/dragging``.
    @exclusivity(unchecked) @usableFromInline var stripDragPosition = 0.0
    /// The velocity of the fling a strip drag interrupted, for momentum.
    @exclusivity(unchecked) @usableFromInline var carriedVelocity = 0.0
    /// The strip's selected tab as this object last selected it or saw it
    /// (at creation, after its own selections, after an edit):
    /// a selection made on the virtualiser directly differs from it, and
    /// the next call follows it.
    @exclusivity(unchecked) @usableFromInline var syncedSelection: Int?
    /// Whether one of this object's mutating calls is running.
    @exclusivity(unchecked) @usableFromInline package var isBusy = false
    /// The pages the provider was told are appearing, shown or
    /// disappearing (at most three: the page at rest or left and two in
    /// view), with their steps.
    @exclusivity(unchecked) @usableFromInline var pageLives: [PageLife<Provider.Page>] = []
    /// The appearance the provider was last brought to.
    @exclusivity(unchecked) @usableFromInline var toldAppearance = PageAppearanceState.unknown
    /// Set by a frame that moved nothing the pages' appearance depends on
    /// (the pager's motion, its visible and current pages, a jump): the
    /// steps told at the end of the last call stand, and the end of this
    /// one tells none.
    @exclusivity(unchecked) @usableFromInline var appearanceStands = false
    /// Whether an eviction closes its page's appearance (not while an edit
    /// renumbers the pages: their appearance followed the edit first).
    @exclusivity(unchecked) @usableFromInline var closesOnEviction = true

    /// What drives the strip's content offset.
    @usableFromInline package enum StripMotion: Hashable, Sendable {
        /// Nothing: the offset stays, or the host sets it.
        case none
        /// The host's finger: the offset follows ``PagerSync/dragStrip(to:at:)``.
        case dragging
        /// An animation towards a selected tab.
        case animating(TimedAnimation)
        /// A fling after the finger left the strip.
        case flinging(Fling)
    }

    /// Creates the coupling of a strip and a pager with one page per tab,
    /// resting on the strip's selected tab.
    ///
    /// - Parameters:
    ///   - virtualizer: The strip (its selected tab is the current page).
    ///   - pageWidth: The pager's page size along its axis, `> 0`.
    ///   - provider: Creates the pages for the cache.
    ///   - pageBudget: The most live pages (16 by default, like
    ///     TYPagerController); see `PageCache`.
    ///   - preloadRadius: Neighbours preloaded on each side after a
    ///     transition.
    ///   - pagingRule: How a release picks its page (the feed's swipe rule by default).
    ///   - selectionScroll: How the strip scrolls to a selected tab.
    ///   - selectionDuration: Seconds, `>= 0`.
    ///   - selectionCurve: The easing of selection animations.
    ///   - stripPhysics: Deceleration, bounce and momentum of strip flings
    ///     (no bouncing by default, as on Douyin's header).
    /// - Throws: `TabStripError/invalidValue(name:value:)` for an empty
    ///   strip (`"pageCount"`), a bad page width, budget or duration;
    ///   `TabStripError/lengthExceedsLimit(name:value:limit:)` for a page
    ///   width or duration above `TabStripLimits/maximumLength`;
    ///   `TabStripError/countExceedsLimit(name:value:limit:)` for a
    ///   `pageBudget` or `preloadRadius` above
    ///   `TabStripLimits/maximumPoolSize`;
    ///   `TabStripError/reentrantCall(operation:)` from inside a callback
    ///   of the virtualiser.
    /// - Complexity: O(1) plus loading the current page.
    @usableFromInline package init(
        virtualizer: TabStripVirtualizer<Host>,
        pageWidth: Double,
        provider: Provider,
        pageBudget: Int = 16,
        preloadRadius: Int = 1,
        pagingRule: PagingRule = .standard,
        selectionScroll: SelectionScroll = .center,
        selectionDuration: Double = 0.25,
        selectionCurve: TimingCurve = .easeOut,
        stripPhysics: ScrollPhysics = .standard
    ) throws(TabStripError) {
        try TabStripError.requireLength(selectionDuration, "selectionDuration")
        try TabStripError.requirePositive(pageWidth, "pageWidth")
        try TabStripError.requireLength(pageWidth, "pageWidth")
        try TabStripError.requireCount(preloadRadius, atMost: TabStripLimits.maximumPoolSize, "preloadRadius")
        try TabStripError.requireCount(pageBudget, atLeast: 1, atMost: TabStripLimits.maximumPoolSize, "pageBudget")
        guard !virtualizer._isBusy else { throw .reentrantCall(operation: "PagerSync.init") }
        let count = virtualizer.strip.tabCount
        let current = virtualizer.strip.selectedIndex ?? 0
        let _pager = try Pager(pageWidth: pageWidth, pageCount: count, currentPage: current, rule: pagingRule)
        var cache = try PageCache<Provider.Page>(pageCount: count, budget: pageBudget, preloadRadius: preloadRadius)
        var provider = provider
        do {
            virtualizer._beginForeignCallbacks()
            defer { virtualizer._endForeignCallbacks() }
            try cache.completeTransition(to: current, using: &provider)
        }
        self.virtualizer = virtualizer
        self._pager = _pager
        self._pageCache = cache
        self._provider = provider
        self.selectionScroll = selectionScroll
        self.selectionDuration = selectionDuration
        self.selectionCurve = selectionCurve
        self.stripPhysics = stripPhysics
        self._pageOffset = _pager.offset(ofPage: current)
        self.syncedSelection = virtualizer.strip.selectedIndex
        pageLives.reserveCapacity(4)
        // The first page appears.
        if count > 0 { tellPageAppearance() }
    }

    /// The strip being kept in step.
    /// (Read in place, without copying the strip.)
    @inlinable package var strip: TabStrip {
        _read { yield virtualizer.strip }
    }

    /// Marks a mutating call as running; refuses it from inside a callback
    /// (of the host or the provider).
    @inlinable @inline(__always) func enter(_ operation: StaticString) throws(TabStripError) {
        guard !isBusy, !virtualizer._isBusy else { throw .reentrantCall(operation: "\(operation)") }
        isBusy = true
    }

    /// Ends a mutating call: the pages' appearance steps are told, then
    /// the call is over.
    @inlinable func leave() {
        if appearanceStands {
            appearanceStands = false
        } else {
            tellPageAppearance()
        }
        isBusy = false
    }

    /// The pages whose appearance the provider was told, with their
    /// steps (for tests).
    package var pageAppearances: [(index: Int, step: PageAppearance)] {
        pageLives.map { life in
            let step: PageAppearance
            switch life.step {
            case .appearing: step = .willAppear
            case .shown: step = .didAppear
            case .disappearing: step = .willDisappear
            }
            return (life.index, step)
        }
    }

    /// Runs a page-cache operation: its provider callbacks may read this
    /// object but not change the strip (the virtualiser refuses meanwhile).
    /// A provider assigned by a callback replaces the running one only
    /// when the operation has returned (see ``provider``).
    /// The cache reaches the provider through a ``PageLender``, so that a
    /// page whose appearance has a step open is told it disappears before
    /// it is evicted.
    @inlinable func withCache<Result>(
        _ body: (inout PageCache<Provider.Page>, inout PageLender<Host, Provider>) throws(TabStripError) -> Result
    ) throws(TabStripError) -> Result {
        virtualizer._beginForeignCallbacks()
        isRunningProvider = true
        defer {
            isRunningProvider = false
            if let pending = _pendingProvider {
                _pendingProvider = nil
                _provider = pending
            }
            virtualizer._endForeignCallbacks()
        }
        var lender = PageLender(self)
        return try body(&_pageCache, &lender)
    }

    /// The scale of tab `index` from the tap feedback at `time` (1 when it
    /// is not being pressed). Hosts multiply it into the cell's transform.
    /// - Complexity: O(1).
    @inlinable package func feedbackScale(ofTab index: Int, at time: Double) -> Double {
        guard let _tapFeedback, _tapFeedback.tab == index else { return 1 }
        return _tapFeedback.feedback.scale(at: time)
    }
}

/// A direct jump of the pager from one page to a far one after a tap on a
/// tab: the host shows the two pages sliding (forward when `to > from`),
/// never the pages between.
public struct PageJump: Hashable, Sendable {
    /// The page the jump leaves.
    public var from: Int
    /// The page it lands on.
    public var to: Int
    /// The fraction of the jump shown, 0 → 1 over the animation.
    @usableFromInline package var animation: TimedAnimation

    /// Creates a jump.
    @usableFromInline
    init(from: Int, to: Int, animation: TimedAnimation) {
        self.from = from
        self.to = to
        self.animation = animation
    }

    /// Whether the new page comes in from the trailing side (`to > from`).
    public var isForward: Bool { to > from }

    /// How far the jump has gone at `time`, in `[0, 1]`.
    @inlinable public func fraction(at time: Double) -> Double {
        Swift.min(Swift.max(animation.value(at: time), 0), 1)
    }
}
