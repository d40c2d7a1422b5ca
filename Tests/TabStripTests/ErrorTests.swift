import TabStrip
import Testing

@Suite struct TabStripErrorTests {
    @Test func nanPayloadsCompareEqual() {
        #expect(TabStripError.invalidWidth(index: 3, value: .nan) == .invalidWidth(index: 3, value: .nan))
        #expect(TabStripError.invalidWidth(index: 3, value: .nan) != .invalidWidth(index: 4, value: .nan))
        #expect(TabStripError.invalidOffset(1) != .invalidOffset(.nan))
    }

    @Test func descriptionNamesIndexAndValue() {
        let text = TabStripError.invalidWidth(index: 7, value: -2).description
        #expect(text.contains("7") && text.contains("-2"))
    }
}
