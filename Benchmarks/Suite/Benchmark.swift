import BenchInstruments

/// What an instrument does around one operation of a benchmark: nothing (a warm-up, a pass under the allocation probe,
/// a pass timed or counted as a whole), read the clock, or switch callgrind's collection on and off.
package protocol Measure {
    /// Runs `work`, one operation, once; `marked` is the operation's kind as its benchmark defines it (a jump's final
    /// select, a pager frame with the finger down).
    mutating func measure(_ marked: Bool, _ work: () -> Void)
}

/// A benchmark's body, declared once: its operations, each handed to the instrument that runs it. Every instrument runs
/// this same code, specialised for it, so that a per-operation measurement adds only the instrument's own work (two
/// clock readings, two collection switches).
package protocol Operations { func run<M: Measure>(_ measure: inout M) }

package struct Unmeasured: Measure {
    @inline(__always)
    package mutating func measure(_ marked: Bool, _ work: () -> Void) { work() }
}

/// Runs each operation, then `observe` (a picture's recording).
package struct Observed: Measure {
    package let observe: (_ marked: Bool) -> Void

    @inline(__always)
    package mutating func measure(_ marked: Bool, _ work: () -> Void) {
        work()
        observe(marked)
    }
}

/// Times each operation: `record` gets its mark and its nanoseconds (one clock reading included).
struct Clocked: Measure {
    let record: (_ marked: Bool, _ nanoseconds: UInt64) -> Void

    @inline(__always)
    mutating func measure(_ marked: Bool, _ work: () -> Void) {
        let start = MonotonicClock.now()
        work()
        record(marked, MonotonicClock.elapsed(since: start))
    }
}

/// Counts each operation's instructions: callgrind's collection on around its work only.
struct Switched: Measure {
    let collector: any InstructionCollector
    var operations = 0

    @inline(__always)
    mutating func measure(_ marked: Bool, _ work: () -> Void) {
        collector.resume()
        work()
        collector.pause()
        operations += 1
    }
}

/// A benchmark ready to run: its name, its operations and its body, and how each instrument runs it. Made by a
/// scenario's declaration (set-up and warm-up done); the scenario times it and counts its allocations, and the
/// instruction pass counts its instructions, always through the same body.
package struct Workload {
    package let name: String
    package let operations: Int
    /// One pass, unmeasured (a warm-up, a pass under the allocation probe, a pass timed as a whole).
    package let run: () -> Void
    /// One pass, each operation timed: `record` gets its mark and its nanoseconds.
    package let time: (_ record: (_ marked: Bool, _ nanoseconds: UInt64) -> Void) -> Void
    /// One pass counted by a collector, then the phase ended under ``name``; returns the operations counted.
    package let count: (any InstructionCollector) -> Int

    package init<Body: Operations>(_ name: String, operations: Int, each: Bool, _ body: Body) {
        (self.name, self.operations) = (name, operations)
        run = {
            var plain = Unmeasured()
            body.run(&plain)
        }
        time = { record in
            withoutActuallyEscaping(record) { record in
                var clock = Clocked(record: record)
                body.run(&clock)
            }
        }
        count =
            each
            ? { collector in
                var switched = Switched(collector: collector)
                body.run(&switched)
                collector.endPhase(name)
                return switched.operations
            }
            : { collector in
                var plain = Unmeasured()
                collector.resume()
                body.run(&plain)
                collector.pause()
                collector.endPhase(name)
                return operations
            }
    }

    package init(_ name: String, operations: Int, whole body: @escaping () -> Void) {
        self.init(name, operations: operations, each: false, Whole(body: body))
    }

    package init(_ name: String, counting body: @escaping () -> Int) {
        self.name = name
        operations = 0
        run = { _ = body() }
        time = { record in
            let start = MonotonicClock.now()
            _ = body()
            record(false, MonotonicClock.elapsed(since: start))
        }
        count = { collector in
            collector.resume()
            let operations = body()
            collector.pause()
            collector.endPhase(name)
            return operations
        }
    }

    private struct Whole: Operations {
        let body: () -> Void
        func run<M: Measure>(_ measure: inout M) { measure.measure(false, body) }
    }

    /// The shortest of `rounds` timed passes of each workload, in nanoseconds, in the order of `workloads`, the
    /// workloads interleaved (each round runs every workload once) so that a slow phase of the machine falls on all of
    /// them alike and same-run ratios hold.
    package static func shortestPasses(_ workloads: [Workload], rounds: Int) -> [UInt64] {
        var shortest = [UInt64](repeating: .max, count: workloads.count)
        for _ in 0..<rounds {
            for (position, workload) in workloads.enumerated() {
                shortest[position] = Swift.min(shortest[position], timeOnce { workload.run() }.nanoseconds)
            }
        }
        return shortest
    }
}
