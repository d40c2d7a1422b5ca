import TabStripCore

extension PageCache {
    /// Follows a new list of tabs applied by identity (``TabListChanges``,
    /// one page per tab): every live page moves to its tab's new index
    /// without being loaded again, the pages of removed tabs are evicted,
    /// and the settled page and a jump's target follow their tabs (each
    /// `nil` when its tab was removed: then call
    /// ``completeTransition(to:using:)`` for the page shown). The visible
    /// pages are forgotten until the next ``updateVisibility(_:using:)``;
    /// the settled page's neighbours that are new to it are preloaded.
    ///
    /// - Throws: `TabStripError/countMismatch(expected:actual:)` when
    ///   `changes` were computed for another number of tabs than
    ///   ``pageCount`` (expected is ``pageCount``); the cache is unchanged.
    /// - Complexity: O(live pages) plus the evictions and preloads.
    public mutating func apply<Provider: PageProvider>(
        _ changes: TabListChanges,
        using provider: inout Provider
    ) throws(TabStripError) where Provider.Page == Page {
        defer { _checkAfterMutation() }
        guard changes.oldCount == pageCount else {
            throw .countMismatch(expected: pageCount, actual: changes.oldCount)
        }
        _visibilitySettled = false
        let previous = Focus(
            visible: 0..<0, current: currentPage.flatMap { changes.newIndex(ofOldIndex: $0) },
            target: jumpTarget.flatMap { changes.newIndex(ofOldIndex: $0) })
        // Evict the removed tabs' pages (their indices are still the old
        // ones), then renumber the rest.
        var slot = leastRecent
        while slot != Self.none {
            let newer = slots[slot].newer
            if changes.newIndex(ofOldIndex: slots[slot].index) == nil { evict(slot: slot, using: &provider) }
            slot = newer
        }
        slotOfPage.removeAll()
        slot = leastRecent
        while slot != Self.none {
            slots[slot].index = changes.newIndex(ofOldIndex: slots[slot].index) ?? 0
            slotOfPage.insert(slots[slot].index, slot)
            slot = slots[slot].newer
        }
        _pageCount = changes.newCount
        _currentPage = previous.current
        _jumpTarget = previous.target
        _visiblePages = 0..<0
        collectRequests(visible: false, target: true, window: true)
        satisfyRequests(previousFocus: previous, using: &provider)
    }
}
