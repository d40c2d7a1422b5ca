import Foundation
import TabStrip
import Testing

@testable import BenchCLI
@testable import BenchGate
@testable import BenchInstruments
@testable import BenchReports
@testable import BenchSuite

/// The shaping title measurer (HarfBuzz over FreeType with WenQuanYi Zen
/// Hei) and the `shaper` scenario's figures, with and without it.
@Suite("Shaper")
struct ShaperTests {
    /// Whether this build links HarfBuzz and the font is installed.
    static let shaperAvailable =
        TitleShaping.isLinked && FileManager.default.fileExists(atPath: TitleShaping.defaultFontPath)

    static let tiny = ShaperScenario.Parameters(
        sizes: [400], lazySizes: [400, 4_000], completionSize: 400, flingFrames: 60, repetitions: 1)

    func shaper() throws -> any ShapingTitleMeasurer {
        try TitleShaping.makeMeasurer().get()
    }

    /// `measureWidths(of:into:)` of `titles`.
    static func batch(_ measurer: some TitleMeasurer, _ titles: [String]) -> [Double] {
        var widths = [Double](repeating: -1, count: titles.count)
        titles.withUnsafeBufferPointer { titles in
            widths.withUnsafeMutableBufferPointer { measurer.measureWidths(of: titles, into: $0) }
        }
        return widths
    }

    @Test(.enabled(if: shaperAvailable))
    func theShaperGivesTheSameWidthsEveryTime() throws {
        let titles = TitleGenerator.titles(count: 2_000, seed: 42)
        let first = Self.batch(try shaper(), titles)
        let second = Self.batch(try shaper(), titles) // a measurer of its own
        #expect(first == second)
        let one = try shaper()
        #expect(titles.map { one.width(of: $0) } == first)
        #expect(first.allSatisfy { $0.isFinite && $0 >= 0 })
        #expect(Set(first).count > 10) // not one width for every title
    }

    /// One measurer shared by concurrent tasks, per title and in batches,
    /// gives the widths it gives alone.
    @Test(.enabled(if: shaperAvailable))
    func oneShaperMeasuresFromManyThreadsAtOnce() async throws {
        let titles = TitleGenerator.titles(count: 4_000, seed: 9)
        let measurer = try shaper()
        let alone = Self.batch(measurer, titles)
        let chunks = 8
        let size = titles.count / chunks
        let together = await withTaskGroup(of: (Int, [Double]).self) { group in
            for chunk in 0..<chunks {
                group.addTask {
                    let slice = Array(titles[chunk * size..<(chunk + 1) * size])
                    for _ in 0..<3 { _ = Self.batch(measurer, slice) } // keep the threads busy together
                    let widths =
                        chunk.isMultiple(of: 2) ? slice.map { measurer.width(of: $0) } : Self.batch(measurer, slice)
                    return (chunk, widths)
                }
            }
            var results = [[Double]](repeating: [], count: chunks)
            for await (chunk, widths) in group { results[chunk] = widths }
            return results.flatMap { $0 }
        }
        #expect(together == alone)
    }

    @Test(.enabled(if: shaperAvailable))
    func knownTitlesMeasurePlausibly() throws {
        let measurer = try shaper()
        #expect(measurer.width(of: "") == 0)
        let latin = measurer.width(of: "Hello World")
        let cjk = measurer.width(of: "你好世界你好世界你好世") // 11 characters, as the Latin title
        #expect(latin > 0)
        #expect(latin < cjk)
        // A CJK ideograph is one em wide at 16 px.
        #expect(cjk == 11 * 16)
        // Emoji are missing from the face: each measures as .notdef.
        let notdef = measurer.missingGlyphAdvance
        #expect(notdef > 0)
        #expect(measurer.width(of: "😀") == notdef)
        #expect(measurer.width(of: "😀🚀") == 2 * notdef)
        #expect(measurer.width(of: "a😀") == measurer.width(of: "a") + notdef)
        // A variation selector the face lacks adds nothing.
        #expect(measurer.width(of: "☺\u{FE0F}") == measurer.width(of: "☺"))
        #expect(measurer.description.contains("HarfBuzz"))
    }

    @Test(.enabled(if: shaperAvailable))
    func theScenarioMeasuresWithTheShaper() throws {
        let output = try run(ShaperScenario(), Self.tiny)
        #expect((output.value("shaper-measure-title") ?? 0) > 0)
        #expect((output.value("columns-measure-title") ?? 0) > 0)
        #expect(output.metric("first-frame-eager-shaper-400")?.timing?.p50 ?? 0 > 0)
        #expect(output.metric("first-frame-eager-columns-400")?.timing?.p50 ?? 0 > 0)
        #expect(output.value("first-frame-eager-shaper-vs-columns-400") != nil)
        #expect(output.notes.contains { $0.hasPrefix("shaper: ") && $0.contains("wqy-zenhei") })
        // The lazy path with the shaper: first frames, the completion
        // checked against an eager build, a still screen.
        #expect(output.metric("first-frame-lazy-shaper-4k")?.timing?.p50 ?? 0 > 0)
        #expect(output.value("first-frame-lazy-vs-eager-shaper-400") != nil)
        #expect(output.value("complete-lazy-vs-eager-shaper") != nil)
        #expect(output.value("complete-lazy-mismatched-tabs-shaper") == 0)
        #expect(output.value("complete-lazy-mismatched-tabs-columns") == 0)
        #expect(output.value("largest-shown-tab-movement") == 0)
        #expect(output.metric("fling-frame-lazy")?.note?.contains("with the shaper") == true)
    }

    /// Without a shaper, its figures are null (never 0) and the column
    /// measurer's are still measured. Runs in every build: the scenario is
    /// handed an unavailable shaper.
    @Test func withoutAShaperItsFiguresAreNull() throws {
        let scenario = ShaperScenario(shaper: { .failure(ScenarioError("not linked in this test")) })
        let output = try run(scenario, Self.tiny)
        let nulls = ["shaper-measure-title", "first-frame-eager-shaper-400", "first-frame-eager-shaper-vs-columns-400"]
        for name in nulls {
            let metric = try #require(output.metric(name), "\(name)")
            #expect(metric.value == nil && metric.timing == nil, "\(name)")
        }
        #expect((output.value("columns-measure-title") ?? 0) > 0)
        #expect(output.metric("first-frame-eager-columns-400")?.timing != nil)
        #expect(output.notes.contains("no shaper: not linked in this test; its figures are null"))
        for name in ["first-frame-lazy-shaper-4k", "complete-lazy-shaper"] {
            #expect(output.metric(name)?.timing == nil, "\(name)")
        }
        #expect(output.metric("complete-lazy-mismatched-tabs-shaper")?.value == nil)
        #expect(output.metric("first-frame-lazy-columns-4k")?.timing != nil)
        #expect(output.value("complete-lazy-mismatched-tabs-columns") == 0)
        #expect(output.value("largest-shown-tab-movement") == 0)
        #expect(output.metric("fling-frame-lazy")?.note?.contains("display columns (no shaper)") == true)
        // Null in the report's JSON too.
        let json = String(decoding: try JSONEncoder().encode(output.metric("shaper-measure-title")), as: UTF8.self)
        #expect(json.contains("\"value\":null"))
    }

    /// A build without HarfBuzz (TABSTRIP_HARFBUZZ=0) has no shaper, and
    /// the standard scenario reports its figures as null.
    @Test(.enabled(if: !TitleShaping.isLinked))
    func aBuildWithoutHarfBuzzHasNoShaper() throws {
        guard case .failure(let reason) = TitleShaping.makeMeasurer() else {
            Issue.record("a shaper without HarfBuzz")
            return
        }
        #expect(reason.message.contains("without HarfBuzz"))
        let output = try run(ShaperScenario(), Self.tiny)
        #expect(output.metric("shaper-measure-title")?.value == nil)
        #expect(output.metric("first-frame-eager-shaper-400")?.timing == nil)
    }

    @Test(.enabled(if: shaperAvailable))
    func aMissingFontIsReportedNotMeasured() {
        guard case .failure(let reason) = TitleShaping.makeMeasurer(fontPath: "/nonexistent/font.ttf") else {
            Issue.record("a shaper over a missing font")
            return
        }
        #expect(reason.message.contains("/nonexistent/font.ttf"))
    }
}
