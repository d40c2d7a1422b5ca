import Foundation
import Testing

@testable import BenchCLI
@testable import BenchGate
@testable import BenchInstruments
@testable import BenchReports
@testable import BenchSuite

/// A report with one figure of each kind the comparison judges, every one
/// adjustable.
struct GateFigures {
    var frameInstructions: Double = 2_400
    var editInstructions: Double = 9_000
    var frameAllocations: Double? = 0
    var buildAllocations: Double? = 100_012
    var cellsCreated: Double = 9
    var framesCount: Double = 6_000
    var framePeak: Double = 70_000_000
    var frameP50: Double = 190
    var growth: Double = 1.3
    var swiftCompiler = "6.3.1"
    var valgrind: String? = "valgrind-3.19.0"
    var allocator = AllocatorRecord(name: "jemalloc", version: "5.3.0", note: nil, counter: "jemalloc-stats")
    var quick = true
    var seed: UInt64 = 42
    var extraMetric: Metric?
    var dropCellsCreated = false

    func report() -> Report {
        let timing = TimingSummary(
            count: 6_000, min: frameP50 * 0.8, mean: frameP50 * 1.1, p50: frameP50,
            p90: frameP50 * 1.5, p99: frameP50 * 3, p999: frameP50 * 5, max: frameP50 * 20)
        var fling: [Metric] = [
            Metric(name: "frame", kind: .timing, unit: "ns", value: nil, timing: timing),
            Metric(
                name: "frame-instructions", kind: .instructions, unit: "instructions/frame",
                value: frameInstructions, timing: nil),
            .count("frame-allocations", frameAllocations, unit: "allocations/frame", fromAllocator: true),
            .count("cells-created", cellsCreated, unit: "cells"),
            .count("frames", framesCount, unit: "frames"),
            .bytes("peak-resident", framePeak),
            .ratio("frame-growth-10m-vs-10k", growth, over: 1),
        ]
        if dropCellsCreated { fling.removeAll { $0.name == "cells-created" } }
        if let extraMetric { fling.append(extraMetric) }
        let edits: [Metric] = [
            Metric(
                name: "width-change-instructions-1m", kind: .instructions, unit: "instructions",
                value: editInstructions, timing: nil),
            .count("build-strip-allocations", buildAllocations, unit: "allocations", fromAllocator: true),
        ]
        let environment = EnvironmentRecord(
            cpuModel: "Test CPU", logicalCores: 2, memoryBytes: 1 << 33, operatingSystem: "Debian GNU/Linux 12",
            kernel: "Linux 6.1", swiftCompiler: swiftCompiler, swiftToolchain: "Swift version \(swiftCompiler)",
            buildConfiguration: .release, allocator: allocator,
            git: GitRecord(commit: String(repeating: "b", count: 40), dirty: false),
            date: "2026-12-01T10:00:00Z", arguments: ["bench", "--quick"], valgrind: valgrind)
        let run = RunRecord(
            quick: quick, seed: seed, titles: nil, filter: nil, durationSeconds: 12,
            peakResidentBytes: 1 << 28, clockOverheadNanoseconds: 20)
        return Report(
            environment: environment, run: run, warnings: [],
            scenarios: [
                ScenarioResult(
                    name: "fling", summary: "Flings.", parameters: [:], durationSeconds: 1, metrics: fling,
                    series: [], notes: []),
                ScenarioResult(
                    name: "edits", summary: "Edits.", parameters: [:], durationSeconds: 1, metrics: edits,
                    series: [], notes: []),
            ])
    }
}

/// The relative rules of the checked-in thresholds file.
func committedThresholds() throws -> Thresholds {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    return try Thresholds.load(path: root.appendingPathComponent("Reports/thresholds.json").path)
}

/// Files for `bench compare` in a fresh directory.
struct CompareFiles {
    let directory = temporaryDirectory("compare")
    var baseline: String { directory + "/baseline.json" }
    var report: String { directory + "/latest.json" }
    var thresholds: String { directory + "/thresholds.json" }

    init(baseline: GateFigures = GateFigures(), report: GateFigures = GateFigures()) throws {
        try Baseline(report: baseline.report(), name: nil).write(to: self.baseline)
        try report.report().jsonData().write(to: URL(fileURLWithPath: self.report))
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        try FileManager.default.copyItem(
            atPath: root.appendingPathComponent("Reports/thresholds.json").path,
            toPath: thresholds)
    }

    /// Runs `bench compare` on the files; returns the status, stdout, stderr.
    func compare(_ extra: [String] = []) -> (status: Int32, output: String, errors: String) {
        let output = StringSink()
        let errors = StringSink()
        let app = BenchApp(
            registry: ScenarioRegistry([]), probe: NoAllocationProbe(), buildConfiguration: .release,
            environment: [:], output: output, errors: errors)
        let status = app.run(["bench", "compare", baseline, report, "--thresholds", thresholds] + extra)
        return (status, output.text, errors.text)
    }
}

@Suite("Baselines and compare")
struct BaselineTests {
    @Test func anIdenticalReportPasses() throws {
        let files = try CompareFiles()
        let result = files.compare()
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("compare passed"))
        #expect(!result.output.contains("regressed"))
        #expect(result.output.contains("fling     frame-instructions"))
        #expect(result.output.contains("unchanged"))
        #expect(!result.output.contains("stale"))
    }

    @Test func fivePercentMoreInstructionsPerFrameFails() throws {
        var heavier = GateFigures()
        heavier.frameInstructions *= 1.05
        let result = try CompareFiles(report: heavier).compare()
        #expect(result.status == 1)
        #expect(result.output.contains("+5.0 % (±1.0 %)"))
        #expect(result.output.contains("regressed: callgrind counts are exact"))
        #expect(result.output.contains("compare FAILED: 1 regressed"))
    }

    @Test func halfAPercentMoreInstructionsIsWithinTolerance() throws {
        var slightly = GateFigures()
        slightly.editInstructions *= 1.005
        #expect(try CompareFiles(report: slightly).compare().status == 0)
    }

    @Test(arguments: [
        "one allocation per frame", "one more allocation in a build",
        "reuse disabled: more cells created", "+5 % instructions per width change",
    ])
    func aDeterministicRegressionFails(_ name: String) throws {
        var regressed = GateFigures()
        switch name {
        case "one allocation per frame": regressed.frameAllocations = 1
        case "one more allocation in a build": regressed.buildAllocations! += 1
        case "reuse disabled: more cells created": regressed.cellsCreated = 6_000
        default: regressed.editInstructions *= 1.05
        }
        let result = try CompareFiles(report: regressed).compare()
        #expect(result.status == 1, "\(name)\n\(result.output)")
        #expect(result.output.contains("regressed"), "\(name)")
    }

    @Test func timingsAreInformationEvenWhenThreeTimesSlower() throws {
        var slower = GateFigures()
        slower.frameP50 *= 3
        slower.growth *= 4
        slower.framePeak *= 2
        let result = try CompareFiles(report: slower).compare()
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("frame p50"))
        #expect(result.output.contains("+200 %"))
        #expect(result.output.contains("info"))
    }

    @Test func percentages() {
        #expect(BaselineComparison.percent(0.05) == "+5.0 %")
        #expect(BaselineComparison.percent(-0.12) == "−12 %")
        #expect(BaselineComparison.percent(0) == "0 %")
        #expect(BaselineComparison.percent(25_918.11) == "+2,591,811 %")
        #expect(BaselineComparison.percent(0.0004) == "+0.04 %")
        #expect(BaselineComparison.toleranceText(0) == "exact" && BaselineComparison.toleranceText(0.01) == "±1.0 %")
    }

    @Test func anImprovementBeyondToleranceSaysTheBaselineIsStale() throws {
        var faster = GateFigures()
        faster.frameInstructions *= 0.88
        let result = try CompareFiles(report: faster).compare()
        #expect(result.status == 0)
        #expect(
            result.output.contains(
                "note: baseline is stale: fling frame-instructions −12 %; run `bench baseline save`"))
        #expect(result.output.contains("improved"))
    }

    @Test func anotherToolchainSkipsInstructionCountsWithANotice() throws {
        var other = GateFigures()
        other.swiftCompiler = "6.2"
        other.valgrind = "valgrind-3.22.0"
        other.frameInstructions *= 1.5
        let result = try CompareFiles(report: other).compare()
        #expect(result.status == 0, "\(result.output)")
        #expect(
            result.output.contains(
                "instruction counts skipped: the baseline was measured with Swift 6.3.1 and "
                    + "valgrind-3.19.0, this report with Swift 6.2 and valgrind-3.22.0"))
        #expect(result.output.contains("skipped: other toolchain or valgrind"))
        // Allocations are still judged.
        other.frameAllocations = 2
        #expect(try CompareFiles(report: other).compare().status == 1)
    }

    @Test func anotherAllocationCounterSkipsAllocationFigures() throws {
        var fallback = GateFigures()
        fallback.allocator = AllocatorRecord(name: "glibc", version: "2.36", note: nil, counter: "malloc-interposer")
        fallback.buildAllocations = 90_000
        let result = try CompareFiles(report: fallback).compare()
        #expect(result.status == 0, "\(result.output)")
        #expect(
            result.output.contains(
                "allocation figures skipped: the baseline was counted by jemalloc-stats "
                    + "(jemalloc 5.3.0), this report by malloc-interposer (glibc 2.36)"))
        var none = GateFigures()
        none.allocator = AllocatorRecord(name: "none", version: nil, note: "no jemalloc")
        none.frameAllocations = nil
        none.buildAllocations = nil
        let without = try CompareFiles(report: none).compare()
        #expect(without.status == 0)
        #expect(without.output.contains("this report has no allocation counter"))
    }

    @Test func aMetricLostFromARunScenarioFails() throws {
        var lost = GateFigures()
        lost.dropCellsCreated = true
        lost.extraMetric = .count("cells-made", 9, unit: "cells")
        let result = try CompareFiles(report: lost).compare()
        #expect(result.status == 1)
        #expect(result.output.contains("missing: not in the report"))
        #expect(result.output.contains("cells-made"))
        #expect(result.output.contains("new"))
    }

    @Test func markdownForAJobSummary() throws {
        var regressed = GateFigures()
        regressed.frameAllocations = 1
        let result = try CompareFiles(report: regressed).compare(["--format", "markdown"])
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("## Benchmark comparison\n\n**compare FAILED"))
        #expect(result.output.contains("### Regressions"))
        #expect(
            result.output.contains(
                "| fling | frame-allocations | 0 allocations/frame | 1 allocations/frame | from 0 (exact) | **regressed"
            ))
        #expect(result.output.contains("<details><summary>All "))
    }

    @Test func badInputIsOneLineAndStatusTwo() throws {
        let files = try CompareFiles()
        try "{ not json".write(toFile: files.baseline, atomically: true, encoding: .utf8)
        var result = files.compare()
        #expect(result.status == 2)
        #expect(result.errors == "bench: error: \(files.baseline): not a JSON document\n")
        #expect(result.output.isEmpty)

        // A report given where the baseline belongs.
        try FileManager.default.removeItem(atPath: files.baseline)
        try FileManager.default.copyItem(atPath: files.report, toPath: files.baseline)
        result = files.compare()
        #expect(result.status == 2)
        #expect(result.errors.contains("this is a report, not a baseline"))

        // A baseline with a field of the wrong type.
        try Baseline(report: GateFigures().report(), name: nil).write(to: files.baseline)
        var text = try String(contentsOfFile: files.baseline, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"quick\" : true", with: "\"quick\" : \"yes\"")
        try text.write(toFile: files.baseline, atomically: true, encoding: .utf8)
        result = files.compare()
        #expect(result.status == 2)
        #expect(result.errors.hasPrefix("bench: error: \(files.baseline): source.quick: "))
        #expect(result.errors.split(separator: "\n").count == 1)

        // A missing report.
        let output = StringSink()
        let errors = StringSink()
        let app = BenchApp(
            registry: ScenarioRegistry([]), probe: NoAllocationProbe(), buildConfiguration: .release,
            environment: [:], output: output, errors: errors)
        #expect(app.run(["bench", "compare", files.baseline, files.directory + "/none.json"]) == 2)
        #expect(app.run(["bench", "compare", "a", "b", "c"]) == 2)
        #expect(errors.text.contains("unexpected argument 'c'"))
    }

    @Test func differentParametersCannotBeCompared() throws {
        var full = GateFigures()
        full.quick = false
        var result = try CompareFiles(report: full).compare()
        #expect(result.status == 2)
        #expect(result.errors.contains("the baseline comes from a quick run and the report from a full one"))
        var seeded = GateFigures()
        seeded.seed = 7
        result = try CompareFiles(report: seeded).compare()
        #expect(result.status == 2)
        #expect(result.errors.contains("seed 42 and the report with seed 7"))
    }

    @Test func thresholdsWithoutRelativeRulesAreRefused() throws {
        let files = try CompareFiles()
        try
            #"{ "schemaVersion": 1, "limits": [{ "scenario": "fling", "metric": "frames", "min": 0, "why": "a placeholder limit: an empty list is refused" }] }"#
            .write(toFile: files.thresholds, atomically: true, encoding: .utf8)
        let result = files.compare()
        #expect(result.status == 2)
        #expect(result.errors.contains("no `relative` rules"))
    }

    @Test func theCommittedRulesCoverEveryKind() throws {
        let rules = try committedThresholds()
        func judgement(_ metric: Metric, scenario: String = "fling") -> Thresholds.RelativeJudgement? {
            rules.relativeRule(scenario: scenario, metric: metric)?.judgement
        }
        #expect(
            judgement(Metric(name: "frame-instructions", kind: .instructions, unit: "i", value: 1, timing: nil))
                == .tolerance(0.01))
        #expect(judgement(.count("frame-allocations", 0, fromAllocator: true)) == .tolerance(0))
        #expect(judgement(.bytes("bytes-per-tab-1m", 9.4, fromAllocator: true)) == .tolerance(0))
        #expect(judgement(.count("cells-created", 9)) == .tolerance(0))
        #expect(judgement(.bytes("peak-resident", 1), scenario: "build") == .informational)
        #expect(judgement(.ratio("frame-growth-10m-vs-10k", 1, over: 1)) == .informational)
        #expect(judgement(.duration("frame-loop-mean", nanoseconds: 400)) == .informational)
        #expect(judgement(.timing("frame", LatencyHistogram())) == .informational)
        #expect(rules.relative.allSatisfy { $0.why != nil })
    }

    @Test(arguments: [
        (#"{"relative": 3}"#, "relative: expected an array"),
        (#"{"relative": [{"kind": "speed", "tolerance": 0}]}"#, "relative[0].kind: expected one of"),
        (#"{"relative": [{"metric": "x"}]}"#, "relative[0]: no judgement"),
        (
            #"{"relative": [{"tolerance": 0.1, "informational": true}]}"#,
            "relative[0]: give either tolerance or informational"
        ),
        (#"{"relative": [{"tolerance": 2}]}"#, "relative[0].tolerance: expected a fraction"),
        (#"{"relative": [{"tolerance": 0, "surprise": 1}]}"#, "relative[0]: unknown field \"surprise\""),
    ])
    func malformedRelativeRulesAreNamed(_ fragment: String, _ message: String) {
        let body = fragment.dropFirst().dropLast()
        let json =
            #"{"schemaVersion": 1, "limits": [{ "scenario": "fling", "metric": "frames", "min": 0, "why": "a placeholder limit: an empty list is refused" }], "#
            + body + "}"
        #expect(throws: ThresholdsError.self) { try Thresholds.parse(Data(json.utf8)) }
        do {
            _ = try Thresholds.parse(Data(json.utf8))
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    @Test func baselineSaveWritesEveryFigureAtomically() throws {
        let harness = Harness()
        #expect(harness.run(["--quick", "--output", harness.reports]) == 0)
        let path = harness.directory + "/Reports/baseline-smoke.json"
        #expect(
            harness.run([
                "baseline", "save", "--name", "smoke", "--report", harness.reports + "/latest.json",
                "--output", path,
            ]) == 0)
        #expect(harness.output.text.contains("baseline: \(path): 2 metrics"))
        #expect(harness.files(in: harness.directory + "/Reports") == ["baseline-smoke.json"])
        let baseline = try Baseline.load(path: path)
        let report = try Report.load(path: harness.reports + "/latest.json")
        #expect(baseline.name == "smoke")
        #expect(baseline.toolchain.swiftCompiler == report.environment.swiftCompiler)
        #expect(baseline.toolchain.valgrind == report.environment.valgrind)
        #expect(baseline.allocator.counter == "scripted")
        #expect(baseline.source.quick && baseline.source.seed == 42)
        #expect(baseline.metrics.map(\.metric) == report.scenarios[0].metrics)
        // The report compares cleanly with its own baseline.
        let thresholds = try CompareFiles().thresholds
        #expect(harness.run(["compare", path, harness.reports + "/latest.json", "--thresholds", thresholds]) == 0)
        #expect(Baseline.path(name: "smoke") == "Reports/baseline-smoke.json")
        #expect(Baseline.path(name: nil) == "Reports/baseline.json")
    }

    @Test func baselineSaveRefusesBadInput() throws {
        let harness = Harness()
        #expect(harness.run(["baseline", "save", "--report", harness.directory + "/none.json"]) == 2)
        #expect(harness.errors.text.contains("none.json: cannot read the report"))
        #expect(harness.run(["baseline", "save", "--name", "../etc"]) == 2)
        #expect(harness.run(["baseline", "load"]) == 2)
        var debug = Harness()
        debug.configuration = .debug
        #expect(debug.run(["--quick", "--allow-debug", "--output", debug.reports]) == 0)
        let target = debug.directory + "/baseline.json"
        #expect(debug.run(["baseline", "save", "--report", debug.reports + "/latest.json", "--output", target]) == 2)
        #expect(debug.errors.text.contains("comes from a debug build"))
        #expect(!FileManager.default.fileExists(atPath: target))
    }
}

@Suite("github-action-benchmark export")
struct GitHubActionBenchmarkTests {
    @Test func exportsSmallerIsBetterFiguresAndNoNulls() throws {
        var figures = GateFigures()
        figures.frameAllocations = nil
        let entries = GitHubActionBenchmark.entries(for: figures.report())
        let names = entries.map(\.name)
        #expect(names.contains("fling/frame p50") && names.contains("fling/frame p99"))
        #expect(names.contains("fling/frame-instructions"))
        #expect(!names.contains("fling/frame-allocations")) // null: left out, never 0
        #expect(!names.contains("fling/frame-growth-10m-vs-10k")) // a ratio
        #expect(
            entries.first { $0.name == "fling/frame p50" } == .init(name: "fling/frame p50", unit: "ns", value: 190))

        let harness = Harness()
        #expect(harness.run(["--quick", "--output", harness.reports, "--format", "github-action-benchmark"]) == 0)
        let decoded = try JSONDecoder().decode([GitHubActionBenchmark.Entry].self, from: Data(harness.output.text.utf8))
        #expect(decoded.map(\.name).contains("frames/frame-allocations"))
        #expect(harness.files(in: harness.reports).contains("github-action-benchmark.json"))
        let file = try Data(contentsOf: URL(fileURLWithPath: harness.reports + "/github-action-benchmark.json"))
        #expect(String(decoding: file, as: UTF8.self) == harness.output.text)
        guard case .array(let list)? = JSONValue.parse(file), case .object(let first)? = list.first else {
            Issue.record("not a JSON list of objects")
            return
        }
        #expect(Set(first.keys) == ["name", "unit", "value"])
    }
}

@Suite("Compare on real scenario output")
struct CompareEndToEndTests {
    static let tinyFling = FlingScenario.Parameters(titles: 2_000, frames: 600, warmUpFrames: 50)

    /// Runs the tiny fling scenario with `strategy` and returns the report's path.
    func report(_ strategy: FrameStrategyKind, in harness: Harness, as name: String) -> String {
        var harness = harness
        harness.scenarios = [Fixed(base: FlingScenario(strategy: strategy), fixed: Self.tinyFling)]
        let directory = harness.directory + "/" + name
        #expect(harness.run(["--quick", "--output", directory]) == 0, "\(harness.errors.text)")
        return directory + "/latest.json"
    }

    @Test func theEngineAgainstItsOwnBaselinePassesAndWithoutReuseFails() throws {
        let harness = Harness()
        let thresholds = try CompareFiles().thresholds
        let healthy = report(.virtualized, in: harness, as: "engine")
        let baseline = harness.directory + "/baseline.json"
        #expect(harness.run(["baseline", "save", "--report", healthy, "--output", baseline]) == 0)

        // A second run of the same code: every deterministic figure is identical.
        let again = report(.virtualized, in: harness, as: "again")
        let clean = Harness()
        #expect(clean.run(["compare", baseline, again, "--thresholds", thresholds]) == 0, "\(clean.output.text)")
        #expect(clean.output.text.contains("compare passed"))

        // The seeds' eager strip (a cell per tab): it has no reuse queue, so
        // the cell figures vanish from the report, and compare fails rather
        // than passing without them.
        let eager = report(.eager, in: harness, as: "eager")
        let gate = Harness()
        #expect(gate.run(["compare", baseline, eager, "--thresholds", thresholds]) == 1)
        let failing = gate.output.text.split(separator: "\n").filter { $0.contains("missing: not in the report") }
        #expect(failing.contains { $0.contains("cells-created ") }, "\(gate.output.text)")
        #expect(failing.contains { $0.contains("cells-reused ") })

        // More cells created than the baseline's, as reuse disabled would give.
        var baselineDocument = try Baseline.load(path: baseline)
        let index = try #require(baselineDocument.metrics.firstIndex { $0.metric.name == "cells-created" })
        let created = try #require(baselineDocument.metrics[index].metric.value)
        baselineDocument.metrics[index].metric.value = created - 1
        try baselineDocument.write(to: baseline)
        let fewer = Harness()
        #expect(fewer.run(["compare", baseline, again, "--thresholds", thresholds]) == 1)
        #expect(
            fewer.output.text.split(separator: "\n").contains {
                $0.contains("cells-created ") && $0.contains("regressed")
            })
    }
}

/// A new user's compare (issue 48 item 6): without jemalloc or HarfBuzz, an
/// unchanged tree passes against the committed baseline and against the
/// user's own earlier run, while a real regression still fails.
@Suite("Compare across allocators and without HarfBuzz")
struct NewUserCompareTests {
    static let interposer = AllocatorRecord(name: "glibc", version: "2.36", note: nil, counter: "malloc-interposer")

    @Test func anotherAllocatorShowsInstructionFiguresAsInformation() throws {
        var fallback = GateFigures()
        fallback.allocator = Self.interposer
        // An allocating phase counts other instructions under glibc.
        fallback.editInstructions *= 1.015
        let result = try CompareFiles(report: fallback).compare()
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("instruction and cache figures shown as information"))
        let row = try #require(
            result.output.split(separator: "\n").first { $0.contains("width-change-instructions-1m") })
        #expect(row.hasSuffix("info: other allocator"), "\(row)")
        // On the same allocator the same change is a regression.
        var slower = GateFigures()
        slower.editInstructions *= 1.015
        #expect(try CompareFiles(report: slower).compare().status == 1)
    }

    @Test func aShaperFigureWithoutHarfBuzzIsSkippedAsCheckSkipsIt() throws {
        func report(shaped: Bool) -> Report {
            var report = GateFigures().report()
            let mismatched = Metric.count("complete-lazy-mismatched-tabs-shaper", shaped ? 0 : nil, unit: "tabs")
            let notes = shaped ? ["shaper: HarfBuzz"] : [ScenarioResult.noShaperNotePrefix + "HarfBuzz is not linked"]
            report.scenarios.append(
                ScenarioResult(
                    name: "shaper", summary: "Shaping.", parameters: [:], durationSeconds: 1, metrics: [mismatched],
                    series: [], notes: notes))
            return report
        }
        let files = try CompareFiles()
        try Baseline(report: report(shaped: true), name: nil).write(to: files.baseline)
        try report(shaped: false).jsonData().write(to: URL(fileURLWithPath: files.report))
        let result = files.compare()
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("skipped: no HarfBuzz"))
        // With a shaper, a null figure is still missing.
        var null = report(shaped: true)
        null.scenarios[2].metrics[0].value = nil
        try null.jsonData().write(to: URL(fileURLWithPath: files.report))
        #expect(files.compare().status == 1)
    }

    @Test func theInterposersBytesGetTheirMeasuredToleranceAndItsCountsStayExact() throws {
        func figures(bytes: Double, allocations: Double = 100_012) -> GateFigures {
            var figures = GateFigures()
            figures.allocator = Self.interposer
            figures.buildAllocations = allocations
            figures.extraMetric = .bytes("bytes-per-tab-10k", bytes, unit: "bytes/tab", fromAllocator: true)
            return figures
        }
        let baseline = figures(bytes: 9.8896)
        // Two quick runs of one build without jemalloc: -0.016 %, and the
        // other way round.
        #expect(try CompareFiles(baseline: baseline, report: figures(bytes: 9.888)).compare().status == 0)
        #expect(try CompareFiles(baseline: figures(bytes: 9.888), report: baseline).compare().status == 0)
        #expect(try CompareFiles(baseline: baseline, report: figures(bytes: 10.2)).compare().status == 1)
        let counted = try CompareFiles(baseline: baseline, report: figures(bytes: 9.8896, allocations: 100_013))
        #expect(counted.compare().status == 1)
        // Under jemalloc, bytes stay exact.
        var jemalloc = GateFigures()
        jemalloc.extraMetric = .bytes("bytes-per-tab-10k", 9.8896, unit: "bytes/tab", fromAllocator: true)
        var moved = jemalloc
        moved.extraMetric = .bytes("bytes-per-tab-10k", 9.891, unit: "bytes/tab", fromAllocator: true)
        #expect(try CompareFiles(baseline: jemalloc, report: moved).compare().status == 1)
    }
}
