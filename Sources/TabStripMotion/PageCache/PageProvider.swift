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

    /// `page`, now at `index`, passed a step of its appearance (see
    /// ``PageAppearance``): the page the user looks at starts and stops its
    /// video, counts a view, from here. Told once per step, in order, after
    /// the call that moved the pages has done everything else (a mutating
    /// call on the bar from here is refused). Defaults to doing nothing.
    mutating func pageAppearance(_ step: PageAppearance, of page: Page, at index: Int)
}

/// A step of a page's appearance, as UIKit's view controller containment
/// tells a child (`viewWillAppear`, `viewDidAppear`, `viewWillDisappear`,
/// `viewDidDisappear`).
///
/// Each page goes through `willAppear` → `didAppear` → `willDisappear` →
/// `didDisappear`, with the two turns a cancelled swipe takes: a page that
/// began to appear and goes away again gets `willDisappear` then
/// `didDisappear`; the page that was leaving and stays gets `willAppear`
/// then `didAppear` again. So every `willAppear` is closed by a
/// `didAppear` or a `didDisappear`, and at rest exactly one page has
/// appeared: the selected tab's.
///
/// - A swipe: when a neighbour starts to show (more of it than the page
///   cache's visibility threshold), the page at rest gets `willDisappear`
///   and the neighbour `willAppear`; when the pager comes to rest, the page
///   it left gets `didDisappear`, then the page it rests on `didAppear`.
/// - A jump (a tap on a far tab): the page it leaves and the page it lands
///   on, never the pages it passes.
/// - An edit: a page whose tab is removed gets `willDisappear` (when it had
///   appeared) and `didDisappear` before it is evicted; the others keep
///   their state at their new indices.
/// - The first page gets `willAppear` and `didAppear` when the bar is
///   created.
public enum PageAppearance: Hashable, Sendable {
    /// The page starts to come into view.
    case willAppear
    /// The page is at rest on screen: the one the user looks at.
    case didAppear
    /// The page starts to leave the screen (or, having begun to appear,
    /// goes back).
    case willDisappear
    /// The page has left the screen.
    case didDisappear
}

extension PageProvider {
    /// Creates the page by calling ``loadPage(at:)``.
    public mutating func preloadPage(at index: Int) -> Page {
        loadPage(at: index)
    }

    /// Does nothing.
    public mutating func evictPage(_ page: Page, at index: Int) {}

    /// Does nothing.
    public mutating func pageAppearance(_ step: PageAppearance, of page: Page, at index: Int) {}
}
