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
/// A cursor is a plain value with no references: keep one per scrolling view, next
/// to the index or the strip it queries.
@usableFromInline package struct TabRangeCursor: Sendable, Equatable {
    /// The range the last query through this cursor answered; `0..<0`
    /// before the first.
    @usableFromInline package var range: Range<Int> { found.range }
    /// Whether a query filled the cursor (its ``range`` is an answer, worth
    /// searching from).
    var hasRange: Bool
    /// The revision of the index that filled ``found`` (0: none).
    var revision: UInt64
    /// The last answer, the spans over which it holds and where its ends
    /// lie in the blocks (valid on ``revision`` only; no span holds before
    /// the first query, or after one on an unstamped index).
    var found: TabWidths.FoundRange
    /// The index spans over which ``range`` is also the answer of a
    /// ``TabStripGeometry`` query (whose frames are computed in physical
    /// coordinates, so its answer can differ from the index's where a span
    /// end lies within rounding of a tab edge): ``found``'s spans narrowed
    /// by `exactMargin`, trusted on the index revision `exactRevision` by
    /// geometries whose rounding margin is at most `exactMargin` (revision
    /// 0: none; every change of ``found`` resets it).
    var exactStartFrom = Double.infinity
    var exactStartTo = -Double.infinity
    var exactEndFrom = Double.infinity
    var exactEndTo = -Double.infinity
    var exactRevision: UInt64 = 0
    var exactMargin = 0.0

    /// An empty cursor: the first query through it searches from scratch.
    /// - Complexity: O(1).
    @usableFromInline package init() {
        hasRange = false
        revision = 0
        found = .unknown(range: 0..<0)
    }

    /// Whether the geometry spans remembered for the index `revision` hold
    /// the index span `[start, end)` for a geometry whose rounding margin
    /// is `margin`: then ``range`` is that geometry's answer.
    /// - Complexity: O(1).
    @inline(__always)
    func holdsExactly(_ start: Double, _ end: Double, revision: UInt64, margin: Double) -> Bool {
        exactRevision == revision && exactStartFrom <= start && start < exactStartTo && exactEndFrom < end
            && end <= exactEndTo && margin <= exactMargin
    }

    /// Trusts ``found``'s spans, narrowed by `margin` on every side, for
    /// the index `revision` (never 0) and geometries whose rounding margin
    /// is at most `margin`.
    /// - Complexity: O(1).
    @inline(__always)
    mutating func trustExactly(narrowedBy margin: Double, revision: UInt64) {
        exactRevision = revision
        exactMargin = margin
        exactStartFrom = found.startFrom + margin
        exactStartTo = found.startTo - margin
        exactEndFrom = found.endFrom + margin
        exactEndTo = found.endTo - margin
    }

    /// Trusts no geometry span (also on an unstamped index, whose revision
    /// is 0).
    /// - Complexity: O(1).
    @inline(__always)
    mutating func distrustExactly() {
        exactRevision = 0
        exactStartFrom = .infinity
    }

    /// Whether the spans remembered for `revision` hold the span
    /// `[start, end)`: then ``range`` is its answer.
    /// - Complexity: O(1).
    @inline(__always)
    func holds(_ start: Double, _ end: Double, revision: UInt64) -> Bool {
        self.revision == revision && found.startFrom <= start && start < found.startTo && found.endFrom < end
            && end <= found.endTo
    }

    /// Remembers `range`, answered by an index that keeps no revisions:
    /// the next query searches from it, and no span holds.
    /// - Complexity: O(1).
    mutating func remember(_ range: Range<Int>) {
        hasRange = true
        revision = 0
        distrustExactly()
        found = .unknown(range: range)
    }

    /// Remembers `found`, answered by an index at `revision`. An unstamped
    /// index (revision 0) leaves the spans empty, so that they never hold.
    /// - Complexity: O(1).
    @inline(__always)
    mutating func remember(_ found: TabWidths.FoundRange, revision: UInt64) {
        hasRange = true
        self.revision = revision
        self.found = found
        distrustExactly()
        if revision == 0 {
            self.found.startFrom = .infinity
            self.found.startTo = -.infinity
        }
    }
}
