import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

@Suite struct BadgeStyleTests {
    @Test func standardMetrics() {
        let style = BadgeStyle.standard
        #expect(style == BadgeStyle())
        #expect(style.dotDiameter == 6 && style.countHeight == 16 && style.digitAdvance == 7)
        #expect(style.countPadding == 4 && style.maximumCount == 99 && style.gap == 4 && style.verticalOffset == -6)
    }

    @Test func countTextOverflowsAboveTheMaximum() throws {
        let style = BadgeStyle.standard
        #expect(try style.text(of: .none) == nil)
        #expect(try style.text(of: .dot) == nil)
        #expect(try style.text(of: .count(0)) == "0")
        #expect(try style.text(of: .count(7)) == "7")
        #expect(try style.text(of: .count(99)) == "99")
        #expect(try style.text(of: .count(100)) == "99+")
        #expect(try style.text(of: .count(.max)) == "99+")
        let small = BadgeStyle(maximumCount: 9)
        #expect(try small.text(of: .count(9)) == "9")
        #expect(try small.text(of: .count(10)) == "9+")
        let one = BadgeStyle(maximumCount: 1)
        #expect(try one.text(of: .count(2)) == "1+")
    }

    @Test func sizesFollowTheFormula() throws {
        let style = BadgeStyle.standard
        func size(_ badge: TabBadge) throws -> [Double] {
            let size = try style.size(of: badge)
            return [size.width, size.height]
        }
        #expect(try size(.none) == [0, 0])
        #expect(try size(.dot) == [6, 6])
        #expect(try size(.count(0)) == [16, 16])
        #expect(try size(.count(9)) == [16, 16]) // 7 + 8 = 15 → height
        #expect(try size(.count(10)) == [22, 16]) // 14 + 8
        #expect(try size(.count(100)) == [29, 16]) // "99+"
        #expect(try style.extraTabWidth(for: .none) == 0)
        #expect(try style.extraTabWidth(for: .dot) == 10)
        #expect(try style.extraTabWidth(for: .count(3)) == 20)
        #expect(try style.extraTabWidth(for: .count(12_345)) == 33)

        let wide = BadgeStyle(countHeight: 10, digitAdvance: 5, countPadding: 3, maximumCount: 9_999)
        #expect(try wide.size(of: .count(0)).width == 11) // 5 + 6 > 10
        #expect(try wide.size(of: .count(1_234)).width == 26) // 20 + 6
        #expect(try wide.size(of: .count(10_000)).width == 31) // "9999+"
    }

    @Test(arguments: [8, 9] as [UInt64])
    func pillWidthMatchesTheTextLength(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<500 {
            let style = BadgeStyle(
                countHeight: Double(Int.random(in: 0...30, using: &generator)),
                digitAdvance: Double(Int.random(in: 0...12, using: &generator)),
                countPadding: Double(Int.random(in: 0...8, using: &generator)),
                maximumCount: Int.random(in: 1...100_000, using: &generator)
            )
            let count = Int.random(in: 0...1_000_000, using: &generator)
            let text = try #require(try style.text(of: .count(count)))
            let expected = max(style.countHeight, Double(text.count) * style.digitAdvance + 2 * style.countPadding)
            #expect(try style.size(of: .count(count)).width == expected)
            #expect(try style.extraTabWidth(for: .count(count)) == style.gap + expected)
            #expect(BadgeStyle.decimalDigits(of: count) == String(count).count)
        }
        #expect(BadgeStyle.decimalDigits(of: .max) == String(Int.max).count)
    }

    @Test func negativeCountsThrow() {
        let style = BadgeStyle.standard
        let error = TabStripError.invalidValue(name: "badgeCount", value: -1)
        #expect(throws: error) { try style.text(of: .count(-1)) }
        #expect(throws: error) { try style.size(of: .count(-1)) }
        #expect(throws: error) { try style.extraTabWidth(for: .count(-1)) }
        #expect(throws: error) {
            try style.frame(
                of: .count(-1), inTab: Rect(x: 0, y: 0, width: 50, height: 40), titleWidth: 10, padding: 5,
                direction: .leftToRight)
        }
        #expect(throws: TabStripError.invalidValue(name: "badgeCount", value: Double(Int.min))) {
            try style.text(of: .count(.min))
        }
    }

    @Test func invalidStylesNameTheFirstBadProperty() {
        let cases: [(WritableKeyPath<BadgeStyle, Double>, Double, String)] = [
            (\.dotDiameter, -1, "dotDiameter"), (\.dotDiameter, .nan, "dotDiameter"),
            (\.countHeight, .infinity, "countHeight"), (\.digitAdvance, -0.5, "digitAdvance"),
            (\.countPadding, .nan, "countPadding"), (\.gap, -2, "gap"),
            (\.verticalOffset, .infinity, "verticalOffset"), (\.verticalOffset, .nan, "verticalOffset"),
        ]
        for (path, value, name) in cases {
            var style = BadgeStyle.standard
            style[keyPath: path] = value
            let before = String(describing: style)
            let error = TabStripError.invalidValue(name: name, value: value)
            #expect(throws: error) { try style.validate() }
            #expect(throws: error) { try style.text(of: .count(1)) }
            #expect(throws: error) { try style.size(of: .dot) }
            #expect(throws: error) { try style.extraTabWidth(for: .none) }
            #expect(throws: error) {
                try style.contentLayout(of: .none, inTab: .zero, titleWidth: 0, padding: 0, direction: .rightToLeft)
            }
            #expect(String(describing: style) == before)
        }
        var style = BadgeStyle.standard
        style.verticalOffset = -100
        #expect(throws: Never.self) { try style.validate() }
        for maximum in [0, -1, Int.min] {
            style.maximumCount = maximum
            #expect(throws: TabStripError.invalidValue(name: "maximumCount", value: Double(maximum))) {
                try style.validate()
            }
        }
        // The order is documented: lengths before the offset before the maximum.
        let many = BadgeStyle(dotDiameter: 1, countHeight: -1, digitAdvance: -1, maximumCount: 0, verticalOffset: .nan)
        #expect(throws: TabStripError.invalidValue(name: "countHeight", value: -1)) { try many.validate() }
    }
}
