import TabStripCore

/// The host side of the page cache under a tab bar (`TabBarPages`'s
/// provider): creates pages when the cache needs them and hears when the
/// cache lets one go.
///
/// A page is whatever the host shows for one pager index: a view
/// controller, a view model, a prepared snapshot. The cache calls
/// ``loadPage(at:)`` for a page that is (or is about to be) on screen,
/// ``preloadPage(at:)`` for a neighbour it prepares ahead of time, and
/// ``evictPage(_:at:)`` when it drops a page.
///
/// The bar keeps the provider (`TabBar.provider`) and lends it to the
/// cache for each operation, so the cache stays a plain value. The
/// callbacks may read the bar and its pages, but a mutating call (a tap, a
/// frame, an edit of the strip) is refused with
/// `TabStripError/reentrantCall(operation:)`.
public protocol PageProvider<Page> {
    /// The page type.
    associatedtype Page

    /// Creates the page at `index` because it is visible, is the page the
    /// pager settled on, or is the target of a jump.
    mutating func loadPage(at index: Int) -> Page

    /// Creates the page at `index` ahead of time, because it is within the
    /// preload radius of the settled page. Defaults to ``loadPage(at:)``.
    mutating func preloadPage(at index: Int) -> Page

    /// The cache has dropped `page`, which was at `index` (evicted as least
    /// recently used, past the end after the page count shrank, or removed
    /// explicitly). Defaults to doing nothing.
    mutating func evictPage(_ page: Page, at index: Int)
}

extension PageProvider {
    /// Creates the page by calling ``loadPage(at:)``.
    public mutating func preloadPage(at index: Int) -> Page {
        loadPage(at: index)
    }

    /// Does nothing.
    public mutating func evictPage(_ page: Page, at index: Int) {}
}
