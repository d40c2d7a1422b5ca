/// An allocation probe that can also tell how much memory a phase left
/// alive: bytes freed by the measuring thread and the number of live heap
/// objects. The jemalloc probe of the `bench` executable implements it;
/// scenarios ask for it with `context.allocations as? RetainedMemoryProbe`
/// and report `null` without it.
package protocol RetainedMemoryProbe: AllocationProbe {
    /// Bytes freed by the calling thread since it started (a monotonic
    /// counter, jemalloc's `thread.deallocatedp`), or `nil`.
    /// - Complexity: O(1), about a nanosecond.
    func threadDeallocatedBytes() -> UInt64?

    /// The number of heap objects allocated and not yet freed, process-wide
    /// (after flushing this thread's cache), or `nil`. Objects cached by
    /// other threads count as live, so only differences around a phase on
    /// an otherwise idle process mean anything.
    /// - Complexity: tens of microseconds (like ``AllocationProbe/allocationRequests()``).
    func liveObjects() -> UInt64?
}

/// What a phase left alive on the heap.
package struct RetainedFigures: Sendable, Equatable {
    /// Bytes allocated minus bytes freed by the measuring thread during the
    /// phase, or `nil` without a probe.
    package var bytes: Int64?
    /// Live heap objects after the phase minus before, or `nil`.
    package var objects: Int64?

    /// Creates figures.
    package init(bytes: Int64?, objects: Int64?) {
        self.bytes = bytes
        self.objects = objects
    }

    /// `bytes / divisor` (for example per tab), or `nil`.
    package func bytesPer(_ divisor: Int) -> Double? {
        guard let bytes, divisor > 0 else { return nil }
        return Double(bytes) / Double(divisor)
    }
}

extension AllocationProbe {
    /// Runs `phase` and reports what it left alive: the net bytes the
    /// measuring thread allocated (allocated minus freed) and the net
    /// number of live heap objects. The result of `phase` is returned so the
    /// caller keeps it alive; whatever `phase` frees (temporaries) does not
    /// count. Every figure is `nil` when the probe is not a
    /// ``RetainedMemoryProbe``.
    package func measureRetained<T>(_ phase: () throws -> T) rethrows -> (figures: RetainedFigures, result: T) {
        guard let probe = self as? any RetainedMemoryProbe else {
            return (RetainedFigures(bytes: nil, objects: nil), try phase())
        }
        let objectsBefore = probe.liveObjects()
        let allocatedBefore = probe.threadAllocatedBytes()
        let freedBefore = probe.threadDeallocatedBytes()
        let result = try phase()
        let allocatedAfter = probe.threadAllocatedBytes()
        let freedAfter = probe.threadDeallocatedBytes()
        let objectsAfter = probe.liveObjects()
        var bytes: Int64?
        if let allocatedBefore, let allocatedAfter, let freedBefore, let freedAfter {
            bytes = Int64(bitPattern: (allocatedAfter &- allocatedBefore) &- (freedAfter &- freedBefore))
        }
        var objects: Int64?
        if let objectsBefore, let objectsAfter {
            objects = Int64(bitPattern: objectsAfter &- objectsBefore)
        }
        return (RetainedFigures(bytes: bytes, objects: objects), result)
    }
}
