/// How many times to run a measured operation: unmeasured warm-up runs
/// first (to fill caches, fault pages in and let lazy initialisation
/// happen), then measured samples.
package struct Repetitions: Sendable, Equatable {
    /// Unmeasured runs before the first sample.
    package var warmUp: Int
    /// Measured runs, one histogram sample each.
    package var samples: Int

    /// Creates a repetition plan; negative numbers are clamped to 0.
    package init(warmUp: Int, samples: Int) {
        self.warmUp = Swift.max(0, warmUp)
        self.samples = Swift.max(0, samples)
    }
}

/// Keeps a value alive and opaque to the optimiser, so a benchmark's work is
/// not deleted as dead code.
@inline(never)
@_optimize(none)
package func blackHole<T>(_ value: T) {
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
package func measure(
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
package func timeOnce<T>(_ body: () throws -> T) rethrows -> (nanoseconds: UInt64, result: T) {
    let start = MonotonicClock.now()
    let result = try body()
    return (MonotonicClock.elapsed(since: start), result)
}

/// Runs `body` `runs` times and returns the shortest wall time, in
/// nanoseconds: the min-of-k estimator for a loop timed as a whole.
///
/// A loop timed once absorbs every preemption that falls inside it (one
/// 4 ms time slice of another process turns a 0.5 ms loop of 85 ns queries
/// into a 750 ns "mean"); the shortest of a few runs is the run the machine
/// disturbed least, which is what a same-run ratio or a target should
/// compare. Use it for whole-loop means, not for per-sample distributions.
/// - Complexity: `runs` calls of `body` (at least one).
package func shortestTime(of runs: Int, _ body: () throws -> Void) rethrows -> UInt64 {
    var best = UInt64.max
    for _ in 0..<Swift.max(1, runs) {
        let start = MonotonicClock.now()
        try body()
        best = Swift.min(best, MonotonicClock.elapsed(since: start))
    }
    return best
}

/// The median of `values` (the mean of the middle two for an even count),
/// or NaN when empty.
/// - Complexity: O(n log n).
package func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
