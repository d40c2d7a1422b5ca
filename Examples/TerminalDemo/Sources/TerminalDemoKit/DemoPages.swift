import TabStrip

/// A page of the demo's pager: what a feed would build for one tab.
public struct DemoPage: Hashable, Sendable {
    /// The page's index (its tab's index when it was made).
    public let index: Int
    /// How many times a page at this index has been created, this one
    /// included.
    public let loadCount: Int
    /// The number of pages created before this one, plus one.
    public let serial: Int
    /// Whether it was preloaded (a neighbour) rather than loaded in focus.
    public let wasPreloaded: Bool
}

/// What the page provider has done, shared by the providers of successive
/// ``PagerSync`` instances (the demo rebuilds its sync on a resize).
public final class PageLog {
    /// Pages created per index.
    public private(set) var loads: [Int: Int] = [:]
    /// Pages created in all.
    public private(set) var created = 0
    /// Pages evicted in all.
    public private(set) var evicted = 0

    /// An empty log.
    public init() {}

    func make(_ index: Int, preloaded: Bool) -> DemoPage {
        created += 1
        let count = loads[index, default: 0] + 1
        loads[index] = count
        return DemoPage(index: index, loadCount: count, serial: created, wasPreloaded: preloaded)
    }

    func evict() { evicted += 1 }

    /// Forgets the per-index counts (after tabs were inserted or removed,
    /// page indices no longer name the same tabs).
    func forgetIndices() { loads.removeAll() }
}

/// The demo's ``PageProvider``: makes ``DemoPage`` values and records them
/// in a ``PageLog``.
public struct DemoPages: PageProvider {
    /// The shared log.
    public let log: PageLog

    /// A provider writing to `log`.
    public init(log: PageLog) { self.log = log }

    /// A page coming into focus.
    public mutating func loadPage(at index: Int) -> DemoPage { log.make(index, preloaded: false) }

    /// A neighbour made ahead of time.
    public mutating func preloadPage(at index: Int) -> DemoPage { log.make(index, preloaded: true) }

    /// A page the cache let go.
    public mutating func evictPage(_ page: DemoPage, at index: Int) { log.evict() }
}
