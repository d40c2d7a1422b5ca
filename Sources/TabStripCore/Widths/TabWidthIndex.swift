/// The geometry of a row of tabs along one axis: each tab's width, the fixed
/// spacing between neighbours, and the queries a virtualised strip needs.
///
/// Tab `i` occupies the half-open interval
/// `[leadingOffset(ofTab: i), leadingOffset(ofTab: i) + width(ofTab: i))`, where
/// `leadingOffset(ofTab: i)` is the sum of the widths of tabs `0..<i` plus
/// `i * spacing`. Gaps between tabs belong to no tab. The whole row spans
/// `[0, totalWidth)`, with `totalWidth = sum(widths) + (count - 1) * spacing`
/// (0 when there are no tabs).
///
/// Half-open everywhere: a tab that merely touches a span's edge does not
/// overlap it, and a zero-width tab overlaps a span only when it lies strictly
/// inside it.
///
/// Package-internal: the library's one index is ``TabWidths`` (widths in
/// blocks with local prefix sums, block starts in two flat levels, so
/// queries are `O(log n)` and a width change costs `O(B + 64 + n / (64 B))`
/// for blocks of `B` tabs). The package's tests and benchmarks keep a
/// second conformance (one flat prefix-sum array, `O(n - i)` per edit at
/// index `i`) as their reference and baseline strategy; the protocol lets
/// both run the same code.
///
/// Widths must be finite and `>= 0`; spacing likewise. Every mutating method
/// validates its input first and throws without changing anything when the
/// input is invalid.
@usableFromInline
package protocol TabWidthIndex {
    /// Creates an empty index with zero spacing.
    init()

    /// Creates an index from a sequence of widths.
    ///
    /// - Throws: ``TabStripError/invalidWidth(index:value:)`` for the first
    ///   negative, NaN or infinite width; ``TabStripError/invalidValue(name:value:)``
    ///   (name `"spacing"`) for an invalid spacing.
    /// - Complexity: O(n).
    init<S: Sequence>(widths: S, spacing: Double) throws(TabStripError) where S.Element == Double

    /// The number of tabs.
    /// - Complexity: O(1).
    var count: Int { get }

    /// The gap between neighbouring tabs, in points.
    /// - Complexity: O(1).
    var spacing: Double { get }

    /// The extent of the whole row: all widths plus `(count - 1) * spacing`;
    /// 0 when there are no tabs.
    /// - Complexity: O(1).
    var totalWidth: Double { get }

    /// The width of tab `index`.
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)``.
    /// - Complexity: O(log n).
    func width(ofTab index: Int) throws(TabStripError) -> Double

    /// The leading offset of tab `index`: the widths of all tabs before it
    /// plus `index * spacing`. `index == count` is allowed and gives
    /// `totalWidth + spacing` when `count > 0` (where a new last tab would
    /// start), 0 when empty.
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)`` unless
    ///   `0 <= index <= count`.
    /// - Complexity: O(log n).
    func leadingOffset(ofTab index: Int) throws(TabStripError) -> Double

    /// The tab whose interval contains `offset`, or `nil` when `offset` lies
    /// in a gap, before 0 or at or after `totalWidth`.
    /// - Throws: ``TabStripError/invalidOffset(_:)`` for a NaN offset.
    /// - Complexity: O(log n).
    func tab(atOffset offset: Double) throws(TabStripError) -> Int?

    /// The indices of the tabs overlapping the half-open span
    /// `[start, start + length)`: every `i` with
    /// `leadingOffset(ofTab: i) < start + length` and
    /// `leadingOffset(ofTab: i) + width(ofTab: i) > start`. The result is
    /// contiguous; it is empty (its bounds unspecified but within
    /// `0...count`) when no tab overlaps.
    /// - Throws: ``TabStripError/invalidOffset(_:)`` when `start` is NaN or
    ///   infinite; ``TabStripError/invalidValue(name:value:)`` (name
    ///   `"length"`) when `length` is negative, NaN or infinite.
    /// - Complexity: O(log n).
    func tabs(overlapping start: Double, length: Double) throws(TabStripError) -> Range<Int>

    /// The same tabs as ``tabs(overlapping:length:)``, exactly, with the
    /// search started from `hint` (the range a previous query returned).
    /// Indices that can search outwards from it (``TabWidths``) answer a
    /// nearby span in O(1); the default ignores the hint.
    /// - Throws: as ``tabs(overlapping:length:)``.
    /// - Complexity: O(log d) for an answer d tabs from the hint where the
    ///   index supports it, else that of ``tabs(overlapping:length:)``;
    ///   never more than O(log n).
    func tabs(overlapping start: Double, length: Double, near hint: Range<Int>) throws(TabStripError) -> Range<Int>

    /// The same tabs as ``tabs(overlapping:length:)``, exactly, answered
    /// through `cursor`, which remembers the answer for the next query (see
    /// ``TabRangeCursor``). ``TabWidths`` answers from the cursor's spans
    /// when the answer did not change (four comparisons); the default
    /// searches from the cursor's range with
    /// ``tabs(overlapping:length:near:)``.
    /// - Throws: as ``tabs(overlapping:length:)``; the cursor is then
    ///   unchanged.
    /// - Complexity: O(1) for an unchanged answer where the index supports
    ///   it; otherwise that of ``tabs(overlapping:length:near:)`` from the
    ///   cursor's range.
    func tabs(overlapping start: Double, length: Double, cursor: inout TabRangeCursor) throws(TabStripError)
        -> Range<Int>

    /// Calls `body` with the index, leading offset and width of every tab in
    /// `range`, in order. Faster than asking for each tab separately.
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)`` naming the
    ///   first bound outside `0...count`; `body` is then not called.
    /// - Complexity: O(log n + k) for k tabs in `range`.
    func forEachTab(
        in range: Range<Int>,
        _ body: (_ index: Int, _ leadingOffset: Double, _ width: Double) -> Void
    ) throws(TabStripError)

    /// Sets the width of one tab.
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)`` or
    ///   ``TabStripError/invalidWidth(index:value:)``; the index is unchanged.
    mutating func setWidth(_ width: Double, ofTab index: Int) throws(TabStripError)

    /// Inserts tabs with the given widths so that the first of them gets
    /// index `index` (`0...count`).
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)`` or
    ///   ``TabStripError/invalidWidth(index:value:)`` naming the position the
    ///   offending width would have had; the index is unchanged.
    mutating func insertTabs<C: Collection>(widths: C, at index: Int) throws(TabStripError)
    where C.Element == Double

    /// Removes the tabs in `range`.
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)`` naming the
    ///   first bound outside `0...count`; the index is unchanged.
    mutating func removeTabs(in range: Range<Int>) throws(TabStripError)

    /// Replaces every width, keeping the spacing.
    /// - Throws: ``TabStripError/invalidWidth(index:value:)``; the index is
    ///   unchanged.
    /// - Complexity: O(n).
    mutating func replaceAllWidths<S: Sequence>(_ widths: S) throws(TabStripError) where S.Element == Double

    /// Changes the spacing between tabs.
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` (name
    ///   `"spacing"`) unless finite and `>= 0`.
    mutating func setSpacing(_ spacing: Double) throws(TabStripError)
}

extension TabWidthIndex {
    /// ``tabs(overlapping:length:)``, ignoring the hint.
    /// - Complexity: that of ``tabs(overlapping:length:)``.
    @usableFromInline package func tabs(overlapping start: Double, length: Double, near hint: Range<Int>)
        throws(TabStripError) -> Range<
            Int
        >
    {
        try tabs(overlapping: start, length: length)
    }

    /// ``tabs(overlapping:length:near:)`` from the cursor's range; the
    /// cursor remembers the answer, with no spans (an index without
    /// revisions cannot tell whether they still hold).
    /// - Complexity: that of ``tabs(overlapping:length:near:)``.
    @usableFromInline package func tabs(overlapping start: Double, length: Double, cursor: inout TabRangeCursor)
        throws(TabStripError)
        -> Range<Int>
    {
        let found = try tabs(overlapping: start, length: length, near: cursor.range)
        cursor.remember(found)
        return found
    }
}
