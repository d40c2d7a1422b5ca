import TabStrip
import Testing

/// A measurer with the single-title method only: its batch method is the
/// protocol's default.
private struct ScalarCountMeasurer: TitleMeasurer {
    func width(of title: String) -> Double { Double(title.unicodeScalars.count) * 7 + 0.5 }
}

/// A measurer that implements the batch method too, and counts the calls of
/// each method and the titles its batches measured.
private final class BatchCountingMeasurer: TitleMeasurer, @unchecked Sendable {
    var singleCalls = 0
    var batchCalls = 0
    var batchedTitles = 0

    func width(of title: String) -> Double {
        singleCalls += 1
        return Self.measure(title)
    }

    func measureWidths(of titles: UnsafeBufferPointer<String>, into widths: UnsafeMutableBufferPointer<Double>) {
        batchCalls += 1
        batchedTitles += titles.count
        #expect(widths.count == titles.count)
        for index in titles.indices {
            widths[index] = Self.measure(titles[index])
        }
    }

    static func measure(_ title: String) -> Double { Double(title.utf8.count) * 5 }
}

/// `TitleMeasurer.measureWidths(of:into:)`: its default, the built-in
/// measurer's, and the engine sizing strips through it.
@Suite struct TitleMeasurerBatchTests {
    static let titles = ["", "a", "推荐", "👨‍👩‍👧‍👦", "News", "e\u{301}", "关注 NBA", "同城🇨🇳", "a"]
    static let viewport = Viewport(width: 390, height: 44)

    /// The widths `measurer`'s batch method writes for `titles`, called
    /// through an existential as the engine calls it.
    static func batchWidths(_ measurer: any TitleMeasurer, _ titles: [String]) -> [Double] {
        var widths = [Double](repeating: 0, count: titles.count)
        titles.withUnsafeBufferPointer { titles in
            widths.withUnsafeMutableBufferPointer { measurer.measureWidths(of: titles, into: $0) }
        }
        return widths
    }

    @Test func defaultBatchGivesTheSingleWidths() {
        let measurer = ScalarCountMeasurer()
        #expect(Self.batchWidths(measurer, Self.titles) == Self.titles.map(measurer.width(of:)))
        #expect(Self.batchWidths(measurer, []) == [])
    }

    @Test func columnMeasurerBatchGivesTheSingleWidths() throws {
        for measurer in [ColumnTitleMeasurer(), try ColumnTitleMeasurer(advance: 1.5)] {
            #expect(Self.batchWidths(measurer, Self.titles) == Self.titles.map(measurer.width(of:)))
        }
    }

    @Test func sizingWithTheDefaultBatchMatchesTabByTab() throws {
        let sizing = TabSizing.measured(by: ScalarCountMeasurer(), padding: 6, minimum: 10, maximum: 60)
        let expected = try Self.titles.indices.map { index in
            try sizing.width(
                ofTitle: Self.titles[index], at: index, tabCount: Self.titles.count, availableWidth: 390)
        }
        #expect(try sizing.widths(ofTitles: Self.titles, availableWidth: 390) == expected)
        #expect(try sizing.widths(ofTitles: Self.titles.lazy.map { $0 }, availableWidth: 390) == expected)
        let strip = try TabStrip(titles: Self.titles, sizing: sizing, viewport: Self.viewport)
        #expect(try Self.titles.indices.map { try strip.frame(ofTab: $0).width } == expected)
    }

    /// A measurer returning canned widths, by title.
    struct TableMeasurer: TitleMeasurer {
        var widths: [String: Double]
        func width(of title: String) -> Double { widths[title] ?? 0 }
    }

    /// The batch path (`widths(ofTitles:)`) accepts, clamps and refuses each
    /// measurement exactly as the single-title path does.
    @Test(
        arguments: [
            0, -0.0, 1, 1e15, .greatestFiniteMagnitude, -1, -.leastNonzeroMagnitude, .nan, .infinity, -.infinity,
        ] as [Double])
    func batchChecksMatchTheSingleTitle(measured: Double) {
        for (padding, minimum, maximum) in [(0, nil, nil), (1e15, nil, nil), (1e15, nil, 500), (0, 0, 40)]
            as [(Double, Double?, Double?)]
        {
            let sizing = TabSizing.measured(
                by: TableMeasurer(widths: ["ok": 10, "x": measured]), padding: padding, minimum: minimum,
                maximum: maximum)
            let titles = ["ok", "x", "ok"]
            let single = Result { () throws(TabStripError) in
                try titles.indices.map { index throws(TabStripError) in
                    try sizing.width(ofTitle: titles[index], at: index, tabCount: titles.count, availableWidth: 100)
                }
            }
            let batch = Result { () throws(TabStripError) in try sizing.widths(ofTitles: titles, availableWidth: 100) }
            switch (single, batch) {
            case (.success(let a), .success(let b)):
                #expect(
                    a.map(\.bitPattern) == b.map(\.bitPattern), "\(measured) \(padding) \(String(describing: maximum))")
            case (.failure(let a), .failure(let b)):
                #expect(a == b)
            default:
                Issue.record("\(measured), padding \(padding): single \(single), batch \(batch)")
            }
        }
    }

    @Test func buildCallsAnOverriddenBatch() throws {
        let measurer = BatchCountingMeasurer()
        // More titles than a chunk of the strip's title storage holds.
        let titles = (0..<5_000).map { "tab \($0)" }
        let strip = try TabStrip(
            titles: titles, sizing: .measured(by: measurer, padding: 10), viewport: Self.viewport)
        #expect(measurer.batchCalls > 0)
        #expect(measurer.batchedTitles == titles.count)
        #expect(measurer.singleCalls == 0)
        for index in [0, 9, 10, 2_047, 2_048, 4_999] {
            #expect(try strip.frame(ofTab: index).width == BatchCountingMeasurer.measure(titles[index]) + 20)
        }
        // One title is measured alone.
        var renamed = strip
        try renamed.renameTab(3, to: "renamed")
        #expect(measurer.singleCalls == 1)
        #expect(try renamed.frame(ofTab: 3).width == BatchCountingMeasurer.measure("renamed") + 20)
    }
}
