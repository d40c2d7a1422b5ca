import TabStripCore

// Changing what the cache covers (page count) and how much it keeps (budget,
// preload radius, visibility threshold), and dropping pages on demand.

extension PageCache {
    /// Changes the number of pages.
    ///
    /// Shrinking evicts every live page at or past the new end, drops
    /// visible pages and a jump target past it, and moves the settled page
    /// to the new last page (loading it and preloading its neighbours) or to
    /// `nil` when no page is left. Growing preloads any new page within the
    /// preload radius of the settled page.
    ///
    /// - Throws: `TabStripError/invalidValue(name:value:)` (name
    ///   `"pageCount"`) for a negative count; the cache is unchanged.
    /// - Complexity: O(live pages) when shrinking, plus O(preloadRadius).
    @inlinable package mutating func setPageCount<Provider: PageProvider>(
        _ newCount: Int,
        using provider: inout Provider
    ) throws(TabStripError) where Provider.Page == Page {
        defer { _checkAfterMutation() }
        _visibilitySettled = false
        try TabStripError.requireCount(newCount, atMost: TabStripLimits.maximumCount, "pageCount")
        let previous = focus
        if newCount < pageCount {
            var slot = leastRecent
            while slot != Self.none {
                let newer = slots[slot].newer
                if slots[slot].index >= newCount { evict(slot: slot, using: &provider) }
                slot = newer
            }
            let lower = Swift.min(visiblePages.lowerBound, newCount)
            let upper = Swift.min(visiblePages.upperBound, newCount)
            _visiblePages = lower..<upper
            if let target = jumpTarget, target >= newCount { _jumpTarget = nil }
            if let current = currentPage, current >= newCount {
                _currentPage = newCount > 0 ? newCount - 1 : nil
            }
        }
        _pageCount = newCount
        collectRequests(visible: false, target: false, window: true)
        satisfyRequests(previousFocus: previous, using: &provider)
    }

    /// Changes the budget, evicting least recently used unpinned pages until
    /// the live pages fit.
    ///
    /// - Throws: `TabStripError/invalidValue(name:value:)` (name
    ///   `"budget"`) when `budget` is below
    ///   ``minimumBudget(preloadRadius:)`` for the current radius; the cache
    ///   is unchanged.
    /// - Complexity: O(evicted pages + pinned pages).
    @inlinable package mutating func setBudget<Provider: PageProvider>(
        _ budget: Int,
        using provider: inout Provider
    ) throws(TabStripError) where Provider.Page == Page {
        defer { _checkAfterMutation() }
        _visibilitySettled = false
        try Self.validate(budget: budget, preloadRadius: preloadRadius)
        self._budget = budget
        makeRoom(for: 0, using: &provider)
    }

    /// Changes how many neighbours of the settled page are preloaded and
    /// pinned; a larger radius preloads the new neighbours at once, a
    /// smaller one unpins the far ones (they stay live until evicted).
    ///
    /// - Throws: `TabStripError/invalidValue(name:value:)` (name
    ///   `"preloadRadius"`) for a negative radius or one whose
    ///   ``minimumBudget(preloadRadius:)`` exceeds the budget; the cache is
    ///   unchanged.
    /// - Complexity: O(preloadRadius), plus O(1) per eviction.
    @inlinable package mutating func setPreloadRadius<Provider: PageProvider>(
        _ radius: Int,
        using provider: inout Provider
    ) throws(TabStripError) where Provider.Page == Page {
        defer { _checkAfterMutation() }
        _visibilitySettled = false
        try TabStripError.requireCount(radius, atMost: TabStripLimits.maximumPoolSize, "preloadRadius")
        guard Self.minimumBudget(preloadRadius: radius) <= budget else {
            throw .invalidValue(name: "preloadRadius", value: Double(radius))
        }
        let previous = focus
        _preloadRadius = radius
        collectRequests(visible: false, target: false, window: true)
        satisfyRequests(previousFocus: previous, using: &provider)
    }

    /// Changes the visible fraction a page must exceed to be loaded; it
    /// applies from the next visibility update.
    ///
    /// - Throws: `TabStripError/invalidValue(name:value:)` (name
    ///   `"visibilityThreshold"`) unless `0 <= threshold < 1`; the cache is
    ///   unchanged.
    /// - Complexity: O(1).
    @inlinable package mutating func setVisibilityThreshold(_ threshold: Double) throws(TabStripError) {
        defer { _checkAfterMutation() }
        _visibilitySettled = false
        try Self.validate(visibilityThreshold: threshold)
        _visibilityThreshold = threshold
    }

    /// Evicts every page that is not pinned (for a memory warning), least
    /// recently used first.
    /// - Complexity: O(live pages).
    @inlinable package mutating func evictUnpinned<Provider: PageProvider>(
        using provider: inout Provider
    ) where Provider.Page == Page {
        defer { _checkAfterMutation() }
        _visibilitySettled = false
        var slot = leastRecent
        while slot != Self.none {
            let newer = slots[slot].newer
            if !isPinned(slots[slot].index) { evict(slot: slot, using: &provider) }
            slot = newer
        }
    }

    /// Evicts every page, least recently used first, and forgets the settled
    /// page, the visible pages and any jump (for a data reload). The page
    /// count, configuration and counters are kept.
    /// - Complexity: O(live pages).
    @inlinable package mutating func removeAll<Provider: PageProvider>(
        using provider: inout Provider
    ) where Provider.Page == Page {
        defer { _checkAfterMutation() }
        _visibilitySettled = false
        _currentPage = nil
        _jumpTarget = nil
        _visiblePages = 0..<0
        while leastRecent != Self.none {
            evict(slot: leastRecent, using: &provider)
        }
    }

    /// Sets every counter back to zero.
    /// - Complexity: O(1).
    @inlinable package mutating func resetCounters() {
        defer { _checkAfterMutation() }
        _counters = PageCacheCounters()
    }
}
