import TabStrip
import Testing

@Suite struct ColumnTitleMeasurerTests {
    @Test func defaultAdvanceIsEightPointsPerColumn() {
        let measurer = ColumnTitleMeasurer()
        #expect(ColumnTitleMeasurer.defaultAdvance == 8)
        #expect(measurer.advance == 8)
        #expect(measurer.width(of: "推荐") == 32)
        #expect(measurer.width(of: "News") == 32)
        #expect(measurer.width(of: "👨‍👩‍👧‍👦") == 16)
        #expect(measurer.width(of: "") == 0)
    }

    @Test func widthIsColumnsTimesAdvance() throws {
        let measurer = try ColumnTitleMeasurer(advance: 1.5)
        #expect(measurer.width(of: "关注 NBA") == 1.5 * 8)
        #expect(try ColumnTitleMeasurer(advance: 1).width(of: "同城🇨🇳") == 6)
    }

    @Test(arguments: [0, -1, -0.0, .nan, .infinity, -.infinity] as [Double])
    func invalidAdvanceThrows(advance: Double) {
        #expect(throws: TabStripError.invalidValue(name: "advance", value: advance)) {
            try ColumnTitleMeasurer(advance: advance)
        }
    }
}
