import BenchInstruments
import BenchSuite
import Foundation
import TabStrip

/// `strip-fling.svg`: one fast fling as small multiples against time: the content offset, the velocity, the tabs with
/// cells (first and last), the cells alive, and the cells created against reused (cumulative), each panel with labelled
/// axes.
///
/// The markup carries what a checker needs: every panel is a `<g class="panel" data-panel>` with its data range and
/// plot area (`data-x-min`, `data-x-max`, `data-y-min`, `data-y-max`, `data-left`, `data-right`, `data-top`,
/// `data-bottom`), and every curve a `<polyline class="series" data-series>` with one point per frame (two decimals),
/// so a value can be read back from a point.
package enum FlingChart {
    /// One panel: a quantity against time.
    package struct Panel: Sendable {
        package var key: String
        package var title: String
        package var yLabel: String
        /// The curves: a key, a legend label, a colour and one value per frame.
        package var series: [(key: String, label: String, colour: String, values: [Double])]
        package var fromZero = false
    }

    /// The panels for `film`, in drawing order.
    package static func panels(for film: FlingFilm) -> [Panel] {
        let frames = film.frames
        return [
            Panel(
                key: "offset", title: "content offset", yLabel: "pt",
                series: [("offset", "offset", SVGCanvas.palette[0], frames.map(\.offset))]),
            Panel(
                key: "velocity", title: "velocity", yLabel: "pt/s",
                series: [("velocity", "velocity", SVGCanvas.palette[1], frames.map(\.velocity))]),
            Panel(
                key: "tabs", title: "tabs with cells (viewport + overscan)", yLabel: "tab index",
                series: [
                    ("first", "first", SVGCanvas.palette[2], frames.map { Double($0.tabsWithCells.lowerBound) }),
                    ("last", "last", SVGCanvas.palette[4], frames.map { Double($0.tabsWithCells.upperBound - 1) }),
                ]),
            Panel(
                key: "alive", title: "cells alive (on screen at the host)", yLabel: "cells",
                series: [("alive", "alive", SVGCanvas.palette[3], frames.map { Double($0.cellsAlive) })], fromZero: true
            ),
            Panel(
                key: "cells", title: "cells created vs reused (cumulative)", yLabel: "cells",
                series: [
                    ("created", "created", SVGCanvas.palette[1], frames.map { Double($0.cellsCreated) }),
                    ("reused", "reused", SVGCanvas.palette[0], frames.map { Double($0.cellsReused) }),
                ], fromZero: true),
        ]
    }

    static let panelWidth = 520.0
    static let panelHeight = 250.0
    static let top = 76.0

    package static func svg(for film: FlingFilm, seed: UInt64) -> String {
        let panels = panels(for: film)
        let columns = 2
        let rows = (panels.count + 1 + columns - 1) / columns
        let width = 20 + Double(columns) * panelWidth
        let height = top + Double(rows) * (panelHeight + 16) + 10
        var canvas = SVGCanvas(width: width, height: height, fontFamily: SVGCanvas.cjkFontFamily)
        canvas.text(
            16, 24, "One fast fling over \(Format.integer(film.tabCount)) tabs, frame by frame at 120 Hz",
            size: 16, bold: true)
        let release = film.fling.startVelocity
        canvas.text(
            16, 42,
            "released at \(Format.integer(Int(release.rounded()))) pt/s from tab "
                + "\(Format.integer(film.startTab)) (offset \(Format.integer(Int(film.fling.startPosition.rounded()))) pt), "
                + "seed \(seed), with the fling scenario's physics (.normal deceleration, rubber band)", size: 11,
            fill: "#444")
        canvas.text(
            16, 58,
            "Every point is one frame: the fling's position given to the virtualiser (setContentOffset), "
                + "and the cells as a recording host saw them", size: 11, fill: "#444")
        let times = film.frames.map(\.time)
        for (index, panel) in panels.enumerated() {
            let origin = (10 + Double(index % columns) * panelWidth, top + Double(index / columns) * (panelHeight + 16))
            draw(panel, times: times, at: origin, on: &canvas)
        }
        // The last cell of the grid: what the fling was.
        let index = panels.count
        let x = 10 + Double(index % columns) * panelWidth + 16
        var y = top + Double(index / columns) * (panelHeight + 16) + 30
        let last = film.frames.last
        let initial = film.frames.first?.cellsCreated ?? 0
        let lines = [
            "frames: \(Format.integer(film.frames.count)) (\(String(format: "%.2f", last?.time ?? 0)) s until at rest)",
            "distance: \(Format.integer(Int(((last?.offset ?? 0) - film.fling.startPosition).rounded()))) pt, "
                + "tabs \(Format.integer(film.frames.first?.tabsWithCells.lowerBound ?? 0)) → "
                + "\(Format.integer(last?.tabsWithCells.lowerBound ?? 0))",
            "viewport \(Format.number(film.viewportWidth)) pt; pool limit \(EngineFixture.poolLimit) cells per kind",
            "cells alive: \(Format.integer(film.frames.map(\.cellsAlive).min() ?? 0))–"
                + "\(Format.integer(film.frames.map(\.cellsAlive).max() ?? 0))",
            "cells created: \(Format.integer(last?.cellsCreated ?? 0)) (\(Format.integer(initial)) when the strip "
                + "first appeared, \(Format.integer((last?.cellsCreated ?? 0) - initial)) during the fling)",
            "cells reused: \(Format.integer(last?.cellsReused ?? 0))",
        ]
        canvas.text(x, y, "The fling", size: 13, bold: true)
        for line in lines {
            y += 20
            canvas.text(x, y, line, size: 12, fill: "#333")
        }
        return canvas.render()
    }

    static func draw(_ panel: Panel, times: [Double], at origin: (Double, Double), on canvas: inout SVGCanvas) {
        let (left, right) = (origin.0 + 78, origin.0 + panelWidth - 24)
        let (top, bottom) = (origin.1 + 40, origin.1 + panelHeight - 44)
        let values = panel.series.flatMap(\.values)
        let xAxis = LinearAxis(low: times.min() ?? 0, high: times.max() ?? 1, start: left, end: right)
        let lowest = values.min() ?? 0
        let yAxis = LinearAxis(
            low: panel.fromZero ? Swift.min(0, lowest) : lowest, high: values.max() ?? 1, start: bottom, end: top)
        canvas.raw(
            "<g class=\"panel\" data-panel=\"\(panel.key)\" data-x-min=\"\(xAxis.low)\" data-x-max=\"\(xAxis.high)\" "
                + "data-y-min=\"\(yAxis.low)\" data-y-max=\"\(yAxis.high)\" data-left=\"\(n(left))\" "
                + "data-right=\"\(n(right))\" data-top=\"\(n(top))\" data-bottom=\"\(n(bottom))\">")
        canvas.rect(origin.0, origin.1, panelWidth - 10, panelHeight, fill: "#fbfbfb", stroke: "#e0e0e0")
        canvas.text(origin.0 + 16, origin.1 + 22, panel.title, size: 13, bold: true)
        var legendX = origin.0 + panelWidth - 30
        for series in panel.series.reversed() {
            legendX -= 14 + Double(series.label.count) * 6.5
            canvas.line(legendX - 22, origin.1 + 18, legendX - 4, origin.1 + 18, stroke: series.colour, width: 3)
            canvas.text(legendX, origin.1 + 22, series.label, size: 11)
            legendX -= 26
        }
        for tick in xAxis.ticks {
            let x = xAxis.position(tick)
            canvas.line(x, top, x, bottom, stroke: "#e6e6e6")
            canvas.text(x, bottom + 14, xAxis.label(tick), size: 10, anchor: .middle, fill: "#555")
        }
        for tick in yAxis.ticks {
            let y = yAxis.position(tick)
            canvas.line(left, y, right, y, stroke: "#e6e6e6")
            canvas.text(left - 6, y + 3.5, yAxis.label(tick), size: 10, anchor: .end, fill: "#555")
        }
        canvas.line(left, bottom, right, bottom, stroke: "#888")
        canvas.line(left, top, left, bottom, stroke: "#888")
        canvas.text((left + right) / 2, bottom + 32, "time since release (s)", size: 11, anchor: .middle, fill: "#555")
        let labelY = (top + bottom) / 2
        canvas.raw(
            "<text x=\"\(n(origin.0 + 14))\" y=\"\(n(labelY))\" font-size=\"11\" text-anchor=\"middle\" fill=\"#555\" "
                + "transform=\"rotate(-90 \(n(origin.0 + 14)) \(n(labelY)))\">\(SVGCanvas.escape(panel.yLabel))</text>")
        for series in panel.series {
            let points = zip(times, series.values).map { "\(n(xAxis.position($0))),\(n(yAxis.position($1)))" }
            canvas.raw(
                "<polyline class=\"series\" data-series=\"\(series.key)\" points=\"\(points.joined(separator: " "))\" "
                    + "fill=\"none\" stroke=\"\(series.colour)\" stroke-width=\"1.75\" stroke-linejoin=\"round\"/>")
        }
        canvas.raw("</g>")
    }

    static func n(_ value: Double) -> String { StripDragChart.n(value) }
}

/// A linear axis mapping `[low, high]`, widened to whole steps of a round tick spacing (1, 2 or 5 times a power of ten,
/// about five ticks), onto pixels.
struct LinearAxis {
    let low: Double
    let high: Double
    let step: Double
    let start: Double
    let end: Double

    init(low: Double, high: Double, start: Double, end: Double) {
        var low = low.isFinite ? low : 0
        var high = high.isFinite ? high : 1
        if high <= low {
            let pad = Swift.max(1, abs(low) * 0.05)
            low -= pad
            high += pad
        }
        let rough = (high - low) / 5
        let power = pow(10, (log10(rough)).rounded(.down))
        let fraction = rough / power
        let step = (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power
        self.step = step
        self.low = (low / step).rounded(.down) * step
        self.high = (high / step).rounded(.up) * step
        (self.start, self.end) = (start, end)
    }

    func position(_ value: Double) -> Double { start + (end - start) * (value - low) / (high - low) }

    var ticks: [Double] {
        let count = Int(((high - low) / step).rounded())
        return (0...count).map { low + Double($0) * step }
    }

    /// A tick's label, with as many decimals as the step needs.
    func label(_ value: Double) -> String {
        if step >= 1 { return Format.integer(Int(value.rounded())) }
        let decimals = Int((-log10(step)).rounded(.up))
        let text = String(format: "%.\(decimals)f", value)
        return text.hasPrefix("-") && Double(text) == 0 ? String(text.dropFirst()) : text
    }
}
