/// Linear interpolation from `start` to `end` at `fraction` (expected in
/// `[0, 1]`; callers clamp).
///
/// Written as `(1 - t) * start + t * end` so both end points are reproduced
/// exactly (`fraction == 0` gives `start`, `fraction == 1` gives `end`), which
/// keeps a finished drag bit-for-bit equal to the resting state. Equal end
/// points give that value for every fraction.
@inlinable @inline(__always)
package func interpolate(_ start: Double, _ end: Double, _ fraction: Double) -> Double {
    if start == end { return start }
    return (1 - fraction) * start + fraction * end
}

/// `value` clamped into `[lower, upper]`; NaN becomes `lower`.
@inlinable @inline(__always)
package func clamped(_ value: Double, _ lower: Double, _ upper: Double) -> Double {
    guard value > lower else { return lower }
    return value < upper ? value : upper
}

/// Interpolates every component of two rectangles.
@inlinable @inline(__always)
package func interpolate(_ start: Rect, _ end: Rect, _ fraction: Double) -> Rect {
    Rect(
        x: interpolate(start.x, end.x, fraction),
        y: interpolate(start.y, end.y, fraction),
        width: interpolate(start.width, end.width, fraction),
        height: interpolate(start.height, end.height, fraction)
    )
}

extension TabStripError {
    /// Throws ``invalidValue(name:value:)`` unless the frame's origin is
    /// finite and its size finite and `>= 0`. The error names the component,
    /// for example `"neighbour.width"`; the name is only built on failure.
    static func requireValidFrame(_ frame: Rect, _ name: StaticString) throws(TabStripError) {
        if !frame.x.isFinite { throw .invalidValue(name: "\(name).x", value: frame.x) }
        if !frame.y.isFinite { throw .invalidValue(name: "\(name).y", value: frame.y) }
        if !(frame.width.isFinite && frame.width >= 0) {
            throw .invalidValue(name: "\(name).width", value: frame.width)
        }
        if !(frame.height.isFinite && frame.height >= 0) {
            throw .invalidValue(name: "\(name).height", value: frame.height)
        }
    }
}
