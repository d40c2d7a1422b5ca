import TabStripTestSupport
import Testing

@testable import TabStripCore

/// Every path to a leading offset gives the same `Double`, bit for bit, with
/// widths whose sums round (tenths, not the quarters most tests use, whose
/// sums are exact in any order): `leadingOffset(ofTab:)`, `forEachTab(in:)`,
/// `position(ofTab:)`, and the searches, whose answers at a tab's exact edges
/// depend on it. Checkpoints sum their group of eight in two lanes, so a walk or
/// a scan that crossed one by adding instead of reading it would disagree
/// here; seeded edits run between the checks.
@Suite struct OffsetConsistencyTests {
    /// A width in tenths of a point, 0.1 to 240.0 (most are not dyadic).
    static func tenthWidth(_ random: inout SeededGenerator) -> Double {
        Double(1 + random.next(below: 2_400)) / 10
    }

    /// The ways an offset is read disagree nowhere, and queries at each
    /// tab's exact leading and trailing edges, from hints on either side
    /// (walks forward and back across checkpoints and block ends), equal the
    /// hint-free query; returns what differs.
    static func inconsistencies(in index: TabWidths, _ random: inout SeededGenerator) throws -> [String] {
        var failures: [String] = []
        var scanned: [(Double, Double)] = []
        try index.forEachTab(in: 0..<index.count) { _, offset, width in scanned.append((offset, width)) }
        for i in 0..<index.count {
            let offset = try index.leadingOffset(ofTab: i)
            let width = try index.width(ofTab: i)
            let position = index.position(ofTab: i)
            if scanned[i].0 != offset || position.leadingOffset != offset || position.width != width {
                failures.append("tab \(i): leadingOffset \(offset), forEachTab \(scanned[i].0), position \(position)")
            }
        }
        guard index.count > 0 else { return failures }
        for _ in 0..<200 {
            let i = random.next(below: index.count)
            let edge = try index.leadingOffset(ofTab: i) + (random.chance(0.5) ? 0 : try index.width(ofTab: i))
            let length = [0, 0.1, 45.3, 390.7][random.next(below: 4)]
            let plain = try index.tabs(overlapping: edge, length: length)
            for d in [-12, -9, -3, -1, 0, 1, 2, 7, 9, 13] {
                let h = Swift.min(Swift.max(i + d, 0), index.count)
                let hint = h..<Swift.min(index.count, h + random.next(below: 4))
                let near = try index.tabs(overlapping: edge, length: length, near: hint)
                if near != plain && !(near.isEmpty && plain.isEmpty) {
                    failures.append("edge \(edge) (tab \(i)) length \(length) hint \(hint): \(near) vs \(plain)")
                }
            }
        }
        return failures
    }

    @Test(arguments: [(12, 1), (40, 2), (508, 6)])
    func everyPathGivesTheSameOffsets(blockSize: Int, groupShift: Int) throws {
        let seed = TestSeed.value(default: 0x0FF5E7 &+ UInt64(blockSize))
        var random = SeededGenerator(seed: seed)
        let count = blockSize < 100 ? 300 : 3_000
        let widths = (0..<count).map { _ in Self.tenthWidth(&random) }
        var index = try TabWidths(widths: widths, spacing: 0, blockSize: blockSize, groupShift: groupShift)
        for step in 0..<40 {
            let failures = try Self.inconsistencies(in: index, &random)
            #expect(failures.isEmpty, "seed \(seed), step \(step): \(failures.prefix(5))")
            if !failures.isEmpty { return }
            let i = random.next(below: index.count)
            switch random.next(below: 3) {
            case 0:
                let run = (0..<(1 + random.next(below: 20))).map { _ in Self.tenthWidth(&random) }
                try index.insertTabs(widths: run, at: i)
            case 1 where index.count > 30:
                try index.removeTabs(in: i..<Swift.min(index.count, i + 1 + random.next(below: 20)))
            default:
                try index.setWidth(Self.tenthWidth(&random), ofTab: i)
            }
        }
    }

    /// The checkpoints and totals follow their definition (groups of eight
    /// summed in two lanes of even and odd widths, a partial last group left to right), checked
    /// directly on blocks of every length from 1 to 40 and after edits at
    /// every position of a block.
    @Test func checkpointsFollowTheirDefinition() {
        var random = SeededGenerator(seed: TestSeed.value(default: 0xC4EC))
        var failures: [String] = []
        for length in 1...40 {
            let widths = (0..<length).map { _ in Self.tenthWidth(&random) }
            for j in 0..<length {
                var block = TabWidths.Block(widths: widths, capacity: 64)
                block.widths[j] = Self.tenthWidth(&random)
                block.recompute(from: j)
                let expected = TabWidths.Block.referenceSums(of: block.widths)
                if block.checkpoints != expected.checkpoints || block.total != expected.total {
                    failures.append("length \(length), edit at \(j)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        // The definition itself, by hand, for one full group and a partial one.
        let w = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.1]
        let sums = TabWidths.Block.referenceSums(of: w)
        let group = ((w[0] + w[2]) + (w[4] + w[6])) + ((w[1] + w[3]) + (w[5] + w[7]))
        #expect(sums.checkpoints == [0, group])
        #expect(sums.total == (group + w[8]) + w[9])
    }
}
