import Foundation
import TabStripTestSupport
import Testing

@testable import BenchCLI
@testable import BenchGate
@testable import BenchInstruments
@testable import BenchReports
@testable import BenchSuite

@Suite("LatencyHistogram")
struct HistogramTests {
    /// The sample of rank ceil(p/100 × n) (at least 1) of the sorted samples.
    static func reference(_ sorted: [UInt64], _ percentile: Double) -> UInt64 {
        if percentile == 0 { return sorted[0] }
        return sorted[LatencyHistogram.rank(ofPercentile: percentile, count: sorted.count) - 1]
    }

    static let percentiles: [Double] = [0, 0.1, 1, 10, 25, 50, 75, 90, 99, 99.9, 99.99, 100]

    enum Distribution: String, CaseIterable {
        case small, uniform, logUniform, heavyTail
    }

    static func samples(_ distribution: Distribution, count: Int, seed: UInt64) -> [UInt64] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            switch distribution {
            case .small: return UInt64(random.next(below: 3_000))
            case .uniform: return UInt64(random.next(below: 5_000_000))
            case .logUniform: return UInt64(pow(10, random.next(in: 0.0...11.0)))
            case .heavyTail:
                return random.chance(0.99)
                    ? UInt64(800 + random.next(below: 400)) : UInt64(random.next(below: 50_000_000))
            }
        }
    }

    @Test("percentiles match a sorted-array reference within 1/1024", arguments: Distribution.allCases)
    func percentilesMatchReference(_ distribution: Distribution) {
        for seed: UInt64 in [1, 2, 3] {
            let values = Self.samples(distribution, count: 5_000 + Int(seed) * 977, seed: seed)
            var histogram = LatencyHistogram()
            for value in values { histogram.record(value) }
            let sorted = values.sorted()
            for p in Self.percentiles {
                let exact = Self.reference(sorted, p)
                let reported = histogram.value(atPercentile: p)!
                #expect(reported >= exact, "seed \(seed) p\(p): \(reported) < \(exact)")
                let tolerance = exact < 2_048 ? 0 : exact / 1_024
                #expect(reported <= exact + tolerance, "seed \(seed) p\(p): \(reported) vs \(exact)")
            }
            #expect(histogram.count == UInt64(values.count))
            #expect(histogram.min == sorted.first)
            #expect(histogram.max == sorted.last)
            let mean = Double(values.reduce(0, { $0 + Double($1) }))
            #expect(abs(histogram.mean! - mean / Double(values.count)) <= 1e-6 * max(1, mean / Double(values.count)))
        }
    }

    @Test func ranksAreHandComputed() {
        #expect(LatencyHistogram.rank(ofPercentile: 99.9, count: 1_000) == 999)
        #expect(LatencyHistogram.rank(ofPercentile: 99.9, count: 1_001) == 1_000)
        #expect(LatencyHistogram.rank(ofPercentile: 50, count: 3) == 2)
        #expect(LatencyHistogram.rank(ofPercentile: 0.1, count: 10) == 1)
        #expect(LatencyHistogram.rank(ofPercentile: 100, count: 10) == 10)
        #expect(LatencyHistogram.rank(ofPercentile: 99, count: 100) == 99)
        #expect(LatencyHistogram.rank(ofPercentile: 90, count: 1_000_000) == 900_000)
    }

    @Test func hallmarksOfAnEmptyHistogram() {
        let histogram = LatencyHistogram()
        #expect(histogram.isEmpty)
        #expect(histogram.count == 0)
        #expect(histogram.min == nil && histogram.max == nil && histogram.mean == nil)
        #expect(histogram.value(atPercentile: 50) == nil)
        #expect(histogram.summary == nil)
    }

    @Test func smallValuesAreExact() {
        var histogram = LatencyHistogram()
        for value: UInt64 in [0, 1, 2, 2_047] { histogram.record(value) }
        #expect(histogram.value(atPercentile: 25) == 0)
        #expect(histogram.value(atPercentile: 50) == 1)
        #expect(histogram.value(atPercentile: 75) == 2)
        #expect(histogram.value(atPercentile: 100) == 2_047)
    }

    @Test func bucketsAreContiguousAndPrecise() {
        var previousHighest: UInt64?
        for index in 0..<LatencyHistogram.bucketCount {
            let low = LatencyHistogram.lowestValue(inBucket: index)
            let high = LatencyHistogram.highestValue(inBucket: index)
            if let previousHighest { #expect(low == previousHighest + 1, "bucket \(index)") }
            #expect(LatencyHistogram.bucketIndex(of: low) == index)
            #expect(LatencyHistogram.bucketIndex(of: high) == index)
            if low >= 2_048 { #expect(Double(high - low + 1) / Double(low) <= 1.0 / 1_024) }
            previousHighest = high
        }
        #expect(
            LatencyHistogram.highestValue(inBucket: LatencyHistogram.bucketCount - 1)
                == LatencyHistogram.highestTrackableValue - 1)
    }

    @Test func valuesBeyondTheRangeAreClampedAndCounted() {
        var histogram = LatencyHistogram()
        histogram.record(5)
        let huge = LatencyHistogram.highestTrackableValue * 4
        histogram.record(huge)
        histogram.record(UInt64.max)
        #expect(histogram.clampedCount == 2)
        #expect(histogram.count == 3)
        #expect(histogram.max == UInt64.max)
        let p60 = histogram.value(atPercentile: 60)!
        #expect(p60 >= LatencyHistogram.highestTrackableValue - LatencyHistogram.highestTrackableValue / 1_024)
        #expect(histogram.summary?.clamped == 2)
    }

    @Test func mergeEqualsRecordingEverythingInOne() {
        let first = Self.samples(.logUniform, count: 3_000, seed: 11)
        let second = Self.samples(.heavyTail, count: 2_000, seed: 12)
        var a = LatencyHistogram()
        var b = LatencyHistogram()
        var both = LatencyHistogram()
        for value in first {
            a.record(value)
            both.record(value)
        }
        for value in second {
            b.record(value)
            both.record(value)
        }
        a.merge(b)
        #expect(a.count == both.count)
        #expect(a.min == both.min && a.max == both.max)
        for p in Self.percentiles { #expect(a.value(atPercentile: p) == both.value(atPercentile: p)) }
        #expect(a.summary == both.summary)
        var empty = LatencyHistogram()
        empty.merge(LatencyHistogram())
        #expect(empty.isEmpty)
    }

    @Test func resetForgetsEverything() {
        var histogram = LatencyHistogram()
        for value: UInt64 in [10, 20_000, 1 << 45] { histogram.record(value) }
        histogram.reset()
        #expect(histogram == LatencyHistogram())
    }

    @Test func summaryCarriesTheFigures() throws {
        var histogram = LatencyHistogram()
        for value in 1...1_000 { histogram.record(UInt64(value)) }
        let summary = try #require(histogram.summary)
        #expect(summary.count == 1_000)
        #expect(summary.min == 1 && summary.max == 1_000)
        #expect(summary.p50 == 500 && summary.p90 == 900 && summary.p99 == 990 && summary.p999 == 999)
        #expect(summary.mean == 500.5)
        #expect(summary.value(of: .p99) == 990)
    }

    @Test func measureRunsWarmUpThenSamples() {
        var runs: [Int] = []
        var histogram = LatencyHistogram()
        measure(Repetitions(warmUp: 2, samples: 3), into: &histogram) { runs.append($0) }
        #expect(runs == [0, 1, 0, 1, 2])
        #expect(histogram.count == 3)
        #expect(Repetitions(warmUp: -1, samples: -5) == Repetitions(warmUp: 0, samples: 0))
    }

    @Test func clockIsMonotonicAndCheap() {
        var previous = MonotonicClock.now()
        for _ in 0..<10_000 {
            let now = MonotonicClock.now()
            #expect(now >= previous)
            previous = now
        }
        let overhead = MonotonicClock.measureOverhead(reads: 10_000)
        #expect(overhead.meanNanoseconds > 0 && overhead.meanNanoseconds < 100_000)
    }
}
