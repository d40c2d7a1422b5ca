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
        // GUIDE: PinnedTabsGuide begin
        let bar = try TabBar<GuideHost, NoPages>(strip: strip, host: tabBar)
        try bar.setPinnedTabs(PinnedTabs(leading: 1, trailing: 1)) // "推荐" and "+"
        try bar.select(50_000, animated: false, at: 0) // centred in the room the pinned tabs leave
        let first = try bar.strip.frame(ofTab: 0) // where "推荐" is shown: still at the left edge
        let tapped = try bar.strip.tab(atContentX: bar.strip.contentOffset + 10) // 0: "推荐"
        let inView = bar.visibleTabs // the unpinned tabs in view; "推荐" and "+" have cells too
        // GUIDE: PinnedTabsGuide end
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

    @Test func apiConventions() throws {
        let bar = try TabBar(
            strip: TabStrip(
                tabs: 0..<100, id: { $0 }, title: { "频道\($0)" }, viewport: Viewport(width: 390, height: 44)),
            host: GuideHost(),
            pages: TabBarPages(width: 390, provider: ClosurePageProvider(load: { index in "feed \(index)" })))
        try bar.beginPageDrag(at: 1.2)
        // GUIDE: APIConventions begin
        try bar.setBadge(.count(3), ofTab: 12) // a tab: `ofTab:`
        try bar.renameTab(12, to: "热点") // a verb on a tab: the index first
        let cell = bar.cell(ofTab: 12) // nil: tab 12 is out of view
        try bar.releaseStrip(velocityPerSecond: 2_400, at: 1.25) // the unit in the label, the time last
        try bar.endPageDrag(translation: -120, velocityPerMillisecond: 0.8, at: 1.30)
        let id = try bar.id(ofTab: 12, as: Int.self) // the type of the IDs, named
        // GUIDE: APIConventions end
        #expect(cell == nil && id == 12)
        #expect(try bar.strip.badge(ofTab: 12) == .count(3) && bar.strip.titles[12] == "热点")
    }

    @Test func measuringFromASource() throws {
        // GUIDE: Measuring.Source begin
        struct Channels: TabSource {
            let names: [String] // or the host's model or database
            var tabCount: Int { names.count }
            func id(ofTab index: Int) -> Int { index }
            func title(ofTab index: Int) -> String? { names[index] }
            func index(ofID id: Int) -> Int? { names.indices.contains(id) ? id : nil }
        }

        var strip = try TabStrip(
            source: Channels(names: (0..<1_000_000).map { "频道 \($0)" }),
            sizing: .measured(by: ColumnTitleMeasurer(), padding: 20), // a font's measurer in an app
            estimate: .width(80),
            viewport: Viewport(width: 390, height: 44)
        )
        let pending = strip.unmeasuredTabCount // 999,99x: only the tabs in view and the selected tab
        try strip.setContentOffset(4_000) // measures the tabs that come into view first
        try strip.measurePendingTabs(limit: 512) // the rest, when the host is idle
        // GUIDE: Measuring.Source end
        #expect(pending > 999_990 && pending < 1_000_000)
        #expect(try strip.isMeasured(tab: strip.visibleTabs.lowerBound))
    }

    @Test func measuringOffThread() async throws {
        struct Names: TabSource {
            var tabCount: Int { 100_000 }
            func id(ofTab index: Int) -> Int { index }
            func title(ofTab index: Int) -> String? { "频道 \(index)" }
            func index(ofID id: Int) -> Int? { id }
        }
        var strip = try TabStrip(
            source: Names(), sizing: .measured(by: ColumnTitleMeasurer()), estimate: .width(80),
            viewport: Viewport(width: 390, height: 44))
        let before = strip.unmeasuredTabCount
        // GUIDE: Measuring.OffThread begin
        let batch = try strip.tabsToMeasure(limit: 4_096)
        let measurements = await Task.detached { batch.measure() }.value
        try strip.applyMeasurements(measurements) // on screen, nothing moves
        // GUIDE: Measuring.OffThread end
        #expect(strip.unmeasuredTabCount == before - 4_096)
    }

    @Test func virtualizerAccessibility() throws {
        let bar = try TabBar<GuideHost, NoPages>(
            strip: TabStrip(
                tabs: 0..<100_000, id: { $0 }, title: { "频道 \($0)" }, viewport: Viewport(width: 390, height: 44),
                selectedIndex: 2),
            host: GuideHost())
        // GUIDE: Virtualizer.Accessibility begin
        var said = try bar.moveAccessibilityFocus(.by(1))
        // said.announcement == "频道 3, tab 4 of 100,000"
        said = try bar.moveAccessibilityFocus(.by(100)) // "频道 103, tab 104 of 100,000"
        said = try bar.moveAccessibilityFocus(.to(99_999)) // "频道 99999, tab 100,000 of 100,000"
        try bar.select(bar.accessibilityFocus!, at: 0) // activated
        // GUIDE: Virtualizer.Accessibility end
        #expect(said.announcement == "频道 99999, tab 100,000 of 100,000")
        #expect(bar.pageJump?.to == 99_999, "the indicator slides to the activated tab")
        #expect(try bar.strip.accessibility(ofTab: 3).announcement == "频道 3, tab 4 of 100,000")
        #expect(try bar.strip.accessibility(ofTab: 103).announcement == "频道 103, tab 104 of 100,000")
    }

    @Test func syncAppearance() throws {
        final class Player { var playing: Int? }
        let player = Player()
        let strip = try TabStrip(
            tabs: 0..<100, id: { $0 }, title: { "频道\($0)" }, viewport: Viewport(width: 390, height: 44))
        // GUIDE: Sync.Appearance begin
        let feed = ClosurePageProvider(
            load: { index in "video \(index)" },
            appearance: { step, index, video in
                switch step {
                case .didAppear: player.playing = index // play `video`, count a view
                case .willDisappear: player.playing = nil // pause it
                case .willAppear, .didDisappear: break
                }
            })
        let bar = try TabBar(strip: strip, host: GuideHost(), pages: TabBarPages(width: 390, provider: feed))
        // The first page has appeared: player.playing == 0.
        try bar.tapTab(40, at: 0) // page 0 disappears, page 40 appears; pages 1…39 hear nothing
        // GUIDE: Sync.Appearance end
        var time = 0.0
        while bar.needsFrames {
            time += 1.0 / 120
            try bar.advance(to: time)
        }
        #expect(player.playing == 40)
    }

    @Test func syncWithoutPages() throws {
        let strip = try TabStrip(
            tabs: 0..<1_000, id: { $0 }, title: { "频道\($0)" }, viewport: Viewport(width: 390, height: 44))
        // GUIDE: Sync.WithoutPages begin
        let bar = try TabBar<GuideHost, NoPages>(strip: strip, host: GuideHost())
        try bar.select(500, at: 0.0) // a tap on tab 500: it is selected 0.25 s on, scrolled into view
        var time = 0.0
        while bar.needsFrames { // the display link
            time += 1.0 / 120
            try bar.advance(to: time)
        }
        try bar.reveal(520, scroll: .leading, at: time) // scroll only
        try bar.dragStrip(to: bar.strip.contentOffset, at: time + 0.1) // a finger lands on the strip
        // GUIDE: Sync.WithoutPages end
        #expect(bar.strip.selectedIndex == 500)
        #expect(time > 0.24 && time < 0.27)
        #expect(!bar.needsFrames || bar.sync.stripMotion == .dragging)
    }

    @Test func channelLists() throws {
        // GUIDE: ChannelLists begin
        struct Channel: Sendable {
            let id: Int
            var name: String
        }
        var channels = (0..<100_000).map { Channel(id: $0, name: "频道\($0)") }
        let bar = try TabBar(
            strip: TabStrip(tabs: channels, id: \.id, title: \.name, viewport: Viewport(width: 390, height: 44)),
            host: GuideHost(),
            pages: TabBarPages(width: 390, provider: ClosurePageProvider(load: { index in "feed \(index)" })))
        try bar.select(42, animated: false, at: 0)

        // The server sends a new list: some channels gone, one new, two
        // swapped, one renamed. The strip compares it with the IDs it keeps.
        channels.removeAll { $0.id % 1_000 == 7 }
        channels.insert(Channel(id: 500_000, name: "新闻"), at: 3)
        channels.swapAt(10, 20)
        channels[5].name = "财经"
        let changes = try bar.strip.changes(to: channels, id: \.id, title: \.name)
        try bar.apply(changes, at: 0.1) // one call: strip, cells, pages and motion
        // removed, inserted, moved, renamed: (100, 1, 2, 1)
        let counts = (changes.removalCount, changes.insertionCount, changes.moveCount, changes.renameCount)
        // GUIDE: ChannelLists end
        #expect(counts == (100, 1, 2, 1))
        #expect(bar.strip.selectedIndex == bar.index(ofID: 42) && bar.currentPage == bar.strip.selectedIndex)
        #expect(try bar.id(ofTab: 3, as: Int.self) == 500_000)
        #expect(Array(bar.strip.titles) == channels.map(\.name))
        for j in stride(from: 0, to: channels.count, by: 997) {
            #expect(try bar.id(ofTab: j, as: Int.self) == channels[j].id)
        }
        bar.virtualizer._checkInvariants()
    }

    @Test func channelBar() throws {
        // GUIDE: ChannelBar begin
        // The app's channels, and a font measurer (CoreText's in an app).
        struct Channel: Sendable {
            let id: Int
            var name: String
        }
        struct Channels: TabSource { // a snapshot of the model
            let list: [Channel]
            let indexOfID: [Int: Int]
            init(_ list: [Channel]) {
                self.list = list
                indexOfID = Dictionary(uniqueKeysWithValues: list.enumerated().map { ($1.id, $0) })
            }
            var tabCount: Int { list.count }
            func id(ofTab index: Int) -> Int { list[index].id }
            func title(ofTab index: Int) -> String? { list[index].name }
            func index(ofID id: Int) -> Int? { indexOfID[id] }
        }
        let font = ColumnTitleMeasurer() // your font's TitleMeasurer
        var model = [Channel(id: 0, name: "推荐")] + (1..<1_000_000).map { Channel(id: $0, name: "频道\($0)") }

        // The bar: a million channels measured as they come into view, "推荐"
        // pinned at the leading edge, a feed of pages under it.
        let bar = try TabBar(
            strip: TabStrip(
                source: Channels(model), sizing: .measured(by: font), estimate: .width(80),
                viewport: Viewport(width: 390, height: 44)),
            host: GuideHost(),
            pages: TabBarPages(width: 390, provider: ClosurePageProvider(load: { index in "feed \(index)" })))
        try bar.setPinnedTabs(PinnedTabs(leading: 1))

        // The display link: one call a frame, while anything moves.
        var time = 0.0
        func runFrames() throws {
            while bar.needsFrames {
                time += 1.0 / 120
                try bar.advance(to: time)
            }
        }

        // The user taps channel 7, swipes on to channel 8, and VoiceOver
        // reads the strip.
        try bar.tapTab(7, at: time)
        try runFrames()
        try bar.beginPageDrag(at: time)
        try bar.movePageDrag(translation: -200, at: time + 0.05)
        try bar.endPageDrag(translation: -200, velocityPerMillisecond: 1, at: time + 0.1)
        time += 0.1
        try runFrames()
        let spoken = try bar.moveAccessibilityFocus(.to(8)).announcement // "频道8 …, 9 of 1,000,000"

        // In the channel editor the user drags the first channel in view to
        // the far end of the view: its tab, page and cell move in one call.
        let lifted = bar.visibleTabs.lowerBound + 1
        let x = try bar.strip.frame(ofTab: lifted).midX - bar.strip.contentOffset
        try bar.beginReorder(tab: lifted, at: x, time: time)
        try bar.moveReorder(to: 385, at: time + 0.1)
        let moved = try bar.dropReorder(at: time + 0.2)
        time += 0.2

        // The server keeps the user's order and sends a new list: channel 5
        // renamed, channel 9 gone, a new channel first after "推荐". The bar
        // compares IDs and measures only what changed and shows.
        model.insert(model.remove(at: lifted), at: moved)
        model[model.firstIndex { $0.id == 5 }!].name = "财经"
        model.removeAll { $0.id == 9 }
        model.insert(Channel(id: 2_000_000, name: "新闻"), at: 1)
        try bar.apply(bar.strip.changes(toSource: Channels(model)), at: time)
        try runFrames()
        // GUIDE: ChannelBar end
        #expect(spoken.hasPrefix("频道8"))
        #expect(moved > lifted)
        #expect(bar.strip.selectedIndex == bar.index(ofID: 8) && bar.currentPage == bar.strip.selectedIndex)
        #expect(bar.index(ofID: 9) == nil && bar.index(ofID: 2_000_000) == 1)
        #expect(try bar.id(ofTab: 0, as: Int.self) == 0 && bar.strip.isPinned(0))
        #expect(bar.page(at: bar.currentPage) == "feed 8")
        #expect(bar.strip.unmeasuredTabCount > 999_000)
        bar.virtualizer._checkInvariants()
        bar.sync._checkInvariants()
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
