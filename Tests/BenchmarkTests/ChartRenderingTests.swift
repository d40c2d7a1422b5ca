import Foundation
import Testing

@testable import BenchCLI
@testable import BenchGate
@testable import BenchInstruments
@testable import BenchReports
@testable import BenchSuite

/// The path of `program` on `PATH`, or `nil`.
func executableOnPath(_ program: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(program)" }.first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}

/// Runs `program` with `arguments`; its exit status and standard output.
func runProgram(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: Data) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, data)
}

/// The committed full run, the report a reader of the README sees.
func committedReport() throws -> Report {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Reports/latest.json")
    return try Report.load(path: url.path)
}

/// The texts of an SVG, in document order.
func svgTexts(_ svg: String) -> [String] {
    SVGCollector.parse(svg).elements.filter { $0.name == "text" }.map(\.text)
}

@Suite("Charts")
struct ChartRenderingTests {
    /// The title of the latency chart's headline panel.
    static let headlineTitle = "Headline: one frame of each gesture, and the visible-range query"

    @Test func theLatencyChartShowsTheHeadlineRowsFirstWithAnAxisPerPanel() throws {

        let report = try committedReport()
        let texts = svgTexts(LatencyChart.svg(for: report))
        let headline = try #require(texts.firstIndex(of: Self.headlineTitle), "\(texts.prefix(20))")
        // One panel per scenario with timing figures, each with its own axis labels.
        let scenarios = report.scenarios.filter { scenario in
            scenario.metrics.contains { $0.kind == .timing && ($0.timing?.count ?? 0) > 0 }
        }
        // The headline panel runs from its title to the first scenario panel's
        // title; how many axis labels it has depends on the figures.
        let headlineEnd =
            texts[(headline + 1)...].firstIndex { text in scenarios.contains { $0.name == text } } ?? texts.endIndex
        #expect(
            texts[headline..<headlineEnd].filter { $0.contains(" / ") }
                == ["fling / frame", "jump / frame", "pager / frame", "fling / range-query"],
            "\(texts[headline..<headlineEnd])")
        for scenario in scenarios { #expect(texts.contains(scenario.name), "no panel for \(scenario.name)") }
        let ordered =
            scenarios.filter { $0.name != "harness-overhead" } + scenarios.filter { $0.name == "harness-overhead" }
        let titles = [Self.headlineTitle] + ordered.map(\.name)
        var index = 0
        for title in titles {
            guard let position = texts[index...].firstIndex(of: title) else {
                Issue.record("\(title) out of order")
                return
            }
            // Between this panel's title and the next one there are axis labels.
            let next =
                titles.last == title
                ? texts.endIndex : (texts[(position + 1)...].firstIndex(where: titles.contains) ?? texts.endIndex)
            let labels = texts[position..<next].filter {
                $0.hasSuffix("ns") || $0.hasSuffix("µs") || $0.hasSuffix("ms")
            }
            #expect(labels.count >= 2, "\(title): no axis of its own")
            index = position
        }
    }

    @Test func theScalingChartNamesNoInternalType() throws {
        let svg = ScalingChart.svg(for: try committedReport())
        #expect(!svg.contains("TabStripCore"), "an internal module or type in scaling.svg")
        #expect(!svg.contains("FlatTabWidths"))
        #expect(svg.contains("flat prefix-sum array (reference)"))
    }

    /// The pictures carry CJK and emoji titles; rendered here with
    /// rsvg-convert (librsvg, the renderer of GNOME and of many CI image
    /// steps), each must come out as a non-empty PNG, and the fonts the
    /// pictures name must cover the titles' scripts, or the titles would
    /// show boxes.
    @Test(
        .enabled(
            if: executableOnPath("rsvg-convert") != nil,
            "rsvg-convert is not installed (apt-get install librsvg2-bin), so the pictures cannot be rendered here"))
    func thePicturesRenderWithTheirScriptsCovered() throws {
        let rsvg = try #require(executableOnPath("rsvg-convert"))
        let report = try committedReport()
        let pictures = try StripPictures.record(seed: 42, titleCount: 1_000)
        let svgs = [
            ("latency-percentiles.svg", LatencyChart.svg(for: report)),
            ("scaling.svg", ScalingChart.svg(for: report)),
            ("strip-drag.svg", StripDragChart.svg(for: [pictures.lineDrag, pictures.lengthenDrag], seed: 42)),
            ("strip-fling.svg", FlingChart.svg(for: pictures.fling, seed: 42)),
        ]
        let directory = temporaryDirectory("charts")
        for (name, svg) in svgs {
            let path = directory + "/" + name
            try svg.write(toFile: path, atomically: true, encoding: .utf8)
            let rendered = try runProgram(rsvg, ["-f", "png", path])
            #expect(rendered.status == 0, "\(name): rsvg-convert failed")
            #expect(rendered.output.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(name): not a PNG")
            #expect(rendered.output.count > 2_000, "\(name): an empty picture (\(rendered.output.count) bytes)")
        }
        // Every CJK character the drawn titles use is covered by an installed
        // font (fontconfig, which librsvg asks for each glyph).
        let drawn = svgs[2].1 + svgs[3].1
        let cjk = Set(
            drawn.unicodeScalars.filter {
                (0x3040...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value)
                    || (0xAC00...0xD7AF).contains($0.value)
            })
        #expect(!cjk.isEmpty, "the pictures draw no CJK title")
        let fcList = try #require(executableOnPath("fc-list"), "fontconfig's fc-list is missing")
        for scalar in cjk.sorted(by: { $0.value < $1.value }).prefix(200) {
            let fonts = try runProgram(fcList, [":charset=\(String(scalar.value, radix: 16))", "family"])
            #expect(
                !fonts.output.isEmpty,
                "no installed font covers \(scalar) (U+\(String(scalar.value, radix: 16, uppercase: true))): the pictures would show boxes (apt-get install fonts-wqy-zenhei)"
            )
        }
        #expect(SVGCanvas.cjkFontFamily.contains("'WenQuanYi Zen Hei'"))
    }
}
