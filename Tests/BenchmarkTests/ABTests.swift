import Foundation
import TabStripTestSupport
import Testing

@testable import BenchCLI
@testable import BenchGate
@testable import BenchInstruments
@testable import BenchReports
@testable import BenchSuite

/// Per-round p50s around `center` with a seeded spread of ±`spread`.
func rounds(_ count: Int, center: Double, spread: Double, seed: UInt64) -> [Double] {
    var generator = SeededGenerator(seed: seed)
    return (0..<count).map { _ in center * (1 + spread * (2 * generator.nextUnit() - 1)) }
}

@Suite("bench ab")
struct ABTests {
    @Test func medianOfOddAndEvenCounts() {
        #expect(median([3, 1, 2]) == 2)
        #expect(median([4, 1, 3, 2]) == 2.5)
        #expect(median([]).isNaN)
    }

    @Test func theIntervalIsReproducibleAndBracketsTheRatio() {
        let a = rounds(10, center: 200, spread: 0.05, seed: 1)
        let b = rounds(10, center: 220, spread: 0.05, seed: 2)
        let first = ABComparison.ratioInterval(baseline: a, current: b, seed: 9)
        let again = ABComparison.ratioInterval(baseline: a, current: b, seed: 9)
        #expect(first == again)
        #expect(first.lower <= first.ratio && first.ratio <= first.upper)
        #expect(first.lower > 1.0 && first.upper < 1.25)
        let other = ABComparison.ratioInterval(baseline: a, current: b, seed: 10)
        #expect(other.ratio == first.ratio)
        #expect(other.lower != first.lower || other.upper != first.upper)
    }

    @Test func criterionsRule() {
        #expect(ABComparison.verdict(lower: 1.06, upper: 1.2, threshold: 0.05) == .regressed)
        #expect(ABComparison.verdict(lower: 1.04, upper: 1.2, threshold: 0.05) == .unchanged)
        #expect(ABComparison.verdict(lower: 0.8, upper: 0.94, threshold: 0.05) == .improved)
        #expect(ABComparison.verdict(lower: 0.9, upper: 1.1, threshold: 0.05) == .unchanged)
    }

    /// Runs `bench ab` with a fake build runner: A's frame p50s come from
    /// `a`, B's from `b`, round by round; `counters` are the allocation
    /// counters the two builds' reports name.
    func runAB(
        a: [Double], b: [Double], extra: [String] = [],
        counters: (a: String?, b: String?) = ("jemalloc-stats", "jemalloc-stats")
    ) -> (
        status: Int32, output: String, errors: String,
        calls: [String]
    ) {
        let output = StringSink()
        let errors = StringSink()
        var app = BenchApp(
            registry: ScenarioRegistry([]), probe: NoAllocationProbe(), buildConfiguration: .release,
            environment: [:], output: output, errors: errors)
        final class Calls: @unchecked Sendable { var list: [String] = [] }
        let calls = Calls()
        app.abRunOnce = {
            (binary: String, round: Int) throws(ABRunner.ABRunError) -> ABComparison.RunFigures in
            calls.list.append(binary)
            if binary == "broken" { throw ABRunner.ABRunError("broken: exited with status 1 in round 1") }
            let value = binary == "A" ? a[round] : b[round]
            return ABComparison.RunFigures(
                figures: [
                    ABComparison.MetricKey(scenario: "fling", metric: "frame p50"): value,
                    ABComparison.MetricKey(scenario: "fling", metric: "range-query p50"): 85,
                ], allocationCounter: binary == "A" ? counters.a : counters.b)
        }
        let status = app.run(["bench", "ab", "A", "--current", "B", "--rounds", "\(a.count)"] + extra)
        return (status, output.text, errors.text, calls.list)
    }

    @Test func identicalBuildsAreUnchangedAndRoundsInterleave() {
        let a = rounds(10, center: 190, spread: 0.1, seed: 3)
        let b = rounds(10, center: 190, spread: 0.1, seed: 4)
        let result = runAB(a: a, b: b)
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("ab passed: 2 timing figures over 10 interleaved rounds, 0 regressed"))
        #expect(!result.output.contains("warning"))
        #expect(Array(result.calls.prefix(4)) == ["A", "B", "B", "A"])
        #expect(result.calls.count == 20)
    }

    @Test func aTwentyPercentSlowerFrameRegresses() {
        let a = rounds(10, center: 190, spread: 0.05, seed: 5)
        let b = rounds(10, center: 228, spread: 0.05, seed: 6)
        let result = runAB(a: a, b: b)
        #expect(result.status == 1)
        #expect(result.output.contains("frame p50"))
        #expect(result.output.contains("regressed"))
        #expect(result.output.contains("ab FAILED"))
        let markdown = runAB(a: a, b: b, extra: ["--format", "markdown"])
        #expect(markdown.output.contains("**regressed**"))
    }

    @Test func aSmallChangeInsideTheNoiseIsNotARegression() {
        // +3 % with ±10 % noise per round: the interval reaches below 1.05.
        let a = rounds(10, center: 190, spread: 0.1, seed: 7)
        let b = rounds(10, center: 196, spread: 0.1, seed: 8)
        #expect(runAB(a: a, b: b).status == 0)
    }

    @Test func aFailingBuildOrBadOptionsAreStatusTwo() {
        let output = StringSink()
        let errors = StringSink()
        var app = BenchApp(
            registry: ScenarioRegistry([]), probe: NoAllocationProbe(), buildConfiguration: .release,
            environment: [:], output: output, errors: errors)
        app.abRunOnce = { (binary: String, _: Int) throws(ABRunner.ABRunError) -> ABComparison.RunFigures in
            throw ABRunner.ABRunError("\(binary): exited with status 1 in round 1: bench: error: boom")
        }
        #expect(app.run(["bench", "ab", "A", "--current", "B"]) == 2)
        #expect(errors.text.hasSuffix("bench: error: A: exited with status 1 in round 1: bench: error: boom\n"))
        let plain = BenchApp(
            registry: ScenarioRegistry([]), probe: NoAllocationProbe(), buildConfiguration: .release,
            environment: [:], output: output, errors: errors)
        #expect(plain.run(["bench", "ab", "/nonexistent/bench"]) == 2)
        #expect(errors.text.contains("/nonexistent/bench: not an executable file"))
        #expect(plain.run(["bench", "ab"]) == 2)
        #expect(plain.run(["bench", "ab", "A", "--rounds", "1"]) == 2)
        #expect(plain.run(["bench", "ab", "A", "--threshold", "5"]) == 2)
        for timeout in ["0", "-1", "nan", "inf", "86401", "1s"] {
            #expect(plain.run(["bench", "ab", "A", "--timeout", timeout]) == 2)
            #expect(
                errors.text.hasSuffix("ab: --timeout: expected seconds above 0 and at most 86,400, got '\(timeout)'\n"))
        }
    }

    @Test func reportsOfOlderHarnessVersionsAreReadLeniently() {
        let json = """
            { "schemaVersion": 1, "scenarios": [ { "name": "fling", "metrics": [
                { "name": "frame", "kind": "timing", "timing": { "p50": 190, "p99": 600 } },
                { "name": "frame-allocations", "kind": "count", "value": 0 } ] } ] }
            """
        let run = ABComparison.figures(fromReportJSON: Data(json.utf8))
        #expect(run == ABComparison.RunFigures(figures: [key("fling", "frame p50"): 190], allocationCounter: nil))
        #expect(ABComparison.figures(fromReportJSON: Data("[]".utf8)) == nil)
    }

    func key(_ scenario: String, _ metric: String) -> ABComparison.MetricKey {
        ABComparison.MetricKey(scenario: scenario, metric: metric)
    }

    /// Issue 25 (4): the whole-pass figures behind the headline query
    /// numbers are timing figures too, and a histogram's p99 is one when it
    /// has enough samples.
    @Test func everyTimingFigureOfAScenarioIsRead() {
        let json = """
            { "schemaVersion": 1,
              "environment": { "allocator": { "name": "glibc", "counter": "malloc-interposer" } },
              "scenarios": [ { "name": "fling", "metrics": [
                { "name": "frame", "kind": "timing", "timing": { "count": 60000, "p50": 140, "p99": 1001 } },
                { "name": "frame-loop-mean", "kind": "duration", "value": 152.9 },
                { "name": "index-query-random-loop-mean", "kind": "duration", "value": 88.3 },
                { "name": "reference-flat-query-random-loop-mean", "kind": "duration", "value": 93.6 },
                { "name": "index-query-random-vs-reference", "kind": "ratio", "value": 0.94 },
                { "name": "cells-created", "kind": "count", "value": 24 },
                { "name": "skipped", "kind": "duration", "value": null } ] },
                { "name": "build", "metrics": [
                { "name": "generate-titles", "kind": "timing", "timing": { "count": 7, "p50": 39714815, "p99": 42022077 } }
                ] } ] }
            """
        let run = ABComparison.figures(fromReportJSON: Data(json.utf8))
        #expect(
            run
                == ABComparison.RunFigures(
                    figures: [
                        key("fling", "frame p50"): 140, key("fling", "frame p99"): 1001,
                        key("fling", "frame-loop-mean"): 152.9, key("fling", "index-query-random-loop-mean"): 88.3,
                        key("fling", "reference-flat-query-random-loop-mean"): 93.6,
                        key("build", "generate-titles p50"): 39_714_815,
                    ], allocationCounter: "malloc-interposer"))
        // A report older than `allocator.counter` names its allocator.
        let older = #"{ "environment": { "allocator": { "name": "jemalloc" } }, "scenarios": [] }"#
        #expect(ABComparison.figures(fromReportJSON: Data(older.utf8))?.allocationCounter == "jemalloc")
    }

    /// Runs `bench ab` over fake builds whose figures are `figures(binary,
    /// round)`.
    func runAB(
        rounds: Int, extra: [String] = [],
        figures: @escaping @Sendable (String, Int) -> [ABComparison.MetricKey: Double]
    ) -> (status: Int32, output: String) {
        let output = StringSink()
        var app = BenchApp(
            registry: ScenarioRegistry([]), probe: NoAllocationProbe(), buildConfiguration: .release,
            environment: [:], output: output, errors: StringSink())
        app.abRunOnce = { (binary: String, round: Int) throws(ABRunner.ABRunError) -> ABComparison.RunFigures in
            ABComparison.RunFigures(figures: figures(binary, round), allocationCounter: "jemalloc-stats")
        }
        let status = app.run(["bench", "ab", "A", "--current", "B", "--rounds", "\(rounds)"] + extra)
        return (status, output.text)
    }

    /// Seeded rounds: B's whole-pass random-offset query is 30 % slower,
    /// every other figure the same as A's. `ab` calls that regression, and
    /// `--metric` picks figures by name or by metric.
    @Test func aWholePassFigureIsComparedAndMetricPicksFigures() {
        let seed = TestSeed.value(default: 25)
        let figures: @Sendable (String, Int) -> [ABComparison.MetricKey: Double] = { binary, round in
            var generator = SeededGenerator(seed: seed &+ UInt64(round * 2 + (binary == "A" ? 0 : 1)))
            func noisy(_ value: Double) -> Double { value * (1 + 0.04 * (2 * generator.nextUnit() - 1)) }
            return [
                ABComparison.MetricKey(scenario: "fling", metric: "frame p50"): noisy(140),
                ABComparison.MetricKey(scenario: "fling", metric: "frame p99"): noisy(1000),
                ABComparison.MetricKey(scenario: "fling", metric: "index-query-random-loop-mean"):
                    noisy(binary == "A" ? 88 : 88 * 1.3),
                ABComparison.MetricKey(scenario: "fling", metric: "reference-flat-query-random-loop-mean"):
                    noisy(93),
            ]
        }
        let all = runAB(rounds: 10, figures: figures)
        #expect(all.status == 1, "seed \(seed): \(all.output)")
        #expect(all.output.contains("ab FAILED: 4 timing figures over 10 interleaved rounds, 1 regressed"))
        let regressed = all.output.split(separator: "\n").filter { $0.hasSuffix("regressed") && !$0.contains("FAILED") }
        #expect(regressed.count == 1 && regressed[0].contains("index-query-random-loop-mean"), "seed \(seed)")
        let frame = runAB(rounds: 10, extra: ["--metric", "frame"], figures: figures)
        #expect(frame.status == 0 && frame.output.contains("ab passed: 2 timing figures"), "seed \(seed)")
        #expect(frame.output.contains("frame p50") && frame.output.contains("frame p99"))
        let p99 = runAB(rounds: 10, extra: ["--metric", "frame p99", "--metric", "nothing"], figures: figures)
        #expect(p99.output.contains("ab passed: 1 timing figures"), "\(p99.output)")
        // A name that picks nothing leaves nothing to compare.
        let none = runAB(rounds: 10, extra: ["--metric", "index-query-random-loop-mean,x"], figures: figures)
        #expect(none.status == 2)
    }

    /// Issue 28 (12) and 25 (4): builds linking different allocation
    /// counters are compared with one warning at the top.
    @Test func differentAllocationCountersAreWarnedOnce() {
        let a = rounds(4, center: 190, spread: 0.02, seed: 11)
        let b = rounds(4, center: 190, spread: 0.02, seed: 12)
        let mixed = runAB(a: a, b: b, counters: ("jemalloc-stats", "malloc-interposer"))
        #expect(mixed.status == 0)
        let warnings = mixed.output.split(separator: "\n").filter { $0.contains("warning") }
        #expect(warnings.count == 1, "\(mixed.output)")
        #expect(
            mixed.output.hasPrefix(
                "A: A\nB: B\nwarning: the builds link different allocation counters "
                    + "(A: jemalloc-stats, B: malloc-interposer)"), "\(mixed.output)")
        let markdown = runAB(a: a, b: b, extra: ["--format", "markdown"], counters: ("jemalloc-stats", nil))
        #expect(
            markdown.output.contains(
                "> warning: the builds link different allocation counters (A: jemalloc-stats, B: unknown)"))
        #expect(!runAB(a: a, b: b, counters: ("malloc-interposer", "malloc-interposer")).output.contains("warning"))
    }
}
