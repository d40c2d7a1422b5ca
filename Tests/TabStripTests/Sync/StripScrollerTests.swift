import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

@Suite struct StripScrollerTests {
    typealias Scroller = StripScroller<RecordingHost>
    static let titles = (0..<40).map { ["推荐", "关注", "同城", "热点新闻", "科技", "A", "体育频道直播", "🇨🇳"][$0 % 8] + "\($0)" }
    static let alignments: [SelectionScroll] = [.none, .reveal, .center, .leading, .trailing]
    static let directions: [LayoutDirection] = [.leftToRight, .rightToLeft]

    static func make(direction: LayoutDirection = .leftToRight, width: Double = 320) throws -> (Scroller, RecordingHost)
    {
        let host = RecordingHost()
        let strip = try TabStrip(
            titles: titles, layout: TabStripLayout(direction: direction), viewport: Viewport(width: width, height: 44))
        let scroller = try Scroller(virtualizer: TabStripVirtualizer(strip: strip, host: host))
        return (scroller, host)
    }

    static func model(direction: LayoutDirection, width: Double = 320) throws -> StripModel {
        try StripModel(
            titles: titles, sizing: .measured(), advance: 8, layout: TabStripLayout(direction: direction),
            viewport: Viewport(width: width, height: 44), selectedIndex: 0, titleStyle: .douyin,
            indicatorStyle: .douyin, revealMargin: 30)
    }

    /// Every alignment, in both directions, from two starting offsets: the
    /// offset follows the ease-out `TimedAnimation` frame by frame, lands
    /// exactly on `targetContentOffset(forSelecting:scroll:)` at t0 + 0.25,
    /// and then asks for no more frames.
    @Test(arguments: directions)
    func landsOnTheTargetAlongTheEaseOutCurve(direction: LayoutDirection) throws {
        for scroll in Self.alignments {
            for (start, tab) in [(0.0, 25), (900.0, 3), (400.0, 39), (400.0, 0)] {
                let (scroller, _) = try Self.make(direction: direction)
                let v = scroller.virtualizer
                try v.setContentOffset(start)
                let from = v.strip.contentOffset
                let target = try v.strip.targetContentOffset(forSelecting: tab, scroll: scroll)
                let reference = try TimedAnimation(
                    from: from, to: target, startTime: 10, duration: 0.25, curve: .easeOut)
                try scroller.select(tab, scroll: scroll, at: 10)
                #expect(v.strip.selectedIndex == tab)
                #expect(scroller.needsFrames == (target != from), "\(scroll) \(direction) \(tab)")
                var t = 10.0
                for frame in 1...14 {
                    t = 10 + Double(frame) / 60
                    try scroller.advance(to: t)
                    #expect(v.strip.contentOffset == reference.value(at: t), "\(scroll) \(direction) \(tab) \(t)")
                    if t < 10.25, target != from { #expect(scroller.needsFrames) }
                }
                try scroller.advance(to: 10.25)
                #expect(v.strip.contentOffset == target)
                #expect(!scroller.needsFrames)
                #expect(scroller.animation == nil)
                v._checkInvariants()
            }
        }
    }

    /// `.leading` puts the tab's leading edge on the viewport's leading
    /// edge (left in LTR, right in RTL), clamped to the content.
    @Test(arguments: directions)
    func leadingAlignsTheLeadingEdges(direction: LayoutDirection) throws {
        let model = try Self.model(direction: direction)
        for tab in 0..<Self.titles.count {
            let (scroller, _) = try Self.make(direction: direction)
            try scroller.select(tab, scroll: .leading, animated: false, at: 0)
            let strip = scroller.virtualizer.strip
            let frame = try strip.frame(ofTab: tab)
            let edge = direction == .leftToRight ? frame.minX : frame.maxX - 320
            let expected = min(max(edge, 0), strip.contentOffsetRange.upperBound)
            #expect(strip.contentOffset == expected)
            #expect(abs(model.target(selecting: tab, scroll: .leading, from: 0) - expected) < 1e-6)
            if edge >= 0, edge <= strip.contentOffsetRange.upperBound {
                // Not clamped: the edges meet.
                let leadingGap =
                    direction == .leftToRight
                    ? frame.minX - strip.contentOffset
                    : strip.contentOffset + 320 - frame.maxX
                #expect(leadingGap == 0)
            }
        }
    }

    /// Reveal scrolls without selecting; a new call starts from the offset
    /// the running animation shows at its time.
    @Test func revealScrollsWithoutSelectingAndCallsChain() throws {
        let (scroller, _) = try Self.make()
        let v = scroller.virtualizer
        try scroller.reveal(30, scroll: .center, at: 1)
        #expect(v.strip.selectedIndex == 0)
        try scroller.advance(to: 1.1)
        let first = try #require(scroller.animation)
        let midway = first.value(at: 1.15)
        try scroller.reveal(10, scroll: .leading, at: 1.15)
        let second = try #require(scroller.animation)
        #expect(second.from == midway && second.startTime == 1.15)
        #expect(v.strip.contentOffset == midway)
        try scroller.stop(at: 1.2)
        #expect(v.strip.contentOffset == second.value(at: 1.2))
        #expect(!scroller.needsFrames)
        try scroller.advance(to: 2)
        #expect(v.strip.contentOffset == second.value(at: 1.2))
        // Not animated: at once.
        try scroller.select(20, scroll: .center, animated: false, at: 2)
        #expect(v.strip.contentOffset == (try v.strip.targetContentOffset(forSelecting: 20, scroll: .center)))
        #expect(!scroller.needsFrames && v.strip.selectedIndex == 20)
    }

    struct Snapshot: Equatable {
        var offset: Double
        var selected: Int?
        var animation: TimedAnimation?
        var lastTime: Double?
        init(_ s: Scroller) {
            offset = s.virtualizer.strip.contentOffset
            selected = s.virtualizer.strip.selectedIndex
            animation = s.animation
            lastTime = s.lastTime
        }
    }

    /// Bad indices and times throw the documented errors and change nothing.
    @Test func badInputThrowsAndChangesNothing() throws {
        #expect(throws: TabStripError.invalidValue(name: "duration", value: -1)) {
            try Scroller(
                virtualizer: TabStripVirtualizer(
                    strip: TabStrip(titles: ["a"], viewport: Viewport(width: 100, height: 44)), host: RecordingHost()),
                duration: -1)
        }
        let (scroller, _) = try Self.make()
        try scroller.select(30, at: 5)
        try scroller.advance(to: 5.1)
        let before = Snapshot(scroller)
        let n = Self.titles.count
        let cases: [(String, TabStripError)] = [
            ("select -1", .indexOutOfRange(index: -1, count: n)),
            ("select n", .indexOutOfRange(index: n, count: n)),
            ("reveal n", .indexOutOfRange(index: n, count: n)),
            ("nan", .invalidValue(name: "time", value: .nan)),
            ("inf", .invalidValue(name: "time", value: .infinity)),
            ("huge", .lengthExceedsLimit(name: "time", value: 1e11, limit: TabStripLimits.maximumTime)),
            ("back", .timeBeforeLastEvent(time: 5, lastTime: 5.1)),
            ("back advance", .timeBeforeLastEvent(time: 5.05, lastTime: 5.1)),
            ("select nan", .invalidValue(name: "time", value: .nan)),
            ("advance -inf", .invalidValue(name: "time", value: -.infinity)),
        ]
        func attempt(_ name: String) throws(TabStripError) {
            switch name {
            case "select -1": try scroller.select(-1, at: 6)
            case "select n": try scroller.select(n, at: 6)
            case "reveal n": try scroller.reveal(n, at: 6)
            case "nan": try scroller.advance(to: .nan)
            case "inf": try scroller.select(1, at: .infinity)
            case "huge": try scroller.stop(at: 1e11)
            case "back": try scroller.reveal(2, at: 5)
            case "back advance": try scroller.advance(to: 5.05)
            case "select nan": try scroller.select(3, scroll: .leading, at: .nan)
            default: try scroller.advance(to: -.infinity)
            }
        }
        for (name, expected) in cases {
            do throws(TabStripError) {
                try attempt(name)
                Issue.record("\(name): accepted")
            } catch {
                if case .invalidValue(let n, let value) = expected, value.isNaN {
                    guard case .invalidValue(n, let got) = error, got.isNaN else {
                        Issue.record("\(name): \(error)")
                        continue
                    }
                } else {
                    #expect(error == expected, "\(name)")
                }
            }
            #expect(Snapshot(scroller) == before, "\(name)")
        }
    }

    /// A call from inside a host callback is refused and changes nothing.
    @Test func callsFromInsideHostCallbacksAreRefused() throws {
        let (scroller, host) = try Self.make()
        var refused = 0
        var accepted = 0
        var snapshot: Snapshot?
        host.onCallback = { _ in
            let before = Snapshot(scroller)
            for k in 0..<4 {
                do throws(TabStripError) {
                    switch k {
                    case 0: try scroller.advance(to: 100)
                    case 1: try scroller.select(5, at: 100)
                    case 2: try scroller.reveal(5, at: 100)
                    default: try scroller.stop(at: 100)
                    }
                    accepted += 1
                } catch {
                    if case .reentrantCall = error { refused += 1 } else { Issue.record("\(error)") }
                }
            }
            if Snapshot(scroller) != before { snapshot = Snapshot(scroller) }
        }
        try scroller.select(30, at: 1)
        for k in 1...20 { try scroller.advance(to: 1 + Double(k) / 60) }
        // Callbacks of the virtualiser's own calls (no animation runs).
        try scroller.virtualizer.setContentOffset(1_200)
        try scroller.virtualizer.select(3, scroll: .none)
        try scroller.virtualizer.select(30, scroll: .none)
        try scroller.reveal(2, scroll: .leading, animated: false, at: 2)
        host.onCallback = nil
        #expect(refused > 0)
        #expect(accepted == 0)
        #expect(snapshot == nil)
        let strip = scroller.virtualizer.strip
        #expect(strip.contentOffset == (try strip.targetContentOffset(forSelecting: 2, scroll: .leading)))
        #expect(strip.selectedIndex == 30)
    }

    /// An edit of the tabs during an animation stops it where the strip's
    /// offset is; the next select aims at the new tabs.
    @Test func anEditStopsTheAnimation() throws {
        let (scroller, _) = try Self.make()
        let v = scroller.virtualizer
        try scroller.select(30, at: 1)
        try scroller.advance(to: 1.1)
        try v.removeTabs(in: 20..<40)
        let afterEdit = v.strip.contentOffset
        try scroller.advance(to: 1.15)
        #expect(!scroller.needsFrames)
        #expect(v.strip.contentOffset == afterEdit)
        try scroller.advance(to: 2)
        #expect(v.strip.contentOffset == afterEdit)
        try scroller.select(19, scroll: .center, at: 2)
        try scroller.advance(to: 2.25)
        #expect(v.strip.contentOffset == (try v.strip.targetContentOffset(forSelecting: 19, scroll: .center)))
        // stop(at:) after an edit leaves the offset as the edit put it.
        try scroller.select(0, at: 3)
        try scroller.advance(to: 3.05)
        try v.insertTabs(["新"], at: 0)
        let afterInsert = v.strip.contentOffset
        try scroller.stop(at: 3.1)
        #expect(v.strip.contentOffset == afterInsert && !scroller.needsFrames)
        v._checkInvariants()
    }

    /// A new viewport, layout (direction) or content width (a badge, the
    /// sizing) during an animation stops it where the strip's offset is.
    @Test func aGeometryChangeStopsTheAnimation() throws {
        for change in 0..<4 {
            let (scroller, _) = try Self.make()
            let v = scroller.virtualizer
            try scroller.select(30, at: 1)
            try scroller.advance(to: 1.1)
            switch change {
            case 0: try v.setViewport(Viewport(width: 500, height: 44))
            case 1: try v.setLayout(TabStripLayout(direction: .rightToLeft))
            case 2: try v.setBadge(.count(99), ofTab: 2)
            default: try v.setSizing(.fixed(width: 90))
            }
            let after = v.strip.contentOffset
            try scroller.advance(to: 1.15)
            #expect(!scroller.needsFrames, "change \(change)")
            #expect(v.strip.contentOffset == after, "change \(change)")
            try scroller.select(12, scroll: .leading, at: 1.2)
            try scroller.advance(to: 1.45)
            #expect(v.strip.contentOffset == (try v.strip.targetContentOffset(forSelecting: 12, scroll: .leading)))
        }
    }

    /// Seeded random selects, reveals, frames and stops at random times, in
    /// both directions, checked at every step against a reference: targets
    /// from StripModel, the offset at time t the ease-out curve's value.
    @Test func randomSequencesMatchTheReference() throws {
        let seed = TestSeed.value(default: 0x5C_0011)
        var rng = SeededGenerator(seed: seed, stream: "StripScroller")
        for round in 0..<24 {
            let direction: LayoutDirection = round % 2 == 0 ? .leftToRight : .rightToLeft
            let width = Double(rng.next(in: 200...700))
            let (scroller, _) = try Self.make(direction: direction, width: width)
            let model = try Self.model(direction: direction, width: width)
            let v = scroller.virtualizer
            var offset = v.strip.contentOffset
            var selected = 0
            var animation: (from: Double, to: Double, start: Double)?
            var t = Double(rng.next(in: 0...1000))
            func shown(at time: Double) -> Double {
                guard let a = animation else { return offset }
                if time >= a.start + 0.25 { return a.to }
                let p = (time - a.start) / 0.25
                return a.from + (a.to - a.from) * TimingCurve.easeOut.value(atProgress: max(p, 0))
            }
            for step in 0..<60 {
                let context = "seed \(seed) round \(round) step \(step)"
                t += rng.pick([0, 1.0 / 120, 1.0 / 60, 0.05, 0.3])
                switch rng.next(below: 5) {
                case 0, 1:
                    try scroller.advance(to: t)
                    offset = shown(at: t)
                    if let a = animation, t >= a.start + 0.25 { animation = nil }
                case 2:
                    try scroller.stop(at: t)
                    offset = shown(at: t)
                    animation = nil
                default:
                    let tab = rng.next(below: Self.titles.count)
                    let scroll = rng.pick(Self.alignments)
                    let animated = rng.chance(0.8)
                    let selecting = rng.chance(0.5)
                    if selecting {
                        try scroller.select(tab, scroll: scroll, animated: animated, at: t)
                        selected = tab
                    } else {
                        try scroller.reveal(tab, scroll: scroll, animated: animated, at: t)
                    }
                    let from = shown(at: t)
                    let target = model.target(selecting: tab, scroll: scroll, from: from)
                    #expect(
                        abs(target - (try v.strip.targetContentOffset(forSelecting: tab, scroll: scroll))) < 1e-6,
                        "\(context)")
                    if animated, abs(target - from) > 1e-9 {
                        animation = (from, target, t)
                        offset = from
                    } else {
                        animation = nil
                        offset = target
                    }
                }
                #expect(abs(v.strip.contentOffset - offset) < 1e-6, "\(context): \(v.strip.contentOffset) vs \(offset)")
                #expect(v.strip.selectedIndex == selected, "\(context)")
                #expect(scroller.needsFrames == (animation != nil), "\(context)")
                #expect(scroller.lastTime == t, "\(context)")
            }
            v._checkInvariants()
        }
    }
}

/// The README's main-actor host (an isolated conformance) drives a scroller,
/// with the listing of Sync.md's "A strip without a pager".
@Suite @MainActor struct StripScrollerMainActorTests {
    @Test func aMainActorHostDrivesAnAnimatedSelect() throws {
        let strip = try TabStrip(titles: (0..<1_000).map { "频道 \($0)" }, viewport: Viewport(width: 390, height: 44))
        let virtualizer = try TabStripVirtualizer(strip: strip, host: TabBar())
        // GUIDE: StripScroller begin
        let scroller = try StripScroller(virtualizer: virtualizer) // 0.25 s, ease-out
        try scroller.select(500, scroll: .center, at: 0.0) // a tap on tab 500
        var time = 0.0
        while scroller.needsFrames { // the display link
            time += 1.0 / 120
            try scroller.advance(to: time)
        }
        try scroller.reveal(520, scroll: .leading, at: time) // scroll only
        try scroller.stop(at: time + 0.1) // a finger lands on the strip
        // GUIDE: StripScroller end
        #expect(time > 0.24 && time < 0.26)
        #expect(virtualizer.strip.selectedIndex == 500)
        let shown = try #require(scroller.lastTime)
        #expect(shown == time + 0.1 && !scroller.needsFrames)
        let leading = try virtualizer.strip.targetContentOffset(forSelecting: 520, scroll: .leading)
        let centred = try virtualizer.strip.targetContentOffset(forSelecting: 500, scroll: .center)
        #expect(virtualizer.strip.contentOffset > centred && virtualizer.strip.contentOffset < leading)
        let first = virtualizer.visibleTabs.lowerBound
        #expect(virtualizer.visibleTabs.count > 3)
        #expect(virtualizer.cell(ofTab: first)?.title == "频道 \(first)")
    }

    /// Sync.md shows the listing above as it is run here.
    @Test func theGuideShowsTheTestedListing() throws {
        let region = try #require(
            try DocumentationListingTests.regions(in: "../Sync/StripScrollerTests.swift", marker: "GUIDE")[
                "StripScroller"])
        let blocks = try DocumentationListingTests.swiftBlocks(in: "Sources/TabStripSync/TabStripSync.docc/Sync.md")
        #expect(blocks.contains(region), "Sync.md has no listing equal to the StripScroller region")
    }
}
