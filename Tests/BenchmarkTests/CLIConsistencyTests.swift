import Foundation
import TerminalText
import Testing

@testable import BenchCLI
@testable import BenchGate
@testable import BenchInstruments
@testable import BenchReports
@testable import BenchSuite

/// A scenario that records each run in a shared counter, to show a refused
/// command line ran nothing.
final class RunCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var runs = 0
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return runs
    }
    func increment() {
        lock.lock()
        runs += 1
        lock.unlock()
    }
}

struct CountingScenario: Scenario {
    struct Parameters: ScenarioParameters { var recorded: [String: ParameterValue] { [:] } }
    let counter: RunCounter
    var name: String { "counted" }
    var summary: String { "Counts its runs." }
    func parameters(for configuration: RunConfiguration) -> Parameters { Parameters() }
    func run(_ parameters: Parameters, in context: ScenarioContext) throws(ScenarioError) -> ScenarioOutput {
        counter.increment()
        var output = ScenarioOutput()
        output.add(.count("runs", 1, unit: "runs"))
        return output
    }
}

/// Issue 28 items 2, 3, 9 and 12, issue 29 items 13 and 14: the `bench`
/// command line is consistent, refuses bad output paths before any scenario
/// runs, keeps the figures of a run in which one scenario failed, and says
/// what `compare` skipped and why.
@Suite("bench CLI consistency")
struct CLIConsistencyTests {
    // MARK: --output checked before the run (issue 29 item 14, issue 28 item 12)

    @Test func aBadOutputDirectoryIsRefusedBeforeAnyScenarioRuns() throws {
        var harness = Harness()
        let counter = RunCounter()
        harness.scenarios = [CountingScenario(counter: counter)]
        let file = harness.directory + "/a-file"
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        let dangling = harness.directory + "/dangling"
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: harness.directory + "/gone")
        let cases: [(String, String)] = [
            (file, "is not a directory"),
            (file + "/sub", "is not a directory"),
            (dangling, "is a dangling symbolic link"),
            ("/proc/x", "cannot be created"),
        ]
        for (output, reason) in cases {
            let errors = StringSink()
            var app = BenchApp(
                registry: ScenarioRegistry(harness.scenarios), probe: ScriptedProbe(), buildConfiguration: .release,
                environment: [:], output: StringSink(), errors: errors)
            app.pictureTitles = 0
            #expect(app.run(["bench", "--quick", "--output", output]) == 2, "\(output)")
            #expect(errors.text.hasPrefix("bench: error: --output \(quoted(output)) "), "\(errors.text)")
            #expect(errors.text.contains(reason), "\(errors.text)")
            #expect(errors.text.split(separator: "\n").count == 1, "\(errors.text)")
        }
        #expect(counter.count == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "x")
        #expect(!FileManager.default.fileExists(atPath: harness.directory + "/gone"))
        // A directory to be created, and an existing one, are accepted.
        #expect(harness.run(["--quick", "--output", harness.directory + "/new/deeper"]) == 0, "\(harness.errors.text)")
        #expect(counter.count == 1)
    }

    // MARK: baseline save refuses to overwrite its input (issue 29 item 13)

    @Test func baselineSaveRefusesToOverwriteTheReportOrTheThresholds() throws {
        let harness = Harness()
        #expect(harness.run(["--quick", "--output", harness.reports]) == 0)
        let report = harness.reports + "/latest.json"
        let before = try Data(contentsOf: URL(fileURLWithPath: report))
        let thresholdsBefore = try Data(contentsOf: URL(fileURLWithPath: harness.thresholdsPath))
        let link = harness.directory + "/link.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: report)
        for output in [report, harness.reports + "/./latest.json", link, harness.thresholdsPath] {
            let errors = StringSink()
            let app = BenchApp(
                registry: ScenarioRegistry([]), probe: ScriptedProbe(), buildConfiguration: .release,
                environment: [:], output: StringSink(), errors: errors)
            #expect(app.run(["bench", "baseline", "save", "--report", report, "--output", output]) == 2, "\(output)")
            #expect(errors.text.hasPrefix("bench: error: --output \(quoted(output)) "), "\(errors.text)")
            #expect(errors.text.contains("refusing to overwrite it"), "\(errors.text)")
            #expect(errors.text.split(separator: "\n").count == 1)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: report)) == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: harness.thresholdsPath)) == thresholdsBefore)
        // Overwriting an existing baseline stays allowed.
        let baseline = harness.directory + "/baseline.json"
        #expect(harness.run(["baseline", "save", "--report", report, "--output", baseline]) == 0)
        #expect(harness.run(["baseline", "save", "--report", report, "--output", baseline]) == 0)
    }

    // MARK: bench check FILE (issue 28 item 12)

    @Test func checkTakesTheReportAsAPositionalArgument() throws {
        let harness = Harness()
        #expect(harness.run(["--quick", "--output", harness.reports]) == 0)
        let report = harness.reports + "/latest.json"
        #expect(harness.run(["check", report, "--thresholds", harness.thresholdsPath]) == 0, "\(harness.errors.text)")
        #expect(harness.run(["check", "--thresholds", harness.thresholdsPath, report]) == 0)
        // The old flag keeps working.
        #expect(harness.run(["check", "--report", report, "--thresholds", harness.thresholdsPath]) == 0)
        #expect(
            throws: UsageError("check: give the report once, as REPORT or --report (bench check [REPORT] [options])")
        ) {
            try CommandLineParser.parse(["check", report, "--report", report])
        }
        #expect(throws: UsageError("check: unexpected argument 'b' (bench check [REPORT] [options])")) {
            try CommandLineParser.parse(["check", "a", "b"])
        }
        var expected = CheckOptions()
        expected.report = "r.json"
        #expect(try CommandLineParser.parse(["check", "r.json"]) == .check(expected))
        #expect(Usage.text.contains("bench check [REPORT]"))
    }

    // MARK: bench list (issue 28 item 12)

    @Test func listFitsInOneHundredColumns() {
        let output = StringSink()
        let app = BenchApp(
            registry: ScenarioRegistry.standard, probe: NoAllocationProbe(), buildConfiguration: .release,
            environment: [:], output: output, errors: StringSink())
        #expect(app.run(["bench", "list"]) == 0)
        let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines { #expect(line.unicodeScalars.count <= 100, "\(line.unicodeScalars.count): \(line)") }
        // Every scenario is listed and every word of its summary shown.
        let words = Set(output.text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
        for scenario in ScenarioRegistry.standard.scenarios {
            #expect(lines.contains { $0.hasPrefix(scenario.name + " ") })
            for word in scenario.summary.split(separator: " ") { #expect(words.contains(String(word)), "\(word)") }
        }
        #expect(Usage.text.split(separator: "\n").allSatisfy { $0.unicodeScalars.count <= 100 })
    }

    // MARK: a failed scenario (issue 28 item 2)

    @Test func aFailedScenarioIsMarkedAndTheOthersAreWritten() throws {
        var harness = Harness()
        harness.scenarios = [FrameScenario(), FailingScenario()]
        #expect(harness.run(["--quick", "--output", harness.reports]) == 1)
        #expect(harness.errors.text.contains("bench: error: scenario 'broken' failed: engine refused the widths"))
        let report = try Report.load(path: harness.reports + "/latest.json")
        #expect(report.scenarios.map(\.name) == ["frames", "broken"])
        #expect(report.scenario(named: "frames")?.metric(named: "frame-allocations")?.value == 0)
        let broken = try #require(report.scenario(named: "broken"))
        #expect(broken.metrics.isEmpty)
        #expect(broken.notes.contains("FAILED: engine refused the widths"))
        #expect(report.warnings.contains("scenario 'broken' FAILED: engine refused the widths"))
        let markdown = try String(contentsOfFile: harness.reports + "/latest.md", encoding: .utf8)
        #expect(markdown.contains("scenario 'broken' FAILED: engine refused the widths"))
        // A baseline is not saved from a run with a failed scenario.
        #expect(
            harness.run([
                "baseline", "save", "--report", harness.reports + "/latest.json", "--output",
                harness.directory + "/b.json",
            ]) == 2)
        #expect(harness.errors.text.contains("scenario 'broken' failed"))
    }

    // MARK: compare after --no-instructions (issue 28 item 3)

    @Test func figuresTheUserSkippedAreSkippedNotMissing() throws {
        var report = GateFigures().report()
        for index in report.scenarios.indices {
            for m in report.scenarios[index].metrics.indices
            where report.scenarios[index].metrics[m].kind == .instructions {
                report.scenarios[index].metrics[m].value = nil
                report.scenarios[index].metrics[m].note =
                    "null: \(InstructionScenario.noInstructionsReason): instructions per frame"
            }
        }
        let files = try CompareFiles()
        try report.jsonData().write(to: URL(fileURLWithPath: files.report))
        let result = files.compare()
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("skipped: --no-instructions given"))
        #expect(!result.output.contains("missing"))
        #expect(result.output.contains("compare passed: "))

        // A null instruction figure for another reason still fails.
        report.scenarios[0].metrics[1].note = "null: valgrind not found on PATH"
        try report.jsonData().write(to: URL(fileURLWithPath: files.report))
        #expect(files.compare().status == 1)
    }

    @Test func anotherAllocationCounterSaysHowManyFiguresAreStillCompared() throws {
        var fallback = GateFigures()
        fallback.allocator = AllocatorRecord(name: "glibc", version: "2.36", note: nil, counter: "malloc-interposer")
        let result = try CompareFiles(report: fallback).compare()
        #expect(result.status == 0, "\(result.output)")
        let first = try #require(result.output.split(separator: "\n").first)
        // 9 rows: the 2 allocator figures are skipped; the timing, the ratio,
        // peak-resident and, under another allocator, the 2 instruction
        // figures are information; 2 are judged.
        #expect(first == "note: 2 of 9 figures compared (the allocators differ)", "\(result.output)")
        #expect(result.output.components(separatedBy: " of 9 figures compared").count == 2)
        let same = try CompareFiles().compare()
        #expect(!same.output.contains("figures compared"))
    }

    // MARK: github-action-benchmark (issue 28 item 9)

    @Test func theDashboardExportHoldsOnlyCosts() {
        var figures = GateFigures()
        figures.extraMetric = .count("cells-reused", 1_000, unit: "cells")
        var report = figures.report()
        report.scenarios[0].metrics += [
            .count("flings", 30, unit: "flings"), .count("fastest-release", 6_000, unit: "pt/s"),
            .count("reference-mismatches", 0, unit: "queries"), .count("visible-maximum", 9, unit: "cells"),
        ]
        let names = Set(GitHubActionBenchmark.entries(for: report).map(\.name))
        for name in ["cells-reused", "frames", "flings", "fastest-release"] {
            #expect(!names.contains("fling/" + name), "\(name)")
        }
        for name in [
            "frame p50", "frame p99", "frame-instructions", "frame-allocations", "cells-created", "peak-resident",
            "reference-mismatches", "visible-maximum",
        ] {
            #expect(names.contains("fling/" + name), "\(name)")
        }
        #expect(names.contains("edits/build-strip-allocations"))
    }
}
