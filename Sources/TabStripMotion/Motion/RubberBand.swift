import TabStripCore

/// The resistance a scroll view shows when content is pulled past its edge.
///
/// For an overshoot `x` (how far the finger, or a spring, has taken the
/// content past the edge) the content is displayed
/// `(1 − 1 / (x · c / D + 1)) · D` past the edge, where `D` is the viewport's
/// dimension along the scrolling axis and `c` the ``coefficient`` (0.55 by
/// default). The curve leaves the edge with slope `c` and approaches `D`
/// without reaching it. The formula is the community's reconstruction of
/// `UIScrollView`'s behaviour (Apple documents none).
public struct RubberBand: Hashable, Sendable {
    /// The slope at the edge, `c` (0.55 by default).
    public let coefficient: Double
    /// The viewport's dimension along the scrolling axis, `D`, in points:
    /// the displayed overshoot stays below it.
    public let dimension: Double

    /// The coefficient commonly used to imitate `UIScrollView`: 0.55.
    public static let defaultCoefficient = 0.55

    /// The coefficients accepted: 0.01 to 10. Outside, a spring's settle
    /// (measured on the displayed overshoot) and the overshoot velocity
    /// (`c` divides it) grow without bound.
    public static let allowedCoefficients: ClosedRange<Double> = 0.01...10

    /// Creates a rubber band for a viewport.
    ///
    /// - Throws: `TabStripError/invalidValue(name:value:)` named
    ///   `"dimension"` unless it is finite and positive, `"coefficient"`
    ///   unless it is in ``allowedCoefficients``.
    /// - Complexity: O(1).
    public init(dimension: Double, coefficient: Double = RubberBand.defaultCoefficient) throws(TabStripError) {
        try TabStripError.requirePositive(dimension, "dimension")
        guard Self.allowedCoefficients.contains(coefficient) else {
            throw .invalidValue(name: "coefficient", value: coefficient)
        }
        self.dimension = dimension
        self.coefficient = coefficient
    }

    /// The displayed overshoot for an overshoot `x` (either sign; the result
    /// has the same sign and is smaller than ``dimension`` in magnitude).
    /// - Complexity: O(1).
    public func displayedOvershoot(for overshoot: Double) -> Double {
        let magnitude = overshoot.magnitude
        let displayed = (1 - 1 / (magnitude * coefficient / dimension + 1)) * dimension
        return overshoot < 0 ? -displayed : displayed
    }

    /// The overshoot whose displayed value is `displayed`: the inverse of
    /// ``displayedOvershoot(for:)``, `y / (c · (1 − |y| / D))`. A displayed
    /// magnitude of ``dimension`` or more maps to an infinite overshoot.
    /// - Complexity: O(1).
    public func overshoot(forDisplayed displayed: Double) -> Double {
        let magnitude = displayed.magnitude
        guard magnitude < dimension else { return displayed < 0 ? -.infinity : .infinity }
        let overshoot = magnitude / (coefficient * (1 - magnitude / dimension))
        return displayed < 0 ? -overshoot : overshoot
    }

    /// The derivative of the displayed overshoot with respect to the
    /// overshoot: `c / (|x| · c / D + 1)²`; `c` at the edge.
    /// - Complexity: O(1).
    public func slope(at overshoot: Double) -> Double {
        let denominator = overshoot.magnitude * coefficient / dimension + 1
        return coefficient / (denominator * denominator)
    }

    /// The position to display for a position the finger has dragged to,
    /// `position`, given the content bounds: inside the bounds the position
    /// itself, past an edge the edge plus the displayed overshoot.
    /// - Complexity: O(1).
    public func displayedPosition(for position: Double, in bounds: ClosedRange<Double>) -> Double {
        if position < bounds.lowerBound {
            return bounds.lowerBound + displayedOvershoot(for: position - bounds.lowerBound)
        }
        if position > bounds.upperBound {
            return bounds.upperBound + displayedOvershoot(for: position - bounds.upperBound)
        }
        return position
    }

    /// The inverse of ``displayedPosition(for:in:)``: the dragged position
    /// that displays at `displayed`. Useful when a host only knows the
    /// displayed offset at the moment of release.
    /// - Complexity: O(1).
    public func draggedPosition(forDisplayed displayed: Double, in bounds: ClosedRange<Double>) -> Double {
        if displayed < bounds.lowerBound {
            return bounds.lowerBound + overshoot(forDisplayed: displayed - bounds.lowerBound)
        }
        if displayed > bounds.upperBound {
            return bounds.upperBound + overshoot(forDisplayed: displayed - bounds.upperBound)
        }
        return displayed
    }
}
