import Foundation
import TabStripTestSupport
import Testing

@testable import BenchmarkHarness

/// Per-round p50s around `center` with a seeded spread of ±`spread`.
func rounds(_ count: Int, center: Double, spread: Double, seed: UInt64) -> [Double] {
    var generator = SeededGenerator(seed: seed)
    return (0..<count).map { _ in center * (1 + spread * (2 * generator.nextUnit() - 1)) }
}

@Suite("bench ab")
struct ABTests {
    @Test func medianOfOddAndEvenCounts() {
        #expect(ABComparison.median([3, 1, 2]) == 2)
        #expect(ABComparison.median([4, 1, 3, 2]) == 2.5)
        #expect(ABComparison.median([]).isNaN)
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

    /// Runs `bench ab` with a fake build runner: A's p50s come from `a`, B's
    /// from `b`, round by round.
    func runAB(a: [Double], b: [Double], extra: [String] = []) -> (
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
            (binary: String, round: Int) throws(ABRunner.ABRunError) -> [ABComparison.MetricKey: Double] in
            calls.list.append(binary)
            if binary == "broken" { throw ABRunner.ABRunError("broken: exited with status 1 in round 1") }
            let value = binary == "A" ? a[round] : b[round]
            return [
                ABComparison.MetricKey(scenario: "fling", metric: "frame"): value,
                ABComparison.MetricKey(scenario: "fling", metric: "range-query"): 85,
            ]
        }
        let status = app.run(["bench", "ab", "A", "--current", "B", "--rounds", "\(a.count)"] + extra)
        return (status, output.text, errors.text, calls.list)
    }

    @Test func identicalBuildsAreUnchangedAndRoundsInterleave() {
        let a = rounds(10, center: 190, spread: 0.1, seed: 3)
        let b = rounds(10, center: 190, spread: 0.1, seed: 4)
        let result = runAB(a: a, b: b)
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("ab passed: 2 timing metrics over 10 interleaved rounds, 0 regressed"))
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
        app.abRunOnce = { (binary: String, _: Int) throws(ABRunner.ABRunError) -> [ABComparison.MetricKey: Double] in
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
    }

    @Test func reportsOfOlderHarnessVersionsAreReadLeniently() {
        let json = """
            { "schemaVersion": 1, "scenarios": [ { "name": "fling", "metrics": [
                { "name": "frame", "kind": "timing", "timing": { "p50": 190, "p99": 600 } },
                { "name": "frame-allocations", "kind": "count", "value": 0 } ] } ] }
            """
        let medians = ABComparison.timingMedians(fromReportJSON: Data(json.utf8))
        #expect(medians == [ABComparison.MetricKey(scenario: "fling", metric: "frame"): 190])
        #expect(ABComparison.timingMedians(fromReportJSON: Data("[]".utf8)) == nil)
    }
}
