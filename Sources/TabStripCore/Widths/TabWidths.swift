/// The production width index: tab widths in blocks with local prefix sums,
/// block starts in two flat levels (groups of blocks, blocks in a group).
///
/// Tab `i` occupies the half-open interval
/// `[leadingOffset(ofTab: i), leadingOffset(ofTab: i) + width(ofTab: i))`:
/// the widths of tabs `0..<i` plus `i * spacing`. Gaps between tabs belong
/// to no tab; a tab that only touches a span's edge does not overlap it.
///
/// `TabWidths` answers its queries in `O(log n)` and,
/// unlike a flat prefix-sum array (TanStack Virtual,
/// react-virtualized), it absorbs edits without touching the whole row: a
/// width change or an insert rewrites one block of at most `2 B` tabs
/// (B = 508), at most 64 block starts and the `m / 64` group starts, so it
/// costs about a microsecond at 1,000,000 tabs and a few at 10,000,000.
///
/// ```swift
/// var widths = try TabWidths(widths: titles.map(measure), spacing: 8)
/// let visible = try widths.tabs(overlapping: contentOffset, length: viewportWidth)
/// // Every frame of a scroll: through one cursor (O(1) per frame).
/// var cursor = TabRangeCursor()
/// let next = try widths.tabs(overlapping: contentOffset + 12, length: viewportWidth, cursor: &cursor)
/// try widths.setWidth(96, ofTab: 42)       // a badge appeared
/// try widths.insertTabs(widths: [64, 80], at: 7)
/// ```
///
/// ## Layout
/// The tabs are cut into consecutive blocks of `B / 2` to `2 B` tabs (a
/// single block may be smaller); a build puts `B - B / 16` tabs in each
/// block, with room for `B`, so that the first inserts into a block do not
/// grow its storage. A block keeps its tabs' widths and, for every eighth
/// tab, the sum of the widths before it within the block (a *checkpoint*);
/// any local offset is a checkpoint plus at most seven widths, added left to
/// right. The blocks' starts live in flat arrays: each block's first tab
/// index and width start within its group of 64 blocks, and each group's
/// first tab index and width start. A query gallops outwards over the block
/// starts, then over one block's checkpoints, from where a uniform cut of
/// the row would put its offset (the answer or next to it when widths vary
/// independently from tab to tab), or from a hint.
///
/// Every derived number is recomputed from its inputs when they change,
/// never patched with a difference (tab indices, integers, excepted), so no
/// rounding error accumulates: after any sequence of edits the index holds
/// exactly the numbers a fresh build of the same blocks would hold. Sums are
/// short (a block's groups of eight, at most 64 block totals, then the
/// group totals), so offsets stay within a few units in the last place of
/// the exact value: over ten million widths of 0.1 the error is below 1e-8
/// points, where one running sum drifts by 1.6e-4.
///
/// Memory: about 10 bytes per tab after a build (a `Double` per width and
/// per eight tabs, in storage for 508 tabs per block of 477, and about fifty
/// bytes per block).
///
/// Two indices are equal (`==`) when they hold the same widths in the same
/// order and the same spacing, however their blocks are cut.
@usableFromInline package struct TabWidths: TabWidthIndex, ContiguousWidthIndex, Sendable {
    /// The blocks, in order; empty exactly when there are no tabs.
    var blocks: [Block]
    /// `localTabs[b]` is the number of tabs in the blocks before `b` in its
    /// group (groups of ``groupSize`` consecutive blocks): block `b`'s first
    /// tab is `groupTabs[b >> groupShift] + localTabs[b]`.
    var localTabs: [Int]
    /// `groupTabs[g]` is the number of tabs in the groups before `g`, for
    /// `g` in `0...groupCount`; the last is the tab count (`[0]` when empty).
    var groupTabs: [Int]
    /// `localWidths[b]` is the sum of the totals of the blocks before `b` in
    /// its group (groups of ``groupSize`` consecutive blocks), added left to
    /// right from 0.
    var localWidths: [Double]
    /// `groupWidths[g]` is the sum of the totals of the groups before `g`,
    /// added left to right, for `g` in `0...groupCount`; the last is the
    /// sum of every width (`[0]` when empty).
    var groupWidths: [Double]
    /// `groupTotals[g]` is the sum of the totals of group `g`'s blocks, added
    /// left to right from 0: the group's last local start plus its last
    /// block's total. An edit re-adds the group starts after its group from
    /// these, one flat array, instead of reading two scattered numbers per
    /// group.
    var groupTotals: [Double]
    /// The sum of every width, as the group starts add it up.
    var widthSum: Double
    /// The number of tabs.
    var tabCount: Int
    /// The gap between neighbouring tabs.
    @usableFromInline package internal(set) var spacing: Double
    /// The number of tabs a build puts in each block; blocks stay within
    /// `max(1, blockSize / 2)...2 * blockSize` tabs.
    let blockSize: Int
    /// `log2` of the number of blocks per group (6: 64 blocks; tests use
    /// smaller groups so that several exist).
    let groupShift: Int
    /// Blocks per tab in units of 2^-32 (`(m << 32) / n`, 0 when empty):
    /// `(i * blocksPerTab) >> 32` is where a uniform cut would put tab `i`,
    /// the first guess of a search that starts from a tab index. Integer,
    /// so the guess needs no conversion: `m <= n <= 10^9 < 2^30` keeps
    /// every product below 2^62.
    var blocksPerTab: Int
    /// Blocks per point of the row (`m / totalWidth`, 0 when the row has no
    /// width): `Int(x * blocksPerPoint)` is where a uniform cut would put
    /// offset `x`, the first guess of a search for an offset without a
    /// hint. Kept with the starts (from `widthSum`, the tab count and the
    /// spacing), so a rebuild gives the same number.
    var blocksPerPoint: Double
    /// Tabs per point of the row (`n / totalWidth`, 0 when the row has no
    /// width): the first guess of a search for an offset within a block,
    /// `(x - blockStart) * tabsPerPoint` tabs in. Kept as ``blocksPerPoint``
    /// is.
    var tabsPerPoint: Double
    /// Names this state of the index: taken from a process-wide counter by
    /// every change (``finishChange()``), so two indices with the same
    /// revision hold the same widths and spacing (one is a copy of the
    /// other, and neither changed since). A ``TabRangeCursor`` remembers the
    /// revision it was filled on and trusts its windows only on an index
    /// with that revision. 0 where there is no atomic counter: never trusted.
    var revision: UInt64

    /// The block size used by the public initializers, chosen by measurement
    /// (see the WidthIndex article): queries cost the same from 256 to 2,048
    /// tabs per block, edits grow with the block, and 508 widths plus an
    /// array's 32-byte header fill a 4 KiB allocation exactly (512 would spill
    /// into jemalloc's 5 KiB size class).
    static var defaultBlockSize: Int { 508 }

    /// `log2` of the blocks per group used by the public initializers: 64
    /// blocks, so that a width change recomputes at most 64 local starts and
    /// `m / 64` group starts (about 300 additions at ten million tabs), and
    /// a search reads one short array of group starts and 64 block starts.
    static var defaultGroupShift: Int { 6 }

    /// The tabs a build puts in a block: the block size less a sixteenth, so
    /// that the first inserts into a freshly built block find room in its
    /// storage (reserved for `blockSize` tabs, which fills a 4 KiB
    /// allocation) instead of growing it.
    var buildFill: Int { blockSize - blockSize / 16 }

    /// Creates an empty index with zero spacing.
    /// - Complexity: O(1).
    @usableFromInline package init() {
        self.init(emptyWithBlockSize: Self.defaultBlockSize, spacing: 0)
    }

    /// Creates an index from a sequence of widths.
    ///
    /// - Parameters:
    ///   - widths: the width of every tab, in order; each finite and `>= 0`.
    ///   - spacing: the gap between neighbouring tabs; finite and `>= 0`.
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` (name
    ///   `"spacing"`) for an invalid spacing, checked first;
    ///   ``TabStripError/invalidWidth(index:value:)`` for the first negative,
    ///   NaN or infinite width.
    /// - Complexity: O(n).
    @inlinable
    package init<S: Sequence>(widths: S, spacing: Double = 0) throws(TabStripError) where S.Element == Double {
        try self.init(contiguous: widths, spacing: spacing)
    }

    /// Creates an index from an array of widths, with the default block size.
    @usableFromInline
    package init(widthArray: [Double], spacing: Double) throws(TabStripError) {
        try self.init(widths: widthArray, spacing: spacing, blockSize: Self.defaultBlockSize)
    }

    /// Creates an index whose builds cut blocks of `blockSize` tabs (at least
    /// 1). Tests use tiny blocks so that splits and merges happen often.
    init(widths: [Double], spacing: Double, blockSize: Int, groupShift: Int = TabWidths.defaultGroupShift)
        throws(TabStripError)
    {
        try TabStripError.requireLength(spacing, "spacing")
        let size = Swift.max(1, blockSize)
        var builder = BlockBuilder(blockSize: size, fill: size - size / 16)
        let error = widths.withUnsafeBufferPointer { builder.append(contentsOf: $0) }
        if let error { throw error }
        self.init(blocks: builder.finish(), spacing: spacing, blockSize: builder.blockSize, groupShift: groupShift)
    }

    /// Creates an index of `count` tabs, each `width` wide, with the default
    /// block size. The full blocks share one buffer until one of them is
    /// edited (each then copies its own), so the build costs O(n / B) time
    /// and memory instead of O(n).
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` (name
    ///   `"spacing"`) for an invalid spacing;
    ///   ``TabStripError/invalidWidth(index:value:)`` (index 0) for a
    ///   negative, NaN or infinite width when `count > 0`.
    /// - Complexity: O(n / B) for B tabs a block.
    @usableFromInline package init(repeating width: Double, count: Int, spacing: Double) throws(TabStripError) {
        try TabStripError.requireLength(spacing, "spacing")
        guard count <= 0 || (width.isFinite && width >= 0) else { throw .invalidWidth(index: 0, value: width) }
        let blockSize = Self.defaultBlockSize
        let fill = blockSize - blockSize / 16
        var blocks: [Block] = []
        if count > 0 {
            let (full, rest) = count.quotientAndRemainder(dividingBy: fill)
            blocks.reserveCapacity(full + 1)
            if full > 0 {
                let shared = Block(widths: Array(repeating: width, count: fill), capacity: blockSize)
                blocks.append(contentsOf: repeatElement(shared, count: full))
            }
            // The last run as a build cuts it (see `BlockBuilder.finish()`).
            if rest >= Swift.max(1, blockSize / 2) || (rest > 0 && blocks.isEmpty) {
                blocks.append(Block(widths: Array(repeating: width, count: rest), capacity: blockSize))
            } else if rest > 0 {
                blocks.removeLast()
                blocks.append(
                    contentsOf: Self.cutIntoBlocks(
                        Array(repeating: width, count: fill + rest)[...], blockSize: blockSize))
            }
        }
        self.init(blocks: blocks, spacing: spacing, blockSize: blockSize, groupShift: Self.defaultGroupShift)
    }

    /// Creates an empty index with the given block size and spacing.
    init(emptyWithBlockSize blockSize: Int, spacing: Double) {
        self.init(blocks: [], spacing: spacing, blockSize: Swift.max(1, blockSize), groupShift: Self.defaultGroupShift)
    }

    /// Creates an index from finished blocks and computes their starts.
    init(blocks: [Block], spacing: Double, blockSize: Int, groupShift: Int) {
        self.blocks = blocks
        self.localTabs = []
        self.groupTabs = []
        self.localWidths = []
        self.groupWidths = []
        self.groupTotals = []
        self.widthSum = 0
        self.tabCount = 0
        self.spacing = spacing
        self.blockSize = blockSize
        self.groupShift = Swift.max(0, groupShift)
        self.blocksPerTab = 0
        self.blocksPerPoint = 0
        self.tabsPerPoint = 0
        self.revision = 0
        rebuildStarts()
        _checkAfterMutation()
    }

    /// The number of tabs.
    /// - Complexity: O(1).
    @usableFromInline package var count: Int { tabCount }

    /// The extent of the whole row: all widths plus `(count - 1) * spacing`;
    /// 0 when there are no tabs.
    /// - Complexity: O(1).
    @usableFromInline package var totalWidth: Double {
        tabCount == 0 ? 0 : widthSum + Double(tabCount - 1) * spacing
    }

    /// The fewest tabs a block holds when there is more than one block.
    var minimumBlockSize: Int { Swift.max(1, blockSize / 2) }

    /// The most tabs a block holds; an insert that would exceed it splits
    /// the block.
    var maximumBlockSize: Int { 2 * blockSize }
}
