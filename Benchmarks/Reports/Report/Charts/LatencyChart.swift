import BenchInstruments
import Foundation

/// The chart of latency percentiles, read at a glance: the headline rows first (a frame of each gesture and the range
/// query, the figures the README quotes), then one panel per scenario, each with its own logarithmic time axis under
/// it. Every row marks p50, p90, p99 and p99.9, and the maximum as a tick; a single sample is one mark.
package enum LatencyChart {
    static let headlineRows = [("fling", "frame"), ("jump", "frame"), ("pager", "frame"), ("fling", "range-query")]

    static let headlineTitle = "Headline: one frame of each gesture, and the visible-range query"

    struct Panel {
        var title: String
        var rows: [(label: String, summary: TimingSummary)]
    }

    /// The panels of `report`: the headline rows (those it has), then one per scenario with timing figures, the
    /// headline rows left out, the harness's own overhead last.
    static func panels(for report: Report) -> [Panel] {
        var headline = Panel(title: headlineTitle, rows: [])
        for (scenario, metric) in headlineRows {
            if let summary = report.scenario(named: scenario)?.metric(named: metric)?.timing, summary.count > 0 {
                headline.rows.append(("\(scenario) / \(metric)", summary))
            }
        }
        var panels = headline.rows.isEmpty ? [] : [headline]
        for scenario in report.scenarios {
            var panel = Panel(title: scenario.name, rows: [])
            for metric in scenario.metrics where metric.kind == .timing {
                guard let summary = metric.timing, summary.count > 0 else { continue }
                if !headline.rows.isEmpty, headlineRows.contains(where: { $0 == (scenario.name, metric.name) }) {
                    continue
                }
                panel.rows.append((metric.name, summary))
            }
            if !panel.rows.isEmpty { panels.append(panel) }
        }
        // The instruments' own cost last: it is not a figure of the engine.
        if let index = panels.firstIndex(where: { $0.title == MarkdownReport.harnessScenario }) {
            panels.append(panels.remove(at: index))
        }
        return panels
    }

    package static func svg(for report: Report) -> String {
        let panels = panels(for: report)
        let (left, right, top, width) = (230.0, 40.0, 74.0, 1_000.0)
        let (rowHeight, titleHeight, axisHeight, gap) = (22.0, 26.0, 30.0, 14.0)
        let height =
            top + panels.reduce(0) { $0 + titleHeight + Double($1.rows.count) * rowHeight + axisHeight + gap } + 30
        var canvas = SVGCanvas(width: width, height: max(height, top + 40))
        heading("Latency percentiles per scenario and metric", of: report, on: &canvas)
        guard !panels.isEmpty else {
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
        canvas.text(
            legendX + 50, 62, "each panel has its own time axis (log scale; clock reading included)", size: 11,
            fill: "#555")

        var y = top
        for (index, panel) in panels.enumerated() {
            let headline = index == 0 && panel.title == headlineTitle
            canvas.text(16, y + 17, panel.title, size: 13, fill: headline ? "#000" : "#222", bold: true)
            y += titleHeight
            let values = panel.rows.flatMap { [$0.summary.min, $0.summary.p50, $0.summary.max] }
            let axis = LogAxis(values: values, start: left, end: width - right)
            let bottom = y + Double(panel.rows.count) * rowHeight
            if headline {
                canvas.rect(
                    8, y - titleHeight, width - 16, bottom - y + titleHeight + 22, fill: "none", stroke: "#1f77b4")
            }
            for decade in axis.decades {
                let x = axis.position(decade)
                canvas.line(x, y, x, bottom, stroke: "#dddddd")
                canvas.text(x, bottom + 14, Format.nanoseconds(decade), size: 11, anchor: .middle, fill: "#555")
            }
            canvas.line(left, bottom, width - right, bottom, stroke: "#999")
            for (rowIndex, row) in panel.rows.enumerated() {
                let centre = y + Double(rowIndex) * rowHeight + rowHeight / 2
                if rowIndex % 2 == 0 { canvas.rect(16, centre - rowHeight / 2, width - 32, rowHeight, fill: "#f6f6f6") }
                canvas.text(left - 10, centre + 4, row.label, size: 12, anchor: .end)
                draw(
                    row.summary, label: "\(panel.title) \(row.label)", at: centre, on: axis, markers: markers,
                    canvas: &canvas)
            }
            y = bottom + axisHeight + gap
        }
        return canvas.render()
    }

    private static func draw(
        _ summary: TimingSummary, label: String, at y: Double, on axis: LogAxis,
        markers: [(String, String, KeyPath<TimingSummary, Double>)], canvas: inout SVGCanvas
    ) {
        if summary.count == 1 {
            canvas.circle(
                axis.position(summary.p50), y, radius: 4.5, fill: "#444",
                title: "\(label): \(Format.nanoseconds(summary.p50)) (one sample)")
            return
        }
        canvas.line(axis.position(summary.p50), y, axis.position(summary.p999), y, stroke: "#999", width: 2)
        canvas.line(
            axis.position(summary.p999), y, axis.position(summary.max), y, stroke: "#bbb", width: 1, dash: "3,3")
        let maxX = axis.position(summary.max)
        canvas.line(maxX, y - 6, maxX, y + 6, stroke: "#444", width: 2)
        for (name, colour, path) in markers.reversed() { // p50 drawn last, on top
            let value = summary[keyPath: path]
            canvas.circle(
                axis.position(value), y, radius: 4.5, fill: colour,
                title: "\(label) \(name): \(Format.nanoseconds(value))")
        }
    }
    /// A report chart's title (marked in a debug build) and, under it, the run it shows.
    static func heading(_ title: String, of report: Report, on canvas: inout SVGCanvas) {
        let environment = report.environment
        let debug = environment.buildConfiguration == .debug
        let marked = (debug ? "DEBUG BUILD (not representative) - " : "") + title
        canvas.text(16, 24, marked, size: 16, fill: debug ? "#c00000" : "#222", bold: true)
        var parts = [
            environment.cpuModel ?? "unknown CPU", "\(environment.logicalCores) cores",
            "Swift \(environment.swiftCompiler)", environment.buildConfiguration.rawValue,
            "allocator: \(environment.allocator.name)", report.run.quick ? "quick" : "full", environment.date,
        ]
        if let git = environment.git { parts.append(String(git.commit.prefix(10)) + (git.dirty ? " (dirty)" : "")) }
        canvas.text(16, 42, parts.joined(separator: " | "), size: 11, fill: "#555")
    }
}
