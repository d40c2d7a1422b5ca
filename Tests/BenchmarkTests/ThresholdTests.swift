import Foundation
import Testing

@testable import BenchCLI
@testable import BenchGate
@testable import BenchInstruments
@testable import BenchReports
@testable import BenchSuite

/// A report built by hand, with figures the tests control.
func sampleReport(
    allocator: AllocatorRecord = AllocatorRecord(name: "jemalloc", version: "5.3.0", note: nil),
    allocations: Double? = 0, framesP99: Double = 4_000, filter: [String]? = nil,
    configuration: BuildConfiguration = .release
) -> Report {
    let timing = TimingSummary(
        count: 1_000, min: 900, mean: 1_500, p50: 1_200, p90: 2_000, p99: framesP99,
        p999: framesP99 * 2, max: framesP99 * 3)
    let eager = TimingSummary(
        count: 1_000, min: 90_000, mean: 150_000, p50: 120_000, p90: 200_000,
        p99: 400_000, p999: 800_000, max: 1_200_000)
    let scenario = ScenarioResult(
        name: "fling", summary: "Flings over many tabs.",
        parameters: [
            "tabs": .int(100_000), "sizes": .list([.int(1_000), .int(10_000)]), "rate": .double(0.998),
            "label": .string("x"), "bounce": .bool(false),
        ],
        durationSeconds: 1.25,
        metrics: [
            .timing("frame", LatencyHistogram()),
            Metric(name: "frame-time", kind: .timing, unit: "ns", value: nil, timing: timing),
            Metric(name: "eager-frame-time", kind: .timing, unit: "ns", value: nil, timing: eager),
            .count("frame-allocations", allocations, unit: "allocations", fromAllocator: true),
            .count("cells-created", 24, unit: "cells"),
            .bytes("bytes-per-tab", allocations.map { _ in 8.19 }, unit: "bytes/tab", fromAllocator: true),
            .ratio("speed-up", 100, over: 1),
        ],
        series: [
            Series(
                name: "per-frame time (p50)", strategy: "virtualised", xUnit: "tabs", yUnit: "ns",
                points: [SeriesPoint(x: 1_000, y: 900), SeriesPoint(x: 10_000, y: nil)])
        ],
        notes: ["a note"]
    )
    let other = ScenarioResult(
        name: "jump", summary: "Jumps.", parameters: [:], durationSeconds: 0.5,
        metrics: [.duration("jump-mean", nanoseconds: 2_500)], series: [], notes: [])
    let environment = EnvironmentRecord(
        cpuModel: "Test CPU", logicalCores: 2, memoryBytes: 1 << 34, operatingSystem: "Debian GNU/Linux 12",
        kernel: "Linux 6.1", swiftCompiler: "6.3.1", swiftToolchain: nil, buildConfiguration: configuration,
        allocator: allocator, git: GitRecord(commit: String(repeating: "a", count: 40), dirty: false),
        date: "2025-01-31T12:34:56Z", arguments: ["bench", "--quick"])
    let run = RunRecord(
        quick: true, seed: UInt64.max - 1, titles: nil, filter: filter, durationSeconds: 1.75,
        peakResidentBytes: 50_000_000, clockOverheadNanoseconds: 20.5)
    return Report(environment: environment, run: run, warnings: [], scenarios: [scenario, other])
}

func thresholds(_ json: String) throws -> Thresholds {
    try Thresholds.parse(Data(json.utf8))
}

@Suite("Thresholds")
struct ThresholdTests {
    static let limits = """
        { "schemaVersion": 1, "comment": "test",
          "limits": [
            { "scenario": "fling", "metric": "frame-allocations", "equals": 0, "why": "no allocation per frame" },
            { "scenario": "fling", "metric": "cells-created", "max": 24 },
            { "scenario": "fling", "metric": "bytes-per-tab", "max": 10.5 },
            { "scenario": "fling", "metric": "frame-time", "statistic": "p99", "max": 5000 },
            { "scenario": "fling", "ratio": { "numerator": { "metric": "eager-frame-time", "statistic": "p50" },
                                              "denominator": { "metric": "frame-time", "statistic": "p50" } },
              "min": 20 },
            { "scenario": "fling", "ratio": { "numerator": { "metric": "frame-time", "statistic": "p50" },
                                              "denominator": { "scenario": "jump", "metric": "jump-mean" } },
              "max": 1 },
            { "scenario": "jump", "metric": "jump-mean", "min": 1, "max": 1e6 }
          ] }
        """

    @Test func everyLimitPassesOnAGoodReport() throws {
        let outcome = ThresholdChecker.check(
            sampleReport(), against: try thresholds(Self.limits), requireAllocations: true)
        #expect(outcome.rows.map(\.verdict) == Array(repeating: .pass, count: 7))
        #expect(!outcome.failed)
        #expect(outcome.rows[4].rawValue == 100)
        #expect(outcome.rows[5].rawValue == 1_200.0 / 2_500.0)
        #expect(outcome.rows[0].limit == "= 0 allocations" && outcome.rows[0].value == "0 allocations")
        #expect(outcome.rows[3].metric == "frame-time p99" && outcome.rows[3].limit == "<= 5 µs")
        #expect(outcome.rows[5].metric == "frame-time p50 / jump/jump-mean")
        #expect(outcome.verdictLine == "check passed: 7 of 7 limits met, 0 broken, 0 skipped")
    }

    @Test func aRegressedMetricFailsTheCheck() throws {
        let limits = try thresholds(Self.limits)
        let allocating = ThresholdChecker.check(
            sampleReport(allocations: 3), against: limits, requireAllocations: false)
        #expect(allocating.rows[0].verdict == .fail)
        #expect(allocating.failed && allocating.failures == 1)
        let slow = ThresholdChecker.check(sampleReport(framesP99: 5_001), against: limits, requireAllocations: false)
        #expect(slow.rows[3].verdict == .fail)
        #expect(slow.failed)
        #expect(slow.textTable().contains("FAIL"))
        #expect(slow.verdictLine == "check FAILED: 6 of 7 limits met, 1 broken, 0 skipped")
    }

    @Test func exactLimitsAreExact() {
        let limit = Thresholds.Limit(scenario: "s", subject: .metric(.init(scenario: "s", metric: "m")), equals: 0)
        #expect(limit.admits(0))
        #expect(!limit.admits(1e-300))
        #expect(!limit.admits(.nan))
        let bounded = Thresholds.Limit(
            scenario: "s", subject: .metric(.init(scenario: "s", metric: "m")), max: 24, min: 2)
        #expect(bounded.admits(24) && bounded.admits(2))
        #expect(!bounded.admits(24.000001) && !bounded.admits(1.99))
        #expect(bounded.boundText == ">= 2 and <= 24")
    }

    @Test func aMissingMetricOrScenarioFails() throws {
        let limits = try thresholds(
            """
            { "schemaVersion": 1, "limits": [
              { "scenario": "fling", "metric": "no-such-metric", "max": 1 },
              { "scenario": "pager", "metric": "frame-time", "statistic": "p99", "max": 1 },
              { "scenario": "fling", "metric": "frame-time", "max": 1 },
              { "scenario": "fling", "metric": "cells-created", "statistic": "p99", "max": 1 },
              { "scenario": "fling", "metric": "frame", "statistic": "p99", "max": 1 }
            ] }
            """)
        let outcome = ThresholdChecker.check(sampleReport(), against: limits, requireAllocations: false)
        #expect(outcome.rows.map(\.verdict) == [.missing, .missing, .missing, .missing, .null])
        #expect(outcome.rows[0].value == "missing")
        #expect(outcome.failures == 5)
    }

    @Test func nullAllocationFiguresWithoutJemalloc() throws {
        let none = AllocatorRecord(name: "none", version: nil, note: NoAllocationProbe.defaultNote)
        let report = sampleReport(allocator: none, allocations: nil)
        let limits = try thresholds(Self.limits)

        let lenient = ThresholdChecker.check(report, against: limits, requireAllocations: false)
        #expect(lenient.rows[0].verdict == .noAllocatorData(required: false))
        #expect(lenient.rows[2].verdict == .noAllocatorData(required: false))
        #expect(lenient.rows[0].value == "null")
        #expect(!lenient.failed)
        #expect(
            lenient.notes.contains {
                $0.contains("skipped because the run had no jemalloc") && $0.contains("purge-cache")
            })
        #expect(lenient.textTable().contains("skipped (no jemalloc)"))

        let strict = ThresholdChecker.check(report, against: limits, requireAllocations: true)
        #expect(strict.rows[0].verdict == .noAllocatorData(required: true))
        #expect(strict.failed && strict.failures == 2)
        #expect(strict.textTable().contains("FAIL (no jemalloc)"))
    }

    @Test func aNullAllocatorFigureWithJemallocIsAFailure() throws {
        // jemalloc was linked, yet the figure is null: that is a broken run, not a missing allocator.
        let report = sampleReport(allocations: nil)
        let outcome = ThresholdChecker.check(report, against: try thresholds(Self.limits), requireAllocations: false)
        #expect(outcome.rows[0].verdict == .null)
        #expect(outcome.failed)
    }

    @Test func scenariosOutsideTheFilterAreSkipped() throws {
        let report = sampleReport(filter: ["jump"])
        let outcome = ThresholdChecker.check(report, against: try thresholds(Self.limits), requireAllocations: true)
        #expect(outcome.rows.prefix(6).allSatisfy { $0.verdict == .notSelected })
        #expect(outcome.rows[6].verdict == .pass)
        #expect(!outcome.failed)
    }

    @Test func debugReportsAreFlagged() throws {
        let outcome = ThresholdChecker.check(
            sampleReport(configuration: .debug), against: try thresholds(Self.limits),
            requireAllocations: false)
        #expect(outcome.notes.contains { $0.contains("DEBUG BUILD") })
    }

    @Test(arguments: [
        ("[]", "not a JSON object"),
        (#"{"limits": []}"#, "schemaVersion: missing or not an integer"),
        (#"{"schemaVersion": 2, "limits": []}"#, "schemaVersion: this harness reads version 1, found 2"),
        (#"{"schemaVersion": 1}"#, "limits: missing or not an array"),
        (#"{"schemaVersion": 1, "limits": [], "extra": 1}"#, #"document: unknown field "extra""#),
        (#"{"schemaVersion": 1, "limits": [3]}"#, "limits[0]: expected an object"),
        (
            #"{"schemaVersion": 1, "limits": [{"scenario": "a", "metric": "m", "mx": 0}]}"#,
            #"limits[0]: unknown field "mx""#
        ),
        (
            #"{"schemaVersion": 1, "limits": [{"scenario": "a", "metric": "m"}]}"#,
            "limits[0]: no bound (give equals, max or min)"
        ),
        (
            #"{"schemaVersion": 1, "limits": [{"metric": "m", "max": 1}]}"#,
            "limits[0].scenario: missing or not a non-empty string"
        ),
        (#"{"schemaVersion": 1, "limits": [{"scenario": "a", "max": 1}]}"#, "limits[0]: missing metric (or ratio)"),
        (
            #"{"schemaVersion": 1, "limits": [{"scenario": "a", "metric": "m", "ratio": {}, "max": 1}]}"#,
            "limits[0]: give either metric or ratio, not both"
        ),
        (
            #"{"schemaVersion": 1, "limits": [{"scenario": "a", "metric": "m", "statistic": "p98", "max": 1}]}"#,
            "limits[0].statistic: expected one of count, min, mean, p50, p90, p99, p999, max"
        ),
        (
            #"{"schemaVersion": 1, "limits": [{"scenario": "a", "metric": "m", "max": "1"}]}"#,
            "limits[0].max: expected a number"
        ),
        (
            #"{"schemaVersion": 1, "limits": [{"scenario": "a", "ratio": {"numerator": {"metric": "m"}}, "max": 1}]}"#,
            "limits[0].ratio.denominator: missing or not an object"
        ),
    ])
    func malformedThresholdsAreRejected(_ json: String, _ message: String) {
        #expect(throws: ThresholdsError.invalid(message)) { try thresholds(json) }
    }

    @Test func theCheckedInThresholdsParse() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Reports/thresholds.json")
        let limits = try Thresholds.load(path: url.path)
        #expect(!limits.limits.isEmpty)
        let names = Set(ScenarioRegistry.standard.names)
        for limit in limits.limits { #expect(names.contains(limit.scenario), "unknown scenario \(limit.scenario)") }
    }
}
