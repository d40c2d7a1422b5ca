import BenchInstruments

/// The scaling chart: one log-log panel per quantity (per-frame time, build time, …) against the tab count, with one
/// line per strategy, panels side by side.
package enum ScalingChart {
    package static func svg(for report: Report) -> String {
        var panels: [(name: String, series: [Series])] = []
        var strategies: [String] = []
        for scenario in report.scenarios {
            for original in scenario.series where original.points.contains(where: { $0.y != nil }) {
                var series = original
                series.strategy = displayName(strategy: series.strategy)
                if let index = panels.firstIndex(where: { $0.name == series.name }) {
                    panels[index].series.append(series)
                } else {
                    panels.append((series.name, [series]))
                }
                if !strategies.contains(series.strategy) { strategies.append(series.strategy) }
            }
        }
        let columns = max(1, min(3, panels.count))
        let (panelWidth, panelHeight, top) = (420.0, 320.0, 70.0)
        let rows = (panels.count + columns - 1) / columns
        let width = max(700, Double(columns) * panelWidth + 20)
        let height = top + max(1, Double(rows)) * (panelHeight + 20) + 10
        var canvas = SVGCanvas(width: width, height: height)
        LatencyChart.heading("Scaling with the tab count (log-log)", of: report, on: &canvas)
        guard !panels.isEmpty else {
            canvas.text(16, top + 16, "No scaling series in this run.", size: 13)
            return canvas.render()
        }
        var legendX = 16.0
        for (index, strategy) in strategies.enumerated() {
            let colour = SVGCanvas.palette[index % SVGCanvas.palette.count]
            canvas.line(legendX, 58, legendX + 22, 58, stroke: colour, width: 3)
            canvas.text(legendX + 28, 62, strategy, size: 11)
            legendX += 40 + Double(strategy.count) * 6.2
        }
        for (panelIndex, panel) in panels.enumerated() {
            let originX = 10 + Double(panelIndex % columns) * panelWidth
            let originY = top + Double(panelIndex / columns) * (panelHeight + 20)
            let (plotLeft, plotRight) = (originX + 70, originX + panelWidth - 20)
            let (plotTop, plotBottom) = (originY + 30, originY + panelHeight - 40)
            canvas.rect(originX, originY, panelWidth - 10, panelHeight, fill: "#fbfbfb", stroke: "#e0e0e0")
            canvas.text(
                originX + (panelWidth - 10) / 2, originY + 18, panel.name, size: 13, anchor: .middle, bold: true)
            let points = panel.series.flatMap(\.points)
            let xAxis = LogAxis(values: points.map(\.x), start: plotLeft, end: plotRight)
            let yAxis = LogAxis(values: points.compactMap(\.y), start: plotBottom, end: plotTop)
            for decade in xAxis.decades {
                let x = xAxis.position(decade)
                canvas.line(x, plotTop, x, plotBottom, stroke: "#e4e4e4")
                canvas.text(x, plotBottom + 14, countLabel(decade), size: 10, anchor: .middle, fill: "#555")
            }
            let yUnit = panel.series.first?.yUnit ?? ""
            for decade in yAxis.decades {
                let y = yAxis.position(decade)
                canvas.line(plotLeft, y, plotRight, y, stroke: "#e4e4e4")
                canvas.text(plotLeft - 6, y + 4, valueLabel(decade, unit: yUnit), size: 10, anchor: .end, fill: "#555")
            }
            canvas.text(
                (plotLeft + plotRight) / 2, plotBottom + 30, panel.series.first?.xUnit ?? "", size: 11,
                anchor: .middle, fill: "#555")
            for series in panel.series {
                let colour = SVGCanvas.palette[
                    (strategies.firstIndex(of: series.strategy) ?? 0) % SVGCanvas.palette.count]
                var segment: [(Double, Double)] = []
                for point in series.points {
                    guard let y = point.y, y > 0 else {
                        canvas.polyline(segment, stroke: colour)
                        segment = []
                        continue
                    }
                    let position = (xAxis.position(point.x), yAxis.position(y))
                    segment.append(position)
                    canvas.circle(
                        position.0, position.1, radius: 3.5, fill: colour,
                        title:
                            "\(series.strategy), \(countLabel(point.x)) \(series.xUnit): \(valueLabel(y, unit: series.yUnit))"
                    )
                }
                canvas.polyline(segment, stroke: colour)
            }
        }
        return canvas.render()
    }

    /// `1k`, `10M` and so on.
    static func countLabel(_ value: Double) -> String {
        if value >= 1e9 { return Format.number(value / 1e9) + "G" }
        if value >= 1e6 { return Format.number(value / 1e6) + "M" }
        if value >= 1e3 { return Format.number(value / 1e3) + "k" }
        return Format.number(value)
    }

    static func valueLabel(_ value: Double, unit: String) -> String {
        switch unit {
        case "ns": return Format.nanoseconds(value)
        case "bytes": return Format.bytes(value)
        default: return "\(Format.number(value)) \(unit)"
        }
    }

    /// What the legend calls a strategy: a name a user of the package can read, never an internal type
    /// (`TabStripTestSupport.FlatTabWidths` is the tests' and harness's flat reference index, not API).
    static func displayName(strategy: String) -> String {
        switch strategy {
        case "TabStripCore.TabWidths": return "TabWidths (the engine's index)"
        // Reports written before the flat index moved out of the engine name it `TabStripCore.FlatTabWidths`.
        case "TabStripTestSupport.FlatTabWidths", "TabStripCore.FlatTabWidths":
            return "flat prefix-sum array (reference)"
        case "virtualised (TabStripCore)": return "virtualised (the engine)"
        default:
            return strategy.replacingOccurrences(of: "TabStripCore.", with: "")
                .replacingOccurrences(of: "(TabStripCore)", with: "(the engine)")
        }
    }
}
