import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

@Suite struct StripAccessibilityTests {
    @Test(arguments: [
        (1, 1, "1 of 1"),
        (3, 100_000, "3 of 100,000"),
        (12, 999, "12 of 999"),
        (999, 1_000, "999 of 1,000"),
        (1_000, 100_000, "1,000 of 100,000"),
        (1_001, 1_001, "1,001 of 1,001"),
        (100_000, 10_000_000, "100,000 of 10,000,000"),
        (1_234_567, 10_000_000, "1,234,567 of 10,000,000"),
        (10_000_000, 10_000_000, "10,000,000 of 10,000,000"),
    ])
    func positionDescription(position: Int, count: Int, text: String) {
        let a = TabAccessibility(
            label: "x", value: nil, role: .tab, isSelected: false, position: position, count: count)
        #expect(a.positionDescription == text)
        #expect(StripModel.grouped(position) + " of " + StripModel.grouped(count) == text, "the model agrees")
    }

    @Test func labelsValuesAndSelection() throws {
        var strip = try TabStrip(
            titles: ["推荐", "关注", "同城", "热点", "科技前沿", ""], viewport: Viewport(width: 390, height: 44), selectedIndex: 2)
        try strip.setBadge(.dot, ofTab: 0)
        try strip.setBadge(.count(0), ofTab: 1)
        try strip.setBadge(.count(99), ofTab: 3)
        try strip.setBadge(.count(100), ofTab: 4)
        let expected: [(String, String?)] = [
            ("推荐", "new"), ("关注", "0"), ("同城", nil), ("热点", "99"), ("科技前沿", "99+"), ("", nil),
        ]
        for (i, (label, value)) in expected.enumerated() {
            let a = try strip.accessibility(ofTab: i)
            #expect(
                a
                    == TabAccessibility(
                        label: label, value: value, role: .tab, isSelected: i == 2, position: i + 1, count: 6))
            #expect(a.positionDescription == "\(i + 1) of 6")
        }
        // The overflow text follows the badge style.
        var style = BadgeStyle.standard
        style.maximumCount = 9
        try strip.setSizing(.measured(badgeStyle: style))
        #expect(try strip.accessibility(ofTab: 3).value == "9+")
        #expect(try strip.accessibility(ofTab: 1).value == "0")
        try strip.select(5)
        #expect(try strip.accessibility(ofTab: 5).isSelected && !(strip.accessibility(ofTab: 2).isSelected))
    }
}
