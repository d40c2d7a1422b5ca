import Foundation
import TabStrip
import TabStripTestSupport
import Testing

@testable import BenchCLI
@testable import BenchGate
@testable import BenchInstruments
@testable import BenchReports
@testable import BenchSuite

@Suite("Replay")
struct ReplayTests {
    /// The definition, tab by tab: i overlaps [start, start + length) when
    /// leading(i) < end and leading(i) + width(i) > start.
    static func reference(_ widths: [Double], _ start: Double, _ length: Double) -> Range<Int>? {
        let end = start + length
        var leading = 0.0
        var hits: [Int] = []
        for (index, width) in widths.enumerated() {
            let trailing = leading + width
            if leading < end, trailing > start { hits.append(index) }
            leading = trailing
        }
        guard let first = hits.first, let last = hits.last else { return nil }
        #expect(hits == Array(first...last), "overlapping tabs are contiguous")
        return first..<(last + 1)
    }

    static func check<Index: ReplayIndex>(_ type: Index.Type, widths: [Double], offsets: [Double], viewport: Double) {
        let index = Index(validatedWidths: widths)
        #expect(index.count == widths.count)
        for offset in offsets {
            let expected = reference(widths, offset, viewport)
            let actual = index.tabs(overlapping: offset, length: viewport)
            if let expected {
                #expect(actual == expected, "\(Index.strategyName) offset \(offset) viewport \(viewport)")
            } else {
                #expect(actual.isEmpty, "\(Index.strategyName) offset \(offset) viewport \(viewport): \(actual)")
            }
        }
    }

    /// Offsets at every tab edge (and just around them), negative, past the
    /// end, and random ones.
    static func offsets(_ widths: [Double], viewport: Double, random: inout SeededGenerator) -> [Double] {
        var edges: [Double] = [0]
        var sum = 0.0
        for width in widths {
            sum += width
            edges.append(sum)
        }
        var offsets: [Double] = [-1_000, -viewport, -viewport + 0.5, -0.5, sum, sum + 1, sum + 10_000]
        for edge in edges {
            offsets += [edge, edge - viewport, edge - 0.25, edge + 0.25]
        }
        for _ in 0..<200 { offsets.append(random.next(in: -500.0...(sum + 500))) }
        return offsets
    }

    @Test func flatIndexAndLinearScanMatchTheDefinition() {
        for seed: UInt64 in 1...12 {
            var random = SeededGenerator(seed: seed)
            let count = random.next(below: 80)
            // Multiples of 0.5 keep every sum exact; some tabs have width 0.
            let widths = (0..<count).map { _ in random.chance(0.15) ? 0 : Double(random.next(in: 1...400)) / 2 }
            for viewport in [0.5, 37.0, 390.0, 5_000.0] {
                let offsets = Self.offsets(widths, viewport: viewport, random: &random)
                Self.check(EngineReplayIndex<FlatTabWidths>.self, widths: widths, offsets: offsets, viewport: viewport)
                Self.check(EngineReplayIndex<TabWidths>.self, widths: widths, offsets: offsets, viewport: viewport)
                Self.check(LinearScanIndex.self, widths: widths, offsets: offsets, viewport: viewport)
            }
        }
    }

    @Test func handComputedRanges() {
        let index = EngineReplayIndex<FlatTabWidths>(validatedWidths: [10, 20, 0, 30]) // edges 0 10 30 30 60
        #expect(index.totalWidth == 60)
        #expect(index.tabs(overlapping: 0, length: 10) == 0..<1) // tab 1 only touches the end
        // Tab 0 only touches the start; zero-width tab 2 at the end.
        #expect(index.tabs(overlapping: 10, length: 20) == 1..<2)
        #expect(index.tabs(overlapping: 29, length: 2) == 1..<4) // zero-width tab 2 strictly inside
        #expect(index.tabs(overlapping: 30, length: 5) == 3..<4) // zero-width tab 2 at the start: excluded
        #expect(index.tabs(overlapping: -20, length: 20).isEmpty) // ends where tab 0 starts
        #expect(index.tabs(overlapping: -20, length: 20.5) == 0..<1)
        #expect(index.tabs(overlapping: 60, length: 100).isEmpty)
        #expect(index.tabs(overlapping: 59.5, length: 100) == 3..<4)
        #expect(EngineReplayIndex<FlatTabWidths>(validatedWidths: []).tabs(overlapping: 0, length: 10).isEmpty)
        #expect(LinearScanIndex(validatedWidths: []).tabs(overlapping: 0, length: 10).isEmpty)
    }

    @Test func replayRecordsEveryQuery() {
        let widths: [Double] = [100, 100, 100, 100]
        let result = Replay.run(
            EngineReplayIndex<FlatTabWidths>.self, widths: widths, offsets: [0, 150, -500, 400, 399.5], viewport: 200)
        #expect(result.ranges == [0..<2, 1..<4, 0..<0, 4..<4, 3..<4])
        #expect(result.queries.count == 5)
        #expect(result.tabs == 4)
        #expect(result.strategy == "TabStripTestSupport.FlatTabWidths")
        #expect(Replay.rangesText(result.ranges) == "0 1\n1 3\n-1 -1\n-1 -1\n3 3\n")
        #expect(
            result.fingerRangesMatch && result.passNanosecondsPerQuery > 0 && result.fingerPassNanosecondsPerQuery > 0)
        let engine = Replay.run(
            EngineReplayIndex<TabWidths>.self, widths: widths, offsets: [0, 150, -500, 400, 399.5], viewport: 200)
        #expect(engine.ranges == result.ranges && engine.fingerRangesMatch)
    }
}
