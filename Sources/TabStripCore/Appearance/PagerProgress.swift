/// A drag between the page the pager last settled on (the *current* page)
/// and one of its neighbours, as Douyin's header measures it.
///
/// `progress = offset / pageWidth − currentIndex`, clamped to `[−1, 1]`:
/// 0 while the pager rests on the current page, towards +1 as the next page
/// comes in, towards −1 as the previous one does. A fast fling that carries
/// the pager more than a page away before the current page is updated stays
/// clamped at ±1 (the neighbour is then fully selected).
///
/// The progress never points past either end: on the first page it is
/// `>= 0`, on the last `<= 0`, so ``neighbourIndex`` is always a valid page
/// or `nil`.
public struct PagerProgress: Hashable, Sendable {
    /// The page the pager last settled on.
    public let currentIndex: Int
    /// The signed progress towards the neighbour, in `[−1, 1]`.
    public let progress: Double
    /// The number of pages (`>= 1`).
    public let pageCount: Int

    /// Creates a progress from its parts.
    ///
    /// - Parameters:
    ///   - currentIndex: The settled page, in `0..<pageCount`.
    ///   - progress: The signed progress. Finite values outside `[−1, 1]`
    ///     clamp to it; a value pointing before the first page or past the
    ///     last clamps to 0.
    ///   - pageCount: The number of pages, `>= 1`.
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` (name
    ///   `"progress"`) for a NaN or infinite progress, (name `"pageCount"`)
    ///   for a count below 1; ``TabStripError/indexOutOfRange(index:count:)``
    ///   for a bad current index.
    /// - Complexity: O(1).
    public init(currentIndex: Int, progress: Double, pageCount: Int) throws(TabStripError) {
        try TabStripError.requireFinite(progress, "progress")
        guard pageCount >= 1 else {
            throw .invalidValue(name: "pageCount", value: Double(pageCount))
        }
        try TabStripError.requireIndex(currentIndex, in: pageCount)
        let lower: Double = currentIndex == 0 ? 0 : -1
        let upper: Double = currentIndex == pageCount - 1 ? 0 : 1
        self.currentIndex = currentIndex
        self.progress = clamped(progress, lower, upper) + 0 // + 0 turns −0 into +0
        self.pageCount = pageCount
    }

    /// The progress of a pager scrolled to `offset`, relative to the settled
    /// page `currentIndex`: `offset / pageWidth − currentIndex`, clamped to
    /// `[−1, 1]` (offsets before the first page or past the last clamp
    /// first).
    ///
    /// - Throws: ``TabStripError/invalidOffset(_:)`` for a NaN or infinite
    ///   offset; ``TabStripError/invalidValue(name:value:)`` for a bad page
    ///   width or count; ``TabStripError/indexOutOfRange(index:count:)`` for a
    ///   bad current index.
    /// - Complexity: O(1).
    public init(offset: Double, pageWidth: Double, pageCount: Int, currentIndex: Int) throws(TabStripError) {
        let position = try PagerPosition(offset: offset, pageWidth: pageWidth, pageCount: pageCount)
        try self.init(position: position, currentIndex: currentIndex)
    }

    /// The progress of `position` relative to the settled page
    /// `currentIndex`.
    ///
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)`` unless
    ///   `0 <= currentIndex < position.pageCount`.
    /// - Complexity: O(1).
    public init(position: PagerPosition, currentIndex: Int) throws(TabStripError) {
        try TabStripError.requireIndex(currentIndex, in: position.pageCount)
        self.currentIndex = currentIndex
        let raw = Double(position.leftIndex - currentIndex) + position.rightFactor
        self.progress = clamped(raw, -1, 1) + 0
        self.pageCount = position.pageCount
    }

    /// The page the drag is heading to: `currentIndex + 1` while the progress
    /// is positive, `currentIndex − 1` while it is negative, `nil` at 0.
    public var neighbourIndex: Int? {
        if progress > 0 { return currentIndex + 1 }
        if progress < 0 { return currentIndex - 1 }
        return nil
    }

    /// How far the drag has gone, `|progress|`, in `[0, 1]`.
    public var fraction: Double { abs(progress) }

    /// How selected tab `index` looks during this drag, in `[0, 1]`:
    /// `1 − |progress|` for the current tab, `|progress|` for the neighbour,
    /// 0 for every other tab.
    /// - Complexity: O(1).
    public func selection(ofTab index: Int) -> Double {
        if index == currentIndex { return 1 - fraction }
        if let neighbour = neighbourIndex, index == neighbour { return fraction }
        return 0
    }
}
