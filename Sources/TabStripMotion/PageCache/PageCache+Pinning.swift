import TabStripCore

// Which pages are pinned (never evicted) and which are in focus (on screen
// or about to be), and the scratch list of pages an operation needs live.

extension PageCache {
    /// The pages in focus at one moment: the visible pages, the settled page
    /// and a jump's target. Entering focus is what counts as a load or a hit.
    @usableFromInline struct Focus {
        @usableFromInline var visible: Range<Int>
        @usableFromInline var current: Int?
        @usableFromInline var target: Int?

        @inlinable init(visible: Range<Int>, current: Int?, target: Int?) {
            self.visible = visible
            self.current = current
            self.target = target
        }

        @inlinable func contains(_ index: Int) -> Bool {
            visible.contains(index) || index == current || index == target
        }
    }

    /// The focus right now.
    @inlinable var focus: Focus { Focus(visible: visiblePages, current: currentPage, target: jumpTarget) }

    /// Whether `index` is within ``preloadRadius`` of the settled page.
    @inlinable func isInPreloadWindow(_ index: Int) -> Bool {
        guard let current = currentPage else { return false }
        let distance = index >= current ? index - current : current - index
        return distance <= preloadRadius
    }

    /// Whether a page a visibility update reports may count as visible: any
    /// page, except during a jump, when only the target and the settled
    /// page's window may (the pages scrolled past are not loaded).
    @inlinable func mayBecomeVisible(_ index: Int) -> Bool {
        guard let target = jumpTarget else { return true }
        return index == target || isInPreloadWindow(index)
    }

    /// Whether the page at `index` is pinned: visible, within the preload
    /// radius of the settled page, or the target of a jump in progress.
    /// Pinned pages are always live and never evicted.
    /// - Complexity: O(1).
    @inlinable package func isPinned(_ index: Int) -> Bool {
        guard index >= 0, index < pageCount else { return false }
        return visiblePages.contains(index) || index == jumpTarget || isInPreloadWindow(index)
    }

    /// Refills ``requests`` with the pages the current state needs live, in
    /// priority order (first = most important, created first and left most
    /// recently used): the visible pages, the jump target, the settled page,
    /// then its neighbours nearest first (before, then after, at each
    /// distance). Each page is listed once.
    @inlinable mutating func collectRequests(visible: Bool, target: Bool, window: Bool) {
        requestCount = 0
        if visible {
            for index in visiblePages { appendRequest(index) }
        }
        let targetIndex = target ? jumpTarget : nil
        if let targetIndex, !(visible && visiblePages.contains(targetIndex)) {
            appendRequest(targetIndex)
        }
        guard window, let current = currentPage else { return }
        func listed(_ index: Int) -> Bool {
            (visible && visiblePages.contains(index)) || index == targetIndex
        }
        if !listed(current) { appendRequest(current) }
        var distance = 1
        while distance <= preloadRadius {
            let before = current - distance
            let hasBefore = before >= 0
            let hasAfter = distance <= pageCount - 1 - current
            if !hasBefore && !hasAfter { break }
            if hasBefore, !listed(before) { appendRequest(before) }
            if hasAfter, !listed(current + distance) { appendRequest(current + distance) }
            distance += 1
        }
    }

    /// Lists page `index` after the requests listed so far.
    @inlinable mutating func appendRequest(_ index: Int) {
        if requestCount < requests.count {
            requests[requestCount] = index
        } else {
            requests.append(index)
        }
        requestCount += 1
    }

    /// Makes every page in ``requests`` live and most recently used in list
    /// order, first evicting least recently used unpinned pages so the live
    /// count never exceeds the budget. Pages in focus are loaded, the others
    /// preloaded; a listed page entering focus while live counts as a hit.
    ///
    /// - Precondition: every listed page is pinned in the current state.
    @inlinable mutating func satisfyRequests<Provider: PageProvider>(
        previousFocus: Focus,
        using provider: inout Provider
    ) where Provider.Page == Page {
        // One slot-table lookup per request: evictions in `makeRoom` take
        // only unpinned pages, so the requested pages keep their slots.
        // (`requestSlots` only grows: clearing an array costs more than the
        // lookups saved, so entries past `requestCount` are stale.)
        var missing = 0
        while requestSlots.count < requestCount { requestSlots.append(Self.none) }
        for k in 0..<requestCount {
            let slot = slotOfPage[requests[k]] ?? Self.none
            if slot == Self.none { missing += 1 }
            requestSlots[k] = slot
        }
        makeRoom(for: missing, using: &provider)
        let focus = self.focus
        for k in 0..<requestCount {
            let index = requests[k]
            let inFocus = focus.contains(index)
            // A page listed twice is live by its second mention.
            if requestSlots[k] == Self.none, let slot = slotOfPage[index] { requestSlots[k] = slot }
            if requestSlots[k] != Self.none {
                if inFocus && !previousFocus.contains(index) { _counters.hits += 1 }
            } else if inFocus {
                let page = provider.loadPage(at: index)
                _counters.loaded += 1
                requestSlots[k] = insertAtFront(page, at: index)
            } else {
                let page = provider.preloadPage(at: index)
                _counters.preloaded += 1
                requestSlots[k] = insertAtFront(page, at: index)
            }
        }
        for k in (0..<requestCount).reversed() { moveToFront(requestSlots[k]) }
    }

    /// Evicts least recently used unpinned pages until `incoming` more pages
    /// fit in the budget (or no unpinned page is left).
    @inlinable mutating func makeRoom<Provider: PageProvider>(
        for incoming: Int,
        using provider: inout Provider
    ) where Provider.Page == Page {
        var slot = leastRecent
        while slotOfPage.count + incoming > budget {
            while slot != Self.none, isPinned(slots[slot].index) { slot = slots[slot].newer }
            guard slot != Self.none else { return }
            let newer = slots[slot].newer
            evict(slot: slot, using: &provider)
            slot = newer
        }
    }

    /// Drops the page in `slot` and tells the provider.
    @inlinable mutating func evict<Provider: PageProvider>(
        slot: Int,
        using provider: inout Provider
    ) where Provider.Page == Page {
        let (index, page) = remove(slot: slot)
        _counters.evicted += 1
        provider.evictPage(page, at: index)
    }
}
