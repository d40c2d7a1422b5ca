import TabStripTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Helpers shared by the motion, paging, clock and animation tests.
enum MotionTest {
    /// Whether `a` and `b` agree within `absolute` or `relative` (of the
    /// larger magnitude).
    static func close(_ a: Double, _ b: Double, absolute: Double = 0, relative: Double = 0) -> Bool {
        let difference = (a - b).magnitude
        return difference <= absolute || difference <= relative * max(a.magnitude, b.magnitude)
    }

    /// The C library's functions, as an independent reference.
    static func libmExp(_ x: Double) -> Double { exp(x) }
    static func libmLog(_ x: Double) -> Double { log(x) }
    static func libmPow(_ x: Double, _ y: Double) -> Double { pow(x, y) }

    /// A uniformly random double in `range`.
    static func random(in range: ClosedRange<Double>, using rng: inout SeededGenerator) -> Double {
        Double.random(in: range, using: &rng)
    }
}
