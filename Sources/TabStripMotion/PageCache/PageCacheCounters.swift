import TabStripCore

/// What the page cache under a tab bar has done since the bar was created
/// (read with `TabBar.livePages`).
public struct PageCacheCounters: Hashable, Sendable {
    /// Pages created with ``PageProvider/loadPage(at:)``: a page came into
    /// focus (became visible, became the settled page or the target of a
    /// jump) and was not live.
    public var loaded = 0
    /// Pages created with ``PageProvider/preloadPage(at:)`` as neighbours of
    /// the settled page.
    public var preloaded = 0
    /// Pages dropped, for any reason.
    public var evicted = 0
    /// Times a page came into focus and was already live (preloaded earlier,
    /// or still cached from an earlier visit).
    public var hits = 0

    /// Creates counters, all zero by default.
    public init(loaded: Int = 0, preloaded: Int = 0, evicted: Int = 0, hits: Int = 0) {
        self.loaded = loaded
        self.preloaded = preloaded
        self.evicted = evicted
        self.hits = hits
    }

    /// The fraction of pages coming into focus that were already live,
    /// `hits / (hits + loaded)`; 0 before any page came into focus.
    public var hitRatio: Double {
        let total = hits + loaded
        return total == 0 ? 0 : Double(hits) / Double(total)
    }
}
