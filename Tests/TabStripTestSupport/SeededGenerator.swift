/// The one seeded random number generator of the package (SplitMix64),
/// shared by the benchmark harness (every generated workload) and the tests
/// (every randomized operation sequence), with its
/// own bounded-integer and floating-point draws so that a seed reproduces
/// exactly the same inputs on every machine and every Swift version (the
/// standard library's `random(in:using:)` algorithms are not guaranteed to
/// stay the same).
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// A generator for one named stream of a run: `seed` mixed with a hash
    /// (FNV-1a) of `stream`, so streams of the same seed are independent.
    public init(seed: UInt64, stream: String) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in stream.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        state = seed ^ hash
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `0..<bound` (Lemire's multiply-and-reject);
    /// 0 when `bound <= 0`.
    public mutating func next(below bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        let limit = UInt64(bound)
        var product = next().multipliedFullWidth(by: limit)
        if product.low < limit {
            let threshold = (0 &- limit) % limit
            while product.low < threshold {
                product = next().multipliedFullWidth(by: limit)
            }
        }
        return Int(product.high)
    }

    /// A uniform integer in `range`.
    public mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + next(below: range.upperBound - range.lowerBound + 1)
    }

    /// A uniform `Double` in `[0, 1)` with 53 random bits.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A uniform `Double` in `range` (half-open at the top).
    public mutating func next(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * nextUnit()
    }

    /// `true` with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool {
        nextUnit() < probability
    }

    /// A uniformly chosen element of a non-empty array.
    public mutating func pick<T>(_ elements: [T]) -> T {
        elements[next(below: elements.count)]
    }
}
