import TabStripTestSupport
import Testing

@testable import TabStripCore

/// Finger search (`tabs(overlapping:length:near:)`) at realistic sizes:
/// scroll traces that move a few tabs per query, jumps, both ends and
/// beyond, each query started from the previous answer, and edits that
/// shift indices under the hint; every answer compared with the flat
/// reference index and the hint-free query.
@Suite struct FingerSearchTests {
    /// One trace over `widths`: small steps both ways, flings, jumps and
    /// offsets past both ends, with the previous answer as the hint.
    static func runTrace(
        seed: UInt64, count: Int, spacing: Double, groupShift: Int, blockSize: Int = 508, skewed: Bool = false
    ) throws -> [String] {
        var random = SeededGenerator(seed: seed)
        func width() -> Double { skewed ? skewedWidth(&random) : random.quarterWidth() }
        func widthRun(_ count: Int) -> [Double] { (0..<count).map { _ in width() } }
        var widths = widthRun(count)
        var index = try TabWidths(widths: widths, spacing: spacing, blockSize: blockSize, groupShift: groupShift)
        var flat = try FlatTabWidths(widths: widths, spacing: spacing)
        var failures: [String] = []
        var hint = 0..<0
        var offset = 0.0
        for step in 0..<3_000 {
            let total = index.totalWidth
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<70: offset += Double(Int.random(in: -40...40, using: &random)) / 4
            case 70..<85: offset += Double(Int.random(in: -4_000...4_000, using: &random))
            case 85..<90: offset = Double(Int.random(in: 0...Int(total), using: &random))
            case 90..<93: offset = -Double(Int.random(in: 0...500, using: &random))
            case 93..<96: offset = total + Double(Int.random(in: -200...500, using: &random))
            default:
                // An edit that shifts indices under the hint (or changes a width).
                let i = Int.random(in: 0..<widths.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    let run = widthRun(Int.random(in: 1...40, using: &random))
                    widths.insert(contentsOf: run, at: i)
                    try index.insertTabs(widths: run, at: i)
                    try flat.insertTabs(widths: run, at: i)
                case 1:
                    let upper = Swift.min(widths.count, i + Int.random(in: 1...40, using: &random))
                    widths.removeSubrange(i..<upper)
                    try index.removeTabs(in: i..<upper)
                    try flat.removeTabs(in: i..<upper)
                default:
                    let newWidth = width()
                    widths[i] = newWidth
                    try index.setWidth(newWidth, ofTab: i)
                    try flat.setWidth(newWidth, ofTab: i)
                }
            }
            let length = Double([0, 1, 390, 1280, 1400].randomElement(using: &random)!)
            let expected = try flat.tabs(overlapping: offset, length: length)
            let plain = try index.tabs(overlapping: offset, length: length)
            let near = try index.tabs(overlapping: offset, length: length, near: hint)
            func same(_ a: Range<Int>, _ b: Range<Int>) -> Bool { a == b || (a.isEmpty && b.isEmpty) }
            if !same(near, expected) || !same(plain, expected)
                || !(near.lowerBound >= 0 && near.upperBound <= widths.count)
            {
                failures.append(
                    "seed \(seed) step \(step): offset \(offset) length \(length) hint \(hint): near \(near), plain \(plain), flat \(expected)"
                )
                if failures.count > 10 { break }
            }
            hint = near
        }
        return failures
    }

    @Test(arguments: [(0, 0.0), (1, 8.0), (2, 0.0), (6, 2.5)])
    func tracesMatchTheFlatReference(groupShift: Int, spacing: Double) throws {
        try Self.expectNoFailures(seeds: 0..<4) { seed in
            try Self.runTrace(
                seed: seed &+ UInt64(groupShift) &* 101, count: 20_000, spacing: spacing, groupShift: groupShift)
        }
    }

    /// Runs `trace` for every seed and expects no failure line from any
    /// (each line names its seed and step); reported at the caller.
    static func expectNoFailures(
        seeds: Range<UInt64>, sourceLocation: SourceLocation = #_sourceLocation,
        _ trace: (UInt64) throws -> [String]
    ) rethrows {
        var failures: [String] = []
        for seed in seeds { failures += try trace(seed) }
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))", sourceLocation: sourceLocation)
    }

    /// Tiny blocks (8 to 32 tabs): the walks from the hint's ends meet a
    /// block's first and last tabs at almost every step, where they must
    /// hand over to the gallop.
    @Test(arguments: [(0, 0.0, 8), (1, 8.0, 8), (2, 2.5, 16)])
    func tracesOverTinyBlocksMatchTheFlatReference(groupShift: Int, spacing: Double, blockSize: Int) throws {
        try Self.expectNoFailures(seeds: 0..<4) { seed in
            try Self.runTrace(
                seed: seed &+ 7_000 &+ UInt64(blockSize), count: 3_000, spacing: spacing, groupShift: groupShift,
                blockSize: blockSize)
        }
    }

    /// A width far from uniform: long runs of empty and tiny tabs between
    /// rare huge ones, so that the offsets stray far from where a uniform
    /// cut of the row puts them.
    static func skewedWidth(_ random: inout SeededGenerator) -> Double {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<40: return 0
        case 40..<97: return Double(Int.random(in: 1...4, using: &random)) / 4
        default: return Double(Int.random(in: 400...20_000, using: &random)) / 4
        }
    }

    /// Skewed widths: a search without a hint (and a finger search whose
    /// hint is dropped as too far from the guess) starts its gallops from
    /// interpolated guesses that are many blocks and checkpoints off.
    @Test(arguments: [(0, 0.0, 508), (1, 8.0, 16), (6, 2.5, 508)])
    func skewedWidthsMatchTheFlatReference(groupShift: Int, spacing: Double, blockSize: Int) throws {
        try Self.expectNoFailures(seeds: 0..<3) { seed in
            try Self.runTrace(
                seed: seed &+ 9_100 &+ UInt64(blockSize), count: 8_000, spacing: spacing, groupShift: groupShift,
                blockSize: blockSize, skewed: true)
        }
    }

    /// The gallop itself: every guess gives the binary search's answer.
    @Test func gallopingFromAnyGuessGivesTheBinarySearchAnswer() {
        for count in 1...40 {
            for answer in 0..<count {
                for guess in -2...(count + 2) {
                    let found = lastAccepted(low: 0, high: count, from: guess) { $0 <= answer }
                    let plain = lastAccepted(low: 0, high: count) { $0 <= answer }
                    #expect(
                        found == answer && plain == answer,
                        "count \(count) answer \(answer) guess \(guess): \(found), \(plain)")
                }
            }
        }
    }

    /// The guesses' conversion: within one of the integer part, inside
    /// `0...limit`, 0 for NaN and below, `limit` at and above it. Exhaustive
    /// around every integer and half up to 600 (limits of blocks and
    /// checkpoints), then seeded random values up to 2^40.
    @Test func indexGuessIsTheIntegerPartOrOneLess() {
        let seed = TestSeed.value(default: 77)
        func check(_ value: Double, _ limit: Int) {
            let guess = indexGuess(value, atMost: limit)
            let expected: Int
            if !(value > 0) {
                expected = 0
            } else if value >= Double(limit) {
                expected = limit
            } else {
                expected = Int(value)
            }
            let allowed = value > 0 && value < Double(limit) ? (expected - 1)...expected : expected...expected
            #expect(
                allowed.contains(guess) && (0...limit).contains(guess),
                "seed \(seed): indexGuess(\(value), atMost: \(limit)) = \(guess), integer part \(expected)")
        }
        for limit in [1, 2, 7, 64, 508, 1_016] {
            for k in -2...600 {
                let base = Double(k)
                for value in [base, base.nextUp, base.nextDown, base + 0.5, (base + 0.5).nextDown, (base + 0.5).nextUp]
                {
                    check(value, limit)
                }
            }
            for value in [Double.nan, -.infinity, .infinity, -0.0, 0.0, .leastNonzeroMagnitude] {
                check(value, limit)
            }
        }
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<20_000 {
            let limit = Int.random(in: 1...(1 << 40), using: &generator)
            let value = Double.random(in: -10...Double(limit) * 1.1, using: &generator)
            check(value, limit)
        }
    }

    /// The branchless walk over a whole group: the same stop and the same
    /// local offset as stepping one width at a time, for every target
    /// between and at the group's sums (zero widths included), both bounds.
    @Test func branchlessGroupWalkMatchesTheStepwiseWalk() throws {
        let seed = TestSeed.value(default: 78)
        var generator = SeededGenerator(seed: seed)
        for round in 0..<2_000 {
            let widths = (0..<8).map { _ in
                Bool.random(using: &generator) && round % 3 == 0 ? 0 : Double.random(in: 0...300, using: &generator)
            }
            let start = Double.random(in: 0...10_000, using: &generator)
            var sums = [start]
            for width in widths.dropLast() { sums.append(sums.last! + width) }
            var targets = sums.flatMap { [$0, $0.nextUp, $0.nextDown] }
            targets += [start - 1, sums.last! + 500]
            for x in targets {
                for strict in [false, true] {
                    func before(_ local: Double, _ j: Int) -> Bool { strict ? local < x : local <= x }
                    // The walk one width at a time (the caller checked the
                    // group's first tab).
                    var j = 0
                    var local = start
                    while j + 1 < 8 {
                        let next = local + widths[j]
                        guard before(next, j + 1) else { break }
                        local = next
                        j += 1
                    }
                    let found = widths.withUnsafeBufferPointer { buffer in
                        TabWidths.lastBefore(j: 0, local: start, widths: buffer.baseAddress!, before)
                    }
                    #expect(
                        found.0 == j && found.1.bitPattern == local.bitPattern,
                        "seed \(seed) round \(round) widths \(widths) from \(start) to \(x) strict \(strict): \(found), walk \(j), \(local)"
                    )
                }
            }
        }
    }
}
