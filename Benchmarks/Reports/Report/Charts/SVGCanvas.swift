import Foundation

/// A minimal SVG writer for the report charts: absolute coordinates, escaped text, deterministic number formatting.
struct SVGCanvas {
    let width: Double
    let height: Double
    let fontFamily: String
    private var elements: [String] = []

    init(width: Double, height: Double, fontFamily: String = "Helvetica, Arial, sans-serif") {
        (self.width, self.height, self.fontFamily) = (width, height, fontFamily)
    }

    /// A font list that covers Latin, Chinese, Japanese and Korean titles on Linux (Noto, or WenQuanYi where Debian has
    /// no Noto CJK), macOS and Windows. Emoji fonts are deliberately not named: renderers fall back to them for emoji
    /// anyway, and some (librsvg with Noto Color Emoji) would otherwise take the digits from them.
    static let cjkFontFamily =
        "'Noto Sans', 'Noto Sans CJK SC', 'PingFang SC', 'Hiragino Sans', 'Microsoft YaHei', "
        + "'Apple SD Gothic Neo', 'Malgun Gothic', 'WenQuanYi Zen Hei', 'Helvetica Neue', Arial, sans-serif"

    /// Appends `markup` as it is: the caller builds the element and escapes
    /// its text and attribute values (``escape(_:)``).
    mutating func raw(_ markup: String) { elements.append(markup) }

    static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"]

    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }

    static func n(_ value: Double) -> String { String(format: "%.1f", value) }

    mutating func line(
        _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String, width: Double = 1, dash: String? = nil
    ) {
        let dashing = dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
        elements.append(
            "<line x1=\"\(Self.n(x1))\" y1=\"\(Self.n(y1))\" x2=\"\(Self.n(x2))\" y2=\"\(Self.n(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(Self.n(width))\"\(dashing)/>"
        )
    }

    mutating func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, fill: String, stroke: String = "none") {
        elements.append(
            "<rect x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" width=\"\(Self.n(w))\" height=\"\(Self.n(h))\" fill=\"\(fill)\" stroke=\"\(stroke)\"/>"
        )
    }

    mutating func circle(_ x: Double, _ y: Double, radius: Double, fill: String, title: String? = nil) {
        let circle = "<circle cx=\"\(Self.n(x))\" cy=\"\(Self.n(y))\" r=\"\(Self.n(radius))\" fill=\"\(fill)\""
        elements.append(title.map { circle + "><title>\(Self.escape($0))</title></circle>" } ?? circle + "/>")
    }

    mutating func polyline(_ points: [(Double, Double)], stroke: String, width: Double = 2) {
        guard points.count > 1 else { return }
        let list = points.map { "\(Self.n($0.0)),\(Self.n($0.1))" }.joined(separator: " ")
        elements.append(
            "<polyline points=\"\(list)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(Self.n(width))\"/>")
    }

    enum Anchor: String { case start, middle, end }

    mutating func text(
        _ x: Double, _ y: Double, _ content: String, size: Double = 12,
        anchor: Anchor = .start, fill: String = "#222", bold: Bool = false
    ) {
        let weight = bold ? " font-weight=\"bold\"" : ""
        elements.append(
            "<text x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" font-size=\"\(Self.n(size))\" text-anchor=\"\(anchor.rawValue)\" fill=\"\(fill)\"\(weight)>\(Self.escape(content))</text>"
        )
    }

    func render() -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text +=
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.n(width))\" height=\"\(Self.n(height))\" viewBox=\"0 0 \(Self.n(width)) \(Self.n(height))\" font-family=\"\(Self.escape(fontFamily))\">\n"
        text += "<rect x=\"0\" y=\"0\" width=\"\(Self.n(width))\" height=\"\(Self.n(height))\" fill=\"#ffffff\"/>\n"
        for element in elements { text += element + "\n" }
        text += "</svg>\n"
        return text
    }
}

/// A base-10 logarithmic axis mapping `[low, high]` (whole decades) onto pixels.
struct LogAxis {
    let lowExponent: Int
    let highExponent: Int
    let start: Double
    let end: Double

    init(values: [Double], start: Double, end: Double) {
        let positive = values.filter { $0 > 0 && $0.isFinite }
        let low = positive.min() ?? 1
        let high = positive.max() ?? 10
        let lowExponent = Int(log10(low).rounded(.down))
        var highExponent = Int(log10(high).rounded(.up))
        if highExponent <= lowExponent { highExponent = lowExponent + 1 }
        (self.lowExponent, self.highExponent, self.start, self.end) = (lowExponent, highExponent, start, end)
    }

    /// The pixel position of `value` (clamped into the axis).
    func position(_ value: Double) -> Double {
        let clamped = max(value, pow(10, Double(lowExponent)))
        let fraction = (log10(clamped) - Double(lowExponent)) / Double(highExponent - lowExponent)
        return start + (end - start) * min(max(fraction, 0), 1)
    }

    var decades: [Double] { (lowExponent...highExponent).map { pow(10, Double($0)) } }
}
