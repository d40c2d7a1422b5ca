import CCallgrind

/// Switches instruction counting on and off around measured work and closes phases: the instruction pass's child
/// process counts through ``CallgrindCollector``; tests use their own recording collector.
///
/// Counting is off between phases. A phase switches it on around its measured work (once around a whole loop, or around
/// each operation, so that inputs drawn in between are not counted), then ends with ``endPhase(_:)``.
package protocol InstructionCollector: AnyObject {
    /// Switches counting on (it must be off).
    func resume()
    /// Switches counting off (it must be on).
    func pause()
    /// Ends a phase: what was counted since the previous phase is written
    /// under `name`, then the count starts again from zero.
    func endPhase(_ name: String)
}

/// Counts through callgrind's client requests (the `CCallgrind` module): `CALLGRIND_TOGGLE_COLLECT` around measured
/// work and `CALLGRIND_DUMP_STATS_AT(name)` at the end of each phase, for a process started with `valgrind
/// --tool=callgrind --collect-atstart=no`. Each dump becomes a file `cg.PID.out.N` whose trigger line names the phase.
///
/// Instrumentation stays on throughout: callgrind 3.19 writes meaningless (wrapped, negative) totals in dumps taken
/// after `CALLGRIND_STOP_INSTRUMENTATION`, so set-up runs instrumented, only not collected.
///
/// Outside valgrind every request is a no-op of a few instructions, so the workload still runs (and counts nothing).
package final class CallgrindCollector: InstructionCollector {
    private var collecting = false

    /// Whether the callgrind headers were present when the harness was
    /// compiled (without them every request is an empty function).
    package static var isCompiledIn: Bool { tabstrip_callgrind_compiled_in() != 0 }

    package static var isRunningOnValgrind: Bool { tabstrip_callgrind_running_on_valgrind() > 0 }

    package init() { tabstrip_callgrind_zero_stats() }

    @inline(never)
    package func resume() {
        precondition(!collecting, "instruction counting is already on")
        collecting = true
        tabstrip_callgrind_toggle_collect()
    }

    @inline(never)
    package func pause() {
        tabstrip_callgrind_toggle_collect()
        precondition(collecting, "instruction counting is already off")
        collecting = false
    }

    package func endPhase(_ name: String) {
        precondition(!collecting, "a phase ended with instruction counting on")
        name.withCString { tabstrip_callgrind_dump_stats_at($0) }
    }
}
