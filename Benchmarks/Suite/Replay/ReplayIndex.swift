import TabStrip

/// The range query a replay needs: which tabs overlap a span of content. The seam where the engine's width index plugs
/// in.
///
/// Tab `i` spans `[leading(i), leading(i) + width(i))` with `leading(i)` the sum of the widths before it (no spacing).
/// A tab overlaps the span `[start, start + length)` when `leading(i) < start + length` and `leading(i) + width(i) >
/// start`: half-open, so a tab that merely touches an edge is excluded, and a zero-width tab counts only strictly
/// inside.
package protocol ReplayIndex {
    static var strategyName: String { get }
    init(validatedWidths widths: [Double])
    var count: Int { get }
    var totalWidth: Double { get }
    /// The tabs overlapping `[start, start + length)` (empty when none);
    /// `start` is finite and `length` finite and `> 0`.
    func tabs(overlapping start: Double, length: Double) -> Range<Int>
    /// The same tabs, with the search started from `hint` (the previous
    /// answer); strategies that cannot use it answer as without.
    func tabs(overlapping start: Double, length: Double, near hint: Range<Int>) -> Range<Int>
    /// The same tabs, answered through `cursor`, which the strategy may use and update (the previous answer and where
    /// it holds); strategies that cannot use it answer as without.
    func tabs(overlapping start: Double, length: Double, cursor: inout TabRangeCursor) -> Range<Int>
}

extension ReplayIndex {
    /// ``tabs(overlapping:length:)``, ignoring the hint.
    package func tabs(overlapping start: Double, length: Double, near hint: Range<Int>) -> Range<Int> {
        tabs(overlapping: start, length: length)
    }

    /// ``tabs(overlapping:length:)``, ignoring the cursor.
    package func tabs(overlapping start: Double, length: Double, cursor: inout TabRangeCursor) -> Range<Int> {
        tabs(overlapping: start, length: length)
    }
}

/// The naive strategy: walk the widths from the first tab on every query.
/// `O(n)` per query; the baseline the other strategies are compared with.
package struct LinearScanIndex: ReplayIndex, Sendable {
    package static var strategyName: String { "linear scan" }

    private let widths: [Double]
    package let totalWidth: Double

    package init(validatedWidths widths: [Double]) {
        self.widths = widths
        totalWidth = widths.reduce(0, +)
    }

    package var count: Int { widths.count }

    /// The tabs overlapping `[start, start + length)`, found by summing the
    /// widths from the first tab until the span's end.
    package func tabs(overlapping start: Double, length: Double) -> Range<Int> {
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
