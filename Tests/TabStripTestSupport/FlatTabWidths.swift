import TabStripCore

/// The simplest width index: one flat array of leading offsets.
///
/// `FlatTabWidths` stores every tab's width and a prefix-sum array of the
/// widths before it. Queries binary-search the prefix array; an edit at index
/// `i` rewrites every prefix entry after `i`, so it costs `O(n - i)`, like
/// TanStack Virtual or react-virtualized. It is the reference that tests
/// compare ``TabWidths`` with, and the baseline strategy in benchmarks; it
/// lives in the test support, outside the library.
///
/// Memory: 16 bytes per tab (a width and a prefix entry, both `Double`).
///
/// Two indices are equal (`==`) when they hold the same widths and spacing.
package struct FlatTabWidths: TabWidthIndex, ContiguousWidthIndex, Sendable, Equatable {
    /// `widths[i]` is the width of tab `i`.
    @usableFromInline var widths: [Double]
    /// `sums[i]` is the sum of `widths[0..<i]`; `sums.count == widths.count + 1`.
    @usableFromInline var sums: [Double]
    /// The gap between neighbouring tabs.
    package private(set) var spacing: Double

    /// Creates an empty index with zero spacing.
    /// - Complexity: O(1).
    package init() {
        widths = []
        sums = [0]
        spacing = 0
    }

    /// Creates an index from a sequence of widths.
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` (name
    ///   `"spacing"`) for an invalid spacing, checked first;
    ///   ``TabStripError/invalidWidth(index:value:)`` for the first negative,
    ///   NaN or infinite width.
    /// - Complexity: O(n).
    @inlinable
    package init<S: Sequence>(widths: S, spacing: Double = 0) throws(TabStripError) where S.Element == Double {
        try self.init(contiguous: widths, spacing: spacing)
    }

    /// Creates an index from an array of widths.
    @usableFromInline
    package init(widthArray values: [Double], spacing: Double) throws(TabStripError) {
        try TabStripError.requireLength(spacing, "spacing")
        try Self.validate(values, firstIndex: 0)
        self.widths = values
        self.sums = Self.prefixSums(of: values)
        self.spacing = spacing
    }

    /// The number of tabs.
    /// - Complexity: O(1).
    @inlinable package var count: Int { widths.count }

    /// The extent of the whole row, spacing included.
    /// - Complexity: O(1).
    package var totalWidth: Double {
        widths.isEmpty ? 0 : sums[widths.count] + Double(widths.count - 1) * spacing
    }

    /// The width of tab `index`.
    /// - Complexity: O(1).
    package func width(ofTab index: Int) throws(TabStripError) -> Double {
        try TabStripError.requireIndex(index, in: count)
        return widths[index]
    }

    /// The leading offset of tab `index` (`0...count`).
    /// - Complexity: O(1).
    package func leadingOffset(ofTab index: Int) throws(TabStripError) -> Double {
        try TabStripError.requireInsertionIndex(index, in: count)
        return offset(index)
    }

    /// The tab containing `offset`, or `nil` in a gap or outside the row.
    /// - Complexity: O(log n).
    package func tab(atOffset offset: Double) throws(TabStripError) -> Int? {
        guard !offset.isNaN else { throw .invalidOffset(offset) }
        // The last tab starting at or before `offset`.
        let candidate = firstIndex(startingAfter: offset) - 1
        guard candidate >= 0, offset < self.offset(candidate) + widths[candidate] else { return nil }
        return candidate
    }

    /// The tabs overlapping `[start, start + length)`.
    /// - Complexity: O(log n).
    package func tabs(overlapping start: Double, length: Double) throws(TabStripError) -> Range<Int> {
        guard start.isFinite else { throw .invalidOffset(start) }
        try TabStripError.requireNonNegative(length, "length")
        let end = start + length
        // Tabs starting before `end` form a prefix; tabs ending after
        // `start` form a suffix. Both bounds by binary search.
        let upper = firstIndex(startingAtOrAfter: end)
        var low = 0
        var high = count
        while low < high {
            let mid = low + (high - low) / 2
            if offset(mid) + widths[mid] > start { high = mid } else { low = mid + 1 }
        }
        return low < upper ? low..<upper : upper..<upper
    }

    /// Visits the tabs in `range` in order.
    /// - Complexity: O(k) for k tabs in `range`.
    package func forEachTab(
        in range: Range<Int>,
        _ body: (_ index: Int, _ leadingOffset: Double, _ width: Double) -> Void
    ) throws(TabStripError) {
        try TabStripError.requireInsertionIndex(range.lowerBound, in: count)
        try TabStripError.requireInsertionIndex(range.upperBound, in: count)
        for i in range {
            body(i, offset(i), widths[i])
        }
    }

    /// Sets the width of one tab.
    /// - Complexity: O(n - index): every later prefix entry is rewritten.
    package mutating func setWidth(_ width: Double, ofTab index: Int) throws(TabStripError) {
        try TabStripError.requireIndex(index, in: count)
        try Self.validate(CollectionOfOne(width), firstIndex: index)
        widths[index] = width
        recomputeSums(from: index)
    }

    /// Inserts tabs so that the first gets index `index`.
    /// - Complexity: O(n + k).
    @inlinable
    package mutating func insertTabs<C: Collection>(widths newWidths: C, at index: Int) throws(TabStripError)
    where C.Element == Double {
        try insertContiguous(newWidths, at: index)
    }

    /// Validates `newWidths`, then inserts them at `index` (`0...count`);
    /// returns the error instead when one is invalid.
    @usableFromInline
    package mutating func insert(_ newWidths: UnsafeBufferPointer<Double>, at index: Int) -> TabStripError? {
        if let error = firstInvalidWidth(in: newWidths, firstIndex: index) { return error }
        widths.insertWidths(newWidths, at: index)
        sums.append(contentsOf: repeatElement(0, count: newWidths.count))
        recomputeSums(from: index)
        return nil
    }

    /// Removes the tabs in `range`.
    /// - Complexity: O(n).
    package mutating func removeTabs(in range: Range<Int>) throws(TabStripError) {
        try TabStripError.requireInsertionIndex(range.lowerBound, in: count)
        try TabStripError.requireInsertionIndex(range.upperBound, in: count)
        widths.removeSubrange(range)
        sums.removeLast(range.count)
        recomputeSums(from: range.lowerBound)
    }

    /// Replaces every width, keeping the spacing.
    /// - Complexity: O(n).
    @inlinable
    package mutating func replaceAllWidths<S: Sequence>(_ newWidths: S) throws(TabStripError)
    where S.Element == Double {
        try replaceAllContiguous(newWidths)
    }

    /// Replaces every width with `values`.
    @usableFromInline
    package mutating func replaceAll(widthArray values: [Double]) throws(TabStripError) {
        try Self.validate(values, firstIndex: 0)
        widths = values
        sums = Self.prefixSums(of: values)
    }

    /// Changes the spacing between tabs.
    /// - Complexity: O(1).
    package mutating func setSpacing(_ spacing: Double) throws(TabStripError) {
        try TabStripError.requireLength(spacing, "spacing")
        self.spacing = spacing
    }
}

extension FlatTabWidths {
    /// The bytes of layout state, from the arrays' capacities (32 bytes of
    /// header per array, the allocator's own overhead not counted).
    package var _allocatedByteEstimate: Int {
        2 * 32 + (widths.capacity + sums.capacity) * MemoryLayout<Double>.stride
    }

    /// The leading offset of `index` without bounds checks.
    @inline(__always)
    func offset(_ index: Int) -> Double {
        sums[index] + Double(index) * spacing
    }

    /// The first index whose leading offset is greater than `value`
    /// (`count` if none).
    func firstIndex(startingAfter value: Double) -> Int {
        var low = 0
        var high = count
        while low < high {
            let mid = low + (high - low) / 2
            if offset(mid) > value { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The first index whose leading offset is at or after `value`
    /// (`count` if none).
    func firstIndex(startingAtOrAfter value: Double) -> Int {
        var low = 0
        var high = count
        while low < high {
            let mid = low + (high - low) / 2
            if offset(mid) >= value { high = mid } else { low = mid + 1 }
        }
        return low
    }

    mutating func recomputeSums(from index: Int) {
        var running = sums[index]
        for i in index..<widths.count {
            running += widths[i]
            sums[i + 1] = running
        }
    }

    static func prefixSums(of widths: [Double]) -> [Double] {
        var result = [Double]()
        result.reserveCapacity(widths.count + 1)
        var running = 0.0
        result.append(running)
        for w in widths {
            running += w
            result.append(running)
        }
        return result
    }

    static func validate<C: Sequence>(_ widths: C, firstIndex: Int) throws(TabStripError) where C.Element == Double {
        var index = firstIndex
        for w in widths {
            guard w >= 0, w <= TabStripLimits.maximumLength else { throw .invalidWidth(index: index, value: w) }
            index += 1
        }
    }
}
