import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// Seeded random operation sequences applied in lockstep to the reference
/// model, `TabWidths` (with tiny blocks, so blocks split and merge all the
/// time) and `FlatTabWidths`, compared after every step.
@Suite struct WidthIndexRandomizedTests {
    static let sequencesPerBatch = 750
    static let stepsPerSequence = 20

    /// 8 batches of 750 sequences (6,000 in all, 120,000 operations), run
    /// in parallel; see ``ModelScale`` for new seeds and soaks.
    @Test(arguments: 0..<8)
    func randomOperationSequencesMatchTheModel(batch: Int) {
        var failures: [String] = []
        for seed in ModelScale.seeds(
            Self.sequencesPerBatch, first: batch * Self.sequencesPerBatch, salt: 0x3D7E_0000 + UInt64(batch))
        {
            failures += Self.runSequence(seed: seed)
            if failures.count > 10 { break }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
    }

    /// Every operation kind the sequences use, so a test can show each one
    /// actually ran.
    enum Operation: CaseIterable {
        case setWidth, insertOne, insertRun, removeOne, removeRun, replaceAll, setSpacing, batchEdit, invalid
    }

    /// Runs one sequence; returns failure messages (empty when all is well).
    static func runSequence(seed: UInt64, tally: ((Operation) -> Void)? = nil) -> [String] {
        var random = SeededGenerator(seed: seed)
        let blockSize = [1, 2, 3, 4, 5, 8, 16].randomElement(using: &random)!
        let spacing = [0, 0.25, 1, 2.5].randomElement(using: &random)!
        var model = WidthModel(widths: random.quarterWidths(Int.random(in: 0...40, using: &random)), spacing: spacing)
        var checker = WidthIndexChecker("seed \(seed), block size \(blockSize)")
        // The answers of the previous step: stale hints after the next edit.
        var previousAnswers: [Range<Int>] = []
        // Groups of 1, 2, 4 or 64 blocks: small groups so that the group
        // starts and the galloping across them are exercised.
        let groupShift = [0, 1, 2, 6].randomElement(using: &random)!
        guard
            var tree = try? TabWidths(
                widths: model.widths, spacing: spacing, blockSize: blockSize, groupShift: groupShift),
            var flat = try? FlatTabWidths(widths: model.widths, spacing: spacing)
        else { return ["seed \(seed): valid build threw"] }

        for step in 0..<stepsPerSequence {
            let n = model.count
            // Lean towards removals once the row is long, so it stays small.
            var roll = Int.random(in: 0..<100, using: &random)
            if n > 60, roll >= 25, roll < 50 { roll += 25 }
            var description = ""
            do {
                switch roll {
                case 0..<25 where n > 0:
                    tally?(.setWidth)
                    let i = Int.random(in: 0..<n, using: &random)
                    let width = random.quarterWidth()
                    description = "setWidth(\(width), at: \(i))"
                    model.widths[i] = width
                    try tree.setWidth(width, ofTab: i)
                    try flat.setWidth(width, ofTab: i)
                case 0..<40:
                    tally?(.insertOne)
                    let i = [0, n, Int.random(in: 0...n, using: &random)].randomElement(using: &random)!
                    let width = random.quarterWidth()
                    description = "insert([\(width)], at: \(i))"
                    model.widths.insert(width, at: i)
                    try tree.insertTabs(widths: [width], at: i)
                    try flat.insertTabs(widths: [width], at: i)
                case 0..<50:
                    tally?(.insertRun)
                    let i = Int.random(in: 0...n, using: &random)
                    let run = random.quarterWidths(Int.random(in: 0...24, using: &random))
                    description = "insert(\(run.count) tabs, at: \(i))"
                    model.widths.insert(contentsOf: run, at: i)
                    try tree.insertTabs(widths: run, at: i)
                    try flat.insertTabs(widths: run, at: i)
                case 50..<65 where n > 0:
                    tally?(.removeOne)
                    let i = [0, n - 1, Int.random(in: 0..<n, using: &random)].randomElement(using: &random)!
                    description = "remove(\(i))"
                    model.widths.remove(at: i)
                    try tree.removeTabs(in: i..<i + 1)
                    try flat.removeTabs(in: i..<i + 1)
                case 50..<80:
                    tally?(.removeRun)
                    let a = Int.random(in: 0...n, using: &random)
                    let b = Int.random(in: a...Swift.min(n, a + 30), using: &random)
                    description = "removeSubrange(\(a)..<\(b))"
                    model.widths.removeSubrange(a..<b)
                    try tree.removeTabs(in: a..<b)
                    try flat.removeTabs(in: a..<b)
                case 80..<84:
                    tally?(.replaceAll)
                    let widths = random.quarterWidths(Int.random(in: 0...50, using: &random))
                    description = "replaceAll(\(widths.count) tabs)"
                    model.widths = widths
                    try tree.replaceAllWidths(widths)
                    try flat.replaceAllWidths(widths)
                case 84..<92:
                    tally?(.setSpacing)
                    let spacing = Double(Int.random(in: 0...12, using: &random)) / 4
                    description = "setSpacing(\(spacing))"
                    model.spacing = spacing
                    try tree.setSpacing(spacing)
                    try flat.setSpacing(spacing)
                case 92..<96:
                    tally?(.batchEdit)
                    let edit = BatchEdit(widths: model.widths, random: &random)
                    description =
                        "edit(removing: \(edit.departures), setting: \(edit.stays.map(\.rank)), "
                        + "inserting: \(edit.arrivals))"
                    model.widths = edit.result
                    tree.edit(
                        removing: edit.departures, setting: edit.stays, inserting: edit.arrivals, widths: edit.arriving)
                    flat = try FlatTabWidths(widths: model.widths, spacing: model.spacing)
                default:
                    tally?(.invalid)
                    description = "invalid edit"
                    let treeBefore = tree
                    let flatBefore = flat
                    let (treeError, flatError, expected) = applyInvalidEdit(&tree, &flat, count: n, random: &random)
                    checker.check(
                        treeError == expected,
                        "step \(step) TabWidths threw \(String(describing: treeError)), expected \(expected)")
                    checker.check(
                        flatError == expected,
                        "step \(step) FlatTabWidths threw \(String(describing: flatError)), expected \(expected)")
                    checker.check(
                        tree._hasIdenticalStorage(to: treeBefore), "step \(step) TabWidths changed by a throwing call")
                    checker.check(flat == flatBefore, "step \(step) FlatTabWidths changed by a throwing call")
                }
            } catch {
                return ["seed \(seed) step \(step) \(description): unexpected \(error)"]
            }
            // `tree` checked its invariants in full at the end of the edit
            // (it holds far fewer than `_InternalChecks.fullCheckLimit` tabs).
            flat._checkInvariants()

            let offsets = model.offsets
            let probes = WidthIndexChecker.probes(for: model, offsets: offsets, random: &random, sample: 10)
            let spans = WidthIndexChecker.spans(from: probes, model: model, random: &random, sample: 8)
            var stepChecker = WidthIndexChecker(
                "seed \(seed), block size \(blockSize), step \(step) after \(description)")
            let expectations = WidthIndexChecker.Expectations(
                model: model, offsets: offsets, probes: probes, spans: spans,
                staleHints: previousAnswers)
            previousAnswers = expectations.overlapping.prefix(4).compactMap { span in
                span.tabs.first.map { $0..<(span.tabs.last! + 1) }
            }
            stepChecker.verify(tree, "TabWidths", expectations, random: &random)
            stepChecker.verify(flat, "FlatTabWidths", expectations, random: &random)
            if !stepChecker.failures.isEmpty { return checker.failures + stepChecker.failures }
        }
        return checker.failures
    }

    /// A list apply's edit of the widths (``TabWidths/edit(removing:setting:inserting:widths:)``): a few runs removed,
    /// a few of the tabs left given new widths, a few runs inserted between them, and the widths that result.
    struct BatchEdit {
        var departures: [Range<Int>] = []
        var stays: [(rank: Int, width: Double)] = []
        var arrivals: [Range<Int>] = []
        var arriving: [Double] = []
        var result: [Double]

        init(widths: [Double], random: inout SeededGenerator) {
            let n = widths.count
            var i = Int.random(in: 0...Swift.min(n, 4), using: &random)
            while i < n, departures.count < 4 {
                let length = Int.random(in: 1...Swift.min(4, n - i), using: &random)
                departures.append(i..<(i + length))
                i += length + Int.random(in: 1...8, using: &random)
            }
            var left = widths
            for range in departures.reversed() { left.removeSubrange(range) }
            for rank in Set(
                (0..<Int.random(in: 0...3, using: &random)).map { _ in
                    Int.random(in: 0..<Swift.max(1, left.count), using: &random)
                }
            ).sorted()
            where rank < left.count {
                let width = random.quarterWidth()
                stays.append((rank, width))
                left[rank] = width
            }
            // Distinct insertion points among the tabs left, so that the runs stand apart.
            let points = Set(
                (0..<Int.random(in: 0...4, using: &random)).map { _ in Int.random(in: 0...left.count, using: &random) }
            ).sorted()
            var runs: [[Double]] = []
            var arrived = 0
            for point in points {
                let run = random.quarterWidths(Int.random(in: 1...6, using: &random))
                arrivals.append((point + arrived)..<(point + arrived + run.count))
                arriving += run
                runs.append(run)
                arrived += run.count
            }
            for (point, run) in zip(points, runs).reversed() { left.insert(contentsOf: run, at: point) }
            result = left
        }
    }

    /// An edit that must be rejected.
    enum InvalidEdit {
        case setWidth(Double, at: Int)
        case insert([Double], at: Int)
        case remove(Range<Int>)
        case replaceAll([Double])
        case setSpacing(Double)

        /// Applies the edit; returns what it threw.
        func apply<I: TabWidthIndex>(to index: inout I) -> TabStripError? {
            do {
                switch self {
                case .setWidth(let width, let i): try index.setWidth(width, ofTab: i)
                case .insert(let run, let i): try index.insertTabs(widths: run, at: i)
                case .remove(let range): try index.removeTabs(in: range)
                case .replaceAll(let widths): try index.replaceAllWidths(widths)
                case .setSpacing(let spacing): try index.setSpacing(spacing)
                }
            } catch {
                return error
            }
            return nil
        }
    }

    /// Applies one random invalid edit to both indices; returns what each
    /// threw and the error the protocol prescribes.
    static func applyInvalidEdit<R: RandomNumberGenerator>(
        _ tree: inout TabWidths, _ flat: inout FlatTabWidths, count n: Int, random: inout R
    ) -> (TabStripError?, TabStripError?, TabStripError) {
        let bad: Double = [-0.25, -.infinity, .infinity, .nan].randomElement(using: &random)!
        let expected: TabStripError
        let edit: InvalidEdit
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            let i = [-1, n, n + 5].randomElement(using: &random)!
            expected = .indexOutOfRange(index: i, count: n)
            edit = .setWidth(bad, at: i)
        case 1 where n > 0:
            let i = Int.random(in: 0..<n, using: &random)
            expected = .invalidWidth(index: i, value: bad)
            edit = .setWidth(bad, at: i)
        case 2:
            let i = Int.random(in: 0...n, using: &random)
            expected = .invalidWidth(index: i + 2, value: bad)
            edit = .insert([1, 2, bad, 3], at: i)
        case 3:
            let upper = n + Int.random(in: 1...3, using: &random)
            expected = .indexOutOfRange(index: upper, count: n)
            edit = .remove(0..<upper)
        case 4:
            expected = .invalidWidth(index: 1, value: bad)
            edit = .replaceAll([1, bad, 2])
        default:
            expected = .invalidValue(name: "spacing", value: bad)
            edit = .setSpacing(bad)
        }
        return (edit.apply(to: &tree), edit.apply(to: &flat), expected)
    }

    /// The sequences exercise every operation, and the tiny blocks split and
    /// merge (so the randomized test above can fail for real).
    @Test func sequencesCoverEveryOperationAndRestructureBlocks() throws {
        var seen: [Operation: Int] = [:]
        for seed in 0..<40 as Range<UInt64> {
            _ = Self.runSequence(seed: seed) { seen[$0, default: 0] += 1 }
        }
        for operation in Operation.allCases {
            #expect(seen[operation, default: 0] > 10, "\(operation) ran \(seen[operation, default: 0]) times")
        }

        var random = SeededGenerator(seed: 99)
        var index = try TabWidths(widths: random.quarterWidths(8), spacing: 1, blockSize: 4)
        let initialBlocks = index.blocks.count
        for _ in 0..<60 {
            try index.insertTabs(widths: [random.quarterWidth()], at: Int.random(in: 0...index.count, using: &random))
            index._checkInvariants()
        }
        #expect(index.blocks.count > initialBlocks + 5, "inserts must split blocks")
        let grown = index.blocks.count
        for _ in 0..<60 {
            try index.removeTabs(in: 0..<1)
            index._checkInvariants()
        }
        #expect(index.blocks.count < grown - 5, "removals must merge blocks")
    }
}
