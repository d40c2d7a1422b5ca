/// The probe used when jemalloc is not linked: every figure is `nil`, so
/// reports show `null` (never 0) and a note on how to enable them.
package final class NoAllocationProbe: AllocationProbe {
    /// The note every report carries when this probe is in use.
    package static let defaultNote =
        "allocation figures need jemalloc: apt-get install libjemalloc-dev, then "
        + "`swift package purge-cache` (or build with TABSTRIP_JEMALLOC=1) and rebuild"

    /// Creates the probe, with an optional explanation replacing the default.
    package init(note: String = NoAllocationProbe.defaultNote) {
        self.note = note
    }

    /// `"none"`.
    package var allocatorName: String { "none" }
    /// `nil`.
    package var allocatorVersion: String? { nil }
    /// `false`.
    package var isAvailable: Bool { false }
    /// Why there are no figures and how to get them.
    package let note: String?
    /// Always `nil`.
    package func threadAllocatedBytes() -> UInt64? { nil }
    /// Always `nil`.
    package func allocationRequests() -> UInt64? { nil }
}
