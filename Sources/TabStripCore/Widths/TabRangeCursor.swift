/// What a range query remembers between the frames of a scroll, so that the
/// next query costs four comparisons when its answer did not change, and a
/// walk of a few tabs when it did.
///
/// ```swift
/// var cursor = TabRangeCursor()
/// for offset in scrollOffsets {                       // one per frame
///     let visible = try widths.tabs(overlapping: offset, length: 390, cursor: &cursor)
///     // … give cells to `visible`
/// }
/// ```
///
/// A cursor holds the range it answered last and the spans over which that
/// answer holds: the span starts that give the same first tab (from the
/// leading offset of that tab, or of the gap before it, up to where it ends
/// or the next tab starts) and the span ends that give the same last tab
/// (after its leading offset, up to the next tab's). A query whose span
/// starts and ends inside those returns the range at once. Any other query
/// searches outwards from the range, as
/// ``TabWidths/tabs(overlapping:length:near:)`` does, and refills the
/// cursor. A scroll at 120 Hz keeps its range for most frames: a fling of
/// 5,000 points a second over tabs of 150 points changes it every third or
/// fourth frame.
///
/// Any cursor gives the exact answer, whatever index, or state of an index,
/// filled it: the spans are trusted only on the very state that filled
/// them. Every change of a ``TabWidths`` (a build, an edit, a new spacing)
/// takes a new revision number from a process-wide counter, and a cursor
/// remembers the revision it saw, so a stale cursor (the widths changed, or
/// it was filled on another index) only costs the search from its range.
/// Where the standard library has no atomics (Apple systems before macOS 15
/// and iOS 18) no revision is taken and every query through a cursor
/// searches from its range: still exact, and still O(1) per frame.
///
/// A cursor is a small value (168 bytes): keep one per scrolling view, next
/// to the index or the strip it queries.
public struct TabRangeCursor: Sendable, Equatable {
    /// The range the last query through this cursor answered; `0..<0`
    /// before the first.
    public internal(set) var range: Range<Int>
    /// Whether a query filled the cursor (its ``range`` is an answer, worth
    /// searching from).
    var hasRange: Bool
    /// The revision of the index that filled the spans (0: none).
    var revision: UInt64
    /// Span starts in `startFrom..<startTo` give the range's first tab.
    var startFrom: Double
    var startTo: Double
    /// Span ends in `endFrom<..endTo` (`endFrom < end <= endTo`) give the
    /// range's end.
    var endFrom: Double
    var endTo: Double
    /// Whether both ends were found by a search (not a span that ends
    /// before the row, or an empty index): then ``lower`` and ``upper``
    /// are each answers of their own, kept while their span holds.
    var hasEnds: Bool
    /// The first tab ending after the span's start (the range's lower
    /// bound before an empty range is normalised).
    var lower: Int
    /// One past the last tab starting before the span's end.
    var upper: Int
    /// Where the tabs the start and the end found lie in the blocks, for
    /// the next query's walks (valid on the revision above only).
    var lowerPlace: TabPlace
    var upperPlace: TabPlace

    /// An empty cursor: the first query through it searches from scratch.
    /// - Complexity: O(1).
    public init() {
        range = 0..<0
        hasRange = false
        revision = 0
        startFrom = .infinity
        startTo = -.infinity
        endFrom = .infinity
        endTo = -.infinity
        hasEnds = false
        lower = 0
        upper = 0
        lowerPlace = .none
        upperPlace = .none
    }

    /// Whether the spans remembered for `revision` hold the span
    /// `[start, end)`: then ``range`` is its answer.
    /// - Complexity: O(1).
    @inline(__always)
    func holds(_ start: Double, _ end: Double, revision: UInt64) -> Bool {
        self.revision == revision && startFrom <= start && start < startTo && endFrom < end && end <= endTo
    }

    /// Remembers `range`, answered by an index that keeps no revisions:
    /// the next query searches from it, and no span holds.
    /// - Complexity: O(1).
    mutating func remember(_ range: Range<Int>) {
        self = TabRangeCursor()
        self.range = range
        hasRange = true
    }

    /// Remembers `found`, answered by an index at `revision`. An unstamped
    /// index (revision 0) leaves the spans empty, so that they never hold.
    /// - Complexity: O(1).
    @inline(__always)
    mutating func remember(_ found: TabWidths.FoundRange, revision: UInt64) {
        range = found.range
        hasRange = true
        self.revision = revision
        if revision == 0 {
            startFrom = .infinity
            startTo = -.infinity
        } else {
            startFrom = found.startFrom
            startTo = found.startTo
        }
        endFrom = found.endFrom
        endTo = found.endTo
        hasEnds = found.hasEnds
        lower = found.lower
        upper = found.upper
        lowerPlace = found.lowerPlace
        upperPlace = found.upperPlace
    }
}
