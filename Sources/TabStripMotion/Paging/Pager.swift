import TabStripCore

/// A paging controller's state machine along one axis (a video feed's vertical
/// feed, or the horizontal pages under a tab strip), headless and driven by
/// timestamps.
///
/// Pages are `pageWidth` apart: page `i` rests at offset `i · pageWidth`. The
/// host forwards its gesture (``beginDrag(at:)``, ``moveDrag(translation:at:)``,
/// ``endDrag(translation:velocityPerMillisecond:at:)``) and reads
/// ``offset(at:)`` every frame. On release the ``rule`` picks the page
/// (the feed's swipe rule: 8 pt past 0.4 pt/ms, else 60 pt), and the pager settles there
/// over ``settleDuration`` (0.15 s) with ``settleCurve`` (ease-out). Until
/// the settle completes it refuses new gestures with
/// ``PagerResponse/refusedWhileSettling(until:)``.
///
/// While dragging, the offset follows the finger (`start − translation`),
/// clamped to the first and last pages' offsets (no bounce, as a video
/// feed does). Event times must never go backwards. The settle is a pure function
/// of time: nothing needs ticking, and ``offset(at:)`` may be asked for any
/// time in any order.
///
/// Every method validates its input first; when it throws, the pager is
/// exactly as it was.
@usableFromInline package struct Pager: Hashable, Sendable {
    /// What the pager is doing.
    @usableFromInline package enum Phase: Hashable, Sendable {
        /// Resting on ``Pager/currentPage``.
        case idle
        /// Following a drag that began at `startOffset` with the finger now
        /// `translation` points away from where it started.
        case dragging(startOffset: Double, translation: Double)
        /// Settling onto ``Pager/currentPage``; done at the animation's end.
        case settling(TimedAnimation)
    }

    /// The distance between consecutive pages, in points (the page's
    /// dimension along the paging axis).
    @usableFromInline package internal(set) var pageWidth: Double
    /// The number of pages, at least 1.
    @usableFromInline package internal(set) var pageCount: Int
    /// The page the pager rests on, or is settling onto.
    @usableFromInline package internal(set) var currentPage: Int
    /// How a release picks its page.
    @usableFromInline package let rule: PagingRule
    /// How long the settle takes, in seconds (0.15).
    @usableFromInline package let settleDuration: Double
    /// The settle's easing (ease-out).
    @usableFromInline package let settleCurve: TimingCurve
    /// What the pager is doing.
    @usableFromInline package internal(set) var phase: Phase
    /// The time of the last event applied, or `nil` before the first.
    package internal(set) var lastEventTime: Double?

    /// Creates a pager resting on `currentPage`.
    ///
    /// - Parameters:
    ///   - pageWidth: the distance between pages, finite and positive.
    ///   - pageCount: at least 1 (a single page never moves).
    ///   - currentPage: in `0..<pageCount`.
    ///   - rule: the release decision (the feed's swipe rule by default).
    ///   - settleDuration: seconds, finite and `>= 0` (0.15 by default; 0
    ///     jumps).
    ///   - settleCurve: the settle's easing (ease-out by default).
    /// - Throws: `TabStripError/invalidValue(name:value:)` named
    ///   `"pageWidth"`, `"pageCount"` or `"settleDuration"`;
    ///   `TabStripError/lengthExceedsLimit(name:value:limit:)` for a page
    ///   width or duration above `TabStripLimits/maximumLength`;
    ///   `TabStripError/countExceedsLimit(name:value:limit:)` for more
    ///   than `TabStripLimits/maximumCount` pages;
    ///   `TabStripError/indexOutOfRange(index:count:)` for the page.
    /// - Complexity: O(1).
    @usableFromInline package init(
        pageWidth: Double,
        pageCount: Int,
        currentPage: Int = 0,
        rule: PagingRule = .standard,
        settleDuration: Double = 0.15,
        settleCurve: TimingCurve = .easeOut
    ) throws(TabStripError) {
        try Pager.validate(pageWidth: pageWidth)
        try Pager.validate(pageCount: pageCount)
        try TabStripError.requireIndex(currentPage, in: pageCount)
        try TabStripError.requireLength(settleDuration, "settleDuration")
        self.pageWidth = pageWidth
        self.pageCount = pageCount
        self.currentPage = currentPage
        self.rule = rule
        self.settleDuration = settleDuration
        self.settleCurve = settleCurve
        phase = .idle
        lastEventTime = nil
        _checkInvariants()
    }

    static func validate(pageWidth: Double) throws(TabStripError) {
        try TabStripError.requirePositive(pageWidth, "pageWidth")
        try TabStripError.requireLength(pageWidth, "pageWidth")
    }

    static func validate(pageCount: Int) throws(TabStripError) {
        try TabStripError.requireCount(pageCount, atLeast: 1, atMost: TabStripLimits.maximumCount, "pageCount")
    }

    /// The offset at which `page` rests: `page · pageWidth`.
    /// - Complexity: O(1).
    @inlinable
    package func offset(ofPage page: Int) -> Double {
        Double(page) * pageWidth
    }

    /// The largest offset: the last page's.
    @inlinable
    package var maximumOffset: Double {
        offset(ofPage: pageCount - 1)
    }

    /// The offset the pager shows at `time`: the current page's when idle,
    /// the finger's (clamped) while dragging, the settle animation's value
    /// while settling (the target page's from the settle's end on).
    /// - Complexity: O(1); no allocation. (Inlinable: a `PagerSync` frame
    /// calls it, and a call across modules copied the whole pager, 273
    /// bytes, to pass it.)
    @inlinable
    package func offset(at time: Double) -> Double {
        switch phase {
        case .idle:
            return offset(ofPage: currentPage)
        case .dragging(let startOffset, let translation):
            return clampedOffset(startOffset - translation)
        case .settling(let animation):
            return animation.value(at: time)
        }
    }

    /// The offset's velocity at `time`, in points per second, while
    /// settling; 0 otherwise (a drag's velocity belongs to the gesture).
    /// - Complexity: O(1); no allocation.
    @usableFromInline package func velocity(at time: Double) -> Double {
        if case .settling(let animation) = phase {
            return animation.velocity(at: time)
        }
        return 0
    }

    /// The fractional page shown at `time`: `offset(at: time) / pageWidth`
    /// (2.5 is halfway between pages 2 and 3). Seed 000's drag progress is
    /// this minus the current page, clamped to `[−1, 1]`.
    /// - Complexity: O(1); no allocation.
    @usableFromInline package func pagePosition(at time: Double) -> Double {
        offset(at: time) / pageWidth
    }

    /// Whether the pager is still settling at `time`.
    /// - Complexity: O(1).
    @inlinable
    package func isSettling(at time: Double) -> Bool {
        if case .settling(let animation) = phase {
            return !animation.isFinished(at: time)
        }
        return false
    }

    /// The settle animation, if the pager is (or was last) settling.
    @usableFromInline package var settle: TimedAnimation? {
        if case .settling(let animation) = phase { return animation }
        return nil
    }

    @inlinable
    func clampedOffset(_ offset: Double) -> Double {
        min(max(offset, 0), maximumOffset)
    }
}
