/// How the strip scrolls when a tab is selected.
///
/// With pinned tabs (see ``PinnedTabs``) the viewport's edges and centre
/// are those of the part the pinned tabs leave, and selecting a pinned tab, always in view, does not scroll.
public enum SelectionScroll: Hashable, Sendable {
    /// The content offset stays where it is.
    case none
    /// The strip scrolls as little as possible to show the tab with
    /// ``TabStrip/revealMargin`` on each side (as on Douyin's header; less
    /// where the tab and its margins are wider than the viewport, so that
    /// the tab is shown whole).
    case reveal
    /// The strip scrolls so the tab is centred, clamped to the content
    /// (as a news title bar does).
    case center
    /// The strip scrolls so the tab's leading edge (left in left-to-right
    /// layouts, right in right-to-left ones) meets the viewport's leading
    /// edge, clamped to the content (the tab list of a browser scrolled to
    /// a tab).
    case leading
    /// The strip scrolls so the tab's trailing edge (right in left-to-right
    /// layouts, left in right-to-left ones) meets the viewport's trailing
    /// edge, clamped to the content (a "+" or the newest tab brought in
    /// from the end).
    case trailing
}

extension TabStrip {
    /// Selects tab `index` (a tap, or the pager settling on a page) and ends
    /// any transition in progress. The offset jumps; for an animated scroll, read
    /// ``targetContentOffset(forSelecting:scroll:)`` and animate towards it.
    ///
    /// On a strip with estimated widths, the tab and the tabs in view
    /// around it are measured first, so the offset lands where it would on
    /// a strip whose every tab is measured (relative to the tabs shown).
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)``;
    ///   ``TabStripError/titleUnavailable(index:)`` or
    ///   ``TabStripError/invalidWidth(index:value:)`` for a tab that cannot
    ///   be measured. Nothing changes.
    /// - Complexity: O(log n).
    public mutating func select(_ index: Int, scroll: SelectionScroll = .center) throws(TabStripError) {
        defer { _checkAfterMutation() }
        if unmeasured.count != 0 { return try scrollMeasuring(index, scroll: scroll, selecting: true) }
        let target = try targetContentOffset(forSelecting: index, scroll: scroll)
        try geometry.setContentOffset(target)
        selectedIndex = index
        transition = nil
    }

    /// Where the content offset goes when tab `index` is selected with
    /// `scroll`.
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)``.
    /// - Complexity: O(log n).
    public func targetContentOffset(forSelecting index: Int, scroll: SelectionScroll) throws(TabStripError) -> Double {
        try TabStripError.requireIndex(index, in: tabCount)
        switch scroll {
        case .none: return contentOffset
        case .reveal: return try geometry.contentOffset(revealingTab: index, margin: revealMargin)
        case .center: return try geometry.contentOffset(centeringTab: index)
        case .leading: return try geometry.contentOffset(aligningTab: index, trailing: false)
        case .trailing: return try geometry.contentOffset(aligningTab: index, trailing: true)
        }
    }

    /// Scrolls the strip to tab `index` with `scroll` without selecting it
    /// (the selection, a transition and the indicator stay as they are):
    /// a search result, a tab a screen reader moves to, a new tab brought
    /// into view. The offset jumps; for an animated scroll, use
    /// `TabBar.reveal(_:scroll:animated:at:)` or animate towards
    /// ``targetContentOffset(forSelecting:scroll:)``.
    ///
    /// On a strip with estimated widths, the tab and the tabs in view
    /// around it are measured first, so the tab lands on screen where it
    /// would on a strip whose every tab is measured.
    /// - Returns: The content offset now in effect.
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)``;
    ///   ``TabStripError/titleUnavailable(index:)`` or
    ///   ``TabStripError/invalidWidth(index:value:)`` for a tab that cannot
    ///   be measured. Nothing changes.
    /// - Complexity: O(log n), plus the measurement of the tabs shown.
    @discardableResult
    public mutating func reveal(_ index: Int, scroll: SelectionScroll = .reveal) throws(TabStripError) -> Double {
        defer { _checkAfterMutation() }
        if unmeasured.count != 0 {
            try scrollMeasuring(index, scroll: scroll, selecting: false)
        } else {
            try geometry.setContentOffset(try targetContentOffset(forSelecting: index, scroll: scroll))
        }
        return contentOffset
    }

    /// Records a pager drag between the selected tab and a neighbour, which
    /// the indicator and title appearance follow (a ``transition`` from the
    /// selected tab to the neighbour; none at progress 0).
    ///
    /// `progress.currentIndex` must be the selected tab: a drag starts from
    /// the page the pager rests on. Call ``select(_:scroll:)`` when the pager
    /// settles on a new page.
    /// - Throws: ``TabStripError/countMismatch(expected:actual:)`` when the
    ///   pager has a different number of pages than the strip has tabs;
    ///   ``TabStripError/invalidValue(name:value:)`` (name `"currentIndex"`)
    ///   when its current page is not the selected tab. Nothing changes.
    /// - Complexity: O(1).
    public mutating func setPagerProgress(_ progress: PagerProgress) throws(TabStripError) {
        defer { _checkAfterMutation() }
        guard progress.pageCount == tabCount else {
            throw .countMismatch(expected: tabCount, actual: progress.pageCount)
        }
        guard progress.currentIndex == selectedIndex else {
            throw .invalidValue(name: "currentIndex", value: Double(progress.currentIndex))
        }
        let next = progress.neighbourIndex.map {
            TabTransition(from: progress.currentIndex, to: $0, fraction: progress.fraction)
        }
        guard unmeasured.count != 0 else {
            transition = next
            return
        }
        let saved = ShownState(self)
        transition = next
        try measureShownTabs(restoring: saved)
    }

    /// Records a transition from the selected tab towards tab `target`,
    /// `fraction` of the way: an animated selection of a far tab uses this
    /// every frame, then ``select(_:scroll:)`` when it lands. `fraction` is
    /// clamped to `[0, 1]`; 0, or `target` equal to the selected tab, ends
    /// the transition.
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)``;
    ///   ``TabStripError/invalidValue(name:value:)`` (name `"fraction"`) for
    ///   NaN. Nothing changes.
    /// - Complexity: O(1).
    public mutating func setTransition(to target: Int, fraction: Double) throws(TabStripError) {
        defer { _checkAfterMutation() }
        try TabStripError.requireIndex(target, in: tabCount)
        guard !fraction.isNaN else { throw .invalidValue(name: "fraction", value: fraction) }
        let f = Swift.min(Swift.max(fraction, 0), 1)
        guard let selected = selectedIndex, target != selected, f > 0 else {
            transition = nil
            return
        }
        let next = TabTransition(from: selected, to: target, fraction: f)
        guard unmeasured.count != 0 else {
            transition = next
            return
        }
        let saved = ShownState(self)
        transition = next
        try measureShownTabs(restoring: saved)
    }

    /// Ends any transition: the selected tab looks selected again.
    /// - Complexity: O(1).
    public mutating func endTransition() {
        defer { _checkAfterMutation() }
        transition = nil
    }

    /// How selected tab `index` looks now, in `[0, 1]`: 1 for the selected
    /// tab at rest; during a transition `1 − fraction` for the tab it leaves
    /// and `fraction` for the tab it heads to; 0 otherwise.
    /// - Complexity: O(1).
    @inlinable
    func selectionAmount(ofTab index: Int) -> Double {
        if let transition {
            if index == transition.from { return 1 - transition.fraction }
            if index == transition.to { return transition.fraction }
            return 0
        }
        return index == selectedIndex ? 1 : 0
    }

    /// How tab `index`'s title looks now: selected, at rest, or between the
    /// two during a transition (Douyin's colour and scale interpolation).
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)``.
    /// - Complexity: O(1).
    public func titleAppearance(ofTab index: Int) throws(TabStripError) -> TitleAppearance {
        try TabStripError.requireIndex(index, in: tabCount)
        return titleStyle.appearance(selection: selectionAmount(ofTab: index))
    }

    /// The indicator's frame now: under the selected tab, or between the two
    /// tabs of a transition; `nil` when there are no tabs.
    /// - Complexity: O(log n).
    public var indicatorFrame: Rect? { indicatorFrame(pinShifts: nil) }

    /// ``indicatorFrame``, given the pinned tabs' shifts and the scrolling
    /// tabs between them when the caller has them (the virtualiser's
    /// scroll frames place the pinned tabs first).
    /// - Complexity: O(log n).
    @usableFromInline
    func indicatorFrame(pinShifts: (leading: Double, trailing: Double, scrolling: Range<Int>)?) -> Rect? {
        guard let selectedIndex else { return nil }
        let from = transition?.from ?? selectedIndex
        // The selection and the transition's target are tabs, and the
        // geometry's frames and height are finite with sizes `>= 0`.
        let (current, neighbour) = shownTransitionFrames(from: from, pinShifts: pinShifts)
        return indicatorStyle.frame(
            uncheckedCurrent: current, neighbour: neighbour,
            progress: transition?.fraction ?? 0, stripHeight: viewport.height
        )
    }

    /// Seed 002's selected-colour overlay: the clipping window (one tab wide,
    /// moving with the transition) and the overlay's content offset; `nil`
    /// when there are no tabs.
    /// - Complexity: O(log n).
    public var selectionOverlay: SelectionOverlay? {
        guard let selectedIndex else { return nil }
        let from = transition?.from ?? selectedIndex
        let (current, target) = shownTransitionFrames(from: from)
        return SelectionOverlay(window: interpolate(current, target ?? current, transition?.fraction ?? 0))
    }

    /// Where tab `from` (the selected tab, or the one a transition leaves)
    /// and the transition's target are shown: the frames the indicator
    /// and the selection overlay move between. One check of the pins for
    /// both (a pinned tab is shown away from its place in the content).
    /// - Complexity: O(log n).
    @inline(__always)
    func shownTransitionFrames(
        from: Int, pinShifts: (leading: Double, trailing: Double, scrolling: Range<Int>)? = nil
    ) -> (current: Rect, neighbour: Rect?) {
        var current = frame(unchecked: from)
        var neighbour = transition.map { frame(unchecked: $0.to) }
        if geometry._hasPinnedTabs {
            func shift(_ tab: Int) -> Double {
                guard let pinShifts else { return geometry.pinShift(ofTab: tab) }
                if tab < pinShifts.scrolling.lowerBound { return pinShifts.leading }
                return tab < pinShifts.scrolling.upperBound ? 0 : pinShifts.trailing
            }
            current.x += shift(from)
            if let to = transition?.to { neighbour?.x += shift(to) }
        }
        return (current, neighbour)
    }
}

/// A selection on its way from one tab to another: a pager dragged towards
/// a neighbour, or an animated selection of a far tab.
public struct TabTransition: Hashable, Sendable {
    /// The selected tab the transition leaves.
    public var from: Int
    /// The tab it heads to.
    public var to: Int
    /// How far it has gone, in `(0, 1]`.
    public var fraction: Double
}
