import Foundation
import TabStrip
import Testing

// The listings that open the DocC guides, compiled and run. Each region
// marked `// GUIDE: NAME begin` … `// GUIDE: NAME end` must appear verbatim
// (indentation aside) in the guide `NAME.md` (checked by
// `DocumentationListingTests`); the expectations after it pin what the listing's
// comments claim.

@Suite struct GuideExampleTests {
    @Test func widthIndex() throws {
        // GUIDE: WidthIndex begin
        var widths = try TabWidths(widths: [80, 120, 96, 64], spacing: 8)
        let start = try widths.leadingOffset(ofTab: 2) // 80 + 8 + 120 + 8 = 216
        let inView = try widths.tabs(overlapping: 100, length: 150) // tabs 1 and 2
        try widths.setWidth(140, ofTab: 1) // a badge widened tab 1
        try widths.insertTabs(widths: [72, 72], at: 0) // two new tabs in front
        let moved = try widths.leadingOffset(ofTab: 4) // old tab 2, now 2 · 80 + 140 + 4 · 8 = 396
        // GUIDE: WidthIndex end
        #expect(start == 216)
        #expect(inView == 1..<3)
        #expect(moved == 72 + 8 + 72 + 8 + 80 + 8 + 140 + 8)
        #expect(moved == 396)
    }

    @Test func measuring() throws {
        // GUIDE: Measuring begin
        let columns = DisplayColumns.columns(of: "推荐 News 👍🏽") // 4 + 1 + 4 + 1 + 2 = 12
        let measurer = ColumnTitleMeasurer() // 8 pt per column
        let titleWidth = measurer.width(of: "推荐") // 2 columns each: 32 pt
        let strip = try TabStrip(
            titles: ["推荐", "关注", "News"],
            sizing: .measured(padding: 20), // title + 20 pt each side
            viewport: Viewport(width: 390, height: 44)
        )
        let tabWidth = try strip.frame(ofTab: 0).width // 32 + 40 = 72
        // GUIDE: Measuring end
        #expect(columns == 12)
        #expect(titleWidth == 32)
        #expect(tabWidth == 72)
    }

    @Test func appearance() throws {
        // GUIDE: Appearance begin
        // The pages are dragged 30 % of the way from page 0 towards page 1.
        let position = try PagerPosition(offset: 0.3 * 390, pageWidth: 390, pageCount: 3)
        let progress = try position.progress(relativeTo: 0)
        let style = TitleStyle.douyin // grey 0.9 ↔ white 1.1
        let leaving = style.appearance(ofTab: 0, in: progress) // 70 % selected
        let arriving = style.appearance(ofTab: 1, in: progress) // 30 % selected
        let indicator = try IndicatorStyle.douyin.frame(
            current: Rect(x: 0, y: 0, width: 80, height: 44),
            neighbour: Rect(x: 80, y: 0, width: 120, height: 44),
            progress: progress.progress,
            stripHeight: 44
        ) // between the two, lerped
        // GUIDE: Appearance end
        #expect(abs(leaving.scale - (0.7 * 1.1 + 0.3 * 0.9)) < 1e-12)
        #expect(abs(arriving.scale - (0.3 * 1.1 + 0.7 * 0.9)) < 1e-12)
        #expect(indicator.minX > 20 && indicator.minX < 100)
        #expect(indicator.width > 40 && indicator.width < 80)
    }

    @Test func virtualizer() throws {
        // GUIDE: Virtualizer begin
        let strip = try TabStrip(
            tabs: 0..<100_000, id: { $0 }, title: { "频道 \($0)" },
            viewport: Viewport(width: 390, height: 44))
        let bar = try TabBar<GuideHost, NoPages>(strip: strip, host: GuideHost())
        try bar.setContentOffset(1_000_000, at: 0) // a scroll callback
        let cells = bar.visibleTabs.count // about a dozen, never 100,000
        try bar.insertTabs([100_000], id: { $0 }, title: { _ in "新频道" }, at: 0, time: 0) // far away: the view stays put
        let created = bar.cellCounts.made // cells are reused, not made anew
        // GUIDE: Virtualizer end
        #expect(cells > 3 && cells < 20)
        #expect(created <= cells + 1)
        #expect(bar.strip.tabCount == 100_001)
    }

    @Test func motion() throws {
        // GUIDE: Motion begin
        // A release at 4,000 pt/s over 0...50,000 pt of content, with bouncing.
        let physics = try ScrollPhysics(
            decelerationRate: .normal,
            bounce: ScrollPhysics.Bounce(rubberBand: RubberBand(dimension: 390))
        )
        let fling = try Fling(
            position: 1_000, velocityPerSecond: 4_000, startTime: 0,
            bounds: 0...50_000, physics: physics)
        let atHalfSecond = fling.position(at: 0.5) // a pure function of time
        let rest = fling.position(at: fling.finishTime) // 1,000 + about 2,000
        // GUIDE: Motion end
        #expect(atHalfSecond > 1_000 && atHalfSecond < rest)
        #expect(abs(rest - (1_000 + 4_000 / (1_000 * -log(0.998)))) < 5)
        #expect(fling.isFinished(at: fling.finishTime))
    }

    @Test func pageCache() throws {
        // GUIDE: PageCache begin
        var provider = ClosurePageProvider(load: { index in "page \(index)" })
        var cache = try PageCache<String>(pageCount: 100_000, budget: 16, preloadRadius: 1)
        try cache.completeTransition(to: 0, using: &provider) // page 0, page 1 preloaded
        try cache.beginJump(to: 50_000, using: &provider) // a tap on a far tab
        try cache.completeTransition(to: 50_000, using: &provider) // pages 1...49,999 never load
        let live = cache.liveCount // at most the budget
        // GUIDE: PageCache end
        #expect(live <= 16)
        #expect(try cache.page(at: 50_000) == "page 50000")
        #expect(try cache.page(at: 25_000) == nil)
    }

    @Test func sync() throws {
        let strip = try TabStrip(
            tabs: ["推荐", "关注", "同城", "热点"], id: { $0 }, title: { $0 }, viewport: Viewport(width: 390, height: 44))
        // GUIDE: Sync begin
        let bar = try TabBar(
            strip: strip,
            host: GuideHost(),
            pages: TabBarPages(width: 390, provider: ClosurePageProvider(load: { index in "page \(index)" }))
        )
        try bar.beginPageDrag(at: 0.00) // pan begins
        try bar.movePageDrag(translation: -150, at: 0.05) // indicator glides
        try bar.endPageDrag(translation: -150, velocityPerMillisecond: 0.6, at: 0.08)
        var time = 0.08
        while bar.needsFrames { // the display link
            time += 1.0 / 120
            try bar.advance(to: time)
        }
        let selected = bar.strip.selectedIndex // 1: the page turned
        // GUIDE: Sync end
        #expect(selected == 1)
        #expect(bar.currentPage == 1)
    }

    @Test func pinnedTabs() throws {
        let titles = ["推荐"] + (1..<100_000).map { "频道\($0)" } + ["+"]
        let strip = try TabStrip(
            tabs: titles.indices, id: { $0 }, title: { titles[$0] }, viewport: Viewport(width: 390, height: 44))
        let tabBar = GuideHost()
        // GUIDE: PinnedTabs begin
        let bar = try TabBar<GuideHost, NoPages>(strip: strip, host: tabBar)
        try bar.setPinnedTabs(PinnedTabs(leading: 1, trailing: 1)) // "推荐" and "+"
        try bar.select(50_000, animated: false, at: 0) // centred in the room the pinned tabs leave
        let first = try bar.strip.frame(ofTab: 0) // where "推荐" is shown: still at the left edge
        let tapped = try bar.strip.tab(atContentX: bar.strip.contentOffset + 10) // 0: "推荐"
        let inView = bar.visibleTabs // the unpinned tabs in view; "推荐" and "+" have cells too
        // GUIDE: PinnedTabs end
        #expect(first.minX == bar.strip.contentOffset)
        #expect(tapped == 0)
        #expect(bar.cell(ofTab: 0)?.title == "推荐")
        #expect(bar.cell(ofTab: 100_000)?.title == "+")
        #expect(inView.contains(50_000) && !inView.contains(0))
        let last = try bar.strip.frame(ofTab: 100_000)
        #expect(last.maxX == bar.strip.contentOffset + 390)
    }

    @Test func reorder() throws {
        let titles = ["推荐", "关注", "同城", "热点", "科技", "体育", "财经", "汽车", "美食", "旅游"]
        let strip = try TabStrip(tabs: titles, id: { $0 }, title: { $0 }, viewport: Viewport(width: 390, height: 44))
        let bar = try TabBar(
            strip: strip, host: GuideHost(),
            pages: TabBarPages(width: 390, provider: ClosurePageProvider(load: { index in "page \(index)" })))
        let pressed = try strip.frame(ofTab: 1) // a long press on "关注"
        // GUIDE: Reorder begin
        try bar.beginReorder(tab: 1, at: pressed.midX, time: 0.0) // the finger's x in the viewport
        try bar.moveReorder(to: pressed.midX + 120, at: 0.1) // the tabs it passes make room
        var time = 0.1
        while bar.needsFrames { // the display link
            time += 1.0 / 120
            try bar.advance(to: time)
        }
        let to = try bar.dropReorder(at: time) // one move: cells, page and selection follow
        // GUIDE: Reorder end
        #expect(to > 1)
        #expect(bar.strip.titles[to] == "关注")
        #expect(bar.currentPage == bar.strip.selectedIndex)
    }
}

/// A host whose cells are plain records (what a renderer would draw).
final class GuideHost: TabStripHost {
    final class Cell {
        var title = ""
        var frame = Rect.zero
    }

    func makeCell(of kind: TabCellKind) -> Cell { Cell() }
    func configure(_ cell: Cell, with content: TabCellContent) { cell.title = content.title }
    func place(_ cell: Cell, at frame: Rect) { cell.frame = frame }
    func apply(_ appearance: TitleAppearance, to cell: Cell) {}
}
