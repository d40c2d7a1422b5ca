/// A known number of heap objects, to verify that a probe counts
/// allocations exactly.
final class SelfCheckObject {
    var payload: (Int, Int)
    init(_ value: Int) { payload = (value, value &* 31) }
}

/// The result of ``AllocationSelfCheck/run(probe:objects:)``.
package struct AllocationSelfCheckResult: Sendable, Equatable {
    /// Objects allocated in the measured phase.
    package var expectedAllocations: Int
    /// What the probe counted for an empty phase (its own overhead; 0 when
    /// the probe is exact).
    package var emptyPhaseAllocations: UInt64?
    /// What the probe counted for the phase allocating the objects.
    package var countedAllocations: UInt64?
    /// Bytes the probe saw the phase allocate.
    package var countedBytes: UInt64?

    /// `counted - expected`, or `nil` without figures: 0 for an exact probe.
    package var countError: Int? {
        countedAllocations.map { Int($0) - expectedAllocations }
    }

    /// Whether the counts are exact and the bytes plausible (at least 16
    /// bytes — a Swift object header — per object).
    package var passed: Bool {
        guard let countedAllocations, let countedBytes, let emptyPhaseAllocations else { return false }
        return emptyPhaseAllocations == 0
            && countedAllocations == UInt64(expectedAllocations)
            && countedBytes >= UInt64(16 * expectedAllocations)
    }
}

/// Verifies an allocation probe by allocating a known number of class
/// instances and comparing the probe's count with it.
package enum AllocationSelfCheck {
    /// Runs the check: an empty phase (expected count 0), then a phase that
    /// allocates exactly `objects` class instances into storage reserved
    /// before the phase began.
    /// - Complexity: O(objects), plus four allocation snapshots (tens of
    ///   microseconds each with jemalloc).
    package static func run(probe: any AllocationProbe, objects: Int = 1_000) -> AllocationSelfCheckResult {
        let objects = max(1, objects)
        var storage = ContiguousArray<SelfCheckObject>()
        storage.reserveCapacity(objects)
        let empty = probe.measure { blackHole(objects) }
        let filled = probe.measure {
            for value in 0..<objects { storage.append(SelfCheckObject(value)) }
        }
        blackHole(storage)
        return AllocationSelfCheckResult(
            expectedAllocations: objects,
            emptyPhaseAllocations: empty.figures.allocations,
            countedAllocations: filled.figures.allocations,
            countedBytes: filled.figures.bytes
        )
    }
}
