import TabStripTestSupport
import Testing

@testable import TabStripCore

/// The relayouts an app makes often (a font change, a rotation, right to left) on a strip of a million tabs from a
/// source: the tab in view keeps its place, only the tabs then in view are measured, and the others wait for
/// `measurePendingTabs`, as after a build.
@Suite struct RelayoutAtScaleTests {
    static let tabCount = 1_000_000

    @Test(arguments: Relayout.allCases, [96.0, 40.0])
    func aRelayoutMeasuresTheTabsInViewOnly(kind: Relayout, estimate: Double) throws {
        let seed = TestSeed.value(default: 0x4E1A_0000 &+ UInt64(kind.rawValue.utf8.count) &+ UInt64(estimate))
        var rng = SeededGenerator(seed: seed)
        let measurer = CountingMeasurer()
        var strip = try TabStrip(
            source: NumberedSource(tabCount: Self.tabCount), sizing: .measured(by: measurer),
            estimate: .width(estimate), viewport: Viewport(width: 390, height: 44),
            selectedIndex: Int.random(in: 0..<Self.tabCount, using: &rng))
        try strip.select(Int.random(in: 0..<Self.tabCount, using: &rng), scroll: .center)
        let selected = try #require(strip.selectedIndex)
        // Where the first tab in view and the selected tab stand on screen.
        func leading(_ tab: Int) throws -> Double {
            let frame = try strip.frame(ofTab: tab)
            return strip.layout.direction == .leftToRight
                ? frame.minX - strip.contentOffset : strip.contentOffset + strip.viewport.width - frame.maxX
        }
        // The first tab inside the viewport (the visible tabs include the
        // overscan).
        let first = try #require(
            try strip.visibleTabs.first { tab in try leading(tab) + strip.frame(ofTab: tab).width > 0 })
        let firstBefore = try leading(first)
        let selectedBefore = try leading(selected)
        let pending = strip.unmeasuredTabCount
        measurer.calls = 0
        try kind.apply(to: &strip, sizing: .measured(by: measurer, padding: 30))
        strip._checkInvariants()
        let note = "seed \(seed), \(kind), estimate \(estimate)"
        // Measured: the tabs in view now (with the overscan), and no more
        // than the viewport and its overscan hold at the narrower of the
        // estimate and the narrowest measured width (the shortest title):
        // the tabs shown at their estimates are measured, then those the
        // measured widths bring in.
        let inView = strip.visibleTabs
        for tab in inView { #expect(try strip.isMeasured(tab: tab), "\(note): tab \(tab) in view, not measured") }
        let narrowest = Swift.min(estimate, 9.0 * Double("Channel 0".count) + 40)
        let most = 2 * (Int((strip.viewport.width + 2 * strip.layout.overscan) / narrowest) + 2)
        #expect(measurer.calls <= most, "\(note): \(measurer.calls) measured")
        if kind == .direction {
            #expect(abs(try leading(selected) - selectedBefore) < 1e-6, "\(note): the selected tab moved on screen")
        } else {
            #expect(abs(try leading(first) - firstBefore) < 1e-6, "\(note): the first tab in view moved on screen")
        }
        // The tabs out of view are measured later, as after a build.
        #expect(strip.unmeasuredTabCount >= pending - measurer.calls, "\(note)")
        if kind == .sizing { #expect(strip.unmeasuredTabCount == Self.tabCount - measurer.calls, "\(note)") }
        let before = strip.unmeasuredTabCount
        let measured = try strip.measurePendingTabs(limit: 500)
        #expect(measured == Swift.min(500, before) && strip.unmeasuredTabCount == before - measured, "\(note)")
    }

    /// A source that cannot give one tab's title.
    private struct HoleySource: TabSource {
        let tabCount: Int
        let hole: Int
        func id(ofTab index: Int) -> Int { index }
        func title(ofTab index: Int) -> String? {
            index >= 0 && index < tabCount && index != hole ? "Channel \(index)" : nil
        }
        func index(ofID id: Int) -> Int? { id >= 0 && id < tabCount ? id : nil }
    }

    /// A rotation, a new layout or a font change that brings into view a tab whose title the source cannot give
    /// throws, names the tab, and leaves the strip as it was: viewport, layout, sizing, offset, every width and what
    /// is measured. (A font change puts back only the measured tabs' estimates, in place: they get their widths back.)
    @Test(arguments: ["viewport", "layout", "sizing"])
    func aRelayoutThatCannotMeasureChangesNothing(kind: String) throws {
        func relayout(_ strip: inout TabStrip) throws(TabStripError) {
            if kind == "viewport" {
                try strip.setViewport(Viewport(width: 844, height: 44))
            } else if kind == "sizing" {
                // Narrower tabs: more of them in view.
                try strip.setSizing(.measured(by: CountingMeasurer(), padding: 0))
            } else {
                var wider = strip.layout
                wider.overscan = 600
                wider.spacing = 3
                try strip.setLayout(wider)
            }
        }
        var probe = try TabStrip(
            source: NumberedSource(tabCount: 10_000), sizing: .measured(by: CountingMeasurer()),
            estimate: .width(96), viewport: Viewport(width: 390, height: 44), selectedIndex: 5_000)
        // The last tab the relayout shows (and measures) that was not shown.
        let before = probe.visibleTabs
        try relayout(&probe)
        let hole = try #require(probe.visibleTabs.last { !before.contains($0) })
        var strip = try TabStrip(
            source: HoleySource(tabCount: 10_000, hole: hole), sizing: .measured(by: CountingMeasurer()),
            estimate: .width(96), viewport: Viewport(width: 390, height: 44), selectedIndex: 5_000)
        let shown = strip.visibleTabs
        let frames = try (0..<10_000).map { try strip.frame(ofTab: $0) }
        let measured = try (0..<10_000).filter { try strip.isMeasured(tab: $0) }
        let (offset, pending, layout) = (strip.contentOffset, strip.unmeasuredTabCount, strip.layout)
        let padding = strip.sizing.rule
        #expect(throws: TabStripError.titleUnavailable(index: hole)) { try relayout(&strip) }
        strip._checkInvariants()
        #expect(strip.viewport == Viewport(width: 390, height: 44) && strip.layout == layout, "\(kind)")
        #expect(strip.contentOffset == offset && strip.unmeasuredTabCount == pending, "\(kind)")
        #expect("\(strip.sizing.rule)" == "\(padding)", "\(kind)")
        let framesAfter = try (0..<10_000).map { try strip.frame(ofTab: $0) }
        #expect(strip.visibleTabs == shown && framesAfter == frames, "\(kind)")
        #expect(try (0..<10_000).filter { try strip.isMeasured(tab: $0) } == measured, "\(kind)")
        #expect(try !strip.isMeasured(tab: hole), "\(kind)")
    }

    /// A new source with 1 % of a million tabs changed (two of the changes at the tab in view) measures changed tabs
    /// only, leaves every tab in view measured and the first tab in view where it was on screen, and keeps every
    /// kept tab's width, measured or estimated.
    @Test func aNewSourceMeasuresOnlyChangedTabs() throws {
        for seedOffset in UInt64(0)..<3 {
            let seed = TestSeed.value(default: 0x50_A991 &+ seedOffset)
            var rng = SeededGenerator(seed: seed)
            let middle = 1 + rng.next(below: Self.tabCount - 3)
            let measurer = CountingMeasurer()
            var strip = try TabStrip(
                source: NumberedSource(tabCount: Self.tabCount), sizing: .measured(by: measurer),
                estimate: .width(96), viewport: Viewport(width: 390, height: 44), selectedIndex: middle)
            try strip.select(middle, scroll: .center)
            let note = "seed \(seed), tab \(middle)"
            let source = EditedNumberedSource(count: Self.tabCount, percent: 1, around: middle, seed: seed)
            let first = try #require(
                strip.visibleTabs.first {
                    (try? strip.frame(ofTab: $0).maxX).map { $0 > strip.contentOffset } ?? false
                },
                "\(note)")
            let firstLeading = try strip.frame(ofTab: first).minX - strip.contentOffset
            let shown = try strip.visibleTabs.map { (tab: $0, width: try strip.frame(ofTab: $0).width) }
            let changes = try strip.changes(toSource: source)
            measurer.reset()
            try strip.apply(changes)
            strip._checkInvariants()
            #expect(measurer.calls >= 1 && measurer.calls <= 4, "\(note): \(measurer.calls) measured")
            for title in measurer.titles { #expect(source.isChanged(title: title), "\(note): '\(title)' measured") }
            for tab in strip.visibleTabs { #expect(try strip.isMeasured(tab: tab), "\(note): tab \(tab) in view") }
            let firstNow = try #require(changes.newIndex(ofOldIndex: first), "\(note)")
            #expect(abs(try strip.frame(ofTab: firstNow).minX - strip.contentOffset - firstLeading) < 1e-6, "\(note)")
            // The tabs that were in view keep their measured widths, unless renamed or removed.
            for (tab, width) in shown {
                guard let j = changes.newIndex(ofOldIndex: tab), !source.renamed.contains(tab) else { continue }
                #expect(try strip.frame(ofTab: j).width == width, "\(note): tab \(tab) now \(j)")
            }
            #expect(strip.unmeasuredTabCount > Self.tabCount - 20, "\(note)")
        }
    }
}
