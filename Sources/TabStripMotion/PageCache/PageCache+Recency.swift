import TabStripCore

// The recency list: live pages in a doubly linked list threaded through
// `slots`, most recently used first, with a hash table (`PageSlotTable`)
// from page index to slot. Every operation here is O(1) and, once the slot
// array and the table have grown to the budget, allocation-free.

extension PageCache {
    /// Moves the live page in `slot` to the most recent end.
    @inlinable mutating func moveToFront(_ slot: Int) {
        guard slot != mostRecent else { return }
        unlink(slot)
        linkAtFront(slot)
    }

    /// Stores a new live page at the most recent end.
    /// - Precondition: `index` is not live.
    /// Returns the page's slot.
    @inlinable @discardableResult mutating func insertAtFront(_ page: Page, at index: Int) -> Int {
        let slot: Int
        if firstFree != Self.none {
            slot = firstFree
            firstFree = slots[slot].older
            slots[slot].page = page
            slots[slot].index = index
        } else {
            slot = slots.count
            slots.append(Slot(page: page, index: index, newer: Self.none, older: Self.none))
        }
        linkAtFront(slot)
        slotOfPage[index] = slot
        return slot
    }

    /// Removes the live page in `slot` from the cache and returns it with
    /// its index; the slot goes to the free list.
    @inlinable mutating func remove(slot: Int) -> (index: Int, page: Page) {
        unlink(slot)
        let index = slots[slot].index
        let page = slots[slot].page.take()!
        slots[slot].index = -1
        slots[slot].older = firstFree
        slots[slot].newer = Self.none
        firstFree = slot
        slotOfPage[index] = nil
        return (index, page)
    }

    @inlinable mutating func unlink(_ slot: Int) {
        let newer = slots[slot].newer
        let older = slots[slot].older
        if newer != Self.none { slots[newer].older = older } else { mostRecent = older }
        if older != Self.none { slots[older].newer = newer } else { leastRecent = newer }
        slots[slot].newer = Self.none
        slots[slot].older = Self.none
    }

    @inlinable mutating func linkAtFront(_ slot: Int) {
        slots[slot].newer = Self.none
        slots[slot].older = mostRecent
        if mostRecent != Self.none { slots[mostRecent].newer = slot } else { leastRecent = slot }
        mostRecent = slot
    }
}
