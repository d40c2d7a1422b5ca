/// A colour as red, green, blue and alpha components in `[0, 1]`, free of
/// any UI framework (hosts convert it to `UIColor`, `NSColor`, `Color` or a
/// terminal palette).
///
/// Components are always in `[0, 1]`. ``init(red:green:blue:alpha:)`` clamps
/// (NaN becomes 0), which suits literals and host conversions;
/// ``init(validatingRed:green:blue:alpha:)`` throws instead, for values that
/// come from user data. Interpolation is per component in this space, as
/// Douyin's header does with `UIColor.getRed(_:green:blue:alpha:)`.
public struct RGBA: Hashable, Sendable, CustomStringConvertible {
    /// The red component, in `[0, 1]`.
    public let red: Double
    /// The green component, in `[0, 1]`.
    public let green: Double
    /// The blue component, in `[0, 1]`.
    public let blue: Double
    /// The alpha (opacity) component, in `[0, 1]`.
    public let alpha: Double

    /// Creates a colour, clamping every component into `[0, 1]`; a NaN
    /// component becomes 0.
    /// - Complexity: O(1).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = clamped(red, 0, 1) + 0
        self.green = clamped(green, 0, 1) + 0
        self.blue = clamped(blue, 0, 1) + 0
        self.alpha = clamped(alpha, 0, 1) + 0
    }

    /// Creates a grey: `white` in every colour component.
    ///
    /// Components clamp as in ``init(red:green:blue:alpha:)``. UIKit's
    /// `lightGray` is `RGBA(white: 2 / 3)`.
    /// - Complexity: O(1).
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// Creates a colour, throwing unless every component is in `[0, 1]`.
    ///
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` naming the first
    ///   component (`"red"`, `"green"`, `"blue"` or `"alpha"`) that is NaN or
    ///   outside `[0, 1]`.
    /// - Complexity: O(1).
    public init(validatingRed red: Double, green: Double, blue: Double, alpha: Double = 1) throws(TabStripError) {
        try Self.requireUnit(red, "red")
        try Self.requireUnit(green, "green")
        try Self.requireUnit(blue, "blue")
        try Self.requireUnit(alpha, "alpha")
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Opaque white.
    public static let white = RGBA(red: 1, green: 1, blue: 1)
    /// Opaque black.
    public static let black = RGBA(red: 0, green: 0, blue: 0)
    /// Transparent black.
    public static let clear = RGBA(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque light grey, two thirds white (UIKit's `lightGray`).
    public static let lightGray = RGBA(white: 2.0 / 3.0)
    /// Opaque pure green (UIKit's `green`).
    public static let green = RGBA(red: 0, green: 1, blue: 0)

    /// The colour `fraction` of the way from `self` to `other`, each
    /// component interpolated linearly: `(1 − f) · self + f · other`.
    ///
    /// `fraction` is clamped into `[0, 1]` (NaN counts as 0), so the result
    /// is always a valid colour; 0 gives `self` and 1 gives `other` exactly.
    /// - Complexity: O(1).
    public func interpolated(to other: RGBA, fraction: Double) -> RGBA {
        let f = clamped(fraction, 0, 1)
        return RGBA(
            red: interpolate(red, other.red, f),
            green: interpolate(green, other.green, f),
            blue: interpolate(blue, other.blue, f),
            alpha: interpolate(alpha, other.alpha, f)
        )
    }

    /// The components as `RGBA(red, green, blue, alpha)`.
    public var description: String {
        "RGBA(\(red), \(green), \(blue), \(alpha))"
    }

    private static func requireUnit(_ value: Double, _ name: String) throws(TabStripError) {
        guard value >= 0, value <= 1 else { throw .invalidValue(name: name, value: value) }
    }
}
