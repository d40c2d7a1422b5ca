#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A monotonic nanosecond clock (`clock_gettime(CLOCK_MONOTONIC)`).
///
/// Readings are only meaningful as differences. The clock never goes
/// backwards and is not affected by changes of the wall-clock time.
package enum MonotonicClock {
    /// The current reading in nanoseconds.
    /// - Complexity: O(1); one vDSO call (tens of nanoseconds, see
    ///   ``measureOverhead(reads:)``).
    @inline(__always)
    package static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// Nanoseconds elapsed since an earlier reading.
    @inline(__always)
    package static func elapsed(since start: UInt64) -> UInt64 {
        let end = now()
        return end >= start ? end - start : 0
    }

    /// The cost of one reading, measured now.
    package struct Overhead: Sendable, Equatable {
        /// Mean nanoseconds per reading over a tight loop of reads.
        package var meanNanoseconds: Double
        /// The smallest nonzero difference seen between two back-to-back
        /// readings: the clock's effective resolution as a timer sees it.
        package var smallestStepNanoseconds: UInt64
    }

    /// Measures what a reading costs by reading the clock `reads` times in a
    /// tight loop.
    /// - Complexity: O(reads).
    package static func measureOverhead(reads: Int = 1_000_000) -> Overhead {
        let reads = max(reads, 2)
        var smallest = UInt64.max
        var previous = now()
        let start = previous
        for _ in 1..<reads {
            let current = now()
            let step = current &- previous
            if step > 0, step < smallest { smallest = step }
            previous = current
        }
        let total = previous &- start
        return Overhead(
            meanNanoseconds: Double(total) / Double(reads - 1),
            smallestStepNanoseconds: smallest == .max ? 0 : smallest
        )
    }
}

/// The CPU time of the calling thread, in nanoseconds
/// (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`).
///
/// Unlike ``MonotonicClock`` it does not advance while the thread waits for
/// a core, so a long phase (a 10M-tab build of a second or more) measured on
/// a machine shared with other work is not inflated by the time slices the
/// others got. It still counts everything the thread executes, page faults
/// included. Use it for same-run growth ratios of long phases; keep wall
/// time for what a user would see.
package enum ThreadCPUClock {
    /// The calling thread's CPU time so far, in nanoseconds.
    /// - Complexity: O(1); one system call or vDSO read (well under a
    ///   microsecond).
    package static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
