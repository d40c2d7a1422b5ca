import BenchInstruments
import Foundation

/// Executed instructions per operation of the engine's measured work,
/// counted by callgrind: deterministic for a given binary and input, so its
/// limits can be tight and a clean tree never fails them by chance.
///
/// The bench starts the count itself: it runs
/// `valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file=TMP/cg.%p.out
/// <this bench> instructions-child --workload quick|full --seed S`, whose
/// child process plays the phases of ``InstructionPlan`` with collection
/// switched on only around the measured work and a dump at the end of each
/// phase (``CallgrindCollector``). The parent reads every dump
/// (``CallgrindProfile``), divides each phase's instructions by its
/// operations and reports one metric of kind ``MetricKind/instructions`` per
/// phase, plus the growth from 10k to 1M tabs; then it removes the
/// temporary directory.
///
/// The pass also runs callgrind's cache simulation (`--cache-sim=yes`), so
/// that a change that keeps the instructions but adds cache misses shows:
/// per phase and operation, `l1-misses-PHASE` (`I1mr + D1mr + D1mw`),
/// `ll-misses-PHASE` (`ILmr + DLmr + DLmw`) and `cycles-PHASE`, estimated
/// as ``CacheFigures/estimatedCycles`` does. They are deterministic like the
/// counts, of kind ``MetricKind/instructions``, and gated by `bench compare`.
///
/// Without valgrind (not installed, or macOS) every figure is `null` with a
/// note saying why, never 0; the same with `--no-instructions`.
package struct InstructionScenario: Scenario {
    /// The workload and the tools.
    package struct Parameters: ScenarioParameters, Sendable {
        /// The child's workload.
        package var plan: InstructionPlan
        /// The valgrind found, or `nil`.
        package var valgrind: Valgrind?
        /// The bench executable run under valgrind, or `nil` when unknown.
        package var executable: String?
        /// Why nothing is counted even though valgrind may be there
        /// (`--no-instructions`), or `nil`.
        package var skipReason: String?
        /// Where to keep the dumps (one `PHASE.callgrind.out` per phase,
        /// readable by `callgrind_annotate`), or `nil` to keep none.
        package var dumpDirectory: String?

        /// Creates parameters.
        package init(
            plan: InstructionPlan, valgrind: Valgrind?, executable: String?, skipReason: String? = nil,
            dumpDirectory: String? = nil
        ) {
            self.plan = plan
            self.valgrind = valgrind
            self.executable = executable
            self.skipReason = skipReason
            self.dumpDirectory = dumpDirectory
        }

        /// The workload's sizes and counts, the frame strategy and the
        /// valgrind version (`not found` without one).
        package var recorded: [String: ParameterValue] {
            [
                "workload": .string(plan.size.rawValue), "sizes": .list(plan.sizes.map(ParameterValue.int)),
                "growthBase": .int(plan.growthBase), "mainTabs": .int(plan.mainTabs), "frames": .int(plan.frames),
                "warmUpFrames": .int(plan.warmUpFrames), "jumps": .int(plan.jumps), "drags": .int(plan.drags),
                "edits": .int(plan.edits), "measuredTitles": .int(plan.measuredTitles),
                "frameStrategy": .string(plan.frameStrategy.rawValue),
                "valgrind": .string(valgrind?.version ?? "not found"),
                "counted": .bool(skipReason == nil && valgrind != nil),
            ]
        }
    }

    /// The bench executable to run under valgrind; `nil`: this process's
    /// own executable (the `bench` binary).
    package var executable: String?
    /// Where to look for `valgrind` (colon-separated); `nil`: `PATH`.
    package var searchPath: String?
    /// The longest the child under valgrind may run, in seconds
    /// (``defaultTimeout`` unless a test sets another).
    package var timeout: Double

    /// The longest the child under valgrind runs before it is stopped:
    /// 600 seconds. The full workload takes about 30 seconds under
    /// valgrind here, the quick one less; 20 times that leaves room for a
    /// loaded machine, and a hung child still ends the run.
    package static let defaultTimeout = 600.0

    /// Creates the scenario.
    package init(executable: String? = nil, searchPath: String? = nil, timeout: Double = Self.defaultTimeout) {
        self.executable = executable
        self.searchPath = searchPath
        self.timeout = timeout
    }

    /// `instructions`.
    package var name: String { "instructions" }

    /// Why the figures are `null` after `--no-instructions`; each figure's
    /// note then begins `null: ` and this text, which `bench compare` reads
    /// to report them as skipped by the user rather than missing.
    package static let noInstructionsReason = "--no-instructions was given"
    /// What is counted, in one sentence.
    package var summary: String {
        "Executed instructions (callgrind, deterministic) per fling, jump and pager frame, range query, width change, insert, remove, badge edit, title measured and tab built; growth from 10k to 1M tabs; simulated L1 and last-level cache misses and estimated cycles per operation."
    }

    /// The quick or full workload (the same one: counts are exact) with the
    /// run's seed; valgrind from the search path; `--no-instructions` turns
    /// counting off. `--titles` does not apply: the sizes are fixed so that
    /// the limits in `thresholds.json` always name the same figures.
    package func parameters(for configuration: RunConfiguration) -> Parameters {
        let plan = InstructionPlan(size: configuration.mode == .quick ? .quick : .full, seed: configuration.seed)
        let skip = configuration.instructions ? nil : Self.noInstructionsReason
        let valgrind =
            skip == nil
            ? Valgrind.locate(searchPath: searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "")
            : nil
        return Parameters(
            plan: plan, valgrind: valgrind, executable: executable ?? ChildProcess.currentExecutable,
            skipReason: skip, dumpDirectory: configuration.dumpDirectory)
    }

    /// jemalloc's settings in the child: time-based purging off, so that
    /// allocation and free paths execute the same instructions on every run.
    static let mallocConfiguration = "dirty_decay_ms:-1,muzzy_decay_ms:-1"

    /// Callgrind's cache simulation, with the caches' shape fixed rather
    /// than read from the host (a server's 260 MiB L3 would hold the
    /// 1M-tab strip and hide every miss to memory, and figures would change
    /// with the machine): 32 KiB 8-way first-level instruction and data
    /// caches and an 8 MiB 16-way last-level cache, 64-byte lines, a
    /// common desktop shape. It changes no instruction count (measured:
    /// every phase's Ir identical with and without it, tiny and quick).
    static let cacheArguments = ["--cache-sim=yes", "--I1=32768,8,64", "--D1=32768,8,64", "--LL=8388608,16,64"]

    /// The child's command line after the executable.
    static func childArguments(_ plan: InstructionPlan) -> [String] {
        [
            "instructions-child", "--workload", plan.size.rawValue, "--seed", "\(plan.seed)",
            "--frame-strategy", plan.frameStrategy.rawValue,
        ]
    }

    /// Runs the child under callgrind and turns its dumps into metrics, or
    /// reports every figure as `null` when there is no valgrind.
    /// - Throws: ``ScenarioError`` when valgrind or the child fails, or
    ///   the dumps do not match the phases the child reported.
    /// - Complexity: the child's workload under valgrind (about 100 M
    ///   instructions a second here, plus about half a second to start),
    ///   then O(size of the dumps) to read them.
    package func run(_ parameters: Parameters, in context: ScenarioContext) throws(ScenarioError) -> ScenarioOutput {
        let plan = parameters.plan
        var reason = parameters.skipReason
        if reason == nil, parameters.valgrind == nil {
            reason = "valgrind not found on PATH (apt-get install valgrind; there is none for macOS)"
        }
        if reason == nil, parameters.executable == nil {
            throw ScenarioError("instructions: cannot find the bench executable to run under valgrind")
        }
        guard reason == nil, let valgrind = parameters.valgrind, let executable = parameters.executable else {
            let why = reason ?? ""
            return Self.output(
                plan: plan, counts: nil, notes: ["no instruction counts: \(why); every instruction figure is null"],
                nullNote: "null: \(why)")
        }

        // Removed on every way out: here, or by Interruption on a signal.
        let directory: String
        do {
            directory = try Interruption.makeTemporaryDirectory(
                prefix: "tabstrip-instructions-", in: NSTemporaryDirectory())
        } catch {
            throw ScenarioError("instructions: cannot create a temporary directory: \(error)")
        }
        defer { Interruption.removeTemporaryDirectory(directory) }

        // The child's command line and environment are the same wherever
        // the bench lives and whoever runs it: they sit on the child's
        // initial stack, and their length shifts its alignment, which moved
        // instruction counts (the fling frame's by 1.1 %, through a memcpy
        // to the stack). The child also plays its workload on a thread with
        // a fixed, page-aligned stack (FixedStackThread), which makes the
        // counts independent of both. It runs as `./bench` from the
        // executable's directory, with only:
        // - SWIFT_DETERMINISTIC_HASHING: Swift seeds its hash functions per
        //   process; dictionary work (the pager's page cache) would vary;
        // - MALLOC_CONF: jemalloc purges unused pages on a timer (decay), so
        //   the work done in free() would depend on the clock (glibc's
        //   malloc ignores it);
        // - LD_LIBRARY_PATH, when set, in case the Swift runtime needs it.
        let executableURL = URL(fileURLWithPath: executable)
        let arguments =
            [
                "--tool=callgrind", "--collect-atstart=no",
            ] + Self.cacheArguments + [
                "--callgrind-out-file=\(directory)/cg.%p.out", "-q", "./" + executableURL.lastPathComponent,
            ] + Self.childArguments(plan)
        var environment = ["SWIFT_DETERMINISTIC_HASHING": "1", "MALLOC_CONF": Self.mallocConfiguration]
        environment["LD_LIBRARY_PATH"] = ProcessInfo.processInfo.environment["LD_LIBRARY_PATH"]
        let manifestPath = directory + "/child.out"
        let errorsPath = directory + "/child.err"
        let phaseCount = Double(plan.phases.count)
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(
                valgrind.path, arguments: arguments, environment: environment,
                directory: executableURL.deletingLastPathComponent().path,
                stdout: manifestPath, stderr: errorsPath, timeout: timeout
            ) {
                let done =
                    (try? String(contentsOfFile: manifestPath, encoding: .utf8))?.split(separator: "\n").count ?? 0
                context.reportProgress(Double(done) / phaseCount)
            }
        } catch {
            throw ScenarioError("instructions: cannot start \(valgrind.path): \(error)")
        }
        let errors = (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
        guard !outcome.timedOut else {
            throw ScenarioError(
                "instructions: the child under valgrind ran longer than \(Format.number(timeout)) s and was stopped")
        }
        guard outcome.status == 0, !outcome.signalled else {
            let tail = errors.split(separator: "\n").suffix(3).joined(separator: " | ")
            throw ScenarioError(
                "instructions: the child under valgrind \(outcome.signalled ? "was killed by signal" : "exited with status") \(outcome.status): \(tail)"
            )
        }
        let manifest = (try? String(contentsOfFile: manifestPath, encoding: .utf8)) ?? ""
        let counts = try Self.counts(manifest: manifest, directory: directory, plan: plan)
        var kept: [String] = []
        if let destination = parameters.dumpDirectory {
            kept = [try Self.keepDumps(counts, in: destination)]
        }
        return Self.output(
            plan: plan, counts: counts,
            notes: [
                "counted by \(valgrind.version) (callgrind, --collect-atstart=no \(Self.cacheArguments.joined(separator: " ")); the child runs as ./\(executableURL.lastPathComponent) with only SWIFT_DETERMINISTIC_HASHING=1 and MALLOC_CONF=\(Self.mallocConfiguration) in its environment): collection on only around each phase's measured work; \(plan.size.rawValue) workload, frame strategy \(plan.frameStrategy.strategyName)",
                "instruction counts depend on the compiler and its flags: compare figures of the same toolchain and build configuration only",
                "hot functions: per phase, the 10 functions with the most inclusive instructions per operation (self and callees; demangled by the Swift runtime)",
                "cache figures: callgrind's simulated caches (first level I1 and D1 of 32 KiB, last level LL of 8 MiB, whatever the machine's); l1-misses-PHASE = I1mr + D1mr + D1mw, ll-misses-PHASE = ILmr + DLmr + DLmw, per operation; cycles-PHASE: \(CacheFigures.formula)",
            ] + kept,
            nullNote: nil)
    }

    /// Copies each phase's dump to `destination/PHASE.callgrind.out`, after
    /// removing the dumps an earlier run left there, and returns a note
    /// saying where they are.
    /// - Throws: ``ScenarioError`` when the directory cannot be made or a
    ///   dump cannot be copied.
    /// - Complexity: O(total size of the dumps).
    static func keepDumps(_ counts: [String: PhaseCount], in destination: String) throws(ScenarioError) -> String {
        let files = FileManager.default
        do {
            try files.createDirectory(atPath: destination, withIntermediateDirectories: true)
            for old in try files.contentsOfDirectory(atPath: destination) where old.hasSuffix(".callgrind.out") {
                try files.removeItem(atPath: destination + "/" + old)
            }
            for (phase, count) in counts {
                guard let source = count.dump else { continue }
                try files.copyItem(atPath: source, toPath: "\(destination)/\(phase).callgrind.out")
            }
        } catch {
            throw ScenarioError("instructions: cannot keep the callgrind dumps in \(destination): \(error)")
        }
        return "callgrind's dumps are kept in \(destination), one PHASE.callgrind.out per phase "
            + "(`callgrind_annotate --inclusive=yes \(destination)/fling-frame.callgrind.out`)"
    }

    /// Instructions, cache figures and operations of one phase.
    struct PhaseCount: Equatable {
        var instructions: UInt64
        var operations: Int
        /// The cache simulation's figures, or `nil` when the dump has none.
        var cache: CacheFigures? = nil
        /// The functions with the most inclusive instructions, per operation.
        var functions: [FunctionCost] = []
        /// The path of the phase's dump, or `nil` (synthetic counts).
        var dump: String? = nil
    }

    /// Matches the child's manifest (`phase NAME OPERATIONS` lines) with
    /// the dumps in `directory` (`cg.PID.out.N`, one per phase, named by
    /// their trigger), and both with the plan's phases.
    /// - Throws: ``ScenarioError`` naming the first mismatch or unreadable dump.
    /// - Complexity: O(total size of the dumps + phases).
    static func counts(manifest: String, directory: String, plan: InstructionPlan) throws(ScenarioError) -> [String:
        PhaseCount]
    {
        var operations: [String: Int] = [:]
        var order: [String] = []
        for line in manifest.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 3, fields[0] == "phase", let count = Int(fields[2]), count > 0 else {
                throw ScenarioError("instructions: unexpected line from the child: '\(line)'")
            }
            operations[String(fields[1])] = count
            order.append(String(fields[1]))
        }
        let expected = plan.phases.map(\.name)
        guard order == expected else {
            throw ScenarioError(
                "instructions: the child ran phases \(order.joined(separator: ", ")); expected \(expected.joined(separator: ", "))"
            )
        }
        let files: [String]
        do {
            files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        } catch {
            throw ScenarioError("instructions: cannot list \(directory): \(error)")
        }
        var instructions: [String: UInt64] = [:]
        var caches: [String: CacheFigures] = [:]
        var functions: [String: [FunctionCost]] = [:]
        var paths: [String: String] = [:]
        for file in files where file.hasPrefix("cg.") {
            guard let data = FileManager.default.contents(atPath: "\(directory)/\(file)") else {
                throw ScenarioError("instructions: cannot read \(file)")
            }
            let profile: CallgrindProfile
            let text = Substring(String(decoding: data, as: UTF8.self))
            do {
                profile = try CallgrindProfile.parse(text)
            } catch {
                throw ScenarioError("instructions: \(file): \(error.description)")
            }
            guard let phase = profile.clientRequestName else {
                // The dump at program termination: collection was off since
                // the last phase, so it must be empty.
                guard (profile.instructions ?? 0) == 0 else {
                    throw ScenarioError(
                        "instructions: \(file) (\(profile.trigger)) counted \(profile.instructions ?? 0) instructions outside every phase"
                    )
                }
                continue
            }
            guard operations[phase] != nil, instructions[phase] == nil, let count = profile.instructions else {
                throw ScenarioError("instructions: \(file): unexpected or repeated dump '\(phase)'")
            }
            instructions[phase] = count
            caches[phase] = profile.cache
            functions[phase] = CallgrindFunctions.top(text, operations: operations[phase] ?? 1)
            paths[phase] = "\(directory)/\(file)"
        }
        var result: [String: PhaseCount] = [:]
        for name in expected {
            guard let count = instructions[name], let ops = operations[name] else {
                throw ScenarioError("instructions: no callgrind dump for phase \(name)")
            }
            result[name] = PhaseCount(
                instructions: count, operations: ops, cache: caches[name], functions: functions[name] ?? [],
                dump: paths[name])
        }
        return result
    }

    /// `/frame` from `instructions/frame`: the part of a phase's unit after
    /// the counted thing.
    static func perOperation(_ unit: String) -> String {
        unit.firstIndex(of: "/").map { String(unit[$0...]) } ?? "/operation"
    }

    /// The metrics of `plan` from `counts` (every figure `null` when `counts`
    /// is `nil`, with `nullNote`).
    /// - Complexity: O(phases + growth figures).
    static func output(
        plan: InstructionPlan, counts: [String: PhaseCount]?, notes: [String],
        nullNote: String?
    ) -> ScenarioOutput {
        var output = ScenarioOutput()
        var perOperation: [String: Double] = [:]
        for phase in plan.phases {
            var value: Double?
            if let count = counts?[phase.name] {
                value = Double(count.instructions) / Double(count.operations)
                perOperation[phase.name] = value
            }
            let operations = counts?[phase.name].map { " (\(Format.integer($0.operations)) operations)" } ?? ""
            output.add(
                .instructions(
                    phase.name, value, unit: phase.unit,
                    note: nullNote.map { "\($0): \(phase.note)" } ?? phase.note + operations))
        }
        for phase in plan.phases {
            let count = counts?[phase.name]
            let unit = Self.perOperation(phase.unit)
            let missing = nullNote ?? (count?.cache == nil ? "null: the dump has no cache simulation" : nil)
            let figures: [(name: String, unit: String, value: (CacheFigures) -> UInt64, note: String)] = [
                ("l1-misses", "L1 misses" + unit, \.l1Misses, "first-level misses (I1mr + D1mr + D1mw)"),
                ("ll-misses", "LL misses" + unit, \.llMisses, "last-level misses (ILmr + DLmr + DLmw)"),
                ("cycles", "cycles" + unit, \.estimatedCycles, CacheFigures.formula),
            ]
            for figure in figures {
                var value: Double?
                if let count, let cache = count.cache {
                    value = Double(figure.value(cache)) / Double(count.operations)
                }
                output.add(
                    .instructions(
                        "\(figure.name)-\(phase.name)", value, unit: figure.unit,
                        note: missing.map { "\($0): \(figure.note)" }
                            ?? "\(figure.note), per operation of \(phase.name)"))
            }
        }
        for growth in plan.growth {
            var value: Double?
            if let numerator = perOperation[growth.numerator], let denominator = perOperation[growth.denominator],
                denominator > 0
            {
                value = numerator / denominator
            }
            output.add(
                .instructions(
                    growth.name, value, unit: "x",
                    note: nullNote.map { "\($0): \(growth.note)" } ?? growth.note))
        }
        for ratio in plan.listRatios {
            var value: Double?
            if let numerator = counts?[ratio.numerator], let denominator = counts?[ratio.denominator],
                denominator.instructions > 0
            {
                value = Double(numerator.instructions) / Double(denominator.instructions)
            }
            output.add(
                .instructions(ratio.name, value, unit: "x", note: nullNote.map { "\($0): \(ratio.note)" } ?? ratio.note)
            )
        }
        let excess = plan.excess
        var excessValue: Double?
        if let lazy = counts?[excess.lazy], let eager = counts?[excess.eager], let entering = counts?[excess.entering],
            eager.operations > 0, entering.operations > 0
        {
            let eagerPerFrame = Double(eager.instructions) / Double(eager.operations)
            excessValue =
                (Double(lazy.instructions) - eagerPerFrame * Double(lazy.operations)) / Double(entering.operations)
        }
        output.add(
            .instructions(
                excess.name, excessValue, unit: "instructions/tab",
                note: nullNote.map { "\($0): \(excess.note)" } ?? excess.note))
        let total = counts.map { $0.values.reduce(0.0) { $0 + Double($1.instructions) } }
        output.add(
            .instructions(
                "instructions-counted", total, unit: "instructions",
                note: nullNote ?? "every instruction counted over all phases"))
        output.notes = notes
        output.functions = plan.phases.compactMap { phase in
            counts?[phase.name].map {
                PhaseFunctions(phase: phase.name, operations: $0.operations, functions: $0.functions)
            }
        }
        return output
    }
}
