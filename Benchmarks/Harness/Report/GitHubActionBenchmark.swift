import Foundation

/// The report as github-action-benchmark's "customSmallerIsBetter" input:
/// a JSON array of `{"name", "unit", "value"}` for dashboards
/// (`bench --format github-action-benchmark`).
///
/// Included: every figure for which smaller is better — the p50 and p99 of
/// each timing metric (`fling/frame p50`, unit `ns`), and every `count`,
/// `bytes`, `duration` and `instructions` value. Left out: `ratio` metrics
/// (for most of them, such as `eager-vs-virtualised-10k`, larger is better,
/// which this format cannot say) and `null` figures (a dashboard cannot
/// plot them; they are never exported as 0).
package enum GitHubActionBenchmark {
    /// The file written into the output directory beside `latest.json`.
    package static let fileName = "github-action-benchmark.json"

    /// One entry of the list.
    package struct Entry: Codable, Sendable, Equatable {
        /// `scenario/metric`, with ` p50` / ` p99` for timing metrics.
        package var name: String
        /// The metric's unit.
        package var unit: String
        /// The figure.
        package var value: Double
    }

    /// The entries of `report`, in report order.
    /// - Complexity: O(metrics of the report).
    package static func entries(for report: Report) -> [Entry] {
        var entries: [Entry] = []
        for scenario in report.scenarios {
            for metric in scenario.metrics {
                let name = "\(scenario.name)/\(metric.name)"
                switch metric.kind {
                case .timing:
                    guard let timing = metric.timing else { continue }
                    entries.append(Entry(name: name + " p50", unit: "ns", value: timing.p50))
                    entries.append(Entry(name: name + " p99", unit: "ns", value: timing.p99))
                case .ratio:
                    continue
                case .count, .bytes, .duration, .instructions:
                    guard let value = metric.value, value.isFinite else { continue }
                    entries.append(Entry(name: name, unit: metric.unit, value: value))
                }
            }
        }
        return entries
    }

    /// The entries as pretty-printed JSON, ending with a newline.
    /// - Throws: the encoder's error.
    /// - Complexity: O(metrics of the report).
    package static func jsonData(for report: Report) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(entries(for: report))
        data.append(0x0A)
        return data
    }
}
