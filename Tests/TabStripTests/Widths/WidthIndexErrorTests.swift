import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// Every invalid input of the width index protocol gets the exact error the
/// protocol names, and leaves the index exactly as it was.
@Suite struct WidthIndexErrorTests {
    /// Runs `operation` on a copy of `index`; expects exactly `expected` to
    /// be thrown and the copy to be unchanged afterwards.
    static func expectRejection<I: TabWidthIndex>(
        _ index: I,
        _ expected: TabStripError,
        identical: (I, I) -> Bool,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ operation: (inout I) throws(TabStripError) -> Void
    ) {
        var copy = index
        do {
            try operation(&copy)
            Issue.record("expected \(expected), nothing was thrown", sourceLocation: sourceLocation)
        } catch {
            #expect(error == expected, sourceLocation: sourceLocation)
        }
        #expect(identical(copy, index), "the index changed although the call threw", sourceLocation: sourceLocation)
    }

    /// Every error case, checked on `index` (which holds 5 tabs).
    static func checkEveryRejection<I: TabWidthIndex>(_ index: I, identical: (I, I) -> Bool) {
        #expect(index.count == 5)

        // width(ofTab:)
        for bad in [-1, 5, 6, Int.min, Int.max] {
            expectRejection(index, .indexOutOfRange(index: bad, count: 5), identical: identical) {
                (index: inout I) throws(TabStripError) in _ = try index.width(ofTab: bad)
            }
        }
        // leadingOffset(ofTab:): count itself is valid.
        for bad in [-1, 6, Int.max] {
            expectRejection(index, .indexOutOfRange(index: bad, count: 5), identical: identical) {
                (index: inout I) throws(TabStripError) in _ = try index.leadingOffset(ofTab: bad)
            }
        }
        // tab(atOffset:): only NaN is invalid.
        expectRejection(index, .invalidOffset(.nan), identical: identical) { (index: inout I) throws(TabStripError) in
            _ = try index.tab(atOffset: .nan)
        }
        // tabs(overlapping:length:)
        for bad in [Double.nan, .infinity, -.infinity] {
            expectRejection(index, .invalidOffset(bad), identical: identical) {
                (index: inout I) throws(TabStripError) in _ = try index.tabs(overlapping: bad, length: 10)
            }
        }
        for bad in [-1, -0.25, Double.nan, .infinity, -.infinity] {
            expectRejection(index, .invalidValue(name: "length", value: bad), identical: identical) {
                (index: inout I) throws(TabStripError) in _ = try index.tabs(overlapping: 3, length: bad)
            }
        }
        // The offset is checked before the length.
        expectRejection(index, .invalidOffset(.nan), identical: identical) { (index: inout I) throws(TabStripError) in
            _ = try index.tabs(overlapping: .nan, length: -1)
        }
        // forEachTab(in:): the first bad bound, and body never called.
        for (range, bad) in [(-1..<2, -1), (0..<6, 6), (-3..<9, -3), (6..<9, 6)] {
            expectRejection(index, .indexOutOfRange(index: bad, count: 5), identical: identical) {
                (index: inout I) throws(TabStripError) in
                try index.forEachTab(in: range) { _, _, _ in Issue.record("body called for an invalid range") }
            }
        }
        // setWidth(_:ofTab:): the index is checked before the width.
        expectRejection(index, .indexOutOfRange(index: 5, count: 5), identical: identical) {
            (index: inout I) throws(TabStripError) in try index.setWidth(1, ofTab: 5)
        }
        expectRejection(index, .indexOutOfRange(index: -1, count: 5), identical: identical) {
            (index: inout I) throws(TabStripError) in try index.setWidth(.nan, ofTab: -1)
        }
        for bad in [-0.25, -.infinity, .infinity, .nan] {
            expectRejection(index, .invalidWidth(index: 2, value: bad), identical: identical) {
                (index: inout I) throws(TabStripError) in try index.setWidth(bad, ofTab: 2)
            }
        }
        // insertTabs(widths:at:): position first, then the first bad width,
        // named by the index it would have had.
        expectRejection(index, .indexOutOfRange(index: 6, count: 5), identical: identical) {
            (index: inout I) throws(TabStripError) in try index.insertTabs(widths: [1], at: 6)
        }
        expectRejection(index, .indexOutOfRange(index: -1, count: 5), identical: identical) {
            (index: inout I) throws(TabStripError) in try index.insertTabs(widths: [-1], at: -1)
        }
        expectRejection(index, .invalidWidth(index: 4, value: -2), identical: identical) {
            (index: inout I) throws(TabStripError) in try index.insertTabs(widths: [1, 2, -2, .nan], at: 2)
        }
        expectRejection(index, .invalidWidth(index: 5, value: .infinity), identical: identical) {
            (index: inout I) throws(TabStripError) in try index.insertTabs(widths: CollectionOfOne(.infinity), at: 5)
        }
        expectRejection(index, .invalidWidth(index: 1, value: .nan), identical: identical) {
            (index: inout I) throws(TabStripError) in
            try index.insertTabs(widths: [3, .nan].lazy.map { $0 }, at: 0)
        }
        // removeTabs(in:): the first bound outside 0...count.
        expectRejection(index, .indexOutOfRange(index: 6, count: 5), identical: identical) {
            (index: inout I) throws(TabStripError) in try index.removeTabs(in: 2..<6)
        }
        expectRejection(index, .indexOutOfRange(index: -2, count: 5), identical: identical) {
            (index: inout I) throws(TabStripError) in try index.removeTabs(in: -2..<9)
        }
        // replaceAllWidths(_:): the first bad width.
        expectRejection(index, .invalidWidth(index: 1, value: -1), identical: identical) {
            (index: inout I) throws(TabStripError) in try index.replaceAllWidths([1, -1, .nan])
        }
        expectRejection(index, .invalidWidth(index: 2, value: .nan), identical: identical) {
            (index: inout I) throws(TabStripError) in
            try index.replaceAllWidths((0..<4).lazy.map { $0 == 2 ? .nan : Double($0) })
        }
        // setSpacing(_:)
        for bad in [-1, Double.nan, .infinity, -.infinity] {
            expectRejection(index, .invalidValue(name: "spacing", value: bad), identical: identical) {
                (index: inout I) throws(TabStripError) in try index.setSpacing(bad)
            }
        }
    }

    @Test func tabWidthsRejectsEveryInvalidInputAndStaysUnchanged() throws {
        for blockSize in [1, 2, 512] {
            let index = try TabWidths(widths: [10, 0, 20, 5, 7.5], spacing: 2, blockSize: blockSize)
            Self.checkEveryRejection(index) { $0._hasIdenticalStorage(to: $1) && $0 == $1 }
        }
    }

    @Test func flatTabWidthsRejectsEveryInvalidInputAndStaysUnchanged() throws {
        let index = try FlatTabWidths(widths: [10, 0, 20, 5, 7.5], spacing: 2)
        Self.checkEveryRejection(index) { $0 == $1 }
    }

    @Test func initializersRejectBadWidthsAndSpacing() {
        func expectError(
            _ expected: TabStripError, _ build: () throws(TabStripError) -> Void,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            do {
                try build()
                Issue.record("expected \(expected)", sourceLocation: sourceLocation)
            } catch {
                #expect(error == expected, sourceLocation: sourceLocation)
            }
        }
        for bad in [-0.5, Double.nan, .infinity, -.infinity] {
            expectError(.invalidWidth(index: 2, value: bad)) { () throws(TabStripError) in
                _ = try TabWidths(widths: [1, 2, bad, -1])
            }
            expectError(.invalidWidth(index: 2, value: bad)) { () throws(TabStripError) in
                _ = try FlatTabWidths(widths: [1, 2, bad, -1])
            }
            // A sequence without contiguous storage takes the other path.
            expectError(.invalidWidth(index: 1, value: bad)) { () throws(TabStripError) in
                _ = try TabWidths(widths: [1, bad].lazy.map { $0 })
            }
            // The spacing is checked first.
            expectError(.invalidValue(name: "spacing", value: bad)) { () throws(TabStripError) in
                _ = try TabWidths(widths: [-1], spacing: bad)
            }
            expectError(.invalidValue(name: "spacing", value: bad)) { () throws(TabStripError) in
                _ = try FlatTabWidths(widths: [-1], spacing: bad)
            }
        }
        // A bad width deep inside a long sequence, past the first blocks.
        expectError(.invalidWidth(index: 5_000, value: -1)) { () throws(TabStripError) in
            _ = try TabWidths(widths: (0..<6_000).map { $0 == 5_000 ? -1 : 1 })
        }
    }
}
