import Foundation
import TabStrip
import Testing

@testable import BenchCLI
@testable import BenchGate
@testable import BenchInstruments
@testable import BenchReports
@testable import BenchSuite

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An SVG element as parsed: its name, attributes, text, and the
/// attributes of the nearest enclosing `<g>` that has a `class`.
struct ParsedElement {
    var name: String
    var attributes: [String: String]
    var text = ""
    var group: [String: String]

    func number(_ key: String) -> Double? { attributes[key].flatMap(Double.init) }
}

/// Collects every element of an SVG with `XMLParser` (which also proves the
/// document is well-formed XML).
final class SVGCollector: NSObject, XMLParserDelegate {
    private(set) var elements: [ParsedElement] = []
    private var open: [Int] = []
    private var groups: [[String: String]] = []

    static func parse(_ svg: String) -> (ok: Bool, error: String, elements: [ParsedElement]) {
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = SVGCollector()
        parser.delegate = collector
        let ok = parser.parse()
        return (ok, parser.parserError.map { "\($0)" } ?? "", collector.elements)
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.append(ParsedElement(name: name, attributes: attributes, group: groups.last ?? [:]))
        open.append(elements.count - 1)
        if name == "g" { groups.append(attributes["class"] != nil ? attributes : (groups.last ?? [:])) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let index = open.last { elements[index].text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
        if name == "g" { groups.removeLast() }
    }
}

/// `#rrggbb`, computed here rather than with the chart's helper.
private func expectedHex(_ color: RGBA) -> String {
    [color.red, color.green, color.blue]
        .map { component -> String in
            let byte = Int((component * 255).rounded())
            return (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }
        .reduce("#", +)
}

/// Values drawn with two decimals.
private func close(_ drawn: Double?, _ expected: Double, within tolerance: Double = 0.0051) -> Bool {
    guard let drawn else { return false }
    return abs(drawn - expected) <= tolerance
}

@Suite("pictures of the strip")
struct StripPicturesTests {
    static let seed: UInt64 = 42
    static let count = 3_000
    static let titles = TitleGenerator.titles(count: count, seed: seed)
    /// The strip as a host would build it from the same titles, apart from
    /// the harness's fixture.
    static func reference() throws -> TabStrip {
        try TabStrip(titles: titles, viewport: Viewport(width: 390, height: 44))
    }

    @Test func theDragStartsAtTheNarrowTabWithTheWidestNeighbourGain() throws {
        let pictures = try StripPictures.record(seed: Self.seed, titleCount: Self.count)
        let strip = try Self.reference()
        let film = pictures.lineDrag
        #expect(film.wideTab == film.narrowTab + 1)
        let gain = try strip.frame(ofTab: film.wideTab).width - strip.frame(ofTab: film.narrowTab).width
        #expect(gain > 0)
        for index in 2...400 {
            let wide = try strip.frame(ofTab: index + 1).width
            if wide <= 200 { #expect(wide - (try strip.frame(ofTab: index).width) <= gain, "tab \(index)") }
        }
        #expect(pictures.lengthenDrag.narrowTab == film.narrowTab)
    }

    @Test func everyDrawnDragFrameMatchesTheEngine() throws {
        let pictures = try StripPictures.record(seed: Self.seed, titleCount: Self.count)
        let svg = StripDragChart.svg(for: [pictures.lineDrag, pictures.lengthenDrag], seed: Self.seed)
        let parsed = SVGCollector.parse(svg)
        #expect(parsed.ok, "\(parsed.error)")
        #expect(svg.contains("Noto Sans CJK SC"))
        let strip = try Self.reference()
        let narrow = pictures.lineDrag.narrowTab
        let wide = narrow + 1
        let lengthen = try IndicatorStyle(
            kind: .lengthen, width: .inset(by: 20), height: 3, placement: .bottom(inset: 1))
        var framesChecked = 0
        for (style, indicatorStyle) in [("line", IndicatorStyle.douyin), ("lengthen", lengthen)] {
            for leg in ["there", "back"] {
                for step in 0...6 {
                    let current = leg == "there" ? narrow : wide
                    let neighbour = leg == "there" ? wide : narrow
                    let progress = (leg == "there" ? 1.0 : -1.0) * Double(step) / 6
                    let here = "\(style) \(leg) \(step)/6"
                    let inFrame = parsed.elements.filter {
                        $0.group["data-style"] == style && $0.group["data-leg"] == leg
                            && $0.group["data-step"] == "\(step)"
                    }
                    let groups = parsed.elements.filter {
                        $0.name == "g" && $0.attributes["data-style"] == style && $0.attributes["data-leg"] == leg
                            && $0.attributes["data-step"] == "\(step)"
                    }
                    try #require(groups.count == 1, "\(here): one frame group")
                    // The strip rests centred on the tab the drag starts from.
                    let offset = try strip.targetContentOffset(forSelecting: current, scroll: .center)
                    #expect(close(groups[0].number("data-content-offset"), offset), "\(here): content offset")

                    // Exactly the tabs the engine keeps cells for, each at its frame.
                    let tabs = try strip.geometry.visibleTabs(atContentOffset: offset, overscan: strip.layout.overscan)
                    let cells = inFrame.filter { $0.name == "rect" && $0.attributes["class"] == "cell" }
                    let titles = inFrame.filter { $0.name == "text" && $0.attributes["class"] == "title" }
                    #expect(
                        cells.compactMap { $0.attributes["data-tab"].flatMap(Int.init) } == Array(tabs),
                        "\(here): cells")
                    #expect(
                        titles.compactMap { $0.attributes["data-tab"].flatMap(Int.init) } == Array(tabs),
                        "\(here): titles")
                    let pager = try PagerProgress(currentIndex: current, progress: progress, pageCount: strip.tabCount)
                    for (cell, title) in zip(cells, titles) {
                        let tab = try #require(cell.attributes["data-tab"].flatMap(Int.init))
                        let frame = try strip.frame(ofTab: tab)
                        #expect(close(cell.number("x"), frame.x - offset), "\(here): tab \(tab) x")
                        #expect(close(cell.number("width"), frame.width), "\(here): tab \(tab) width")
                        #expect(close(cell.number("y"), frame.y) && close(cell.number("height"), frame.height))
                        let appearance = strip.titleStyle.appearance(ofTab: tab, in: pager)
                        #expect(title.attributes["fill"] == expectedHex(appearance.color), "\(here): tab \(tab) colour")
                        #expect(
                            close(title.number("font-size"), StripDragChart.titleFontSize * appearance.scale),
                            "\(here): tab \(tab) scale")
                        #expect(close(title.number("x"), frame.midX - offset), "\(here): tab \(tab) title position")
                        #expect(title.text == Self.titles[tab], "\(here): tab \(tab) title")
                    }

                    // The indicator at the style's frame for this progress.
                    let indicators = inFrame.filter { $0.attributes["class"] == "indicator" }
                    try #require(indicators.count == 1, "\(here): one indicator")
                    let expected = try indicatorStyle.frame(
                        current: strip.frame(ofTab: current),
                        neighbour: step == 0 ? nil : strip.frame(ofTab: neighbour),
                        progress: progress, stripHeight: strip.viewport.height)
                    let drawn = indicators[0]
                    #expect(close(drawn.number("x"), expected.x - offset), "\(here): indicator x")
                    #expect(close(drawn.number("width"), expected.width), "\(here): indicator width")
                    #expect(close(drawn.number("y"), expected.y) && close(drawn.number("height"), expected.height))

                    // The progress written beside the row.
                    let label = parsed.elements.first {
                        $0.attributes["class"] == "progress" && $0.attributes["data-leg"] == leg
                            && $0.attributes["data-step"] == "\(step)"
                    }
                    #expect(label?.text.contains("\(step)/6") == true, "\(here): label")
                    framesChecked += 1
                }
            }
        }
        #expect(framesChecked == 28)
        // Mid-drag the two tabs really differ from rest and selection (the
        // check above is not comparing resting strips).
        let middle = try #require(pictures.lineDrag.frames.first { $0.leg == .there && $0.step == 3 })
        let scales = middle.snapshot.cells.filter { $0.tab == narrow || $0.tab == wide }.map(\.scale)
        #expect(scales.count == 2 && scales.allSatisfy { $0 > 0.9 && $0 < 1.1 })
    }

    @Test func thePicturesDependOnTheSeedOnly() throws {
        func render(_ seed: UInt64) throws -> [String] {
            let pictures = try StripPictures.record(seed: seed, titleCount: 1_000)
            return [
                StripDragChart.svg(for: [pictures.lineDrag, pictures.lengthenDrag], seed: seed),
                FlingChart.svg(for: pictures.fling, seed: seed),
            ]
        }
        let first = try render(7)
        #expect(try render(7) == first)
        let other = try render(8)
        #expect(other[0] != first[0] && other[1] != first[1])
    }

    @Test func titlesAreEscapedAndKeptWhole() throws {
        let titles = ["推荐", "A&B", "<b>", "🔥 热点 & <live> \"x\"", "おすすめ", "추천", "👨‍👩‍👧‍👦 Family", "Ü"]
        let strip = try TabStrip(titles: titles, viewport: Viewport(width: 390, height: 44))
        let film = try StripDragFilm.record(
            strip: strip, narrowTab: 2, indicatorStyle: .douyin, styleName: "line & <co>")
        let svg = StripDragChart.svg(for: [film], seed: 1)
        let parsed = SVGCollector.parse(svg)
        #expect(parsed.ok, "\(parsed.error)")
        let drawn = parsed.elements.filter {
            $0.attributes["class"] == "title" && $0.group["data-step"] == "0"
                && $0.group["data-leg"] == "there"
        }
        #expect(
            drawn.map(\.text) == drawn.compactMap { $0.attributes["data-tab"].flatMap(Int.init) }.map { titles[$0] })
        #expect(Set(drawn.map(\.text)).isSuperset(of: ["A&B", "<b>", "🔥 热点 & <live> \"x\""]))
        #expect(parsed.elements.contains { $0.attributes["data-style"] == "line & <co>" })
    }

    @Test func theFlingChartDrawsTheFlingsPositions() throws {
        let pictures = try StripPictures.record(seed: Self.seed, titleCount: Self.count)
        let film = pictures.fling
        let strip = try Self.reference()
        // The same fling, built here from its release.
        let physics = try ScrollPhysics(
            decelerationRate: .normal, bounce: .init(rubberBand: RubberBand(dimension: 390)),
            carriesMomentum: true)
        let fling = try Fling(
            position: strip.frame(ofTab: film.startTab).x, velocityPerSecond: film.fling.startVelocity, startTime: 0,
            bounds: strip.contentOffsetRange, physics: physics)
        #expect(film.fling == fling)
        #expect(film.fling.startVelocity >= 12_000 && film.fling.startVelocity <= 20_000)
        #expect(film.frames.count > 100)
        var previous: FlingFilm.Frame?
        for (k, frame) in film.frames.enumerated() {
            let time = Double(k) / 120
            #expect(abs(frame.time - time) < 1e-12)
            #expect(frame.offset == fling.position(at: frame.time), "frame \(k) offset")
            #expect(frame.velocity == fling.velocity(at: frame.time), "frame \(k) velocity")
            let tabs = try strip.geometry.visibleTabs(atContentOffset: frame.offset, overscan: strip.layout.overscan)
            #expect(frame.tabsWithCells == tabs, "frame \(k) tabs")
            #expect(frame.cellsAlive == tabs.count, "frame \(k) cells alive")
            #expect(fling.isFinished(at: frame.time) == (k == film.frames.count - 1), "frame \(k) finished")
            if let previous {
                // Every tab that entered got a cell, made or reused.
                let entered = tabs.filter { !previous.tabsWithCells.contains($0) }.count
                #expect(
                    (frame.cellsCreated - previous.cellsCreated) + (frame.cellsReused - previous.cellsReused)
                        == entered,
                    "frame \(k) cells for entering tabs")
            } else {
                #expect(frame.cellsCreated == tabs.count && frame.cellsReused == 0)
            }
            previous = frame
        }

        // Every point of every curve sits where its value is on its panel's axes.
        let svg = FlingChart.svg(for: film, seed: Self.seed)
        let parsed = SVGCollector.parse(svg)
        #expect(parsed.ok, "\(parsed.error)")
        let expected: [String: [Double]] = [
            "offset": film.frames.indices.map { fling.position(at: Double($0) / 120) },
            "velocity": film.frames.indices.map { fling.velocity(at: Double($0) / 120) },
            "first": film.frames.map { Double($0.tabsWithCells.lowerBound) },
            "last": film.frames.map { Double($0.tabsWithCells.upperBound - 1) },
            "alive": film.frames.map { Double($0.cellsAlive) },
            "created": film.frames.map { Double($0.cellsCreated) },
            "reused": film.frames.map { Double($0.cellsReused) },
        ]
        let polylines = parsed.elements.filter { $0.name == "polyline" && $0.attributes["class"] == "series" }
        #expect(Set(polylines.compactMap { $0.attributes["data-series"] }) == Set(expected.keys))
        for line in polylines {
            let key = try #require(line.attributes["data-series"])
            let values = try #require(expected[key])
            let panel = line.group
            let x0 = try #require(panel["data-x-min"].flatMap(Double.init))
            let x1 = try #require(panel["data-x-max"].flatMap(Double.init))
            let y0 = try #require(panel["data-y-min"].flatMap(Double.init))
            let y1 = try #require(panel["data-y-max"].flatMap(Double.init))
            let left = try #require(panel["data-left"].flatMap(Double.init))
            let right = try #require(panel["data-right"].flatMap(Double.init))
            let top = try #require(panel["data-top"].flatMap(Double.init))
            let bottom = try #require(panel["data-bottom"].flatMap(Double.init))
            #expect(values.allSatisfy { $0 >= y0 && $0 <= y1 }, "\(key) inside its axis")
            let points = (line.attributes["points"] ?? "").split(separator: " ").map { pair in
                pair.split(separator: ",").compactMap { Double($0) }
            }
            #expect(points.count == values.count, "\(key): one point per frame")
            for (k, (point, value)) in zip(points, values).enumerated() {
                let x = left + (right - left) * (Double(k) / 120 - x0) / (x1 - x0)
                let y = bottom + (top - bottom) * (value - y0) / (y1 - y0)
                #expect(point.count == 2 && close(point[0], x) && close(point[1], y), "\(key) frame \(k)")
            }
        }
    }
}
