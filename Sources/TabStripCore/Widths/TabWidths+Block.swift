extension TabWidths {
    /// A run of consecutive tabs: their widths, and the local sum of the
    /// widths before every eighth tab (a checkpoint).
    ///
    /// With `G = checkpointStride` (8), `checkpoints[0]` is 0 and
    /// `checkpoints[g + 1]` is `checkpoints[g]` plus the sum of the eight
    /// widths `g * G ..< (g + 1) * G`, added in two lanes, even and odd
    /// (`((w0 + w2) + (w4 + w6)) + ((w1 + w3) + (w5 + w7))`: two-wide vector
    /// additions, then the lanes), for every
    /// `(g + 1) * G < widths.count`. `total` continues the same chain: the
    /// last checkpoint plus the last group's widths (in lanes when the group
    /// is full, left to right otherwise). The local offset of tab `j` is
    /// `checkpoints[j / G]` plus the widths `j / G * G ..< j`, added left to
    /// right; every query computes it that way, so all agree bit for bit.
    ///
    /// The lanes keep the chain of dependent additions that an edit must
    /// redo down to one per group (at most 127 in a block of 1,016), where a
    /// left-to-right sum would chain one per tab; the eight additions of a
    /// group do not wait for each other.
    struct Block: Sendable, Equatable {
        var widths: [Double]
        var checkpoints: [Double]
        var total: Double

        /// `log2` of the checkpoint spacing (8 tabs). Measured against 2 and
        /// 4 tabs: queries and edits cost the same (the binary search gets
        /// one step shorter for each doubling, the final scan longer), and 8
        /// stores 9 bytes per tab where a checkpoint per tab would store 16.
        @inline(__always) static var checkpointShift: Int { 3 }
        /// The number of tabs per checkpoint.
        @inline(__always) static var checkpointStride: Int { 1 << checkpointShift }

        /// The number of checkpoints a block of `count` tabs keeps.
        @inline(__always) static func checkpointCount(for count: Int) -> Int {
            (count + checkpointStride - 1) >> checkpointShift
        }

        /// Creates a block holding `widths` (at least one), with room for
        /// `capacity` tabs in both arrays (at least what they hold).
        init(widths: [Double], capacity: Int) {
            self.widths = widths
            if widths.capacity < capacity { self.widths.reserveCapacity(capacity) }
            let checkpointCount = Self.checkpointCount(for: widths.count)
            // Built in place: a local array assigned here stays alive to the
            // end of the scope in unoptimised builds, so `recompute` below
            // would copy it, and the copy has room for no more checkpoints.
            self.checkpoints = []
            self.checkpoints.reserveCapacity(Swift.max(checkpointCount, Self.checkpointCount(for: capacity)))
            self.checkpoints.append(contentsOf: repeatElement(0, count: checkpointCount))
            self.total = 0
            recompute(from: 0)
        }

        /// The number of tabs in the block.
        @inline(__always) var count: Int { widths.count }

        /// The sum of the widths before tab `j` (`0..<count`), added left to
        /// right.
        @inline(__always)
        func localOffset(of j: Int) -> Double {
            let group = j >> Self.checkpointShift
            var sum = checkpoints[group]
            var k = group << Self.checkpointShift
            while k < j {
                sum += widths[k]
                k += 1
            }
            return sum
        }

        /// ``localOffset(of:)`` read from the block's buffers (no bounds
        /// checks): the same additions in the same order.
        @inline(__always)
        static func localOffset(
            of j: Int, widths: UnsafeBufferPointer<Double>, checkpoints: UnsafeBufferPointer<Double>
        ) -> Double {
            var sum = checkpoints[j &>> checkpointShift]
            var k = j & ~(checkpointStride - 1)
            while k < j {
                sum += widths[k]
                k &+= 1
            }
            return sum
        }

        /// Recomputes the checkpoints after tab `j` and the total from the
        /// widths, group by group, starting at the checkpoint at or before
        /// `j` (which no edit at `j` or later can change). `j` may equal
        /// `count`.
        /// - Complexity: O(count - j): one addition per width, in a chain of
        ///   one dependent addition per group of eight.
        mutating func recompute(from j: Int) {
            let count = widths.count
            precondition(count > 0 && checkpoints.count == Self.checkpointCount(for: count))
            let shift = Self.checkpointShift
            precondition(Self.checkpointStride == 8, "the unrolled loop below adds 8 widths per checkpoint")
            var group = Swift.min(j, count - 1) >> shift
            var running = checkpoints[group]
            widths.withUnsafeBufferPointer { widths in
                checkpoints.withUnsafeMutableBufferPointer { checkpoints in
                    let w = widths.baseAddress!
                    var k = group << shift
                    // Whole groups of 8 (`checkpointStride`) without a branch
                    // per tab, each summed in two lanes: the order is fixed, so
                    // every sum is bit-identical to a fresh build's, and
                    // only `running` carries from one group to the next.
                    while k + 8 <= count {
                        // Two lanes: even and odd widths, then the lanes.
                        let p = UnsafeRawPointer(w + k)
                        let a =
                            p.loadUnaligned(as: SIMD2<Double>.self)
                            + p.loadUnaligned(fromByteOffset: 16, as: SIMD2<Double>.self)
                        let b =
                            p.loadUnaligned(fromByteOffset: 32, as: SIMD2<Double>.self)
                            + p.loadUnaligned(fromByteOffset: 48, as: SIMD2<Double>.self)
                        let lanes = a + b
                        running += lanes[0] + lanes[1]
                        k += 8
                        group += 1
                        if k < count { checkpoints[group] = running }
                    }
                    while k < count {
                        running += w[k]
                        k += 1
                    }
                }
            }
            total = running
        }

        /// Inserts `newWidths` at local position `j` and recomputes the sums
        /// after it. Grows the arrays to at most `capacityLimit` when they
        /// must grow (the block never holds more).
        mutating func insert(_ newWidths: UnsafeBufferPointer<Double>, at j: Int, capacityLimit: Int) {
            let oldCount = widths.count
            let newCount = oldCount + newWidths.count
            if newCount > widths.capacity {
                widths.reserveCapacity(Swift.min(capacityLimit, Swift.max(newCount, 2 * widths.capacity)))
            }
            widths.insertWidths(newWidths, at: j)
            let newCheckpoints = Self.checkpointCount(for: newCount)
            if newCheckpoints > checkpoints.count {
                if newCheckpoints > checkpoints.capacity {
                    let limit = Self.checkpointCount(for: capacityLimit)
                    checkpoints.reserveCapacity(Swift.min(limit, Swift.max(newCheckpoints, 2 * checkpoints.capacity)))
                }
                checkpoints.append(contentsOf: repeatElement(0, count: newCheckpoints - checkpoints.count))
            }
            // Start from a checkpoint that existed before: when appending at
            // a multiple of G, the checkpoint at `j` is one of the new ones.
            recompute(from: Swift.min(j, oldCount - 1))
        }

        /// Replaces the widths with `newWidths` (at least one), in the
        /// block's own storage when no other block shares it and it has
        /// room, and adds up the checkpoints again.
        /// - Complexity: O(`newWidths.count`).
        mutating func replaceWidths(with newWidths: [Double]) {
            widths.removeAll(keepingCapacity: true)
            widths.append(contentsOf: newWidths)
            let count = Self.checkpointCount(for: widths.count)
            if count < checkpoints.count {
                checkpoints.removeLast(checkpoints.count - count)
            } else {
                checkpoints.append(contentsOf: repeatElement(0, count: count - checkpoints.count))
            }
            recompute(from: 0)
        }

        /// Removes the local range `range`, leaving at least one tab, and
        /// recomputes the sums after it.
        mutating func remove(_ range: Range<Int>) {
            widths.removeSubrange(range)
            checkpoints.removeLast(checkpoints.count - Self.checkpointCount(for: widths.count))
            recompute(from: range.lowerBound)
        }
    }

    /// Cuts `tabs` into blocks of nearly equal size, each at most
    /// `blockSize` and (when there are two or more) at least `blockSize / 2`,
    /// each with room for `blockSize` tabs (so the next inserts into a block
    /// cut by a split find room without growing its storage).
    static func cutIntoBlocks(_ tabs: ArraySlice<Double>, blockSize: Int) -> [Block] {
        let total = tabs.count
        guard total > 0 else { return [] }
        let pieces = (total + blockSize - 1) / blockSize
        let base = total / pieces
        let larger = total % pieces
        var result = [Block]()
        result.reserveCapacity(pieces)
        var start = tabs.startIndex
        for piece in 0..<pieces {
            let size = base + (piece < larger ? 1 : 0)
            result.append(Block(widths: copy(tabs[start..<start + size], capacity: blockSize), capacity: blockSize))
            start += size
        }
        return result
    }

    /// A copy of `tabs` in a new array with room for at least `capacity`
    /// widths (converting a slice may keep the larger original buffer).
    static func copy(_ tabs: ArraySlice<Double>, capacity: Int) -> [Double] {
        [Double](unsafeUninitializedCapacity: Swift.max(capacity, tabs.count)) { buffer, initialized in
            tabs.withUnsafeBufferPointer { source in
                _ = buffer.initialize(fromContentsOf: source)
            }
            initialized = tabs.count
        }
    }

    /// Builds blocks of `fill` tabs with room for `blockSize` from buffers
    /// of widths, validating each one.
    struct BlockBuilder {
        let blockSize: Int
        let fill: Int
        var blocks: [Block] = []
        var pending: [Double] = []
        var appended = 0

        init(blockSize: Int, fill: Int) {
            self.blockSize = blockSize
            self.fill = Swift.max(1, Swift.min(fill, blockSize))
        }

        /// Appends a buffer of widths a block at a time (a copy per block
        /// rather than an append per width), or returns the error naming the
        /// first invalid one.
        mutating func append(contentsOf widths: UnsafeBufferPointer<Double>) -> TabStripError? {
            if let error = firstInvalidWidth(in: widths, firstIndex: appended) { return error }
            if blocks.isEmpty {
                blocks.reserveCapacity((widths.count + fill - 1) / fill)
            }
            var rest = widths[...]
            while !rest.isEmpty {
                let taken = Swift.min(fill - pending.count, rest.count)
                if pending.isEmpty { pending.reserveCapacity(blockSize) }
                pending.append(contentsOf: UnsafeBufferPointer(rebasing: rest.prefix(taken)))
                rest = rest.dropFirst(taken)
                appended += taken
                if pending.count == fill {
                    blocks.append(Block(widths: pending, capacity: blockSize))
                    pending = []
                }
            }
            return nil
        }

        /// The finished blocks. A short last run shares the last full
        /// block's tabs so that no block falls below `blockSize / 2`.
        mutating func finish() -> [Block] {
            guard !pending.isEmpty else { return blocks }
            if pending.count >= Swift.max(1, blockSize / 2) || blocks.isEmpty {
                blocks.append(Block(widths: pending, capacity: blockSize))
            } else {
                let last = blocks.removeLast()
                blocks.append(contentsOf: TabWidths.cutIntoBlocks((last.widths + pending)[...], blockSize: blockSize))
            }
            pending = []
            return blocks
        }
    }
}
