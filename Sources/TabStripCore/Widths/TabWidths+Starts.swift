extension TabWidths {
    /// Where a block starts: its index, the widths of every tab before it
    /// (as ``widthBefore(block:)`` adds them up) and the number of tabs
    /// before it.
    struct BlockStart {
        var block: Int
        var widthBefore: Double
        var tabsBefore: Int
    }

    /// The number of blocks a group holds (the last group may hold fewer).
    @inline(__always) var groupSize: Int { 1 << groupShift }

    /// The number of groups over the blocks.
    @inline(__always) var groupCount: Int { (blocks.count + groupSize - 1) >> groupShift }

    /// The widths of every block before `block` (`0...m`): the start of its
    /// group plus its local start in the group. `block == m` gives the sum
    /// of all widths.
    @inline(__always)
    func widthBefore(block: Int) -> Double {
        block == blocks.count ? widthSum : groupWidths[block >> groupShift] + localWidths[block]
    }

    /// The index of block `block`'s first tab (`0...m`): its group's first
    /// tab plus its local count in the group. `block == m` gives the tab
    /// count.
    @inline(__always)
    func tabsBefore(block: Int) -> Int {
        block == blocks.count ? tabCount : groupTabs[block >> groupShift] + localTabs[block]
    }

    /// The start of block `block` (`0..<m`).
    /// - Complexity: O(1).
    @inline(__always)
    func start(ofBlock block: Int) -> BlockStart {
        BlockStart(
            block: block, widthBefore: widthBefore(block: block),
            tabsBefore: groupTabs[block >> groupShift] + localTabs[block])
    }

    /// The first tab of every block and the tab count (`0...m`), as one
    /// flat array: what the two levels of tab starts describe.
    /// - Complexity: O(m).
    var _blockFirstTabs: [Int] { (0...blocks.count).map { tabsBefore(block: $0) } }

    /// Rebuilds the block starts, group starts and totals from the blocks,
    /// in `O(m)`.
    ///
    /// Inside each group the blocks' totals are added left to right from 0
    /// (``localWidths``); the groups' totals are added left to right
    /// (``groupWidths``, from the group totals ``groupTotals``).
    /// ``refreshStarts(fromBlock:tabDelta:)`` adds the same numbers in the
    /// same order, so both give bit-identical sums. Tab
    /// counts are kept the same way, in ``localTabs`` and ``groupTabs``.
    mutating func rebuildStarts() {
        let m = blocks.count
        let shift = groupShift
        let groups = (m + (1 << shift) - 1) >> shift
        localTabs.removeAll(keepingCapacity: true)
        groupTabs.removeAll(keepingCapacity: true)
        localWidths.removeAll(keepingCapacity: true)
        groupWidths.removeAll(keepingCapacity: true)
        groupTotals.removeAll(keepingCapacity: true)
        groupTotals.reserveCapacity(groups)
        localTabs.reserveCapacity(m)
        groupTabs.reserveCapacity(groups + 1)
        localWidths.reserveCapacity(m)
        groupWidths.reserveCapacity(groups + 1)
        var groupFirstTab = 0
        var localTab = 0
        var groupStart = 0.0
        var local = 0.0
        groupTabs.append(0)
        groupWidths.append(0)
        for b in 0..<m {
            if b > 0, b & ((1 << shift) - 1) == 0 {
                groupFirstTab += localTab
                groupTabs.append(groupFirstTab)
                localTab = 0
                groupTotals.append(local)
                groupStart += local
                groupWidths.append(groupStart)
                local = 0
            }
            localTabs.append(localTab)
            localWidths.append(local)
            localTab += blocks[b].count
            local += blocks[b].total
        }
        if m > 0 {
            groupFirstTab += localTab
            groupTabs.append(groupFirstTab)
            groupTotals.append(local)
            groupStart += local
            groupWidths.append(groupStart)
        }
        widthSum = groupStart
        tabCount = groupFirstTab
        blocksPerTab = groupFirstTab == 0 ? 0 : (m << 32) / groupFirstTab
        finishChange()
    }

    /// The last step of every change (a build, an edit, a new spacing):
    /// sets ``blocksPerPoint`` and ``tabsPerPoint`` from the block count,
    /// the width sum, the tab count and the spacing, and takes a new
    /// ``revision``, so that no cursor trusts what it remembers of the
    /// index as it was.
    /// - Complexity: O(1).
    mutating func finishChange() {
        let total = totalWidth
        blocksPerPoint = total > 0 ? Double(blocks.count) / total : 0
        tabsPerPoint = total > 0 ? Double(tabCount) / total : 0
        revision = Self.newRevision()
    }

    /// Brings the starts up to date after block `block`'s widths changed and
    /// its tab count changed by `tabDelta` (no block added or removed): the
    /// first tabs of the later blocks in its group and of every later group
    /// move by `tabDelta` (integers, exact); the local starts after the
    /// block in its group and the starts of every later group are
    /// recomputed left to right from their inputs, never patched with a
    /// difference, so they equal a rebuild.
    /// - Complexity: O(G + m / G) for groups of G blocks.
    mutating func refreshStarts(fromBlock block: Int, tabDelta: Int) {
        let m = blocks.count
        let shift = groupShift
        let groups = groupCount
        let g = block >> shift
        let groupEnd = Swift.min(m, (g + 1) << shift)
        if tabDelta != 0 {
            localTabs.withUnsafeMutableBufferPointer { local in
                var k = block + 1
                while k < groupEnd {
                    local[k] &+= tabDelta
                    k += 1
                }
            }
            groupTabs.withUnsafeMutableBufferPointer { groupFirst in
                var h = g + 1
                while h <= groups {
                    groupFirst[h] &+= tabDelta
                    h += 1
                }
            }
        }
        blocks.withUnsafeBufferPointer { blocks in
            localWidths.withUnsafeMutableBufferPointer { local in
                groupWidths.withUnsafeMutableBufferPointer { groupStarts in
                    var running = local[block] + blocks[block].total
                    var k = block + 1
                    while k < groupEnd {
                        local[k] = running
                        running += blocks[k].total
                        k += 1
                    }
                    // The group's total is where the running sum ends: its
                    // last block's local start plus that block's total.
                    groupTotals.withUnsafeMutableBufferPointer { totals in
                        totals[g] = running
                        var groupStart = groupStarts[g] + running
                        groupStarts[g + 1] = groupStart
                        var h = g + 1
                        while h < groups {
                            groupStart += totals[h]
                            groupStarts[h + 1] = groupStart
                            h += 1
                        }
                    }
                    widthSum = groupStarts[groups]
                }
            }
        }
        if tabDelta != 0 {
            tabCount = groupTabs[groups]
            blocksPerTab = (m << 32) / tabCount
        }
        finishChange()
    }
}

// MARK: - Searches

/// The last position in `low..<high` where a monotone predicate (true, then
/// false) holds, assuming it holds at `low`: a binary search that halves
/// the range at each step.
///
/// LLVM compiles the step's select into a branch (x86's cmov conversion
/// acts on search loops), which is right for successive queries nearby (a
/// scroll: predicted) and costs a misprediction per step on random
/// targets. Writing the steps out keeps conditional moves, which trades
/// the fling trace's speed for random offsets' (a chain of dependent
/// steps), so the loop stays; `bench replay` measures both. What makes
/// random access faster is fewer steps: the searches without a hint
/// gallop from an interpolated guess (``TabWidths/blocksPerPoint``),
/// which is usually the answer.
/// - Complexity: O(log(high - low)).
@inline(__always)
func lastAccepted(low: Int, high: Int, _ accepted: (Int) -> Bool) -> Int {
    var base = low
    var remaining = high - low
    while remaining > 1 {
        let half = remaining >> 1
        let middle = base &+ half
        base = accepted(middle) ? middle : base
        remaining &-= half
    }
    return base
}

/// The same answer as ``lastAccepted(low:high:_:)``, found by galloping
/// outwards from `guess`: O(1) when the answer is `guess` or next to it,
/// O(log d) for an answer `d` positions away, never more than about twice
/// the plain binary search.
/// - Complexity: O(log d), d the distance from `guess` to the answer.
@inline(__always)
func lastAccepted(low: Int, high: Int, from guess: Int, _ accepted: (Int) -> Bool) -> Int {
    let p = Swift.min(Swift.max(guess, low), high - 1)
    if p == low || accepted(p) {
        // Forward: the answer is at p or after it.
        var good = p
        var step = 1
        while true {
            let probe = good + step
            if probe >= high { return lastAccepted(low: good, high: high, accepted) }
            if !accepted(probe) { return lastAccepted(low: good, high: probe, accepted) }
            good = probe
            step <<= 1
        }
    } else {
        // Backward: the answer is before p.
        var bad = p
        var step = 1
        while true {
            let probe = bad - step
            if probe <= low { return lastAccepted(low: low, high: bad, accepted) }
            if accepted(probe) { return lastAccepted(low: probe, high: bad, accepted) }
            bad = probe
            step <<= 1
        }
    }
}

/// About `value` truncated, as an index in `0...limit` (`limit < 2^51`):
/// 0 at or below 0 (and for NaN), `limit` at or above `limit`, and in
/// between the integer part of `value`, or one less when `value` is an odd
/// integer. Every guess a search computes in floating point goes through
/// here: it decides where a search starts, never its answer.
///
/// In between, `value - 0.5` (at least 0) plus 2^52 is a double whose unit
/// in the last place is 1, so the sum rounds it to the nearest integer
/// (ties to even), and its pattern's low bits hold that integer, with no
/// check that the value fits, which `Int(value)` makes on every search.
/// - Complexity: O(1).
@inline(__always)
func indexGuess(_ value: Double, atMost limit: Int) -> Int {
    guard value > 0 else { return 0 }
    guard value < Double(limit) else { return limit }
    let lowered = Swift.max(value - 0.5, 0)
    return Int(truncatingIfNeeded: (lowered + 0x1p52).bitPattern & 0x000F_FFFF_FFFF_FFFF)
}

/// How a search compares a leading offset with its target: at or before
/// (`<=`), or strictly before (`<`). Searches are generic over it so that
/// each comparison is specialised into its own loop.
protocol SearchBound {
    static func before(_ offset: Double, _ x: Double) -> Bool
}

/// `offset <= x`.
enum AtOrBefore: SearchBound {
    @inline(__always) static func before(_ offset: Double, _ x: Double) -> Bool { offset <= x }
}

/// `offset < x`.
enum StrictlyBefore: SearchBound {
    @inline(__always) static func before(_ offset: Double, _ x: Double) -> Bool { offset < x }
}

/// How a search turns a sum of widths and a tab index into a leading offset:
/// `width + Double(index) * spacing`, or just `width` when the spacing is 0
/// (the same number, without the multiply).
protocol SearchSpacing {
    static func offset(_ width: Double, _ index: Int, _ spacing: Double) -> Double
}

/// Spacing 0: the offset is the width sum.
enum Unspaced: SearchSpacing {
    @inline(__always) static func offset(_ width: Double, _ index: Int, _ spacing: Double) -> Double { width }
}

/// Any spacing: `width + Double(index) * spacing`.
enum Spaced: SearchSpacing {
    @inline(__always) static func offset(_ width: Double, _ index: Int, _ spacing: Double) -> Double {
        width + Double(index) * spacing
    }
}

extension TabWidths {
    /// The block holding tab `index` (`0..<count`), found by galloping from
    /// the block a uniform cut would put it in.
    /// - Complexity: O(log d) for a guess d blocks off: O(1) on a fresh
    ///   build, whose blocks are cut evenly; never more than about twice a
    ///   binary search over the blocks.
    @inline(__always)
    func block(holding index: Int) -> BlockStart {
        start(ofBlock: block(holding: index, guessing: ()))
    }

    /// The index of the block holding tab `index` (`0..<count`), galloping
    /// from the block a uniform cut would put it in.
    /// - Complexity: O(log d) for a guess d blocks off; O(1) on a fresh build.
    @inline(__always)
    func block(holding index: Int, guessing: Void) -> Int {
        let m = blocks.count
        let guess = Swift.min((index &* blocksPerTab) &>> 32, m - 1)
        return withBlockStarts { starts in
            // The common case, checked first: the guess holds the tab.
            if starts.firstTab(guess) <= index, guess + 1 == m || index < starts.firstTab(guess + 1) { return guess }
            return lastAccepted(low: 0, high: m, from: guess) { starts.firstTab($0) <= index }
        }
    }

    /// The last block whose first tab's leading offset is at or before `x`
    /// (before `x` for ``StrictlyBefore``), or block 0 when none is, and the
    /// leading offset of the block after it (infinity for the last block).
    ///
    /// A gallop from `guess`, or without one from the block a uniform cut
    /// would put `x` in (``blocksPerPoint``).
    /// - Complexity: O(log d) from a guess d blocks off, never more than
    ///   about twice a binary search: O(1) when widths vary independently
    ///   from tab to tab, O(log m) in the worst case.
    @inline(__always)
    func block<B: SearchBound, S: SearchSpacing>(
        startingBefore x: Double, guess: Int?, _: B.Type, _: S.Type
    ) -> (start: BlockStart, nextStart: Double) {
        let m = blocks.count
        let spacing = self.spacing
        return withBlockStarts { starts in
            // Without a hint, the block a uniform cut would put `x` in:
            // widths that vary independently from tab to tab leave it the
            // answer or next to it (a predicted branch or two), where a
            // bisection over 200 blocks takes 8 steps that random targets
            // mispredict half the time.
            let from = guess ?? indexGuess(x * blocksPerPoint, atMost: m &- 1)
            let b = lastAccepted(low: 0, high: m, from: from) { b in
                B.before(S.offset(starts.widthBefore(b), starts.firstTab(b), spacing), x)
            }
            // The found block's start and the next block's key, read from
            // the same buffers (no bounds checks).
            let start = BlockStart(block: b, widthBefore: starts.widthBefore(b), tabsBefore: starts.firstTab(b))
            let c = b + 1
            let nextStart = c < m ? S.offset(starts.widthBefore(c), starts.firstTab(c), spacing) : .infinity
            return (start, nextStart)
        }
    }
}

extension TabWidths {
    /// The four arrays of block starts (``groupWidths``, ``localWidths``,
    /// ``groupTabs``, ``localTabs``) as buffers the searches read without
    /// bounds checks, with block `b`'s two starts.
    struct BlockStarts {
        let groupWidths: UnsafeBufferPointer<Double>
        let localWidths: UnsafeBufferPointer<Double>
        let groupTabs: UnsafeBufferPointer<Int>
        let localTabs: UnsafeBufferPointer<Int>
        /// `log2` of the blocks per group.
        let shift: Int

        /// Block `b`'s first tab index.
        @inline(__always) func firstTab(_ b: Int) -> Int { groupTabs[b &>> shift] &+ localTabs[b] }

        /// The sum of the widths before block `b`.
        @inline(__always) func widthBefore(_ b: Int) -> Double { groupWidths[b &>> shift] + localWidths[b] }
    }

    /// Calls `body` with the block starts as buffers.
    /// - Complexity: O(1) plus `body`.
    @inline(__always)
    func withBlockStarts<R>(_ body: (BlockStarts) -> R) -> R {
        groupWidths.withUnsafeBufferPointer { groupWidths in
            localWidths.withUnsafeBufferPointer { localWidths in
                groupTabs.withUnsafeBufferPointer { groupTabs in
                    localTabs.withUnsafeBufferPointer { localTabs in
                        body(
                            BlockStarts(
                                groupWidths: groupWidths, localWidths: localWidths, groupTabs: groupTabs,
                                localTabs: localTabs, shift: groupShift))
                    }
                }
            }
        }
    }
}
