import TabStripCore

/// How quickly a fling slows down, as `UIScrollView.decelerationRate` defines
/// it: the factor by which the velocity shrinks every **millisecond**.
///
/// A rate `d` gives, for a release velocity `v0` (points per second) at time
/// 0, the velocity `v(t) = v0 · d^(1000 t)` after `t` seconds. Writing
/// `k = 1000 · ln d` (a negative number, per second), the position follows
/// `x(t) = x0 + v0 · (e^(k t) − 1) / k` and comes to rest at `x0 − v0 / k`.
///
/// ```swift
/// let rate = DecelerationRate.normal               // 0.998 per ms
/// rate.restingDistance(forVelocity: 4030.8)        // ≈ 2013 pt
/// rate.projectedDistance(forVelocity: 4030.8)      // ≈ 2011 pt (WWDC 2018)
/// rate.velocityFactor(perFrameAt: 120)             // ≈ 0.9835
/// ```
public struct DecelerationRate: Hashable, Sendable, CustomStringConvertible {
    /// The factor applied to the velocity every millisecond, in `(0, 1)`.
    public let perMillisecond: Double

    /// `k = 1000 · ln(perMillisecond)`: the exponential decay constant per
    /// second (negative). Cached so that evaluating a fling needs no logarithm.
    public let decayConstant: Double

    /// The slowest accepted rate, 0.9995 per millisecond (the velocity
    /// halves in 1.4 s; UIKit's `.normal` halves it in 0.35 s). Closer to 1
    /// a fling would glide for unboundedly long; at this rate a fling at
    /// the largest speed (10^30 pt/s) comes to rest within about 155 s.
    public static let slowestPerMillisecond = 0.9995

    /// Creates a rate from its per-millisecond factor.
    ///
    /// - Parameter perMillisecond: a value above 0 and at most
    ///   ``slowestPerMillisecond`` (`0.998` is UIKit's `.normal`, `0.99`
    ///   its `.fast`).
    /// - Throws: `TabStripError/invalidValue(name:value:)` (name
    ///   `"decelerationRate"`) unless `0 < perMillisecond <= 0.9995`.
    /// - Complexity: O(1).
    public init(perMillisecond: Double) throws(TabStripError) {
        guard perMillisecond > 0, perMillisecond <= Self.slowestPerMillisecond else {
            throw .invalidValue(name: "decelerationRate", value: perMillisecond)
        }
        self.init(unchecked: perMillisecond)
    }

    init(unchecked perMillisecond: Double) {
        self.perMillisecond = perMillisecond
        self.decayConstant = 1000 * MotionMath.log(perMillisecond)
    }

    /// UIKit's `UIScrollView.DecelerationRate.normal`: 0.998 per millisecond.
    /// A fling travels about half its release velocity (in points per second).
    public static let normal = DecelerationRate(unchecked: 0.998)

    /// UIKit's `UIScrollView.DecelerationRate.fast`: 0.99 per millisecond.
    /// A fling travels about a tenth of its release velocity.
    public static let fast = DecelerationRate(unchecked: 0.99)

    /// The factor by which the velocity shrinks over one frame at
    /// `framesPerSecond`: `d^(1000 / framesPerSecond)`. For `.normal` it is
    /// ≈ 0.9672 at 60 Hz and ≈ 0.9835 at 120 Hz.
    ///
    /// A non-positive or NaN frame rate gives NaN, an infinite one gives 1.
    /// - Complexity: O(1).
    public func velocityFactor(perFrameAt framesPerSecond: Double) -> Double {
        guard framesPerSecond > 0 else { return .nan }
        return MotionMath.exp(decayConstant / framesPerSecond)
    }

    /// The exact distance a fling released at `velocity` (points per second)
    /// travels before it comes to rest: `−velocity / k`. Signed like the
    /// velocity.
    /// - Complexity: O(1).
    public func restingDistance(forVelocity velocity: Double) -> Double {
        -velocity / decayConstant
    }

    /// The projection from WWDC 2018 session 803 ("Designing Fluid
    /// Interfaces"): `(velocity / 1000) · d / (1 − d)`, with the velocity in
    /// points per second. It differs from ``restingDistance(forVelocity:)`` by
    /// about 0.1 % for `.normal` and 0.5 % for `.fast`; use it to predict
    /// where a gesture is heading (for example to pick a page to snap to).
    /// - Complexity: O(1).
    public func projectedDistance(forVelocity velocity: Double) -> Double {
        (velocity / 1000) * perMillisecond / (1 - perMillisecond)
    }

    /// How long a fling released at `velocity` (points per second) takes
    /// until its remaining distance to rest is at most `threshold` points:
    /// `T = ln(−k · threshold / |velocity|) / k`, or 0 when it starts within
    /// the threshold.
    ///
    /// - Throws: `TabStripError/invalidValue(name:value:)` with name
    ///   `"velocity"` for a NaN or infinite velocity, `"threshold"` for a
    ///   threshold that is not finite and positive.
    /// - Complexity: O(1).
    public func settleDuration(forVelocity velocity: Double, threshold: Double = 0.5) throws(TabStripError) -> Double {
        try TabStripError.requireFinite(velocity, "velocity")
        try TabStripError.requirePositive(threshold, "threshold")
        return uncheckedSettleDuration(speed: velocity.magnitude, threshold: threshold)
    }

    /// ``settleDuration(forVelocity:threshold:)`` without validation.
    func uncheckedSettleDuration(speed: Double, threshold: Double) -> Double {
        let ratio = -decayConstant * threshold / speed
        guard ratio < 1 else { return 0 }
        return MotionMath.log(ratio) / decayConstant
    }

    /// A readable summary: the per-millisecond factor.
    public var description: String {
        "DecelerationRate(\(perMillisecond) per ms)"
    }
}
