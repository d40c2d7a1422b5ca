import TabStripCore

extension PageCache {
    /// Traps if an internal invariant is broken (only in builds with
    /// `TABSTRIP_INTERNAL_CHECKS`, which debug builds and tests define; a
    /// no-op otherwise): the recency list and the slot table describe the
    /// same pages, free slots are accounted for, the live pages fit the
    /// budget and lie within the pager, every pinned page is live, and
    /// while the visibility is settled the visible pages lead the recency
    /// list in order.
    /// - Complexity: O(slots + pinned pages).
    @usableFromInline
    package func _checkInvariants() {
        #if TABSTRIP_INTERNAL_CHECKS
            precondition(pageCount >= 0, "negative page count")
            precondition(budget >= Self.minimumBudget(preloadRadius: preloadRadius), "budget below the minimum")
            precondition(visibilityThreshold >= 0 && visibilityThreshold < 1, "bad visibility threshold")
            precondition(slotOfPage.count <= budget, "live pages exceed the budget")

            // Walk the recency list from the most recent end.
            var seen = 0
            var slot = mostRecent
            var newer = Self.none
            while slot != Self.none {
                precondition(seen < slots.count, "recency list has a cycle")
                let entry = slots[slot]
                precondition(entry.newer == newer, "broken back link at slot \(slot)")
                precondition(entry.page != nil, "live slot \(slot) holds no page")
                precondition(entry.index >= 0 && entry.index < pageCount, "live page \(entry.index) outside the pager")
                precondition(slotOfPage[entry.index] == slot, "slot table disagrees for page \(entry.index)")
                seen += 1
                newer = slot
                slot = entry.older
            }
            precondition(newer == leastRecent, "least recent slot is not the list's end")
            precondition(seen == slotOfPage.count, "list has \(seen) pages, slot table \(slotOfPage.count)")

            // Free slots.
            var free = 0
            slot = firstFree
            while slot != Self.none {
                precondition(free < slots.count, "free list has a cycle")
                precondition(slots[slot].page == nil && slots[slot].index == -1, "free slot \(slot) in use")
                free += 1
                slot = slots[slot].older
            }
            precondition(free + seen == slots.count, "slots leak: \(free) free + \(seen) live != \(slots.count)")

            // State within the pager, and everything pinned is live.
            precondition(visiblePages.count <= 2, "more than two visible pages")
            precondition(
                visiblePages.isEmpty || (visiblePages.lowerBound >= 0 && visiblePages.upperBound <= pageCount),
                "visible pages outside the pager")
            if let current = currentPage {
                precondition(current >= 0 && current < pageCount, "settled page outside the pager")
            }
            if let target = jumpTarget {
                precondition(target >= 0 && target < pageCount, "jump target outside the pager")
            }
            for index in visiblePages { precondition(slotOfPage[index] != nil, "visible page \(index) not live") }
            if let target = jumpTarget { precondition(slotOfPage[target] != nil, "jump target \(target) not live") }
            if let current = currentPage {
                let lower = Swift.max(0, current - preloadRadius)
                let upper = current > pageCount - 1 - preloadRadius ? pageCount - 1 : current + preloadRadius
                for index in lower...upper { precondition(slotOfPage[index] != nil, "pinned page \(index) not live") }
            }
            // Settled visibility: the visible pages lead the recency list,
            // in order, as the last update left them.
            if _visibilitySettled {
                var slot = mostRecent
                for index in visiblePages {
                    precondition(
                        slot != Self.none && slots[slot].index == index,
                        "visibility settled, but visible page \(index) is not next in the recency list")
                    slot = slots[slot].older
                }
            }
        #endif
    }

    /// The hook every mutating call runs on its way out, unconditionally:
    /// ``_checkInvariants()`` in builds with `TABSTRIP_INTERNAL_CHECKS`, an
    /// empty, always-inlined no-op otherwise (the mutators are inlinable, so
    /// it is inlined into their callers' modules).
    /// - Complexity: O(1) without checks; O(slots + pinned pages) with them.
    @inlinable @inline(__always)
    package func _checkAfterMutation() {
        #if TABSTRIP_INTERNAL_CHECKS
            _checkInvariants()
        #endif
    }
}
