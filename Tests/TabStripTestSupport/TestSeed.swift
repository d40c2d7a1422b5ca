import Foundation

/// The seed of a randomized test: the test's own default, unless the
/// environment variable `TABSTRIP_SEED` (decimal or `0x` hex) picks another,
/// so a soak can explore new sequences and a failure (whose message always
/// names the seed) can be replayed exactly.
public enum TestSeed {
    /// `TABSTRIP_SEED` when set and valid, else `fallback`.
    public static func value(default fallback: UInt64) -> UInt64 {
        guard let text = ProcessInfo.processInfo.environment["TABSTRIP_SEED"] else { return fallback }
        if text.hasPrefix("0x") || text.hasPrefix("0X") { return UInt64(text.dropFirst(2), radix: 16) ?? fallback }
        return UInt64(text) ?? fallback
    }
}
