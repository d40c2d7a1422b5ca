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
    @usableFromInline package mutating func apply<Provider: PageProvider>(
        _ changes: TabListChanges,
        using provider: inout Provider
    ) throws(TabStripError) where Provider.Page == Page {
        guard changes.oldCount == pageCount else {
            throw .countMismatch(expected: pageCount, actual: changes.oldCount)
        }
        follow(newCount: changes.newCount, newIndex: { changes.newIndex(ofOldIndex: $0) }, using: &provider)
    }

    /// Follows tab `source` moved to `destination` (a dropped tab of a
    /// drag to reorder; one page per tab): every live page moves to its
    /// tab's new index without being loaded again, as with
    /// ``apply(_:using:)``.
    /// - Throws: `TabStripError/indexOutOfRange(index:count:)` naming the
    ///   bad index; the cache is unchanged.
    /// - Complexity: O(live pages) plus the preloads.
    @usableFromInline package mutating func moveTab<Provider: PageProvider>(
        from source: Int, to destination: Int, using provider: inout Provider
    ) throws(TabStripError) where Provider.Page == Page {
        try TabStripError.requireIndex(source, in: pageCount)
        try TabStripError.requireIndex(destination, in: pageCount)
        follow(
            newCount: pageCount, newIndex: { TabStripGeometry.index($0, afterMovingFrom: source, to: destination) },
            using: &provider)
    }

    /// Renumbers the live pages by `newIndex` (`nil`: the page's tab is
    /// gone, and the page is evicted) for `newCount` tabs; `renumbered` is
    /// called once the removed tabs' pages are evicted (with their old
    /// indices) and before any other eviction (with the new ones).
    @usableFromInline package mutating func follow<Provider: PageProvider>(
        newCount: Int, newIndex: (Int) -> Int?, using provider: inout Provider, renumbered: () -> Void = {}
    ) where Provider.Page == Page {
        defer { _checkAfterMutation() }
        _visibilitySettled = false
        let previous = Focus(
            visible: 0..<0, current: currentPage.flatMap(newIndex), target: jumpTarget.flatMap(newIndex))
        // Evict the removed tabs' pages (their indices are still the old
        // ones), then renumber the rest.
        var slot = leastRecent
        while slot != Self.none {
            let newer = slots[slot].newer
            if newIndex(slots[slot].index) == nil { evict(slot: slot, using: &provider) }
            slot = newer
        }
        slotOfPage.removeAll()
        slot = leastRecent
        while slot != Self.none {
            slots[slot].index = newIndex(slots[slot].index) ?? 0
            slotOfPage.insert(slots[slot].index, slot)
            slot = slots[slot].newer
        }
        _pageCount = newCount
        _currentPage = previous.current
        _jumpTarget = previous.target
        _visiblePages = 0..<0
        renumbered()
        collectRequests(visible: false, target: true, window: true)
        satisfyRequests(previousFocus: previous, using: &provider)
    }
}
