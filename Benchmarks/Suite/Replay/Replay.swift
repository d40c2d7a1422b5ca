import BenchInstruments
import TabStrip

/// Replays a trace of offsets against a width index: the engine of `bench replay`.
package enum Replay {
    package struct Result: Sendable {
        package var strategy: String
        package var tabs: Int
        package var buildNanoseconds: UInt64
        package var queries: LatencyHistogram
        package var ranges: [Range<Int>]
        /// The best of ``passCount`` whole passes over the trace, each timed as one loop (no clock reading per query),
        /// per query, in nanoseconds: the figure to compare with other engines' timings.
        package var passNanosecondsPerQuery: Double
        /// The same with every query answered through one cursor (`tabs(overlapping:length:cursor:)`: the previous
        /// answer and where it holds).
        package var fingerPassNanosecondsPerQuery: Double
        /// The same with each query started from the previous answer given
        /// as a hint (`tabs(overlapping:length:near:)`).
        package var hintPassNanosecondsPerQuery: Double
        /// Whether the finger-search passes (cursor and hint) gave exactly the same ranges.
        package var fingerRangesMatch: Bool
    }

    package static let passCount = 5

    /// Builds an index of type `Index` over `widths` and asks it, for each offset, which tabs overlap `[offset, offset
    /// + viewport)`, timing every query.
    ///
    /// `widths` must be finite and `>= 0`, the offsets finite and `viewport` finite and `> 0` (``NumberFile`` and the
    /// command line check this).
    package static func run<Index: ReplayIndex>(
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
        // Whole passes: one clock reading around each pass, best of 5.
        let passes = [
            Workload("plain", operations: offsets.count) {
                var sink = 0
                for offset in offsets { sink &+= built.tabs(overlapping: offset, length: viewport).upperBound }
                blackHole(sink)
            },
            Workload("finger", operations: offsets.count) {
                var cursor = TabRangeCursor()
                var sink = 0
                for offset in offsets {
                    sink &+= built.tabs(overlapping: offset, length: viewport, cursor: &cursor).upperBound
                }
                blackHole(sink)
            },
            Workload("hint", operations: offsets.count) {
                var previous = 0..<0
                var sink = 0
                for offset in offsets {
                    previous = built.tabs(overlapping: offset, length: viewport, near: previous)
                    sink &+= previous.upperBound
                }
                blackHole(sink)
            },
        ]
        let queries = Double(Swift.max(1, offsets.count))
        let perQuery = Workload.shortestPasses(passes, rounds: passCount).map { Double($0) / queries }
        var fingerMatches = true
        var previous = 0..<0
        var cursor = TabRangeCursor()
        func same(_ a: Range<Int>, _ b: Range<Int>) -> Bool { a == b || (a.isEmpty && b.isEmpty) }
        for (position, offset) in offsets.enumerated() {
            previous = built.tabs(overlapping: offset, length: viewport, near: previous)
            let fromCursor = built.tabs(overlapping: offset, length: viewport, cursor: &cursor)
            if !same(previous, ranges[position]) || !same(fromCursor, ranges[position]) { fingerMatches = false }
        }
        return Result(
            strategy: Index.strategyName, tabs: built.count, buildNanoseconds: buildTime, queries: histogram,
            ranges: ranges, passNanosecondsPerQuery: perQuery[0], fingerPassNanosecondsPerQuery: perQuery[1],
            hintPassNanosecondsPerQuery: perQuery[2], fingerRangesMatch: fingerMatches)
    }

    /// The `--ranges-out` text: one line `first last` (inclusive indices) per query, `-1 -1` where no tab overlaps.
    package static func rangesText(_ ranges: [Range<Int>]) -> String {
        ranges.map { $0.isEmpty ? "-1 -1\n" : "\($0.lowerBound) \($0.upperBound - 1)\n" }.joined()
    }
}
