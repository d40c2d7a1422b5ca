/// A screen reader across any number of tabs: one accessibility element for
/// the whole strip (UIKit's adjustable element, AppKit's tab group, a
/// terminal's spoken status line) instead of one per tab, whose value is
/// the focused tab's ``TabAccessibility/announcement`` and whose actions
/// move the focus.
extension TabStripVirtualizer {
    /// The tab a screen reader is on: `nil` until the first
    /// ``moveAccessibilityFocus(_:)``. Edits keep it on its tab: inserts,
    /// removes and moves shift it with the tab; when its tab is removed it
    /// goes to the first tab after the removed ones (the last tab when none
    /// is left after them; `nil` when the strip is empty); replacing every
    /// tab keeps its index, clamped to the new last tab.
    /// - Complexity: O(1).
    @inlinable package var accessibilityFocus: Int? { _accessibilityFocus }

    /// Moves the screen reader's focus and scrolls the strip as little as
    /// possible to show the focused tab (`SelectionScroll.reveal`, measured
    /// first on a strip with estimated widths); the selection does not
    /// change (the host selects the focused tab when the user activates
    /// it). A move by a count starts from the focused tab, or from the
    /// selected tab before the first move.
    /// - Returns: What the screen reader says of the focused tab.
    /// - Throws: ``TabStripError/reentrantCall(operation:)`` from inside a
    ///   host callback; ``TabStripError/indexOutOfRange(index:count:)`` for
    ///   a `.to` index outside `0..<tabCount`, or any move on an empty
    ///   strip; ``TabStripError/titleUnavailable(index:)`` or
    ///   ``TabStripError/invalidWidth(index:value:)`` when a tab to show
    ///   cannot be measured. Nothing changes.
    /// - Complexity: O(log n + k) for k tabs entering or leaving, plus the
    ///   measurement of the tabs shown.
    @discardableResult
    @usableFromInline package func moveAccessibilityFocus(_ move: TabFocusMove) throws(TabStripError)
        -> TabAccessibility
    {
        try _enter("moveAccessibilityFocus(_:)")
        defer { _leave() }
        let count = _strip.tabCount
        let target: Int
        switch move {
        case .to(let index):
            try TabStripError.requireIndex(index, in: count)
            target = index
        case .by(let step):
            guard count > 0 else { throw .indexOutOfRange(index: 0, count: 0) }
            let start = _accessibilityFocus ?? _strip.selectedIndex ?? 0
            let (sum, overflow) = start.addingReportingOverflow(step)
            target = overflow ? (step > 0 ? count - 1 : 0) : Swift.min(Swift.max(sum, 0), count - 1)
        }
        // Read before the scroll, which cannot change it (a correction
        // changes no title, badge or selection); both throw before any
        // change.
        let described = try _strip.accessibility(ofTab: target)
        try _strip.reveal(target, scroll: .reveal)
        _accessibilityFocus = target
        updateAfterScroll()
        return described
    }

    /// Shifts the focus past `count` tabs inserted at `index`.
    @usableFromInline
    func _focusAfterInserting(_ count: Int, at index: Int) {
        _accessibilityFocus = _accessibilityFocus.map { $0 >= index ? $0 + count : $0 }
    }

    /// Keeps the focus on its tab after the tabs of `range` were removed,
    /// or puts it on the first tab after them (the last tab, or none).
    @usableFromInline
    func _focusAfterRemoving(_ range: Range<Int>) {
        guard let focus = _accessibilityFocus else { return }
        let count = _strip.tabCount
        if focus < range.lowerBound {
            return
        } else if focus >= range.upperBound {
            _accessibilityFocus = focus - range.count
        } else {
            _accessibilityFocus = count == 0 ? nil : Swift.min(range.lowerBound, count - 1)
        }
    }

    /// Keeps the focus's index after every tab was replaced, clamped.
    @usableFromInline
    func _focusAfterReplacingAll() {
        let count = _strip.tabCount
        _accessibilityFocus = _accessibilityFocus.flatMap { count == 0 ? nil : Swift.min($0, count - 1) }
    }
}
