/// How many times to run a measured operation: unmeasured warm-up runs (to fill caches, fault pages in and let lazy
/// initialisation happen), then measured samples.
package struct Repetitions: Sendable, Equatable {
    package var warmUp: Int
    package var samples: Int

    package init(warmUp: Int, samples: Int) {
        self.warmUp = Swift.max(0, warmUp)
        self.samples = Swift.max(0, samples)
    }
}

/// Keeps a value alive and opaque to the optimiser, so a benchmark's work is not deleted as dead code.
@inline(never)
@_optimize(none)
package func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

/// Runs `body` `warmUp` times unmeasured, then `samples` times, recording each run's wall time (one clock reading
/// included) into `histogram`; `body` gets the run's index (warm-up runs and samples each from 0).
package func measure(
    _ repetitions: Repetitions, into histogram: inout LatencyHistogram, _ body: (Int) throws -> Void
) rethrows {
    for run in 0..<repetitions.warmUp { try body(run) }
    for run in 0..<repetitions.samples {
        let start = MonotonicClock.now()
        try body(run)
        histogram.record(MonotonicClock.elapsed(since: start))
    }
}

/// Runs `body` once; its wall time in nanoseconds and its result.
package func timeOnce<T>(_ body: () throws -> T) rethrows -> (nanoseconds: UInt64, result: T) {
    let start = MonotonicClock.now()
    let result = try body()
    return (MonotonicClock.elapsed(since: start), result)
}

/// The shortest wall time of `runs` runs of `body` (at least one), in nanoseconds: a loop timed once absorbs every
/// preemption inside it, and the shortest of a few is the run the machine disturbed least, which a same-run ratio or a
/// target should compare. For whole-loop means, not per-sample distributions.
package func shortestTime(of runs: Int, _ body: () throws -> Void) rethrows -> UInt64 {
    var best = UInt64.max
    for _ in 0..<Swift.max(1, runs) { best = Swift.min(best, try timeOnce(body).nanoseconds) }
    return best
}

/// The median of `values` (the mean of the middle two for an even count), or NaN when empty.
package func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// A measurement that could not complete: one line, for the report.
package struct ScenarioError: Error, Equatable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) { self.message = message }

    package var description: String { message }
}
