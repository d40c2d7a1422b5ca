import TabStripCore

/// An easing curve: a cubic Bézier timing function from (0, 0) to (1, 1)
/// with two control points, as `CAMediaTimingFunction` and CSS
/// `cubic-bezier()` define it.
///
/// The curve is `B(s) = (x(s), y(s))` for a parameter `s ∈ [0, 1]`:
/// `x(s) = 3(1−s)²s·x1 + 3(1−s)s²·x2 + s³`, likewise `y`. For a progress `p`
/// (the fraction of the duration elapsed) the eased value is `y(s)` where
/// `x(s) = p`; since `x1, x2 ∈ [0, 1]`, `x` is non-decreasing and that `s`
/// is unique. It is found by Newton's method with a bisection fallback, to
/// within 1e-14 in `x`, with a fixed iteration bound: deterministic and
/// allocation-free.
public struct TimingCurve: Hashable, Sendable {
    /// The first control point's progress coordinate, in `[0, 1]`.
    public let x1: Double
    /// The first control point's value coordinate.
    public let y1: Double
    /// The second control point's progress coordinate, in `[0, 1]`.
    public let x2: Double
    /// The second control point's value coordinate.
    public let y2: Double

    // Power-basis coefficients: x(s) = ((ax s + bx) s + cx) s.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double

    /// The largest magnitude of `y1` and `y2`: 1,000. A curve then stays
    /// within ±3,000 of its end points' span, so an animation between any
    /// accepted offsets stays finite.
    public static let maximumControlY: Double = 1_000

    /// Creates a curve from its control points `(x1, y1)` and `(x2, y2)`.
    ///
    /// - Throws: `TabStripError/invalidValue(name:value:)` named `"x1"` or
    ///   `"x2"` unless the value lies in `[0, 1]`, `"y1"` or `"y2"` for a
    ///   NaN or infinite value. Values outside `[0, 1]` for `y` are allowed
    ///   (they overshoot), up to ``maximumControlY`` in magnitude;
    ///   `TabStripError/lengthExceedsLimit(name:value:limit:)` beyond it.
    /// - Complexity: O(1).
    public init(x1: Double, y1: Double, x2: Double, y2: Double) throws(TabStripError) {
        guard x1 >= 0, x1 <= 1 else { throw .invalidValue(name: "x1", value: x1) }
        try TabStripError.requireMagnitude(y1, atMost: TimingCurve.maximumControlY, "y1")
        guard x2 >= 0, x2 <= 1 else { throw .invalidValue(name: "x2", value: x2) }
        try TabStripError.requireMagnitude(y2, atMost: TimingCurve.maximumControlY, "y2")
        self.init(unchecked: x1, y1, x2, y2)
    }

    private init(unchecked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    /// Constant speed: control points (0, 0) and (1, 1).
    public static let linear = TimingCurve(unchecked: 0, 0, 1, 1)
    /// Slow start: (0.42, 0) and (1, 1), `kCAMediaTimingFunctionEaseIn`.
    public static let easeIn = TimingCurve(unchecked: 0.42, 0, 1, 1)
    /// Slow end: (0, 0) and (0.58, 1), `kCAMediaTimingFunctionEaseOut`.
    /// Seed 003's page settle uses it.
    public static let easeOut = TimingCurve(unchecked: 0, 0, 0.58, 1)
    /// Slow start and end: (0.42, 0) and (0.58, 1),
    /// `kCAMediaTimingFunctionEaseInEaseOut` (UIView animations' default).
    public static let easeInOut = TimingCurve(unchecked: 0.42, 0, 0.58, 1)

    func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    func y(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    func dx(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
    func dy(_ s: Double) -> Double { (3 * ay * s + 2 * by) * s + cy }

    /// The curve parameter `s` with `x(s) = progress`, for progress in
    /// `[0, 1]`.
    func parameter(forProgress progress: Double) -> Double {
        if progress <= 0 { return 0 }
        if progress >= 1 { return 1 }
        let tolerance = 1e-14
        var s = progress
        for _ in 0..<8 {
            let error = x(s) - progress
            if error.magnitude < tolerance { return s }
            let slope = dx(s)
            guard slope.magnitude > 1e-12 else { break }
            let next = s - error / slope
            guard next >= 0, next <= 1 else { break }
            s = next
        }
        // Newton did not converge (a flat spot or a step outside [0, 1]):
        // bisect; x is non-decreasing.
        var low = 0.0
        var high = 1.0
        s = progress
        for _ in 0..<64 {
            let value = x(s)
            if (value - progress).magnitude < tolerance { return s }
            if value < progress { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }

    /// The eased value at `progress`: `y(s)` where `x(s) = progress`.
    /// Progress is clamped to `[0, 1]` (NaN counts as 0), so the ends give
    /// exactly 0 and 1.
    /// - Complexity: O(1): at most 72 polynomial evaluations; no allocation.
    public func value(atProgress progress: Double) -> Double {
        let s = parameter(forProgress: progress.isNaN ? 0 : progress)
        if s == 0 { return 0 }
        if s == 1 { return 1 }
        return y(s)
    }

    /// The curve's slope `dy/dx` at `progress` (clamped like
    /// ``value(atProgress:)``): the eased value's rate of change per unit of
    /// progress. Where `dx/ds` vanishes (an end whose control point sits on
    /// it), the limit is taken from higher derivatives.
    /// - Complexity: O(1); no allocation.
    public func slope(atProgress progress: Double) -> Double {
        let s = parameter(forProgress: progress.isNaN ? 0 : progress)
        let first = dx(s)
        if first.magnitude > 1e-12 {
            return dy(s) / first
        }
        // L'Hôpital: compare second derivatives, then third.
        let secondX = 6 * ax * s + 2 * bx
        let secondY = 6 * ay * s + 2 * by
        if secondX.magnitude > 1e-12 {
            return secondY / secondX
        }
        return ay / ax
    }
}
