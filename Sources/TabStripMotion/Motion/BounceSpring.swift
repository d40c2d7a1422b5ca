import TabStripCore

/// The critically damped spring that brings content back to its edge after
/// an overshoot.
///
/// An overshoot `u` (points past the edge, before the rubber band) with
/// initial value `u0` and initial velocity `u0'` evolves as
/// `u(s) = (u0 + (u0' + ω u0) · s) · e^(−ω s)`: the fastest return without
/// oscillating, so the content never swings past the edge back into view on
/// its own. Its only parameter is the natural angular frequency `ω`, in
/// ``allowedAngularFrequencies`` (1 to 10,000 rad/s): a softer spring would
/// take unboundedly long to settle (at `ω = 10^-300` a fling past the edge
/// finished after 7 · 10^302 s), so that with every parameter of
/// ``ScrollPhysics`` within its bounds every fling finishes within 600 s
/// of its release (``ScrollPhysics`` states the bound).
public struct BounceSpring: Hashable, Sendable {
    /// The natural angular frequency `ω`, in radians per second.
    public let angularFrequency: Double

    /// The natural angular frequencies accepted, in radians per second:
    /// 1 (a 6 s period, far softer than any scroll view's) to 10,000.
    /// ``standard`` is about 14.
    public static let allowedAngularFrequencies: ClosedRange<Double> = 1...10_000

    /// Creates a spring from its natural angular frequency `ω`.
    ///
    /// - Throws: `TabStripError/invalidValue(name:value:)` (name
    ///   `"angularFrequency"`) unless `ω` is in
    ///   ``allowedAngularFrequencies``.
    /// - Complexity: O(1).
    public init(angularFrequency: Double) throws(TabStripError) {
        guard Self.allowedAngularFrequencies.contains(angularFrequency) else {
            throw .invalidValue(name: "angularFrequency", value: angularFrequency)
        }
        self.angularFrequency = angularFrequency
    }

    /// Creates the critically damped spring with stiffness `k` and mass `m`:
    /// `ω = √(k / m)`.
    ///
    /// - Throws: `TabStripError/invalidValue(name:value:)` named
    ///   `"stiffness"` or `"mass"` unless the value is finite and positive,
    ///   `"stiffness"` when `ω` is outside ``allowedAngularFrequencies``.
    /// - Complexity: O(1).
    public init(stiffness: Double, mass: Double = 1) throws(TabStripError) {
        try TabStripError.requirePositive(stiffness, "stiffness")
        try TabStripError.requirePositive(mass, "mass")
        let omega = MotionMath.squareRoot(stiffness / mass)
        guard Self.allowedAngularFrequencies.contains(omega) else {
            throw .invalidValue(name: "stiffness", value: stiffness)
        }
        angularFrequency = omega
    }

    private init(unchecked angularFrequency: Double) {
        self.angularFrequency = angularFrequency
    }

    /// `ω = √200 ≈ 14.14` rad/s: the natural frequency of a spring with
    /// stiffness 100 and mass 0.5 (the values Flutter's scroll physics use,
    /// damped there slightly above critical). In a 390 pt viewport, content
    /// released 100 pt (displayed) past an edge is back within half a point
    /// in about 0.55 s.
    public static let standard = BounceSpring(unchecked: 14.142_135_623_730_951)
}
