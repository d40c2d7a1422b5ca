// Range queries through a cursor: the answer of the last query, the spans
// of starts and ends over which it holds, and where its ends lie in the
// blocks, trusted only on the index state (revision) that produced them.

extension TabWidths {
    /// The tabs overlapping `[start, start + length)`, exactly as
    /// ``tabs(overlapping:length:)`` gives them, answered from `cursor` when
    /// the span's ends lie where the cursor's last answer holds (four
    /// comparisons), else found by walking from the cursor's last answer;
    /// the cursor then remembers the new answer. Pass the same cursor on
    /// every frame of a scroll (see ``TabRangeCursor``).
    ///
    /// Any cursor gives the exact answer: one filled on another index, or
    /// on this one before an edit, only costs the search from its range.
    /// - Throws: as ``tabs(overlapping:length:)``; the cursor is then
    ///   unchanged.
    /// - Complexity: O(1) when the answer did not change since the
    ///   cursor's last query; O(1) for a frame of a fling (each end walks a
    ///   few tabs from where the cursor left it, without a lookup); O(log d)
    ///   for an answer d tabs away, never more than O(log n).
    @usableFromInline package func tabs(overlapping start: Double, length: Double, cursor: inout TabRangeCursor)
        throws(TabStripError)
        -> Range<Int>
    {
        guard start.isFinite else { throw .invalidOffset(start) }
        try TabStripError.requireNonNegative(length, "length")
        return validatedTabs(overlapping: start, end: start + length, cursor: &cursor)
    }

    /// ``tabs(overlapping:length:cursor:)`` for bounds the caller has
    /// validated (`start` finite, `end` finite and `>= start`).
    /// - Complexity: as the public query.
    @inline(__always)
    func validatedTabs(overlapping start: Double, end: Double, cursor: inout TabRangeCursor) -> Range<Int> {
        if cursor.holds(start, end, revision: revision) { return cursor.range }
        return searchedTabs(overlapping: start, end: end, cursor: &cursor)
    }

    /// The tabs overlapping `[start, end)` when the cursor's spans do not
    /// hold them, remembered in `cursor`: on the revision the cursor was
    /// filled on, only the end whose span no longer holds walks, from where
    /// the cursor left it; otherwise (or when a walk gives up) a search
    /// refills the cursor (``researchedTabs(overlapping:end:cursor:)``).
    /// - Complexity: O(1) for a frame of a fling (one or two walks of a few
    ///   tabs, no block lookup); as ``tabs(overlapping:length:near:)``
    ///   otherwise.
    @inline(__always)
    func searchedTabs(overlapping start: Double, end: Double, cursor: inout TabRangeCursor) -> Range<Int> {
        if let walked = walkedTabs(overlapping: start, end: end, cursor: &cursor) { return walked }
        return researchedTabs(overlapping: start, end: end, cursor: &cursor)
    }

    /// The tabs overlapping `[start, end)` walked from where `cursor` left
    /// its ends, when it was filled on this very revision; `nil` otherwise,
    /// or when a walk gives up (the cursor is then left for
    /// ``researchedTabs(overlapping:end:cursor:)`` to refill).
    /// - Complexity: O(1).
    @inline(__always)
    func walkedTabs(overlapping start: Double, end: Double, cursor: inout TabRangeCursor) -> Range<Int>? {
        guard cursor.revision == revision, revision != 0 else { return nil }
        let walked =
            spacing == 0
            ? walkedTabs(start, end, cursor: &cursor, Unspaced.self)
            : walkedTabs(start, end, cursor: &cursor, Spaced.self)
        if walked != nil { _checkCursor(cursor, start: start, end: end) }
        return walked
    }

    /// The tabs overlapping `[start, end)` found by walking from the
    /// cursor's range (stale: filled on another revision), or by a search
    /// that gallops from it (a walk on the cursor's own revision gave up:
    /// a long move or a jump), or from scratch (an empty cursor);
    /// remembered in every field of `cursor`.
    /// - Complexity: as ``tabs(overlapping:length:near:)``.
    @inline(never)
    func researchedTabs(overlapping start: Double, end: Double, cursor: inout TabRangeCursor) -> Range<Int> {
        let found: FoundRange
        if cursor.hasRange, cursor.revision != revision || revision == 0 {
            found =
                spacing == 0
                ? overlapping(start, end, near: cursor.range, Unspaced.self, FoundRange.self)
                : overlapping(start, end, near: cursor.range, Spaced.self, FoundRange.self)
        } else {
            let hint = cursor.hasRange ? cursor.range.lowerBound : nil
            found =
                spacing == 0
                ? overlapping(start, end, hint: hint, Unspaced.self, FoundRange.self)
                : overlapping(start, end, hint: hint, Spaced.self, FoundRange.self)
        }
        cursor.remember(found, revision: revision)
        _checkCursor(cursor, start: start, end: end)
        return found.range
    }
}

/// Where a tab lies in a ``TabWidths``' blocks: its block, the block's
/// first tab and width start, and the tab's offset within the block (as
/// ``TabWidths/leadingOffset(ofTab:)`` adds it up). A walk starts from
/// here without looking the block up; valid only for the index state it
/// was read from.
struct TabPlace: Sendable, Equatable {
    /// The tab.
    var tab: Int
    /// Its block; -1 for no place.
    var block: Int
    /// The block's first tab.
    var firstTab: Int
    /// The widths of every block before it.
    var widthBefore: Double
    /// The widths before the tab within its block.
    var local: Double

    @inline(__always)
    init(tab: Int, block: Int, firstTab: Int, widthBefore: Double, local: Double) {
        self.tab = tab
        self.block = block
        self.firstTab = firstTab
        self.widthBefore = widthBefore
        self.local = local
    }

    /// No place: a walk looks the tab up first.
    static var none: TabPlace { TabPlace(tab: 0, block: -1, firstTab: 0, widthBefore: 0, local: 0) }
}

/// What a range search hands back: the range alone (``PlainRange``, for
/// the plain and hinted queries), or the range with what a cursor keeps
/// (``TabWidths/FoundRange``). The searches are generic over it, so the
/// plain queries compute nothing a cursor needs.
protocol RangeAnswer {
    /// The range found.
    var range: Range<Int> { get }
    /// No tab, for a span ending at or before `end` (0, or infinity on an
    /// empty index).
    static func nothing(endingBy end: Double) -> Self
    /// The answer `lower..<upper` (or `upper..<upper` when empty), for a
    /// span whose start found `first` (the last tab starting at or before
    /// it; `nil` when the start lies before 0), and whose end found `last`
    /// (the last tab starting before it).
    init(lower: Int, first: TabWidths.TabPosition?, last: TabWidths.TabPosition)
}

/// The range alone.
struct PlainRange: RangeAnswer {
    var range: Range<Int>

    @inline(__always)
    static func nothing(endingBy end: Double) -> PlainRange { PlainRange(range: 0..<0) }

    @inline(__always)
    init(range: Range<Int>) { self.range = range }

    @inline(__always)
    init(lower: Int, first: TabWidths.TabPosition?, last: TabWidths.TabPosition) {
        let upper = last.index &+ 1
        range = lower < upper ? lower..<upper : upper..<upper
    }
}

/// The range with the spans of starts and ends over which it holds: what a
/// ``TabStripGeometry`` query needs to tell whether a span end lies within
/// rounding of an edge its answer depends on. A cursor's
/// ``TabWidths/FoundRange`` adds the places it walks from.
struct EdgedRange: RangeAnswer {
    var range: Range<Int>
    /// Span starts in `startFrom..<startTo` give the same first tab.
    var startFrom: Double
    var startTo: Double
    /// Span ends in `endFrom<..endTo` give the same end.
    var endFrom: Double
    var endTo: Double

    @inline(__always)
    static func nothing(endingBy end: Double) -> EdgedRange {
        EdgedRange(range: 0..<0, startFrom: -.infinity, startTo: .infinity, endFrom: -.infinity, endTo: end)
    }

    @inline(__always)
    init(range: Range<Int>, startFrom: Double, startTo: Double, endFrom: Double, endTo: Double) {
        self.range = range
        self.startFrom = startFrom
        self.startTo = startTo
        self.endFrom = endFrom
        self.endTo = endTo
    }

    @inline(__always)
    init(lower: Int, first: TabWidths.TabPosition?, last: TabWidths.TabPosition) {
        let upper = last.index &+ 1
        range = lower < upper ? lower..<upper : upper..<upper
        if let first {
            (startFrom, startTo) = TabWidths.startSpan(lower: lower, first: first)
        } else {
            startFrom = -.infinity
            startTo = 0
        }
        endFrom = last.leadingOffset
        endTo = last.nextLeadingOffset
    }

    /// Whether every span end lies farther than `margin` inside the spans
    /// over which the answer holds: then moving either end by up to
    /// `margin` gives the same answer.
    /// - Complexity: O(1).
    @inline(__always)
    func holds(_ start: Double, _ end: Double, margin: Double) -> Bool {
        startFrom + margin <= start && start < startTo - margin && endFrom + margin < end && end <= endTo - margin
    }
}

extension TabWidths {
    /// A range query's answer, the spans over which it holds, and where its
    /// ends lie: span starts in `startFrom..<startTo` give the same first
    /// tab, span ends in `endFrom<..endTo` the same end (what a
    /// ``TabRangeCursor`` remembers). Each bound is a leading offset or a
    /// tab's end computed as the query computes it, so the spans are exact.
    struct FoundRange: RangeAnswer, Sendable, Equatable {
        var range: Range<Int>
        var startFrom: Double
        var startTo: Double
        var endFrom: Double
        var endTo: Double
        /// Whether both ends were found by a search (false for spans ending
        /// before the row and for an empty index).
        var hasEnds: Bool
        /// The first tab ending after the start (``range``'s lower bound
        /// before an empty range is normalised), and one past the last tab
        /// starting before the end.
        var lower: Int
        var upper: Int
        /// Where the start's tab lies (``TabPlace/none`` when the start
        /// lies before 0).
        var lowerPlace: TabPlace
        /// Where the end's tab lies (``TabPlace/none`` when no tab starts
        /// before the end).
        var upperPlace: TabPlace

        /// `range` with no span that holds and no ends: what a cursor keeps
        /// before its first query, or from an index without revisions.
        static func unknown(range: Range<Int>) -> FoundRange {
            FoundRange(
                range: range, startFrom: .infinity, startTo: -.infinity, endFrom: .infinity, endTo: -.infinity,
                hasEnds: false, lower: 0, upper: 0, lowerPlace: .none, upperPlace: .none)
        }

        @inline(__always)
        static func nothing(endingBy end: Double) -> FoundRange {
            FoundRange(EdgedRange.nothing(endingBy: end), hasEnds: false, lower: 0, upper: 0, places: (.none, .none))
        }

        /// `edges` with what a cursor keeps besides.
        @inline(__always)
        init(_ edges: EdgedRange, hasEnds: Bool, lower: Int, upper: Int, places: (lower: TabPlace, upper: TabPlace)) {
            self.init(
                range: edges.range, startFrom: edges.startFrom, startTo: edges.startTo, endFrom: edges.endFrom,
                endTo: edges.endTo, hasEnds: hasEnds, lower: lower, upper: upper, lowerPlace: places.lower,
                upperPlace: places.upper)
        }

        @inline(__always)
        init(
            range: Range<Int>, startFrom: Double, startTo: Double, endFrom: Double, endTo: Double,
            hasEnds: Bool, lower: Int, upper: Int, lowerPlace: TabPlace, upperPlace: TabPlace
        ) {
            self.range = range
            self.startFrom = startFrom
            self.startTo = startTo
            self.endFrom = endFrom
            self.endTo = endTo
            self.hasEnds = hasEnds
            self.lower = lower
            self.upper = upper
            self.lowerPlace = lowerPlace
            self.upperPlace = upperPlace
        }

        /// The spans as ``EdgedRange`` finds them, with both tabs' places.
        @inline(__always)
        init(lower: Int, first: TabPosition?, last: TabPosition) {
            self.init(
                EdgedRange(lower: lower, first: first, last: last), hasEnds: true, lower: lower,
                upper: last.index &+ 1, places: (first?.place ?? .none, last.place))
        }
    }

    /// The span starts that give the first tab `lower`, found from `first`,
    /// the last tab starting at or before the start: the start finds
    /// `first` while it lies in [first's offset, the next tab's offset);
    /// the first tab is `first` while the start is before first's end, the
    /// next one from there on (and any start before 0 gives tab 0).
    @inline(__always)
    static func startSpan(lower: Int, first: TabPosition) -> (from: Double, to: Double) {
        let end = first.leadingOffset + first.width
        if lower == first.index {
            return (first.index == 0 ? -.infinity : first.leadingOffset, Swift.min(end, first.nextLeadingOffset))
        }
        return (Swift.max(first.leadingOffset, end), first.nextLeadingOffset)
    }

    /// Brings `cursor`, filled on this very revision, up to the span
    /// `[start, end)`: each end whose span no longer holds walks from its
    /// place, the other keeps its answer (its span still holds). `nil` when
    /// a walk gives up (more than ``walkLimit`` steps, or out of the
    /// block) or the cursor's ends are not answers of their own: the caller
    /// then searches, and refills every field.
    /// - Complexity: O(1): at most two walks of ``walkLimit`` steps.
    @inline(__always)
    func walkedTabs<S: SearchSpacing>(
        _ start: Double, _ end: Double, cursor: inout TabRangeCursor, _: S.Type
    ) -> Range<Int>? {
        guard cursor.found.hasEnds, 0 < end else { return nil }
        let lastTab = tabCount &- 1
        if !(cursor.found.startFrom <= start && start < cursor.found.startTo) {
            if start < 0 {
                cursor.found.lower = 0
                cursor.found.startFrom = -.infinity
                cursor.found.startTo = 0
                cursor.found.lowerPlace = .none
            } else {
                let from =
                    cursor.found.lowerPlace.block >= 0
                    ? cursor.found.lowerPlace : place(ofTab: Swift.min(Swift.max(cursor.found.lower, 0), lastTab))
                guard let found = walk(from: from, toLastStartingBefore: start, AtOrBefore.self, S.self) else {
                    return nil
                }
                let lower = found.leadingOffset + found.width > start ? found.index : found.index &+ 1
                (cursor.found.startFrom, cursor.found.startTo) = Self.startSpan(lower: lower, first: found)
                cursor.found.lower = lower
                cursor.found.lowerPlace = found.place
            }
        }
        if !(cursor.found.endFrom < end && end <= cursor.found.endTo) {
            let from =
                cursor.found.upperPlace.block >= 0
                ? cursor.found.upperPlace : place(ofTab: Swift.min(Swift.max(cursor.found.upper &- 1, 0), lastTab))
            guard let last = walk(from: from, toLastStartingBefore: end, StrictlyBefore.self, S.self) else {
                return nil
            }
            cursor.found.upper = last.index &+ 1
            cursor.found.endFrom = last.leadingOffset
            cursor.found.endTo = last.nextLeadingOffset
            cursor.found.upperPlace = last.place
        }
        let lower = cursor.found.lower
        let upper = cursor.found.upper
        cursor.found.range = lower < upper ? lower..<upper : upper..<upper
        cursor.distrustExactly()
        return cursor.found.range
    }
}
