import BenchInstruments
import BenchSuite
import Foundation
import TabStrip

/// `strip-drag.svg`: a filmstrip of the strip during a pager drag, one row per filmed frame (the drag there, then
/// back), one column per indicator style, each frame's progress written at the left of its row.
///
/// Every frame is drawn from a ``StripSnapshot`` (what the engine told a `RecordingHost`): each cell's outline at its
/// frame, its title as text at the frame's centre in the engine's colour with a font size of ``titleFontSize`` × the
/// engine's scale, and the indicator as a rectangle at its frame. The viewport is the dark band; the shaded margins on
/// both sides are the overscan, where cells also live.
///
/// The markup carries what a checker needs: every frame is a `<g class="frame">` with `data-style`, `data-leg`,
/// `data-step` and `data-content-offset`, translated so that its x = 0 is the viewport's leading edge (content x =
/// content offset); inside it, cells are `<rect class="cell" data-tab>`, titles `<text class="title" data-tab>` and the
/// indicator `<rect class="indicator">`, in viewport coordinates with two decimals.
package enum StripDragChart {
    /// The font size of a title at scale 1, in points: two display columns
    /// (one CJK character) are 16 points wide in the engine's measurer.
    package static let titleFontSize = 15.0
    package static let indicatorColor = "#fe2c55"

    static let labelWidth = 120.0
    static let margin = 16.0
    static let columnGap = 30.0
    static let rowGap = 14.0
    static let legHeading = 26.0
    static let top = 84.0

    /// The SVG for `films` (one column each; all filmed over the same drag).
    package static func svg(for films: [StripDragFilm], seed: UInt64) -> String {
        guard let first = films.first, let firstFrame = first.frames.first else {
            var canvas = SVGCanvas(width: 600, height: 80)
            canvas.text(16, 40, "No drag was filmed.", size: 13)
            return canvas.render()
        }
        let viewport = firstFrame.snapshot.viewport
        let overscan = first.overscan
        let columnWidth = viewport.width + 2 * overscan
        let stripHeight = viewport.height
        let rowHeight = stripHeight + rowGap
        let legs = legsInOrder(first)
        let rows = first.frames.count
        let width =
            margin + labelWidth + Double(films.count) * columnWidth + Double(films.count - 1) * columnGap + margin
        let height = top + Double(legs.count) * legHeading + Double(rows) * rowHeight + 24
        var canvas = SVGCanvas(width: width, height: height, fontFamily: SVGCanvas.cjkFontFamily)

        let narrow = first.narrowTab
        let wide = first.wideTab
        let narrowCell = firstFrame.snapshot.cells.first { $0.tab == narrow }
        let wideCell = firstFrame.snapshot.cells.first { $0.tab == wide }
        canvas.text(
            margin, 24, "A pager drag from a narrow tab to its wide neighbour and back, as the engine drew it",
            size: 16, bold: true)
        var subtitle = "tab \(Format.integer(narrow))"
        if let narrowCell { subtitle += " “\(narrowCell.title)” (\(Format.number(narrowCell.frame.width)) pt)" }
        subtitle += " → tab \(Format.integer(wide))"
        if let wideCell { subtitle += " “\(wideCell.title)” (\(Format.number(wideCell.frame.width)) pt)" }
        subtitle +=
            " of \(Format.integer(first.tabCount)) generated titles (seed \(seed)); PagerSync at 120 Hz, "
            + "page \(Format.number(first.pageWidth)) pt"
        canvas.text(margin, 42, subtitle, size: 11, fill: "#444")
        canvas.text(
            margin, 58,
            "Dark band: the \(Format.number(viewport.width)) pt viewport; shaded: the "
                + "\(Format.number(overscan)) pt overscan on each side (cells live there too); outlines: cell frames; "
                + "title colour and size: the engine's colour and scale; red bar: the indicator's frame.",
            size: 11, fill: "#444")
        canvas.raw(
            "<defs><clipPath id=\"strip-window\"><rect x=\"\(n(-overscan))\" y=\"0\" width=\"\(n(columnWidth))\" "
                + "height=\"\(n(stripHeight))\"/></clipPath></defs>")
        for (column, film) in films.enumerated() {
            let x = columnX(column, columnWidth: columnWidth)
            canvas.text(
                x + columnWidth / 2, top - 8, "indicator: .\(film.styleName)", size: 13, anchor: .middle, bold: true)
        }

        var y = top
        for leg in legs {
            let legFrames = first.frames.filter { $0.leg == leg }
            y += legHeading
            canvas.text(margin, y - 8, heading(leg, film: first), size: 12, fill: "#333", bold: true)
            for frame in legFrames {
                let direction = leg == .there ? "→" : "←"
                let signed = frame.progress.progress
                canvas.raw(
                    "<text class=\"progress\" data-leg=\"\(leg.rawValue)\" data-step=\"\(frame.step)\" x=\"\(n(margin))\" "
                        + "y=\"\(n(y + stripHeight / 2 - 2))\" font-size=\"14\" fill=\"#222\" font-weight=\"bold\">"
                        + "\(direction) \(frame.step)/\(first.steps)</text>")
                canvas.text(
                    margin, y + stripHeight / 2 + 14,
                    "progress \(signed < 0 ? "−" : "+")\(String(format: "%.3f", abs(signed)))", size: 11, fill: "#555")
                for (column, film) in films.enumerated() {
                    guard let filmed = film.frames.first(where: { $0.leg == leg && $0.step == frame.step }) else {
                        continue
                    }
                    draw(
                        filmed, style: film.styleName, overscan: overscan,
                        at: (columnX(column, columnWidth: columnWidth) + overscan, y), on: &canvas)
                }
                y += rowHeight
            }
        }
        return canvas.render()
    }

    static func legsInOrder(_ film: StripDragFilm) -> [StripDragFilm.Frame.Leg] {
        var legs: [StripDragFilm.Frame.Leg] = []
        for frame in film.frames where !legs.contains(frame.leg) { legs.append(frame.leg) }
        return legs
    }

    static func heading(_ leg: StripDragFilm.Frame.Leg, film: StripDragFilm) -> String {
        switch leg {
        case .there:
            return "There: tab \(Format.integer(film.narrowTab)) selected and centred, the finger drags the pages left "
                + "k/\(film.steps) of a page"
        case .back:
            return "Back: the pager settled on tab \(Format.integer(film.wideTab)) and the strip centred it (0.25 s), "
                + "then the finger drags the pages right k/\(film.steps) of a page"
        }
    }

    static func columnX(_ column: Int, columnWidth: Double) -> Double {
        margin + labelWidth + Double(column) * (columnWidth + columnGap)
    }

    static func draw(
        _ frame: StripDragFilm.Frame, style: String, overscan: Double, at origin: (Double, Double),
        on canvas: inout SVGCanvas
    ) {
        let snapshot = frame.snapshot
        let offset = snapshot.contentOffset
        let viewport = snapshot.viewport
        canvas.raw(
            "<g class=\"frame\" data-style=\"\(SVGCanvas.escape(style))\" data-leg=\"\(frame.leg.rawValue)\" "
                + "data-step=\"\(frame.step)\" data-content-offset=\"\(n(offset))\" "
                + "transform=\"translate(\(n(origin.0)),\(n(origin.1)))\">")
        canvas.raw(
            "<rect x=\"\(n(-overscan))\" y=\"0\" width=\"\(n(viewport.width + 2 * overscan))\" "
                + "height=\"\(n(viewport.height))\" fill=\"#3a3d4a\"/>")
        canvas.raw(
            "<rect x=\"0\" y=\"0\" width=\"\(n(viewport.width))\" height=\"\(n(viewport.height))\" fill=\"#161823\"/>")
        canvas.raw("<g clip-path=\"url(#strip-window)\">")
        for cell in snapshot.cells {
            let x = cell.frame.x - offset
            canvas.raw(
                "<rect class=\"cell\" data-tab=\"\(cell.tab)\" x=\"\(n(x))\" y=\"\(n(cell.frame.y))\" "
                    + "width=\"\(n(cell.frame.width))\" height=\"\(n(cell.frame.height))\" fill=\"none\" "
                    + "stroke=\"#7a7f95\" stroke-width=\"0.75\"/>")
        }
        for cell in snapshot.cells {
            let size = titleFontSize * cell.scale
            let opacity = cell.color.alpha < 1 ? " fill-opacity=\"\(String(format: "%.3f", cell.color.alpha))\"" : ""
            canvas.raw(
                "<text class=\"title\" data-tab=\"\(cell.tab)\" x=\"\(n(cell.frame.midX - offset))\" "
                    + "y=\"\(n(cell.frame.midY + 0.36 * size))\" font-size=\"\(n(size))\" text-anchor=\"middle\" "
                    + "fill=\"\(hex(cell.color))\"\(opacity)>\(SVGCanvas.escape(cell.title))</text>")
        }
        if let indicator = snapshot.indicator {
            canvas.raw(
                "<rect class=\"indicator\" x=\"\(n(indicator.x - offset))\" y=\"\(n(indicator.y))\" "
                    + "width=\"\(n(indicator.width))\" height=\"\(n(indicator.height))\" fill=\"\(indicatorColor)\"/>")
        }
        canvas.raw("</g>")
        for edge in [0, viewport.width] {
            canvas.raw(
                "<line x1=\"\(n(edge))\" y1=\"0\" x2=\"\(n(edge))\" y2=\"\(n(viewport.height))\" stroke=\"#f0f0f0\" "
                    + "stroke-width=\"1\" stroke-dasharray=\"3,2\"/>")
        }
        canvas.raw("</g>")
    }

    /// `#rrggbb` for a colour's red, green and blue, each rounded to the nearest of 256 levels.
    package static func hex(_ color: RGBA) -> String {
        func byte(_ component: Double) -> String {
            String(format: "%02x", Int((Swift.min(Swift.max(component, 0), 1) * 255).rounded()))
        }
        return "#" + byte(color.red) + byte(color.green) + byte(color.blue)
    }

    /// Two decimals, `-0.00` written as `0.00`.
    static func n(_ value: Double) -> String {
        let text = String(format: "%.2f", value)
        return text == "-0.00" ? "0.00" : text
    }
}
