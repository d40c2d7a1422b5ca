import TabStripCore

extension PageCache {
    /// The live page at `index`, or `nil` when it is not loaded. Does not
    /// count as a use: recency and counters are unchanged.
    ///
    /// - Throws: `TabStripError/indexOutOfRange(index:count:)` unless
    ///   `0 <= index < pageCount`.
    /// - Complexity: O(1).
    @inlinable package func page(at index: Int) throws(TabStripError) -> Page? {
        try TabStripError.requireIndex(index, in: pageCount)
        guard let slot = slotOfPage[index] else { return nil }
        return slots[slot].page
    }

    /// Whether the page at `index` is loaded (`false` for any index outside
    /// the pager).
    /// - Complexity: O(1).
    @inlinable package func isLive(_ index: Int) -> Bool {
        slotOfPage[index] != nil
    }

    /// The number of live pages, never more than ``budget``.
    /// - Complexity: O(1).
    @inlinable package var liveCount: Int { slotOfPage.count }

    /// The indices of the live pages, most recently used first (the last one
    /// is evicted next unless it is pinned).
    /// - Complexity: O(live pages); allocates the array.
    @inlinable package var liveIndicesByRecency: [Int] {
        var result: [Int] = []
        result.reserveCapacity(slotOfPage.count)
        var slot = mostRecent
        while slot != Self.none {
            result.append(slots[slot].index)
            slot = slots[slot].older
        }
        return result
    }
}
