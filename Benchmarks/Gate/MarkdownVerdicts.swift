import BenchInstruments
import BenchReports
import BenchSuite

/// The gate's part of `latest.md`: the first screen ("is it fine?": the verdict and the headline figures against the
/// baseline), the verdicts per scenario and the table of every limit.
extension MarkdownReport {
    /// The baseline the first screen compares the headline figures with: `Reports/baseline.json` by default, when it
    /// exists.
    package struct BaselineReference: Sendable {
        package var path: String
        package var baseline: Result<Baseline, ReportError>

        package init(path: String, baseline: Result<Baseline, ReportError>) {
            (self.path, self.baseline) = (path, baseline)
        }
    }

    /// The markdown for `report`, with the threshold verdicts when a check was made (`check`) or why none was
    /// (`checkNote`); `stripPictures` links `strip-drag.svg` and `strip-fling.svg` (written beside it); `baseline` is
    /// what the first screen compares the headline figures with (`nil`: no baseline file).
    package static func render(
        _ report: Report, check: CheckOutcome?, checkNote: String? = nil,
        stripPictures: Bool = false, baseline: BaselineReference? = nil
    ) -> String {
        var text = "# TabStrip benchmark report\n\n"
        for warning in report.warnings { text += "> **WARNING: \(warning)**\n\n" }
        text += firstScreen(report, check: check, checkNote: checkNote, baseline: baseline)
        text += runSection(report)
        text += summarySection(report, check: check)
        text += figureSections(report)
        text += thresholdSection(report, check: check, checkNote: checkNote)
        text += chartSection(report, stripPictures: stripPictures)
        text += notesSection(report)
        text += "Schema: `latest.json` follows [SCHEMA.md](SCHEMA.md) version \(report.schemaVersion).\n"
        return text
    }

    /// One headline figure: a label and the figures it shows side by side.
    package struct Headline {
        package var label: String
        package var figures: [(scenario: String, metric: String)]
    }

    package static let headlines = [
        Headline(
            label: "instructions per fling / jump / pager frame",
            figures: [("instructions", "fling-frame"), ("instructions", "jump-frame"), ("instructions", "pager-frame")]),
        Headline(
            label: "allocations per fling / jump / pager frame",
            figures: [("fling", "frame-allocations"), ("jump", "frame-allocations"), ("pager", "frame-allocations")]),
        Headline(
            label: "cells created / the visible maximum (fling)",
            figures: [("fling", "cells-created"), ("fling", "visible-maximum")]),
        Headline(
            label: "instruction growth per fling frame, 10k to 1M tabs",
            figures: [("instructions", "fling-frame-growth-1m-vs-10k")]),
        Headline(
            label: "flat prefix-sum index vs the engine, per width change at 1M tabs",
            figures: [("strategies", "flat-vs-tabwidths-edit-1m")]),
    ]

    /// "Is it fine?": the verdict, the headline figures against the baseline, the machine's load, and one line per
    /// group of figures that were not measured, with the reason.
    package static func firstScreen(
        _ report: Report, check: CheckOutcome?, checkNote: String?, baseline: BaselineReference?
    ) -> String {
        var text = "## Is it fine?\n\n"
        if let check {
            text += "**Verdict: \(check.verdictLine)** (limits of the thresholds file, listed under Thresholds).\n"
        } else {
            text += "**Verdict: not checked** — \(checkNote ?? "no thresholds were checked").\n"
        }
        for failed in report.failedScenarios {
            text += "\n**Scenario `\(failed.name)` FAILED**: \(failed.failure ?? "")\n"
        }
        text += "\n"
        let loaded = try? baseline?.baseline.get()
        var table = MarkdownTable(
            headers: loaded == nil
                ? ["headline figure", "this run"] : ["headline figure", "this run", "baseline", "change"],
            rightAligned: loaded == nil ? [1] : [1, 2, 3])
        for headline in headlines {
            let now = headline.figures.map { report.scenario(named: $0.scenario)?.metric(named: $0.metric) }
            var row = [headline.label, now.map(headlineValue).joined(separator: " / ")]
            if let loaded {
                let before = headline.figures.map { loaded.entry(scenario: $0.scenario, metric: $0.metric)?.metric }
                row.append(before.map(headlineValue).joined(separator: " / "))
                row.append(
                    zip(before, now).map { change(from: $0, to: $1, baseline: loaded, report: report) }
                        .joined(separator: " / "))
            }
            table.add(row)
        }
        text += table.render() + "\n"
        text += baselineLine(report, baseline: baseline, loaded: loaded) + "\n\n"
        text += loadLine(report) + "\n\n"
        let skipped = skippedLines(report)
        if !skipped.isEmpty { text += "Not measured in this run:\n\n" + skipped.map { "- \($0)\n" }.joined() + "\n" }
        return text
    }

    /// The change of one figure against the baseline: `+1.2 %`, `same`, or why it is not compared.
    package static func change(from before: Metric?, to now: Metric?, baseline: Baseline, report: Report) -> String {
        guard let before, let now else { return "—" }
        if now.fromAllocator, baseline.allocator.counter != report.environment.allocator.counter {
            return "other counter"
        }
        if now.kind == .instructions, baseline.toolchain.differs(from: report.environment) { return "other toolchain" }
        guard let old = before.value, let new = now.value else { return "—" }
        if old == new { return "same" }
        guard old != 0 else { return "was 0" }
        let percent = (new - old) / abs(old) * 100
        return (percent > 0 ? "+" : "") + Format.oneDecimal(percent) + " %"
    }

    /// Which baseline the headline figures are compared with, and how many deterministic figures moved.
    package static func baselineLine(_ report: Report, baseline: BaselineReference?, loaded: Baseline?) -> String {
        guard let baseline else { return "No baseline to compare with (save one with `bench baseline save`)." }
        guard let loaded else {
            if case .failure(let error) = baseline.baseline {
                return "Baseline `\(baseline.path)` not compared: \(error.description)"
            }
            return ""
        }
        var compared = 0
        var moved: [String] = []
        for scenario in report.scenarios {
            for metric in scenario.metrics where metric.kind.isDeterministic {
                guard let new = metric.value,
                    let before = loaded.entry(scenario: scenario.name, metric: metric.name)?.metric,
                    let old = before.value,
                    !["other counter", "other toolchain"].contains(
                        change(from: before, to: metric, baseline: loaded, report: report))
                else { continue }
                compared += 1
                if old != new { moved.append("\(scenario.name) \(metric.name)") }
            }
        }
        let commit = loaded.source.commit.map { " at commit \($0.prefix(12))" } ?? ""
        var line =
            "Baseline: `\(baseline.path)` (saved \(loaded.savedAt)\(commit), "
            + "\(loaded.source.quick ? "quick" : "full") run). Deterministic figures: "
            + "\(moved.count) of \(compared) compared moved"
        if !moved.isEmpty {
            line += " (" + moved.prefix(5).joined(separator: ", ") + (moved.count > 5 ? ", …" : "") + ")"
        }
        return line + "; `bench compare` judges them by the tolerances."
    }

    package static func summarySection(_ report: Report, check: CheckOutcome?) -> String {
        var summary = MarkdownTable(
            headers: ["scenario", "what it measures", "duration", "metrics", "verdicts"], rightAligned: [2, 3])
        for scenario in report.scenarios {
            summary.add([
                scenario.name, scenario.summary, Format.seconds(scenario.durationSeconds),
                "\(scenario.metrics.count)", verdicts(for: scenario.name, in: check),
            ])
        }
        return "## Summary\n\n" + summary.render() + "\n"
    }

    /// Every limit with its verdict; a figure the run did not measure shows
    /// `—` and, for skipped instruction figures, the true reason.
    package static func thresholdSection(_ report: Report, check: CheckOutcome?, checkNote: String?) -> String {
        var text = "## Thresholds\n\n"
        if let check {
            var table = MarkdownTable(headers: ["scenario", "metric", "limit", "value", "verdict"], rightAligned: [3])
            for row in check.rows {
                var verdict = row.verdict.text
                if row.verdict == .noInstructionData(required: false) {
                    let note = report.scenario(named: row.scenario)?.metric(named: row.metric)?.note
                    verdict = skipReason(note: note)
                }
                if row.verdict.fails { verdict = "**\(verdict)**" }
                table.add([row.scenario, row.metric, row.limit, row.value == "null" ? "—" : row.value, verdict])
            }
            text += table.render() + "\n"
            for note in check.notes { text += "- \(note)\n" }
            text += "\n\(check.verdictLine)\n\n"
        } else {
            text += (checkNote ?? "No thresholds were checked.") + "\n\n"
        }
        return text
    }

    package static func verdicts(for scenario: String, in check: CheckOutcome?) -> String {
        guard let check else { return "not checked" }
        let rows = check.rows.filter { $0.scenario == scenario }
        if rows.isEmpty { return "no limits" }
        let failures = rows.filter { $0.verdict.fails }.count
        let met = rows.filter { $0.verdict == .pass }.count
        let skipped = rows.count - failures - met
        var parts = ["\(met) met"]
        if failures > 0 { parts.append("**\(failures) broken**") }
        if skipped > 0 { parts.append("\(skipped) skipped") }
        return parts.joined(separator: ", ")
    }
}
