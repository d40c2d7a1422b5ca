extension TabWidths {
    /// The width of tab `index`.
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)`` unless
    ///   `0 <= index < count`.
    /// - Complexity: O(log n).
    @usableFromInline package func width(ofTab index: Int) throws(TabStripError) -> Double {
        try TabStripError.requireIndex(index, in: tabCount)
        return width(unchecked: index)
    }

    /// ``width(ofTab:)`` for an `index` the caller knows is in `0..<count`
    /// (checked only in builds with `TABSTRIP_INTERNAL_CHECKS`).
    /// - Complexity: O(log n).
    @inline(__always)
    func width(unchecked index: Int) -> Double {
        _checkTab(index)
        let start = block(holding: index)
        return blocks[start.block].widths[index - start.tabsBefore]
    }

    /// The leading offset of tab `index`: the widths of all tabs before it
    /// plus `index * spacing`. `index == count` gives where a new last tab
    /// would start (0 when empty).
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)`` unless
    ///   `0 <= index <= count`.
    /// - Complexity: O(log n).
    @usableFromInline package func leadingOffset(ofTab index: Int) throws(TabStripError) -> Double {
        try TabStripError.requireInsertionIndex(index, in: tabCount)
        return leadingOffset(unchecked: index)
    }

    /// ``leadingOffset(ofTab:)`` for an `index` the caller knows is in
    /// `0...count` (checked only in builds with `TABSTRIP_INTERNAL_CHECKS`).
    /// - Complexity: O(log n).
    @inline(__always)
    func leadingOffset(unchecked index: Int) -> Double {
        _checkBoundary(index)
        if index == tabCount {
            return widthSum + Double(tabCount) * spacing
        }
        let start = block(holding: index)
        let local = blocks[start.block].localOffset(of: index - start.tabsBefore)
        return (start.widthBefore + local) + Double(index) * spacing
    }

    /// The leading offset and width of tab `index` (`0..<count`) from one
    /// block lookup: exactly ``leadingOffset(ofTab:)`` and
    /// ``width(ofTab:)``, as a frame needs both.
    /// - Complexity: O(log n); O(1) on a freshly built index.
    func position(ofTab index: Int) -> (leadingOffset: Double, width: Double) {
        let start = block(holding: index)
        let j = index - start.tabsBefore
        let local = blocks[start.block].localOffset(of: j)
        return ((start.widthBefore + local) + Double(index) * spacing, blocks[start.block].widths[j])
    }

    /// The tab whose interval `[leadingOffset, leadingOffset + width)`
    /// contains `offset`, or `nil` when `offset` lies in a gap, before 0 or
    /// at or after ``totalWidth``. Zero-width tabs contain no offset.
    /// - Throws: ``TabStripError/invalidOffset(_:)`` for a NaN offset
    ///   (infinite offsets give `nil`).
    /// - Complexity: O(log n).
    @usableFromInline package func tab(atOffset offset: Double) throws(TabStripError) -> Int? {
        guard !offset.isNaN else { throw .invalidOffset(offset) }
        guard let found = lastTab(startingBefore: offset, strict: false) else { return nil }
        return offset < found.leadingOffset + found.width ? found.index : nil
    }

    /// The indices of the tabs overlapping the half-open span
    /// `[start, start + length)`: every tab `i` with
    /// `leadingOffset(ofTab: i) < start + length` and
    /// `leadingOffset(ofTab: i) + width(ofTab: i) > start`. When none does, the
    /// result is empty and its bounds lie within `0...count`.
    /// - Throws: ``TabStripError/invalidOffset(_:)`` when `start` is NaN or
    ///   infinite; ``TabStripError/invalidValue(name:value:)`` (name
    ///   `"length"`) when `length` is negative, NaN or infinite.
    /// - Complexity: O(log n) in the worst case; O(1) expected when widths
    ///   vary independently from tab to tab. Each search gallops from where a
    ///   uniform cut of the row puts `start` (blocks and tabs per point):
    ///   over the block starts, then over one block's checkpoints, then at
    ///   most seven widths. The span's end usually lies in the same block
    ///   and is found there, from the start's tab.
    @usableFromInline package func tabs(overlapping start: Double, length: Double) throws(TabStripError) -> Range<Int> {
        guard start.isFinite else { throw .invalidOffset(start) }
        try TabStripError.requireNonNegative(length, "length")
        return spacing == 0
            ? overlapping(start, start + length, hint: nil, Unspaced.self, PlainRange.self).range
            : overlapping(start, start + length, hint: nil, Spaced.self, PlainRange.self).range
    }

    /// The tabs overlapping `[start, start + length)`, exactly as
    /// ``tabs(overlapping:length:)`` gives them, found by searching outwards
    /// from `hint` (finger search): pass the range the previous query
    /// returned, as a scroll view's successive frames do.
    ///
    /// Any hint gives the exact answer; a good one makes it cheap. A hint
    /// that is stale (the tabs were edited since), empty or far away only
    /// costs the distance to the answer. Bounds outside `0...count` are
    /// clamped.
    /// - Throws: as ``tabs(overlapping:length:)``.
    /// - Complexity: O(1) for a frame of a fling, which moves a few tabs:
    ///   each end is found by stepping from the hint's, one width at a time
    ///   (at most 8 steps, within one block); O(log d) when the answer lies
    ///   d tabs from the hint (a gallop outwards); never more than O(log n).
    @usableFromInline
    package func tabs(overlapping start: Double, length: Double, near hint: Range<Int>) throws(TabStripError) -> Range<
        Int
    > {
        guard start.isFinite else { throw .invalidOffset(start) }
        try TabStripError.requireNonNegative(length, "length")
        return spacing == 0
            ? overlapping(start, start + length, near: hint, Unspaced.self, PlainRange.self).range
            : overlapping(start, start + length, near: hint, Spaced.self, PlainRange.self).range
    }

    /// The tabs overlapping `[start, end)` for bounds the caller has
    /// validated (`start` finite, `end` finite and `>= start`), as
    /// ``tabs(overlapping:length:near:)`` (with a hint) or
    /// ``tabs(overlapping:length:)`` give them: the geometry's per-frame
    /// path, which checks its own inputs once.
    /// - Complexity: as the public queries.
    @inline(__always)
    func validatedTabs(overlapping start: Double, end: Double, near hint: Range<Int>?) -> Range<Int> {
        if let hint {
            return spacing == 0
                ? overlapping(start, end, near: hint, Unspaced.self, PlainRange.self).range
                : overlapping(start, end, near: hint, Spaced.self, PlainRange.self).range
        }
        return spacing == 0
            ? overlapping(start, end, hint: nil, Unspaced.self, PlainRange.self).range
            : overlapping(start, end, hint: nil, Spaced.self, PlainRange.self).range
    }

    /// ``validatedTabs(overlapping:end:near:)`` with the spans over which
    /// the answer holds (for ``TabStripGeometry``'s exactness check).
    /// - Complexity: as the public queries.
    @inline(__always)
    func edgedTabs(overlapping start: Double, end: Double, near hint: Range<Int>?) -> EdgedRange {
        if let hint {
            return spacing == 0
                ? overlapping(start, end, near: hint, Unspaced.self, EdgedRange.self)
                : overlapping(start, end, near: hint, Spaced.self, EdgedRange.self)
        }
        return spacing == 0
            ? overlapping(start, end, hint: nil, Unspaced.self, EdgedRange.self)
            : overlapping(start, end, hint: nil, Spaced.self, EdgedRange.self)
    }

    /// The overlap query behind every entry point; ``Unspaced`` only when
    /// the spacing is 0 (offsets then skip the multiply, with the same
    /// results); `hint` is a tab index to search outwards from. Answers as
    /// an `A`: the range alone (``PlainRange``), or with what a cursor
    /// keeps (``FoundRange``).
    func overlapping<S: SearchSpacing, A: RangeAnswer>(
        _ start: Double, _ end: Double, hint: Int?, _: S.Type, _: A.Type
    ) -> A {
        guard tabCount > 0 else { return .nothing(endingBy: .infinity) }
        guard 0 < end else { return .nothing(endingBy: 0) }
        // The hint's block and checkpoint group, when there is a hint.
        var guessBlock: Int? = nil
        var guessGroup = -1
        if let hint {
            let tab = Swift.min(Swift.max(hint, 0), tabCount - 1)
            let b = block(holding: tab, guessing: ())
            // A hint more than a block from where a uniform cut puts
            // `start` (a jump) is dropped: the search then starts from that
            // guess, which is the answer or next to it, instead of
            // galloping across the distance.
            let scaled = Swift.max(0, start) * blocksPerPoint
            if abs(scaled - Double(b)) < 2 {
                guessBlock = b
                guessGroup = (tab - tabsBefore(block: b)) >> Block.checkpointShift
            }
        }
        // The first tab ending after `start`: the last tab starting at or
        // before `start` if it reaches past `start`, else the next one.
        var lower = 0
        var first: TabPosition? = nil
        var upperBlock: (start: BlockStart, nextStart: Double)?
        var upperGroup = -1
        if 0 <= start {
            let (startBlock, nextStart) = block(startingBefore: start, guess: guessBlock, AtOrBefore.self, S.self)
            let group = startBlock.block == guessBlock ? guessGroup : -1
            let found = lastTab(
                in: startBlock, startingBefore: start, fromGroup: group, blockEnd: nextStart, AtOrBefore.self, S.self)
            lower = found.leadingOffset + found.width > start ? found.index : found.index + 1
            first = found
            // Most spans end in the block they start in: search on from
            // where a uniform cut puts `end`, counted from the start's tab
            // (the search clamps the group).
            if found.leadingOffset < end, !(nextStart < end) {
                upperBlock = (startBlock, nextStart)
                let ahead = indexGuess((end - found.leadingOffset) * tabsPerPoint, atMost: maximumBlockSize)
                upperGroup = (found.index - startBlock.tabsBefore + ahead) >> Block.checkpointShift
            } else if guessBlock != nil {
                guessBlock = startBlock.block
            }
        }
        // The last tab starting before `end`.
        let endBlock = upperBlock ?? block(startingBefore: end, guess: guessBlock, StrictlyBefore.self, S.self)
        let last = lastTab(
            in: endBlock.start, startingBefore: end,
            fromGroup: upperGroup >= 0 || guessBlock != nil ? Swift.max(upperGroup, 0) : -1,
            blockEnd: endBlock.nextStart, StrictlyBefore.self, S.self)
        return A(lower: lower, first: first, last: last)
    }

    /// Calls `body` with the index, leading offset and width of every tab in
    /// `range`, in order, with the same offsets ``leadingOffset(ofTab:)`` gives.
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)`` naming the
    ///   first bound outside `0...count`; `body` is then not called.
    /// - Complexity: O(log n + k) for k tabs in `range`.
    @usableFromInline package func forEachTab(
        in range: Range<Int>,
        _ body: (_ index: Int, _ leadingOffset: Double, _ width: Double) -> Void
    ) throws(TabStripError) {
        try TabStripError.requireInsertionIndex(range.lowerBound, in: tabCount)
        try TabStripError.requireInsertionIndex(range.upperBound, in: tabCount)
        forEachTab(unchecked: range, body)
    }

    /// ``forEachTab(in:_:)`` for a `range` the caller knows lies in
    /// `0...count` (checked only in builds with `TABSTRIP_INTERNAL_CHECKS`).
    /// - Complexity: O(log n + k) for k tabs in `range`.
    @inline(__always)
    func forEachTab(
        unchecked range: Range<Int>,
        _ body: (_ index: Int, _ leadingOffset: Double, _ width: Double) -> Void
    ) {
        _checkBoundary(range.lowerBound)
        _checkBoundary(range.upperBound)
        guard !range.isEmpty else { return }
        let spacing = self.spacing
        var start = block(holding: range.lowerBound)
        var index = range.lowerBound
        var local = blocks[start.block].localOffset(of: index - start.tabsBefore)
        while true {
            let widths = blocks[start.block].widths
            let checkpoints = blocks[start.block].checkpoints
            let first = start.tabsBefore
            let stop = Swift.min(range.upperBound, first + widths.count)
            while index < stop {
                let j = index - first
                // Checkpoints sum their group in lanes: read, not added.
                if j & (Block.checkpointStride - 1) == 0 { local = checkpoints[j >> Block.checkpointShift] }
                let width = widths[j]
                body(index, (start.widthBefore + local) + Double(index) * spacing, width)
                local += width
                index += 1
            }
            guard index < range.upperBound else { return }
            start = self.start(ofBlock: start.block + 1)
            local = 0
        }
    }

    /// Appends the widths of the tabs of `range` (within `0...count`, checked
    /// only in builds with `TABSTRIP_INTERNAL_CHECKS`) to `result`, one
    /// block's run at a time.
    /// - Complexity: O(log n + k) for k tabs.
    func appendWidths(of range: Range<Int>, to result: inout [Double]) {
        forEachWidthRun(in: range) { result.append(contentsOf: $0) }
    }

    /// Calls `body` with the widths of the tabs of `range` (within
    /// `0...count`, checked only in builds with `TABSTRIP_INTERNAL_CHECKS`),
    /// in order, one block's run at a time.
    /// - Complexity: O(log n + k) for k tabs, plus the calls.
    @inline(__always)
    func forEachWidthRun(in range: Range<Int>, _ body: (ArraySlice<Double>) -> Void) {
        _checkBoundary(range.lowerBound)
        _checkBoundary(range.upperBound)
        guard !range.isEmpty else { return }
        var start = block(holding: range.lowerBound)
        var index = range.lowerBound
        while true {
            let widths = blocks[start.block].widths
            let stop = Swift.min(range.upperBound - start.tabsBefore, widths.count)
            body(widths[(index - start.tabsBefore)..<stop])
            index = start.tabsBefore + stop
            guard index < range.upperBound else { return }
            start = self.start(ofBlock: start.block + 1)
        }
    }

    /// The last tab whose leading offset is at or before `x` (before `x`
    /// when `strict`), with its leading offset and width; `nil` when no tab
    /// starts there. Offsets are computed exactly as ``leadingOffset(ofTab:)``
    /// computes them.
    /// - Complexity: O(log n).
    @inline(__always)
    func lastTab(startingBefore x: Double, strict: Bool) -> TabPosition? {
        // Tab 0 starts at 0.
        guard tabCount > 0, strict ? 0 < x : 0 <= x else { return nil }
        switch (strict, spacing != 0) {
        case (false, false): return lastTab(startingBefore: x, AtOrBefore.self, Unspaced.self)
        case (false, true): return lastTab(startingBefore: x, AtOrBefore.self, Spaced.self)
        case (true, false): return lastTab(startingBefore: x, StrictlyBefore.self, Unspaced.self)
        case (true, true): return lastTab(startingBefore: x, StrictlyBefore.self, Spaced.self)
        }
    }

    /// ``lastTab(startingBefore:strict:)`` for one comparison and spacing
    /// mode; the caller checked that tab 0 qualifies.
    func lastTab<B: SearchBound, S: SearchSpacing>(startingBefore x: Double, _: B.Type, _: S.Type) -> TabPosition {
        let (start, nextStart) = block(startingBefore: x, guess: nil, B.self, S.self)
        return lastTab(in: start, startingBefore: x, fromGroup: -1, blockEnd: nextStart, B.self, S.self)
    }

    /// A tab found by a search or a walk: its leading offset and width, the
    /// leading offset of the tab after it (infinity after the last tab),
    /// each computed as ``leadingOffset(ofTab:)`` computes it, and where it
    /// lies in the blocks (where a walk can start from).
    struct TabPosition {
        var leadingOffset: Double
        var width: Double
        var nextLeadingOffset: Double
        var place: TabPlace

        /// The tab's index.
        @inline(__always) var index: Int { place.tab }

        @inline(__always)
        init(leadingOffset: Double, width: Double, nextLeadingOffset: Double, place: TabPlace) {
            self.leadingOffset = leadingOffset
            self.width = width
            self.nextLeadingOffset = nextLeadingOffset
            self.place = place
        }
    }

    /// The last tab of the block at `start` whose leading offset is at or
    /// before `x` (before `x` when `strict`); the block's first tab must be.
    /// The checkpoints are searched by galloping from checkpoint `fromGroup`
    /// when it is `>= 0`, otherwise from the one a uniform cut would put `x`
    /// at (``tabsPerPoint`` tabs per point from the block's start).
    /// `blockEnd` is the leading offset of the next block's first tab
    /// (infinity for the last block): the next leading offset of the
    /// block's last tab.
    /// - Complexity: O(log B): a search over the checkpoints (O(log d) from
    ///   a group d checkpoints off: O(1) when widths vary independently from
    ///   tab to tab), then at most seven widths.
    @inline(__always)
    func lastTab<B: SearchBound, S: SearchSpacing>(
        in start: BlockStart, startingBefore x: Double, fromGroup: Int, blockEnd: Double, _: B.Type, _: S.Type
    ) -> TabPosition {
        let spacing = self.spacing
        let widthBefore = start.widthBefore
        let first = start.tabsBefore
        let shift = Block.checkpointShift
        return blocks[start.block].widths.withUnsafeBufferPointer { widths in
            blocks[start.block].checkpoints.withUnsafeBufferPointer { checkpoints in
                @inline(__always) func before(_ local: Double, _ j: Int) -> Bool {
                    B.before(S.offset(widthBefore + local, first + j, spacing), x)
                }
                // The last checkpoint before `x` (checkpoint 0, the block's
                // start, is).
                let guess: Int
                if fromGroup >= 0 {
                    guess = fromGroup
                } else {
                    // `x` is at or after the block's start; the search clamps
                    // a guess past the last checkpoint.
                    let tabs = (x - S.offset(widthBefore, first, spacing)) * tabsPerPoint
                    guess = indexGuess(tabs, atMost: widths.count) &>> shift
                }
                let low = lastAccepted(low: 0, high: checkpoints.count, from: guess) {
                    before(checkpoints[$0], $0 << shift)
                }
                // Then at most seven more tabs, added left to right.
                var j = low << shift
                var local = checkpoints[low]
                let groupEnd = Swift.min(widths.count, j + Block.checkpointStride)
                if groupEnd == j + Block.checkpointStride {
                    // A whole group: the seven sums, each compared, without
                    // a branch (where the walk stops is unpredictable, and
                    // a mispredicted exit costs more than the sums). The
                    // tabs' offsets never decrease, so the sums that are
                    // before `x` come first: their count is the step, the
                    // last of them the local offset.
                    (j, local) = Self.lastBefore(
                        j: j, local: local, widths: widths.baseAddress.unsafelyUnwrapped + j, before)
                } else {
                    while j + 1 < groupEnd {
                        let next = local + widths[j]
                        guard before(next, j + 1) else { break }
                        local = next
                        j += 1
                    }
                }
                // The next tab's leading offset, for a cursor (the plain
                // queries never read it, and the optimizer drops it): the
                // next width added, the next checkpoint, or the next block.
                let nextOffset =
                    j + 1 < groupEnd
                    ? S.offset(widthBefore + (local + widths[j]), first + j + 1, spacing)
                    : groupEnd == widths.count
                        ? blockEnd : S.offset(widthBefore + checkpoints[low + 1], first + groupEnd, spacing)
                return TabPosition(
                    leadingOffset: S.offset(widthBefore + local, first + j, spacing), width: widths[j],
                    nextLeadingOffset: nextOffset,
                    place: TabPlace(
                        tab: first + j, block: start.block, firstTab: first, widthBefore: widthBefore, local: local))
            }
        }
    }
}

extension TabWidths {
    /// Where the walk over a whole group of eight tabs stops: from tab `j`
    /// (a checkpoint, local offset `local`), the last of the next seven
    /// tabs whose leading offset is `before` the target, and its local
    /// offset; `widths` points at tab `j`'s width. The same sums as a walk
    /// that adds one width at a time, computed without a branch: the steps
    /// count the sums that qualify (they come first, as offsets never
    /// decrease), and the offset is selected through its bit pattern (an
    /// integer conditional move).
    /// - Complexity: O(1): seven additions and comparisons.
    @inline(__always)
    static func lastBefore(
        j: Int, local: Double, widths: UnsafePointer<Double>, _ before: (Double, Int) -> Bool
    ) -> (Int, Double) {
        var sum = local
        var steps = 0
        var found = local.bitPattern
        @inline(__always) func step(_ k: Int) {
            sum += widths[k]
            let accepted = before(sum, j &+ k &+ 1)
            steps &+= accepted ? 1 : 0
            found = accepted ? sum.bitPattern : found
        }
        step(0)
        step(1)
        step(2)
        step(3)
        step(4)
        step(5)
        step(6)
        return (j &+ steps, Double(bitPattern: found))
    }
}
