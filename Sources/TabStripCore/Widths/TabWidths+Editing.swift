extension TabWidths {
    /// Sets the width of one tab (a title changed, a badge appeared).
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)`` (checked
    ///   first) or ``TabStripError/invalidWidth(index:value:)``; the index is
    ///   then unchanged.
    /// - Complexity: O(B + G + m / G) for blocks of B tabs, m blocks and
    ///   groups of G = 64 blocks: the block's sums after the tab, the later
    ///   block starts of its group and the later group starts are
    ///   recomputed. Allocates nothing.
    @usableFromInline package mutating func setWidth(_ width: Double, ofTab index: Int) throws(TabStripError) {
        defer { _checkAfterMutation() }
        try TabStripError.requireIndex(index, in: tabCount)
        guard width >= 0, width <= TabStripLimits.maximumLength else { throw .invalidWidth(index: index, value: width) }
        setWidthUnchecked(width, ofTab: index)
    }

    /// ``setWidth(_:ofTab:)`` once the caller has checked its input.
    /// - Complexity: O(B + G + m / G).
    mutating func setWidthUnchecked(_ width: Double, ofTab index: Int) {
        let start = block(holding: index)
        let j = index - start.tabsBefore
        blocks[start.block].widths[j] = width
        blocks[start.block].recompute(from: j)
        refreshStarts(fromBlock: start.block, tabDelta: 0)
    }

    /// Sets the widths of the tabs from `index` on to `newWidths`, in one
    /// pass: each block touched is recomputed once from its first changed
    /// tab, and the starts once per block touched (the lazy strip's batch
    /// of tabs measured in a frame).
    ///
    /// The caller has checked that `index..<(index + newWidths.count)`
    /// lies in the index and that every width is valid (checked again only
    /// in builds with `TABSTRIP_INTERNAL_CHECKS`).
    /// - Complexity: O(k + t(B + G + m / G)) for k widths over t blocks.
    ///   Allocates nothing.
    @usableFromInline package mutating func setWidths(_ newWidths: UnsafeBufferPointer<Double>, from index: Int) {
        defer { _checkAfterMutation() }
        guard !newWidths.isEmpty else { return }
        var written = 0
        var start = block(holding: index)
        while true {
            let j = index + written - start.tabsBefore
            let room = Swift.min(blocks[start.block].count - j, newWidths.count - written)
            blocks[start.block].widths.withUnsafeMutableBufferPointer { widths in
                _ = UnsafeMutableBufferPointer(rebasing: widths[j..<(j + room)])
                    .update(fromContentsOf: UnsafeBufferPointer(rebasing: newWidths[written..<(written + room)]))
            }
            blocks[start.block].recompute(from: j)
            refreshStarts(fromBlock: start.block, tabDelta: 0)
            written += room
            guard written < newWidths.count else { break }
            start = self.start(ofBlock: start.block + 1)
        }
    }

    /// Inserts tabs with the given widths so that the first of them gets
    /// index `index` (`0...count`).
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)`` (checked
    ///   first) or ``TabStripError/invalidWidth(index:value:)`` naming the
    ///   index the first invalid width would have had; the index is then
    ///   unchanged.
    /// - Complexity: O(B + k + G + m / G) for k new tabs: the block's sums
    ///   and starts as for a width change, and the first tab indices of the
    ///   later blocks of its group and of the later groups. A block splits
    ///   at most once per `B / 2` inserted tabs (then O(B + m): the starts
    ///   are rebuilt). Allocates only when a block grows its
    ///   storage (a build leaves room for B / 16 more tabs per block) or
    ///   splits.
    @inlinable
    package mutating func insertTabs<C: Collection>(widths newWidths: C, at index: Int) throws(TabStripError)
    where C.Element == Double {
        defer { _checkAfterMutation() }
        try insertContiguous(newWidths, at: index)
    }

    /// Validates `newWidths`, then inserts them at `index` (`0...count`);
    /// returns the error instead when one is invalid.
    @usableFromInline
    package mutating func insert(_ newWidths: UnsafeBufferPointer<Double>, at index: Int) -> TabStripError? {
        if let error = firstInvalidWidth(in: newWidths, firstIndex: index) { return error }
        insertUnchecked(newWidths, at: index, refreshing: true)
        return nil
    }

    /// Inserts `newWidths` (valid) at `index` (`0...count`); the starts of
    /// the later blocks are refreshed when `refreshing`, else left as they
    /// were (see ``edit(removing:setting:inserting:widths:)``).
    mutating func insertUnchecked(_ newWidths: UnsafeBufferPointer<Double>, at index: Int, refreshing: Bool) {
        let added = newWidths.count
        guard added > 0 else { return }
        guard tabCount > 0 else {
            replaceBlocks(0..<0, withTabs: ArraySlice(newWidths))
            return
        }
        // An index at the very end goes into the last block.
        let start = index == tabCount ? self.start(ofBlock: blocks.count - 1) : block(holding: index)
        let j = index - start.tabsBefore
        if blocks[start.block].count + added <= maximumBlockSize {
            blocks[start.block].insert(newWidths, at: j, capacityLimit: maximumBlockSize)
            if refreshing { refreshStarts(fromBlock: start.block, tabDelta: added) }
        } else {
            let old = blocks[start.block].widths
            var tabs = [Double]()
            tabs.reserveCapacity(old.count + added)
            tabs.append(contentsOf: old[..<j])
            tabs.append(contentsOf: newWidths)
            tabs.append(contentsOf: old[j...])
            replaceBlocks(start.block..<start.block + 1, withTabs: tabs[...])
        }
    }

    /// Removes the tabs in `range`.
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)`` naming the
    ///   first bound outside `0...count`; the index is then unchanged.
    /// - Complexity: O(B + G + m / G) when the range lies inside one block
    ///   that keeps at least `B / 2` tabs; otherwise O(B + m) plus the
    ///   number of removed blocks (the
    ///   neighbourhood is re-cut and the starts rebuilt), which happens at
    ///   most once per `B / 2` removed tabs.
    @usableFromInline package mutating func removeTabs(in range: Range<Int>) throws(TabStripError) {
        defer { _checkAfterMutation() }
        try TabStripError.requireInsertionIndex(range.lowerBound, in: tabCount)
        try TabStripError.requireInsertionIndex(range.upperBound, in: tabCount)
        removeUnchecked(range, refreshing: true)
    }

    /// Removes the tabs in `range` (within `0...count`); the starts of the
    /// later blocks are refreshed when `refreshing`, else left as they were
    /// (see ``edit(removing:setting:inserting:widths:)``).
    mutating func removeUnchecked(_ range: Range<Int>, refreshing: Bool) {
        guard !range.isEmpty else { return }
        let first = block(holding: range.lowerBound)
        let last = block(holding: range.upperBound - 1)
        let lowerInFirst = range.lowerBound - first.tabsBefore
        let upperInLast = range.upperBound - last.tabsBefore
        if first.block == last.block {
            let remaining = blocks[first.block].count - range.count
            if remaining >= minimumBlockSize || (blocks.count == 1 && remaining > 0) {
                blocks[first.block].remove(lowerInFirst..<upperInLast)
                if refreshing { refreshStarts(fromBlock: first.block, tabDelta: -range.count) }
                return
            }
        }
        // Keep what is left of the first and last blocks; if that is too
        // little to stand alone, take in a neighbour (which holds at least
        // B / 2 tabs), then re-cut.
        var lowerBlock = first.block
        var upperBlock = last.block + 1
        var kept = [Double]()
        kept.append(contentsOf: blocks[first.block].widths[..<lowerInFirst])
        kept.append(contentsOf: blocks[last.block].widths[upperInLast...])
        if kept.count < minimumBlockSize {
            if lowerBlock > 0 {
                lowerBlock -= 1
                kept.insert(contentsOf: blocks[lowerBlock].widths, at: 0)
            } else if upperBlock < blocks.count {
                kept.append(contentsOf: blocks[upperBlock].widths)
                upperBlock += 1
            }
        }
        replaceBlocks(lowerBlock..<upperBlock, withTabs: kept[...])
    }

    /// Replaces every width, keeping the spacing.
    /// - Throws: ``TabStripError/invalidWidth(index:value:)`` for the first
    ///   invalid width; the index is then unchanged.
    /// - Complexity: O(n).
    @inlinable
    package mutating func replaceAllWidths<S: Sequence>(_ widths: S) throws(TabStripError) where S.Element == Double {
        defer { _checkAfterMutation() }
        try replaceAllContiguous(widths)
    }

    /// Gives every tab the width `width`, keeping the count and the
    /// spacing: the full blocks share one buffer until one is edited (a
    /// relayout of a strip whose tabs all have one width: estimates, an
    /// equal division).
    /// - Throws: ``TabStripError/invalidWidth(index:value:)`` (index 0)
    ///   for a negative, NaN or infinite width; nothing changes.
    /// - Complexity: O(n / B).
    package mutating func replaceAll(repeating width: Double) throws(TabStripError) {
        defer { _checkAfterMutation() }
        self = try TabWidths(repeating: width, count: count, spacing: spacing)
    }

    /// Replaces every width with `widths`, keeping the spacing and block size.
    @usableFromInline
    package mutating func replaceAll(widthArray widths: [Double]) throws(TabStripError) {
        self = try TabWidths(widths: widths, spacing: spacing, blockSize: blockSize, groupShift: groupShift)
    }

    /// Changes the spacing between tabs. No start depends on it, so every
    /// offset moves at once; only the two scales of the searches' first
    /// guesses (blocks and tabs per point) are recomputed, and the index
    /// takes a new revision (every cursor's memory of it is stale).
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` (name
    ///   `"spacing"`) unless finite and `>= 0`.
    /// - Complexity: O(1).
    @usableFromInline package mutating func setSpacing(_ spacing: Double) throws(TabStripError) {
        defer { _checkAfterMutation() }
        try TabStripError.requireLength(spacing, "spacing")
        self.spacing = spacing
        finishChange()
    }

    /// Replaces the blocks in `range` with `tabs` cut into fresh blocks, then
    /// rebuilds the block starts.
    /// - Complexity: O(k + m) for k tabs and m blocks.
    mutating func replaceBlocks(_ range: Range<Int>, withTabs tabs: ArraySlice<Double>) {
        blocks.replaceSubrange(range, with: Self.cutIntoBlocks(tabs, blockSize: blockSize))
        rebuildStarts()
    }
}

extension TabWidths {
    /// Edits the index as a list apply does, as one edit: removes the tabs
    /// of `departures` (ascending, apart), then gives the tabs of `stays`
    /// their widths (ranks after the removals, ascending, apart) and
    /// inserts `arriving` (one width per arriving tab, in order) at the
    /// ranges of `arrivals` (indices after the edit, ascending, apart).
    ///
    /// Few edits are made one by one, each refreshing the block starts
    /// after it (O(G + m / G)). Many are made in one pass over the blocks
    /// (see ``editBlockByBlock(removing:setting:inserting:widths:)``), with
    /// the starts rebuilt once at the end (O(m)).
    ///
    /// The caller has checked every range and width (checked again only in
    /// builds with `TABSTRIP_INTERNAL_CHECKS`).
    /// - Complexity: O(min(k (B + G + m / G), k + c B + m)) for k edits over
    ///   c blocks, blocks of B tabs, m blocks and groups of G; a block that
    ///   splits or runs short adds O(B + m).
    mutating func edit(
        removing departures: [Range<Int>], setting stays: [(rank: Int, width: Double)],
        inserting arrivals: [Range<Int>], widths arriving: [Double]
    ) {
        defer { _checkAfterMutation() }
        let edits = departures.count + stays.count + arrivals.count
        // Refreshing after each edit costs about G + m / G; a rebuild m.
        guard edits * (groupSize + groupCount) <= 2 * blocks.count else {
            editBlockByBlock(removing: departures, setting: stays, inserting: arrivals, widths: arriving)
            return
        }
        for range in departures.reversed() { removeUnchecked(range, refreshing: true) }
        // The stays and arrivals from the last, in the indices after the
        // removals: an arrival at `at` lands before the tab then at `at`,
        // so a stay at the same rank is set first.
        var before = arriving.count
        var s = stays.count - 1
        var a = arrivals.count - 1
        while s >= 0 || a >= 0 {
            let at = a >= 0 ? arrivals[a].lowerBound - (before - arrivals[a].count) : -1
            if s >= 0, stays[s].rank >= at {
                setWidthUnchecked(stays[s].width, ofTab: stays[s].rank)
                s -= 1
            } else {
                before -= arrivals[a].count
                arriving[before..<(before + arrivals[a].count)].withUnsafeBufferPointer { widths in
                    insertUnchecked(widths, at: at, refreshing: true)
                }
                a -= 1
            }
        }
    }

    /// ``edit(removing:setting:inserting:widths:)`` in one pass over the
    /// blocks: a block that loses, gains or changes a tab is written once
    /// (its kept stretches, the new widths of its stays and the arrivals
    /// that land after its tabs, a copy per stretch, then into its own
    /// storage when they fit one block) and its checkpoints added up once;
    /// every other block stays as it is. What a block
    /// leaves too short for a block of its own joins the next. The starts
    /// are rebuilt once, at the end.
    /// - Complexity: O(k + c B + m) for k edits over c blocks.
    mutating func editBlockByBlock(
        removing departures: [Range<Int>], setting stays: [(rank: Int, width: Double)],
        inserting arrivals: [Range<Int>], widths arriving: [Double]
    ) {
        var result: [Block] = []
        result.reserveCapacity(blocks.count + 1)
        var walk = TabEditCursor(departures: departures, arrivals: arrivals)
        var s = 0
        // The widths of the block being written, and of any short one
        // before it.
        var pending: [Double] = []
        func land() {
            while let range = walk.landing() {
                pending.append(contentsOf: arriving[(walk.arrived - range.count)..<walk.arrived])
            }
        }
        land()
        var start = 0
        for b in blocks.indices {
            let end = start + blocks[b].count
            defer { start = end }
            let sets = s < stays.count && stays[s].rank < walk.kept + blocks[b].count
            guard walk.touches(from: start, count: blocks[b].count) || sets || !pending.isEmpty else {
                result.append(blocks[b])
                walk.keep(blocks[b].count)
                continue
            }
            var i = start
            while i < end {
                let (stop, isKept) = walk.stretch(from: i, upTo: end)
                if isKept {
                    pending.append(contentsOf: blocks[b].widths[(i - start)..<(stop - start)])
                    // The stays among the tabs just kept: the last ones written.
                    while s < stays.count, stays[s].rank < walk.kept {
                        pending[pending.count - (walk.kept - stays[s].rank)] = stays[s].width
                        s += 1
                    }
                    land()
                }
                i = stop
            }
            if pending.count >= minimumBlockSize {
                if pending.count <= blockSize {
                    // One block: written into this block's own storage.
                    blocks[b].replaceWidths(with: pending)
                    result.append(blocks[b])
                } else {
                    result.append(contentsOf: Self.cutIntoBlocks(pending[...], blockSize: blockSize))
                }
                pending.removeAll(keepingCapacity: true)
            }
        }
        land()
        precondition(
            walk.isFinished && s == stays.count, "an edit out of range for \(tabCount) tabs, \(walk.kept) kept")
        if !pending.isEmpty {
            // Too short to stand alone: it joins the last block.
            if let last = result.popLast() { pending.insert(contentsOf: last.widths, at: 0) }
            result.append(contentsOf: Self.cutIntoBlocks(pending[...], blockSize: blockSize))
        }
        blocks = result
        rebuildStarts()
    }
}
