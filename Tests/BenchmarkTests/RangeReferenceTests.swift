import CRangeReference
import TabStrip
import TabStripTestSupport
import Testing

@testable import BenchCLI
@testable import BenchGate
@testable import BenchInstruments
@testable import BenchReports
@testable import BenchSuite

/// The C reference the fling scenario times the index against: checked
/// against the definition (``ReplayTests/reference(_:_:_:)``, a linear scan)
/// on seeded random rows, so that its figures time the right answers.
@Suite("Range reference")
struct RangeReferenceTests {
    /// A random row: whole and half widths (sums exact), zero widths
    /// included, sometimes empty.
    static func row(_ random: inout SeededGenerator) -> [Double] {
        let count = random.chance(0.05) ? 0 : random.next(in: 1...40)
        return (0..<count).map { _ in
            random.chance(0.15) ? 0 : Double(random.next(in: 1...40)) / 2
        }
    }

    /// Leading offsets of `widths` and the row's end.
    static func prefix(_ widths: [Double]) -> [Double] {
        var prefix = [0.0]
        for width in widths { prefix.append(prefix[prefix.count - 1] + width) }
        return prefix
    }

    @Test("from scratch and from any previous answer, the reference gives the definition's tabs")
    func matchesTheDefinition() {
        for seed in UInt64(1)...300 {
            var random = SeededGenerator(seed: seed)
            let widths = Self.row(&random)
            let prefix = Self.prefix(widths)
            let total = prefix[prefix.count - 1]
            // Carried from query to query, and sometimes replaced by a
            // stale or far-away answer.
            var near = (lower: 0, upper: 0)
            for _ in 0..<60 {
                let start = random.next(in: -5...(total + 5)).rounded(toPlaces: random.chance(0.5) ? 0 : 2)
                let length = random.chance(0.1) ? 0 : random.next(in: 0.0...30.0)
                if random.chance(0.2) {
                    near = (random.next(in: -3...(widths.count + 3)), random.next(in: -3...(widths.count + 3)))
                }
                var lower = -1
                var upper = -1
                prefix.withUnsafeBufferPointer { flat in
                    tabstrip_reference_range(flat.baseAddress, widths.count, start, length, &lower, &upper)
                    tabstrip_reference_range_near(
                        flat.baseAddress, widths.count, start, length, &near.lower, &near.upper)
                }
                let expected = ReplayTests.reference(widths, start, length)
                let answers: [(String, (lower: Int, upper: Int))] = [("from scratch", (lower, upper)), ("near", near)]
                for (name, found) in answers {
                    if let expected {
                        #expect(
                            found.lower == expected.lowerBound && found.upper == expected.upperBound,
                            "seed \(seed), \(name): [\(start), +\(length)) gave \(found), expected \(expected)")
                    } else {
                        #expect(
                            found.upper <= found.lower,
                            "seed \(seed), \(name): [\(start), +\(length)) gave \(found), expected none")
                    }
                }
            }
        }
    }

    @Test("the scenario's mismatch count is 0 for the index's own offsets and counts a wrong reference")
    func mismatchCount() throws {
        var random = SeededGenerator(seed: 7)
        let widths = (0..<5_000).map { _ in Double(random.next(in: 60...239)) }
        let index = try TabWidths(widths: widths)
        let flat = RangeQueryPass.flatOffsets(index)
        #expect(flat == Self.prefix(widths))
        let offsets = (0..<2_000).map { _ in random.next(in: -100...(index.totalWidth + 100)) }
        #expect(RangeQueryPass.flatMismatches(index, flatOffsets: flat, offsets: offsets, length: 390) == 0)
        // The control: one tab's leading offset moved by half a point.
        var wrong = flat
        wrong[2_500] += 0.5
        let crossing = (0..<200).map { wrong[2_500] - 0.25 + Double($0) * 0.0001 }
        #expect(RangeQueryPass.flatMismatches(index, flatOffsets: wrong, offsets: crossing, length: 0.01) > 0)
    }
}

/// The fling scenario's finger searches, checked against the plain query
/// on the scenario's own kind of trace: `range-query-finger-mismatches`
/// counts the same disagreements in every run, and this test fails on any.
@Suite("Finger search agreement")
struct FingerSearchAgreementTests {
    @Test("through a cursor and from the previous range, the visible range is the plain query's at every offset")
    func fingerSearchesAgreeWithThePlainQuery() throws {
        let strip = try EngineFixture.strip(titles: TitleGenerator.titles(count: 5_000, seed: 11))
        let geometry = strip.geometry
        let overscan = strip.layout.overscan
        let script = try FlingScript(
            frames: 3_000, bounds: strip.contentOffsetRange, viewportWidth: strip.viewport.width, seed: 11)
        var random = SeededGenerator(seed: 11, stream: "finger-agreement")
        let range = strip.contentOffsetRange
        let offsets = script.offsets() + (0..<500).map { _ in random.next(in: range) }
        var previous = 0..<0
        var cursor = TabRangeCursor()
        var nonEmpty = 0
        for offset in offsets {
            let plain = try geometry.visibleTabs(atContentOffset: offset, overscan: overscan)
            let near = try geometry.visibleTabs(atContentOffset: offset, overscan: overscan, near: previous)
            let fromCursor = try geometry.visibleTabs(atContentOffset: offset, overscan: overscan, cursor: &cursor)
            #expect(near == plain, "at \(offset): from the previous range \(previous)")
            #expect(fromCursor == plain, "at \(offset): through the cursor")
            previous = near
            if !plain.isEmpty { nonEmpty += 1 }
        }
        #expect(nonEmpty == offsets.count)
        #expect(RangeQueryPass.fingerMismatches(geometry, offsets: offsets, overscan: overscan) == 0)
        #expect(
            RangeQueryPass.cursorMismatches(geometry.widths, offsets: offsets, length: geometry.viewport.width) == 0)
    }
}

extension Double {
    fileprivate func rounded(toPlaces places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (self * scale).rounded() / scale
    }
}
