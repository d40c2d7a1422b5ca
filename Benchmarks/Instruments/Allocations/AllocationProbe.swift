/// Reads the allocator's counters, so scenarios can report how many heap
/// allocations and bytes a phase of work caused.
///
/// Three implementations exist: the jemalloc probe in the `bench`
/// executable (compiled only when jemalloc is linked, see `Package.swift`),
/// the fallback counter of the same executable (a `malloc` interposer,
/// compiled only when jemalloc is not linked), and ``NoAllocationProbe``,
/// whose every figure is `nil`. Figures that are not
/// available are reported as JSON `null`, never as 0.
///
/// Probes are used from the thread that runs the scenarios only.
package protocol AllocationProbe: AnyObject {
    /// The allocator's name as reports record it (`"jemalloc"`, `"none"`).
    var allocatorName: String { get }
    /// The allocator's version string, when known.
    var allocatorVersion: String? { get }
    /// Whether figures are available at all.
    var isAvailable: Bool { get }
    /// Why figures are missing and how to get them, when they are; or how
    /// the figures are counted.
    var note: String? { get }
    /// The counter behind the figures, as reports record it
    /// (`"jemalloc-stats"`, `"malloc-interposer"`, `"none"`). Defaults to
    /// the allocator's name, or `"none"` when figures are unavailable.
    var counterName: String { get }

    /// Bytes allocated by the calling thread since it started (a monotonic
    /// counter), or `nil` when not available.
    /// - Complexity: O(1); cheap enough (about a nanosecond with jemalloc) to
    ///   read around every frame.
    func threadAllocatedBytes() -> UInt64?

    /// The process-wide number of allocation requests so far, or `nil` when
    /// not available.
    ///
    /// Taking this snapshot is expensive (tens of microseconds) and disturbs
    /// the allocator's caches: take it around whole phases, in a pass
    /// separate from the timing pass.
    func allocationRequests() -> UInt64?
}

/// Allocation figures of one phase of work.
package struct AllocationFigures: Sendable, Equatable {
    /// Allocation requests made during the phase, or `nil` without a probe.
    package var allocations: UInt64?
    /// Bytes allocated by the measuring thread during the phase, or `nil`
    /// without a probe.
    package var bytes: UInt64?

    /// Creates figures.
    package init(allocations: UInt64?, bytes: UInt64?) {
        self.allocations = allocations
        self.bytes = bytes
    }

    /// `allocations / divisor` (for example per frame), or `nil`.
    package func allocationsPer(_ divisor: Int) -> Double? {
        guard let allocations, divisor > 0 else { return nil }
        return Double(allocations) / Double(divisor)
    }

    /// `bytes / divisor` (for example per tab), or `nil`.
    package func bytesPer(_ divisor: Int) -> Double? {
        guard let bytes, divisor > 0 else { return nil }
        return Double(bytes) / Double(divisor)
    }
}

extension AllocationProbe {
    /// The allocator's name, or `"none"` when figures are unavailable.
    package var counterName: String { isAvailable ? allocatorName : "none" }
}

extension AllocationProbe {
    /// Counts the allocation requests and bytes of one whole phase.
    ///
    /// Run it in a pass of its own: the count snapshots flush the allocator's
    /// thread cache and would distort timings taken in the same pass.
    /// - Complexity: that of `phase`, plus two ``allocationRequests()``
    ///   snapshots (tens of microseconds each with jemalloc).
    package func measure<T>(_ phase: () throws -> T) rethrows -> (figures: AllocationFigures, result: T) {
        let requestsBefore = allocationRequests()
        let bytesBefore = threadAllocatedBytes()
        let result = try phase()
        let bytesAfter = threadAllocatedBytes()
        let requestsAfter = allocationRequests()
        let allocations = requestsBefore.flatMap { before in requestsAfter.map { $0 &- before } }
        let bytes = bytesBefore.flatMap { before in bytesAfter.map { $0 &- before } }
        return (AllocationFigures(allocations: allocations, bytes: bytes), result)
    }
}
