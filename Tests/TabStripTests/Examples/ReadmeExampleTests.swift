import TabStrip
import Testing

// The examples of README.md, compiled and run so the README stays true:
// the listings run here in the README's order, one after the other, as a
// reader would paste them (DocumentationListingTests checks that the code
// between the markers is the README's). The host is main-actor isolated, as
// every UIKit, AppKit and SwiftUI host is, and this target builds in the
// Swift 6 language mode.

// README: host begin
/// A channel bar's view, written as UIKit, AppKit and SwiftUI hosts are:
/// main-actor isolated. A "cell" here is a record a renderer would draw.
@MainActor
final class ChannelBarView {
    final class Cell {
        var title = ""
        var frame = Rect.zero
        var scale = 1.0
        var isHidden = false
    }
    var scrollOffset = 0.0 // your scroll view's content offset
}

// An isolated conformance (Swift 6.2 or later): the engine calls the host
// only on the actor that drives it, here the main actor.
extension ChannelBarView: @MainActor TabStripHost {
    func makeCell(of kind: TabCellKind) -> Cell { Cell() }

    func configure(_ cell: Cell, with content: TabCellContent) {
        cell.title = content.title
        cell.isHidden = false
    }

    func place(_ cell: Cell, at frame: Rect) { cell.frame = frame }

    func apply(_ appearance: TitleAppearance, to cell: Cell) { cell.scale = appearance.scale }

    func recycle(_ cell: Cell) { cell.isHidden = true }

    // Titles from a source: the strip corrected estimated widths before the
    // tabs on screen and moved its offset so that they stay where they are.
    func contentOffsetDidChange(to offset: Double) { scrollOffset = offset }
}
// README: host end

@Suite @MainActor struct ReadmeExampleTests {
    @Test func theListingsRunInOrderOnTheMainActor() throws {
        // README: bar begin
        struct Channel { // your model
            let id: Int
            var name: String
        }
        let channels = (0..<100_000).map { Channel(id: $0, name: "频道 \($0)") }
        let view = ChannelBarView()
        let bar = try TabBar(
            strip: TabStrip(tabs: channels, id: \.id, title: \.name, viewport: Viewport(width: 390, height: 44)),
            host: view,
            pages: TabBarPages(width: 390, provider: ClosurePageProvider(load: { index in "page \(index)" })))

        // From the scroll view's callback (scrollViewDidScroll, a wheel event…):
        try bar.setContentOffset(250_000, at: 0)
        let inView = bar.visibleTabs // only these tabs have cells

        // A badge on a channel found by its ID: its cell is reconfigured.
        if let tab = bar.index(ofID: inView.lowerBound + 1) { try bar.setBadge(.count(12), ofTab: tab) }
        // README: bar end
        #expect(inView.count < 20)
        #expect(bar.cellCounts.made <= 20)
        #expect(bar.cell(ofTab: inView.lowerBound)?.title == channels[inView.lowerBound].name)
        #expect(try bar.strip.badge(ofTab: inView.lowerBound + 1) == .count(12))
        bar.virtualizer._checkInvariants()

        // README: pager begin
        // Pan gesture on the pages:
        try bar.beginPageDrag(at: 1.00)
        try bar.movePageDrag(translation: -120, at: 1.05)
        try bar.endPageDrag(translation: -120, velocityPerMillisecond: 0.8, at: 1.08)
        // Every display-link tick:
        for frame in 1...60 {
            try bar.advance(to: 1.08 + Double(frame) / 120)
        }
        // A tap on a far tab jumps the pager; pages in between never load.
        try bar.tapTab(4, at: 1.6)
        // README: pager end
        #expect(bar.pageJump != nil && bar.needsFrames, "the tap's jump runs on the next ticks")
        bar.sync._checkInvariants()

        // README: server begin
        // The server sends a new list: matched by ID against the tabs the bar
        // shows. The selection, badges, cells, cached pages and the jump under
        // way stay with their tabs; only the new and renamed tabs are measured.
        var fresh = channels
        fresh.remove(at: 2)
        fresh.insert(Channel(id: 100_000, name: "新频道"), at: 0)
        fresh[10].name = "热点"
        try bar.apply(bar.strip.changes(to: fresh, id: \.id, title: \.name), at: 1.61)
        // README: server end
        #expect(bar.index(ofID: 100_000) == 0 && bar.index(ofID: 2) == nil)
        #expect(bar.pageJump?.to == 4, "the jump to channel 4 goes on, to its new index")

        // README: display link begin
        // Later, on the same clock: the finger drags the strip, then lifts
        // off at 3,000 pt/s.
        var time = 2.0
        try bar.dragStrip(to: 40, at: time)
        time += 0.016
        try bar.dragStrip(to: 90, at: time)
        time += 0.016
        try bar.releaseStrip(velocityPerSecond: 3_000, at: time)

        // A display link at 120 Hz, running only while something moves.
        var frames = 0
        while bar.needsFrames {
            time += 1.0 / 120
            try bar.advance(to: time)
            frames += 1 // draw the frame here
        }
        // At rest: stop the display link until the next gesture or tap.
        // README: display link end
        #expect(frames > 10 && frames < 2_000, "the fling decelerates to rest: \(frames) frames")
        #expect(bar.strip.contentOffset > 90, "the fling carried the strip on")
        #expect(!bar.needsFrames)
        #expect(bar.strip.selectedIndex == 4 && bar.currentPage == 4, "the jump landed meanwhile")
        #expect(try bar.id(ofTab: 4, as: Int.self) == 4)
        bar.sync._checkInvariants()
    }

    @Test func aMillionTabsFromASource() throws {
        // README: lazy begin
        struct Channels: TabSource {
            let names: [String] // or your model, or a database snapshot
            var tabCount: Int { names.count }
            func id(ofTab index: Int) -> Int { index } // your channel's ID
            func title(ofTab index: Int) -> String? { names[index] }
            func index(ofID id: Int) -> Int? { names.indices.contains(id) ? id : nil }
        }
        let channels = Channels(names: (0..<1_000_000).map { "频道 \($0)" })
        let view = ChannelBarView()
        let bar = try TabBar<ChannelBarView, NoPages>(
            strip: TabStrip(
                source: channels,
                sizing: .measured(by: ColumnTitleMeasurer()), // your font's measurer here
                estimate: .width(80), // every tab, until it is measured
                viewport: Viewport(width: 390, height: 44)),
            host: view)
        // Scrolling measures the tabs coming into view before they get cells
        // (and 256 more ahead in the direction of the scroll, in the same batch).
        try bar.setContentOffset(2_000_000, at: 0)
        // Back a little: the tabs entering on the left are wider than estimated,
        // so the offset moves by the difference and no tab on screen moves
        // (the host hears it in contentOffsetDidChange(to:)).
        try bar.setContentOffset(bar.strip.contentOffset - 200, at: 0.016)
        let pending = bar.strip.unmeasuredTabCount // 999,7xx: the rest keep their estimate
        // When the app is idle (a run-loop observer, a low-priority task):
        try bar.measurePendingTabs(limit: 4_096)
        // README: lazy end
        #expect(pending > 999_700 && pending < 999_800, "pending \(pending)")
        #expect(bar.strip.unmeasuredTabCount == pending - 4_096)
        #expect(view.scrollOffset == bar.strip.contentOffset)
        #expect(bar.strip.anchoringShift != 0)
        bar.virtualizer._checkInvariants()
    }

    @Test func aNewChannelListAndANewSource() throws {
        struct Channel {
            let id: Int
            var name: String
        }
        struct Channels: TabSource {
            let list: [Channel]
            var tabCount: Int { list.count }
            func id(ofTab index: Int) -> Int { list[index].id }
            func title(ofTab index: Int) -> String? { list[index].name }
            func index(ofID id: Int) -> Int? { list.firstIndex { $0.id == id } }
        }
        let channels = (0..<1_000).map { Channel(id: $0, name: "频道 \($0)") }
        let bar = try TabBar(
            strip: TabStrip(tabs: channels, id: \.id, title: \.name, viewport: Viewport(width: 390, height: 44)),
            host: ChannelBarView(),
            pages: TabBarPages(width: 390, provider: ClosurePageProvider(load: { index in "page \(index)" })))
        try bar.select(7, animated: false, at: 0)
        var fresh = channels
        fresh.removeFirst(3)
        fresh[0].name = "热点"
        var later = fresh
        later.insert(Channel(id: 5_000, name: "新频道"), at: 2)
        let freshChannels = Channels(list: later)
        let now = 0.5
        // README: new list begin
        let changes = try bar.strip.changes(to: fresh, id: \.id, title: \.name) // any thread: the strip is a value
        try bar.apply(changes, at: now) // on the owner
        // Titles from a source: a new source, matched the same way.
        try bar.apply(bar.strip.changes(toSource: freshChannels), at: now)
        // README: new list end
        #expect(changes.removalCount == 3 && changes.renameCount == 1)
        #expect(bar.strip.tabCount == 998 && bar.index(ofID: 5_000) == 2)
        #expect(bar.strip.selectedIndex == bar.index(ofID: 7) && bar.currentPage == bar.strip.selectedIndex)
        #expect(Array(bar.strip.titles) == later.map(\.name))
        bar.virtualizer._checkInvariants()
        bar.sync._checkInvariants()
    }

    @Test func pageDragKeepsMovingUntilTheTabIsSelected() throws {
        let strip = try TabStrip(
            tabs: ["推荐", "关注", "同城", "热点"], id: { $0 }, title: { $0 }, viewport: Viewport(width: 390, height: 44))
        let bar = try TabBar(
            strip: strip, host: ChannelBarView(),
            pages: TabBarPages(width: 390, provider: ClosurePageProvider(load: { index in index })))
        #expect(!bar.needsFrames)
        try bar.beginPageDrag(at: 0)
        #expect(bar.needsFrames)
        try bar.movePageDrag(translation: -200, at: 0.05)
        try bar.endPageDrag(translation: -200, velocityPerMillisecond: 0.8, at: 0.08)
        var time = 0.08
        var frames = 0
        while bar.needsFrames, frames < 10_000 {
            time += 1.0 / 120
            try bar.advance(to: time)
            frames += 1
        }
        #expect(frames < 10_000)
        #expect(bar.strip.selectedIndex == 1 && bar.currentPage == 1)
    }
}
