import TabStripCore
import TabStripMotion

/// Drag to reorder (a channel editor): a finger lifts a tab, the other
/// tabs make room as it passes them, the strip scrolls by itself while the
/// finger stays near one of its edges, and the drop moves the tab with one
/// `TabStripVirtualizer/moveTab(from:to:)`.
///
/// ```swift
/// let reorder = try TabReorder(virtualizer: virtualizer)
/// // Long press on a tab (x in the strip's visible coordinates):
/// try reorder.begin(tab: pressedTab, at: touchX, time: now)
/// // Finger moves:
/// try reorder.move(to: touchX, at: now)
/// // Every display frame while `reorder.needsFrames`:
/// try reorder.advance(to: frameTime)
/// // Finger lifts: the tab lands at `newIndex`, then settles there.
/// let newIndex = try reorder.drop(at: now)
/// ```
///
/// The strip itself does not change until the drop: while the finger
/// moves, this object places cells through the host's `place(_:at:)` at
/// frames shifted from the strip's. The dragged tab's cell follows the
/// finger (kept, not recycled, while its tab scrolls out of view); each
/// tab between the dragged tab's place and ``destination`` moves by the
/// dragged tab's width plus the layout's spacing, towards the place the
/// dragged tab left, over ``shiftDuration`` on an ease-out curve, as a
/// `TimedAnimation` of time; the indicator moves with the selected tab.
/// The destination is the place where the dragged tab's centre falls
/// among the other tabs' centres (so a neighbour gives way once the centre
/// passes its middle). After the drop, the lifted cell settles into its
/// new frame over ``settleDuration`` and the tabs still on their way
/// finish their shift; ``needsFrames`` stays `true` until then. Every
/// frame is a pure function of the calls and their times: a session
/// replayed with the same times shows the same frames.
///
/// Auto-scroll: while the finger is within ``edgeWidth`` of the viewport's
/// left or right edge (of the part the pinned tabs leave, with pinned
/// tabs: see `PinnedTabs`), the content offset moves towards that edge at
/// ``maximumScrollSpeed`` times the square of the depth into the edge zone
/// (0 at its inner border, 1 at the edge or beyond), clamped to the
/// content.
///
/// Coordinates: a finger's `x` is in the strip's visible coordinates
/// (0 at the viewport's left edge), physical in either layout direction.
/// A finger outside the viewport is accepted (it scrolls at the full
/// speed); the lifted tab stays within the tabs' span.
///
/// Times follow ``PagerSync``'s rules: finite, of magnitude at most
/// `TabStripLimits/maximumTime`, never earlier than ``lastTime``; a bad time
/// throws and changes nothing.
///
/// Edits: the tabs, the viewport, the layout or the pinned tabs changed
/// through ``virtualizer`` during a drag cancel it at this object's next call:
/// every cell in view goes back to its frame, the indicator to the
/// strip's, and ``move(to:at:)``, ``drop(at:)`` and ``cancel(at:)`` then
/// throw `TabStripError/noReorderInProgress(operation:)`. Scroll the strip
/// only through this object during a drag (its auto-scroll), so the cells
/// entering the view are shifted in the same frame.
///
/// Re-entrancy: a call from inside one of the host's callbacks is refused
/// with `TabStripError/reentrantCall(operation:)` and changes nothing.
@usableFromInline
package final class TabReorder<Host: TabStripHost> {
    /// The strip and its cells.
    @usableFromInline package let virtualizer: TabStripVirtualizer<Host>
    /// How long a tab takes to make room (or to go back), in seconds.
    @usableFromInline package let shiftDuration: Double
    /// How long the lifted tab takes to settle into its frame after a drop
    /// or a cancel, in seconds.
    @usableFromInline package let settleDuration: Double
    /// The width of the zones at the viewport's left and right edges where
    /// a finger scrolls the strip, in points.
    @usableFromInline package let edgeWidth: Double
    /// The auto-scroll speed with the finger at the very edge, in points
    /// per second.
    @usableFromInline package let maximumScrollSpeed: Double

    /// The drag under way.
    @usableFromInline struct Drag {
        /// The dragged tab (its index in the strip, unchanged until the drop).
        var tab: Int
        /// The finger's x in the strip's visible coordinates.
        var location: Double
        /// The finger's distance from the lifted tab's left edge.
        var grab: Double
        /// Where the tab would land now.
        var destination: Int
        /// The content offset and time the auto-scroll counts from.
        var anchorOffset: Double
        var anchorTime: Double
    }

    /// The lifted cell on its way to its frame after a drop or a cancel.
    @usableFromInline struct Settle {
        var tab: Int
        /// The lifted frame's x when the finger let go.
        var fromX: Double
        var animation: TimedAnimation
    }

    @usableFromInline var drag: Drag?
    @usableFromInline var settle: Settle?
    /// The shifts under way, by tab: a tab not listed rests at its target
    /// (see ``targetShift(ofTab:drag:room:)``).
    @usableFromInline var shifts: [(tab: Int, animation: TimedAnimation)] = []
    /// The indicator's shift last shown.
    @usableFromInline var indicatorShift = 0.0
    /// The cells and frames one frame places (kept across frames, its
    /// capacity reused).
    @usableFromInline var placements: [(cell: Host.Cell, frame: Rect)] = []
    /// The time of the last call.
    @usableFromInline package var lastTime: Double? { _lastTime }
    @usableFromInline var _lastTime: Double?
    /// Whether one of this object's calls is running.
    @usableFromInline package var isBusy = false

    /// Creates a reorder gesture for `virtualizer`.
    /// - Parameters:
    ///   - shiftDuration: How long a tab takes to make room (0.2 s).
    ///   - settleDuration: How long the dropped tab takes to settle (0.25 s).
    ///   - edgeWidth: The auto-scroll zones' width (48 points).
    ///   - maximumScrollSpeed: The auto-scroll speed at the edge (1,200
    ///     points per second).
    /// - Throws: `TabStripError/invalidValue(name:value:)` naming the
    ///   parameter for a negative, NaN or infinite value;
    ///   `TabStripError/lengthExceedsLimit(name:value:limit:)` above
    ///   `TabStripLimits/maximumLength`.
    /// - Complexity: O(1).
    @usableFromInline package init(
        virtualizer: TabStripVirtualizer<Host>, shiftDuration: Double = 0.2, settleDuration: Double = 0.25,
        edgeWidth: Double = 48, maximumScrollSpeed: Double = 1200
    ) throws(TabStripError) {
        try TabStripError.requireLength(shiftDuration, "shiftDuration")
        try TabStripError.requireLength(settleDuration, "settleDuration")
        try TabStripError.requireLength(edgeWidth, "edgeWidth")
        try TabStripError.requireLength(maximumScrollSpeed, "maximumScrollSpeed")
        self.virtualizer = virtualizer
        self.shiftDuration = shiftDuration
        self.settleDuration = settleDuration
        self.edgeWidth = edgeWidth
        self.maximumScrollSpeed = maximumScrollSpeed
    }

    /// The tab being dragged (its index in the strip), or `nil`.
    /// - Complexity: O(1).
    @usableFromInline package var draggedTab: Int? { drag?.tab }

    /// Where the dragged tab would land if dropped now, or `nil` when no
    /// drag is under way.
    /// - Complexity: O(1).
    @usableFromInline package var destination: Int? { drag?.destination }

    /// Whether the host must call ``advance(to:)`` at every display frame:
    /// while the strip scrolls by itself, tabs are shifting, or a dropped
    /// tab settles.
    /// - Complexity: O(1).
    @usableFromInline package var needsFrames: Bool {
        settle != nil || !shifts.isEmpty || (drag.map { scrollSpeed(at: $0.location) != 0 } ?? false)
    }

    /// Lifts tab `index` under a finger at `x` (visible coordinates): its
    /// cell follows the finger from now on. A dropped tab still settling
    /// lands at once first.
    /// - Throws: `TabStripError/reentrantCall(operation:)` from inside a
    ///   callback; `TabStripError/reorderInProgress(tab:)` during a drag;
    ///   `TabStripError/indexOutOfRange(index:count:)`;
    ///   `TabStripError/tabPinned(index:)` for a pinned tab (see
    ///   `PinnedTabs`: pinned tabs stay in place);
    ///   `TabStripError/tabNotShown(index:)` for a tab without a cell;
    ///   `TabStripError/invalidValue(name:value:)` or
    ///   `TabStripError/lengthExceedsLimit(name:value:limit:)` (name `"x"`)
    ///   for a NaN, infinite or huge `x`; a bad time. Nothing changes.
    /// - Complexity: O(log n + v) for v tabs in view.
    @usableFromInline package func begin(tab index: Int, at x: Double, time: Double) throws(TabStripError) {
        try enter("begin(tab:at:time:)")
        defer { isBusy = false }
        try validate(time: time)
        try TabStripError.requireMagnitude(x, atMost: TabStripLimits.maximumLength, "x")
        if let drag { throw .reorderInProgress(tab: drag.tab) }
        try TabStripError.requireIndex(index, in: virtualizer.strip.tabCount)
        if virtualizer.strip.isPinned(index) { throw .tabPinned(index: index) }
        guard virtualizer.visibleTabs.contains(index) else { throw .tabNotShown(index: index) }
        if settle != nil || !shifts.isEmpty { finishAtOnce() }
        try virtualizer._holdCell(ofTab: index)
        let strip = virtualizer.strip
        let frame = try strip.frame(ofTab: index)
        drag = Drag(
            tab: index, location: x, grab: x - (frame.minX - strip.contentOffset), destination: index,
            anchorOffset: strip.contentOffset, anchorTime: time)
        try show(at: time)
        _lastTime = time
    }

    /// The finger moved to `x` (visible coordinates) at `time`: the strip
    /// first scrolls as the finger's last position made it until `time`,
    /// then the lifted tab moves under the finger and the tabs it passes
    /// start making room.
    /// - Throws: `TabStripError/reentrantCall(operation:)` from inside a
    ///   callback; `TabStripError/noReorderInProgress(operation:)` without
    ///   a drag; a bad `x` or time. Nothing changes.
    /// - Complexity: O(log² n + v) for v tabs in view, plus the tabs
    ///   entering the view.
    @usableFromInline package func move(to x: Double, at time: Double) throws(TabStripError) {
        try enter("move(to:at:)")
        defer { isBusy = false }
        try validate(time: time)
        try TabStripError.requireMagnitude(x, atMost: TabStripLimits.maximumLength, "x")
        guard drag != nil else { throw .noReorderInProgress(operation: "move(to:at:)") }
        try autoScroll(to: time)
        drag!.location = x
        drag!.anchorOffset = virtualizer.strip.contentOffset
        drag!.anchorTime = time
        try updateDestination(at: time)
        try show(at: time)
        _lastTime = time
    }

    /// Shows the frame at `time`: the auto-scroll's offset, the shifts'
    /// values, the settling tab's frame.
    /// - Throws: `TabStripError/reentrantCall(operation:)` from inside a
    ///   callback, or a bad time; nothing changes.
    /// - Complexity: O(v) for v tabs in view, plus O(log² n) and the tabs
    ///   entering the view while the strip scrolls.
    @usableFromInline package func advance(to time: Double) throws(TabStripError) {
        try enter("advance(to:)")
        defer { isBusy = false }
        try validate(time: time)
        if drag != nil {
            try catchUp(to: time)
        } else if settle != nil || !shifts.isEmpty {
            try show(at: time)
        }
        _lastTime = time
    }

    /// The finger lifts at `time`: the tab moves to ``destination`` (one
    /// `TabStripVirtualizer/moveTab(from:to:)`, cells kept), then settles
    /// into its frame from where the finger left it.
    /// - Returns: The dragged tab's new index.
    /// - Throws: `TabStripError/reentrantCall(operation:)` from inside a
    ///   callback; `TabStripError/noReorderInProgress(operation:)` without
    ///   a drag; a bad time. Nothing changes.
    /// - Complexity: that of `TabStripVirtualizer/moveTab(from:to:)`, plus
    ///   O(log² n + v).
    @discardableResult
    @usableFromInline package func drop(at time: Double) throws(TabStripError) -> Int {
        try enter("drop(at:)")
        defer { isBusy = false }
        try validate(time: time)
        guard drag != nil else { throw .noReorderInProgress(operation: "drop(at:)") }
        // The frame at `time` first: shifts that ended since the last call
        // land on their targets.
        try catchUp(to: time)
        let d = drag!
        let liftedX = try liftedFrame(of: d).minX
        // Each shifted tab's offset from its place after the move (its
        // target), carried over to its new index.
        var residuals: [(tab: Int, value: Double, end: Double)] = []
        let room = try roomShift(for: d)
        for (tab, animation) in shifts where !animation.isFinished(at: time) {
            let newIndex = TabStripGeometry.index(tab, afterMovingFrom: d.tab, to: d.destination)
            let target = targetShift(ofTab: tab, drag: d, room: room)
            residuals.append((newIndex, animation.value(at: time) - target, animation.endTime))
        }
        if d.destination != d.tab { try virtualizer._moveTab(from: d.tab, to: d.destination, keepingOffset: true) }
        drag = nil
        shifts.removeAll(keepingCapacity: true)
        for residual in residuals where residual.value != 0 {
            if let animation = try? TimedAnimation(
                from: residual.value, to: 0, startTime: time, duration: residual.end - time, curve: .easeOut)
            {
                shifts.append((residual.tab, animation))
            }
        }
        try beginSettle(tab: d.destination, fromX: liftedX, at: time)
        try show(at: time)
        _lastTime = time
        return d.destination
    }

    /// Ends the drag without moving the tab: the tabs that made room go
    /// back, and the lifted tab settles into its own frame.
    /// - Throws: `TabStripError/reentrantCall(operation:)` from inside a
    ///   callback; `TabStripError/noReorderInProgress(operation:)` without
    ///   a drag; a bad time. Nothing changes.
    /// - Complexity: O(log² n + v).
    @usableFromInline package func cancel(at time: Double) throws(TabStripError) {
        try enter("cancel(at:)")
        defer { isBusy = false }
        try validate(time: time)
        guard drag != nil else { throw .noReorderInProgress(operation: "cancel(at:)") }
        // The frame at `time` first: shifts that ended since the last call
        // land on their targets.
        try catchUp(to: time)
        let d = drag!
        let liftedX = try liftedFrame(of: d).minX
        try retarget(d, to: d.tab, at: time)
        drag = nil
        try beginSettle(tab: d.tab, fromX: liftedX, at: time)
        try show(at: time)
        _lastTime = time
    }

    /// Follows an edit of the tabs made through `TabBar` (inserted,
    /// removed, moved, a new list applied; `newIndex` gives each old
    /// index's new one, `nil` when removed) and keeps a drag under way: the
    /// dragged tab stays under the finger at its new index (its cell
    /// kept), and the tabs make room for it again from their new places.
    /// When the dragged tab was removed, or is now pinned, the drag ends
    /// (its cell is recycled with its tab). A dropped tab still settling
    /// lands at once.
    /// - Throws: a bad time; nothing changes.
    /// - Complexity: O(log² n + v).
    @usableFromInline package func follow(newIndex: (Int) -> Int?, at time: Double) throws(TabStripError) {
        guard drag != nil || settle != nil || !shifts.isEmpty else { return }
        try enter("follow(newIndex:at:)")
        defer { isBusy = false }
        try validate(time: time)
        let old = drag
        drag = nil
        resetScreen()
        if let old, let tab = newIndex(old.tab), !virtualizer.strip.isPinned(tab) {
            let strip = virtualizer.strip
            drag = Drag(
                tab: tab, location: old.location, grab: old.grab, destination: tab,
                anchorOffset: strip.contentOffset, anchorTime: time)
            try updateDestination(at: time)
            try show(at: time)
        } else {
            try? virtualizer._releaseHeldCell()
        }
        _lastTime = time
    }

    /// Ends a drag, the shifts and a settle at once, every cell in view
    /// back at its strip frame: the viewport, the layout or the pins
    /// changed under it.
    /// - Complexity: O(v).
    @usableFromInline package func cancelForRelayout() {
        guard drag != nil || settle != nil || !shifts.isEmpty else { return }
        drag = nil
        resetScreen()
        try? virtualizer._releaseHeldCell()
    }

    // MARK: - Frames

    /// The frame tab `index` is shown at now (its strip frame moved by its
    /// shift, or under the finger), in content coordinates, as of the last
    /// call; `nil` for a tab without a cell.
    /// - Throws: `TabStripError/indexOutOfRange(index:count:)`.
    /// - Complexity: O(log n + s) for s shifts under way.
    @usableFromInline package func shownFrame(ofTab index: Int) throws(TabStripError) -> Rect? {
        try TabStripError.requireIndex(index, in: virtualizer.strip.tabCount)
        guard virtualizer.cell(ofTab: index) != nil else { return nil }
        var frame = try virtualizer.strip.frame(ofTab: index)
        guard let time = _lastTime else { return frame }
        if let drag, index == drag.tab { return try liftedFrame(of: drag) }
        if let settle, index == settle.tab { return try settlingFrame(settle, at: time) }
        frame.x += shift(ofTab: index, at: time, room: try drag.map(roomShift) ?? 0)
        return frame
    }

    /// The lifted tab's frame under the finger, kept within the span of
    /// the unpinned tabs.
    func liftedFrame(of drag: Drag) throws(TabStripError) -> Rect {
        let strip = virtualizer.strip
        var frame = try strip.frame(ofTab: drag.tab)
        let movable = strip.geometry.scrollingTabs
        let first = try strip.frame(ofTab: movable.lowerBound)
        let last = try strip.frame(ofTab: movable.upperBound - 1)
        let low = Swift.min(first.minX, last.minX)
        let high = Swift.max(first.maxX, last.maxX) - frame.width
        frame.x = Swift.min(Swift.max(strip.contentOffset + drag.location - drag.grab, low), Swift.max(low, high))
        return frame
    }

    /// The settling tab's frame at `time`: from where the finger left it to
    /// its strip frame (exactly, at the end).
    func settlingFrame(_ settle: Settle, at time: Double) throws(TabStripError) -> Rect {
        var frame = try virtualizer.strip.frame(ofTab: settle.tab)
        if !settle.animation.isFinished(at: time) {
            let p = settle.animation.value(at: time)
            frame.x = settle.fromX + (frame.x - settle.fromX) * p
        }
        return frame
    }

    /// How far the tabs between the dragged tab and its destination move:
    /// the dragged tab's width plus the spacing, towards the place it left
    /// (leftwards for tabs after it when left to right).
    func roomShift(for drag: Drag) throws(TabStripError) -> Double {
        let strip = virtualizer.strip
        let room = try strip.frame(ofTab: drag.tab).width + strip.layout.spacing
        return strip.layout.direction == .leftToRight ? room : -room
    }

    /// The shift tab `index` heads for during `drag`, whose tabs make room
    /// by `room` (``roomShift(for:)``).
    func targetShift(ofTab index: Int, drag: Drag, room: Double) -> Double {
        guard index != drag.tab else { return 0 }
        if index > drag.tab, index <= drag.destination { return -room }
        if index < drag.tab, index >= drag.destination { return room }
        return 0
    }

    /// Tab `index`'s shift at `time`: its running animation's value, or
    /// its target (the drag's tabs making room by `room`).
    func shift(ofTab index: Int, at time: Double, room: Double) -> Double {
        for entry in shifts where entry.tab == index { return entry.animation.value(at: time) }
        guard let drag else { return 0 }
        return targetShift(ofTab: index, drag: drag, room: room)
    }

    /// Where the dragged tab lands with its centre at content x `center`:
    /// the number of other tabs whose centres come before it in the
    /// layout's order, among the unpinned tabs (the pinned ones keep
    /// their places).
    func destination(forCenter center: Double, drag: Drag) throws(TabStripError) -> Int {
        let strip = virtualizer.strip
        let ltr = strip.layout.direction == .leftToRight
        // Unpinned tabs' centres are monotone in their index: find how many
        // come before `center` in reading order.
        let movable = strip.geometry.scrollingTabs
        var low = movable.lowerBound
        var high = movable.upperBound
        while low < high {
            let mid = low + (high - low) / 2
            let c = try strip.frame(ofTab: mid).midX
            if ltr ? c < center : c > center { low = mid + 1 } else { high = mid }
        }
        return low > drag.tab ? low - 1 : low
    }

    // MARK: - Steps

    /// Refuses a call from inside a callback, then marks one as running.
    func enter(_ operation: StaticString) throws(TabStripError) {
        guard !isBusy, !virtualizer._isBusy else { throw .reentrantCall(operation: "\(operation)") }
        isBusy = true
    }

    /// Throws unless `time` is finite, within `TabStripLimits/maximumTime`
    /// and not earlier than the last call.
    func validate(time: Double) throws(TabStripError) {
        try TabStripError.requireTime(time, notBefore: _lastTime)
    }

    /// The auto-scroll speed with the finger at `x`, in points per second
    /// (negative towards the left edge).
    func scrollSpeed(at x: Double) -> Double {
        let strip = virtualizer.strip
        guard edgeWidth > 0, strip.contentOffsetRange.upperBound > 0 else { return 0 }
        // The edges are those of the part of the viewport the pinned tabs
        // leave (the viewport's own without pinned tabs).
        let cover = strip.geometry.pinnedCover
        let left = Swift.min(Swift.max((cover.left + edgeWidth - x) / edgeWidth, 0), 1)
        let right = Swift.min(
            Swift.max((x - (strip.viewport.width - cover.right - edgeWidth)) / edgeWidth, 0), 1)
        return maximumScrollSpeed * (right * right - left * left)
    }

    /// Scrolls the strip to where the finger's position since the anchor
    /// puts it at `time` (the caller then updates the destination).
    func autoScroll(to time: Double) throws(TabStripError) {
        guard var d = drag else { return }
        let strip = virtualizer.strip
        let speed = scrollSpeed(at: d.location)
        if speed != 0 {
            let range = strip.contentOffsetRange
            let wanted = d.anchorOffset + speed * (time - d.anchorTime)
            // Towards the edge only, and no further than the content's end
            // (an offset already past it, after an edit, stays).
            let current = strip.contentOffset
            let offset =
                speed > 0
                ? Swift.max(current, Swift.min(wanted, range.upperBound))
                : Swift.min(current, Swift.max(wanted, range.lowerBound))
            if offset != strip.contentOffset {
                // A tab coming into view that cannot be measured (titles
                // from a source) stops the auto-scroll where it is: the
                // drag goes on, and can always be dropped or cancelled.
                do {
                    try virtualizer.setContentOffset(offset)
                } catch .reentrantCall(let operation) {
                    throw .reentrantCall(operation: operation)
                } catch {
                    d.anchorOffset = strip.contentOffset
                    d.anchorTime = time
                    drag = d
                    return
                }
                let shown = virtualizer.strip.contentOffset
                // A lazily measured strip may move the offset to keep the
                // tabs on screen where they were: count from there.
                d.anchorOffset += shown - offset
                drag = d
            }
        }
    }

    /// The drag as of `time`: the auto-scroll, the destination, the frame.
    func catchUp(to time: Double) throws(TabStripError) {
        try autoScroll(to: time)
        try updateDestination(at: time)
        try show(at: time)
    }

    /// Makes the place under the lifted tab's centre the destination.
    func updateDestination(at time: Double) throws(TabStripError) {
        guard let d = drag else { return }
        try retarget(d, to: destination(forCenter: liftedFrame(of: d).midX, drag: d), at: time)
    }

    /// Makes `destination` the drag's destination at `time`: the tabs in
    /// view whose target changes start moving from where they are shown.
    func retarget(_ d: Drag, to destination: Int, at time: Double) throws(TabStripError) {
        guard destination != d.destination else { return }
        var next = d
        next.destination = destination
        let changed = Swift.min(d.destination, destination)...Swift.max(d.destination, destination)
        let shown = virtualizer.visibleTabs.clamped(to: changed.lowerBound..<(changed.upperBound + 1))
        let room = try roomShift(for: d)
        for tab in shown where tab != d.tab {
            let from = shift(ofTab: tab, at: time, room: room)
            let to = targetShift(ofTab: tab, drag: next, room: room)
            guard from != to else {
                shifts.removeAll { $0.tab == tab }
                continue
            }
            let animation = try TimedAnimation(
                from: from, to: to, startTime: time, duration: shiftDuration, curve: .easeOut)
            if let k = shifts.firstIndex(where: { $0.tab == tab }) {
                shifts[k].animation = animation
            } else {
                shifts.append((tab, animation))
            }
        }
        // Tabs out of view rest at their new targets.
        shifts.removeAll { !shown.contains($0.tab) && changed.contains($0.tab) }
        drag = next
    }

    /// Starts the lifted tab's settle into the frame of tab `index`.
    func beginSettle(tab index: Int, fromX: Double, at time: Double) throws(TabStripError) {
        settle = Settle(
            tab: index, fromX: fromX,
            animation: try TimedAnimation(from: 0, to: 1, startTime: time, duration: settleDuration, curve: .easeOut))
    }

    /// Places the cells in view, the lifted or settling cell and the
    /// indicator as they are at `time`; ends the shifts and the settle that
    /// are over (after showing their last frame).
    func show(at time: Double) throws(TabStripError) {
        let strip = virtualizer.strip
        let visible = virtualizer.visibleTabs
        placements.removeAll(keepingCapacity: true)
        var lifted: (Int, Rect)?
        if let drag {
            lifted = (drag.tab, try liftedFrame(of: drag))
        } else if let settle {
            lifted = (settle.tab, try settlingFrame(settle, at: time))
        }
        if let lifted, let cell = virtualizer.cell(ofTab: lifted.0) { placements.append((cell, lifted.1)) }
        // Tabs in view that are shifted or on their way (a tab whose shift
        // ends at 0 is placed on its last frame too).
        let room = try drag.map(roomShift) ?? 0
        for tab in visible where tab != lifted?.0 {
            let moving = shifts.contains { $0.tab == tab }
            let shift = shift(ofTab: tab, at: time, room: room)
            guard moving || shift != 0, let cell = virtualizer.cell(ofTab: tab) else { continue }
            var frame = try strip.frame(ofTab: tab)
            frame.x += shift
            placements.append((cell, frame))
        }
        // The indicator moves with the selected tab.
        var indicator: Rect?? = nil
        if let selected = strip.selectedIndex, var frame = strip.indicatorFrame {
            var moved = 0.0
            if let lifted, selected == lifted.0 {
                moved = lifted.1.minX - (try strip.frame(ofTab: selected)).minX
            } else {
                moved = shift(ofTab: selected, at: time, room: room)
            }
            if moved != 0 || indicatorShift != 0 {
                frame.x += moved
                indicator = .some(frame)
                indicatorShift = moved
            }
        }
        shifts.removeAll { $0.animation.isFinished(at: time) }
        var ended = false
        if let s = settle, s.animation.isFinished(at: time) {
            settle = nil
            ended = true
        }
        let host = virtualizer.host
        if let host, !placements.isEmpty || indicator != nil {
            virtualizer._beginForeignCallbacks()
            for (cell, frame) in placements { host.place(cell, at: frame) }
            if let indicator { host.placeIndicator(at: indicator) }
            virtualizer._endForeignCallbacks()
        }
        if ended, drag == nil { try virtualizer._releaseHeldCell() }
    }

    /// Ends every shift and the settle at once: each cell in view at its
    /// strip frame, the held cell let go.
    func finishAtOnce() {
        resetScreen()
        try? virtualizer._releaseHeldCell()
    }

    /// Ends the shifts and the settle, and puts every cell in view at its
    /// strip frame and the indicator at the strip's.
    func resetScreen() {
        let strip = virtualizer.strip
        settle = nil
        shifts.removeAll(keepingCapacity: true)
        indicatorShift = 0
        guard let host = virtualizer.host else { return }
        virtualizer._beginForeignCallbacks()
        for tab in virtualizer.visibleTabs {
            if let cell = virtualizer.cell(ofTab: tab), let frame = try? strip.frame(ofTab: tab) {
                host.place(cell, at: frame)
            }
        }
        if let held = virtualizer._heldCellTab, !virtualizer.visibleTabs.contains(held),
            let cell = virtualizer.cell(ofTab: held), let frame = try? strip.frame(ofTab: held)
        {
            host.place(cell, at: frame)
        }
        host.placeIndicator(at: strip.indicatorFrame)
        virtualizer._endForeignCallbacks()
    }
}
