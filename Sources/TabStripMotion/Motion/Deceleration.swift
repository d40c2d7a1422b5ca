import TabStripCore

/// An unbounded fling slowing down like `UIScrollView`: a pure function of
/// time, evaluated in closed form.
///
/// Released at `startPosition` with `startVelocity` (points per second) at
/// `startTime` (seconds), after `τ = t − startTime` seconds
///
/// - velocity: `v(τ) = v0 · e^(k τ)`, with `k = 1000 · ln d`,
/// - position: `x(τ) = x0 + v0 · (e^(k τ) − 1) / k`,
/// - resting position: `x0 − v0 / k`.
///
/// The motion counts as finished once its remaining distance to rest is at
/// most ``restThreshold`` (0.5 pt unless chosen otherwise), at
/// ``finishTime``; from then on ``position(at:)`` returns
/// ``restingPosition`` exactly and ``velocity(at:)`` returns 0, so a host that
/// stops ticking at ``finishTime`` leaves the content at the same place
/// whatever its frame rate.
///
/// Times before ``startTime``, and a NaN time, evaluate as ``startTime``.
/// Nothing is stored between evaluations: asking for any time in any order
/// gives the same answer.
///
/// For a fling between content bounds (hard stops or bounces) use ``Fling``.
@usableFromInline package struct Deceleration: Hashable, Sendable {
    /// Where the motion starts, in points.
    @usableFromInline package let startPosition: Double
    /// The release velocity, in points per second.
    @usableFromInline package let startVelocity: Double
    /// When the motion starts, in seconds.
    @usableFromInline package let startTime: Double
    /// The deceleration rate.
    @usableFromInline package let rate: DecelerationRate
    /// The remaining distance to rest, in points, below which the motion
    /// counts as finished.
    @usableFromInline package let restThreshold: Double
    /// Where the motion comes to rest: `startPosition − startVelocity / k`.
    @usableFromInline package let restingPosition: Double
    /// When the motion finishes (``startTime`` plus the settle duration).
    @usableFromInline package let finishTime: Double

    /// Creates a deceleration.
    ///
    /// - Parameters:
    ///   - position: the release position, in points.
    ///   - velocityPerSecond: the release velocity, in points per second.
    ///   - startTime: the release time, in seconds.
    ///   - rate: how fast the velocity decays (``DecelerationRate/normal`` by
    ///     default).
    ///   - restThreshold: the remaining distance, in points, below which the
    ///     motion counts as finished (0.5 by default).
    /// - Throws: `TabStripError/invalidOffset(_:)` for a NaN or infinite
    ///   position; `TabStripError/invalidValue(name:value:)` named
    ///   `"velocityPerSecond"` or `"startTime"` for a NaN or infinite value,
    ///   `"restThreshold"` unless the threshold is finite and at least
    ///   `ScrollPhysics/minimumRestThreshold`;
    ///   `TabStripError/lengthExceedsLimit(name:value:limit:)` for a
    ///   velocity beyond `TabStripLimits/maximumOffset`. So bounded, a
    ///   deceleration finishes within about 155 s of its start.
    /// - Complexity: O(1).
    @usableFromInline package init(
        position: Double,
        velocityPerSecond: Double,
        startTime: Double,
        rate: DecelerationRate = .normal,
        restThreshold: Double = 0.5
    ) throws(TabStripError) {
        guard position.isFinite else { throw .invalidOffset(position) }
        try TabStripError.requireMagnitude(velocityPerSecond, atMost: TabStripLimits.maximumOffset, "velocityPerSecond")
        try TabStripError.requireFinite(startTime, "startTime")
        try ScrollPhysics.requireRestThreshold(restThreshold)
        startPosition = position
        startVelocity = velocityPerSecond
        self.startTime = startTime
        self.rate = rate
        self.restThreshold = restThreshold
        restingPosition = position - velocityPerSecond / rate.decayConstant
        finishTime =
            startTime + rate.uncheckedSettleDuration(speed: velocityPerSecond.magnitude, threshold: restThreshold)
    }

    /// The time since the start, clamped to `0...`; NaN counts as 0.
    func elapsed(at time: Double) -> Double {
        let elapsed = time - startTime
        return elapsed > 0 ? elapsed : 0
    }

    /// The position at `time`, in points.
    /// - Complexity: O(1), no allocation.
    @usableFromInline package func position(at time: Double) -> Double {
        guard !(time >= finishTime) else { return restingPosition }
        let k = rate.decayConstant
        return startPosition + startVelocity * MotionMath.expMinusOne(k * elapsed(at: time)) / k
    }

    /// The velocity at `time`, in points per second; 0 once finished.
    /// - Complexity: O(1), no allocation.
    @usableFromInline package func velocity(at time: Double) -> Double {
        guard !(time >= finishTime) else { return 0 }
        return startVelocity * MotionMath.exp(rate.decayConstant * elapsed(at: time))
    }

    /// Whether the motion has finished at `time` (`time >= finishTime`).
    /// - Complexity: O(1).
    @usableFromInline package func isFinished(at time: Double) -> Bool {
        time >= finishTime
    }
}
