import BenchInstruments
import BenchReports
import Foundation
import TabStripTestSupport

/// The statistics of `bench ab`: for each timing figure of a scenario (see ``figures(fromReportJSON:)``), the ratio of
/// the current build's median to the baseline build's over interleaved rounds, with a 95 % bootstrap confidence
/// interval, and criterion's rule for a verdict — a change counts only when the whole interval lies beyond the noise
/// threshold.
package struct ABComparison: Sendable, Equatable {
    /// The noise threshold used when `--threshold` is not given: 5 %.
    ///
    /// Chosen from A/A runs (the same binary as A and B) on a loaded shared VM, recorded in the commit that set it: no
    /// interval of identical builds lay wholly beyond it, and a p50 moves in whole clock steps, a few percent of the
    /// fastest frames, so a threshold below one step would call identical builds different. Under load a regression is
    /// called only when it is several times the threshold; on a quiet machine the intervals, and so the smallest change
    /// detected, shrink.
    package static let defaultThreshold = 0.05
    package static let resamples = 2_000

    package enum Verdict: String, Sendable, Equatable { case regressed, improved, unchanged }

    package struct Row: Sendable, Equatable {
        package var scenario: String
        package var metric: String
        package var baseline: [Double]
        package var current: [Double]
        package var ratio: Double
        package var lower: Double
        package var upper: Double
        package var verdict: Verdict
    }

    package var rows: [Row]
    package var threshold: Double
    package var rounds: Int
    /// Lines printed above the table (`warning: …`), such as builds linking different allocation counters.
    package var warnings: [String] = []

    package var failed: Bool { rows.contains { $0.verdict == .regressed } }

    /// The ratio of medians `current / baseline` and its 95 % percentile bootstrap interval: each of ``resamples``
    /// resamples draws both samples again with replacement (each from itself), and the interval is the 2.5th to the
    /// 97.5th percentile of the resampled ratios. The generator is seeded, so the same samples and seed give the same
    /// interval.
    package static func ratioInterval(baseline: [Double], current: [Double], seed: UInt64)
        -> (ratio: Double, lower: Double, upper: Double)
    {
        let ratio = median(current) / median(baseline)
        guard baseline.count > 1 || current.count > 1 else { return (ratio, ratio, ratio) }
        var generator = SeededGenerator(seed: seed)
        var ratios: [Double] = []
        ratios.reserveCapacity(resamples)
        var a = [Double](repeating: 0, count: baseline.count)
        var b = [Double](repeating: 0, count: current.count)
        for _ in 0..<resamples {
            for index in a.indices { a[index] = baseline[generator.next(below: baseline.count)] }
            for index in b.indices { b[index] = current[generator.next(below: current.count)] }
            ratios.append(median(b) / median(a))
        }
        ratios.sort()
        let low = ratios[Int((Double(resamples - 1) * 0.025).rounded())]
        let high = ratios[Int((Double(resamples - 1) * 0.975).rounded())]
        return (ratio, low, high)
    }

    /// Criterion's rule: regressed only when the whole interval lies above
    /// `1 + threshold`, improved only when it lies below `1 − threshold`.
    package static func verdict(lower: Double, upper: Double, threshold: Double) -> Verdict {
        if lower > 1 + threshold { return .regressed }
        if upper < 1 - threshold { return .improved }
        return .unchanged
    }

    /// Compares the per-round values of every timing figure both builds reported. `baseline[i]` and `current[i]` are
    /// the figures of round `i`, keyed by scenario and metric.
    package static func compare(
        baseline: [[MetricKey: Double]], current: [[MetricKey: Double]], threshold: Double, seed: UInt64
    ) -> ABComparison {
        var keys: [MetricKey] = []
        var seen = Set<MetricKey>()
        for round in baseline { for key in round.keys.sorted() where seen.insert(key).inserted { keys.append(key) } }
        var rows: [Row] = []
        for (index, key) in keys.enumerated() {
            let a = baseline.compactMap { $0[key] }
            let b = current.compactMap { $0[key] }
            guard !a.isEmpty, !b.isEmpty, a.allSatisfy({ $0 > 0 }), b.allSatisfy({ $0 > 0 }) else { continue }
            let interval = ratioInterval(baseline: a, current: b, seed: seed &+ UInt64(index))
            rows.append(
                Row(
                    scenario: key.scenario, metric: key.metric, baseline: a, current: b,
                    ratio: interval.ratio, lower: interval.lower, upper: interval.upper,
                    verdict: verdict(lower: interval.lower, upper: interval.upper, threshold: threshold)))
        }
        return ABComparison(rows: rows, threshold: threshold, rounds: min(baseline.count, current.count))
    }

    package struct MetricKey: Hashable, Sendable, Comparable {
        package var scenario: String
        package var metric: String

        package static func < (left: MetricKey, right: MetricKey) -> Bool {
            (left.scenario, left.metric) < (right.scenario, right.metric)
        }
    }

    /// What one run of one build reported.
    package struct RunFigures: Sendable, Equatable {
        package var figures: [MetricKey: Double]
        /// The report's allocation counter (`environment.allocator.counter`, or `environment.allocator.name` in reports
        /// older than the counter field), or `nil` when the report names none.
        package var allocationCounter: String?
    }

    /// The fewest samples a histogram needs for its p99 to be compared; below that the p99 is one of the few slowest
    /// samples (the maximum below 100), too noisy to call a change from.
    package static let minimumSamplesForP99 = 100

    /// Every timing figure of a report, read leniently from its JSON so that reports of older harness versions — a
    /// baseline build made from another commit — can be read too:
    /// - each histogram (`kind` `timing`) gives `NAME p50`, and `NAME p99` when it holds at least
    ///   ``minimumSamplesForP99`` samples;
    /// - each whole-pass time (`kind` `duration`, such as the index queried alone through a cursor or at random
    ///   offsets, or the C reference's loops) gives `NAME`, its value.
    ///
    /// Figures that are not positive numbers (a `null` of a skipped pass) are left out. The allocation counter is read
    /// from `environment.allocator`.
    package static func figures(fromReportJSON data: Data) -> RunFigures? {
        guard let root = JSONValue.parse(data), let scenarios = root["scenarios"]?.array else { return nil }
        var result: [MetricKey: Double] = [:]
        for scenario in scenarios {
            guard let name = scenario["name"]?.string, let metrics = scenario["metrics"]?.array else { continue }
            for metric in metrics {
                guard let metricName = metric["name"]?.string else { continue }
                let timing = metric["timing"]
                switch metric["kind"]?.string {
                case "timing":
                    if let p50 = timing?["p50"]?.numericValue, p50 > 0 {
                        result[MetricKey(scenario: name, metric: metricName + " p50")] = p50
                    }
                    if let p99 = timing?["p99"]?.numericValue, p99 > 0,
                        let count = timing?["count"]?.numericValue, count >= Double(minimumSamplesForP99)
                    {
                        result[MetricKey(scenario: name, metric: metricName + " p99")] = p99
                    }
                case "duration":
                    if let value = metric["value"]?.numericValue, value > 0 {
                        result[MetricKey(scenario: name, metric: metricName)] = value
                    }
                default: continue
                }
            }
        }
        let allocator = root["environment"]?["allocator"]
        let counter = allocator?["counter"]?.string ?? allocator?["name"]?.string
        return RunFigures(figures: result, allocationCounter: counter)
    }

    /// Whether `--metric` names (`selection`; empty: every figure) pick the figure `figure`: a name picks the figure of
    /// that name (`frame p99`) and every figure of the metric it names (`frame`: `frame p50` and `frame p99`).
    package static func selects(_ selection: [String], _ figure: String) -> Bool {
        if selection.isEmpty { return true }
        let metric = figure.split(separator: " ", maxSplits: 1).first.map(String.init) ?? figure
        return selection.contains { $0 == figure || $0 == metric }
    }
}

extension ABComparison {
    /// `0.987` as `−1.3 %`.
    static func change(_ ratio: Double) -> String { BaselineComparison.percent(ratio - 1) }

    private func cells(_ row: Row) -> [String] {
        [
            row.scenario, row.metric, Format.nanoseconds(median(row.baseline)), Format.nanoseconds(median(row.current)),
            Self.change(row.ratio), "\(Self.change(row.lower)) … \(Self.change(row.upper))", row.verdict.rawValue,
        ]
    }

    private static let headers = [
        "scenario", "metric", "A (baseline)", "B (current)", "change", "95 % interval", "verdict",
    ]

    /// One line closing the table.
    package var verdictLine: String {
        let regressed = rows.filter { $0.verdict == .regressed }.count
        let improved = rows.filter { $0.verdict == .improved }.count
        let head = failed ? "ab FAILED" : "ab passed"
        return "\(head): \(rows.count) timing figures over \(rounds) interleaved rounds, \(regressed) regressed, "
            + "\(improved) improved (noise threshold \(BaselineComparison.toleranceText(threshold)))"
    }

    /// The table and the closing line, as plain text.
    package func text() -> String {
        var table = TextTable(headers: Self.headers, rightAligned: [2, 3, 4, 5])
        for row in rows { table.add(cells(row)) }
        return warnings.map { $0 + "\n" }.joined() + table.render() + verdictLine + "\n"
    }

    /// The table and the closing line, as markdown.
    package func markdown() -> String {
        var table = MarkdownTable(headers: Self.headers, rightAligned: [2, 3, 4, 5])
        for row in rows {
            var line = cells(row)
            if row.verdict == .regressed { line[6] = "**regressed**" }
            table.add(line)
        }
        let notes = warnings.map { "> \($0)\n\n" }.joined()
        return "## bench ab\n\n" + notes + table.render() + "\n**\(verdictLine)**\n"
    }
}
