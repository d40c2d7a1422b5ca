import Foundation
import Testing

@testable import BenchInstruments
@testable import BenchReports

/// The figures the guides quote (issue 48 item 3): each a link to the committed report titled with the scenario and
/// metric it quotes, `[871](Reports/latest.md "instructions fling-frame")`, and the report's deterministic figure
/// (instructions, allocations, bytes, counts) as `Format.number` writes it; the README quotes at most 8 and no other
/// measured figure, so a report regenerated on another machine leaves it true or fails this test.
@Suite("Figures quoted in the guides")
struct DocumentedFiguresTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The guides: the README, the harness's and the demo's, and the DocC catalogues.
    static func guides() throws -> [String] {
        var paths = ["README.md", "Benchmarks/README.md", "Examples/TerminalDemo/README.md"]
        let sources = root.appendingPathComponent("Sources")
        for case let file as URL in FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        where file.pathExtension == "md" {
            paths.append(String(file.path.dropFirst(root.path.count + 1)))
        }
        return paths
    }

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// A quoted figure: its text, scenario and metric, and where it stands in the guide.
    struct Quote {
        var text: String
        var scenario: String
        var metric: String
        var range: Range<String.Index>
    }

    static func quotes(in text: String) throws -> [Quote] {
        let link = try Regex(#"\[([^\]]+)\]\((?:\.\./)*Reports/latest\.md "([a-z0-9-]+) ([a-z0-9.-]+)"\)"#)
        return text.matches(of: link).map { match in
            Quote(
                text: String(match.output[1].substring ?? ""), scenario: String(match.output[2].substring ?? ""),
                metric: String(match.output[3].substring ?? ""), range: match.range)
        }
    }

    /// `text` without its code blocks and its quoted figures.
    static func prose(_ text: String) throws -> String {
        var prose = text
        for quote in try quotes(in: text).reversed() { prose.replaceSubrange(quote.range, with: "") }
        return prose.split(separator: "```", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 0 }.map(\.element).joined()
    }

    @Test func everyQuotedFigureIsTheCommittedReportsDeterministicFigure() throws {
        let report = try Report.load(path: Self.root.appendingPathComponent("Reports/latest.json").path)
        var checked = 0
        for guide in try Self.guides() {
            for quote in try Self.quotes(in: try Self.text(guide)) {
                let here = "\(guide): \(quote.scenario) \(quote.metric)"
                let metric = try #require(
                    report.scenario(named: quote.scenario)?.metric(named: quote.metric), "\(here)")
                #expect(metric.kind.isDeterministic, "\(here) is a \(metric.kind.rawValue) figure, which runs move")
                let value = try #require(metric.value, "\(here) is null in the report")
                #expect(
                    quote.text == Format.number(value), "\(here): the guide says \(quote.text), the report \(value)")
                checked += 1
            }
        }
        #expect(checked > 0)
    }

    /// Every link to the report, a quoted figure or not, reaches `Reports/latest.md` from the guide's folder.
    @Test func everyLinkToTheReportResolves() throws {
        let report = Self.root.appendingPathComponent("Reports/latest.md").standardizedFileURL.path
        let link = try Regex(#"\]\(((?:\.\./)*Reports/latest\.md)[ )]"#)
        for guide in try Self.guides() {
            let folder = Self.root.appendingPathComponent(guide).deletingLastPathComponent()
            for match in try Self.text(guide).matches(of: link) {
                let target = String(match.output[1].substring ?? "")
                #expect(folder.appendingPathComponent(target).standardizedFileURL.path == report, "\(guide): \(target)")
            }
        }
    }

    @Test func theReadmeQuotesAtMostEightFiguresAndNoOtherMeasuredOne() throws {
        let readme = try Self.text("README.md")
        #expect(try Self.quotes(in: readme).count <= 8)
        // A figure a run measures: a time, a count of instructions, cycles or bytes, a ratio.
        let measured = try Regex(#"\d[\d,.]*\s?(ns|µs|ms|s\b|×|x\b|instructions|cycles|bytes|KiB|MiB)"#)
        let unchecked = try Self.prose(readme).matches(of: measured).map { String($0.output[0].substring ?? "") }
        #expect(unchecked.isEmpty, "measured figures the README quotes without checking them: \(unchecked)")
    }
}
