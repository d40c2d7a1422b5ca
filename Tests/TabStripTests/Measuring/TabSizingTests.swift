import TabStrip
import TabStripTestSupport
import Testing

/// A measurer returning canned widths, by title.
private struct TableMeasurer: TitleMeasurer {
    var widths: [String: Double]
    func width(of title: String) -> Double { widths[title] ?? 0 }
}

/// A measurer that counts its calls (to prove invalid calls measure nothing).
private final class CountingMeasurer: TitleMeasurer, @unchecked Sendable {
    var calls = 0
    func width(of title: String) -> Double {
        calls += 1
        return 10
    }
}

@Suite struct TabSizingTests {
    // MARK: measured

    @Test func measuredDefaultsFollowSeed000() throws {
        let sizing = TabSizing.measured()
        #expect(TabSizing.defaultPadding == 20)
        #expect(sizing.contentPadding == 20)
        // 推荐: 4 columns × 8 = 32, + 2 × 20.
        for (index, title) in ["推荐", "关注", "同城"].enumerated() {
            #expect(try sizing.width(ofTitle: title, at: index, tabCount: 3, availableWidth: 375) == 72)
        }
        #expect(try sizing.width(ofTitle: "Top Stories", at: 0, tabCount: 1, availableWidth: 375) == 88 + 40)
    }

    @Test func emptyAndDuplicateTitles() throws {
        let sizing = TabSizing.measured(padding: 12)
        #expect(try sizing.width(ofTitle: "", at: 0, tabCount: 2, availableWidth: 0) == 24)
        let widths = try sizing.widths(ofTitles: ["推荐", "推荐", ""], availableWidth: 0)
        #expect(widths == [56, 56, 24])
    }

    @Test func badgesWidenMeasuredTabs() throws {
        let sizing = TabSizing.measured()
        func width(_ badge: TabBadge) throws -> Double {
            try sizing.width(ofTitle: "推荐", badge: badge, at: 0, tabCount: 1, availableWidth: 375)
        }
        #expect(try width(.none) == 72)
        #expect(try width(.dot) == 72 + 4 + 6)
        #expect(try width(.count(5)) == 72 + 4 + 16) // 7 + 8 = 15 < 16: a circle
        #expect(try width(.count(42)) == 72 + 4 + 22) // 2 × 7 + 8
        #expect(try width(.count(99)) == 72 + 4 + 22)
        #expect(try width(.count(100)) == 72 + 4 + 29) // "99+": 3 × 7 + 8
        #expect(try width(.count(.max)) == 72 + 4 + 29)
    }

    @Test func minimumAndMaximumBoundTheWholeTab() throws {
        let measurer = TableMeasurer(widths: ["short": 10, "medium": 60, "long": 300])
        let sizing = TabSizing.measured(by: measurer, padding: 20, minimum: 70, maximum: 150)
        func width(_ title: String, _ badge: TabBadge = .none) throws -> Double {
            try sizing.width(ofTitle: title, badge: badge, at: 0, tabCount: 1, availableWidth: 320)
        }
        #expect(try width("short") == 70) // 10 + 40 = 50 → minimum
        #expect(try width("medium") == 100) // 60 + 40 inside the bounds
        #expect(try width("long") == 150) // 340 → maximum
        #expect(try width("") == 70) // 40 → minimum
        #expect(try width("short", .count(3)) == 70) // 50 + 20 = 70
        #expect(try width("short", .count(100)) == 83) // 50 + 33
        #expect(try width("medium", .count(100)) == 133)
        #expect(try width("medium", .dot) == 110)
        #expect(try width("long", .dot) == 150)

        let only = TabSizing.measured(by: measurer, padding: 0, minimum: 80, maximum: 80)
        #expect(try only.width(ofTitle: "long", at: 0, tabCount: 1, availableWidth: 0) == 80)
        #expect(try only.width(ofTitle: "short", at: 0, tabCount: 1, availableWidth: 0) == 80)

        let onlyMaximum = TabSizing.measured(by: measurer, maximum: 45)
        #expect(try onlyMaximum.width(ofTitle: "", at: 0, tabCount: 1, availableWidth: 0) == 40)
        #expect(try onlyMaximum.width(ofTitle: "short", at: 0, tabCount: 1, availableWidth: 0) == 45)
    }

    @Test func customBadgeStyleWidensByItsOwnMetrics() throws {
        let style = BadgeStyle(
            dotDiameter: 8, countHeight: 18, digitAdvance: 6, countPadding: 5, maximumCount: 999, gap: 2)
        let sizing = TabSizing.measured(by: TableMeasurer(widths: ["x": 30]), padding: 10, badgeStyle: style)
        func width(_ badge: TabBadge) throws -> Double {
            try sizing.width(ofTitle: "x", badge: badge, at: 0, tabCount: 1, availableWidth: 0)
        }
        #expect(try width(.dot) == 50 + 2 + 8)
        #expect(try width(.count(7)) == 50 + 2 + 18) // 6 + 10 = 16 < 18
        #expect(try width(.count(123)) == 50 + 2 + 28) // 18 + 10
        #expect(try width(.count(1_000)) == 50 + 2 + 34) // "999+": 24 + 10
    }

    // MARK: fixed and equal division

    @Test func fixedWidthIgnoresTitleAndBadge() throws {
        let sizing = TabSizing.fixed(width: 90)
        #expect(sizing.contentPadding == 0)
        #expect(try sizing.width(ofTitle: "推荐", at: 0, tabCount: 2, availableWidth: 0) == 90)
        #expect(
            try sizing.width(
                ofTitle: String(repeating: "长", count: 50), badge: .count(100), at: 1, tabCount: 2, availableWidth: 0)
                == 90)
    }

    @Test func equalDivisionFillsTheAvailableWidth() throws {
        func width(_ sizing: TabSizing, tabs: Int, available: Double) throws -> Double {
            try sizing.width(ofTitle: "title", at: tabs - 1, tabCount: tabs, availableWidth: available)
        }
        #expect(try width(.equalDivision(), tabs: 3, available: 375) == 125)
        #expect(try width(.equalDivision(), tabs: 1, available: 375) == 375)
        #expect(try width(.equalDivision(spacing: 10), tabs: 4, available: 400) == 92.5) // (400 − 30) / 4
        #expect(try width(.equalDivision(minimum: 100), tabs: 10, available: 375) == 100) // 37.5 → 100
        #expect(try width(.equalDivision(minimum: 100), tabs: 3, available: 375) == 125)
        #expect(try width(.equalDivision(spacing: 50), tabs: 5, available: 100) == 0) // (100 − 200) / 5 < 0
        #expect(try width(.equalDivision(spacing: 50, minimum: 30), tabs: 5, available: 100) == 30)
        #expect(try width(.equalDivision(), tabs: 4, available: 0) == 0)
        let badged = try TabSizing.equalDivision().width(
            ofTitle: "x", badge: .count(5), at: 0, tabCount: 2, availableWidth: 300)
        #expect(badged == 150)
    }

    @Test(arguments: [5, 6, 7] as [UInt64])
    func batchWidthsMatchSingleWidths(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let pieces = ["推荐", "News", "👍🏽", "e\u{301}", "", "ｶﾀ", "مَ", "2024", "🇨🇳"]
        let titles = (0..<200).map { _ in
            (0..<Int.random(in: 0...3, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                .joined()
        }
        let sizings: [TabSizing] = [
            .measured(), .measured(padding: 7, minimum: 30, maximum: 90),
            .fixed(width: 64), .equalDivision(spacing: 3, minimum: 1),
        ]
        for sizing in sizings {
            let batch = try sizing.widths(ofTitles: titles, availableWidth: 1_000)
            #expect(batch.count == titles.count)
            for (index, title) in titles.enumerated() {
                let single = try sizing.width(ofTitle: title, at: index, tabCount: titles.count, availableWidth: 1_000)
                #expect(batch[index] == single)
                if case .measured(let padding, let minimum, let maximum) = sizing.rule {
                    // The formula, restated.
                    var expected = Double(DisplayColumns.columns(of: title)) * 8 + 2 * padding
                    if let minimum { expected = max(expected, minimum) }
                    if let maximum { expected = min(expected, maximum) }
                    #expect(single == expected)
                }
            }
        }
        #expect(try TabSizing.measured().widths(ofTitles: [String](), availableWidth: 0) == [])
    }

    // MARK: errors

    @Test(arguments: [-1, .nan, .infinity, -.infinity, -0.5] as [Double])
    func invalidMeasurementNamesTheTab(value: Double) {
        let sizing = TabSizing.measured(by: TableMeasurer(widths: ["ok": 10, "bad": value]))
        #expect(throws: TabStripError.invalidWidth(index: 4, value: value)) {
            try sizing.width(ofTitle: "bad", at: 4, tabCount: 9, availableWidth: 100)
        }
        #expect(throws: TabStripError.invalidWidth(index: 2, value: value)) {
            try sizing.widths(ofTitles: ["ok", "ok", "bad", "bad"], availableWidth: 100)
        }
        // The same bad title is harmless where nothing is measured.
        #expect(throws: Never.self) {
            try TabSizing(rule: .fixed(width: 10), measurer: sizing.measurer).width(
                ofTitle: "bad", at: 0, tabCount: 1, availableWidth: 0)
        }
    }

    @Test func overflowingWidthIsReported() throws {
        let huge = Double.greatestFiniteMagnitude
        // A padding past the bound is refused by name; a measurement past it
        // is reported as the tab's width.
        #expect(
            throws: TabStripError.lengthExceedsLimit(name: "padding", value: huge, limit: TabStripLimits.maximumLength)
        ) {
            try TabSizing.measured(by: TableMeasurer(widths: ["huge": huge]), padding: huge)
                .width(ofTitle: "huge", at: 0, tabCount: 1, availableWidth: 0)
        }
        let sizing = TabSizing.measured(by: TableMeasurer(widths: ["huge": huge]), padding: 1e15)
        #expect(throws: TabStripError.invalidWidth(index: 0, value: huge)) {
            try sizing.width(ofTitle: "huge", at: 0, tabCount: 1, availableWidth: 0)
        }
        let bounded = TabSizing.measured(by: TableMeasurer(widths: ["huge": huge]), padding: 1e15, maximum: 500)
        #expect(try bounded.width(ofTitle: "huge", at: 0, tabCount: 1, availableWidth: 0) == 500)
    }

    @Test(arguments: [
        (
            TabSizing.Rule.measured(padding: -1, minimum: nil, maximum: nil),
            TabStripError.invalidValue(name: "padding", value: -1)
        ),
        (.measured(padding: .nan, minimum: nil, maximum: nil), .invalidValue(name: "padding", value: .nan)),
        (.measured(padding: .infinity, minimum: nil, maximum: nil), .invalidValue(name: "padding", value: .infinity)),
        (.measured(padding: 20, minimum: -5, maximum: nil), .invalidValue(name: "minimum", value: -5)),
        (.measured(padding: 20, minimum: .nan, maximum: 10), .invalidValue(name: "minimum", value: .nan)),
        (.measured(padding: 20, minimum: nil, maximum: .infinity), .invalidValue(name: "maximum", value: .infinity)),
        (.measured(padding: 20, minimum: nil, maximum: -1), .invalidValue(name: "maximum", value: -1)),
        (.measured(padding: 20, minimum: 100, maximum: 99), .invalidValue(name: "maximum", value: 99)),
        (.fixed(width: 0), .invalidValue(name: "width", value: 0)),
        (.fixed(width: -3), .invalidValue(name: "width", value: -3)),
        (.fixed(width: .nan), .invalidValue(name: "width", value: .nan)),
        (.fixed(width: .infinity), .invalidValue(name: "width", value: .infinity)),
        (.equalDivision(spacing: -1, minimum: nil), .invalidValue(name: "spacing", value: -1)),
        (.equalDivision(spacing: .nan, minimum: nil), .invalidValue(name: "spacing", value: .nan)),
        (.equalDivision(spacing: 0, minimum: -2), .invalidValue(name: "minimum", value: -2)),
        (.equalDivision(spacing: 0, minimum: .infinity), .invalidValue(name: "minimum", value: .infinity)),
    ])
    func invalidRulesThrowAndChangeNothing(rule: TabSizing.Rule, error: TabStripError) {
        let measurer = CountingMeasurer()
        let sizing = TabSizing(rule: rule, measurer: measurer)
        #expect(throws: error) { try sizing.validate() }
        #expect(throws: error) { try sizing.width(ofTitle: "x", at: 0, tabCount: 1, availableWidth: 10) }
        #expect(throws: error) { try sizing.widths(ofTitles: ["x", "y"], availableWidth: 10) }
        #expect(measurer.calls == 0)
        // Described, so that NaN payloads compare equal.
        #expect(String(describing: sizing.rule) == String(describing: rule))
        #expect(sizing.badgeStyle == .standard)
    }

    @Test func validRulesPassValidation() throws {
        for rule: TabSizing.Rule in [
            .measured(padding: 0, minimum: nil, maximum: nil),
            .measured(padding: 20, minimum: 50, maximum: 50),
            .measured(padding: 20, minimum: 0, maximum: 0),
            .fixed(width: 0.5),
            .equalDivision(spacing: 0, minimum: 0),
        ] {
            try TabSizing(rule: rule).validate()
        }
    }

    @Test func invalidArgumentsThrowInOrderAndMeasureNothing() {
        let measurer = CountingMeasurer()
        let sizing = TabSizing.measured(by: measurer)
        func check(_ error: TabStripError, _ body: () throws(TabStripError) -> Double) {
            #expect(throws: error) { try body() }
        }
        check(.invalidValue(name: "tabCount", value: -1)) { () throws(TabStripError) in
            try sizing.width(ofTitle: "x", at: 0, tabCount: -1, availableWidth: 10)
        }
        check(.invalidValue(name: "availableWidth", value: -1)) { () throws(TabStripError) in
            try sizing.width(ofTitle: "x", at: 0, tabCount: 1, availableWidth: -1)
        }
        check(.invalidValue(name: "availableWidth", value: .nan)) { () throws(TabStripError) in
            try sizing.width(ofTitle: "x", at: 0, tabCount: 1, availableWidth: .nan)
        }
        check(.invalidValue(name: "availableWidth", value: .infinity)) { () throws(TabStripError) in
            try sizing.width(ofTitle: "x", at: 0, tabCount: 1, availableWidth: .infinity)
        }
        check(.invalidValue(name: "badgeCount", value: -3)) { () throws(TabStripError) in
            try sizing.width(ofTitle: "x", badge: .count(-3), at: 0, tabCount: 1, availableWidth: 10)
        }
        // The count is checked before the index.
        check(.invalidValue(name: "badgeCount", value: -3)) { () throws(TabStripError) in
            try sizing.width(ofTitle: "x", badge: .count(-3), at: 5, tabCount: 1, availableWidth: 10)
        }
        check(.indexOutOfRange(index: 1, count: 1)) { () throws(TabStripError) in
            try sizing.width(ofTitle: "x", at: 1, tabCount: 1, availableWidth: 10)
        }
        check(.indexOutOfRange(index: -1, count: 3)) { () throws(TabStripError) in
            try sizing.width(ofTitle: "x", at: -1, tabCount: 3, availableWidth: 10)
        }
        check(.indexOutOfRange(index: 0, count: 0)) { () throws(TabStripError) in
            try TabSizing.equalDivision().width(ofTitle: "x", at: 0, tabCount: 0, availableWidth: 10)
        }
        #expect(throws: TabStripError.invalidValue(name: "availableWidth", value: -.infinity)) {
            try sizing.widths(ofTitles: ["x"], availableWidth: -.infinity)
        }
        #expect(measurer.calls == 0)
    }

    @Test func invalidBadgeStyleThrowsFromSizing() {
        var style = BadgeStyle()
        style.gap = .nan
        let measurer = CountingMeasurer()
        let sizing = TabSizing.measured(by: measurer, badgeStyle: style)
        #expect(throws: TabStripError.invalidValue(name: "gap", value: .nan)) {
            try sizing.width(ofTitle: "x", at: 0, tabCount: 1, availableWidth: 10)
        }
        #expect(measurer.calls == 0)
        #expect(String(describing: sizing.badgeStyle) == String(describing: style))
    }
}
