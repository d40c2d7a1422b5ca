import TabStripCore
import TabStripMotion

/// The user's gestures and the display frame.
extension TabBar {
    /// Shows the display frame at `time`: the pager's drag and settle (the
    /// indicator and titles follow it, and its tab is selected when it
    /// comes to rest), a jump, the strip's animation or fling, a tap's
    /// press feedback and a drag to reorder's auto-scroll, shifts and
    /// settle; lazily measured tabs coming into view are measured first.
    /// Call it on every display-link tick while ``needsFrames`` is `true`.
    /// - Throws: a bad time; `TabStripError/reentrantCall(operation:)`
    ///   from a callback. Nothing changes.
    /// - Complexity: O(1) for a frame whose visible tabs do not change,
    ///   O(log n + k) for k tabs entering or leaving, plus page loads.
    @inlinable public func advance(to time: Double) throws(TabStripError) {
        try enter("advance(to:)")
        defer { leave() }
        try sync.advance(to: time)
        if reorder.needsFrames { try reorder.advance(to: time) }
    }

    /// Selects tab `index` and its page at `time`: animated, the pager
    /// jumps straight to the page (the pages between never load) while the
    /// indicator slides and the strip scrolls to the tab; or at once.
    /// - Returns: `PagerResponse/dragInProgress` while the pages are
    ///   dragged (nothing changes), else `PagerResponse/accepted`.
    /// - Throws: `TabStripError/indexOutOfRange(index:count:)`; a bad
    ///   time. Nothing changes.
    /// - Complexity: O(log n) plus loading the page.
    @discardableResult
    public func select(_ index: Int, animated: Bool = true, at time: Double) throws(TabStripError) -> PagerResponse {
        try call("select(_:animated:at:)") { () throws(TabStripError) in
            try sync.selectTab(index, animated: animated, at: time)
        }
    }

    /// A tap on tab `index` at `time`: its press feedback plays and it is
    /// selected, animated (see ``select(_:animated:at:)``).
    /// - Throws: as ``select(_:animated:at:)``.
    /// - Complexity: O(log n) plus loading the page.
    @discardableResult
    public func tapTab(_ index: Int, at time: Double) throws(TabStripError) -> PagerResponse {
        try call("tapTab(_:at:)") { () throws(TabStripError) in try sync.tapTab(index, at: time) }
    }

    /// Scrolls the strip to tab `index` with `scroll` without selecting it,
    /// animated or at once (the tab lands where the call at once puts it,
    /// its neighbours measured first on a strip with estimated widths).
    /// - Throws: `TabStripError/indexOutOfRange(index:count:)`; a bad
    ///   time. Nothing changes.
    /// - Complexity: O(log n + k) for k tabs entering or leaving.
    public func reveal(_ index: Int, scroll: SelectionScroll = .reveal, animated: Bool = true, at time: Double)
        throws(TabStripError)
    {
        try call("reveal(_:scroll:animated:at:)") { () throws(TabStripError) in
            try sync.reveal(index, scroll: scroll, animated: animated, at: time)
        }
    }

    /// The host's own scroll view moved the strip to `offset` at `time`
    /// (its scroll callback): any animation or fling stops. On a strip with
    /// estimated widths, the offset in effect may differ (see
    /// `TabStripHost/contentOffsetDidChange(to:)`).
    /// - Throws: `TabStripError/invalidOffset(_:)`; a tab coming into
    ///   view that cannot be measured; a bad time. Nothing changes.
    /// - Complexity: O(1) for a frame whose visible tabs do not change,
    ///   O(log n + k) otherwise.
    @inlinable public func setContentOffset(_ offset: Double, at time: Double) throws(TabStripError) {
        try enter("setContentOffset(_:at:)")
        defer { leave() }
        try sync.scrollStrip(to: offset, at: time)
    }

    // MARK: Pages

    /// A finger went down on the pages at `time`.
    /// - Returns: `PagerResponse/refusedWhileSettling(until:)` while a
    ///   settle runs (as a video feed does), else `PagerResponse/accepted`.
    /// - Throws: a bad time. Nothing changes.
    @discardableResult
    public func beginPageDrag(at time: Double) throws(TabStripError) -> PagerResponse {
        try call("beginPageDrag(at:)") { () throws(TabStripError) in try sync.beginPageDrag(at: time) }
    }

    /// The finger on the pages moved by `translation` points from where it
    /// went down (negative towards the next page in left to right).
    /// - Throws: a NaN or infinite translation; a bad time. Nothing changes.
    @discardableResult
    public func movePageDrag(translation: Double, at time: Double) throws(TabStripError) -> PagerResponse {
        try call("movePageDrag(translation:at:)") { () throws(TabStripError) in
            try sync.movePageDrag(translation: translation, at: time)
        }
    }

    /// The finger left the pages: the pager settles on the page its
    /// `PagingRule` picks from `translation` and the velocity, and the
    /// strip follows.
    /// - Throws: NaN or infinite values; a bad time. Nothing changes.
    @discardableResult
    public func endPageDrag(translation: Double, velocityPerMillisecond: Double, at time: Double)
        throws(TabStripError) -> PagerResponse
    {
        try call("endPageDrag(translation:velocityPerMillisecond:at:)") { () throws(TabStripError) in
            try sync.endPageDrag(translation: translation, velocityPerMillisecond: velocityPerMillisecond, at: time)
        }
    }

    /// The page drag was cancelled (the system took the touch): the pager
    /// settles back on its page.
    /// - Throws: a bad time. Nothing changes.
    @discardableResult
    public func cancelPageDrag(at time: Double) throws(TabStripError) -> PagerResponse {
        try call("cancelPageDrag(at:)") { () throws(TabStripError) in try sync.cancelPageDrag(at: time) }
    }

    // MARK: The strip itself

    /// The finger drags the strip so that its offset would be `offset`
    /// (through the rubber band past the ends when the physics bounces).
    /// - Throws: a NaN, infinite or huge offset; a bad time. Nothing
    ///   changes.
    /// - Complexity: O(log n + k) for k tabs entering or leaving.
    public func dragStrip(to offset: Double, at time: Double) throws(TabStripError) {
        try call("dragStrip(to:at:)") { () throws(TabStripError) in try sync.dragStrip(to: offset, at: time) }
    }

    /// The finger left the strip at `velocity` points per second (towards
    /// larger offsets when positive): the strip flings.
    /// - Throws: a NaN, infinite or huge velocity; a bad time. Nothing
    ///   changes.
    public func releaseStrip(velocityPerSecond velocity: Double, at time: Double) throws(TabStripError) {
        try call("releaseStrip(velocityPerSecond:at:)") { () throws(TabStripError) in
            try sync.releaseStrip(velocityPerSecond: velocity, at: time)
        }
    }

    // MARK: Drag to reorder

    /// A long press lifts tab `index` under a finger at `x` (the strip's
    /// visible coordinates, 0 at the viewport's left edge) at `time`: its
    /// cell follows the finger, the tabs it passes make room, and the strip
    /// scrolls by itself near its edges (see <doc:Reorder>). The strip's
    /// own animation or fling stops.
    /// - Throws: `TabStripError/reorderInProgress(tab:)`,
    ///   `TabStripError/tabPinned(index:)`,
    ///   `TabStripError/tabNotShown(index:)`,
    ///   `TabStripError/indexOutOfRange(index:count:)`; a bad `x` or time.
    ///   Nothing changes.
    /// - Complexity: O(log n + v).
    public func beginReorder(tab index: Int, at x: Double, time: Double) throws(TabStripError) {
        try call("beginReorder(tab:at:time:)") { () throws(TabStripError) in
            try TabStripError.requireTime(time, notBefore: sync.lastTime)
            try reorder.begin(tab: index, at: x, time: time)
            try sync.stopStripMotion(at: time)
        }
    }

    /// The finger of a drag to reorder moved to `x` at `time`.
    /// - Throws: `TabStripError/noReorderInProgress(operation:)`; a bad
    ///   `x` or time. Nothing changes.
    /// - Complexity: O(log² n + v).
    public func moveReorder(to x: Double, at time: Double) throws(TabStripError) {
        try call("moveReorder(to:at:)") { () throws(TabStripError) in try reorder.move(to: x, at: time) }
    }

    /// The finger lifts at `time`: the tab moves to
    /// ``reorderDestination`` in one edit (its page, selection and badge
    /// with it), then settles into its new frame.
    /// - Returns: The dropped tab's new index.
    /// - Throws: `TabStripError/noReorderInProgress(operation:)`; a bad
    ///   time. Nothing changes.
    /// - Complexity: that of ``moveTab(from:to:at:)``.
    @discardableResult
    public func dropReorder(at time: Double) throws(TabStripError) -> Int {
        try call("dropReorder(at:)") { () throws(TabStripError) in
            try TabStripError.requireTime(time, notBefore: sync.lastTime)
            guard let source = reorder.draggedTab else { throw .noReorderInProgress(operation: "dropReorder(at:)") }
            let destination = try reorder.drop(at: time)
            try sync.didEdit(
                newIndex: { TabStripGeometry.index($0, afterMovingFrom: source, to: destination) }, at: time)
            return destination
        }
    }

    /// Ends a drag to reorder without moving the tab: the tabs that made
    /// room go back and the lifted tab settles into its place.
    /// - Throws: `TabStripError/noReorderInProgress(operation:)`; a bad
    ///   time. Nothing changes.
    public func cancelReorder(at time: Double) throws(TabStripError) {
        try call("cancelReorder(at:)") { () throws(TabStripError) in try reorder.cancel(at: time) }
    }
}
