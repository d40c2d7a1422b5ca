import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// Hand-computed answers, memory, value semantics and in-place mutation.
@Suite struct TabWidthsStructureTests {
    /// Widths 10, 0, 20, 5 with spacing 2: tab 0 is [0, 10), a gap
    /// [10, 12), the zero-width tab 1 at 12, a gap [12, 14), tab 2 is
    /// [14, 34), a gap [34, 36), tab 3 is [36, 41).
    static func handComputed<I: TabWidthIndex>(_ type: I.Type, _ make: ([Double], Double) throws -> I) throws {
        let index = try make([10, 0, 20, 5], 2)
        #expect(index.count == 4)
        #expect(index.totalWidth == 41)
        #expect(try (0...4).map { try index.leadingOffset(ofTab: $0) } == [0, 12, 14, 36, 43])
        #expect(try (0..<4).map { try index.width(ofTab: $0) } == [10, 0, 20, 5])

        let containing: [(Double, Int?)] = [
            (-0.5, nil), (-0.0, 0), (0, 0), (9.75, 0), (10, nil), (11, nil), (12, nil), (13.5, nil),
            (14, 2), (33.75, 2), (34, nil), (35.9, nil), (36, 3), (40.75, 3), (41, nil), (43, nil),
            (.infinity, nil), (-.infinity, nil),
        ]
        for (offset, expected) in containing {
            #expect(try index.tab(atOffset: offset) == expected, "tab(atOffset: \(offset))")
        }

        let overlapping: [(Double, Double, Range<Int>?)] = [
            (0, 41, 0..<4),
            (11, 2, 1..<2), // the zero-width tab lies strictly inside [11, 13)
            (12, 2, nil), // ... but not inside [12, 14): it touches the start
            (10, 2, nil), // [10, 12) ends where the zero-width tab is
            (33.5, 3, 2..<4),
            (20, 0, 2..<3), // zero length inside tab 2 still meets it
            (14, 0, nil), // zero length at a tab's start does not
            (-5, 5, nil), // ends where tab 0 starts
            (-5, 5.25, 0..<1),
            (41, 10, nil),
            (40.75, 10, 3..<4),
            (-1e300, 2e300, 0..<4),
        ]
        for (start, length, expected) in overlapping {
            let found = try index.tabs(overlapping: start, length: length)
            if let expected {
                #expect(found == expected, "tabs(overlapping: \(start), length: \(length))")
            } else {
                #expect(
                    found.isEmpty && found.lowerBound >= 0 && found.upperBound <= 4,
                    "tabs(overlapping: \(start), length: \(length)) is \(found)")
            }
        }

        var visited: [String] = []
        try index.forEachTab(in: 1..<4) { visited.append("\($0)@\($1)+\($2)") }
        #expect(visited == ["1@12.0+0.0", "2@14.0+20.0", "3@36.0+5.0"])

        var empty = I()
        #expect(empty.count == 0 && empty.totalWidth == 0 && empty.spacing == 0)
        #expect(try empty.leadingOffset(ofTab: 0) == 0)
        #expect(try empty.tab(atOffset: 0) == nil)
        #expect(try empty.tabs(overlapping: 0, length: 100).isEmpty)
        try empty.setSpacing(3)
        try empty.insertTabs(widths: [4], at: 0)
        #expect(empty.totalWidth == 4)
        #expect(try empty.leadingOffset(ofTab: 1) == 7)
    }

    @Test func handComputedAnswers() throws {
        for blockSize in [1, 2, 3, 512] {
            try Self.handComputed(TabWidths.self) { try TabWidths(widths: $0, spacing: $1, blockSize: blockSize) }
        }
        try Self.handComputed(FlatTabWidths.self) { try FlatTabWidths(widths: $0, spacing: $1) }
    }

    @Test func spacingChangesMoveEveryOffsetAtOnce() throws {
        var index = try TabWidths(widths: [10, 0, 20, 5], spacing: 2, blockSize: 1)
        try index.setSpacing(0.5)
        #expect(index.totalWidth == 36.5)
        #expect(try (0...4).map { try index.leadingOffset(ofTab: $0) } == [0, 10.5, 11, 31.5, 37])
        #expect(try index.tab(atOffset: 10.25) == nil)
        #expect(try index.tab(atOffset: 11) == 2)
        try index.setSpacing(0)
        #expect(
            try index.tab(atOffset: 10) == 2,
            "with no gaps the zero-width tab 1 contains nothing and tab 2 starts at 10")
    }

    @Test func memoryStaysUnderSixteenBytesPerTab() throws {
        let count = 300_000
        let widths = (0..<count).map { Double($0 % 97) + 0.5 }
        let index = try TabWidths(widths: widths)
        let perTab = Double(index._allocatedByteEstimate) / Double(count)
        // 8 bytes per width, 1 per checkpoint, about 0.2 per tab for the
        // blocks and the tree (allocator rounding of a block's capacity
        // included).
        #expect(perTab <= 16, "\(perTab) bytes per tab")
        #expect(perTab >= 9 && perTab < 10, "\(perTab) bytes per tab")
        // The same through a sequence without contiguous storage (copied to
        // an array first) and through replaceAll.
        let streamed = try TabWidths(widths: widths.lazy.map { $0 })
        #expect(Double(streamed._allocatedByteEstimate) / Double(count) < 10)
        var replaced = TabWidths()
        try replaced.replaceAllWidths(widths)
        #expect(Double(replaced._allocatedByteEstimate) / Double(count) < 10)
        #expect(replaced == index && streamed == index)

        let flat = try FlatTabWidths(widths: widths)
        #expect(Double(flat._allocatedByteEstimate) / Double(count) >= 16)
    }

    @Test func buildsCutEvenBlocks() throws {
        for count in [1, 253, 254, 255, 507, 508, 509, 700, 1_016, 1_017, 5_000] {
            let index = try TabWidths(widths: Array(repeating: 1.0, count: count))
            let sizes = index.blocks.map(\.count)
            #expect(sizes.reduce(0, +) == count)
            #expect(
                sizes.allSatisfy { $0 <= 508 } && (sizes.count == 1 || sizes.allSatisfy { $0 >= 254 }),
                "\(count): \(sizes)")
            index._checkInvariants()
        }
    }

    /// Widths and spacing built from the same numbers compare equal however
    /// their blocks are cut; `==` sees every width and the spacing.
    @Test func equalityIsAboutTheTabs() throws {
        let widths = (0..<40).map { Double($0 % 7) }
        let a = try TabWidths(widths: widths, spacing: 1, blockSize: 3)
        var b = try TabWidths(widths: widths, spacing: 1, blockSize: 16)
        #expect(a == b)
        #expect(!a._hasIdenticalStorage(to: b))
        try b.setWidth(6.5, ofTab: 39)
        #expect(a != b)
        try b.setWidth(4, ofTab: 39)
        #expect(a == b)
        try b.setSpacing(2)
        #expect(a != b)
        let c = try TabWidths(widths: widths.dropLast(), spacing: 1)
        #expect(a != c)
    }

    /// Copies share storage until one is mutated; mutating a uniquely held
    /// index changes its arrays in place (no reallocation, so no allocation).
    @Test func mutationIsInPlaceAndCopiesAreIndependent() throws {
        var index = try TabWidths(widths: (0..<5_000).map { Double($0 % 13) })
        func addresses(_ index: TabWidths, block: Int) -> [UnsafeRawPointer?] {
            [
                index.blocks.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
                index.localTabs.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
                index.groupTabs.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
                index.localWidths.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
                index.groupWidths.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
                index.blocks[block].widths.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
                index.blocks[block].checkpoints.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
            ]
        }
        let before = addresses(index, block: 4)
        for i in stride(from: 2_048, to: 2_560, by: 7) {
            try index.setWidth(Double(i % 5), ofTab: i)
        }
        #expect(addresses(index, block: 4) == before, "setWidth must not reallocate a uniquely held index")

        // A built block has room for more tabs: the first inserts into it
        // do not reallocate its storage.
        let roomy = addresses(index, block: 6)
        let first = index.tabsBefore(block: 6)
        for k in 0..<8 { try index.insertTabs(widths: [Double(k)], at: first + 5) }
        #expect(
            addresses(index, block: 6)[5...] == roomy[5...],
            "the first inserts into a built block must fit in its storage")
        #expect(
            index.blocks[0].widths.capacity >= TabWidths.defaultBlockSize
                && index.blocks[0].count < TabWidths.defaultBlockSize)
        try index.removeTabs(in: (first + 5)..<(first + 13))

        let copy = index
        try index.setWidth(99, ofTab: 2_100)
        #expect(try copy.width(ofTab: 2_100) != 99)
        #expect(try index.width(ofTab: 2_100) == 99)
        try index.insertTabs(widths: [1, 2, 3], at: 0)
        try index.removeTabs(in: 10..<900)
        #expect(copy.count == 5_000)
        copy._checkInvariants()
        index._checkInvariants()
    }

    /// A block grows in place up to twice the build size, then splits;
    /// removals below half merge it with a neighbour.
    @Test func blocksSplitAndMergeAtTheirBounds() throws {
        var index = try TabWidths(widths: Array(repeating: 1, count: 40), spacing: 0, blockSize: 8)
        #expect(index.blocks.map(\.count) == [8, 8, 8, 8, 8])
        try index.insertTabs(widths: Array(repeating: 2, count: 8), at: 3)
        #expect(index.blocks.map(\.count) == [16, 8, 8, 8, 8], "grows in place up to 16")
        try index.insertTabs(widths: [3], at: 3)
        #expect(index.blocks.map(\.count) == [6, 6, 5, 8, 8, 8, 8], "17 tabs split into three even blocks")
        // Block 1 (tabs 6..<12) keeps 3 < 4 tabs: merged with block 0 into
        // 9 tabs, cut into two.
        try index.removeTabs(in: 8..<11)
        #expect(index.blocks.map(\.count) == [5, 4, 5, 8, 8, 8, 8])
        index._checkInvariants()
        try index.removeTabs(in: 0..<index.count - 3)
        #expect(index.blocks.map(\.count) == [3], "one block may hold fewer than half")
        try index.removeTabs(in: 0..<3)
        #expect(
            index.blocks.isEmpty && index._blockFirstTabs == [0] && index.groupTabs == [0] && index.groupWidths == [0]
                && index.localWidths.isEmpty
                && index.count == 0 && index.totalWidth == 0)
        index._checkInvariants()
    }
}
