/// Where a horizontal pager stands, as a continuous page position: the page
/// at its leading edge and how far the next page has come in.
///
/// This is the "left/right factor" view of a drag (as a news title bar computes it): with
/// `page = offset / pageWidth`,
/// - ``leftIndex`` `= floor(page)`,
/// - ``rightIndex`` `= leftIndex + 1` (or `nil` past the last page),
/// - ``rightFactor`` `= page − leftIndex` (how much of the right page shows),
/// - ``leftFactor`` `= 1 − rightFactor`.
///
/// For the view of Douyin's header, relative to the page the pager last settled on,
/// use ``progress(relativeTo:)``, which gives a ``PagerProgress``.
///
/// The position is independent of a settled page: it needs only the offset,
/// the page width and the page count. Offsets before the first page or past
/// the last one (a bounce, an overshooting fling) are clamped to
/// `[0, (pageCount − 1) · pageWidth]`.
///
/// Positions within `1e-9` pages (relative to the page number) of a page
/// boundary snap to it, so a host offset that is a page multiple up to
/// rounding never makes the neighbouring page count as partly visible.
public struct PagerPosition: Hashable, Sendable {
    /// The pager offset, in points, clamped to
    /// `[0, (pageCount − 1) · pageWidth]`.
    public let offset: Double
    /// The width of one page, in points (finite, `> 0`).
    public let pageWidth: Double
    /// The number of pages (`>= 1`).
    public let pageCount: Int
    /// The page whose leading edge is at or before the pager's leading edge:
    /// `floor(offset / pageWidth)`, in `0..<pageCount`.
    public let leftIndex: Int
    /// The fraction of the page after ``leftIndex`` that has scrolled in,
    /// in `[0, 1)`; 0 on the last page.
    public let rightFactor: Double

    /// Creates the position of a pager scrolled to `offset`.
    ///
    /// - Parameters:
    ///   - offset: The pager's content offset along its paging axis, in
    ///     points. Values outside `[0, (pageCount − 1) · pageWidth]` clamp.
    ///   - pageWidth: The width of one page, finite and `> 0`.
    ///   - pageCount: The number of pages, `>= 1`.
    /// - Throws: ``TabStripError/invalidOffset(_:)`` for a NaN or infinite
    ///   offset; ``TabStripError/invalidValue(name:value:)`` (name
    ///   `"pageWidth"` or `"pageCount"`) for a page width that is not finite
    ///   and positive or a page count below 1;
    ///   ``TabStripError/lengthExceedsLimit(name:value:limit:)`` for a page
    ///   width above ``TabStripLimits/maximumLength``;
    ///   ``TabStripError/countExceedsLimit(name:value:limit:)`` for a page
    ///   count above ``TabStripLimits/maximumCount`` (so every page index is
    ///   exact as a `Double`).
    /// - Complexity: O(1).
    public init(offset: Double, pageWidth: Double, pageCount: Int) throws(TabStripError) {
        guard offset.isFinite else { throw .invalidOffset(offset) }
        try TabStripError.requirePositive(pageWidth, "pageWidth")
        try TabStripError.requireLength(pageWidth, "pageWidth")
        try TabStripError.requireCount(pageCount, atLeast: 1, atMost: TabStripLimits.maximumCount, "pageCount")
        let lastPage = Double(pageCount - 1)
        let clampedOffset = clamped(offset, 0, lastPage * pageWidth)
        var page = clamped(clampedOffset / pageWidth, 0, lastPage)
        // `page` is in [0, pageCount − 1], so truncation is floor and exact;
        // this also keeps the library free of libm (`rounded()` needs it).
        var left = Double(Int(page))
        let nearest = page - left >= 0.5 ? left + 1 : left
        if abs(page - nearest) <= 1e-9 * Swift.max(1, nearest) {
            page = nearest
            left = nearest
        }
        self.offset = clampedOffset + 0 // + 0 turns −0 into +0
        self.pageWidth = pageWidth
        self.pageCount = pageCount
        self.leftIndex = Int(left)
        self.rightFactor = page - left
    }

    /// Creates the position of a pager resting exactly on `page`.
    ///
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)`` unless
    ///   `0 <= page < pageCount`; the errors (and bounds) of
    ///   ``init(offset:pageWidth:pageCount:)`` for a bad width or count.
    /// - Complexity: O(1).
    public init(settledOn page: Int, pageWidth: Double, pageCount: Int) throws(TabStripError) {
        try TabStripError.requirePositive(pageWidth, "pageWidth")
        try TabStripError.requireLength(pageWidth, "pageWidth")
        try TabStripError.requireCount(pageCount, atLeast: 1, atMost: TabStripLimits.maximumCount, "pageCount")
        try TabStripError.requireIndex(page, in: pageCount)
        self.offset = Double(page) * pageWidth
        self.pageWidth = pageWidth
        self.pageCount = pageCount
        self.leftIndex = page
        self.rightFactor = 0
    }

    /// The continuous page position, `leftIndex + rightFactor`, in
    /// `[0, pageCount − 1]`.
    public var page: Double { Double(leftIndex) + rightFactor }

    /// The page after ``leftIndex``, or `nil` when ``leftIndex`` is the last
    /// page.
    public var rightIndex: Int? { leftIndex + 1 < pageCount ? leftIndex + 1 : nil }

    /// The fraction of ``leftIndex`` still showing: `1 − rightFactor`, in
    /// `(0, 1]`.
    public var leftFactor: Double { 1 - rightFactor }

    /// Whether the pager rests exactly on a page (``rightFactor`` is 0).
    public var isSettled: Bool { rightFactor == 0 }

    /// The page covering most of the viewport (ties go to the right page),
    /// where a pager released without velocity would settle.
    public var nearestPage: Int {
        rightFactor >= 0.5 && leftIndex + 1 < pageCount ? leftIndex + 1 : leftIndex
    }

    /// The fraction of page `index` inside a viewport one page wide:
    /// ``leftFactor`` for ``leftIndex``, ``rightFactor`` for ``rightIndex``,
    /// 0 for every other index (including indices outside the pager).
    ///
    /// It doubles as the selection of tab `index` in a news title
    /// effect (see `TitleStyle.appearance(ofTab:in:)`).
    /// - Complexity: O(1).
    public func visibleFraction(ofPage index: Int) -> Double {
        if index == leftIndex { return leftFactor }
        if index == leftIndex + 1, index < pageCount { return rightFactor }
        return 0
    }

    /// The drag progress relative to `currentIndex`, the page the pager last
    /// settled on (as Douyin's header computes it): `page − currentIndex`, clamped to `[−1, 1]`.
    ///
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)`` unless
    ///   `0 <= currentIndex < pageCount`.
    /// - Complexity: O(1).
    public func progress(relativeTo currentIndex: Int) throws(TabStripError) -> PagerProgress {
        try PagerProgress(position: self, currentIndex: currentIndex)
    }
}
