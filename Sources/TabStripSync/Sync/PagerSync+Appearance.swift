import TabStripCore
import TabStripMotion

/// A page the provider was told about, and the step it is at.
@usableFromInline
struct PageLife<Page> {
    @usableFromInline enum Step: Hashable, Sendable {
        /// Told `willAppear`, not yet `didAppear`.
        case appearing
        /// Told `didAppear`.
        case shown
        /// Told `willDisappear`, not yet `didDisappear`.
        case disappearing
    }

    @usableFromInline var index: Int
    @usableFromInline var page: Page
    @usableFromInline var step: Step

    @inlinable init(index: Int, page: Page, step: Step) {
        self.index = index
        self.page = page
        self.step = step
    }
}

/// Which pages should be in which step: at rest, the page the pages rest
/// on; moving, that page and up to two others coming into view.
@usableFromInline
struct PageAppearanceState: Hashable, Sendable {
    /// Whether the pages are at rest on ``settled``.
    @usableFromInline var rest: Bool
    /// The page the pages rest on, or left (-1: none).
    @usableFromInline var settled: Int
    /// Other pages in view (-1: none).
    @usableFromInline var first: Int
    @usableFromInline var second: Int

    @inlinable init(rest: Bool, settled: Int, first: Int, second: Int) {
        self.rest = rest
        self.settled = settled
        self.first = first
        self.second = second
    }

    /// No page (an empty strip). (Computed: a stored global is reached
    /// through its lazy initialiser on every frame.)
    @inlinable static var none: PageAppearanceState {
        PageAppearanceState(rest: true, settled: -1, first: -1, second: -1)
    }
    /// A state no sync is in: the next comparison always differs.
    @inlinable static var unknown: PageAppearanceState {
        PageAppearanceState(rest: false, settled: -2, first: -2, second: -2)
    }

    @inlinable func contains(_ page: Int) -> Bool {
        page >= 0 && (page == settled || page == first || page == second)
    }
}

/// The provider as the page cache sees it: every call goes to the sync's
/// provider in place (no copy), and an eviction of a page whose appearance
/// has a step open tells it `willDisappear` (unless told) and
/// `didDisappear` first.
@usableFromInline
package struct PageLender<Host: TabStripHost, Provider: PageProvider>: PageProvider {
    @usableFromInline unowned(unsafe) let sync: PagerSync<Host, Provider>

    @inlinable init(_ sync: PagerSync<Host, Provider>) { self.sync = sync }

    @inlinable package mutating func loadPage(at index: Int) -> Provider.Page { sync._provider.loadPage(at: index) }

    @inlinable package mutating func preloadPage(at index: Int) -> Provider.Page {
        sync._provider.preloadPage(at: index)
    }

    @inlinable package mutating func evictPage(_ page: Provider.Page, at index: Int) {
        if sync.closesOnEviction, !sync.pageLives.isEmpty { sync.closeLife(at: index) }
        sync._provider.evictPage(page, at: index)
    }

    @inlinable package mutating func pageAppearance(_ step: PageAppearance, of page: Provider.Page, at index: Int) {
        sync._provider.pageAppearance(step, of: page, at: index)
    }
}

extension PagerSync {
    /// Closes the appearance of the page at `index`, about to be evicted
    /// (from inside a cache operation: the provider is told directly).
    @inlinable func closeLife(at index: Int) {
        guard let k = pageLives.firstIndex(where: { $0.index == index }) else { return }
        let life = pageLives.remove(at: k)
        toldAppearance = .unknown
        if life.step != .disappearing { _provider.pageAppearance(.willDisappear, of: life.page, at: index) }
        _provider.pageAppearance(.didDisappear, of: life.page, at: index)
    }

    /// Which pages should have which step now, from the pager, the jump
    /// and the page cache: a few comparisons.
    @inlinable var pageAppearanceState: PageAppearanceState {
        guard let settled = _pageCache.currentPage, _pageCache.pageCount > 0 else { return .none }
        if let target = _jump?.to {
            return PageAppearanceState(
                rest: false, settled: settled, first: target == settled ? -1 : target, second: -1)
        }
        let moving: Bool
        switch _pager.phase {
        case .idle: moving = pagerWasMoving
        case .dragging: moving = true
        case .settling(let settle):
            if pagerWasMoving {
                moving = true
            } else if let time = _lastTime {
                moving = !settle.isFinished(at: time)
            } else {
                moving = true
            }
        }
        if !moving, _pager.currentPage == settled {
            return PageAppearanceState(rest: true, settled: settled, first: -1, second: -1)
        }
        // At most two pages are visible, adjacent: those other than the
        // settled one.
        let visible = _pageCache.visiblePages
        let low = visible.isEmpty || visible.lowerBound == settled ? -1 : visible.lowerBound
        let high = visible.count < 2 || visible.upperBound - 1 == settled ? -1 : visible.upperBound - 1
        let first = low >= 0 ? low : high
        let second = low >= 0 ? high : -1
        return PageAppearanceState(rest: false, settled: settled, first: first, second: second)
    }

    /// Tells the provider the appearance steps the pages took since it was
    /// last told (nothing when the pages are where they were: the common
    /// frame). Called at the end of every call, while it still counts as
    /// running, so that a callback may read this object but not change it.
    /// - Complexity: O(1).
    @inlinable func tellPageAppearance() {
        let state = pageAppearanceState
        guard state != toldAppearance else { return }
        toldAppearance = state
        stepPages(to: state)
    }

    /// Moves every page the provider knows of to its step in `state`,
    /// telling each step: first the pages that left the view, then the
    /// page at rest (or the one being left), then the pages coming in.
    @inlinable func stepPages(to state: PageAppearanceState) {
        var k = 0
        while k < pageLives.count {
            if state.contains(pageLives[k].index) {
                k += 1
                continue
            }
            let life = pageLives.remove(at: k)
            if life.step != .disappearing { tell(.willDisappear, life) }
            tell(.didDisappear, life)
        }
        let settledLife = pageLives.firstIndex { $0.index == state.settled }
        if state.rest {
            guard state.settled >= 0 else { return }
            if let k = settledLife {
                switch pageLives[k].step {
                case .shown: return
                case .disappearing:
                    pageLives[k].step = .appearing
                    tell(.willAppear, pageLives[k])
                    pageLives[k].step = .shown
                    tell(.didAppear, pageLives[k])
                case .appearing:
                    pageLives[k].step = .shown
                    tell(.didAppear, pageLives[k])
                }
            } else if let page = livePage(state.settled) {
                pageLives.append(PageLife(index: state.settled, page: page, step: .appearing))
                tell(.willAppear, pageLives[pageLives.count - 1])
                pageLives[pageLives.count - 1].step = .shown
                tell(.didAppear, pageLives[pageLives.count - 1])
            }
            return
        }
        // Moving: the page left starts to disappear once another page
        // shows; until then it keeps its step.
        guard state.first >= 0 || state.second >= 0 else { return }
        if let k = settledLife, pageLives[k].step == .shown {
            pageLives[k].step = .disappearing
            tell(.willDisappear, pageLives[k])
        }
        startAppearing(state.first)
        startAppearing(state.second)
    }

    /// Tells the page at `index` (`-1`: none) `willAppear` unless it has a
    /// step open already.
    @inlinable func startAppearing(_ index: Int) {
        guard index >= 0, !pageLives.contains(where: { $0.index == index }), let page = livePage(index) else { return }
        pageLives.append(PageLife(index: index, page: page, step: .appearing))
        tell(.willAppear, pageLives[pageLives.count - 1])
    }

    /// Follows an edit: each page the provider knows of moves to its
    /// tab's new index; a page whose tab is gone is told it disappears
    /// (before the cache evicts it).
    @inlinable func followPageLives(_ newIndex: (Int) -> Int?) {
        toldAppearance = .unknown
        var k = 0
        while k < pageLives.count {
            if let index = newIndex(pageLives[k].index) {
                pageLives[k].index = index
                k += 1
                continue
            }
            let life = pageLives.remove(at: k)
            if life.step != .disappearing { tell(.willDisappear, life) }
            tell(.didDisappear, life)
        }
    }

    /// The page at `index` when the cache holds it.
    @inlinable func livePage(_ index: Int) -> Provider.Page? {
        (try? _pageCache.page(at: index)) ?? nil
    }

    /// Tells the provider one step of `life`'s page; the provider may read
    /// this object meanwhile (a change is refused, an assignment of the
    /// provider waits, as in a cache operation).
    @inlinable func tell(_ step: PageAppearance, _ life: PageLife<Provider.Page>) {
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
        _provider.pageAppearance(step, of: life.page, at: life.index)
    }
}
