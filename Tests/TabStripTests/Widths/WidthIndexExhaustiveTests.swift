import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// Every insertion position, removal range and width change for rows of 0…8
/// tabs, with blocks of 1, 2 and 3 tabs (so every edit lands on a block edge
/// somewhere), on both a freshly built layout and one grown by appends.
@Suite struct WidthIndexExhaustiveTests {
    /// Widths with zeros among them, multiples of 1/4.
    static func widths(_ count: Int) -> [Double] {
        (0..<count).map { Double(($0 * 5 + 3) % 7) / 4 }
    }

    /// A `TabWidths` with the given widths, built at once or by appends.
    static func layouts(_ widths: [Double], spacing: Double, blockSize: Int) throws -> [TabWidths] {
        let built = try TabWidths(widths: widths, spacing: spacing, blockSize: blockSize)
        var appended = TabWidths(emptyWithBlockSize: blockSize, spacing: spacing)
        for width in widths {
            try appended.insertTabs(widths: [width], at: appended.count)
            appended._checkInvariants()
        }
        return [built, appended]
    }

    /// Compares every query at every probe with the model.
    static func verifyFully<I: TabWidthIndex>(_ index: I, _ model: WidthModel, _ context: String) -> [String] {
        var random = SeededGenerator(seed: 1)
        let offsets = model.offsets
        let probes = WidthIndexChecker.probes(for: model, offsets: offsets, random: &random)
        let spans = WidthIndexChecker.spans(from: probes, model: model, random: &random)
        var checker = WidthIndexChecker(context)
        checker.verify(
            index, "\(I.self)", against: model, offsets: offsets, probes: probes, spans: spans, random: &random)
        return checker.failures
    }

    @Test(arguments: [1, 2, 3])
    func everyInsertionPosition(blockSize: Int) throws {
        var failures: [String] = []
        for count in 0...8 {
            let widths = Self.widths(count)
            for layout in try Self.layouts(widths, spacing: 0.5, blockSize: blockSize) {
                for position in 0...count {
                    for run in [[2.25], [0], [1, 0, 3.5]] {
                        var index = layout
                        var flat = try FlatTabWidths(widths: widths, spacing: 0.5)
                        try index.insertTabs(widths: run, at: position)
                        try flat.insertTabs(widths: run, at: position)
                        index._checkInvariants()
                        flat._checkInvariants()
                        var model = WidthModel(widths: widths, spacing: 0.5)
                        model.widths.insert(contentsOf: run, at: position)
                        let context = "count \(count), block size \(blockSize), insert \(run) at \(position)"
                        failures += Self.verifyFully(index, model, context)
                        failures += Self.verifyFully(flat, model, context)
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
    }

    @Test(arguments: [1, 2, 3])
    func everyRemovalRange(blockSize: Int) throws {
        var failures: [String] = []
        for count in 0...8 {
            let widths = Self.widths(count)
            for layout in try Self.layouts(widths, spacing: 1, blockSize: blockSize) {
                for lower in 0...count {
                    for upper in lower...count {
                        var index = layout
                        var flat = try FlatTabWidths(widths: widths, spacing: 1)
                        try index.removeTabs(in: lower..<upper)
                        try flat.removeTabs(in: lower..<upper)
                        index._checkInvariants()
                        flat._checkInvariants()
                        var model = WidthModel(widths: widths, spacing: 1)
                        model.widths.removeSubrange(lower..<upper)
                        let context = "count \(count), block size \(blockSize), remove \(lower)..<\(upper)"
                        failures += Self.verifyFully(index, model, context)
                        failures += Self.verifyFully(flat, model, context)
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
    }

    @Test(arguments: [1, 2, 3])
    func everyWidthChange(blockSize: Int) throws {
        var failures: [String] = []
        for count in 1...8 {
            let widths = Self.widths(count)
            for layout in try Self.layouts(widths, spacing: 0.25, blockSize: blockSize) {
                for position in 0..<count {
                    for width in [0, 0.75, 40] {
                        var index = layout
                        try index.setWidth(width, ofTab: position)
                        index._checkInvariants()
                        var model = WidthModel(widths: widths, spacing: 0.25)
                        model.widths[position] = width
                        failures += Self.verifyFully(
                            index, model, "count \(count), block size \(blockSize), setWidth(\(width), at: \(position))"
                        )
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
    }
}
