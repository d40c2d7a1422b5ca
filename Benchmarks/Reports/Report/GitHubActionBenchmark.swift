import BenchInstruments
import Foundation

/// The report as github-action-benchmark's "customSmallerIsBetter" input: a JSON array of `{"name", "unit", "value"}`
/// for dashboards (`bench --format github-action-benchmark`).
///
/// The format says "smaller is better" of every entry, so only costs are exported, where a rise on a dashboard is a
/// real alarm:
/// - the p50 and p99 of each timing metric (`fling/frame p50`, unit `ns`);
/// - every `duration`, `bytes` and `instructions` value;
/// - of the `count` metrics, the allocator's (allocations, objects), the cells the engine creates, binds, discards or
///   keeps on screen (`cells-created…`, `cells-bound`, `cells-discarded`, `visible-maximum`) and mismatches against a
///   reference (`…mismatches`).
///
/// Left out, not exported as bigger-is-better either (a second file in another format would split one run across two
/// dashboards): `ratio` metrics (for most, such as `eager-vs-virtualised-10k`, larger is better) and the counts that
/// describe the workload or its outcome rather than a cost — `cells-reused`, `configured`, `frames`, `flings`, `jumps`,
/// pages, tabs, edge contacts, `fastest-release` (pt/s) and the like — which would raise false alarms when the workload
/// grows. `null` figures are left out too (a dashboard cannot plot them; they are never exported as 0).
package enum GitHubActionBenchmark {
    package static let fileName = "github-action-benchmark.json"

    package struct Entry: Codable, Sendable, Equatable {
        package var name: String
        package var unit: String
        package var value: Double
    }

    /// The entries of `report`, in report order.
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
                case .ratio: continue
                case .count, .bytes, .duration, .instructions:
                    guard isCost(metric), let value = metric.value, value.isFinite else { continue }
                    entries.append(Entry(name: name, unit: metric.unit, value: value))
                }
            }
        }
        return entries
    }

    /// Whether smaller is better for `metric` (see ``GitHubActionBenchmark``).
    static func isCost(_ metric: Metric) -> Bool {
        guard metric.kind == .count else { return metric.kind != .ratio }
        if metric.fromAllocator { return true }
        let name = metric.name
        return name.hasPrefix("cells-created") || name == "cells-bound" || name == "cells-discarded"
            || name == "visible-maximum" || name.hasSuffix("mismatches")
    }

    package static func jsonData(for report: Report) throws -> Data { try prettyJSON(entries(for: report)) }
}
