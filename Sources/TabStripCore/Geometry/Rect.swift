/// An axis-aligned rectangle in points, in the strip's content coordinates
/// (x grows to the right, y grows downwards), independent of any UI framework.
///
/// Hosts convert it to `CGRect`, `NSRect` or terminal cells themselves.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a rectangle from its origin and size.
    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle at the origin with zero size.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge, `x`.
    @inlinable public var minX: Double { x }
    /// The horizontal centre.
    @inlinable public var midX: Double { x + width / 2 }
    /// The right edge, `x + width`.
    @inlinable public var maxX: Double { x + width }
    /// The top edge, `y`.
    @inlinable public var minY: Double { y }
    /// The vertical centre.
    @inlinable public var midY: Double { y + height / 2 }
    /// The bottom edge, `y + height`.
    @inlinable public var maxY: Double { y + height }

    /// The origin and size, for logs and test failures.
    public var description: String {
        "(x: \(x), y: \(y), w: \(width), h: \(height))"
    }
}
