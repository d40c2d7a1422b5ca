import TabStripCore
import TabStripMotion

/// Animates a tab strip that has no pager to a tab: an animated
/// ``select(_:scroll:animated:at:)`` and ``reveal(_:scroll:animated:at:)``,
/// with ``PagerSync``'s 0.25 s ease-out and its display-link contract.
///
/// A call starts an animation of the strip's content offset from where it
/// is to `TabStrip/targetContentOffset(forSelecting:scroll:)` (centred, the
/// nearest edge with `TabStrip/revealMargin`, the leading or the trailing
/// edge); the host calls ``advance(to:)`` once per display frame while
/// ``needsFrames`` is `true`. On a strip with estimated widths the last
/// frame lands the tab exactly where the call without animation would
/// (the tabs then shown measured first), so a scroll ends where it would
/// on a strip whose every tab is measured. Before that, the offset at time
/// `t` is the animation's value at `t`, so a
/// session replayed with the same timestamps gives the same frames. A new
/// call replaces the running animation, starting from the offset it shows
/// at the new call's time; ``stop(at:)`` (a finger on the strip) ends it
/// there. A selection changes the selected tab at once, so the indicator
/// and the titles move as with `TabStripVirtualizer/select(_:scroll:)`; for
/// an indicator that slides with a pager, use ``PagerSync``.
///
/// Times follow ``PagerSync``'s rules: finite, of magnitude at most
/// `TabStripLimits/maximumTime`, never earlier than ``lastTime``. A bad
/// time throws (`TabStripError/invalidValue(name:value:)` named `"time"`,
/// `TabStripError/lengthExceedsLimit(name:value:limit:)`,
/// `TabStripError/timeBeforeLastEvent(time:lastTime:)`) and changes nothing.
///
/// Edits: an animation stops, where the strip's offset is, at the first
/// call after the strip changed under it through ``virtualizer``: tabs
/// inserted, removed, moved or renamed, a new viewport or layout (a switch
/// of direction included), or any change of the content's width (a badge,
/// the sizing). Its target belonged to the old geometry; the next
/// ``select(_:scroll:animated:at:)`` or ``reveal(_:scroll:animated:at:)``
/// aims at the new one. The check is O(1) per frame.
///
/// Re-entrancy: a call from inside one of the host's callbacks (while the
/// virtualiser runs, or this object does) is refused with
/// `TabStripError/reentrantCall(operation:)` and changes nothing.
public final class StripScroller<Host: TabStripHost> {
    /// The strip and its cells.
    public let virtualizer: TabStripVirtualizer<Host>
    /// How long a scroll animates, in seconds (0.25 by default, as
    /// ``PagerSync/selectionDuration``); 0 jumps.
    public let duration: Double
    /// The easing of the scroll (ease-out by default).
    public let curve: TimingCurve

    /// The scroll under way, if any: its value at a frame's time is the
    /// strip's content offset.
    public var animation: TimedAnimation? { _animation }
    @usableFromInline var _animation: TimedAnimation?
    /// The time of the last call.
    public var lastTime: Double? { _lastTime }
    @usableFromInline var _lastTime: Double?
    /// The strip's geometry when the animation started.
    @usableFromInline var animationStamp: GeometryStamp?
    /// The strip's `anchoringShift` when the animation started: the
    /// animation's values move by its change since, so that corrections of
    /// estimated widths do not move the screen under it.
    @usableFromInline var animationShift = 0.0
    /// The tab the running animation scrolls to and how, and the strip's
    /// count of unmeasured tabs when it began: while tabs are measured on
    /// the way, the animation follows the tab's moving target, and its last
    /// frame puts the tab exactly where the same call without animation
    /// would.
    @usableFromInline var animationTarget: (tab: Int, scroll: SelectionScroll, unmeasured: Int)?
    /// Whether one of this object's mutating calls is running.
    @usableFromInline var isBusy = false

    /// Creates a scroller for `virtualizer`.
    /// - Throws: `TabStripError/invalidValue(name:value:)` (name
    ///   `"duration"`) for a negative, NaN or infinite duration;
    ///   `TabStripError/lengthExceedsLimit(name:value:limit:)` above
    ///   `TabStripLimits/maximumLength`.
    /// - Complexity: O(1).
    public init(
        virtualizer: TabStripVirtualizer<Host>, duration: Double = 0.25, curve: TimingCurve = .easeOut
    ) throws(TabStripError) {
        try TabStripError.requireLength(duration, "duration")
        self.virtualizer = virtualizer
        self.duration = duration
        self.curve = curve
    }

    /// Whether the host must keep calling ``advance(to:)``: `true` while an
    /// animation runs (until the frame at or after its end has been shown).
    /// - Complexity: O(1).
    public var needsFrames: Bool { _animation != nil }

    /// Selects tab `index` at once and scrolls the strip to it with
    /// `scroll`: animated from the offset shown at `time` over ``duration``,
    /// or at once when `animated` is `false` (or the duration is 0).
    /// - Throws: `TabStripError/reentrantCall(operation:)` from inside a
    ///   callback; `TabStripError/indexOutOfRange(index:count:)`; a bad time.
    ///   Nothing changes.
    /// - Complexity: O(log n + k) for k tabs whose cells change.
    public func select(_ index: Int, scroll: SelectionScroll = .center, animated: Bool = true, at time: Double)
        throws(TabStripError)
    {
        try enter("select(_:scroll:animated:at:)")
        defer { isBusy = false }
        try perform(index, scroll: scroll, animated: animated, at: time, selecting: true)
    }

    /// Scrolls the strip to tab `index` with `scroll` without selecting it:
    /// animated from the offset shown at `time` over ``duration``, or at
    /// once when `animated` is `false` (or the duration is 0). `.none`
    /// stops a running animation where it is at `time`.
    /// - Throws: `TabStripError/reentrantCall(operation:)` from inside a
    ///   callback; `TabStripError/indexOutOfRange(index:count:)`; a bad time.
    ///   Nothing changes.
    /// - Complexity: O(log n + k) for k tabs entering or leaving.
    public func reveal(_ index: Int, scroll: SelectionScroll = .center, animated: Bool = true, at time: Double)
        throws(TabStripError)
    {
        try enter("reveal(_:scroll:animated:at:)")
        defer { isBusy = false }
        try perform(index, scroll: scroll, animated: animated, at: time, selecting: false)
    }

    /// Shows the frame at `time`: the strip's offset becomes the animation's
    /// value; at or after its end the animation is over.
    /// - Throws: `TabStripError/reentrantCall(operation:)` from inside a
    ///   callback, or a bad time; nothing changes.
    /// - Complexity: O(1), plus O(log n + k) for k tabs entering or leaving
    ///   while an animation runs.
    @inlinable public func advance(to time: Double) throws(TabStripError) {
        try enter("advance(to:)")
        defer { isBusy = false }
        try validate(time: time)
        if let animation = _animation {
            if GeometryStamp(virtualizer.strip) != animationStamp {
                _animation = nil
            } else if animation.isFinished(at: time), let target = animationTarget {
                // The last frame: where the call without animation puts
                // the tab (on a strip with estimated widths, the tabs
                // measured on the way may have moved it).
                try virtualizer.reveal(target.tab, scroll: target.scroll)
                _animation = nil
            } else {
                try virtualizer.setContentOffset(animatedOffset(animation, at: time))
                if animation.isFinished(at: time) { _animation = nil }
            }
        }
        _lastTime = time
    }

    /// Where the animation puts the offset at `time`: its value plus the
    /// anchoring shift made since it began and, when tabs measured since
    /// then moved its tab's target, that move in proportion to the time
    /// elapsed (all of it at the end).
    /// - Complexity: O(1); O(log n) once tabs were measured on the way.
    @inlinable func animatedOffset(_ animation: TimedAnimation, at time: Double) -> Double {
        let shift = virtualizer.anchoringShift - animationShift
        let offset = animation.value(at: time) + shift
        guard let target = animationTarget, target.unmeasured != virtualizer.strip.unmeasuredTabCount,
            let now = try? virtualizer.strip.targetContentOffset(forSelecting: target.tab, scroll: target.scroll)
        else { return offset }
        return offset + (now - (animation.to + shift)) * animation.progress(at: time)
    }

    /// Ends the animation (a finger went down on the strip): the offset
    /// stays where the animation puts it at `time` (where it is after an
    /// edit of the tabs).
    /// - Throws: `TabStripError/reentrantCall(operation:)` from inside a
    ///   callback, or a bad time; nothing changes.
    /// - Complexity: O(log n + k) for k tabs entering or leaving.
    public func stop(at time: Double) throws(TabStripError) {
        try enter("stop(at:)")
        defer { isBusy = false }
        try validate(time: time)
        try settle(at: time)
        _animation = nil
        _lastTime = time
    }

    /// Applies a new list of tabs by identity (``TabListChanges``, from
    /// `TabStrip/changes(from:to:id:title:)` on the strip) through the
    /// virtualiser (see `TabStripVirtualizer/apply(_:)`), and keeps a
    /// running animation's tab: from the offset it shows at `time` (then
    /// anchored with the kept tabs on screen), it heads for that tab at its
    /// new index, ending when it would have ended. When that tab was
    /// removed the animation stops where it is.
    /// - Throws: `TabStripError/reentrantCall(operation:)` from inside a
    ///   callback, a bad time, or the errors of `TabStrip/apply(_:)`;
    ///   nothing changes.
    /// - Complexity: that of `TabStrip/apply(_:)`, plus O(log n).
    public func apply(_ changes: TabListChanges, at time: Double) throws(TabStripError) {
        try enter("apply(_:at:)")
        defer { isBusy = false }
        try validate(time: time)
        var running: (animation: TimedAnimation, target: (tab: Int, scroll: SelectionScroll, unmeasured: Int))?
        if let animation = _animation, let target = animationTarget,
            GeometryStamp(virtualizer.strip) == animationStamp, !animation.isFinished(at: time)
        {
            running = (animation, target)
        }
        let before = virtualizer.strip.contentOffset
        var shown = before
        if let running { shown = animatedOffset(running.animation, at: time) }
        // The offset shown at `time` first, so the edit anchors what is on
        // screen; put back if the edit is refused.
        if shown != before { try virtualizer.setContentOffset(shown) }
        do {
            try virtualizer.apply(changes)
        } catch {
            if shown != before { try? virtualizer.setContentOffset(before) }
            throw error
        }
        _animation = nil
        animationStamp = nil
        animationTarget = nil
        if let running, let tab = changes.newIndex(ofOldIndex: running.target.tab) {
            let strip = virtualizer.strip
            let from = strip.contentOffset
            if let to = try? strip.targetContentOffset(forSelecting: tab, scroll: running.target.scroll),
                let next = try? TimedAnimation(
                    from: from, to: to, startTime: time, duration: running.animation.endTime - time, curve: curve)
            {
                _animation = next
                animationStamp = GeometryStamp(strip)
                animationShift = virtualizer.anchoringShift
                animationTarget = (tab, running.target.scroll, strip.unmeasuredTabCount)
            }
        }
        _lastTime = time
    }

    /// Refuses a call from inside a callback, then marks one as running.
    @inlinable func enter(_ operation: StaticString) throws(TabStripError) {
        guard !isBusy, !virtualizer._isBusy else { throw .reentrantCall(operation: "\(operation)") }
        isBusy = true
    }

    /// Throws unless `time` is finite, within `TabStripLimits/maximumTime`
    /// and not earlier than the last call.
    @inlinable func validate(time: Double) throws(TabStripError) {
        try TabStripError.requireTime(time, notBefore: _lastTime)
    }

    /// Puts the offset where the running animation (still aimed at the
    /// current tabs) shows it at `time`.
    func settle(at time: Double) throws(TabStripError) {
        guard let animation = _animation, GeometryStamp(virtualizer.strip) == animationStamp else { return }
        try virtualizer.setContentOffset(animatedOffset(animation, at: time))
    }

    /// ``select(_:scroll:animated:at:)`` and ``reveal(_:scroll:animated:at:)``
    /// once admitted. Everything that can throw runs before the first change.
    func perform(_ index: Int, scroll: SelectionScroll, animated: Bool, at time: Double, selecting: Bool)
        throws(TabStripError)
    {
        try TabStripError.requireIndex(index, in: virtualizer.strip.tabCount)
        try validate(time: time)
        // The offset shown at `time`: where a running animation has got to.
        try settle(at: time)
        let strip = virtualizer.strip
        let from = strip.contentOffset
        let target = try strip.targetContentOffset(forSelecting: index, scroll: scroll)
        var next: TimedAnimation?
        if animated, duration > 0, target != from {
            next = try TimedAnimation(from: from, to: target, startTime: time, duration: duration, curve: curve)
        }
        if next == nil {
            // At once: the strip's own calls, which on a strip with
            // estimated widths measure the tab and the tabs around it first.
            if selecting {
                try virtualizer.select(index, scroll: scroll)
            } else {
                try virtualizer.reveal(index, scroll: scroll)
            }
        } else if selecting {
            try virtualizer.select(index, scroll: .none)
        }
        _animation = next
        animationStamp = next == nil ? nil : GeometryStamp(virtualizer.strip)
        animationShift = virtualizer.anchoringShift
        animationTarget = next == nil ? nil : (index, scroll, virtualizer.strip.unmeasuredTabCount)
        _lastTime = time
    }
}

/// What a scroll's target depends on, compared in O(1) at every frame: a
/// difference means the strip changed under the animation.
@usableFromInline struct GeometryStamp: Equatable {
    @usableFromInline let editGeneration: Int
    @usableFromInline let viewport: Viewport
    @usableFromInline let layout: TabStripLayout
    @usableFromInline let resizeGeneration: Int

    @inlinable init(_ strip: TabStrip) {
        editGeneration = strip.editGeneration
        viewport = strip.viewport
        layout = strip.layout
        resizeGeneration = strip.resizeGeneration
    }
}
