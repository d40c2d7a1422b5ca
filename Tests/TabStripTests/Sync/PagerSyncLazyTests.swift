import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// `PagerSync` over a strip whose titles come from a source: jumps,
/// settles and flings cross tabs that are measured on the way, and the
/// estimates are wrong both ways, so the content grows and shrinks under
/// the motions.
@Suite struct PagerSyncLazyTests {
    /// Titles of 1 to 24 characters, a pure function of the index.
    struct Titles: TabSource {
        let salt: UInt64
        let tabCount: Int
        func id(ofTab index: Int) -> Int { index }
        func index(ofID id: Int) -> Int? { id >= 0 && id < tabCount ? id : nil }
        func title(ofTab index: Int) -> String? {
            var rng = SeededGenerator(seed: salt &+ UInt64(index))
            return String(repeating: "x", count: Int.random(in: 1...24, using: &rng))
        }
    }

    static func makeSync(_ rng: inout SeededGenerator) throws -> (PagerSyncEditTests.Sync, RecordingHost) {
        let host = RecordingHost()
        let count = Int.random(in: 1...3_000, using: &rng)
        let strip = try TabStrip(
            source: Titles(salt: rng.next(), tabCount: count),
            sizing: .measured(by: ColumnTitleMeasurer(), padding: 10),
            estimate: .width(Double.random(in: 20...220, using: &rng)),
            viewport: Viewport(width: 320, height: 44), selectedIndex: Int.random(in: 0..<count, using: &rng))
        let v = try TabStripVirtualizer(strip: strip, host: host, poolLimit: 1)
        let sync = try PagerSyncEditTests.Sync(
            virtualizer: v, pageWidth: 400, provider: HookedPages(), pageBudget: 5, preloadRadius: 1)
        return (sync, host)
    }

    /// Every frame: a finite offset and cells only for measured tabs. At
    /// rest: the selected tab on screen and the offset inside its range,
    /// however the content changed under the motion.
    @Test func motionsOverUnmeasuredTabsComeToRestInRange() throws {
        for seed in ModelScale.seeds(300, salt: 0x1A2F_0026) {
            var rng = SeededGenerator(seed: seed)
            let (sync, host) = try Self.makeSync(&rng)
            let n = sync.strip.tabCount
            var t = 0.0
            // Whether the strip last moved to show the selected tab (a
            // selection or a page settle), not by a strip fling.
            var showsSelection = false
            var ops: [String] = []
            for step in 0..<30 {
                let note = "seed \(seed) step \(step) after \(ops.suffix(4))"
                do throws(TabStripError) {
                    let op = Int.random(in: 0..<7, using: &rng)
                    ops.append("op \(op) at \(t)")
                    switch op {
                    case 0:
                        if try sync.tapTab(Int.random(in: 0..<n, using: &rng), at: t) == .accepted {
                            showsSelection = true
                        }
                    case 1:
                        let response = try sync.selectTab(
                            [0, n - 1, Int.random(in: 0..<n, using: &rng)].randomElement(using: &rng)!,
                            animated: Bool.random(using: &rng), at: t)
                        if response == .accepted { showsSelection = true }
                    case 2:
                        try sync.beginPageDrag(at: t)
                        try sync.movePageDrag(translation: Double.random(in: -900...900, using: &rng), at: t + 0.01)
                        try sync.endPageDrag(
                            translation: Double.random(in: -900...900, using: &rng),
                            velocityPerMillisecond: Double.random(in: -3...3, using: &rng), at: t + 0.02)
                        t += 0.02
                        // (A settle back on the same page leaves the strip
                        // where it was.)
                        showsSelection = false
                    case 3:
                        let range = sync.strip.contentOffsetRange
                        try sync.dragStrip(
                            to: Double.random(in: range.lowerBound...range.upperBound, using: &rng), at: t)
                        try sync.releaseStrip(
                            velocityPerSecond: Double.random(in: -30_000...30_000, using: &rng), at: t + 0.01)
                        t += 0.01
                        showsSelection = false
                    default: break
                    }
                } catch {
                    // Refusals (a drag while a jump runs) are fine; nothing may break below.
                }
                for _ in 0..<Int.random(in: 1...40, using: &rng) {
                    t += 1.0 / 120
                    try sync.advance(to: t)
                    let strip = sync.strip
                    #expect(strip.contentOffset.isFinite, "\(note): offset \(strip.contentOffset)")
                    for tab in sync.virtualizer.visibleTabs where !(try strip.isMeasured(tab: tab)) {
                        Issue.record("\(note): tab \(tab) has a cell but is not measured")
                    }
                }
                if Int.random(in: 0..<4, using: &rng) == 0 {
                    t = try PagerSyncEditTests.settle(sync, host, from: t, note, onScreen: showsSelection)
                    let range = sync.strip.contentOffsetRange
                    let offset = sync.strip.contentOffset
                    #expect(
                        offset >= range.lowerBound - 1e-6 && offset <= range.upperBound + 1e-6,
                        "\(note): at rest at \(offset), outside \(range)")
                }
            }
        }
    }
}
