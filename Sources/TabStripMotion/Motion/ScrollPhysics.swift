import TabStripCore

/// How a fling (the strip's motion after the user lets go of a drag,
/// `TabBar.releaseStrip(velocityPerSecond:at:)`) behaves: how fast it
/// decelerates, what happens at the content's edges, when it counts as
/// finished and whether repeated flings build up momentum.
///
/// Every parameter is bounded so that every motion ends: with a rate of at
/// most ``DecelerationRate/slowestPerMillisecond``, a spring in
/// ``BounceSpring/allowedAngularFrequencies``, a rubber band coefficient in
/// ``RubberBand/allowedCoefficients``, a ``restThreshold`` of at least
/// ``minimumRestThreshold`` and speeds of at most 10^30 pt/s, every
/// fling finishes within 600 seconds of its release; with the defaults, a fling from a finger finishes within a few
/// seconds.
///
/// ```swift
/// // Seed 000: no bouncing, hard stops at both ends.
/// let strip = ScrollPhysics()
/// // iOS-like: rubber band and spring back at a 390 pt wide viewport.
/// let bouncy = try ScrollPhysics(bounce: .init(rubberBand: .init(dimension: 390)))
/// ```
public struct ScrollPhysics: Hashable, Sendable {
    /// What happens past the content's edges when bouncing is on.
    public struct Bounce: Hashable, Sendable {
        /// How a drag or an overshoot past an edge is displayed.
        public let rubberBand: RubberBand
        /// The spring that brings an overshoot back to the edge.
        public let spring: BounceSpring

        /// Creates a bounce from a rubber band and a spring
        /// (``BounceSpring/standard`` by default).
        /// - Complexity: O(1).
        public init(rubberBand: RubberBand, spring: BounceSpring = .standard) {
            self.rubberBand = rubberBand
            self.spring = spring
        }
    }

    /// How fast a fling slows down (``DecelerationRate/normal`` by default).
    public let decelerationRate: DecelerationRate
    /// The bounce past the edges, or `nil` for hard stops at both ends
    /// (`UIScrollView.bounces = false`, as Douyin's header does).
    public let bounce: Bounce?
    /// The distance to rest, in points, below which a fling counts as
    /// finished and snaps to its resting position (0.5 by default). For an
    /// overshoot it is measured on the displayed (rubber-banded) overshoot.
    public let restThreshold: Double
    /// Whether a fling released while the previous one is still moving in
    /// the same direction carries momentum (Flutter's iOS physics: the new
    /// fling gains `sign(v) · min(0.000816 · |v|^1.967, 40000)` pt/s for
    /// the previous one's velocity `v` when the drag began). Off by
    /// default.
    public let carriesMomentum: Bool
    /// The largest release speed, in points per second, after any carried
    /// momentum; faster releases are clamped to it. The default, 100,000,
    /// is above anything a finger produces (Flutter's iOS physics caps a
    /// fling at 64,000); the cap keeps every derived quantity finite.
    public let maximumSpeed: Double

    /// Creates scroll physics.
    ///
    /// - Throws: `TabStripError/invalidValue(name:value:)` named
    ///   `"restThreshold"` unless it is finite and at least
    ///   ``minimumRestThreshold``, `"maximumSpeed"` unless it is finite and
    ///   positive; `TabStripError/lengthExceedsLimit(name:value:limit:)`
    ///   for a `maximumSpeed` above `TabStripLimits/maximumOffset`.
    /// - Complexity: O(1).
    public init(
        decelerationRate: DecelerationRate = .normal,
        bounce: Bounce? = nil,
        restThreshold: Double = 0.5,
        carriesMomentum: Bool = false,
        maximumSpeed: Double = 100_000
    ) throws(TabStripError) {
        try Self.requireRestThreshold(restThreshold)
        try TabStripError.requirePositive(maximumSpeed, "maximumSpeed")
        try TabStripError.requireMagnitude(maximumSpeed, atMost: TabStripLimits.maximumOffset, "maximumSpeed")
        self.decelerationRate = decelerationRate
        self.bounce = bounce
        self.restThreshold = restThreshold
        self.carriesMomentum = carriesMomentum
        self.maximumSpeed = maximumSpeed
    }

    /// The smallest accepted rest threshold, 0.001 pt (far below a pixel):
    /// a smaller one would make a motion's last, invisible stretch last
    /// unboundedly long.
    public static let minimumRestThreshold = 0.001

    /// Throws unless `threshold` is finite and at least
    /// ``minimumRestThreshold``.
    static func requireRestThreshold(_ threshold: Double) throws(TabStripError) {
        guard threshold >= minimumRestThreshold, threshold.isFinite else {
            throw .invalidValue(name: "restThreshold", value: threshold)
        }
    }

    /// No bouncing, `.normal` deceleration, 0.5 pt threshold, no momentum.
    public static let standard = ScrollPhysics(
        uncheckedRate: .normal, bounce: nil, restThreshold: 0.5, carriesMomentum: false, maximumSpeed: 100_000)

    private init(
        uncheckedRate: DecelerationRate, bounce: Bounce?, restThreshold: Double,
        carriesMomentum: Bool, maximumSpeed: Double
    ) {
        self.decelerationRate = uncheckedRate
        self.bounce = bounce
        self.restThreshold = restThreshold
        self.carriesMomentum = carriesMomentum
        self.maximumSpeed = maximumSpeed
    }

    /// Where to display content the finger has dragged to `position`: inside
    /// `bounds` the position itself; past an edge, through the rubber band
    /// when bouncing is on, clamped to the edge when it is off.
    /// - Complexity: O(1).
    public func displayedPosition(forDragTo position: Double, in bounds: ClosedRange<Double>) -> Double {
        if let bounce {
            return bounce.rubberBand.displayedPosition(for: position, in: bounds)
        }
        return min(max(position, bounds.lowerBound), bounds.upperBound)
    }
}
