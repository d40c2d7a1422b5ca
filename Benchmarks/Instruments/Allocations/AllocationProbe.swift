#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the allocator's counters, so that a benchmark can report the heap allocations and bytes of a phase of work.
/// The `bench` executable has the implementations: jemalloc's statistics when it links jemalloc, its own `malloc`
/// interposer otherwise; ``NoAllocationProbe`` has no figures. Figures that are not available are `nil` (JSON `null`),
/// never 0. Used from the thread that runs the scenarios only.
package protocol AllocationProbe: AnyObject {
    var allocatorName: String { get }
    var allocatorVersion: String? { get }
    var isAvailable: Bool { get }
    var note: String? { get }
    /// The counter behind the figures (`jemalloc-stats`, `malloc-interposer`,
    /// `none`): figures of different counters are not comparable.
    var counterName: String { get }
    /// Bytes the calling thread allocated so far (a monotonic counter,
    /// cheap enough to read around every frame), or `nil`.
    func threadAllocatedBytes() -> UInt64?
    /// The process's allocation requests so far, or `nil`. A snapshot is expensive and disturbs the allocator's caches:
    /// take it around whole phases, in a pass separate from the timing pass.
    func allocationRequests() -> UInt64?
}

/// A probe that can also tell what a phase left alive: the bytes the measuring thread freed and the live heap objects.
package protocol RetainedMemoryProbe: AllocationProbe {
    /// Bytes the calling thread freed so far (a monotonic counter), or `nil`.
    func threadDeallocatedBytes() -> UInt64?
    /// Heap objects allocated and not yet freed, process-wide, or `nil`: only differences around a phase of an
    /// otherwise idle process mean anything.
    func liveObjects() -> UInt64?
}

extension AllocationProbe {
    package var counterName: String { isAvailable ? allocatorName : "none" }

    /// Counts the allocation requests and bytes of one whole phase, in a
    /// pass of its own (the snapshots would distort timings taken with it).
    package func measure<T>(_ phase: () throws -> T) rethrows -> (figures: AllocationFigures, result: T) {
        let requestsBefore = allocationRequests()
        let bytesBefore = threadAllocatedBytes()
        let result = try phase()
        let bytesAfter = threadAllocatedBytes()
        let requestsAfter = allocationRequests()
        return (
            AllocationFigures(
                allocations: requestsBefore.flatMap { before in requestsAfter.map { $0 &- before } },
                bytes: bytesBefore.flatMap { before in bytesAfter.map { $0 &- before } }), result
        )
    }

    /// Runs `phase` and reports what it left alive: the net bytes the measuring thread allocated and the net live heap
    /// objects; the result is returned so the caller keeps it alive. `nil` figures without a ``RetainedMemoryProbe``.
    package func measureRetained<T>(_ phase: () throws -> T) rethrows -> (figures: RetainedFigures, result: T) {
        guard let probe = self as? any RetainedMemoryProbe else {
            return (RetainedFigures(bytes: nil, objects: nil), try phase())
        }
        let objectsBefore = probe.liveObjects()
        let (allocatedBefore, freedBefore) = (probe.threadAllocatedBytes(), probe.threadDeallocatedBytes())
        let result = try phase()
        let (allocatedAfter, freedAfter) = (probe.threadAllocatedBytes(), probe.threadDeallocatedBytes())
        let objectsAfter = probe.liveObjects()
        var bytes: Int64?
        if let allocatedBefore, let allocatedAfter, let freedBefore, let freedAfter {
            bytes = Int64(bitPattern: (allocatedAfter &- allocatedBefore) &- (freedAfter &- freedBefore))
        }
        let objects = objectsBefore.flatMap { before in objectsAfter.map { Int64(bitPattern: $0 &- before) } }
        return (RetainedFigures(bytes: bytes, objects: objects), result)
    }
}

/// Allocation figures of one phase: requests and bytes, `nil` without a probe.
package struct AllocationFigures: Sendable, Equatable {
    package var allocations: UInt64?
    package var bytes: UInt64?

    package init(allocations: UInt64?, bytes: UInt64?) { (self.allocations, self.bytes) = (allocations, bytes) }

    /// `allocations / divisor` (per frame), or `nil`.
    package func allocationsPer(_ divisor: Int) -> Double? { per(allocations, divisor) }

    /// `bytes / divisor` (per tab), or `nil`.
    package func bytesPer(_ divisor: Int) -> Double? { per(bytes, divisor) }
}

/// `value / divisor`, or `nil` without a value or a positive divisor.
private func per(_ value: (some BinaryInteger)?, _ divisor: Int) -> Double? {
    value.flatMap { divisor > 0 ? Double($0) / Double(divisor) : nil }
}

/// What a phase left alive: net bytes of the measuring thread and net live objects, `nil` without a probe.
package struct RetainedFigures: Sendable, Equatable {
    package var bytes: Int64?
    package var objects: Int64?

    /// `bytes / divisor` (per tab), or `nil`.
    package func bytesPer(_ divisor: Int) -> Double? { per(bytes, divisor) }
}

/// The probe without an allocation counter: every figure `nil`, and a note on how to get them.
package final class NoAllocationProbe: AllocationProbe {
    package static let defaultNote =
        "allocation figures need jemalloc: apt-get install libjemalloc-dev, then "
        + "`swift package purge-cache` (or build with TABSTRIP_JEMALLOC=1) and rebuild"
    package let note: String?
    package var allocatorName: String { "none" }
    package var allocatorVersion: String? { nil }
    package var isAvailable: Bool { false }

    package init(note: String = NoAllocationProbe.defaultNote) { self.note = note }

    package func threadAllocatedBytes() -> UInt64? { nil }
    package func allocationRequests() -> UInt64? { nil }
}

final class SelfCheckObject {
    var payload: (Int, Int)
    init(_ value: Int) { payload = (value, value &* 31) }
}

/// What ``AllocationSelfCheck/run(probe:objects:)`` counted.
package struct AllocationSelfCheckResult: Sendable, Equatable {
    package var expectedAllocations: Int
    package var emptyPhaseAllocations: UInt64?
    package var countedAllocations: UInt64?
    package var countedBytes: UInt64?

    /// `counted − expected` (0 for an exact probe), or `nil`.
    package var countError: Int? { countedAllocations.map { Int($0) - expectedAllocations } }

    /// Whether the counts are exact and the bytes plausible (at least a Swift object header, 16 bytes, per object).
    package var passed: Bool {
        guard let countedAllocations, let countedBytes, emptyPhaseAllocations == 0 else { return false }
        return countedAllocations == UInt64(expectedAllocations) && countedBytes >= UInt64(16 * expectedAllocations)
    }
}

/// Verifies a probe by allocating a known number of objects.
package enum AllocationSelfCheck {
    /// An empty phase (0 expected), then one allocating exactly `objects`
    /// class instances into storage reserved before it.
    package static func run(probe: any AllocationProbe, objects: Int = 1_000) -> AllocationSelfCheckResult {
        let objects = max(1, objects)
        var storage = ContiguousArray<SelfCheckObject>()
        storage.reserveCapacity(objects)
        let empty = probe.measure { blackHole(objects) }
        let filled = probe.measure { for value in 0..<objects { storage.append(SelfCheckObject(value)) } }
        blackHole(storage)
        return AllocationSelfCheckResult(
            expectedAllocations: objects, emptyPhaseAllocations: empty.figures.allocations,
            countedAllocations: filled.figures.allocations, countedBytes: filled.figures.bytes)
    }
}

package enum ResidentMemory {
    /// The peak resident set size so far, in bytes (`getrusage`), or `nil`.
    package static func peakBytes() -> Int? {
        var usage = rusage()
        #if os(Linux)
            guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return nil }
            return Int(usage.ru_maxrss) * 1_024
        #else
            guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
            return Int(usage.ru_maxrss)
        #endif
    }
}
