import BenchInstruments
import BenchReports
import BenchSuite

/// The outcome of one limit.
package enum Verdict: Sendable, Equatable {
    case pass, fail, missing
    /// The figure is `null` because no allocator was linked; `required` says whether that fails the check.
    case noAllocatorData(required: Bool)
    /// The figure is an instruction count that is `null` because the run counted no instructions (no valgrind, or
    /// `--no-instructions`); `required` says whether that fails the check.
    case noInstructionData(required: Bool)
    /// The figure is `null` for another reason (no samples, zero denominator).
    case null
    /// The figure is the text shaper's and `null` because the run had no shaper (a build without HarfBuzz, or no font):
    /// skipped, as the shaper is optional (CI's build forces it with `TABSTRIP_HARFBUZZ=1`).
    case noShaper
    case notSelected

    package var fails: Bool {
        switch self {
        case .pass, .notSelected, .noShaper: return false
        case .fail, .missing, .null: return true
        case .noAllocatorData(let required), .noInstructionData(let required): return required
        }
    }

    /// The verdict as the check table prints it.
    package var text: String {
        switch self {
        case .pass: return "pass"
        case .fail: return "FAIL"
        case .missing: return "FAIL (missing)"
        case .null: return "FAIL (null)"
        case .noAllocatorData(true): return "FAIL (no jemalloc)"
        case .noAllocatorData(false): return "skipped (no jemalloc)"
        case .noInstructionData(true): return "FAIL (no valgrind)"
        case .noInstructionData(false): return "skipped (no valgrind)"
        case .notSelected: return "skipped (not run)"
        case .noShaper: return "skipped (no HarfBuzz)"
        }
    }
}

package struct CheckRow: Sendable, Equatable {
    package var scenario: String
    package var metric: String
    package var limit: String
    package var value: String
    package var rawValue: Double?
    package var verdict: Verdict
}

package struct CheckOutcome: Sendable, Equatable {
    package var rows: [CheckRow]
    package var notes: [String]

    package var failed: Bool { rows.contains { $0.verdict.fails } }
    package var failures: Int { rows.filter { $0.verdict.fails }.count }
}

package enum ThresholdChecker {
    /// Checks every limit of `thresholds` against `report` (the verdicts: ``Verdict``). A `null` allocator figure fails
    /// when `requireAllocations` is true (`TABSTRIP_JEMALLOC=1` or `--require-allocations`), a `null` instruction
    /// figure when `requireInstructions` is (`--require-instructions`); each is skipped with a note otherwise.
    package static func check(
        _ report: Report, against thresholds: Thresholds, requireAllocations: Bool, requireInstructions: Bool = false
    ) -> CheckOutcome {
        var rows: [CheckRow] = []
        var sawAllocatorGap = false
        var sawInstructionGap = false
        for limit in thresholds.limits {
            var row = CheckRow(
                scenario: limit.scenario, metric: limit.label,
                limit: limit.boundText { formatted($0, limit: limit, report: report) },
                value: "", rawValue: nil, verdict: .pass)
            let references: [Thresholds.Reference]
            switch limit.subject {
            case .metric(let reference): references = [reference]
            case .ratio(let numerator, let denominator): references = [numerator, denominator]
            }
            if references.contains(where: { !ScenarioRegistry.selects($0.scenario, patterns: report.run.filter) }) {
                (row.value, row.verdict) = ("-", .notSelected)
                rows.append(row)
                continue
            }
            let resolved = references.map { resolve($0, in: report) }
            if resolved.contains(where: { $0 == .missing }) {
                (row.value, row.verdict) = ("missing", .missing)
            } else if resolved.contains(where: { $0 == .nullFromAllocator })
                && !report.environment.allocator.isAvailable
            {
                sawAllocatorGap = true
                (row.value, row.verdict) = ("null", .noAllocatorData(required: requireAllocations))
            } else if resolved.contains(.nullWithoutShaper) {
                (row.value, row.verdict) = ("null", .noShaper)
            } else if resolved.contains(.nullInstructions) {
                sawInstructionGap = true
                (row.value, row.verdict) = ("null", .noInstructionData(required: requireInstructions))
            } else {
                let figures = resolved.compactMap { resolution -> Double? in
                    if case .value(let value) = resolution { return value }
                    return nil
                }
                // A figure, or a ratio of two (`nil` over 0); `nil` when one of them is `null`.
                var value = figures.count == resolved.count ? figures.first : nil
                if figures.count == 2 { value = figures[1] == 0 ? nil : figures[0] / figures[1] }
                if let value {
                    row.rawValue = value
                    row.value = formatted(value, limit: limit, report: report)
                    row.verdict = limit.admits(value) ? .pass : .fail
                } else {
                    (row.value, row.verdict) = ("null", .null)
                }
            }
            rows.append(row)
        }
        var notes: [String] = []
        if sawAllocatorGap {
            let note = report.environment.allocator.note ?? NoAllocationProbe.defaultNote
            notes.append(
                requireAllocations
                    ? "allocation figures are null because the run had no jemalloc, and allocations are required (TABSTRIP_JEMALLOC=1 or --require-allocations): \(note)"
                    : "allocation limits were skipped because the run had no jemalloc (set TABSTRIP_JEMALLOC=1 or pass --require-allocations to make this fail): \(note)"
            )
        }
        if sawInstructionGap {
            notes.append(
                requireInstructions
                    ? "instruction figures are null because the run counted no instructions (no valgrind, or --no-instructions), and instructions are required (--require-instructions)"
                    : "instruction limits were skipped because the run counted no instructions (no valgrind, or --no-instructions; pass --require-instructions to make this fail)"
            )
        }
        if report.environment.buildConfiguration == .debug {
            notes.append("DEBUG BUILD: this report's timings are not representative")
        }
        return CheckOutcome(rows: rows, notes: notes)
    }

    private enum Resolution: Equatable {
        case value(Double)
        case missing, nullFromAllocator, nullInstructions, nullWithoutShaper, null
    }

    private static func resolve(_ reference: Thresholds.Reference, in report: Report) -> Resolution {
        guard let scenario = report.scenario(named: reference.scenario),
            let metric = scenario.metric(named: reference.metric)
        else { return .missing }
        if metric.kind == .timing, reference.statistic == nil { return .missing }
        if metric.kind != .timing, reference.statistic != nil { return .missing }
        if let value = metric.figure(reference.statistic) { return .value(value) }
        if metric.kind == .instructions { return .nullInstructions }
        if scenario.isNullWithoutShaper(metric) { return .nullWithoutShaper }
        return metric.fromAllocator ? .nullFromAllocator : .null
    }

    private static func formatted(_ value: Double, limit: Thresholds.Limit, report: Report) -> String {
        guard case .metric(let reference) = limit.subject,
            let metric = report.scenario(named: reference.scenario)?.metric(named: reference.metric)
        else { return Format.number(value) }
        if reference.statistic == .count { return Format.number(value) }
        return Format.figure(value, unit: metric.unit, kind: metric.kind)
    }
}

extension CheckOutcome {
    /// The table of every limit with its value and verdict, and the notes, as plain text.
    package func textTable() -> String {
        var table = TextTable(headers: ["scenario", "metric", "limit", "value", "verdict"])
        for row in rows { table.add([row.scenario, row.metric, row.limit, row.value, row.verdict.text]) }
        var text = table.render()
        for note in notes { text += "note: \(note)\n" }
        text += verdictLine + "\n"
        return text
    }

    /// One line closing the check: how many limits were met, broken and skipped.
    package var verdictLine: String {
        let met = rows.filter { $0.verdict == .pass }.count
        let skipped = rows.filter { !$0.verdict.fails && $0.verdict != .pass }.count
        let head = failed ? "check FAILED" : "check passed"
        return "\(head): \(met) of \(rows.count) limits met, \(failures) broken, \(skipped) skipped"
    }
}
