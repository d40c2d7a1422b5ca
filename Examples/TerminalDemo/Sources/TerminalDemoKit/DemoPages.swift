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

/// What the page provider has done: the pages it made and let go, and
/// each page's appearance steps.
public final class PageLog {
    /// Pages created per index.
    public private(set) var loads: [Int: Int] = [:]
    /// Pages created in all.
    public private(set) var created = 0
    /// Pages evicted in all.
    public private(set) var evicted = 0
    /// The serial of the page that has appeared (told `didAppear` and not
    /// yet `willDisappear`), if any.
    public private(set) var appeared: Int?
    /// The demo's clock, for the appearance lines.
    var now = 0.0
    /// Hears each appearance step: `<time> <step> <page>`, the time in
    /// seconds on the demo's clock, the page's 0-based index at that moment
    /// (`--events FILE`).
    let onAppearance: ((String) -> Void)?

    /// An empty log; `onAppearance` hears each appearance step as a line.
    public init(onAppearance: ((String) -> Void)? = nil) {
        self.onAppearance = onAppearance
    }

    /// One appearance step of `page`, at `index`.
    func record(_ step: PageAppearance, of page: DemoPage, at index: Int) {
        switch step {
        case .didAppear: appeared = page.serial
        case .willDisappear where appeared == page.serial: appeared = nil
        default: break
        }
        guard let onAppearance else { return }
        let millis = Int((now * 1000).rounded())
        let time = "\(millis / 1000).\(String(millis % 1000).leftPadded(to: 3))"
        onAppearance("\(time) \(step) \(index)")
    }

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

    /// A page's appearance step.
    public mutating func pageAppearance(_ step: PageAppearance, of page: DemoPage, at index: Int) {
        log.record(step, of: page, at: index)
    }
}
