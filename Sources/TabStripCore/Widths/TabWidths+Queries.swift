extension TabWidths {
    /// The width of tab `index`.
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)`` unless
    ///   `0 <= index < count`.
    /// - Complexity: O(log n).
    public func width(at index: Int) throws(TabStripError) -> Double {
        try TabStripError.requireIndex(index, in: tabCount)
        let start = block(holding: index)
        return blocks[start.block].widths[index - start.tabsBefore]
    }

    /// The leading offset of tab `index`: the widths of all tabs before it
    /// plus `index * spacing`. `index == count` gives where a new last tab
    /// would start (0 when empty).
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)`` unless
    ///   `0 <= index <= count`.
    /// - Complexity: O(log n).
    public func leadingOffset(of index: Int) throws(TabStripError) -> Double {
        try TabStripError.requireInsertionIndex(index, in: tabCount)
        if index == tabCount {
            return widthSum + Double(tabCount) * spacing
        }
        let start = block(holding: index)
        let local = blocks[start.block].localOffset(of: index - start.tabsBefore)
        return (start.widthBefore + local) + Double(index) * spacing
    }

    /// The tab whose interval `[leadingOffset, leadingOffset + width)`
    /// contains `offset`, or `nil` when `offset` lies in a gap, before 0 or
    /// at or after ``totalWidth``. Zero-width tabs contain no offset.
    /// - Throws: ``TabStripError/invalidOffset(_:)`` for a NaN offset
    ///   (infinite offsets give `nil`).
    /// - Complexity: O(log n).
    public func tab(containing offset: Double) throws(TabStripError) -> Int? {
        guard !offset.isNaN else { throw .invalidOffset(offset) }
        guard let found = lastTab(startingBefore: offset, strict: false) else { return nil }
        return offset < found.leadingOffset + found.width ? found.index : nil
    }

    /// The indices of the tabs overlapping the half-open span
    /// `[start, start + length)`: every tab `i` with
    /// `leadingOffset(of: i) < start + length` and
    /// `leadingOffset(of: i) + width(at: i) > start`. When none does, the
    /// result is empty and its bounds lie within `0...count`.
    /// - Throws: ``TabStripError/invalidOffset(_:)`` when `start` is NaN or
    ///   infinite; ``TabStripError/invalidValue(name:value:)`` (name
    ///   `"length"`) when `length` is negative, NaN or infinite.
    /// - Complexity: O(log n): two descents of the block tree and two binary
    ///   searches inside a block.
    public func tabs(overlapping start: Double, length: Double) throws(TabStripError) -> Range<Int> {
        guard start.isFinite else { throw .invalidOffset(start) }
        try TabStripError.requireNonNegative(length, "length")
        let end = start + length
        guard tabCount > 0, 0 < end else { return 0 ..< 0 }
        // The first tab ending after `start`: the last tab starting at or
        // before `start` if it reaches past `start`, else the next one.
        var lower = 0
        var upperBlock: BlockStart?
        if 0 <= start {
            let (startBlock, nextStart) = block(startingBefore: start, strict: false)
            let found = lastTab(in: startBlock, startingBefore: start, strict: false)
            lower = found.leadingOffset + found.width > start ? found.index : found.index + 1
            // Most spans end in the block they start in: skip the second
            // descent then.
            if found.leadingOffset < end, !(nextStart < end) { upperBlock = startBlock }
        }
        // One past the last tab starting before `end`.
        let endBlock = upperBlock ?? block(startingBefore: end, strict: true).start
        let upper = lastTab(in: endBlock, startingBefore: end, strict: true).index + 1
        return lower < upper ? lower ..< upper : upper ..< upper
    }

    /// Calls `body` with the index, leading offset and width of every tab in
    /// `range`, in order, with the same offsets ``leadingOffset(of:)`` gives.
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)`` naming the
    ///   first bound outside `0...count`; `body` is then not called.
    /// - Complexity: O(log n + k) for k tabs in `range`.
    public func forEachTab(
        in range: Range<Int>,
        _ body: (_ index: Int, _ leadingOffset: Double, _ width: Double) -> Void
    ) throws(TabStripError) {
        try TabStripError.requireInsertionIndex(range.lowerBound, in: tabCount)
        try TabStripError.requireInsertionIndex(range.upperBound, in: tabCount)
        guard !range.isEmpty else { return }
        let spacing = self.spacing
        var start = block(holding: range.lowerBound)
        var index = range.lowerBound
        var local = blocks[start.block].localOffset(of: index - start.tabsBefore)
        while true {
            let widths = blocks[start.block].widths
            let first = start.tabsBefore
            let stop = Swift.min(range.upperBound, first + widths.count)
            while index < stop {
                let width = widths[index - first]
                body(index, (start.widthBefore + local) + Double(index) * spacing, width)
                local += width
                index += 1
            }
            guard index < range.upperBound else { return }
            start = self.start(ofBlock: start.block + 1)
            local = 0
        }
    }

    /// The last tab whose leading offset is at or before `x` (before `x`
    /// when `strict`), with its leading offset and width; `nil` when no tab
    /// starts there. Offsets are computed exactly as ``leadingOffset(of:)``
    /// computes them.
    /// - Complexity: O(log n).
    @inline(__always)
    func lastTab(startingBefore x: Double, strict: Bool) -> TabPosition? {
        // Tab 0 starts at 0.
        guard tabCount > 0, strict ? 0 < x : 0 <= x else { return nil }
        return lastTab(in: block(startingBefore: x, strict: strict).start, startingBefore: x, strict: strict)
    }

    /// A tab with its leading offset and width.
    typealias TabPosition = (index: Int, leadingOffset: Double, width: Double)

    /// The last tab of the block at `start` whose leading offset is at or
    /// before `x` (before `x` when `strict`); the block's first tab must be.
    /// - Complexity: O(log B): a binary search over the checkpoints, then at
    ///   at most seven widths.
    @inline(__always)
    func lastTab(in start: BlockStart, startingBefore x: Double, strict: Bool) -> TabPosition {
        let spacing = self.spacing
        let widthBefore = start.widthBefore
        let first = start.tabsBefore
        let shift = Block.checkpointShift
        return blocks[start.block].widths.withUnsafeBufferPointer { widths in
            blocks[start.block].checkpoints.withUnsafeBufferPointer { checkpoints in
                @inline(__always) func before(_ local: Double, _ j: Int) -> Bool {
                    let offset = (widthBefore + local) + Double(first + j) * spacing
                    return strict ? offset < x : offset <= x
                }
                // The last checkpoint before `x` (checkpoint 0, the block's
                // start, is), by a binary search whose steps select rather
                // than branch.
                var low = 0
                var remaining = checkpoints.count
                while remaining > 1 {
                    let half = remaining >> 1
                    let middle = low + half
                    low = before(checkpoints[middle], middle << shift) ? middle : low
                    remaining -= half
                }
                // Then at most seven more tabs, added left to right.
                var j = low << shift
                var local = checkpoints[low]
                let groupEnd = Swift.min(widths.count, j + Block.checkpointStride)
                while j + 1 < groupEnd {
                    let next = local + widths[j]
                    guard before(next, j + 1) else { break }
                    local = next
                    j += 1
                }
                return (first + j, (widthBefore + local) + Double(first + j) * spacing, widths[j])
            }
        }
    }
}
