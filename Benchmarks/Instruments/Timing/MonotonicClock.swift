#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A monotonic nanosecond clock (`CLOCK_MONOTONIC`): readings mean
/// something only as differences, and never go backwards.
package enum MonotonicClock {
    /// The current reading, in nanoseconds (one vDSO call).
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

    /// What a reading costs, measured now.
    package struct Overhead: Sendable, Equatable {
        package var meanNanoseconds: Double
        /// The smallest nonzero step between two back-to-back readings: the clock's resolution as a timer sees it.
        package var smallestStepNanoseconds: UInt64
    }

    /// Measures a reading's cost by reading the clock `reads` times in a loop.
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
        return Overhead(
            meanNanoseconds: Double(previous &- start) / Double(reads - 1),
            smallestStepNanoseconds: smallest == .max ? 0 : smallest)
    }
}

/// The calling thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), in nanoseconds: unlike ``MonotonicClock`` it does not
/// advance while the thread waits for a core, so a long phase on a machine shared with other work is not inflated by
/// the others' time slices. For same-run growth ratios of long phases; wall time stays what a user would see.
package enum ThreadCPUClock {
    package static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
