import BenchInstruments
import Foundation

/// Executed instructions per operation of the declared benchmarks, counted by callgrind: deterministic for a given
/// binary and input, so their limits can be tight and a clean tree never fails them by chance; with callgrind's cache
/// simulation, per operation, `l1-misses-PHASE`, `ll-misses-PHASE` and `cycles-PHASE`
/// (``CacheFigures/estimatedCycles``).
///
/// The bench runs itself under callgrind (``CallgrindRun``) as `bench instructions-child --workload quick|full --seed
/// S`; the child counts every benchmark of ``countedScenarios``, each made and run by the scenario that declares it,
/// with collection switched on only around the measured work. Without valgrind every figure is `null` with a note
/// saying why, never 0; the same with `--no-instructions`.
package struct InstructionScenario: Scenario {
    /// The scenarios whose benchmarks the pass counts, in the order it counts them at each tab count (ascending): which
    /// figures the pass counts is decided here and in each scenario's declarations.
    package static var countedScenarios: [any CountedScenario.Type] {
        [
            BuildScenario.self, ScalingScenario.self, FlingScenario.self, JumpScenario.self, PagerScenario.self,
            ShaperScenario.self, Relayouts.self, SourceApply.self,
        ]
    }

    package struct Parameters: ScenarioParameters, Sendable {
        package var workload: InstructionWorkloadSize
        package var seed: UInt64
        package var frameStrategy = FrameStrategyKind.virtualized
        package var valgrind: Valgrind?
        package var executable: String?
        package var skipReason: String?
        package var dumpDirectory: String?

        private enum CodingKeys: String, CodingKey { case workload, tabs, frameStrategy, valgrind, counted }

        /// The workload, its tab counts, the frame strategy, the valgrind
        /// version (`not found`) and whether anything was counted.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(workload.rawValue, forKey: .workload)
            try container.encode(InstructionScenario.tabs(workload), forKey: .tabs)
            try container.encode(frameStrategy.rawValue, forKey: .frameStrategy)
            try container.encode(valgrind?.version ?? "not found", forKey: .valgrind)
            try container.encode(skipReason == nil && valgrind != nil, forKey: .counted)
        }
    }

    package var executable: String?
    package var searchPath: String?
    /// The longest the child may run, in seconds: many times what the full workload takes, so a hung child still ends
    /// the run.
    package var timeout = 600.0

    package let name = "instructions"
    package let summary =
        "Executed instructions (callgrind, deterministic) per fling, jump and pager frame, range query, width change, insert, remove, badge edit, title measured and tab built; growth from 10k to 1M tabs; simulated L1 and last-level cache misses and estimated cycles per operation."

    /// Why the figures are `null` after `--no-instructions`; their notes
    /// begin `null: ` and this, which `bench compare` reads.
    package static let noInstructionsReason = "--no-instructions was given"

    /// `--titles` does not apply, so the limits always name the same figures.
    package func parameters(for configuration: RunConfiguration) -> Parameters {
        let skip = configuration.instructions ? nil : Self.noInstructionsReason
        let path = searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? ""
        return Parameters(
            workload: configuration.mode == .quick ? .quick : .full, seed: configuration.seed,
            valgrind: skip == nil ? Valgrind.locate(searchPath: path) : nil,
            executable: executable ?? ChildProcess.currentExecutable, skipReason: skip,
            dumpDirectory: configuration.dumpDirectory)
    }

    /// Runs the child under callgrind and turns its counts into metrics, or
    /// reports every figure as `null` when there is no valgrind.
    package func run(_ parameters: Parameters, in context: ScenarioContext) throws(ScenarioError) -> ScenarioOutput {
        let workload = parameters.workload
        guard parameters.skipReason == nil, let valgrind = parameters.valgrind else {
            let why =
                parameters.skipReason
                ?? "valgrind not found on PATH (apt-get install valgrind; there is none for macOS)"
            return Self.output(
                workload, counts: nil, notes: ["no instruction counts: \(why); every instruction figure is null"],
                nullNote: "null: \(why)")
        }
        guard let executable = parameters.executable else {
            throw ScenarioError("instructions: cannot find the bench executable to run under valgrind")
        }
        let callgrind = CallgrindRun(
            valgrind: valgrind, executable: executable,
            arguments: [
                "instructions-child", "--workload", workload.rawValue, "--seed", "\(parameters.seed)",
                "--frame-strategy", parameters.frameStrategy.rawValue,
            ], timeout: timeout)
        let counts = try callgrind.count(
            phases: Self.phases(workload).map(\.name), keep: parameters.dumpDirectory, progress: context.reportProgress)
        let notes = [
            callgrind.description
                + ": collection on only around each phase's measured work; \(workload.rawValue) workload, frame strategy \(parameters.frameStrategy.strategyName)",
            "instruction counts depend on the compiler and its flags: compare figures of the same toolchain and build configuration only",
            "hot functions: per phase, the 10 functions with the most inclusive instructions per operation (self and callees; demangled by the Swift runtime)",
            "cache figures: callgrind's simulated caches (first level I1 and D1 of 32 KiB, last level LL of 8 MiB, whatever the machine's); l1-misses-PHASE = I1mr + D1mr + D1mw, ll-misses-PHASE = ILmr + DLmr + DLmw, per operation; cycles-PHASE: \(CacheFigures.formula)",
        ]
        return Self.output(workload, counts: counts, notes: notes, nullNote: nil, kept: parameters.dumpDirectory)
    }
}

extension InstructionScenario {
    static func tabs(_ workload: InstructionWorkloadSize) -> [Int] {
        Set(countedScenarios.flatMap { $0.countedTabs(workload) }).sorted()
    }

    /// One collection switch on and off with nothing between, a number of
    /// times: the constant every phase counted per operation includes.
    struct Toggles: Operations {
        let count: Int
        func run<M: Measure>(_ measure: inout M) { for _ in 0..<count { measure.measure(false) {} } }
    }

    /// Every benchmark the pass counts, in order, each made with `collector` when its turn comes (its inputs, made per
    /// tab count, are released once the count's benchmarks are done).
    static func phases(
        _ workload: InstructionWorkloadSize, seed: UInt64 = 0, frameStrategy: FrameStrategyKind = .virtualized,
        collector: any InstructionCollector = IdleCollector()
    ) -> [CountedBenchmark] {
        let toggles = workload.isTiny ? 50 : 1_000
        var result = [
            CountedBenchmark(
                name: "toggle-overhead", unit: "instructions/switch",
                note:
                    "one collection switch on and off with nothing between: the constant included in every phase counted per operation"
            ) { Workload("toggle-overhead", operations: toggles, each: true, Toggles(count: toggles)) }
        ]
        for tabs in Self.tabs(workload) {
            let inputs = CountedInputs(
                tabs: tabs, workload: workload, seed: seed, frameStrategy: frameStrategy, collector: collector)
            for scenario in countedScenarios where scenario.countedTabs(workload).contains(tabs) {
                result += scenario.counted(inputs)
            }
        }
        return result
    }

    /// The child's work (`bench instructions-child`): counts every phase through `collector`, in order, and calls
    /// `finished` after each with its name, operations and tally.
    package static func countPhases(
        _ workload: InstructionWorkloadSize, seed: UInt64, frameStrategy: FrameStrategyKind,
        collector: any InstructionCollector, finished: (_ phase: String, _ operations: Int, _ tally: Int?) -> Void
    ) throws(ScenarioError) {
        var phases = phases(workload, seed: seed, frameStrategy: frameStrategy, collector: collector)[...]
        while let phase = phases.popFirst() {
            let operations = try phase.make().count(collector)
            let tally = phase.tally?()
            try phase.finish()
            finished(phase.name, operations, tally)
        }
    }

    /// The figures computed from the counts, in report order.
    static func figures(_ workload: InstructionWorkloadSize) -> [CountedFigure] {
        countedScenarios.flatMap { $0.countedFigures(workload) }
    }

    /// The metrics of `workload` from `counts` (every figure `null` with `nullNote` when there are none).
    static func output(
        _ workload: InstructionWorkloadSize, counts: [String: CallgrindRun.PhaseCount]?, notes: [String],
        nullNote: String?, kept: String? = nil
    ) -> ScenarioOutput {
        var output = ScenarioOutput()
        let phases = phases(workload)
        func note(_ text: String, _ extra: String = "") -> String { nullNote.map { "\($0): \(text)" } ?? text + extra }
        for phase in phases {
            let count = counts?[phase.name]
            let operations = count.map { " (\(Format.integer($0.operations)) operations)" } ?? ""
            output.instructions(
                phase.name, count.map { Double($0.instructions) / Double($0.operations) }, unit: phase.unit,
                note: note(phase.note, operations))
        }
        for phase in phases {
            let count = counts?[phase.name]
            // `/frame` from `instructions/frame`.
            let unit = phase.unit.firstIndex(of: "/").map { String(phase.unit[$0...]) } ?? "/operation"
            let missing =
                nullNote ?? (count != nil && count?.cache == nil ? "null: the dump has no cache simulation" : nil)
            let figures: [(name: String, unit: String, value: (CacheFigures) -> UInt64, note: String)] = [
                ("l1-misses", "L1 misses" + unit, \.l1Misses, "first-level misses (I1mr + D1mr + D1mw)"),
                ("ll-misses", "LL misses" + unit, \.llMisses, "last-level misses (ILmr + DLmr + DLmw)"),
                ("cycles", "cycles" + unit, \.estimatedCycles, CacheFigures.formula),
            ]
            for figure in figures {
                let value = count.flatMap { count in
                    count.cache.map { Double(figure.value($0)) / Double(count.operations) }
                }
                output.instructions(
                    "\(figure.name)-\(phase.name)", value, unit: figure.unit,
                    note: missing.map { "\($0): \(figure.note)" } ?? "\(figure.note), per operation of \(phase.name)")
            }
        }
        for figure in figures(workload) {
            output.instructions(figure.name, counts.flatMap(figure.value), unit: figure.unit, note: note(figure.note))
        }
        output.instructions(
            "instructions-counted", counts.map { $0.values.reduce(0.0) { $0 + Double($1.instructions) } },
            unit: "instructions", note: nullNote ?? "every instruction counted over all phases")
        output.notes = notes
        if let kept {
            output.notes.append(
                "callgrind's dumps are kept in \(kept), one PHASE.callgrind.out per phase (`callgrind_annotate --inclusive=yes \(kept)/fling-frame.callgrind.out`)"
            )
        }
        output.functions = phases.compactMap { phase in
            counts?[phase.name].map {
                PhaseFunctions(phase: phase.name, operations: $0.operations, functions: $0.functions)
            }
        }
        return output
    }
}

/// A collector that counts nothing: the phases' names and notes are read without running them.
final class IdleCollector: InstructionCollector {
    func resume() {}
    func pause() {}
    func endPhase(_ name: String) {}
}
