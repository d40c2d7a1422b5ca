import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// Offsets over millions of non-dyadic widths stay exact to far under a
/// point, and arbitrary widths agree with the model within a tight
/// tolerance.
@Suite struct WidthIndexPrecisionTests {
    /// A running sum with Neumaier's compensation: the reference, exact to
    /// about one rounding of the final sum.
    struct CompensatedSum {
        private(set) var sum = 0.0
        private var compensation = 0.0

        mutating func add(_ value: Double) {
            let next = sum + value
            if abs(sum) >= abs(value) {
                compensation += (sum - next) + value
            } else {
                compensation += (value - next) + sum
            }
            sum = next
        }

        var value: Double { sum + compensation }
    }

    /// Builds an index of 10,000,000 widths and compares `totalWidth` and
    /// `leadingOffset(ofTab:)` at 100 sample points with the compensated sum.
    /// Zero spacing, so the offsets are the sums themselves.
    static func maximumError(of widths: [Double]) throws -> (tree: Double, flat: Double) {
        let index = try TabWidths(widths: widths)
        var reference = CompensatedSum()
        var plain = 0.0
        var worst = 0.0
        var worstPlain = 0.0
        let sampleStride = widths.count / 100
        var samples: [(index: Int, reference: Double)] = []
        widths.withUnsafeBufferPointer { widths in
            var i = 0
            while i < widths.count {
                if i % sampleStride == 0 {
                    samples.append((i, reference.value))
                    worstPlain = max(worstPlain, abs(plain - reference.value))
                }
                reference.add(widths[i])
                plain += widths[i]
                i += 1
            }
        }
        for (i, expected) in samples {
            worst = max(worst, abs(try index.leadingOffset(ofTab: i) - expected))
        }
        worst = max(worst, abs(index.totalWidth - reference.value))
        worst = max(worst, abs(try index.leadingOffset(ofTab: widths.count) - reference.value))
        worstPlain = max(worstPlain, abs(plain - reference.value))
        return (worst, worstPlain)
    }

    static let tenMillion = 10_000_000

    @Test func tenMillionTenthsStayExact() throws {
        let (error, plainError) = try Self.maximumError(of: [Double](repeating: 0.1, count: Self.tenMillion))
        // The sum is about 1,000,000; a Double near it is spaced 1.2e-10.
        // Measured: 9.0e-9 (a plain left-to-right sum drifts by 1.6e-4).
        #expect(error < 1e-7, "error \(error) (a plain left-to-right sum: \(plainError))")
    }

    @Test func tenMillionArbitraryWidthsStayExact() throws {
        // Hundredths from 20.00 to 299.99: none is a dyadic fraction.
        let widths = [Double](unsafeUninitializedCapacity: Self.tenMillion) { buffer, initialized in
            var i = 0
            while i < buffer.count {
                buffer[i] = 20 + Double((UInt64(i) &* 2_654_435_761) % 28_000) / 100
                i += 1
            }
            initialized = buffer.count
        }
        let (error, plainError) = try Self.maximumError(of: widths)
        // The sum is about 1.6e9; a Double near it is spaced 2.4e-7.
        // Measured: 4.8e-7, two units in the last place.
        #expect(error < 2e-6, "error \(error) (a plain left-to-right sum: \(plainError))")
    }

    /// Random operation sequences with arbitrary (non-dyadic) widths and
    /// spacing: every offset within a tight relative tolerance of the model,
    /// and every lookup away from tab edges exact.
    @Test func arbitraryWidthsMatchTheModelWithinTolerance() throws {
        var failures: [String] = []
        for seed in 0..<200 as Range<UInt64> {
            var random = SeededGenerator(seed: seed)
            let spacing = Double.random(in: 0..<9, using: &random)
            var widths = (0..<Int.random(in: 0...300, using: &random)).map { _ in
                Double.random(in: 0..<300, using: &random)
            }
            var index = try TabWidths(
                widths: widths, spacing: spacing, blockSize: Int.random(in: 1...16, using: &random))
            for _ in 0..<10 {
                switch Int.random(in: 0..<3, using: &random) {
                case 0 where !widths.isEmpty:
                    let i = Int.random(in: 0..<widths.count, using: &random)
                    let width = Double.random(in: 0..<300, using: &random)
                    widths[i] = width
                    try index.setWidth(width, ofTab: i)
                case 1:
                    let i = Int.random(in: 0...widths.count, using: &random)
                    let run = (0..<Int.random(in: 1...20, using: &random)).map { _ in
                        Double.random(in: 0..<300, using: &random)
                    }
                    widths.insert(contentsOf: run, at: i)
                    try index.insertTabs(widths: run, at: i)
                default:
                    let a = Int.random(in: 0...widths.count, using: &random)
                    let b = Int.random(in: a...min(widths.count, a + 20), using: &random)
                    widths.removeSubrange(a..<b)
                    try index.removeTabs(in: a..<b)
                }
                index._checkInvariants()
            }
            let model = WidthModel(widths: widths, spacing: spacing)
            let offsets = model.offsets
            let tolerance = 1e-12 * max(1, offsets.last!)
            for i in 0...widths.count where abs(try index.leadingOffset(ofTab: i) - offsets[i]) > tolerance {
                failures.append(
                    "seed \(seed): leadingOffset(ofTab: \(i)) is \(try index.leadingOffset(ofTab: i)), model \(offsets[i])"
                )
            }
            if abs(index.totalWidth - model.totalWidth) > tolerance {
                failures.append("seed \(seed): totalWidth \(index.totalWidth), model \(model.totalWidth)")
            }
            // Offsets well inside a tab or a gap (further than the
            // tolerance from every edge) must find exactly the model's tabs.
            for _ in 0..<50 {
                let x = Double.random(in: -10...(model.totalWidth + 10), using: &random)
                let nearEdge = widths.indices.contains {
                    abs(offsets[$0] - x) <= tolerance || abs(offsets[$0] + widths[$0] - x) <= tolerance
                }
                if nearEdge { continue }
                let expected = model.tabs(containing: x, offsets: offsets).first
                if try index.tab(atOffset: x) != expected {
                    failures.append(
                        "seed \(seed): tab(atOffset: \(x)) is \(String(describing: try index.tab(atOffset: x))), model \(String(describing: expected))"
                    )
                }
                let length = Double.random(in: 0...800, using: &random)
                let endNearEdge = widths.indices.contains { abs(offsets[$0] - (x + length)) <= tolerance }
                if endNearEdge { continue }
                let overlapping = model.tabs(overlapping: x, length: length, offsets: offsets)
                let found = try index.tabs(overlapping: x, length: length)
                if let first = overlapping.first, let last = overlapping.last {
                    if found != first..<last + 1 {
                        failures.append(
                            "seed \(seed): tabs(overlapping: \(x), length: \(length)) is \(found), model \(first)...\(last)"
                        )
                    }
                } else if !found.isEmpty {
                    failures.append("seed \(seed): tabs(overlapping: \(x), length: \(length)) is \(found), model none")
                }
            }
            if failures.count > 10 { break }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
    }
}
