/// How many times to run a measured operation: unmeasured warm-up runs
/// first (to fill caches, fault pages in and let lazy initialisation
/// happen), then measured samples.
public struct Repetitions: Sendable, Equatable {
    /// Unmeasured runs before the first sample.
    public var warmUp: Int
    /// Measured runs, one histogram sample each.
    public var samples: Int

    /// Creates a repetition plan; negative numbers are clamped to 0.
    public init(warmUp: Int, samples: Int) {
        self.warmUp = Swift.max(0, warmUp)
        self.samples = Swift.max(0, samples)
    }
}

/// Keeps a value alive and opaque to the optimiser, so a benchmark's work is
/// not deleted as dead code.
@inline(never)
@_optimize(none)
public func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Runs `body` `repetitions.warmUp` times unmeasured, then
/// `repetitions.samples` times, recording each run's wall time (nanoseconds,
/// clock overhead included) into `histogram`.
///
/// `body` receives the index of the run (warm-up runs count from 0 too, then
/// the samples from 0), so it can step through prepared inputs.
/// - Complexity: O(warmUp + samples) calls of `body`; allocates nothing
///   itself.
@inlinable
public func measure(
    _ repetitions: Repetitions,
    into histogram: inout LatencyHistogram,
    _ body: (Int) throws -> Void
) rethrows {
    for run in 0..<repetitions.warmUp { try body(run) }
    for run in 0..<repetitions.samples {
        let start = MonotonicClock.now()
        try body(run)
        histogram.record(MonotonicClock.elapsed(since: start))
    }
}

/// Runs `body` once and returns its wall time in nanoseconds.
@inlinable
public func timeOnce<T>(_ body: () throws -> T) rethrows -> (nanoseconds: UInt64, result: T) {
    let start = MonotonicClock.now()
    let result = try body()
    return (MonotonicClock.elapsed(since: start), result)
}
