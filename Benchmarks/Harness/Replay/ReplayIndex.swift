/// The range query a replay needs: which tabs overlap a span of content.
/// The seam where the engine's width index plugs in.
///
/// Tab `i` spans `[leading(i), leading(i) + width(i))` with `leading(i)` the
/// sum of the widths before it (no spacing). A tab overlaps the span
/// `[start, start + length)` when `leading(i) < start + length` and
/// `leading(i) + width(i) > start`: half-open, so a tab that merely touches
/// an edge is excluded, and a zero-width tab counts only strictly inside.
public protocol ReplayIndex {
    /// The strategy's name for reports.
    static var strategyName: String { get }
    /// Builds the index over validated widths (finite, `>= 0`).
    init(validatedWidths widths: [Double])
    /// The number of tabs.
    var count: Int { get }
    /// The sum of all widths.
    var totalWidth: Double { get }
    /// The tabs overlapping `[start, start + length)` (empty when none);
    /// `start` is finite and `length` finite and `> 0`.
    func tabs(overlapping start: Double, length: Double) -> Range<Int>
}

/// One flat array of prefix sums searched by bisection: `O(n)` to build,
/// `O(log n)` per query, `8 (n + 1)` bytes. The harness's own stand-in
/// until the engine's `TabWidths` replaces it.
public struct FlatPrefixSumIndex: ReplayIndex, Sendable {
    /// `"flat prefix sums + binary search"`.
    public static var strategyName: String { "flat prefix sums + binary search" }

    /// `prefix[i]` is the leading offset of tab `i`; `prefix[count]` the total.
    private let prefix: [Double]

    /// Builds the prefix sums in one allocation.
    /// - Complexity: O(n).
    public init(validatedWidths widths: [Double]) {
        prefix = [Double](unsafeUninitializedCapacity: widths.count + 1) { buffer, initialized in
            var sum = 0.0
            buffer[0] = 0
            for (index, width) in widths.enumerated() {
                sum += width
                buffer[index + 1] = sum
            }
            initialized = widths.count + 1
        }
    }

    /// The number of tabs.
    public var count: Int { prefix.count - 1 }
    /// The sum of all widths.
    public var totalWidth: Double { prefix[prefix.count - 1] }

    /// - Complexity: O(log n); allocates nothing.
    public func tabs(overlapping start: Double, length: Double) -> Range<Int> {
        let end = start + length
        return prefix.withUnsafeBufferPointer { sums -> Range<Int> in
            let count = sums.count - 1
            // first: the lowest i whose trailing edge sums[i + 1] lies after start.
            var low = 0, high = count
            while low < high {
                let middle = (low + high) >> 1
                if sums[middle + 1] > start { high = middle } else { low = middle + 1 }
            }
            let first = low
            // last + 1: the number of tabs whose leading edge lies before end.
            low = first
            high = count
            while low < high {
                let middle = (low + high) >> 1
                if sums[middle] < end { low = middle + 1 } else { high = middle }
            }
            return first < low ? first..<low : first..<first
        }
    }
}

/// The naive strategy: walk the widths from the first tab on every query.
/// `O(n)` per query; the baseline the other strategies are compared with.
public struct LinearScanIndex: ReplayIndex, Sendable {
    /// `"linear scan"`.
    public static var strategyName: String { "linear scan" }

    private let widths: [Double]
    /// The sum of all widths.
    public let totalWidth: Double

    /// Keeps the widths.
    /// - Complexity: O(n).
    public init(validatedWidths widths: [Double]) {
        self.widths = widths
        totalWidth = widths.reduce(0, +)
    }

    /// The number of tabs.
    public var count: Int { widths.count }

    /// - Complexity: O(n).
    public func tabs(overlapping start: Double, length: Double) -> Range<Int> {
        let end = start + length
        var leading = 0.0
        var first = -1
        var last = -1
        for (index, width) in widths.enumerated() {
            if leading >= end { break }
            let trailing = leading + width
            if trailing > start {
                if first < 0 { first = index }
                last = index
            }
            leading = trailing
        }
        return first < 0 ? 0..<0 : first..<(last + 1)
    }
}
