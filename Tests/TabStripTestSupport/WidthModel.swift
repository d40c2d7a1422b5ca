import TabStripCore
import TabStripMotion
import TabStripSync

/// The reference model for width indices: a plain array of widths and a
/// spacing, every query a linear scan written straight from the definitions
/// in `TabWidthIndex`.
package struct WidthModel {
    package var widths: [Double]
    package var spacing: Double

    package init(widths: [Double], spacing: Double) {
        self.widths = widths
        self.spacing = spacing
    }

    package var count: Int { widths.count }

    /// `offsets[i]` is the sum of `widths[0..<i]`, added left to right,
    /// plus `i * spacing`, for `i` in `0...count`.
    package var offsets: [Double] {
        var result = [Double]()
        result.reserveCapacity(count + 1)
        var sum = 0.0
        for i in 0...count {
            result.append(sum + Double(i) * spacing)
            if i < count { sum += widths[i] }
        }
        return result
    }

    package var totalWidth: Double {
        count == 0 ? 0 : widths.reduce(0, +) + Double(count - 1) * spacing
    }

    /// Every tab whose interval contains `x` (the definition allows at most
    /// one; the checks assert it).
    package func tabs(containing x: Double, offsets: [Double]) -> [Int] {
        widths.withUnsafeBufferPointer { widths in
            offsets.withUnsafeBufferPointer { offsets in
                var result: [Int] = []
                var i = 0
                while i < widths.count {
                    if offsets[i] <= x && x < offsets[i] + widths[i] { result.append(i) }
                    i += 1
                }
                return result
            }
        }
    }

    /// Every tab overlapping `[start, start + length)`, by the definition.
    package func tabs(overlapping start: Double, length: Double, offsets: [Double]) -> [Int] {
        let end = start + length
        return widths.withUnsafeBufferPointer { widths in
            offsets.withUnsafeBufferPointer { offsets in
                var result: [Int] = []
                var i = 0
                while i < widths.count {
                    if offsets[i] < end && offsets[i] + widths[i] > start { result.append(i) }
                    i += 1
                }
                return result
            }
        }
    }
}

/// Checks width indices against a `WidthModel`, collecting failures as
/// messages instead of stopping at the first (fast in debug builds: no
/// expectation macro per comparison).
package struct WidthIndexChecker {
    package var failures: [String] = []
    package let context: String

    package init(_ context: String) {
        self.context = context
    }

    package mutating func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition, failures.count < 20 {
            failures.append("\(context): \(message())")
        }
    }

    /// Probe offsets for `model`: every tab's start, end, middle and the
    /// middle of the following gap, plus before, at and after the ends, and
    /// `extra` random offsets.
    package static func probes<R: RandomNumberGenerator>(
        for model: WidthModel, offsets: [Double], random: inout R, sample: Int? = nil
    ) -> [Double] {
        let total = model.totalWidth
        var result: [Double] = [-1, -0.0, 0, total, total + 1, offsets[model.count]]
        for i in model.widths.indices {
            let end = offsets[i] + model.widths[i]
            result += [offsets[i], end, (offsets[i] + end) / 2, end + model.spacing / 2]
        }
        for _ in 0..<4 {
            result.append(Double(Int.random(in: -8...Int(total * 4) + 8, using: &random)) / 4)
        }
        if let sample, result.count > sample {
            result.shuffle(using: &random)
            result.removeLast(result.count - sample)
        }
        return result
    }

    /// Compares every query of `index` with the model. With `sample`, only
    /// that many probe offsets and spans are tried (chosen at random).
    /// The model's answers for a set of probe offsets and spans, computed
    /// once and compared with several indices.
    package struct Expectations {
        package let model: WidthModel
        package let offsets: [Double]
        package let containing: [(offset: Double, tabs: [Int])]
        package let overlapping: [(start: Double, length: Double, tabs: [Int])]
        /// Hints for the finger search that are out of date: answers from
        /// before the last edit, whose indices may have shifted.
        package var staleHints: [Range<Int>] = []

        package init(
            model: WidthModel, offsets: [Double], probes: [Double], spans: [(Double, Double)],
            staleHints: [Range<Int>] = []
        ) {
            self.staleHints = staleHints
            self.model = model
            self.offsets = offsets
            containing = (probes + [.infinity, -.infinity]).map { ($0, model.tabs(containing: $0, offsets: offsets)) }
            overlapping = spans.map { ($0.0, $0.1, model.tabs(overlapping: $0.0, length: $0.1, offsets: offsets)) }
        }
    }

    package mutating func verify<I: TabWidthIndex, R: RandomNumberGenerator>(
        _ index: I, _ name: String, against model: WidthModel, offsets: [Double],
        probes: [Double], spans: [(Double, Double)], random: inout R
    ) {
        verify(index, name, Expectations(model: model, offsets: offsets, probes: probes, spans: spans), random: &random)
    }

    package mutating func verify<I: TabWidthIndex, R: RandomNumberGenerator>(
        _ index: I, _ name: String, _ expectations: Expectations, random: inout R
    ) {
        let model = expectations.model
        let offsets = expectations.offsets
        check(index.count == model.count, "\(name) count \(index.count), expected \(model.count)")
        guard index.count == model.count else { return }
        check(index.spacing == model.spacing, "\(name) spacing \(index.spacing), expected \(model.spacing)")
        check(
            index.totalWidth == model.totalWidth, "\(name) totalWidth \(index.totalWidth), expected \(model.totalWidth)"
        )

        // Every tab through forEachTab over everything, then a random part.
        var visited = 0
        do {
            try index.forEachTab(in: 0..<model.count) { i, offset, width in
                check(i == visited, "\(name) forEachTab visited \(i) after \(visited - 1)")
                if i >= 0, i < model.count {
                    check(
                        offset == offsets[i], "\(name) forEachTab offset of \(i) is \(offset), expected \(offsets[i])")
                    check(
                        width == model.widths[i],
                        "\(name) forEachTab width of \(i) is \(width), expected \(model.widths[i])")
                }
                visited += 1
            }
            check(visited == model.count, "\(name) forEachTab visited \(visited) of \(model.count)")
            let a = Int.random(in: 0...model.count, using: &random)
            let b = Int.random(in: a...model.count, using: &random)
            var next = a
            try index.forEachTab(in: a..<b) { i, offset, width in
                check(
                    i == next && offset == offsets[i] && width == model.widths[i],
                    "\(name) forEachTab(\(a)..<\(b)) at \(i)")
                next += 1
            }
            check(next == b, "\(name) forEachTab(\(a)..<\(b)) stopped at \(next)")
        } catch {
            check(false, "\(name) forEachTab threw \(error)")
        }

        // width(ofTab:) and leadingOffset(ofTab:) at the ends and a few random places.
        var indices = [0, model.count - 1, model.count / 2]
        for _ in 0..<3 { indices.append(Int.random(in: 0..<Swift.max(1, model.count), using: &random)) }
        for i in indices where i >= 0 && i < model.count {
            check((try? index.width(ofTab: i)) == model.widths[i], "\(name) width(ofTab: \(i))")
            check((try? index.leadingOffset(ofTab: i)) == offsets[i], "\(name) leadingOffset(ofTab: \(i))")
        }
        let end = try? index.leadingOffset(ofTab: model.count)
        check(
            end == offsets[model.count],
            "\(name) leadingOffset(ofTab: count) is \(String(describing: end)), expected \(offsets[model.count])")

        for (x, expected) in expectations.containing {
            check(expected.count <= 1, "model: several tabs contain \(x)")
            let found = try? index.tab(atOffset: x)
            check(
                found == expected.first,
                "\(name) tab(atOffset: \(x)) is \(String(describing: found)), expected \(expected)")
        }

        for (start, length, expected) in expectations.overlapping {
            check(
                expected.isEmpty || expected.last! - expected.first! + 1 == expected.count,
                "model: overlap not contiguous")
            guard let found = try? index.tabs(overlapping: start, length: length) else {
                check(false, "\(name) tabs(overlapping: \(start), length: \(length)) threw")
                continue
            }
            if let first = expected.first, let last = expected.last {
                check(
                    found == first..<last + 1,
                    "\(name) tabs(overlapping: \(start), length: \(length)) is \(found), expected \(first)...\(last)")
            } else {
                check(
                    found.isEmpty && found.lowerBound >= 0 && found.upperBound <= model.count,
                    "\(name) tabs(overlapping: \(start), length: \(length)) is \(found), expected empty")
            }
            // Finger search: the same answer from any hint (the model's own
            // answer nudged, empty, both ends, far beyond them, negative,
            // random, and stale ranges from before the last edit).
            // Each span tries the nudged answer, one stale range and two of
            // the others, drawn afresh per span, so every kind of hint runs
            // thousands of times over a test's sequences.
            let n = model.count
            let a = Int.random(in: -3...(n + 3), using: &random)
            var others: [Range<Int>] = [
                0..<0, n..<n, 0..<n, -5..<(-2), (n + 100)..<(n + 200), (Int.max / 4)..<(Int.max / 2),
                a..<Swift.max(a, Int.random(in: -3...(n + 3), using: &random)),
            ]
            others.shuffle(using: &random)
            var hints = Array(others.prefix(2))
            if let first = expected.first, let last = expected.last {
                let shift = Int.random(in: -6...6, using: &random)
                hints.append((first + shift)..<(last + 1 + shift))
            }
            if let stale = expectations.staleHints.randomElement(using: &random) { hints.append(stale) }
            for hint in hints {
                guard let near = try? index.tabs(overlapping: start, length: length, near: hint) else {
                    check(false, "\(name) tabs(overlapping: \(start), length: \(length), near: \(hint)) threw")
                    continue
                }
                let same =
                    near == found || (near.isEmpty && found.isEmpty && near.lowerBound >= 0 && near.upperBound <= n)
                check(
                    same,
                    "\(name) tabs(overlapping: \(start), length: \(length), near: \(hint)) is \(near), without a hint \(found)"
                )
            }
        }
    }

    /// Spans built from `probes`: lengths 0, a quarter, a random length and
    /// one past everything.
    package static func spans<R: RandomNumberGenerator>(
        from probes: [Double], model: WidthModel, random: inout R, sample: Int? = nil
    ) -> [(Double, Double)] {
        var result = [(Double, Double)]()
        let total = model.totalWidth
        for start in probes {
            let lengths: [Double] = [0, 0.25, Double(Int.random(in: 1...40, using: &random)) / 4, total + 2]
            if let sample, sample < probes.count * lengths.count {
                result.append((start, lengths.randomElement(using: &random)!))
            } else {
                for length in lengths { result.append((start, length)) }
            }
        }
        return result
    }
}

extension RandomNumberGenerator {
    /// A width that is a multiple of 1/4 in `0...10`, zero about one time in
    /// eight, so every sum in the tests is exact.
    package mutating func quarterWidth() -> Double {
        Int.random(in: 0..<8, using: &self) == 0 ? 0 : Double(Int.random(in: 1...40, using: &self)) / 4
    }

    package mutating func quarterWidths(_ count: Int) -> [Double] {
        (0..<count).map { _ in quarterWidth() }
    }
}
