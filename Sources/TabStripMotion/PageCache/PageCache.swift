import TabStripCore

/// A bounded cache of the host's pages for a pager with any number of pages
/// (100,000 and more): pages are created only when they come into view or
/// next to the settled page, and the least recently used ones are dropped
/// beyond a budget.
///
/// A page is *loaded* when it comes into focus (visible by more than
/// ``visibilityThreshold``, settled on, or the target of a jump) and its
/// neighbours within ``preloadRadius`` are *preloaded* after a transition;
/// beyond ``budget`` live pages the least recently used unpinned page is
/// *evicted*. Pinned pages (the visible ones, the settled page and its
/// neighbours, a jump's target) are never evicted, and the budget must be at
/// least ``minimumBudget(preloadRadius:)`` so they always fit: the number of
/// live pages never exceeds the budget, not even inside a callback. A jump
/// (``beginJump(to:using:)``) never loads the pages it scrolls past.
///
/// Pages are identified by index. ``setPageCount(_:using:)`` handles pages
/// added or removed at the end; after inserting or removing pages elsewhere,
/// call ``removeAll(using:)`` and start over.
///
/// - Complexity: Lookup, touching a page and evicting the least recently used
///   one are O(1) (a hash table from page index to slot plus a linked
///   recency list in an array of slots); an eviction skips at most
///   `2 · preloadRadius + 3` pinned pages. Once the slots and the table
///   have grown to the budget, no operation allocates.
@usableFromInline package struct PageCache<Page> {
    /// The number of pages the pager has.
    @inlinable package var pageCount: Int { _pageCount }
    /// The most pages kept alive at once.
    @inlinable package var budget: Int { _budget }
    /// How many neighbours on each side of the settled page are preloaded
    /// after a transition and kept pinned.
    @inlinable package var preloadRadius: Int { _preloadRadius }
    /// A page counts as visible when more than this fraction of its width is
    /// on screen, in `[0, 1)`. 0 (the default) loads a page as soon as any
    /// sliver of it shows.
    @inlinable package var visibilityThreshold: Double { _visibilityThreshold }

    /// The page the pager last settled on, or `nil` before the first
    /// transition (and after ``removeAll(using:)`` or a shrink to 0 pages).
    @inlinable package var currentPage: Int? { _currentPage }
    /// The pages currently counted as visible (at most two, adjacent).
    @inlinable package var visiblePages: Range<Int> { _visiblePages }
    /// The target of a jump in progress, or `nil`.
    @inlinable package var jumpTarget: Int? { _jumpTarget }
    /// What the cache has done; see ``PageCacheCounters``.
    @inlinable package var counters: PageCacheCounters { _counters }

    // Stored state behind the read-only properties above.
    @usableFromInline var _pageCount: Int
    @usableFromInline var _budget: Int
    @usableFromInline var _preloadRadius: Int
    @usableFromInline var _visibilityThreshold: Double
    @usableFromInline var _currentPage: Int?
    @usableFromInline var _visiblePages: Range<Int>
    @usableFromInline var _jumpTarget: Int?
    @usableFromInline var _counters: PageCacheCounters = PageCacheCounters()
    /// Whether the pages are exactly as the last
    /// ``updateVisibility(for:using:)`` left them (nothing else changed the
    /// cache since): then another update that finds the same visible pages
    /// has nothing to do (every such page is live and most recently used,
    /// in order, and none enters focus). Every other change clears it.
    @usableFromInline var _visibilitySettled = false

    /// Slot of each live page, by page index.
    @usableFromInline var slotOfPage = PageSlotTable()
    /// Storage for live pages and the recency list; free slots are chained
    /// through `older`.
    @usableFromInline var slots: [Slot] = []
    /// The most recently used live page's slot, or `Self.none`.
    @usableFromInline var mostRecent = Self.none
    /// The least recently used live page's slot, or `Self.none`.
    @usableFromInline var leastRecent = Self.none
    /// The first free slot, or `Self.none`.
    @usableFromInline var firstFree = Self.none
    /// Scratch list of page indices an operation needs live, in priority
    /// order: the first ``requestCount`` entries (the array only grows, so
    /// that neither clearing it nor refilling it allocates or moves memory;
    /// entries past the count are stale).
    @usableFromInline var requests: [Int] = []
    /// How many entries of ``requests`` the current operation listed.
    @usableFromInline var requestCount = 0
    /// Scratch list beside ``requests``: the slot of each requested page
    /// (or `Self.none`), so an operation looks each page up once.
    @usableFromInline var requestSlots: [Int] = []

    /// The null slot link.
    @inlinable static var none: Int { -1 }

    /// One entry of the slot array.
    @usableFromInline struct Slot {
        /// The live page, or `nil` for a free slot.
        @usableFromInline var page: Page?
        /// The page index held, or -1 for a free slot.
        @usableFromInline var index: Int
        /// The slot used just more recently (towards ``mostRecent``).
        @usableFromInline var newer: Int
        /// The slot used just less recently (towards ``leastRecent``); the
        /// next free slot for a free one.
        @usableFromInline var older: Int

        @inlinable init(page: Page?, index: Int, newer: Int, older: Int) {
            self.page = page
            self.index = index
            self.newer = newer
            self.older = older
        }
    }

    /// Creates an empty cache; no page is created until the first operation
    /// that needs one.
    ///
    /// - Parameters:
    ///   - pageCount: The number of pages, `>= 0`.
    ///   - budget: The most pages alive at once; at least
    ///     ``minimumBudget(preloadRadius:)``. 16 by default, as in
    ///     TYPagerController.
    ///   - preloadRadius: Neighbours preloaded on each side of the settled
    ///     page, `>= 0`; 1 by default.
    ///   - visibilityThreshold: The visible fraction a page must exceed to be
    ///     loaded, in `[0, 1)`; 0 by default (any sliver).
    /// - Throws: `TabStripError/invalidValue(name:value:)` naming
    ///   `"pageCount"`, `"preloadRadius"`, `"budget"` or
    ///   `"visibilityThreshold"`;
    ///   `TabStripError/countExceedsLimit(name:value:limit:)` for a page
    ///   count above `TabStripLimits/maximumCount` or a budget or radius
    ///   above `TabStripLimits/maximumPoolSize`.
    /// - Complexity: O(1).
    @usableFromInline package init(
        pageCount: Int,
        budget: Int = 16,
        preloadRadius: Int = 1,
        visibilityThreshold: Double = 0
    ) throws(TabStripError) {
        try TabStripError.requireCount(pageCount, atMost: TabStripLimits.maximumCount, "pageCount")
        try Self.validate(budget: budget, preloadRadius: preloadRadius)
        try Self.validate(visibilityThreshold: visibilityThreshold)
        self._pageCount = pageCount
        self._budget = budget
        self._preloadRadius = preloadRadius
        self._visibilityThreshold = visibilityThreshold
        self._visiblePages = 0..<0
        requests.reserveCapacity(Self.minimumBudget(preloadRadius: preloadRadius))
        requestSlots.reserveCapacity(Self.minimumBudget(preloadRadius: preloadRadius))
    }

    /// The smallest budget allowed with a given preload radius:
    /// `2 · preloadRadius + 3` (the settled page, its neighbours and two
    /// visible pages elsewhere). Saturates at `Int.max`.
    /// - Complexity: O(1).
    @usableFromInline package static func minimumBudget(preloadRadius: Int) -> Int {
        let radius = Swift.max(preloadRadius, 0)
        guard radius <= (Int.max - 3) / 2 else { return Int.max }
        return 2 * radius + 3
    }

    @inlinable static func validate(budget: Int, preloadRadius: Int) throws(TabStripError) {
        try TabStripError.requireCount(preloadRadius, atMost: TabStripLimits.maximumPoolSize, "preloadRadius")
        try TabStripError.requireCount(budget, atLeast: 1, atMost: TabStripLimits.maximumPoolSize, "budget")
        guard budget >= 1, budget >= minimumBudget(preloadRadius: preloadRadius) else {
            throw .invalidValue(name: "budget", value: Double(budget))
        }
    }

    @inlinable static func validate(visibilityThreshold: Double) throws(TabStripError) {
        guard visibilityThreshold >= 0, visibilityThreshold < 1 else {
            throw .invalidValue(name: "visibilityThreshold", value: visibilityThreshold)
        }
    }
}

extension PageCache: Sendable where Page: Sendable {}
extension PageCache.Slot: Sendable where Page: Sendable {}
