import BenchInstruments

/// A piece of a scenario's measured work, declared once as a closure over
/// the scenario's inputs, as package-benchmark declares a benchmark: the
/// scenario times it and counts its allocations, and the instruction pass
/// (`bench instructions-child`) replays the same closure under callgrind,
/// so every instrument measures one piece of code.
///
/// One call of ``pass`` runs every operation once (a query at each offset
/// of a trace, every frame of a script); figures are per operation.
package struct Workload {
    /// The name it is reported under: for a workload the instruction pass
    /// counts, the name of its phase (`range-query-fling`).
    package let name: String
    /// The operations one pass runs.
    package let operations: Int
    /// One pass over every operation.
    package let pass: () -> Void

    /// The shortest of `rounds` timed passes of each workload, in
    /// nanoseconds, in the order of `workloads`: the min-of-k estimator of
    /// `shortestTime(of:_:)` with the workloads interleaved (each round
    /// runs every workload once, in order), so that a slow phase of the
    /// machine falls on all of them alike and same-run ratios hold.
    /// - Complexity: `rounds` passes of each workload, plus two clock
    ///   readings per pass.
    package static func shortestPasses(_ workloads: [Workload], rounds: Int) -> [UInt64] {
        var shortest = [UInt64](repeating: .max, count: workloads.count)
        for _ in 0..<rounds {
            for (position, workload) in workloads.enumerated() {
                shortest[position] = Swift.min(shortest[position], timeOnce { workload.pass() }.nanoseconds)
            }
        }
        return shortest
    }
}

/// A ``Workload`` whose operations are timed or counted one at a time: its
/// pass hands each operation's work to a step, which runs it once (the
/// scenario reads the clock around it, the instruction pass switches
/// counting on around it), so that per-operation set-up (a jump's
/// animation, a drag's plan) stays outside what either measures.
package struct SteppedWorkload<Kind> {
    /// The name it is reported under: for a workload the instruction pass
    /// counts, the name of its phase (`jump-frame`).
    package let name: String
    /// The operations one pass runs (the steps it makes).
    package let operations: Int
    /// One pass over every operation: calls its step once per operation,
    /// with the operation's kind (a jump's final select, a pager frame
    /// that drags) and its work, which the step must run exactly once.
    package let pass: (_ step: (_ kind: Kind, _ work: () -> Void) -> Void) -> Void
}
