import Foundation

/// How many seeded sequences the randomized model tests run, and from which
/// seeds.
///
/// By default every model test runs a fixed list of seeds (so a plain
/// `swift test` is repeatable) and together they check over 10⁶ operations
/// against their reference models. Two environment variables change that:
///
/// - `TABSTRIP_SEED=<n>`: mixes `n` into every seed, for a fresh set of
///   sequences; a failure prints the seed it ran, and the same
///   `TABSTRIP_SEED` reruns exactly the same sequences.
/// - `TABSTRIP_SOAK=<n>` runs `n / 10⁶` times the default number of
///   sequences (at least the default); `TABSTRIP_SOAK=<n>s` keeps each
///   model test running new sequences for `n` seconds. Without
///   `TABSTRIP_SEED`, a soak picks a base seed from the clock and prints
///   it.
package enum ModelScale {
    package enum Soak {
        case none
        case factor(Int)
        case seconds(Double)
    }

    package static let environment = ProcessInfo.processInfo.environment

    package static let soak: Soak = {
        guard let text = environment["TABSTRIP_SOAK"], !text.isEmpty else { return .none }
        if text.hasSuffix("s"), let seconds = Double(text.dropLast()), seconds > 0, seconds.isFinite {
            return .seconds(seconds)
        }
        if let ops = Int(text), ops > 0 { return .factor(Swift.max(1, ops / 1_000_000)) }
        fatalError("TABSTRIP_SOAK must be a number of operations or of seconds (e.g. 5000000 or 300s), not \(text)")
    }()

    package static let baseSeed: UInt64? = {
        if let text = environment["TABSTRIP_SEED"] {
            guard let seed = UInt64(text) else { fatalError("TABSTRIP_SEED must be an unsigned integer, not \(text)") }
            return seed
        }
        guard case .none = soak else {
            let seed = UInt64(Date().timeIntervalSince1970 * 1000)
            print("model tests: soaking with TABSTRIP_SEED=\(seed)")
            return seed
        }
        return nil
    }()

    /// The seed of sequence `index` of a test (`salt` tells tests apart).
    package static func seed(_ index: UInt64, salt: UInt64) -> UInt64 {
        guard let base = baseSeed else { return index }
        var rng = SeededGenerator(seed: base ^ (salt &* 0x9E37_79B9_7F4A_7C15) ^ (index &* 0xD1B5_4A32_D192_ED03))
        return rng.next()
    }

    /// The default `count` scaled by an operation-count soak.
    package static func runs(base count: Int) -> Int {
        if case .factor(let f) = soak { return count * f }
        return count
    }

    /// The seeds of a test's sequences: `count` of them from index `first`
    /// by default; more under a soak.
    package static func seeds(_ count: Int, first: Int = 0, salt: UInt64) -> SeedSequence {
        var deadline: Date? = nil
        if case .seconds(let s) = soak { deadline = Date().addingTimeInterval(s) }
        return SeedSequence(
            index: UInt64(first), end: UInt64(first + runs(base: count)), salt: salt, deadline: deadline)
    }

    package struct SeedSequence: Sequence, IteratorProtocol {
        package var index: UInt64
        package let end: UInt64
        package let salt: UInt64
        package let deadline: Date?

        package mutating func next() -> UInt64? {
            if index >= end {
                guard let deadline, Date() < deadline else { return nil }
            }
            defer { index += 1 }
            return ModelScale.seed(index, salt: salt)
        }
    }
}
