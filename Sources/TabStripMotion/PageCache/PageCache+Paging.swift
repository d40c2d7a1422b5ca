import TabStripCore

// The pager drives the cache: visibility while dragging, transitions when it
// settles, jumps to far pages.

extension PageCache {
    /// Reports where the pager is; pages that become visible by more than
    /// ``visibilityThreshold`` are loaded (or touched when live).
    ///
    /// At most two pages are visible: `PagerPosition/leftIndex` showing
    /// `PagerPosition/leftFactor` of its width and the page after it
    /// showing `PagerPosition/rightFactor`. During a jump
    /// (``beginJump(to:using:)``) only the target and the settled page's
    /// window may count as visible, so the pages scrolled past are never
    /// loaded. The settled page does not change; call
    /// ``completeTransition(to:using:)`` when the pager comes to rest.
    ///
    /// Returns whether the visible pages stayed as they were (nothing
    /// requested).
    ///
    /// - Throws: `TabStripError/countMismatch(expected:actual:)` when the
    ///   position's page count differs from ``pageCount``; the cache is
    ///   unchanged.
    /// - Complexity: O(1) for the visible pages, plus O(1) per eviction
    ///   (skipping at most `2 · preloadRadius + 3` pinned pages).
    @inlinable @discardableResult package mutating func updateVisibility<Provider: PageProvider>(
        for position: PagerPosition,
        using provider: inout Provider
    ) throws(TabStripError) -> Bool where Provider.Page == Page {
        defer { _checkAfterMutation() }
        guard position.pageCount == pageCount else {
            throw .countMismatch(expected: pageCount, actual: position.pageCount)
        }
        let previous = focus
        let left = position.leftIndex
        let right = left + 1
        let leftVisible = position.leftFactor > visibilityThreshold && mayBecomeVisible(left)
        let rightVisible = right < pageCount && position.rightFactor > visibilityThreshold && mayBecomeVisible(right)
        let visible: Range<Int>
        switch (leftVisible, rightVisible) {
        case (true, true): visible = left..<right + 1
        case (true, false): visible = left..<right
        case (false, true): visible = right..<right + 1
        case (false, false): visible = left..<left
        }
        // Most frames of a drag or a settle see the pages the last frame
        // saw: their requests are satisfied already.
        if _visibilitySettled, visible == _visiblePages { return true }
        _visiblePages = visible
        collectRequests(visible: true, target: false, window: false)
        satisfyRequests(previousFocus: previous, using: &provider)
        _visibilitySettled = true
        return false
    }

    /// Reports the pager scrolled to `offset` with pages `pageWidth` wide;
    /// the same as ``updateVisibility(for:using:)`` with a
    /// `PagerPosition` over ``pageCount`` pages.
    ///
    /// - Throws: the errors of
    ///   `PagerPosition/init(offset:pageWidth:pageCount:)` (a cache with no
    ///   pages has no position: `"pageCount"`); the cache is unchanged.
    /// - Complexity: as ``updateVisibility(for:using:)``.
    @inlinable package mutating func updateVisibility<Provider: PageProvider>(
        offset: Double,
        pageWidth: Double,
        using provider: inout Provider
    ) throws(TabStripError) where Provider.Page == Page {
        defer { _checkAfterMutation() }
        let position = try PagerPosition(offset: offset, pageWidth: pageWidth, pageCount: pageCount)
        try updateVisibility(for: position, using: &provider)
    }

    /// The pager has come to rest on `page` (a drag or a jump finished, or
    /// the host selected the page without animation): it becomes the
    /// settled page and the only visible one, is loaded if needed, and its
    /// neighbours within ``preloadRadius`` are preloaded. Ends any jump.
    ///
    /// - Throws: `TabStripError/indexOutOfRange(index:count:)` unless
    ///   `0 <= page < pageCount`; the cache is unchanged.
    /// - Complexity: O(preloadRadius), plus O(1) per eviction.
    @inlinable package mutating func completeTransition<Provider: PageProvider>(
        to page: Int,
        using provider: inout Provider
    ) throws(TabStripError) where Provider.Page == Page {
        defer { _checkAfterMutation() }
        _visibilitySettled = false
        try TabStripError.requireIndex(page, in: pageCount)
        let previous = focus
        _jumpTarget = nil
        _currentPage = page
        _visiblePages = page..<page + 1
        collectRequests(visible: true, target: false, window: true)
        satisfyRequests(previousFocus: previous, using: &provider)
    }

    /// Starts an animated jump to `page` (a tap on a far tab): loads the
    /// target now so it is ready when the animation lands, and until the
    /// jump ends lets only the target and the settled page's window count as
    /// visible, so none of the pages the animation scrolls past is loaded
    /// (a tap on a far tab must not load every page in between).
    ///
    /// Visible pages outside that set stop counting as visible at once. End
    /// the jump with ``completeTransition(to:using:)`` (normally to `page`)
    /// or ``cancelJump()`` when the user takes over.
    ///
    /// - Throws: `TabStripError/indexOutOfRange(index:count:)` unless
    ///   `0 <= page < pageCount`; the cache is unchanged.
    /// - Complexity: O(1), plus O(1) per eviction.
    @inlinable package mutating func beginJump<Provider: PageProvider>(
        to page: Int,
        using provider: inout Provider
    ) throws(TabStripError) where Provider.Page == Page {
        defer { _checkAfterMutation() }
        _visibilitySettled = false
        try TabStripError.requireIndex(page, in: pageCount)
        let previous = focus
        _jumpTarget = page
        let lower = visiblePages.lowerBound
        let upper = visiblePages.upperBound
        if lower < upper {
            let keepFirst = mayBecomeVisible(lower)
            let keepLast = mayBecomeVisible(upper - 1)
            switch (keepFirst, keepLast) {
            case (true, true): break
            case (true, false): _visiblePages = lower..<lower + 1
            case (false, true): _visiblePages = upper - 1..<upper
            case (false, false): _visiblePages = lower..<lower
            }
        }
        collectRequests(visible: false, target: true, window: false)
        satisfyRequests(previousFocus: previous, using: &provider)
    }

    /// Ends a jump without settling (the user grabbed the pager mid-flight):
    /// visibility updates count every page again. The target stays live but
    /// is no longer pinned.
    /// - Complexity: O(1).
    @inlinable package mutating func cancelJump() {
        defer { _checkAfterMutation() }
        _visibilitySettled = false
        _jumpTarget = nil
    }
}
