import TabStripCore

extension Fling {
    /// The momentum a new fling inherits from a previous one still moving in
    /// the same direction, after Flutter's iOS scroll physics:
    /// `sign(v) · min(0.000816 · |v|^1.967, 40000)` points per second, with
    /// `v` the previous fling's velocity when the new gesture began.
    ///
    /// It grows almost with the square of the speed: about 650 pt/s carried
    /// at 1,000 pt/s, about 15,000 at 5,000, and the 40,000 cap from about
    /// 8,100 pt/s on, so repeated quick flings accelerate a long list the way
    /// iOS users expect. NaN gives NaN.
    /// - Complexity: O(1).
    @usableFromInline package static func carriedMomentum(forVelocity velocity: Double) -> Double {
        guard velocity != 0 else { return 0 }
        let carried = min(0.000816 * MotionMath.pow(velocity.magnitude, 1.967), 40_000)
        return velocity < 0 ? -carried : carried
    }
}
