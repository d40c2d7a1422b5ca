import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripSync

/// A scroller over a strip whose widths start as estimates, against the
/// same scroller over an eagerly measured strip of the same titles: every
/// scroll to a tab (selecting or not, animated or not, each alignment,
/// both directions) ends with the tab at the same place on screen, the
/// same offset once the strip is clamped at an end, and cells only for
/// measured tabs on every frame.
@Suite struct StripScrollerLazyTests {
    typealias Scroller = StripScroller<RecordingHost>

    static func title(_ index: Int, salt: UInt64) -> String {
        var rng = SeededGenerator(seed: salt &+ UInt64(index))
        return String(repeating: ["x", "推", "W"][index % 3], count: Int.random(in: 1...16, using: &rng))
    }

    @Test func scrollsToATabLandWhereTheyLandOnAMeasuredStrip() throws {
        for seed in ModelScale.seeds(120, salt: 0x5C20_11E5) {
            var rng = SeededGenerator(seed: seed)
            let count = Int.random(in: 1...2_500, using: &rng)
            let salt = rng.next()
            let titles = (0..<count).map { Self.title($0, salt: salt) }
            var layout = TabStripLayout()
            layout.direction = Bool.random(using: &rng) ? .leftToRight : .rightToLeft
            layout.spacing = [0, 8, 4.5][Int.random(in: 0..<3, using: &rng)]
            let viewport = Viewport(width: [200, 390, 900][Int.random(in: 0..<3, using: &rng)], height: 44)
            let sizing = TabSizing.measured(by: ColumnTitleMeasurer(), padding: 10)
            let lazy = try Scroller(
                virtualizer: TabStripVirtualizer(
                    strip: TabStrip(
                        tabCount: count, titleSource: titles, sizing: sizing,
                        estimate: .width(Double.random(in: 10...200, using: &rng)), layout: layout,
                        viewport: viewport),
                    host: RecordingHost()))
            let eager = try Scroller(
                virtualizer: TabStripVirtualizer(
                    strip: TabStrip(titles: titles, sizing: sizing, layout: layout, viewport: viewport),
                    host: RecordingHost()))
            var t = 0.0
            for step in 0..<12 {
                let tab = Int.random(in: 0..<count, using: &rng)
                let scroll: SelectionScroll = [.center, .leading, .trailing][Int.random(in: 0..<3, using: &rng)]
                let animated = Bool.random(using: &rng)
                let selecting = Bool.random(using: &rng)
                let note = Comment(
                    rawValue:
                        "seed \(seed) step \(step): \(selecting ? "select" : "reveal") \(tab) of \(count) \(scroll) animated \(animated), \(layout.direction)"
                )
                t += 1
                for scroller in [lazy, eager] {
                    if selecting {
                        try scroller.select(tab, scroll: scroll, animated: animated, at: t)
                    } else {
                        try scroller.reveal(tab, scroll: scroll, animated: animated, at: t)
                    }
                }
                var frames = 0
                while lazy.needsFrames || eager.needsFrames {
                    t += 1.0 / 120
                    frames += 1
                    try lazy.advance(to: t)
                    try eager.advance(to: t)
                    for shown in lazy.virtualizer.visibleTabs where !(try lazy.virtualizer.strip.isMeasured(tab: shown))
                    {
                        Issue.record("tab \(shown) has a cell but is not measured, \(note)")
                    }
                    if frames > 200 {
                        Issue.record("no end to the animation, \(note)")
                        break
                    }
                }
                let l = lazy.virtualizer.strip
                let e = eager.virtualizer.strip
                let onScreen = try l.frame(ofTab: tab).minX - l.contentOffset
                let eagerOnScreen = try e.frame(ofTab: tab).minX - e.contentOffset
                #expect(onScreen == eagerOnScreen, "on screen at \(onScreen), eager at \(eagerOnScreen), \(note)")
                #expect(l.selectedIndex == e.selectedIndex, note)
                lazy.virtualizer._checkInvariants()
            }
        }
    }
}
