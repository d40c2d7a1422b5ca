import TabStripTestSupport
import Testing

@testable import TabStripCore

/// The visible range agrees exactly with the frames (issue 29, item 6): at
/// offsets that put a span end on a tab edge, and one ulp either side, a
/// tab is in the range if and only if its frame overlaps the span
/// `[offset - overscan, offset + width + overscan)`; a tab that only
/// touches an end is not.
@Suite struct VisibleRangeEdgeTests {
    /// The tabs whose frames overlap the span, by brute force.
    static func overlapping(_ g: TabStripGeometry, offset: Double, overscan: Double) throws -> [Int] {
        let start = offset - overscan
        let end = offset + g.viewport.width + overscan
        return try (0..<g.tabCount).filter { i in
            let f = try g.frame(ofTab: i)
            return f.minX < end && f.maxX > start
        }
    }

    static func expect(
        _ range: Range<Int>, _ expected: [Int], _ tabCount: Int, _ note: @autoclosure () -> String
    ) {
        if expected.isEmpty {
            #expect(range.isEmpty && range.lowerBound >= 0 && range.upperBound <= tabCount, "\(note()): \(range)")
        } else {
            #expect(
                Array(range) == expected,
                "\(note()): \(range), frames say \(expected[0])...\(expected[expected.count - 1])")
        }
    }

    /// Seeded geometries (fractional widths, spacing and insets; both
    /// directions; every alignment; with and without overscan), queried at
    /// every offset that puts the span's start or end on a tab edge and one
    /// ulp either side: plain, hinted, through a cursor kept across the
    /// offsets and through a fresh one, and at the stored offset.
    @Test func theRangeIsTheFramesAtTabEdges() throws {
        let seed = TestSeed.value(default: 0xED6E)
        var rng = SeededGenerator(seed: seed)
        for round in 0..<400 {
            let count = Int.random(in: 1...40, using: &rng)
            let widths = (0..<count).map { _ in
                Bool.random(using: &rng)
                    ? Double.random(in: 1...200, using: &rng) : Double(Int.random(in: 20...120, using: &rng)) + 0.1
            }
            let layout = TabStripLayout(
                contentInsets: HorizontalInsets(
                    leading: [0, 0.3, 16][Int.random(in: 0..<3, using: &rng)],
                    trailing: [0, 8.7][Int.random(in: 0..<2, using: &rng)]),
                spacing: [0, 0.1, 6, 7.3][Int.random(in: 0..<4, using: &rng)],
                direction: Bool.random(using: &rng) ? .rightToLeft : .leftToRight,
                alignment: [.leading, .center, .fill][Int.random(in: 0..<3, using: &rng)],
                overscan: [0, 12.345, 30][Int.random(in: 0..<3, using: &rng)])
            let viewport = Viewport(
                width: [Double.random(in: 100...900, using: &rng), 390, 1e4][Int.random(in: 0..<3, using: &rng)],
                height: 44)
            var g = try TabStripGeometry(widths: widths, layout: layout, viewport: viewport)
            var kept = TabRangeCursor()
            for _ in 0..<6 {
                let i = Int.random(in: 0..<count, using: &rng)
                let f = try g.frame(ofTab: i)
                let overscan = Bool.random(using: &rng) ? layout.overscan : 0
                for edge in [f.minX, f.maxX] {
                    for base in [edge + overscan, edge - viewport.width - overscan] {
                        for offset in [base.nextDown, base, base.nextUp] {
                            let note = "seed \(seed) round \(round) tab \(i) offset \(offset) overscan \(overscan)"
                            let expected = try Self.overlapping(g, offset: offset, overscan: overscan)
                            Self.expect(
                                try g.visibleTabs(atContentOffset: offset, overscan: overscan), expected, count,
                                "\(note), plain")
                            let hint = Int.random(in: 0...count, using: &rng)
                            Self.expect(
                                try g.visibleTabs(atContentOffset: offset, overscan: overscan, near: hint..<hint),
                                expected, count, "\(note), hinted")
                            Self.expect(
                                try g.visibleTabs(atContentOffset: offset, overscan: overscan, cursor: &kept),
                                expected, count, "\(note), kept cursor")
                            var fresh = TabRangeCursor()
                            Self.expect(
                                try g.visibleTabs(atContentOffset: offset, overscan: overscan, cursor: &fresh),
                                expected, count, "\(note), fresh cursor")
                            // Twice through the same cursor: a hit answers
                            // as the search did.
                            Self.expect(
                                try g.visibleTabs(atContentOffset: offset, overscan: overscan, cursor: &fresh),
                                expected, count, "\(note), cursor hit")
                            if overscan == layout.overscan, offset.magnitude <= TabStripLimits.maximumOffset {
                                try g.setContentOffset(offset)
                                Self.expect(g.visibleTabs, expected, count, "\(note), stored offset")
                                Self.expect(g.visibleTabs(cursor: &kept), expected, count, "\(note), stored, cursor")
                            }
                        }
                    }
                }
            }
        }
    }

    /// A fling across a strip of fractional widths, one offset per frame
    /// through one cursor (hits, walks and searches), every frame checked
    /// against the frames.
    @Test func aFlingThroughACursorAgreesWithTheFramesOnEveryFrame() throws {
        let seed = TestSeed.value(default: 0xF11E)
        var rng = SeededGenerator(seed: seed)
        for round in 0..<20 {
            let widths = (0..<300).map { _ in Double.random(in: 10...150, using: &rng) }
            let layout = TabStripLayout(
                spacing: [0, 0.1, 6][round % 3], direction: round % 2 == 0 ? .leftToRight : .rightToLeft,
                overscan: [0, 30][round % 2])
            var g = try TabStripGeometry(widths: widths, layout: layout, viewport: Viewport(width: 390, height: 44))
            var cursor = TabRangeCursor()
            var x = g.contentOffsetRange.lowerBound
            let end = g.contentOffsetRange.upperBound
            while x < end {
                // Now and then land exactly on a tab edge.
                if Int.random(in: 0..<4, using: &rng) == 0 {
                    let visible = g.visibleTabs
                    if let last = visible.last {
                        let f = try g.frame(ofTab: last)
                        x = max(x, [f.minX, f.maxX].randomElement(using: &rng)! - 390 - layout.overscan)
                    }
                }
                x += Double.random(in: 0...40, using: &rng)
                try g.setContentOffset(x)
                let expected = try Self.overlapping(g, offset: x, overscan: layout.overscan)
                Self.expect(g.visibleTabs(cursor: &cursor), expected, 300, "seed \(seed) round \(round) offset \(x)")
            }
        }
    }

    /// One cursor passed between the width index's own queries and two
    /// geometries over the same widths (same index revision) with very
    /// different viewports, so different roundings: every geometry answer
    /// through it, at offsets on tab edges and one ulp either side, is the
    /// frames' answer.
    @Test func aCursorSharedWithTheIndexAndAnotherGeometryStaysExact() throws {
        let seed = TestSeed.value(default: 0x5A7E)
        var rng = SeededGenerator(seed: seed)
        for round in 0..<200 {
            let count = Int.random(in: 1...60, using: &rng)
            let widths = (0..<count).map { _ in Double.random(in: 0.5...150, using: &rng) }
            let layout = TabStripLayout(
                contentInsets: HorizontalInsets(leading: [0, 0.3][round % 2], trailing: 0),
                spacing: [0, 0.1, 7.3][round % 3],
                direction: Bool.random(using: &rng) ? .rightToLeft : .leftToRight,
                alignment: Bool.random(using: &rng) ? .center : .leading)
            let small = try TabStripGeometry(
                widths: widths, layout: layout, viewport: Viewport(width: 97.3, height: 44))
            var large = small
            try large.setViewport(Viewport(width: [1e4, 3.3e6, 1e9][round % 3], height: 44))
            var shared = TabRangeCursor()
            for step in 0..<40 {
                let g = Bool.random(using: &rng) ? small : large
                let other = g.viewport.width == small.viewport.width ? large : small
                // Fill the cursor elsewhere first: on the other geometry or
                // on the index alone.
                let fill = try other.frame(ofTab: Int.random(in: 0..<count, using: &rng))
                if Bool.random(using: &rng) {
                    _ = try other.visibleTabs(
                        atContentOffset: fill.minX - Double.random(in: 0...50, using: &rng), overscan: 0,
                        cursor: &shared)
                } else {
                    _ = try g.widths.tabs(
                        overlapping: Double.random(in: -10...g.widths.totalWidth, using: &rng),
                        length: Double.random(in: 0...400, using: &rng), cursor: &shared)
                }
                let f = try g.frame(ofTab: Int.random(in: 0..<count, using: &rng))
                let edge = Bool.random(using: &rng) ? f.minX : f.maxX
                let base = Bool.random(using: &rng) ? edge : edge - g.viewport.width
                for offset in [base.nextDown, base, base.nextUp] {
                    let expected = try Self.overlapping(g, offset: offset, overscan: 0)
                    Self.expect(
                        try g.visibleTabs(atContentOffset: offset, overscan: 0, cursor: &shared), expected, count,
                        "seed \(seed) round \(round) step \(step) viewport \(g.viewport.width) offset \(offset)")
                }
            }
        }
    }
}
