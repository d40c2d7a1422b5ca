extension TabWidths {
    /// One node of the Fenwick tree: the tab count and width sum of a run of
    /// blocks.
    struct TreeNode: Sendable, Equatable {
        var widthSum: Double
        var tabCount: Int

        static var zero: TreeNode { TreeNode(widthSum: 0, tabCount: 0) }
    }

    /// Where a block starts: its index, the widths of every tab before it
    /// (as the tree adds them up) and the number of tabs before it.
    struct BlockStart {
        var block: Int
        var widthBefore: Double
        var tabsBefore: Int
    }

    /// The lowest set bit of `q`.
    @inline(__always)
    static func lowBit(_ q: Int) -> Int { q & -q }

    /// The highest power of two not above `value` (`value >= 1`).
    @inline(__always)
    static func highBit(_ value: Int) -> Int { 1 << (Int.bitWidth - 1 - value.leadingZeroBitCount) }

    /// Rebuilds the whole tree from the blocks in `O(m)`, and the totals.
    ///
    /// Node `q` starts as block `q - 1`'s own numbers; then, in increasing
    /// `q`, each node is added into its parent `q + lowBit(q)`. A parent
    /// therefore receives its children in increasing order, the same order
    /// ``recomputeNode(_:)`` uses, so both give bit-identical sums.
    mutating func rebuildTree() {
        let m = blocks.count
        tree.removeAll(keepingCapacity: true)
        tree.reserveCapacity(m + 1)
        tree.append(.zero)
        for block in blocks {
            tree.append(TreeNode(widthSum: block.total, tabCount: block.count))
        }
        tree.withUnsafeMutableBufferPointer { tree in
            for q in stride(from: 1, through: m, by: 1) {
                let parent = q + Self.lowBit(q)
                if parent <= m {
                    tree[parent].widthSum += tree[q].widthSum
                    tree[parent].tabCount += tree[q].tabCount
                }
            }
        }
        refreshTotals()
    }

    /// Recomputes node `q` from block `q - 1` and its child nodes
    /// `q - lowBit(q) / 2, ..., q - 2, q - 1`, in that order.
    @inline(__always)
    mutating func recomputeNode(_ q: Int) {
        let block = blocks[q - 1]
        var node = TreeNode(widthSum: block.total, tabCount: block.count)
        var offset = Self.lowBit(q) >> 1
        while offset > 0 {
            let child = tree[q - offset]
            node.widthSum += child.widthSum
            node.tabCount += child.tabCount
            offset >>= 1
        }
        tree[q] = node
    }

    /// Brings the tree up to date after block `block`'s widths or count
    /// changed (and no block was added or removed): recomputes the
    /// `O(log m)` nodes covering it, each from its children, so the tree
    /// equals a rebuild instead of drifting with added differences.
    /// - Complexity: O(log² m) for m blocks.
    mutating func updateTree(afterChanging block: Int) {
        let m = blocks.count
        var q = block + 1
        while q <= m {
            recomputeNode(q)
            q += Self.lowBit(q)
        }
        refreshTotals()
    }

    /// Recomputes the cached width sum and tab count from the tree.
    mutating func refreshTotals() {
        let all = prefix(blocks.count)
        widthSum = all.widthSum
        tabCount = all.tabCount
    }

    /// The count and width sum of blocks `0..<blockCount`, added along the
    /// path a descent takes (largest node first), so a descent that stops at
    /// `blockCount` has exactly this sum.
    /// - Complexity: O(log m).
    func prefix(_ blockCount: Int) -> TreeNode {
        var sum = TreeNode.zero
        var position = 0
        var rest = blockCount
        while rest != 0 {
            let bit = Self.highBit(rest)
            position += bit
            sum.widthSum += tree[position].widthSum
            sum.tabCount += tree[position].tabCount
            rest -= bit
        }
        return sum
    }

    /// The start of block `block`.
    /// - Complexity: O(log m).
    func start(ofBlock block: Int) -> BlockStart {
        let before = prefix(block)
        return BlockStart(block: block, widthBefore: before.widthSum, tabsBefore: before.tabCount)
    }

    /// The block holding tab `index` (`0..<count`).
    /// - Complexity: O(log m).
    @inline(__always)
    func block(holding index: Int) -> BlockStart {
        let limit = blocks.count - 1
        var position = 0
        var widthBefore = 0.0
        var tabsBefore = 0
        if limit > 0 {
            tree.withUnsafeBufferPointer { tree in
                var step = Self.highBit(limit)
                while step > 0 {
                    let candidate = position + step
                    if candidate <= limit {
                        let node = tree[candidate]
                        let tabs = tabsBefore + node.tabCount
                        if tabs <= index {
                            position = candidate
                            tabsBefore = tabs
                            widthBefore += node.widthSum
                        }
                    }
                    step >>= 1
                }
            }
        }
        return BlockStart(block: position, widthBefore: widthBefore, tabsBefore: tabsBefore)
    }

    /// The last block whose first tab's leading offset is at or before `x`
    /// (before `x` when `strict`), or block 0 when none is, and the leading
    /// offset of the block after it (infinity for the last block). The
    /// comparison uses `widthBefore + Double(tabsBefore) * spacing`, exactly
    /// the leading offset ``leadingOffset(of:)`` reports for that tab.
    ///
    /// The next block's start comes for free: the descent's last rejected
    /// candidate is always the block right after the one it settles on.
    /// - Complexity: O(log m).
    @inline(__always)
    func block(startingBefore x: Double, strict: Bool) -> (start: BlockStart, nextStart: Double) {
        let limit = blocks.count - 1
        var position = 0
        var widthBefore = 0.0
        var tabsBefore = 0
        var nextStart = Double.infinity
        if limit > 0 {
            let spacing = self.spacing
            tree.withUnsafeBufferPointer { tree in
                var step = Self.highBit(limit)
                while step > 0 {
                    let candidate = position + step
                    if candidate <= limit {
                        let node = tree[candidate]
                        let width = widthBefore + node.widthSum
                        let tabs = tabsBefore + node.tabCount
                        let start = width + Double(tabs) * spacing
                        if strict ? start < x : start <= x {
                            position = candidate
                            widthBefore = width
                            tabsBefore = tabs
                        } else {
                            nextStart = start
                        }
                    } else {
                        nextStart = .infinity
                    }
                    step >>= 1
                }
            }
        }
        return (BlockStart(block: position, widthBefore: widthBefore, tabsBefore: tabsBefore), nextStart)
    }
}
