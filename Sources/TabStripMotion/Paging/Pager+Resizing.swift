import TabStripCore

extension Pager {
    /// Changes the distance between pages (the viewport was resized or
    /// rotated), keeping the current page.
    ///
    /// A drag in progress keeps its translation from the rescaled start; a
    /// settle keeps its timing, with both ends rescaled, so it still lands
    /// exactly on the current page.
    ///
    /// - Throws: `TabStripError/invalidValue(name:value:)` (name
    ///   `"pageWidth"`) unless the size is finite and positive.
    /// - Complexity: O(1).
    @usableFromInline package mutating func setPageWidth(_ newPageWidth: Double) throws(TabStripError) {
        try Pager.validate(pageWidth: newPageWidth)
        let ratio = newPageWidth / pageWidth
        var newPhase = phase
        switch phase {
        case .idle:
            break
        case .dragging(let startOffset, let translation):
            newPhase = .dragging(startOffset: startOffset * ratio, translation: translation)
        case .settling(let animation):
            newPhase = .settling(
                try TimedAnimation(
                    from: animation.from * ratio, to: Double(currentPage) * newPageWidth,
                    startTime: animation.startTime, duration: animation.duration, curve: animation.curve))
        }
        pageWidth = newPageWidth
        phase = newPhase
        _checkInvariants()
    }

    /// Changes the number of pages (pages were added or removed at the end).
    ///
    /// When the current page no longer exists, the pager moves to the new
    /// last page (a documented clamp): at once when idle, by retargeting a
    /// settle in progress (same timing), and a drag continues from the
    /// clamped page.
    ///
    /// - Throws: `TabStripError/invalidValue(name:value:)` (name
    ///   `"pageCount"`) when the count is below 1.
    /// - Complexity: O(1).
    @usableFromInline package mutating func setPageCount(_ newPageCount: Int) throws(TabStripError) {
        try Pager.validate(pageCount: newPageCount)
        let newPage = min(currentPage, newPageCount - 1)
        var newPhase = phase
        switch phase {
        case .idle:
            break
        case .dragging(let startOffset, let translation):
            newPhase = .dragging(startOffset: min(startOffset, offset(ofPage: newPage)), translation: translation)
        case .settling(let animation):
            newPhase = .settling(
                try TimedAnimation(
                    from: animation.from, to: offset(ofPage: newPage),
                    startTime: animation.startTime, duration: animation.duration, curve: animation.curve))
        }
        pageCount = newPageCount
        currentPage = newPage
        phase = newPhase
        _checkInvariants()
    }
}

extension Pager {
    /// Renumbers the pages after tabs were inserted, removed or moved
    /// anywhere (a new list applied by identity): `pageCount` pages, the
    /// page shown now being `currentPage`. Everything in progress moves
    /// with it by whole pages: a drag keeps the finger's translation from
    /// the same place on that page, and a settle keeps its timing and
    /// lands on it.
    ///
    /// - Throws: `TabStripError/invalidValue(name:value:)` (name
    ///   `"pageCount"`) when the count is below 1;
    ///   `TabStripError/indexOutOfRange(index:count:)` for a page outside
    ///   it. Nothing changes.
    /// - Complexity: O(1).
    @usableFromInline package mutating func renumberPages(count newPageCount: Int, currentPage newPage: Int)
        throws(TabStripError)
    {
        try Pager.validate(pageCount: newPageCount)
        try TabStripError.requireIndex(newPage, in: newPageCount)
        let shift = Double(newPage - currentPage) * pageWidth
        var newPhase = phase
        switch phase {
        case .idle:
            break
        case .dragging(let startOffset, let translation):
            newPhase = .dragging(startOffset: startOffset + shift, translation: translation)
        case .settling(let animation):
            newPhase = .settling(
                try TimedAnimation(
                    from: animation.from + shift, to: Double(newPage) * pageWidth,
                    startTime: animation.startTime, duration: animation.duration, curve: animation.curve))
        }
        pageCount = newPageCount
        currentPage = newPage
        phase = newPhase
        _checkInvariants()
    }
}
