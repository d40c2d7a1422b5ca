/// The chart of latency percentiles: one row per timing metric of every
/// scenario, with p50, p90, p99 and p99.9 marked and the maximum as a tick,
/// on a logarithmic time axis.
package enum LatencyChart {
    /// The SVG for `report`.
    /// - Complexity: O(m) for m timing metrics in the report.
    package static func svg(for report: Report) -> String {
        var rows: [(label: String, summary: TimingSummary)] = []
        for scenario in report.scenarios {
            for metric in scenario.metrics where metric.kind == .timing {
                if let timing = metric.timing { rows.append(("\(scenario.name) / \(metric.name)", timing)) }
            }
        }
        let debug = report.environment.buildConfiguration == .debug
        let title = (debug ? "DEBUG BUILD (not representative) - " : "") + "Latency percentiles per scenario and metric"
        let left = 300.0
        let right = 40.0
        let top = 74.0
        let rowHeight = 24.0
        let width = 1_000.0
        let height = top + max(1, Double(rows.count)) * rowHeight + 56
        var canvas = SVGCanvas(width: width, height: height)
        canvas.text(16, 24, title, size: 16, fill: debug ? "#c00000" : "#222", bold: true)
        canvas.text(16, 42, subtitle(report), size: 11, fill: "#555")
        guard !rows.isEmpty else {
            canvas.text(16, top + 16, "No timing metrics in this run.", size: 13)
            return canvas.render()
        }
        let markers: [(String, String, KeyPath<TimingSummary, Double>)] = [
            ("p50", "#1f77b4", \.p50), ("p90", "#2ca02c", \.p90), ("p99", "#ff7f0e", \.p99),
            ("p99.9", "#d62728", \.p999),
        ]
        var legendX = left
        for (name, colour, _) in markers {
            canvas.circle(legendX, 58, radius: 5, fill: colour)
            canvas.text(legendX + 9, 62, name, size: 11)
            legendX += 70
        }
        canvas.line(legendX, 52, legendX, 64, stroke: "#444", width: 2)
        canvas.text(legendX + 8, 62, "max", size: 11)

        let values = rows.flatMap { [$0.summary.min, $0.summary.p50, $0.summary.max] }
        let axis = LogAxis(values: values, start: left, end: width - right)
        let bottom = top + Double(rows.count) * rowHeight
        for decade in axis.decades {
            let x = axis.position(decade)
            canvas.line(x, top - 4, x, bottom, stroke: "#dddddd")
            canvas.text(x, bottom + 16, Format.nanoseconds(decade), size: 11, anchor: .middle, fill: "#555")
        }
        canvas.text(
            (left + width - right) / 2, bottom + 36, "time per sample (log scale; clock reading included)",
            size: 11, anchor: .middle, fill: "#555")
        for (index, row) in rows.enumerated() {
            let y = top + Double(index) * rowHeight + rowHeight / 2
            if index % 2 == 0 { canvas.rect(0, y - rowHeight / 2, width, rowHeight, fill: "#f6f6f6") }
            canvas.text(left - 10, y + 4, row.label, size: 11, anchor: .end)
            let summary = row.summary
            canvas.line(axis.position(summary.p50), y, axis.position(summary.p999), y, stroke: "#999", width: 2)
            canvas.line(
                axis.position(summary.p999), y, axis.position(summary.max), y, stroke: "#bbb", width: 1, dash: "3,3")
            let maxX = axis.position(summary.max)
            canvas.line(maxX, y - 6, maxX, y + 6, stroke: "#444", width: 2)
            for (name, colour, path) in markers.reversed() { // p50 drawn last, on top
                let value = summary[keyPath: path]
                canvas.circle(
                    axis.position(value), y, radius: 4.5, fill: colour,
                    title: "\(row.label) \(name): \(Format.nanoseconds(value))")
            }
        }
        return canvas.render()
    }

    static func subtitle(_ report: Report) -> String {
        let environment = report.environment
        var parts = [
            environment.cpuModel ?? "unknown CPU", "\(environment.logicalCores) cores",
            "Swift \(environment.swiftCompiler)", environment.buildConfiguration.rawValue,
            "allocator: \(environment.allocator.name)", report.run.quick ? "quick" : "full",
            environment.date,
        ]
        if let git = environment.git { parts.append(String(git.commit.prefix(10)) + (git.dirty ? " (dirty)" : "")) }
        return parts.joined(separator: " | ")
    }
}
