import TabStripCore

/// A fling between content bounds, as a pure function of time: deceleration,
/// then a hard stop or a bounce at the edge it runs into.
///
/// Released at ``startPosition`` with ``startVelocity`` (points per second)
/// at ``startTime``, within content bounds `[lower, upper]`:
///
/// - **Inside the bounds** it decelerates like ``Deceleration``. If its
///   resting point lies inside, it comes to rest there. Otherwise it reaches
///   the edge `b` at the closed-form crossing time
///   `τc = ln(1 + k (b − x0) / v0) / k` (with `k = 1000 · ln d`), at
///   velocity `vc = v0 + k (b − x0)`.
/// - **Without bouncing** (``ScrollPhysics/bounce`` `nil`, as on Douyin's header) it
///   stops dead at the edge at `τc`: velocity 0, finished.
/// - **With bouncing** the overshoot `u` past the edge follows a critically
///   damped spring, `u(s) = (u0 + (u0' + ω u0) s) · e^(−ω s)`, and is
///   displayed through the rubber band. Running into the edge, `u0 = 0` and
///   `u0' = vc / c` (`c` the rubber band's slope at the edge), so the
///   displayed velocity is continuous at the crossing.
/// - **Released past an edge** (the finger dragged the content there;
///   ``startPosition`` is the dragged position, not the displayed one) the
///   spring starts from that overshoot and the release velocity. If it
///   heads back inwards fast enough to cross the edge, the fling continues
///   inside as a deceleration from the edge with the displayed velocity it
///   crossed with (and may run into the opposite edge). Without bouncing, a
///   position past an edge is clamped to that edge.
///
/// A fling finishes (at ``finishTime``) when its remaining distance to rest
/// is at most ``ScrollPhysics/restThreshold``, measured on the displayed
/// overshoot past an edge; from then on ``position(at:)`` is
/// ``restingPosition`` exactly. Times before ``startTime``, and NaN, evaluate
/// as ``startTime``. All the solving (crossing times, the spring's settle
/// time) happens once in the initializer; an evaluation is a handful of
/// arithmetic operations and one or two exponentials, allocation-free.
@usableFromInline package struct Fling: Hashable, Sendable {
    /// The release time, in seconds.
    @usableFromInline package let startTime: Double
    /// The release position, in points: where the finger had dragged the
    /// content (inside the bounds this is the displayed position too).
    @usableFromInline package let startPosition: Double
    /// The release velocity actually used, in points per second: the given
    /// velocity plus any carried momentum, clamped to
    /// ``ScrollPhysics/maximumSpeed``.
    @usableFromInline package let startVelocity: Double
    /// The content bounds.
    @usableFromInline package let bounds: ClosedRange<Double>
    /// The physics the fling follows.
    @usableFromInline package let physics: ScrollPhysics
    /// Where the fling comes to rest: inside the bounds, or on the edge it
    /// ran into.
    @usableFromInline package private(set) var restingPosition: Double
    /// When the fling finishes.
    @usableFromInline package private(set) var finishTime: Double
    /// When the fling first reaches an edge (from inside or, when released
    /// past an edge, back from outside), or `nil` if it never does.
    package private(set) var edgeContactTime: Double?

    // The segments, read by the inlinable position(at:).
    @usableFromInline var returnSpring: Overshoot?
    @usableFromInline var returnSpringEnd: Double
    @usableFromInline var glide: Glide?
    @usableFromInline var glideEnd: Double
    @usableFromInline var overshoot: Overshoot?

    /// Creates a fling.
    ///
    /// - Parameters:
    ///   - position: the release position (where the finger dragged the
    ///     content, possibly past an edge).
    ///   - velocity: the release velocity, in points per second, positive
    ///     towards the upper bound.
    ///   - time: the release time, in seconds.
    ///   - bounds: the content's scrollable range (for a strip,
    ///     `0...max(0, contentWidth − viewportWidth)`).
    ///   - physics: deceleration, edges, threshold, momentum.
    ///   - carriedVelocity: the velocity the previous fling had when this
    ///     gesture began (`previous.velocity(at: dragBeganTime)`, 0 if it had
    ///     finished). Used only when ``ScrollPhysics/carriesMomentum`` is on
    ///     and it has the same sign as `velocity`: then
    ///     ``carriedMomentum(forVelocity:)`` of it is added.
    /// - Throws: `TabStripError/invalidOffset(_:)` for a NaN or infinite
    ///   position; `TabStripError/invalidValue(name:value:)` named
    ///   `"velocityPerSecond"`, `"startTime"` or `"carriedVelocityPerSecond"` for a NaN or infinite
    ///   value, `"lowerBound"` or `"upperBound"` for an infinite bound;
    ///   `TabStripError/lengthExceedsLimit(name:value:limit:)` naming
    ///   `"position"`, `"velocityPerSecond"`, `"carriedVelocityPerSecond"`, `"lowerBound"` or
    ///   `"upperBound"` beyond `TabStripLimits/maximumOffset`.
    /// - Complexity: O(1) (the spring's settle time takes a few Newton
    ///   steps); no allocation.
    @usableFromInline package init(
        position: Double,
        velocityPerSecond velocity: Double,
        startTime time: Double,
        bounds: ClosedRange<Double>,
        physics: ScrollPhysics = .standard,
        carriedVelocityPerSecond carriedVelocity: Double = 0
    ) throws(TabStripError) {
        guard position.isFinite else { throw .invalidOffset(position) }
        try TabStripError.requireMagnitude(position, atMost: TabStripLimits.maximumOffset, "position")
        try TabStripError.requireMagnitude(velocity, atMost: TabStripLimits.maximumOffset, "velocityPerSecond")
        try TabStripError.requireFinite(time, "startTime")
        try TabStripError.requireMagnitude(
            carriedVelocity, atMost: TabStripLimits.maximumOffset, "carriedVelocityPerSecond")
        try TabStripError.requireMagnitude(bounds.lowerBound, atMost: TabStripLimits.maximumOffset, "lowerBound")
        try TabStripError.requireMagnitude(bounds.upperBound, atMost: TabStripLimits.maximumOffset, "upperBound")

        var v = velocity
        if physics.carriesMomentum, carriedVelocity != 0, v != 0, (carriedVelocity > 0) == (v > 0) {
            v += Fling.carriedMomentum(forVelocity: carriedVelocity)
        }
        v = min(max(v, -physics.maximumSpeed), physics.maximumSpeed)

        startTime = time
        startPosition = position
        startVelocity = v
        self.bounds = bounds
        self.physics = physics
        returnSpring = nil
        returnSpringEnd = -.infinity
        glide = nil
        glideEnd = -.infinity
        overshoot = nil
        edgeContactTime = nil
        restingPosition = position
        finishTime = time

        let lower = bounds.lowerBound
        let upper = bounds.upperBound
        var glideStart = Glide(startTime: time, position: position, velocity: v)

        if let bounce = physics.bounce {
            let omega = bounce.spring.angularFrequency
            let side: Double = position > upper ? 1 : (position < lower ? -1 : 0)
            if side != 0 {
                let edge = side > 0 ? upper : lower
                let a = side * (position - edge)
                let b = side * v + omega * a
                let spring = Overshoot(startTime: time, bound: edge, side: side, a: a, b: b)
                returnSpring = spring
                if b < 0 {
                    // Crosses back into the content at s = a / -b.
                    let crossing = time + a / -b
                    returnSpringEnd = crossing
                    edgeContactTime = crossing
                    let exitVelocity =
                        side * bounce.rubberBand.coefficient
                        * spring.rawOvershootVelocity(at: crossing, omega: omega)
                    glideStart = Glide(startTime: crossing, position: edge, velocity: exitVelocity)
                } else {
                    returnSpringEnd = .infinity
                    edgeContactTime = nil
                    restingPosition = edge
                    finishTime =
                        time
                        + Overshoot.settleDuration(
                            a: a, b: b, omega: omega,
                            threshold: bounce.rubberBand.overshoot(forDisplayed: physics.restThreshold))
                    _checkInvariants()
                    return
                }
            }
        } else {
            glideStart.position = min(max(position, lower), upper)
        }

        planGlide(from: glideStart)
        _checkInvariants()
    }

    /// Plans the deceleration inside the bounds from `start`, and what
    /// follows it: rest, a hard stop, or an overshoot spring.
    private mutating func planGlide(from start: Glide) {
        let k = physics.decelerationRate.decayConstant
        let x0 = start.position
        let v0 = start.velocity
        let threshold = physics.restThreshold
        glide = start
        glideEnd = .infinity

        guard v0 != 0 else {
            restingPosition = x0
            finishTime = start.startTime
            return
        }
        let edge = v0 > 0 ? bounds.upperBound : bounds.lowerBound
        let rest = x0 - v0 / k
        let runsPastEdge = v0 > 0 ? rest > edge : rest < edge
        // 1 + k (b − x0) / v0 = e^(k τc), in (0, 1] when the edge is reached.
        let decay = 1 + k * (edge - x0) / v0
        guard runsPastEdge, decay > 0 else {
            restingPosition = min(max(rest, bounds.lowerBound), bounds.upperBound)
            finishTime =
                start.startTime
                + physics.decelerationRate.uncheckedSettleDuration(speed: v0.magnitude, threshold: threshold)
            return
        }
        let crossing = start.startTime + MotionMath.log(decay) / k
        glideEnd = crossing
        if edgeContactTime == nil { edgeContactTime = crossing }
        restingPosition = edge
        guard let bounce = physics.bounce else {
            finishTime = crossing
            return
        }
        let omega = bounce.spring.angularFrequency
        let crossingSpeed = (v0 * decay).magnitude
        let side: Double = v0 > 0 ? 1 : -1
        let b = crossingSpeed / bounce.rubberBand.coefficient
        overshoot = Overshoot(startTime: crossing, bound: edge, side: side, a: 0, b: b)
        finishTime =
            crossing
            + Overshoot.settleDuration(
                a: 0, b: b, omega: omega,
                threshold: bounce.rubberBand.overshoot(forDisplayed: threshold))
    }

    /// The time to evaluate at: `time`, but not before the start (NaN counts
    /// as the start).
    @inlinable
    func clampedTime(_ time: Double) -> Double {
        time > startTime ? time : startTime
    }

    /// The displayed position at `time`, in points.
    /// - Complexity: O(1), no allocation. (Inlinable: a host calls it every
    ///   frame, and a call across modules copied the whole fling, 281
    ///   bytes, to pass it.)
    @inlinable
    package func position(at time: Double) -> Double {
        guard !(time >= finishTime) else { return restingPosition }
        let t = clampedTime(time)
        if let returnSpring, t < returnSpringEnd, let bounce = physics.bounce {
            return returnSpring.position(at: t, omega: bounce.spring.angularFrequency, rubberBand: bounce.rubberBand)
        }
        if let glide, t < glideEnd {
            let x = glide.position(at: t, decayConstant: physics.decelerationRate.decayConstant)
            return min(max(x, bounds.lowerBound), bounds.upperBound)
        }
        if let overshoot, let bounce = physics.bounce {
            return overshoot.position(at: t, omega: bounce.spring.angularFrequency, rubberBand: bounce.rubberBand)
        }
        return restingPosition
    }

    /// The displayed velocity at `time`, in points per second; 0 once
    /// finished and after a hard stop.
    /// - Complexity: O(1), no allocation.
    @usableFromInline package func velocity(at time: Double) -> Double {
        guard !(time >= finishTime) else { return 0 }
        let t = clampedTime(time)
        if let returnSpring, t < returnSpringEnd, let bounce = physics.bounce {
            return returnSpring.velocity(at: t, omega: bounce.spring.angularFrequency, rubberBand: bounce.rubberBand)
        }
        if let glide, t < glideEnd {
            return glide.velocity(at: t, decayConstant: physics.decelerationRate.decayConstant)
        }
        if let overshoot, let bounce = physics.bounce {
            return overshoot.velocity(at: t, omega: bounce.spring.angularFrequency, rubberBand: bounce.rubberBand)
        }
        return 0
    }

    /// Whether the fling has finished at `time` (`time >= finishTime`).
    /// - Complexity: O(1).
    @usableFromInline package func isFinished(at time: Double) -> Bool {
        time >= finishTime
    }

    /// Whether the displayed position at `time` lies past an edge (only
    /// possible with bouncing).
    /// - Complexity: O(1), no allocation.
    @usableFromInline package func isPastEdge(at time: Double) -> Bool {
        let x = position(at: time)
        return x < bounds.lowerBound || x > bounds.upperBound
    }
}
