#if !TABSTRIP_JEMALLOC
    import BenchInstruments
    import CAllocationCounter

    /// The fallback allocation counter, used when jemalloc is not linked: the bench executable's own `malloc`,
    /// `calloc`, `realloc`, `free`, `posix_memalign`, `aligned_alloc` (and `memalign`, `valloc`, `pvalloc`) count every
    /// call of the process and forward to glibc (`CAllocationCounter`).
    ///
    /// - Counts: successful allocation calls, process-wide (a relaxed atomic); a `realloc` counts as one allocation and
    ///   one free. Reading costs a few nanoseconds and disturbs nothing, unlike jemalloc's snapshot.
    /// - Bytes: `malloc_usable_size` of each block, per thread, so byte figures differ from jemalloc's (other size
    ///   classes); `bench compare` never compares figures of the two counters.
    /// - Retained memory: bytes allocated minus freed by the thread, and live blocks (allocations − frees,
    ///   process-wide).
    final class InterposerProbe: RetainedMemoryProbe {
        var allocatorName: String { "glibc" }
        var counterName: String { "malloc-interposer" }
        let allocatorVersion: String? = String(cString: tabstrip_counter_libc_version())
        var isAvailable: Bool { true }
        var note: String? {
            "counted by the bench's malloc interposer around glibc (jemalloc not linked): exact call counts; "
                + "bytes are malloc_usable_size, not jemalloc size classes"
        }

        func threadAllocatedBytes() -> UInt64? { tabstrip_counter_thread_allocated_bytes() }
        func allocationRequests() -> UInt64? { tabstrip_counter_allocations() }
        func threadDeallocatedBytes() -> UInt64? { tabstrip_counter_thread_freed_bytes() }
        func liveObjects() -> UInt64? { tabstrip_counter_allocations() &- tabstrip_counter_frees() }
    }
#endif
