import BenchInstruments
import BenchReports
import BenchSuite
import Foundation

package enum ComparisonVerdict: String, Sendable, Equatable {
    case regressed, improved, unchanged, info
    /// In the baseline, in a scenario the report ran, but absent or `null`
    /// in the report: fails (a gate must not lose a figure silently).
    case missing
    case new
    /// Not compared: the scenario did not run, the user chose not to measure the figure (`--no-instructions`), or the
    /// figure is not comparable (another toolchain, valgrind or allocation counter; no allocator figures in one of the
    /// two).
    case skipped

    package var fails: Bool { self == .regressed || self == .missing }
}

/// One row of a comparison: a metric, its two figures and the verdict.
package struct ComparisonRow: Sendable, Equatable {
    package var scenario: String
    package var metric: String
    package var kind: MetricKind
    package var unit: String
    package var baseline: Double?
    package var now: Double?
    package var verdict: ComparisonVerdict
    package var tolerance: Double?
    /// Why the row has its verdict, when it is not obvious (the rule's reason for a regression, the cause of a skip).
    package var reason: String?

    /// `(now − baseline) / |baseline|`, or `nil` when either is missing or
    /// the baseline is 0 while the figure is not (infinite change).
    package var change: Double? {
        guard let baseline, let now else { return nil }
        if baseline == 0 { return now == 0 ? 0 : nil }
        return (now - baseline) / abs(baseline)
    }
}

/// The comparison of a report with a baseline (`bench compare`).
package struct BaselineComparison: Sendable, Equatable {
    /// One row per metric of the baseline and the report, baseline order first, then the report's new metrics.
    package var rows: [ComparisonRow]
    /// Notices printed above the table: skipped groups (another toolchain,
    /// valgrind or allocation counter), stale figures, provenance.
    package var notices: [String]

    package var failed: Bool { rows.contains { $0.verdict.fails } }

    package var failures: [ComparisonRow] { rows.filter { $0.verdict.fails } }

    /// Why a report and a baseline cannot be compared at all.
    package struct Incompatible: Error, Equatable, CustomStringConvertible { package var description: String }

    /// Compares `report` with `baseline` under the `relative` rules of `thresholds`.
    ///
    /// - A figure covered by a rule with a tolerance `t` regresses when it exceeds `baseline × (1 + t)` (any growth
    ///   from a baseline of 0), improves when below `baseline × (1 − t)`; informational rules and metrics no rule
    ///   covers (and every timing metric, compared by p50) are shown as `info`.
    /// - Instruction counts are skipped, with a notice naming both versions, when the compiler or valgrind differs;
    ///   allocator figures likewise when the allocation counter differs or one side has none.
    /// - A metric of the baseline missing (or `null`) in a scenario the report ran fails; scenarios the report did not
    ///   run are skipped, and so are figures the user chose not to measure (`null` after `--no-instructions`, with that
    ///   reason).
    /// - When allocator figures are skipped (the counters differ, or one side has none), the first notice says how many
    ///   figures are still compared (`44 of 368 figures compared`).
    package static func compare(
        _ report: Report, with baseline: Baseline, rules: [Thresholds.RelativeRule], allowDebug: Bool = false
    ) throws(Incompatible) -> BaselineComparison {
        let source = baseline.source
        if report.run.quick != source.quick {
            throw Incompatible(
                description: "the baseline comes from a \(source.quick ? "quick" : "full") run and "
                    + "the report from a \(report.run.quick ? "quick" : "full") one: run the same mode, "
                    + "or save a baseline for this one")
        }
        if report.run.seed != source.seed {
            throw Incompatible(
                description: "the baseline was measured with seed \(source.seed) and the report with "
                    + "seed \(report.run.seed): the inputs differ")
        }
        if report.run.titles != source.titles {
            let describe = { (titles: Int?) in titles.map { "--titles \($0)" } ?? "the default sizes" }
            throw Incompatible(
                description: "the baseline was measured with \(describe(source.titles)) and the "
                    + "report with \(describe(report.run.titles)): the inputs differ")
        }
        for (configuration, what) in [
            (report.environment.buildConfiguration, "report"), (source.buildConfiguration, "baseline"),
        ] where configuration == .debug && !allowDebug {
            throw Incompatible(
                description: "the \(what) comes from a debug build, whose figures differ from a "
                    + "release build's (pass --allow-debug to compare anyway)")
        }

        var notices: [String] = []
        let environment = report.environment
        let toolchainDiffers = baseline.toolchain.differs(from: environment)
        if toolchainDiffers {
            notices.append(
                "instruction counts skipped: the baseline was measured with Swift "
                    + "\(baseline.toolchain.swiftCompiler) and \(baseline.toolchain.valgrind ?? "no valgrind"), "
                    + "this report with Swift \(environment.swiftCompiler) and "
                    + "\(environment.valgrind ?? "no valgrind"); instruction counts depend on both, so they "
                    + "are neither passed nor failed (save a baseline with this toolchain)")
        }
        let allocatorText = { (record: AllocatorRecord) in
            "\(record.counter) (\(record.name)\(record.version.map { " \($0)" } ?? ""))"
        }
        let baselineHasAllocations = baseline.allocator.counter != "none"
        let reportHasAllocations = environment.allocator.counter != "none"
        let countersDiffer =
            baselineHasAllocations && reportHasAllocations
            && baseline.allocator.counter != environment.allocator.counter
        if countersDiffer {
            notices.append(
                "allocation figures skipped: the baseline was counted by "
                    + "\(allocatorText(baseline.allocator)), this report by "
                    + "\(allocatorText(environment.allocator)); the counters differ in what they see, so "
                    + "allocation figures are neither passed nor failed")
        } else if baselineHasAllocations != reportHasAllocations {
            let without = baselineHasAllocations ? "this report" : "the baseline"
            notices.append("allocation figures skipped: \(without) has no allocation counter (allocator none)")
        }
        // Under another allocator, a phase that allocates, frees or copies heap data executes other instructions
        // (glibc's and jemalloc's paths differ, and so do the addresses a copy starts at).
        let allocatorsDiffer = baseline.allocator.name != environment.allocator.name
        if allocatorsDiffer, !toolchainDiffers {
            notices.append(
                "instruction and cache figures shown as information: the baseline ran on \(allocatorText(baseline.allocator)), "
                    + "this report on \(allocatorText(environment.allocator)); a phase that allocates, frees or copies "
                    + "heap data executes other instructions under another allocator (save a baseline on this one to "
                    + "judge them)")
        }
        if baseline.source.dirty == true {
            notices.append(
                "the baseline was saved from a work tree with uncommitted changes "
                    + "(\(baseline.source.commit.map { String($0.prefix(12)) } ?? "no commit"))")
        }

        var reportMetrics: [String: Metric] = [:]
        for scenario in report.scenarios {
            for metric in scenario.metrics { reportMetrics[key(scenario.name, metric.name)] = metric }
        }
        let reportScenarios = Dictionary(report.scenarios.map { ($0.name, $0) }) { first, _ in first }
        var seen = Set<String>()
        var rows: [ComparisonRow] = []
        for entry in baseline.metrics {
            let old = entry.metric
            let id = key(entry.scenario, old.name)
            seen.insert(id)
            var row = ComparisonRow(
                scenario: entry.scenario, metric: label(old), kind: old.kind, unit: old.unit,
                baseline: figure(old), now: nil, verdict: .info)
            guard reportScenarios[entry.scenario] != nil,
                ScenarioRegistry.selects(entry.scenario, patterns: report.run.filter)
            else {
                (row.verdict, row.reason) = (.skipped, "scenario not run")
                rows.append(row)
                continue
            }
            let current = reportMetrics[id]
            row.now = current.flatMap(figure)
            let rule = rules.first {
                $0.matches(scenario: entry.scenario, metric: old, counter: environment.allocator.counter)
            }
            if let current, let option = skippedByOption(current) {
                (row.verdict, row.reason) = (.skipped, "\(option) given")
            } else if old.kind == .instructions, toolchainDiffers {
                (row.verdict, row.reason) = (.skipped, "other toolchain or valgrind")
            } else if let current, reportScenarios[entry.scenario]?.isNullWithoutShaper(current) == true {
                (row.verdict, row.reason) = (.skipped, "no HarfBuzz")
            } else if old.kind == .instructions, allocatorsDiffer {
                row.reason = "other allocator"
            } else if old.fromAllocator, countersDiffer || !baselineHasAllocations || !reportHasAllocations {
                row.verdict = .skipped
                row.reason = countersDiffer ? "other allocation counter" : "no allocation counter"
            } else if let current, current.kind != old.kind {
                row.verdict = .missing
                row.reason = "kind changed from \(old.kind.rawValue) to \(current.kind.rawValue)"
            } else if case .tolerance(let tolerance)? = rule?.judgement {
                row.tolerance = tolerance
                row.verdict = judge(baseline: row.baseline, now: row.now, tolerance: tolerance)
                if row.verdict == .missing {
                    row.reason = current == nil ? "not in the report" : "null in the report"
                } else if row.verdict == .regressed {
                    row.reason = rule?.why
                }
            } else if current == nil {
                (row.verdict, row.reason) = (.missing, "not in the report")
            }
            rows.append(row)
        }
        for scenario in report.scenarios {
            for metric in scenario.metrics where !seen.contains(key(scenario.name, metric.name)) {
                rows.append(
                    ComparisonRow(
                        scenario: scenario.name, metric: label(metric), kind: metric.kind,
                        unit: metric.unit, baseline: nil, now: figure(metric), verdict: .new))
            }
        }
        for row in rows where row.verdict == .improved {
            let change = row.change.map(Self.percent) ?? "lower"
            notices.append("baseline is stale: \(row.scenario) \(row.metric) \(change); run `bench baseline save`")
        }
        if countersDiffer || baselineHasAllocations != reportHasAllocations || allocatorsDiffer {
            let compared = rows.filter { [.regressed, .improved, .unchanged, .missing].contains($0.verdict) }.count
            let why =
                countersDiffer || allocatorsDiffer ? "the allocators differ" : "one side has no allocation counter"
            notices.insert("\(compared) of \(rows.count) figures compared (\(why))", at: 0)
        }
        notices += movedFunctions(rows: rows, report: report, baseline: baseline)
        return BaselineComparison(rows: rows, notices: notices)
    }

    /// For each phase whose instructions regressed or improved, a notice naming the functions whose inclusive
    /// instructions per operation changed most (at most 5), when both sides have the phase's table. A function in only
    /// one side's top 10 shows `-` on the other.
    static func movedFunctions(rows: [ComparisonRow], report: Report, baseline: Baseline) -> [String] {
        var notices: [String] = []
        for row in rows where row.kind == .instructions && (row.verdict == .regressed || row.verdict == .improved) {
            guard let old = baseline.functions?[row.scenario]?.first(where: { $0.phase == row.metric }),
                let new = report.scenario(named: row.scenario)?.functions.first(where: { $0.phase == row.metric })
            else { continue }
            let before = Dictionary(old.functions.map { ($0.symbol, $0) }) { first, _ in first }
            let after = Dictionary(new.functions.map { ($0.symbol, $0) }) { first, _ in first }
            var symbols = new.functions.map(\.symbol)
            symbols += old.functions.map(\.symbol).filter { after[$0] == nil }
            let moved = symbols.map { symbol in
                (symbol, (after[symbol]?.inclusive ?? 0) - (before[symbol]?.inclusive ?? 0))
            }
            .filter { $0.1 != 0 }
            .sorted { abs($0.1) > abs($1.1) }
            .prefix(5)
            guard !moved.isEmpty else { continue }
            let text = moved.map { symbol, change in
                let name = (after[symbol] ?? before[symbol])?.name ?? symbol
                let from = before[symbol].map { Format.number($0.inclusive) } ?? "-"
                let to = after[symbol].map { Format.number($0.inclusive) } ?? "-"
                let sign = change > 0 ? "+" : "−"
                let shown = name.count > 100 ? name.prefix(99) + "…" : name
                return "\(shown) \(from) → \(to) (\(sign)\(Format.number(abs(change))))"
            }
            notices.append(
                "\(row.scenario) \(row.metric) \(row.change.map(Self.percent) ?? "moved"): the functions that moved most "
                    + "(inclusive instructions per operation, baseline → now): " + text.joined(separator: "; "))
        }
        return notices
    }

    /// The option with which the user chose not to measure `metric` (`--no-instructions`), when the report's figure is
    /// `null` for that reason; `nil` otherwise.
    static func skippedByOption(_ metric: Metric) -> String? {
        guard metric.value == nil, metric.timing == nil, let note = metric.note,
            note.hasPrefix("null: " + InstructionScenario.noInstructionsReason)
        else { return nil }
        return "--no-instructions"
    }

    static func judge(baseline: Double?, now: Double?, tolerance: Double) -> ComparisonVerdict {
        guard let baseline else { return now == nil ? .unchanged : .new }
        guard let now, now.isFinite else { return .missing }
        // A relative slack of 1e-12 absorbs the last bit of a division, no more.
        let slack = abs(baseline) * (tolerance + 1e-12)
        if now > baseline + slack { return .regressed }
        if now < baseline - slack { return .improved }
        return .unchanged
    }

    /// The compared figure: p50 for a timing metric, the value otherwise.
    static func figure(_ metric: Metric) -> Double? { metric.kind == .timing ? metric.timing?.p50 : metric.value }

    /// `frame p50` for a timing metric, the name otherwise.
    static func label(_ metric: Metric) -> String { metric.kind == .timing ? "\(metric.name) p50" : metric.name }

    private static func key(_ scenario: String, _ metric: String) -> String { scenario + "\u{1F}" + metric }

    /// `exact` for 0, `±1.0 %` otherwise.
    package static func toleranceText(_ tolerance: Double) -> String {
        tolerance == 0 ? "exact" : "±" + percent(tolerance).dropFirst()
    }

    /// `+5.0 %`, `−12 %`, `0 %`, `+2,591,811 %`.
    package static func percent(_ change: Double) -> String {
        let value = change * 100
        if value == 0 { return "0 %" }
        let sign = value > 0 ? "+" : "−"
        let magnitude = abs(value)
        let digits =
            magnitude >= 1e15
            ? String(format: "%.2g", magnitude)
            : magnitude >= 10
                ? Format.integer(Int(magnitude.rounded()))
                : magnitude >= 0.1 ? String(format: "%.1f", magnitude) : String(format: "%.2g", magnitude)
        return "\(sign)\(digits) %"
    }
}

extension BaselineComparison {
    /// Counts of each verdict, in a fixed order, for the closing line.
    var tally: [(ComparisonVerdict, Int)] {
        let order: [ComparisonVerdict] = [.regressed, .missing, .improved, .unchanged, .info, .new, .skipped]
        return order.compactMap { verdict in
            let count = rows.filter { $0.verdict == verdict }.count
            return count == 0 ? nil : (verdict, count)
        }
    }

    /// One line closing the comparison.
    package var verdictLine: String {
        let counts = tally.map { "\($0.1) \($0.0.rawValue)" }.joined(separator: ", ")
        return (failed ? "compare FAILED: " : "compare passed: ") + counts
    }

    private static let headers = ["scenario", "metric", "baseline", "now", "change", "verdict"]

    private func cells(_ row: ComparisonRow) -> [String] {
        let format = { (value: Double?) in
            value.map { Format.figure($0, unit: row.unit, kind: row.kind == .timing ? .duration : row.kind) } ?? "-"
        }
        var change = row.change.map(Self.percent) ?? (row.baseline == 0 && row.now != nil ? "from 0" : "")
        if let tolerance = row.tolerance { change += " (\(Self.toleranceText(tolerance)))" }
        var verdict = row.verdict.rawValue
        if let reason = row.reason { verdict += ": \(reason)" }
        return [row.scenario, row.metric, format(row.baseline), format(row.now), change, verdict]
    }

    /// The notices, every row and the closing line, as plain text.
    package func text() -> String {
        var text = notices.map { "note: \($0)\n" }.joined()
        var table = TextTable(headers: Self.headers, rightAligned: [2, 3, 4])
        for row in rows { table.add(cells(row)) }
        text += table.render()
        text += verdictLine + "\n"
        return text
    }

    /// Markdown for a CI job summary: the verdict, the notices, the failing
    /// rows, then every row in a collapsed section.
    package func markdown(baselinePath: String, reportPath: String) -> String {
        var text = "## Benchmark comparison\n\n"
        text += "**\(verdictLine)** (`\(reportPath)` against `\(baselinePath)`)\n\n"
        for notice in notices { text += "- \(notice)\n" }
        if !notices.isEmpty { text += "\n" }
        if failed {
            var failing = MarkdownTable(headers: Self.headers, rightAligned: [2, 3, 4])
            for row in failures { failing.add(cells(row)) }
            text += "### Regressions\n\n" + failing.render() + "\n"
        }
        var all = MarkdownTable(headers: Self.headers, rightAligned: [2, 3, 4])
        for row in rows {
            var line = cells(row)
            if row.verdict.fails { line[5] = "**\(line[5])**" }
            all.add(line)
        }
        text += "<details><summary>All \(rows.count) metrics</summary>\n\n" + all.render() + "\n</details>\n"
        return text
    }
}
