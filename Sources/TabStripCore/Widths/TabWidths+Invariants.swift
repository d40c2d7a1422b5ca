extension TabWidths {
    /// Traps if an internal invariant is broken: block sizes within bounds,
    /// every checkpoint and block total equal to the sums their definition
    /// gives (``Block/referenceSums(of:)``), the block and group starts
    /// bit-equal to a rebuild from the blocks, and the cached totals equal to
    /// a rebuild's. Compiled only with
    /// `TABSTRIP_INTERNAL_CHECKS` (debug builds and tests); a no-op
    /// otherwise.
    /// - Complexity: O(n) when enabled.
    @usableFromInline package func _checkInvariants() {
        #if TABSTRIP_INTERNAL_CHECKS
            precondition(blockSize >= 1, "block size \(blockSize)")
            precondition(spacing.isFinite && spacing >= 0, "invalid spacing \(spacing)")
            precondition(blocks.isEmpty == (tabCount == 0), "blocks and count disagree on emptiness")
            var tabs = 0
            for (b, block) in blocks.enumerated() {
                precondition(block.count >= 1, "block \(b) is empty")
                precondition(
                    block.count <= maximumBlockSize, "block \(b) holds \(block.count) > \(maximumBlockSize) tabs")
                precondition(
                    blocks.count == 1 || block.count >= minimumBlockSize,
                    "block \(b) holds \(block.count) < \(minimumBlockSize) tabs next to other blocks")
                precondition(
                    block.checkpoints.count == Block.checkpointCount(for: block.count),
                    "block \(b) has \(block.checkpoints.count) checkpoints for \(block.count) tabs")
                for (j, width) in block.widths.enumerated() {
                    precondition(width.isFinite && width >= 0, "invalid width \(width) at \(tabs + j)")
                }
                let (checkpoints, total) = Block.referenceSums(of: block.widths)
                for (g, expected) in checkpoints.enumerated() {
                    let stored = block.checkpoints[g]
                    precondition(
                        stored == expected,
                        "block \(b) checkpoint at \(g * Block.checkpointStride) is \(stored), expected \(expected)")
                }
                precondition(block.total == total, "block \(b) total is \(block.total), expected \(total)")
                tabs += block.count
            }
            precondition(tabs == tabCount, "cached count \(tabCount), blocks hold \(tabs)")
            var fresh = self
            fresh.rebuildStarts()
            precondition(
                localTabs == fresh.localTabs, "local block first tabs \(localTabs), a rebuild gives \(fresh.localTabs)")
            precondition(
                groupTabs == fresh.groupTabs, "group first tabs \(groupTabs), a rebuild gives \(fresh.groupTabs)")
            precondition(
                localWidths.map(\.bitPattern) == fresh.localWidths.map(\.bitPattern),
                "local block starts \(localWidths), a rebuild gives \(fresh.localWidths)")
            precondition(
                groupWidths.map(\.bitPattern) == fresh.groupWidths.map(\.bitPattern),
                "group starts \(groupWidths), a rebuild gives \(fresh.groupWidths)")
            precondition(
                groupTotals.map(\.bitPattern) == fresh.groupTotals.map(\.bitPattern),
                "group totals \(groupTotals), a rebuild gives \(fresh.groupTotals)")
            precondition(
                widthSum.bitPattern == fresh.widthSum.bitPattern,
                "cached width sum \(widthSum), a rebuild gives \(fresh.widthSum)")
            precondition(tabCount == fresh.tabCount, "cached count \(tabCount), a rebuild gives \(fresh.tabCount)")
            precondition(
                blocksPerTab == fresh.blocksPerTab,
                "blocks per tab \(blocksPerTab), a rebuild gives \(fresh.blocksPerTab)")
            precondition(
                blocksPerPoint.bitPattern == fresh.blocksPerPoint.bitPattern,
                "blocks per point \(blocksPerPoint), a rebuild gives \(fresh.blocksPerPoint)")
            precondition(
                tabsPerPoint.bitPattern == fresh.tabsPerPoint.bitPattern,
                "tabs per point \(tabsPerPoint), a rebuild gives \(fresh.tabsPerPoint)")
        #endif
    }

    /// The hook every mutation calls on its way out, unconditionally: runs
    /// ``_checkMutationInvariants()`` in builds with
    /// `TABSTRIP_INTERNAL_CHECKS`, and is an empty, always-inlined no-op
    /// otherwise (also in the inlinable mutators' callers).
    /// - Complexity: O(1) without checks; as ``_checkMutationInvariants()``
    ///   with them.
    @inlinable @inline(__always)
    package func _checkAfterMutation() {
        #if TABSTRIP_INTERNAL_CHECKS
            _checkMutationInvariants()
        #endif
    }

    /// The check after every mutation (see `_InternalChecks`): the full
    /// ``_checkInvariants()`` up to `_InternalChecks.fullCheckLimit` tabs,
    /// otherwise the cached count, sum and block starts' shape.
    /// - Complexity: O(n) up to the limit, O(1) above it.
    @usableFromInline
    package func _checkMutationInvariants() {
        #if TABSTRIP_INTERNAL_CHECKS
            if tabCount <= _InternalChecks.fullCheckLimit { return _checkInvariants() }
            precondition(spacing.isFinite && spacing >= 0, "invalid spacing \(spacing)")
            precondition(!blocks.isEmpty, "\(tabCount) tabs in no blocks")
            let m = blocks.count
            let groups = groupCount
            precondition(
                localTabs.count == m && localWidths.count == m,
                "\(localTabs.count) block first tabs and \(localWidths.count) block starts for \(m) blocks")
            precondition(
                groupTabs.count == groups + 1 && groupWidths.count == groups + 1 && groupTotals.count == groups,
                "\(groupTabs.count) group first tabs, \(groupWidths.count) group starts and \(groupTotals.count) group totals for \(groups) groups"
            )
            precondition(
                groupTabs[groups] == tabCount, "the tab count sentinel is \(groupTabs[groups]), count \(tabCount)")
            precondition(
                tabsBefore(block: m - 1) + blocks[m - 1].count == tabCount,
                "the last block ends at tab \(tabsBefore(block: m - 1) + blocks[m - 1].count), count \(tabCount)")
            precondition(widthSum.isFinite && widthSum >= 0, "cached width sum \(widthSum)")
        #endif
    }

    /// Traps unless `index` is a tab (`0..<count`), in builds with
    /// `TABSTRIP_INTERNAL_CHECKS`: the precondition of the unchecked
    /// queries the engine calls once it has validated an index. An empty,
    /// always-inlined no-op otherwise.
    /// - Complexity: O(1).
    @inline(__always)
    func _checkTab(_ index: Int) {
        #if TABSTRIP_INTERNAL_CHECKS
            precondition(index >= 0 && index < tabCount, "tab \(index) of \(tabCount)")
        #endif
    }

    /// Traps unless `index` is a boundary between tabs (`0...count`), in
    /// builds with `TABSTRIP_INTERNAL_CHECKS`; an empty, always-inlined
    /// no-op otherwise.
    /// - Complexity: O(1).
    @inline(__always)
    func _checkBoundary(_ index: Int) {
        #if TABSTRIP_INTERNAL_CHECKS
            precondition(index >= 0 && index <= tabCount, "boundary \(index) of \(tabCount) tabs")
        #endif
    }

    /// The bytes of layout state this index holds, computed from its arrays'
    /// capacities (32 bytes of header per array, the allocator's own
    /// overhead not counted). With the default block size a build stores
    /// 8 bytes per width, 1 per checkpoint and a fraction of a byte per tab
    /// for the blocks and their starts; the report gives the total.
    var _allocatedByteEstimate: Int {
        let header = 32
        var bytes =
            2 * header
            + blocks.capacity * MemoryLayout<Block>.stride
            + header + localTabs.capacity * MemoryLayout<Int>.stride
            + header + groupTabs.capacity * MemoryLayout<Int>.stride
            + header + localWidths.capacity * MemoryLayout<Double>.stride
            + header + groupWidths.capacity * MemoryLayout<Double>.stride
            + header + groupTotals.capacity * MemoryLayout<Double>.stride
        for block in blocks {
            bytes +=
                2 * header
                + block.widths.capacity * MemoryLayout<Double>.stride
                + block.checkpoints.capacity * MemoryLayout<Double>.stride
        }
        return bytes
    }

    /// Whether both indices hold bit-identical storage: the same blocks,
    /// starts, totals, spacing, block and group size. Stronger than `==`; tests use it
    /// to show a throwing call changed nothing.
    func _hasIdenticalStorage(to other: TabWidths) -> Bool {
        blocks == other.blocks && localTabs == other.localTabs && groupTabs == other.groupTabs
            && localWidths.map(\.bitPattern) == other.localWidths.map(\.bitPattern)
            && groupWidths.map(\.bitPattern) == other.groupWidths.map(\.bitPattern)
            && groupTotals.map(\.bitPattern) == other.groupTotals.map(\.bitPattern)
            && widthSum.bitPattern == other.widthSum.bitPattern
            && tabCount == other.tabCount
            && spacing.bitPattern == other.spacing.bitPattern
            && blockSize == other.blockSize && groupShift == other.groupShift
    }
}

extension TabWidths: Equatable {
    /// Whether both indices hold the same widths in the same order and the
    /// same spacing, however their blocks are cut.
    /// - Complexity: O(n).
    @usableFromInline package static func == (lhs: TabWidths, rhs: TabWidths) -> Bool {
        guard lhs.tabCount == rhs.tabCount, lhs.spacing == rhs.spacing else { return false }
        var right = rhs.blocks.lazy.flatMap { $0.widths }.makeIterator()
        for block in lhs.blocks {
            for width in block.widths where width != right.next() {
                return false
            }
        }
        return true
    }
}

extension TabWidths.Block {
    /// The checkpoints and total of a block holding `widths`, computed
    /// straight from the definition (each group of eight summed in two
    /// lanes, even and odd widths; a partial last group left to right),
    /// without `recompute`'s vector loads: the reference the invariant check
    /// compares with.
    /// - Complexity: O(widths.count).
    static func referenceSums(of widths: [Double]) -> (checkpoints: [Double], total: Double) {
        var checkpoints: [Double] = []
        var running = 0.0
        var k = 0
        while k < widths.count {
            checkpoints.append(running)
            let end = Swift.min(widths.count, k + checkpointStride)
            if end - k == checkpointStride {
                let w = Array(widths[k..<end])
                running += ((w[0] + w[2]) + (w[4] + w[6])) + ((w[1] + w[3]) + (w[5] + w[7]))
            } else {
                for width in widths[k..<end] { running += width }
            }
            k = end
        }
        return (checkpoints, running)
    }
}
