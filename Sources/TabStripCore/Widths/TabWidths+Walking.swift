// Finger search by walking: a scroll frame's visible range is a few tabs
// from the previous one, so each end is found by stepping from the
// previous end's tab, one width at a time, instead of searching.

extension TabWidths {
    /// The most tabs a walk steps before it hands over to the galloping
    /// search: a fling frame at 120 Hz moves a fraction of a tab to a few
    /// tabs; a longer move costs the gallop's O(log d) instead.
    @inline(__always) static var walkLimit: Int { 8 }

    /// The tabs overlapping `[start, end)`, found by walking from the ends
    /// of `hint`; exactly what ``overlapping(_:_:hint:_:)`` gives, which
    /// answers instead when a walk would leave its block or take more than
    /// ``walkLimit`` steps.
    /// - Complexity: O(1) when each end lies within ``walkLimit`` tabs of
    ///   the hint's and in the same block; otherwise O(log d) for an answer
    ///   d tabs away.
    @inline(__always)
    func overlapping<S: SearchSpacing>(_ start: Double, _ end: Double, near hint: Range<Int>, _: S.Type) -> Range<Int> {
        guard tabCount > 0, 0 < end else { return 0..<0 }
        let last = tabCount - 1
        var lower = 0
        if 0 <= start {
            let from = Swift.min(Swift.max(hint.lowerBound, 0), last)
            guard let found = walk(from: from, toLastStartingBefore: start, AtOrBefore.self, S.self) else {
                return overlapping(start, end, hint: hint.lowerBound, S.self)
            }
            lower = found.leadingOffset + found.width > start ? found.index : found.index + 1
        }
        let from = Swift.min(Swift.max(hint.upperBound - 1, 0), last)
        guard let found = walk(from: from, toLastStartingBefore: end, StrictlyBefore.self, S.self) else {
            return overlapping(start, end, hint: hint.lowerBound, S.self)
        }
        let upper = found.index + 1
        return lower < upper ? lower..<upper : upper..<upper
    }

    /// The last tab whose leading offset is at or before `x` (before `x`
    /// for ``StrictlyBefore``), found by stepping from tab `tab` (`0..<count`)
    /// within its block; `nil` when the answer is outside the block or more
    /// than ``walkLimit`` steps away. The caller checked that tab 0
    /// qualifies. Offsets are the ones ``leadingOffset(ofTab:)`` computes:
    /// a step forward adds the next width to the running local sum, or reads
    /// the checkpoint when it lands on one; a step back restarts from the
    /// checkpoint at or before the tab.
    /// - Complexity: O(1): at most ``walkLimit`` steps of at most eight
    ///   additions.
    @inline(__always)
    func walk<B: SearchBound, S: SearchSpacing>(
        from tab: Int, toLastStartingBefore x: Double, _: B.Type, _: S.Type
    ) -> TabPosition? {
        let b = block(holding: tab, guessing: ())
        let m = blocks.count
        let spacing = self.spacing
        return withBlockStarts { starts in
            let widthBefore = starts.widthBefore(b)
            let first = starts.firstTab(b)
            return blocks[b].widths.withUnsafeBufferPointer { widths in
                blocks[b].checkpoints.withUnsafeBufferPointer { checkpoints in
                    @inline(__always) func before(_ local: Double, _ j: Int) -> Bool {
                        B.before(S.offset(widthBefore + local, first &+ j, spacing), x)
                    }
                    @inline(__always) func localOffset(_ j: Int) -> Double {
                        var sum = checkpoints[j &>> Block.checkpointShift]
                        var k = j & ~(Block.checkpointStride - 1)
                        while k < j {
                            sum += widths[k]
                            k &+= 1
                        }
                        return sum
                    }
                    let count = widths.count
                    var j = tab &- first
                    var local = localOffset(j)
                    if before(local, j) {
                        // Forward while the next tab qualifies too.
                        var steps = 0
                        while true {
                            if j &+ 1 == count {
                                // The block's last tab: the answer unless the
                                // next block's first tab qualifies.
                                let c = b &+ 1
                                if c < m, B.before(S.offset(starts.widthBefore(c), starts.firstTab(c), spacing), x) {
                                    return nil
                                }
                                break
                            }
                            // A step onto a checkpoint reads it: checkpoints
                            // sum their group in lanes.
                            let onCheckpoint = (j &+ 1) & (Block.checkpointStride - 1) == 0
                            let next =
                                onCheckpoint ? checkpoints[(j &+ 1) &>> Block.checkpointShift] : local + widths[j]
                            guard before(next, j &+ 1) else { break }
                            j &+= 1
                            local = next
                            steps &+= 1
                            if steps == Self.walkLimit { return nil }
                        }
                    } else {
                        // Back until a tab qualifies.
                        var steps = 0
                        repeat {
                            if j == 0 || steps == Self.walkLimit { return nil }
                            j &-= 1
                            steps &+= 1
                            local = localOffset(j)
                        } while !before(local, j)
                    }
                    return (first &+ j, S.offset(widthBefore + local, first &+ j, spacing), widths[j])
                }
            }
        }
    }
}
