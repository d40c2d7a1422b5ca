import TabStripCore

/// A ``PageProvider`` made of closures, for hosts that prefer callbacks to a
/// conforming type.
///
/// ```swift
/// var pages = ClosurePageProvider<FeedPage>(
///     load: { index in FeedPage(index: index) },
///     evict: { index, page in page.tearDown() }
/// )
/// try cache.completeTransition(to: 3, using: &pages)
/// ```
public struct ClosurePageProvider<Page>: PageProvider {
    /// Creates a page that is needed on screen now.
    public var onLoad: (Int) -> Page
    /// Creates a neighbouring page ahead of time.
    public var onPreload: (Int) -> Page
    /// Hears that a page was dropped.
    public var onEvict: (Int, Page) -> Void
    /// Hears a page's appearance steps.
    public var onAppearance: (PageAppearance, Int, Page) -> Void

    /// Creates a provider.
    ///
    /// - Parameters:
    ///   - load: Creates the page at an index that is needed on screen.
    ///   - preload: Creates a neighbouring page ahead of time; `load` when
    ///     omitted.
    ///   - evict: Called with the index and the page the cache drops;
    ///     nothing when omitted.
    ///   - appearance: Called with each appearance step, the page's index
    ///     and the page (see ``PageAppearance``); nothing when omitted.
    public init(
        load: @escaping (Int) -> Page,
        preload: ((Int) -> Page)? = nil,
        evict: @escaping (Int, Page) -> Void = { _, _ in },
        appearance: @escaping (PageAppearance, Int, Page) -> Void = { _, _, _ in }
    ) {
        self.onLoad = load
        self.onPreload = preload ?? load
        self.onEvict = evict
        self.onAppearance = appearance
    }

    /// Calls ``onLoad``.
    public mutating func loadPage(at index: Int) -> Page { onLoad(index) }
    /// Calls ``onPreload``.
    public mutating func preloadPage(at index: Int) -> Page { onPreload(index) }
    /// Calls ``onEvict``.
    public mutating func evictPage(_ page: Page, at index: Int) { onEvict(index, page) }
    /// Calls ``onAppearance``.
    public mutating func pageAppearance(_ step: PageAppearance, of page: Page, at index: Int) {
        onAppearance(step, index, page)
    }
}
