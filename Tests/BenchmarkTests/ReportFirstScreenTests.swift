import Foundation
import TabStripTestSupport
import Testing

@testable import BenchCLI
@testable import BenchGate
@testable import BenchInstruments
@testable import BenchReports
@testable import BenchSuite

/// A report shaped like a real run's: the headline figures, a harness
/// overhead scenario, one single-sample timing, and instruction figures
/// counted or skipped.
func firstScreenReport(instructionNote: String? = nil, load: LoadRecord? = nil) -> Report {
    var report = sampleReport()
    report.scenarios[0].metrics += [
        .count("visible-maximum", 9, unit: "cells"),
        Metric(
            name: "first-frame", kind: .timing, unit: "ns", value: nil,
            timing: TimingSummary(
                count: 1, min: 7_250, mean: 7_250, p50: 7_250, p90: 7_250, p99: 7_250,
                p999: 7_250, max: 7_250)),
    ]
    report.scenarios[0].metrics[3] = .count("frame-allocations", 0, unit: "allocations/frame", fromAllocator: true)
    report.scenarios[0].metrics[4] = .count("cells-created", 9, unit: "cells")
    let counted = instructionNote == nil
    let instructions = ScenarioResult(
        name: "instructions", summary: "Instructions.", parameters: [:], durationSeconds: 3,
        metrics: [
            .instructions("fling-frame", counted ? 965 : nil, unit: "instructions/frame", note: instructionNote),
            .instructions("jump-frame", counted ? 6_888 : nil, unit: "instructions/frame", note: instructionNote),
            .instructions("pager-frame", counted ? 1_748 : nil, unit: "instructions/frame", note: instructionNote),
            .instructions("fling-frame-growth-1m-vs-10k", counted ? 1.05 : nil, unit: "x", note: instructionNote),
        ], series: [], notes: [])
    let harness = ScenarioResult(
        name: "harness-overhead", summary: "The instruments.", parameters: [:], durationSeconds: 1,
        metrics: [
            .count("histogram-record-allocations", 0, unit: "allocations", fromAllocator: true),
            .duration("clock-read-mean", nanoseconds: 30),
        ], series: [], notes: [])
    report.scenarios = [harness] + report.scenarios + [instructions]
    report.environment.load = load
    return report
}

/// The lines of the section of `markdown` headed `## title`.
func section(_ title: String, of markdown: String) -> [Substring] {
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(of: Substring("## " + title)) else { return [] }
    let rest = lines[(start + 1)...]
    let end = rest.firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
    return Array(lines[(start + 1)..<end])
}

@Suite("Report: the first screen")
struct ReportFirstScreenTests {
    static let limits = """
        { "schemaVersion": 1, "limits": [
          { "scenario": "fling", "metric": "frame-allocations", "equals": 0 },
          { "scenario": "instructions", "metric": "fling-frame", "max": 1000 }
        ] }
        """

    @Test func theFirstScreenAnswersIsItFine() throws {
        let report = firstScreenReport(
            load: LoadRecord(loadAverageAtStart: 1.5, loadAverageAtEnd: 3.25, cpuSeconds: 70, wallSeconds: 80))
        let outcome = ThresholdChecker.check(report, against: try thresholds(Self.limits), requireAllocations: false)
        let markdown = MarkdownReport.render(report, check: outcome)
        let first = markdown.split(separator: "\n", omittingEmptySubsequences: false).prefix(40)
            .joined(separator: "\n")
        #expect(first.contains("**Verdict: check passed: 2 of 2 limits met"), "\(first)")
        #expect(first.contains("| instructions per fling / jump / pager frame | 965 / 6,888 / 1,748 |"), "\(first)")
        #expect(first.contains("| allocations per fling / jump / pager frame | 0 / — / — |"), "\(first)")
        #expect(first.contains("| cells created / the visible maximum (fling) | 9 / 9 |"), "\(first)")
        #expect(first.contains("| instruction growth per fling frame, 10k to 1M tabs | 1.05× |"), "\(first)")
        #expect(first.contains("load average 1.5 at the start, 3.2 at the end, on 2 logical cores"), "\(first)")
        #expect(first.contains("70.00 s of CPU in 80.00 s of wall time (88 %"), "\(first)")
        #expect(first.contains("**The machine was busier than its cores"), "\(first)")
        #expect(first.contains("No baseline to compare with"), "\(first)")
    }

    @Test func skippedFiguresAreOneLineWithTheTrueReasonNeverRowsOfNull() throws {
        for (note, reason) in [
            ("null: " + InstructionScenario.noInstructionsReason, "4 instruction figures: skipped (--no-instructions)"),
            // As the instruction pass writes it: the reason, then what the figure counts.
            (
                "null: " + InstructionScenario.noInstructionsReason + ": a fling frame at 10,000 tabs",
                "4 instruction figures: skipped (--no-instructions)"
            ),
            (
                "null: valgrind not found on PATH (apt-get install valgrind)",
                "4 instruction figures: skipped (valgrind not installed)"
            ),
        ] {
            let report = firstScreenReport(instructionNote: note)
            let outcome = ThresholdChecker.check(
                report, against: try thresholds(Self.limits), requireAllocations: false)
            let markdown = MarkdownReport.render(report, check: outcome)
            let lines = markdown.split(separator: "\n")
            #expect(lines.prefix(40).contains { $0 == "- \(reason)" }, "\(markdown)")
            #expect(!lines.contains { $0.hasPrefix("|") && $0.contains("| null") }, "\(markdown)")
            #expect(lines.filter { $0.contains("skipped (") && $0.hasPrefix("- ") }.count == 1)
            // The empty timing metric (no samples) is one line too, not a row.
            #expect(lines.contains("- 1 `fling` figure: not measured (no reason recorded)"), "\(markdown)")
        }
    }

    @Test func aSingleSampleIsShownOnceAndTheHarnessHasItsOwnSection() throws {
        let markdown = MarkdownReport.render(firstScreenReport(), check: nil)
        let row = section("Timing", of: markdown).first { $0.contains("| first-frame |") }
        #expect(row == "| fling | first-frame | 1 | 7.25 µs |  |  |  |  |  |", "\(row ?? "")")
        #expect(!section("Allocations", of: markdown).contains { $0.contains("harness-overhead") })
        #expect(!section("Other figures", of: markdown).contains { $0.contains("harness-overhead") })
        let harness = section("Harness overhead", of: markdown)
        #expect(harness.contains { $0.contains("| histogram-record-allocations | 0 allocations |") }, "\(markdown)")
        #expect(harness.contains { $0.contains("| clock-read-mean | 30 ns |") })
    }

    @Test func theHeadlineFiguresAreComparedWithTheNamedBaseline() throws {
        let report = firstScreenReport()
        var before = report
        before.scenarios[3].metrics[0].value = 1_000
        let baseline = Baseline(report: before, name: nil, savedAt: Date(timeIntervalSince1970: 0))
        let reference = MarkdownReport.BaselineReference(path: "Reports/baseline.json", baseline: .success(baseline))
        let markdown = MarkdownReport.render(report, check: nil, baseline: reference)
        let first = markdown.split(separator: "\n").prefix(40).joined(separator: "\n")
        #expect(
            first.contains(
                "| instructions per fling / jump / pager frame | 965 / 6,888 / 1,748 | 1,000 / 6,888 / 1,748 "
                    + "| -3.5 % / same / same |"), "\(first)")
        #expect(first.contains("Baseline: `Reports/baseline.json` (saved 1970-01-01T00:00:00Z at commit aaaaaaaaaaaa"))
        #expect(first.contains("1 of"), "\(first)")
        #expect(first.contains("(instructions fling-frame)"), "\(first)")
        let broken = MarkdownReport.BaselineReference(
            path: "b.json", baseline: .failure(.invalid("b.json: not JSON")))
        #expect(MarkdownReport.render(report, check: nil, baseline: broken).contains("Baseline `b.json` not compared"))
    }

    @Test func theLoadIsRecordedInTheEnvironmentAndOlderReportsStillRead() throws {
        let report = firstScreenReport(
            load: LoadRecord(loadAverageAtStart: nil, loadAverageAtEnd: 0.5, cpuSeconds: nil, wallSeconds: 2))
        let data = try report.jsonData()
        #expect(ReportSchema.validate(data) == [])
        #expect(try Report.decode(data) == report)
        let older = try firstScreenReport().jsonData()
        guard case .object(var root)? = JSONValue.parse(older) else {
            Issue.record("not an object")
            return
        }
        ReportTests.environment(&root) { $0["load"] = nil }
        #expect(ReportSchema.validate(.object(root)) == [])
        #expect(LoadRecord.currentLoadAverage() != nil)
        #expect((LoadRecord.currentCPUSeconds() ?? -1) >= 0)
    }

    /// Random subsets of figures go missing: none is ever printed as a
    /// `null` row, and the "not measured" lines account for every one.
    @Test func everyMissingFigureIsCountedOnceInTheNotMeasuredLines() throws {
        let seed = TestSeed.value(default: 28)
        var random = SeededGenerator(seed: seed)
        for round in 0..<200 {
            var report = firstScreenReport(instructionNote: round % 3 == 0 ? "null: --no-instructions was given" : nil)
            var missing = report.scenarios.flatMap(\.metrics).filter(MarkdownReport.isNull).count
            for scenario in report.scenarios.indices {
                for metric in report.scenarios[scenario].metrics.indices where random.next(below: 4) == 0 {
                    if MarkdownReport.isNull(report.scenarios[scenario].metrics[metric]) { continue }
                    report.scenarios[scenario].metrics[metric].value = nil
                    report.scenarios[scenario].metrics[metric].timing = nil
                    missing += 1
                }
            }
            let markdown = MarkdownReport.render(report, check: nil)
            let lines = markdown.split(separator: "\n")
            #expect(!lines.contains { $0.hasPrefix("|") && $0.contains("null") }, "seed \(seed) round \(round)")
            let counted = section("Is it fine?", of: markdown).compactMap { line -> Int? in
                guard line.hasPrefix("- ") else { return nil }
                return Int(line.dropFirst(2).prefix { $0.isNumber })
            }.reduce(0, +)
            #expect(counted == missing, "seed \(seed) round \(round): \(counted) counted, \(missing) missing")
        }
    }
}
