// Finger search by walking: a scroll frame's visible range is a few tabs
// from the previous one, so each end is found by stepping from the
// previous end's tab, one width at a time, instead of searching.

extension TabWidths {
    /// The most tabs a walk steps before it hands over to the galloping
    /// search: a fling frame at 120 Hz moves a fraction of a tab to a few
    /// tabs; a longer move costs the gallop's O(log d) instead.
    @inline(__always) static var walkLimit: Int { 8 }

    /// The tabs overlapping `[start, end)`, found by walking from the ends
    /// of `hint`; exactly what ``overlapping(_:_:hint:_:_:)`` gives, which
    /// answers instead when a walk would leave its block or take more than
    /// ``walkLimit`` steps.
    /// - Complexity: O(1) when each end lies within ``walkLimit`` tabs of
    ///   the hint's and in the same block; otherwise O(log d) for an answer
    ///   d tabs away.
    @inline(__always)
    func overlapping<S: SearchSpacing, A: RangeAnswer>(
        _ start: Double, _ end: Double, near hint: Range<Int>, _: S.Type, _: A.Type
    ) -> A {
        guard tabCount > 0 else { return .nothing(endingBy: .infinity) }
        guard 0 < end else { return .nothing(endingBy: 0) }
        let lastTab = tabCount - 1
        var lower = 0
        var first: TabPosition? = nil
        if 0 <= start {
            let from = place(ofTab: Swift.min(Swift.max(hint.lowerBound, 0), lastTab))
            guard let found = walk(from: from, toLastStartingBefore: start, AtOrBefore.self, S.self) else {
                return overlapping(start, end, hint: hint.lowerBound, S.self, A.self)
            }
            lower = found.leadingOffset + found.width > start ? found.index : found.index + 1
            first = found
        }
        let from = place(ofTab: Swift.min(Swift.max(hint.upperBound - 1, 0), lastTab))
        guard let last = walk(from: from, toLastStartingBefore: end, StrictlyBefore.self, S.self) else {
            return overlapping(start, end, hint: hint.lowerBound, S.self, A.self)
        }
        return A(lower: lower, first: first, last: last)
    }

    /// Where tab `tab` (`0..<count`) lies: its block (found by galloping
    /// from where a uniform cut puts it), the block's starts, and its local
    /// offset, as ``leadingOffset(ofTab:)`` adds it up.
    /// - Complexity: O(1) expected (O(log d) for a guess d blocks off),
    ///   plus at most seven additions.
    @inline(__always)
    func place(ofTab tab: Int) -> TabPlace {
        let b = block(holding: tab, guessing: ())
        return withBlockStarts { starts in
            let first = starts.firstTab(b)
            let local = blocks[b].widths.withUnsafeBufferPointer { widths in
                blocks[b].checkpoints.withUnsafeBufferPointer { checkpoints in
                    Block.localOffset(of: tab &- first, widths: widths, checkpoints: checkpoints)
                }
            }
            return TabPlace(tab: tab, block: b, firstTab: first, widthBefore: starts.widthBefore(b), local: local)
        }
    }

    /// The last tab whose leading offset is at or before `x` (before `x`
    /// for ``StrictlyBefore``), found by stepping from the tab at `place`
    /// within its block; `nil` when the answer is outside the block or more
    /// than ``walkLimit`` steps away. The caller checked that tab 0
    /// qualifies. The answer comes with the next tab's leading offset (the
    /// first one that does not qualify) and its own place. Offsets are the
    /// ones ``leadingOffset(ofTab:)`` computes: a step forward adds the next
    /// width to the running local sum, or reads the checkpoint when it lands
    /// on one; a step back restarts from the checkpoint at or before the tab.
    /// - Complexity: O(1): at most ``walkLimit`` steps of at most eight
    ///   additions.
    @inline(__always)
    func walk<B: SearchBound, S: SearchSpacing>(
        from place: TabPlace, toLastStartingBefore x: Double, _: B.Type, _: S.Type
    ) -> TabPosition? {
        let b = place.block
        let spacing = self.spacing
        let widthBefore = place.widthBefore
        let first = place.firstTab
        return blocks[b].widths.withUnsafeBufferPointer { widths in
            blocks[b].checkpoints.withUnsafeBufferPointer { checkpoints in
                @inline(__always) func offset(_ local: Double, _ j: Int) -> Double {
                    S.offset(widthBefore + local, first &+ j, spacing)
                }
                let count = widths.count
                var j = place.tab &- first
                var local = place.local
                var nextOffset: Double
                if B.before(offset(local, j), x) {
                    // Forward while the next tab qualifies too.
                    var steps = 0
                    while true {
                        if j &+ 1 == count {
                            // The block's last tab: the answer unless the
                            // next block's first tab qualifies.
                            let c = b &+ 1
                            nextOffset =
                                c < blocks.count
                                ? S.offset(self.widthBefore(block: c), tabsBefore(block: c), spacing) : .infinity
                            if B.before(nextOffset, x) { return nil }
                            break
                        }
                        // A step onto a checkpoint reads it: checkpoints
                        // sum their group in lanes.
                        let onCheckpoint = (j &+ 1) & (Block.checkpointStride - 1) == 0
                        let next = onCheckpoint ? checkpoints[(j &+ 1) &>> Block.checkpointShift] : local + widths[j]
                        nextOffset = offset(next, j &+ 1)
                        guard B.before(nextOffset, x) else { break }
                        j &+= 1
                        local = next
                        steps &+= 1
                        if steps == Self.walkLimit { return nil }
                    }
                } else {
                    // Back until a tab qualifies.
                    var steps = 0
                    var current = offset(local, j)
                    repeat {
                        if j == 0 || steps == Self.walkLimit { return nil }
                        nextOffset = current
                        j &-= 1
                        steps &+= 1
                        local = Block.localOffset(of: j, widths: widths, checkpoints: checkpoints)
                        current = offset(local, j)
                    } while !B.before(current, x)
                }
                return TabPosition(
                    leadingOffset: offset(local, j), width: widths[j], nextLeadingOffset: nextOffset,
                    place: TabPlace(tab: first &+ j, block: b, firstTab: first, widthBefore: widthBefore, local: local))
            }
        }
    }
}
