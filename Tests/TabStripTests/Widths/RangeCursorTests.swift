import TabStripTestSupport
import Testing

@testable import TabStripCore

/// `tabs(overlapping:length:cursor:)`: every answer through a cursor equals
/// the plain query's, whatever the cursor saw before (the same index a few
/// pixels back, the index before an edit or a new spacing, a copy that went
/// its own way, nothing at all), and the answers at the exact edges of the
/// spans a cursor trusts.
@Suite struct RangeCursorTests {
    /// A width in quarter points (sums exact in any order, so the flat
    /// reference agrees bit for bit), one in eight empty.
    static func quarterWidth(_ random: inout SeededGenerator) -> Double {
        random.next(below: 8) == 0 ? 0 : Double(random.next(in: 1...960)) / 4
    }

    /// A width in tenths (sums that round: the spans' bounds must be the
    /// very numbers the searches compare with).
    static func tenthWidth(_ random: inout SeededGenerator) -> Double {
        Double(1 + random.next(below: 2_400)) / 10
    }

    /// One trace: scroll steps of a fraction of a point to a few thousand,
    /// jumps, offsets past both ends, edits that shift indices under the
    /// cursor, new spacings; every answer through the cursor compared with
    /// the plain query (and with the flat reference when sums are exact).
    /// Returns the failures, each naming the seed and step, and how many
    /// queries the cursor answered from its spans.
    static func runTrace(seed: UInt64, count: Int, tenths: Bool, blockSize: Int, groupShift: Int) throws -> (
        failures: [String], answeredFromSpans: Int
    ) {
        var random = SeededGenerator(seed: seed)
        func width() -> Double { tenths ? tenthWidth(&random) : quarterWidth(&random) }
        var widths = (0..<count).map { _ in width() }
        var spacing = [0.0, 0, 2.5, 8][random.next(below: 4)]
        var index = try TabWidths(widths: widths, spacing: spacing, blockSize: blockSize, groupShift: groupShift)
        var flat = try FlatTabWidths(widths: widths, spacing: spacing)
        var cursor = TabRangeCursor()
        var failures: [String] = []
        var fromSpans = 0
        var offset = 0.0
        var length = 390.0
        for step in 0..<4_000 {
            let total = index.totalWidth
            switch random.next(below: 100) {
            case 0..<55: offset += Double(random.next(in: -24...24)) / 8
            case 55..<75: offset += Double(random.next(in: -400...400))
            case 75..<80: offset += Double(random.next(in: -6_000...6_000))
            case 80..<84: offset = Double(random.next(in: 0...Int(total)))
            case 84..<86: offset = -Double(random.next(in: 0...500)) / 4
            case 86..<88: offset = total + Double(random.next(in: -800...800)) / 4
            case 88..<90: length = [0, 0.25, 45, 390, 1280, 5_000][random.next(below: 6)]
            case 90..<91:
                spacing = [0.0, 2.5, 8][random.next(below: 3)]
                try index.setSpacing(spacing)
                try flat.setSpacing(spacing)
            default:
                // An edit, often next to the range the cursor holds.
                let near = cursor.range.lowerBound + random.next(in: -3...12)
                let i = Swift.min(Swift.max(near, 0), Swift.max(widths.count - 1, 0))
                switch random.next(below: 3) {
                case 0:
                    let run = (0..<random.next(in: 1...12)).map { _ in width() }
                    widths.insert(contentsOf: run, at: Swift.min(i, widths.count))
                    try index.insertTabs(widths: run, at: Swift.min(i, widths.count))
                    try flat.insertTabs(widths: run, at: Swift.min(i, widths.count))
                case 1 where widths.count > 1:
                    let upper = Swift.min(widths.count, i + random.next(in: 1...12))
                    widths.removeSubrange(i..<upper)
                    try index.removeTabs(in: i..<upper)
                    try flat.removeTabs(in: i..<upper)
                default:
                    guard !widths.isEmpty else { break }
                    let w = width()
                    widths[i] = w
                    try index.setWidth(w, ofTab: i)
                    try flat.setWidth(w, ofTab: i)
                }
            }
            if cursor.holds(offset, offset + length, revision: index.revision) { fromSpans += 1 }
            let plain = try index.tabs(overlapping: offset, length: length)
            let answer = try index.tabs(overlapping: offset, length: length, cursor: &cursor)
            let reference = try flat.tabs(overlapping: offset, length: length)
            let agreesWithFlat = tenths || reference == answer || (reference.isEmpty && answer.isEmpty)
            if answer != plain || cursor.range != answer || !agreesWithFlat {
                failures.append(
                    "seed \(seed) step \(step): offset \(offset) length \(length) spacing \(spacing): cursor \(answer), plain \(plain), flat \(reference)"
                )
                if failures.count > 10 { break }
            }
        }
        return (failures, fromSpans)
    }

    @Test(arguments: [(508, 6, false), (508, 6, true), (16, 1, false), (8, 0, true), (40, 2, true)])
    func tracesThroughACursorMatchThePlainQuery(blockSize: Int, groupShift: Int, tenths: Bool) throws {
        var failures: [String] = []
        var fromSpans = 0
        for k in UInt64(0)..<4 {
            let seed = TestSeed.value(default: 0xC0_5052 &+ UInt64(blockSize) &* 31 &+ k)
            let count = blockSize > 100 ? 20_000 : 2_000
            let run = try Self.runTrace(
                seed: seed, count: count, tenths: tenths, blockSize: blockSize, groupShift: groupShift)
            failures += run.failures
            fromSpans += run.answeredFromSpans
        }
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
        // The trace exercises the spans, not only the searches: most small
        // steps keep the range.
        #expect(fromSpans > 4 * 4_000 / 5, "only \(fromSpans) of 16,000 queries answered from the spans")
    }

    /// One cursor carried across three indices that share an ancestor and
    /// then go their own ways (copies share a revision until one changes):
    /// every answer equals the plain query on the index asked.
    @Test func aCursorCarriedAcrossCopiesAndOtherIndicesStaysExact() throws {
        let seed = TestSeed.value(default: 0xC0_C0B1)
        var random = SeededGenerator(seed: seed)
        let ancestor = try TabWidths(
            widths: (0..<3_000).map { _ in Self.tenthWidth(&random) }, spacing: 0, blockSize: 64, groupShift: 2)
        var indices = [ancestor, ancestor, ancestor]
        var cursor = TabRangeCursor()
        var failures: [String] = []
        var offset = 1_000.0
        for step in 0..<6_000 {
            let k = random.next(below: 3)
            switch random.next(below: 10) {
            case 0:
                let i = random.next(below: indices[k].count)
                try indices[k].setWidth(Self.tenthWidth(&random), ofTab: i)
            case 1:
                let i = random.next(below: indices[k].count)
                try indices[k].insertTabs(widths: [Self.tenthWidth(&random)], at: i)
            case 2:
                // A copy of another index: the same revision, the same answers.
                indices[k] = indices[random.next(below: 3)]
            default:
                offset += Double(random.next(in: -80...80)) / 4
            }
            let length: Double = [0, 390, 1280][random.next(below: 3)]
            let plain = try indices[k].tabs(overlapping: offset, length: length)
            let answer = try indices[k].tabs(overlapping: offset, length: length, cursor: &cursor)
            if answer != plain {
                failures.append(
                    "seed \(seed) step \(step): index \(k) offset \(offset): cursor \(answer), plain \(plain)")
                if failures.count > 10 { break }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// The spans' bounds are exact: a cursor filled at a random span, then
    /// asked at each bound of its spans and the next `Double` on either
    /// side, answers as the plain query does.
    @Test(arguments: [0.0, 2.5])
    func answersAtTheEdgesOfTheSpansAreExact(spacing: Double) throws {
        let seed = TestSeed.value(default: 0xED_6E5 &+ UInt64(spacing * 2))
        var random = SeededGenerator(seed: seed)
        // Empty tabs too: several tabs then share an offset.
        let widths = (0..<5_000).map { _ in random.next(below: 10) == 0 ? 0 : Self.tenthWidth(&random) }
        let index = try TabWidths(widths: widths, spacing: spacing, blockSize: 40, groupShift: 2)
        var failures: [String] = []
        for trial in 0..<400 {
            var filled = TabRangeCursor()
            let start = random.next(in: -200...index.totalWidth + 200)
            let length = [0, 0.1, 45.3, 390.7][random.next(below: 4)]
            _ = try index.tabs(overlapping: start, length: length, cursor: &filled)
            func around(_ x: Double) -> [Double] { x.isFinite ? [x.nextDown, x, x.nextUp] : [] }
            let starts = around(filled.found.startFrom) + around(filled.found.startTo) + [start]
            let ends = around(filled.found.endFrom) + around(filled.found.endTo) + [start + length]
            for s in starts {
                for e in ends where e >= s {
                    var cursor = filled
                    let answer = try index.tabs(overlapping: s, length: e - s, cursor: &cursor)
                    let plain = try index.tabs(overlapping: s, length: e - s)
                    if answer != plain {
                        failures.append(
                            "seed \(seed) trial \(trial): span \(s)..<\(e): cursor \(answer), plain \(plain)")
                    }
                }
            }
            if failures.count > 10 { break }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
    }

    /// Every change takes a new revision (so no cursor trusts its spans
    /// across it); a copy shares its original's until either changes; a
    /// refused change keeps it, as it keeps everything else.
    @Test func everyChangeTakesANewRevision() throws {
        var index = try TabWidths(widths: [10, 20, 30, 40], spacing: 0, blockSize: 2, groupShift: 1)
        var seen: Set<UInt64> = [index.revision]
        func expectNew(_ what: String) {
            #expect(!seen.contains(index.revision), "\(what) kept revision \(index.revision)")
            seen.insert(index.revision)
        }
        try index.setWidth(11, ofTab: 0)
        expectNew("setWidth")
        try index.insertTabs(widths: [5], at: 2)
        expectNew("insertTabs")
        try index.insertTabs(widths: Array(repeating: 1, count: 9), at: 1) // splits a block
        expectNew("insertTabs (split)")
        try index.removeTabs(in: 1..<2)
        expectNew("removeTabs")
        try index.removeTabs(in: 0..<9) // merges blocks
        expectNew("removeTabs (merge)")
        try index.setSpacing(4)
        expectNew("setSpacing")
        try index.replaceAllWidths([1, 2, 3])
        expectNew("replaceAllWidths")
        let copy = index
        #expect(copy.revision == index.revision)
        let before = index.revision
        #expect(throws: TabStripError.self) { try index.setWidth(-1, ofTab: 0) }
        #expect(throws: TabStripError.self) { try index.insertTabs(widths: [.nan], at: 0) }
        #expect(throws: TabStripError.self) { try index.removeTabs(in: 0..<9) }
        #expect(throws: TabStripError.self) { try index.setSpacing(-1) }
        #expect(index.revision == before, "a refused change took a new revision")
        #expect(index.revision != 0, "this platform has atomics: revisions are stamped")
    }

    /// An empty index, spans ending at or before 0, and a cursor reused
    /// after the index was emptied and refilled.
    @Test func emptyIndicesAndSpansBeforeTheRow() throws {
        var index = TabWidths()
        var cursor = TabRangeCursor()
        #expect(try index.tabs(overlapping: 0, length: 100, cursor: &cursor) == 0..<0)
        #expect(try index.tabs(overlapping: -50, length: 10, cursor: &cursor) == 0..<0)
        try index.insertTabs(widths: [10, 20, 30], at: 0)
        #expect(try index.tabs(overlapping: 0, length: 100, cursor: &cursor) == 0..<3)
        #expect(try index.tabs(overlapping: -50, length: 50, cursor: &cursor) == 0..<0)
        #expect(try index.tabs(overlapping: -50, length: 50.5, cursor: &cursor) == 0..<1)
        #expect(try index.tabs(overlapping: 59.5, length: 1, cursor: &cursor) == 2..<3)
        #expect(try index.tabs(overlapping: 60, length: 1, cursor: &cursor) == 3..<3)
        try index.removeTabs(in: 0..<3)
        #expect(try index.tabs(overlapping: 0, length: 100, cursor: &cursor) == 0..<0)
        // Bad input throws and leaves the cursor as it was.
        let kept = cursor
        #expect(throws: TabStripError.self) { try index.tabs(overlapping: .nan, length: 1, cursor: &cursor) }
        #expect(throws: TabStripError.self) { try index.tabs(overlapping: 0, length: -1, cursor: &cursor) }
        #expect(cursor == kept)
    }
}
