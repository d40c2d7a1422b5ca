import Foundation

/// Replays a trace of offsets against a width index: the engine of
/// `bench replay`.
public enum Replay {
    /// What a replay measured and found.
    public struct Result: Sendable {
        /// The strategy that answered the queries.
        public var strategy: String
        /// Tabs in the index.
        public var tabs: Int
        /// Time to build the index, in nanoseconds.
        public var buildNanoseconds: UInt64
        /// Time of each query, in nanoseconds (clock reading included).
        public var queries: LatencyHistogram
        /// The answer to each query, in trace order.
        public var ranges: [Range<Int>]
    }

    /// Builds an index of type `Index` over `widths` and asks it, for each
    /// offset, which tabs overlap `[offset, offset + viewport)`, timing every
    /// query.
    ///
    /// `widths` must be finite and `>= 0`, the offsets finite and `viewport`
    /// finite and `> 0` (``NumberFile`` and the command line check this).
    /// - Complexity: one build of `Index` plus one of its queries per offset,
    ///   with a clock reading around each; the ranges take 16 bytes per
    ///   offset.
    public static func run<Index: ReplayIndex>(
        _ index: Index.Type, widths: [Double], offsets: [Double], viewport: Double
    ) -> Result {
        let (buildTime, built) = timeOnce { Index(validatedWidths: widths) }
        var histogram = LatencyHistogram()
        var ranges = [Range<Int>](repeating: 0..<0, count: offsets.count)
        for (position, offset) in offsets.enumerated() {
            let start = MonotonicClock.now()
            let range = built.tabs(overlapping: offset, length: viewport)
            histogram.record(MonotonicClock.elapsed(since: start))
            ranges[position] = range
        }
        return Result(strategy: Index.strategyName, tabs: built.count, buildNanoseconds: buildTime,
                      queries: histogram, ranges: ranges)
    }

    /// The `--ranges-out` text: one line `first last` (inclusive indices) per
    /// query, `-1 -1` where no tab overlaps.
    /// - Complexity: O(ranges).
    public static func rangesText(_ ranges: [Range<Int>]) -> String {
        var text = ""
        text.reserveCapacity(ranges.count * 12)
        for range in ranges {
            if range.isEmpty {
                text += "-1 -1\n"
            } else {
                text += "\(range.lowerBound) \(range.upperBound - 1)\n"
            }
        }
        return text
    }
}
