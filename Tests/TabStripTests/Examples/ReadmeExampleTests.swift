import TabStrip
import Testing

// The examples of README.md, compiled and run so the README stays true:
// the listings run here in the README's order, one after the other, as a
// reader would paste them (DocumentationListingTests checks that the code
// between the markers is the README's). The host is main-actor isolated, as
// every UIKit, AppKit and SwiftUI host is, and this target builds in the
// Swift 6 language mode.

// README: host begin
/// A tab bar written as UIKit, AppKit and SwiftUI hosts are: main-actor
/// isolated. A "cell" here is a record a renderer would draw.
@MainActor
final class TabBar {
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
extension TabBar: @MainActor TabStripHost {
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
        // README: strip begin
        let titles = (0..<100_000).map { "频道 \($0)" }
        let strip = try TabStrip(titles: titles, viewport: Viewport(width: 390, height: 44))
        let virtualizer = try TabStripVirtualizer(strip: strip, host: TabBar())

        // From the scroll view's callback (scrollViewDidScroll, a wheel event…):
        try virtualizer.setContentOffset(250_000)
        let inView = virtualizer.visibleTabs // only these tabs have cells
        let frame = try virtualizer.strip.frame(ofTab: inView.lowerBound)

        // A badge on a tab in view: its cell is reconfigured, the rest move.
        try virtualizer.setBadge(.count(12), ofTab: inView.lowerBound + 1)
        // README: strip end
        #expect(inView.count < 20 && frame.maxX > 250_000 - 60)
        #expect(virtualizer.reuseCounters.created <= 20)
        #expect(virtualizer.cell(ofTab: inView.lowerBound)?.title == titles[inView.lowerBound])
        virtualizer._checkInvariants()

        // README: pager begin
        let sync = try PagerSync(
            virtualizer: virtualizer,
            pageWidth: 390,
            provider: ClosurePageProvider(load: { index in "page \(index)" }),
            stripPhysics: ScrollPhysics(decelerationRate: .normal, carriesMomentum: true)
        )
        // Pan gesture on the pages:
        try sync.beginPageDrag(at: 0.00)
        try sync.movePageDrag(translation: -120, at: 0.05)
        try sync.endPageDrag(translation: -120, velocityPerMillisecond: 0.8, at: 0.08)
        // Every display-link tick:
        for frame in 1...60 {
            try sync.advance(to: 0.08 + Double(frame) / 120)
        }
        // A tap on a far tab jumps the pager; pages in between never load.
        try sync.tapTab(4, at: 0.6)
        // README: pager end
        #expect(sync.jump != nil && sync.needsFrames, "the tap's jump runs on the next ticks")
        sync._checkInvariants()

        // README: display link begin
        // Later, on the same clock: the finger drags the strip, then lifts
        // off at 3,000 pt/s.
        var time = 1.0
        try sync.dragStrip(to: 40, at: time)
        time += 0.016
        try sync.dragStrip(to: 90, at: time)
        time += 0.016
        try sync.releaseStrip(velocityPerSecond: 3_000, at: time)

        // A display link at 120 Hz, running only while something moves.
        var frames = 0
        while sync.needsFrames {
            time += 1.0 / 120
            try sync.advance(to: time)
            frames += 1 // draw the frame here
        }
        // At rest: stop the display link until the next gesture or tap.
        // README: display link end
        #expect(frames > 10 && frames < 2_000, "the fling decelerates to rest: \(frames) frames")
        #expect(sync.strip.contentOffset > 90, "the fling carried the strip on")
        #expect(sync.stripMotion == .none && !sync.needsFrames)
        #expect(sync.strip.selectedIndex == 4 && sync.pager.currentPage == 4, "the jump landed meanwhile")
        sync._checkInvariants()

        // A tap's jump keeps it moving until the tab is selected.
        try sync.tapTab(40, at: time)
        #expect(sync.needsFrames)
        while sync.needsFrames {
            time += 1.0 / 120
            try sync.advance(to: time)
        }
        #expect(sync.strip.selectedIndex == 40 && sync.jump == nil)
        #expect(virtualizer.cell(ofTab: 40)?.title == titles[40])
        sync._checkInvariants()
    }

    @Test func aMillionTabsFromATitleSource() throws {
        // README: lazy begin
        struct Channels: TabTitleSource {
            let names: [String] // or your model, or a database
            func title(ofTab index: Int) -> String? { names[index] }
        }
        let channels = Channels(names: (0..<1_000_000).map { "频道 \($0)" })
        let host = TabBar()
        let lazy = try TabStripVirtualizer(
            strip: TabStrip(
                tabCount: channels.names.count, titleSource: channels,
                sizing: .measured(by: ColumnTitleMeasurer()), // your font's measurer here
                estimate: .width(80), // every tab, until it is measured
                viewport: Viewport(width: 390, height: 44)),
            host: host)
        // Scrolling measures the tabs coming into view before they get cells
        // (and 256 more ahead in the direction of the scroll, in the same batch).
        try lazy.setContentOffset(2_000_000)
        // Back a little: the tabs entering on the left are wider than estimated,
        // so the offset moves by the difference and no tab on screen moves
        // (the host hears it in contentOffsetDidChange(to:)).
        try lazy.setContentOffset(lazy.strip.contentOffset - 200)
        let pending = lazy.strip.unmeasuredTabCount // 999,7xx: the rest keep their estimate
        // When the app is idle (a run-loop observer, a low-priority task):
        try lazy.measurePendingTabs(limit: 4_096)
        // README: lazy end
        #expect(pending > 999_700 && pending < 999_800, "pending \(pending)")
        #expect(lazy.strip.unmeasuredTabCount == pending - 4_096)
        #expect(host.scrollOffset == lazy.strip.contentOffset)
        #expect(lazy.strip.anchoringShift != 0)
        lazy._checkInvariants()
    }

    @Test func pageDragKeepsMovingUntilTheTabIsSelected() throws {
        let strip = try TabStrip(titles: ["推荐", "关注", "同城", "热点"], viewport: Viewport(width: 390, height: 44))
        let sync = try PagerSync(
            virtualizer: TabStripVirtualizer(strip: strip, host: TabBar()), pageWidth: 390,
            provider: ClosurePageProvider(load: { index in index }))
        #expect(!sync.needsFrames)
        try sync.beginPageDrag(at: 0)
        #expect(sync.needsFrames)
        try sync.movePageDrag(translation: -200, at: 0.05)
        try sync.endPageDrag(translation: -200, velocityPerMillisecond: 0.8, at: 0.08)
        var time = 0.08
        var frames = 0
        while sync.needsFrames, frames < 10_000 {
            time += 1.0 / 120
            try sync.advance(to: time)
            frames += 1
        }
        #expect(frames < 10_000)
        #expect(sync.strip.selectedIndex == 1 && sync.pager.currentPage == 1)
    }
}
