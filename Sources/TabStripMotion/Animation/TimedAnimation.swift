import TabStripCore

/// An animation of a number from one value to another over a fixed duration
/// along an easing curve, as a pure function of time.
///
/// `value(at: t) = from + (to − from) · curve(p)`, with progress
/// `p = (t − startTime) / duration` clamped to `[0, 1]`. Before the start it
/// is `from`, from the end on exactly `to`. A duration of 0 jumps: `from`
/// before `startTime`, `to` from `startTime` on. NaN times evaluate as the
/// start time.
///
/// Interrupting it (a new tap, a new gesture) is a matter of making a new
/// animation from the value it shows at that moment:
/// ``retargeted(to:at:duration:curve:)`` and ``stopped(at:)``.
@usableFromInline package struct TimedAnimation: Hashable, Sendable {
    /// The value at the start.
    @usableFromInline package let from: Double
    /// The value at the end.
    @usableFromInline package let to: Double
    /// When the animation starts, in seconds.
    @usableFromInline package let startTime: Double
    /// How long it runs, in seconds (`>= 0`).
    @usableFromInline package let duration: Double
    /// The easing curve.
    @usableFromInline package let curve: TimingCurve

    /// Creates an animation.
    ///
    /// - Throws: `TabStripError/invalidValue(name:value:)` named `"from"`,
    ///   `"to"` or `"startTime"` for a NaN or infinite value, `"duration"` for a
    ///   negative, NaN or infinite duration;
    ///   `TabStripError/lengthExceedsLimit(name:value:limit:)` for `from`
    ///   or `to` beyond `TabStripLimits/maximumOffset` in magnitude or a
    ///   duration above `TabStripLimits/maximumLength`.
    /// - Complexity: O(1).
    @usableFromInline package init(
        from: Double, to: Double, startTime: Double, duration: Double, curve: TimingCurve = .easeInOut
    )
        throws(TabStripError)
    {
        try TabStripError.requireMagnitude(from, atMost: TabStripLimits.maximumOffset, "from")
        try TabStripError.requireMagnitude(to, atMost: TabStripLimits.maximumOffset, "to")
        try TabStripError.requireFinite(startTime, "startTime")
        try TabStripError.requireLength(duration, "duration")
        self.from = from
        self.to = to
        self.startTime = startTime
        self.duration = duration
        self.curve = curve
    }

    /// When the animation ends: `startTime + duration`.
    @usableFromInline package var endTime: Double {
        startTime + duration
    }

    /// The fraction of the duration elapsed at `time`, in `[0, 1]`: exactly 1
    /// from ``endTime`` on (a zero duration gives 0 before the start, 1 from
    /// it on), 0 before the start and for NaN.
    /// - Complexity: O(1).
    @usableFromInline package func progress(at time: Double) -> Double {
        // Compare with `endTime` first, exactly as `isFinished(at:)` does, so
        // a finished animation always shows `to` exactly.
        if time >= endTime { return 1 }
        let elapsed = time - startTime
        guard elapsed > 0 else { return 0 }
        return min(elapsed / duration, 1)
    }

    /// The animated value at `time`.
    /// - Complexity: O(1); no allocation.
    @usableFromInline package func value(at time: Double) -> Double {
        let p = progress(at: time)
        if p <= 0 { return from }
        if p >= 1 { return to }
        return from + (to - from) * curve.value(atProgress: p)
    }

    /// The value's rate of change at `time`, per second: `(to − from) ·
    /// curve′(p) / duration` while running, 0 before the start and once
    /// finished.
    /// - Complexity: O(1); no allocation.
    @usableFromInline package func velocity(at time: Double) -> Double {
        let elapsed = time - startTime
        guard elapsed >= 0, time < endTime else { return 0 }
        return (to - from) * curve.slope(atProgress: min(elapsed / duration, 1)) / duration
    }

    /// Whether the animation has finished at `time` (`time >= endTime`).
    /// - Complexity: O(1).
    @usableFromInline package func isFinished(at time: Double) -> Bool {
        time >= endTime
    }

    /// A new animation that starts at `time` from the value this one shows
    /// then, heading for `target`: the value is continuous across the
    /// switch (the velocity may change, as with UIKit's
    /// `beginFromCurrentState`).
    ///
    /// - Parameters:
    ///   - target: the new end value.
    ///   - time: when the switch happens.
    ///   - duration: the new duration; `nil` keeps this one's.
    ///   - curve: the new curve; `nil` keeps this one's.
    /// - Throws: like ``init(from:to:startTime:duration:curve:)``.
    /// - Complexity: O(1).
    @usableFromInline package func retargeted(
        to target: Double, at time: Double, duration: Double? = nil, curve: TimingCurve? = nil
    )
        throws(TabStripError) -> TimedAnimation
    {
        try TabStripError.requireFinite(time, "time")
        return try TimedAnimation(
            from: value(at: time), to: target, startTime: time,
            duration: duration ?? self.duration, curve: curve ?? self.curve)
    }

    /// Retargets in place; see ``retargeted(to:at:duration:curve:)``. The
    /// animation is unchanged when it throws.
    /// - Complexity: O(1).
    @usableFromInline package mutating func retarget(
        to target: Double, at time: Double, duration: Double? = nil, curve: TimingCurve? = nil
    )
        throws(TabStripError)
    {
        self = try retargeted(to: target, at: time, duration: duration, curve: curve)
    }

    /// An animation that holds, from `time` on, the value this one shows at
    /// `time` (a zero-duration animation to it).
    /// - Throws: `TabStripError/invalidValue(name:value:)` (name `"time"`)
    ///   for a NaN or infinite time.
    /// - Complexity: O(1).
    @usableFromInline package func stopped(at time: Double) throws(TabStripError) -> TimedAnimation {
        try retargeted(to: value(at: time), at: time, duration: 0)
    }
}
