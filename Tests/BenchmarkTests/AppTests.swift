import Foundation
import Testing

@testable import BenchCLI
@testable import BenchGate
@testable import BenchInstruments
@testable import BenchReports
@testable import BenchSuite

/// A probe with scripted, exact figures: every `allocationRequests()` call
/// returns the running total of what `allocate(_:)` added.
final class ScriptedProbe: AllocationProbe {
    var requests: UInt64 = 0
    var bytes: UInt64 = 0
    var allocatorName: String { "scripted" }
    var allocatorVersion: String? { "1" }
    var isAvailable: Bool { true }
    var note: String? { nil }
    func threadAllocatedBytes() -> UInt64? { bytes }
    func allocationRequests() -> UInt64? { requests }
    func allocate(_ count: Int, bytesEach: Int = 32) {
        requests += UInt64(count)
        bytes += UInt64(count * bytesEach)
    }
}

/// A fast scenario with deterministic figures for the end-to-end tests.
struct FrameScenario: Scenario {
    struct Parameters: ScenarioParameters {
        var frames: Int
        var recorded: [String: ParameterValue] { ["frames": .int(frames)] }
    }

    /// Allocations the scenario pretends each frame makes (0 when healthy).
    var allocationsPerFrame: Int = 0

    var name: String { "frames" }
    var summary: String { "Synthetic frames." }

    func parameters(for configuration: RunConfiguration) -> Parameters {
        Parameters(frames: configuration.mode == .quick ? 100 : 1_000)
    }

    func run(_ parameters: Parameters, in context: ScenarioContext) throws(ScenarioError) -> ScenarioOutput {
        var output = ScenarioOutput()
        var histogram = LatencyHistogram()
        for frame in 0..<parameters.frames { histogram.record(UInt64(1_000 + frame)) }
        output.add(.timing("frame-time", histogram))
        let probe = context.allocations
        let figures = probe.measure {
            (probe as? ScriptedProbe)?.allocate(allocationsPerFrame * parameters.frames)
        }.figures
        output.add(
            .count(
                "frame-allocations", figures.allocationsPer(parameters.frames), unit: "allocations/frame",
                fromAllocator: true))
        output.add(
            Series(
                name: "frame time", strategy: "synthetic", xUnit: "tabs", yUnit: "ns",
                points: [SeriesPoint(x: 10, y: 1_000), SeriesPoint(x: 100, y: 1_100)]))
        context.reportProgress(1)
        return output
    }
}

struct FailingScenario: Scenario {
    struct Parameters: ScenarioParameters { var recorded: [String: ParameterValue] { [:] } }
    var name: String { "broken" }
    var summary: String { "Always fails." }
    func parameters(for configuration: RunConfiguration) -> Parameters { Parameters() }
    func run(_ parameters: Parameters, in context: ScenarioContext) throws(ScenarioError) -> ScenarioOutput {
        throw ScenarioError("engine refused the widths")
    }
}

let frameThresholds = """
    { "schemaVersion": 1, "limits": [
      { "scenario": "frames", "metric": "frame-allocations", "equals": 0 },
      { "scenario": "frames", "metric": "frame-time", "statistic": "p99", "max": 5000 }
    ] }
    """

struct Harness {
    let directory = temporaryDirectory("app")
    let output = StringSink()
    let errors = StringSink()
    var probe: any AllocationProbe = ScriptedProbe()
    var configuration = BuildConfiguration.release
    var environment: [String: String] = [:]
    var scenarios: [any Scenario] = [FrameScenario()]

    var thresholdsPath: String { directory + "/thresholds.json" }
    var reports: String { directory + "/reports" }
    /// Where a run without `--output` writes (the app's default, injected).
    var defaultReports: String { directory + "/default/bench-reports" }

    init() {
        try? frameThresholds.write(toFile: directory + "/thresholds.json", atomically: true, encoding: .utf8)
    }

    func run(_ arguments: [String], sources: SourceRecord? = nil) -> Int32 {
        var app = BenchApp(
            registry: ScenarioRegistry(scenarios), probe: probe, buildConfiguration: configuration,
            environment: environment, output: output, errors: errors)
        app.pictureTitles = 1_000
        app.defaultOutputDirectory = defaultReports
        app.baselinePath = directory + "/baseline.json"
        if let sources { app.sources = { sources } }
        return app.run(["bench"] + arguments)
    }

    func files(in path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }
}

@Suite("bench end to end")
struct AppTests {
    @Test func aRunWritesEveryReportAndPassesTheCheck() throws {
        let harness = Harness()
        let status = harness.run([
            "--quick", "--output", harness.reports, "--check", "--thresholds", harness.thresholdsPath,
        ])
        #expect(status == 0, "\(harness.errors.text)")
        #expect(
            harness.files(in: harness.reports) == [
                "latency-percentiles.svg", "latest.json", "latest.md", "scaling.svg",
                "strip-drag.svg", "strip-fling.svg",
            ])
        let report = try Report.load(path: harness.reports + "/latest.json")
        #expect(report.run.quick && report.run.seed == 42)
        #expect(report.environment.arguments.last == harness.thresholdsPath)
        #expect(report.scenario(named: "frames")?.metric(named: "frame-allocations")?.value == 0)
        #expect(report.scenario(named: "frames")?.parameters["frames"] == .int(100))
        #expect(harness.output.text.contains("frames    frame-time"))
        #expect(harness.output.text.contains("check passed: 2 of 2 limits met"))
        #expect(harness.errors.text.contains("[1/1] frames ..."))
        let markdown = try String(contentsOfFile: harness.reports + "/latest.md", encoding: .utf8)
        #expect(markdown.contains("| frames | frame-allocations | 0 allocations/frame |"))
        #expect(markdown.contains("![A pager drag, frame by frame](strip-drag.svg)"))
        #expect(markdown.contains("![One fast fling](strip-fling.svg)"))
        for picture in StripPictures.fileNames {
            let svg = try String(contentsOfFile: harness.reports + "/" + picture, encoding: .utf8)
            #expect(SVGCollector.parse(svg).ok, "\(picture)")
        }
    }

    @Test func aRunWithoutOutputLeavesTheCommittedReportAlone() throws {
        // The default is outside the tracked files, and the first line says where.
        guard case .run(let options) = try CommandLineParser.parse(["--quick"]) else {
            Issue.record("not a run")
            return
        }
        #expect(options.output == nil)
        #expect(RunOptions.defaultOutput == ".build/bench-reports")
        let harness = Harness()
        let committed = harness.directory + "/Reports"
        try FileManager.default.createDirectory(atPath: committed, withIntermediateDirectories: true)
        #expect(harness.run(["--quick", "--thresholds", harness.thresholdsPath]) == 0, "\(harness.errors.text)")
        #expect(harness.files(in: committed).isEmpty)
        #expect(harness.files(in: harness.defaultReports).contains("latest.md"))
        let first = harness.errors.text.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("bench: the reports go to \(harness.defaultReports)/"), "\(first)")
        #expect(first.contains("`bench --output Reports` regenerates the committed report"))
        // `check` reads the last run by default; `--output Reports` is the deliberate way.
        #expect(CheckOptions().report == ".build/bench-reports/latest.json")
        #expect(
            CompareOptions().report == CheckOptions().report && BaselineSaveOptions().report == CheckOptions().report)
        #expect(CompareOptions().baseline == "Reports/baseline.json")
        let deliberate = Harness()
        #expect(deliberate.run(["--quick", "--output", deliberate.reports]) == 0)
        #expect(deliberate.errors.text.hasPrefix("bench: the reports go to '\(deliberate.reports)'/"))
        #expect(deliberate.files(in: deliberate.defaultReports).isEmpty)
    }

    @Test func aDeliberatelyRegressedMetricFailsTheCheck() throws {
        var harness = Harness()
        harness.scenarios = [FrameScenario(allocationsPerFrame: 2)]
        let status = harness.run([
            "--quick", "--output", harness.reports, "--check", "--thresholds", harness.thresholdsPath,
        ])
        #expect(status == 1)
        #expect(harness.output.text.contains("frame-allocations  = 0 allocations/frame  2 allocations/frame  FAIL"))
        #expect(harness.output.text.contains("check FAILED: 1 of 2 limits met, 1 broken"))
        // The reports are still written, verdicts included.
        let markdown = try String(contentsOfFile: harness.reports + "/latest.md", encoding: .utf8)
        #expect(markdown.contains("**FAIL**"))
        // `bench check` on the written report agrees.
        let again = Harness()
        #expect(
            again.run(["check", "--report", harness.reports + "/latest.json", "--thresholds", again.thresholdsPath])
                == 1)
    }

    @Test func checkSubcommandOnAHandEditedReport() throws {
        let harness = Harness()
        #expect(harness.run(["--quick", "--output", harness.reports]) == 0)
        let path = harness.reports + "/latest.json"
        #expect(harness.run(["check", "--report", path, "--thresholds", harness.thresholdsPath]) == 0)
        var report = try Report.load(path: path)
        report.scenarios[0].metrics[0].timing?.p99 = 9_999
        try report.jsonData().write(to: URL(fileURLWithPath: path))
        let output = StringSink()
        let app = BenchApp(
            registry: ScenarioRegistry([]), probe: NoAllocationProbe(), buildConfiguration: .release,
            environment: [:], output: output, errors: StringSink())
        #expect(app.run(["bench", "check", "--report", path, "--thresholds", harness.thresholdsPath]) == 1)
        #expect(output.text.contains("frame-time p99     <= 5 µs"))
        #expect(output.text.contains("FAIL"))
    }

    @Test func withoutJemallocFiguresAreNullAndTheCheckSaysSo() throws {
        var harness = Harness()
        harness.probe = NoAllocationProbe()
        #expect(
            harness.run(["--quick", "--output", harness.reports, "--check", "--thresholds", harness.thresholdsPath])
                == 0)
        #expect(harness.output.text.contains("skipped (no jemalloc)"))
        #expect(harness.output.text.contains("purge-cache"))
        let json = try String(contentsOfFile: harness.reports + "/latest.json", encoding: .utf8)
        #expect(json.contains("\"name\" : \"none\""))
        let report = try Report.load(path: harness.reports + "/latest.json")
        #expect(report.scenarios[0].metric(named: "frame-allocations")?.value == nil)
        #expect(report.warnings.contains { $0.hasPrefix("no allocator figures") })

        let strict = Harness()
        let path = harness.reports + "/latest.json"
        #expect(
            strict.run(["check", "--report", path, "--thresholds", strict.thresholdsPath, "--require-allocations"]) == 1
        )
        #expect(strict.output.text.contains("FAIL (no jemalloc)"))
        var demanding = Harness()
        demanding.environment = ["TABSTRIP_JEMALLOC": "1"]
        #expect(demanding.run(["check", "--report", path, "--thresholds", demanding.thresholdsPath]) == 1)
    }

    @Test func jemallocDemandedButNotLinkedIsAClearFailure() {
        var harness = Harness()
        harness.probe = NoAllocationProbe()
        harness.environment = ["TABSTRIP_JEMALLOC": "1"]
        #expect(harness.run(["--quick", "--output", harness.reports]) == 1)
        #expect(harness.errors.text.contains("TABSTRIP_JEMALLOC=1 but this bench was built without jemalloc"))
        #expect(harness.files(in: harness.reports).isEmpty)
    }

    @Test func debugBuildsRefuseUnlessAllowedAndAreMarked() throws {
        var harness = Harness()
        harness.configuration = .debug
        #expect(harness.run(["--quick", "--output", harness.reports]) == 2)
        #expect(harness.errors.text.contains("debug build"))
        #expect(harness.files(in: harness.reports).isEmpty)
        #expect(harness.run(["--quick", "--allow-debug", "--output", harness.reports]) == 0)
        #expect(harness.output.text.hasPrefix("!!! DEBUG BUILD"))
        let report = try Report.load(path: harness.reports + "/latest.json")
        #expect(report.environment.buildConfiguration == .debug)
        #expect(report.warnings.first?.hasPrefix("DEBUG BUILD") == true)
        let markdown = try String(contentsOfFile: harness.reports + "/latest.md", encoding: .utf8)
        #expect(markdown.contains("**WARNING: DEBUG BUILD"))
        let svg = try String(contentsOfFile: harness.reports + "/scaling.svg", encoding: .utf8)
        #expect(svg.contains("DEBUG BUILD"))
        let checker = Harness()
        let path = harness.reports + "/latest.json"
        #expect(checker.run(["check", "--report", path, "--thresholds", checker.thresholdsPath]) == 2)
        #expect(checker.run(["check", "--report", path, "--thresholds", checker.thresholdsPath, "--allow-debug"]) == 0)
    }

    @Test func formatsOnStandardOutput() throws {
        let json = Harness()
        #expect(json.run(["--quick", "--output", json.reports, "--format", "json"]) == 0)
        let fromStdout = try Report.decode(Data(json.output.text.utf8))
        #expect(fromStdout == (try Report.load(path: json.reports + "/latest.json")))
        let markdown = Harness()
        #expect(
            markdown.run([
                "--quick", "--output", markdown.reports, "--format", "markdown", "--check",
                "--thresholds", markdown.thresholdsPath,
            ]) == 0)
        #expect(markdown.output.text.hasPrefix("# TabStrip benchmark report"))
        #expect(markdown.errors.text.contains("check passed")) // the table goes to stderr, stdout stays markdown
    }

    @Test func filtersSelectScenarios() throws {
        var harness = Harness()
        harness.scenarios = [FrameScenario(), FailingScenario()]
        #expect(harness.run(["--quick", "--output", harness.reports, "--filter", "nothing"]) == 2)
        #expect(harness.errors.text.contains("--filter: no scenario matches nothing (scenarios: frames, broken)"))
        #expect(harness.run(["--quick", "--output", harness.reports, "--filter", "fram"]) == 0)
        let report = try Report.load(path: harness.reports + "/latest.json")
        #expect(report.scenarios.map(\.name) == ["frames"])
        #expect(report.run.filter == ["fram"])
    }

    @Test func aFailingScenarioFailsTheRun() {
        // The report is still written, the failure marked in it (see
        // CLIConsistencyTests.aFailedScenarioIsMarkedAndTheOthersAreWritten).
        var harness = Harness()
        harness.scenarios = [FrameScenario(), FailingScenario()]
        #expect(harness.run(["--quick", "--output", harness.reports]) == 1)
        #expect(harness.errors.text.contains("bench: error: scenario 'broken' failed: engine refused the widths"))
        #expect(harness.files(in: harness.reports).contains("latest.json"))
    }

    @Test func badThresholdsOrReportFilesAreInputErrors() throws {
        let harness = Harness()
        #expect(harness.run(["--quick", "--check", "--thresholds", harness.directory + "/none.json"]) == 2)
        #expect(harness.errors.text.contains("none.json: cannot read the thresholds"))
        try "{}".write(toFile: harness.directory + "/bad.json", atomically: true, encoding: .utf8)
        #expect(
            harness.run(["check", "--report", harness.directory + "/bad.json", "--thresholds", harness.thresholdsPath])
                == 2)
        #expect(harness.errors.text.contains("bad.json: schemaVersion: missing"))
    }

    @Test func workloadThenReplayRoundTrip() throws {
        let harness = Harness()
        let workload = harness.directory + "/workload"
        #expect(harness.run(["workload", "--titles", "500", "--seed", "3", "--out", workload, "--frames", "300"]) == 0)
        #expect(harness.files(in: workload) == ["offsets.txt", "random-offsets.txt", "titles.tsv", "widths.txt"])
        let ranges = harness.directory + "/ranges.txt"
        #expect(
            harness.run([
                "replay", "--widths", workload + "/widths.txt", "--offsets", workload + "/offsets.txt",
                "--viewport", "390", "--ranges-out", ranges,
            ]) == 0)
        #expect(
            harness.output.text.contains(
                "replay: 500 tabs, 300 offsets, viewport 390 pt, index: TabStripCore.TabWidths"))
        // The whole-pass figure, on its own line in exactly this form, and
        // the finger-search passes agreeing with the plain queries.
        let passLines = harness.output.text.split(separator: "\n").filter { $0.hasPrefix("pass: ") }
        #expect(passLines.count == 1)
        if let line = passLines.first {
            let parts = line.split(separator: " ")
            #expect(parts.count == 7 && parts[2] == "ns/query" && line.hasSuffix(" ns/query (best of 5 passes)"))
            #expect(
                parts.count > 1 && Double(parts[1]).map { $0 > 0 } == true
                    && parts[1].split(separator: ".").last?.count == 1)
        }
        #expect(harness.output.text.contains("finger pass: ") && harness.output.text.contains("same ranges"))
        let widths = try NumberFile.load(path: workload + "/widths.txt", domain: .widths)
        let offsets = try NumberFile.load(path: workload + "/offsets.txt", domain: .offsets)
        let lines = try String(contentsOfFile: ranges, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == offsets.count)
        for (line, offset) in zip(lines, offsets) {
            let expected =
                ReplayTests.reference(widths, offset, 390).map { "\($0.lowerBound) \($0.upperBound - 1)" } ?? "-1 -1"
            #expect(String(line) == expected)
        }
    }

    @Test(arguments: [
        ("widths", "1\n2\nx\n", "3: not a number: 'x'"),
        ("widths", "1\n-2\n", "2: negative width -2: widths must be >= 0"),
        ("widths", "", "1: empty file: expected one width per line"),
        ("offsets", "1\n\n", "2: blank line: expected an offset"),
        ("offsets", "5\ninf\n", "2: offset is infinite"),
    ])
    func malformedReplayInputsWriteNothing(_ which: String, _ content: String, _ message: String) throws {
        let harness = Harness()
        let widths = harness.directory + "/widths.txt"
        let offsets = harness.directory + "/offsets.txt"
        try (which == "widths" ? content : "10\n20\n").write(toFile: widths, atomically: true, encoding: .utf8)
        try (which == "offsets" ? content : "0\n5\n").write(toFile: offsets, atomically: true, encoding: .utf8)
        let ranges = harness.directory + "/ranges.txt"
        #expect(
            harness.run([
                "replay", "--widths", widths, "--offsets", offsets, "--viewport", "10",
                "--ranges-out", ranges,
            ]) == 2)
        let file = which == "widths" ? widths : offsets
        #expect(harness.errors.text == "bench: error: \(file):\(message)\n")
        #expect(!FileManager.default.fileExists(atPath: ranges))
        #expect(harness.output.text.isEmpty)
    }

    @Test func replayRefusesDebugBuildsUnlessAllowed() throws {
        var harness = Harness()
        harness.configuration = .debug
        let widths = harness.directory + "/w.txt"
        let offsets = harness.directory + "/o.txt"
        try "10\n".write(toFile: widths, atomically: true, encoding: .utf8)
        try "0\n".write(toFile: offsets, atomically: true, encoding: .utf8)
        #expect(harness.run(["replay", "--widths", widths, "--offsets", offsets, "--viewport", "5"]) == 2)
        #expect(
            harness.run(["replay", "--widths", widths, "--offsets", offsets, "--viewport", "5", "--allow-debug"]) == 0)
        #expect(harness.output.text.contains("DEBUG BUILD"))
    }

    @Test func selfCheckUsesTheProbe() {
        let scripted = Harness()
        // The scripted probe sees no allocations, so it cannot count the objects.
        #expect(scripted.run(["self-check"]) == 1)
        #expect(scripted.output.text.contains("self-check FAILED"))
        var none = Harness()
        none.probe = NoAllocationProbe()
        #expect(none.run(["self-check"]) == 1)
        #expect(none.errors.text.contains("self-check needs allocator figures"))
    }

    @Test func listAndHelp() {
        let harness = Harness()
        #expect(harness.run(["list"]) == 0)
        #expect(harness.output.text.contains("frames    Synthetic frames."))
        let help = Harness()
        #expect(help.run(["--help"]) == 0)
        #expect(help.output.text.contains("USAGE"))
    }

    @Test func theStandardRegistryRunsEndToEndQuickly() throws {
        // The real harness scenarios, at quick sizes, with the allocation-free
        // probe (the test process has no jemalloc statistics of its own).
        var harness = Harness()
        harness.probe = NoAllocationProbe()
        harness.scenarios = [HarnessOverheadScenario()]
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Reports/thresholds.json").path
        #expect(harness.run(["--quick", "--output", harness.reports, "--filter", "harness-overhead"]) == 0)
        let report = try Report.load(path: harness.reports + "/latest.json")
        // Every checked-in limit of the scenario names a metric it produces
        // (timings are not judged here: this is a debug build).
        let outcome = ThresholdChecker.check(
            report, against: try Thresholds.load(path: root), requireAllocations: false)
        let rows = outcome.rows.filter { $0.scenario == "harness-overhead" }
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { $0.verdict != .missing && $0.verdict != .null }, "\(outcome.textTable())")
        #expect(rows.contains { $0.verdict == .noAllocatorData(required: false) })
        let scenario = try #require(report.scenario(named: "harness-overhead"))
        #expect(scenario.metric(named: "histogram-record-allocations")?.value == nil)
        #expect(scenario.metric(named: "clock-read")?.timing?.count == 200_000)
    }
}

@Suite("Atomic files")
struct AtomicFileTests {
    @Test func writesReplaceAndLeaveNoTemporaries() throws {
        let directory = temporaryDirectory()
        let path = directory + "/nested/file.txt"
        try AtomicFileSet.write("first", to: path)
        try AtomicFileSet.write("second", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/nested") == ["file.txt"])
    }

    @Test func aDiscardedSetLeavesTheOldFiles() throws {
        let directory = temporaryDirectory()
        try AtomicFileSet.write("old", to: directory + "/a.txt")
        var set = AtomicFileSet()
        try set.stage(Data("new".utf8), at: directory + "/a.txt")
        try set.stage(Data("new".utf8), at: directory + "/b.txt")
        #expect(try String(contentsOfFile: directory + "/a.txt", encoding: .utf8) == "old")
        set.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["a.txt"])
    }

    @Test func unwritableDestinationsAreReported() {
        #expect(throws: FileError.self) { try AtomicFileSet.write("x", to: "/proc/forbidden/dir/file.txt") }
    }
}

@Suite("Progress bar")
struct ProgressBarTests {
    @Test func drawsOnlyOnATerminalAfterTheDelay() {
        let terminal = StringSink(isTerminal: true)
        let bar = ProgressBar(sink: terminal, label: "fling", delaySeconds: 0)
        bar.update(0.5)
        #expect(terminal.text.hasPrefix("\r  [###############...............] 50% fling "))
        bar.finish()
        #expect(terminal.text.hasSuffix("\r\u{1B}[K"))

        let pipe = StringSink(isTerminal: false)
        let quiet = ProgressBar(sink: pipe, label: "fling", delaySeconds: 0)
        quiet.update(0.5)
        quiet.finish()
        #expect(pipe.text.isEmpty)

        let early = StringSink(isTerminal: true)
        let waiting = ProgressBar(sink: early, label: "fling", delaySeconds: 3_600)
        waiting.update(0.5)
        waiting.finish()
        #expect(early.text.isEmpty)
    }
}
