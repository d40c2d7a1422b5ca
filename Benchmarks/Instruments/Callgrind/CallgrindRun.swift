import Foundation

/// One run of a program under callgrind, collection switched on only around measured work by the program itself
/// (``CallgrindCollector``), and what it counted per phase: the instrument behind the instruction pass.
///
/// The program runs as `valgrind --tool=callgrind --collect-atstart=no --cache-sim=yes … ./NAME ARGUMENTS` from its own
/// directory, with only `SWIFT_DETERMINISTIC_HASHING=1`, jemalloc's ``mallocConfiguration`` and `LD_LIBRARY_PATH` (when
/// set) in its environment: its command line and environment sit on its initial stack, and their length shifted the
/// stack's alignment and so the instructions of a `memcpy` to the stack; Swift seeds its hashing per process; jemalloc
/// purges on a timer. It prints `phase NAME OPERATIONS` after each phase, and each phase's dump
/// (`CALLGRIND_DUMP_STATS_AT`) is named by its trigger.
package struct CallgrindRun {
    package var valgrind: Valgrind
    package var executable: String
    package var arguments: [String]
    package var timeout: Double

    package init(valgrind: Valgrind, executable: String, arguments: [String], timeout: Double) {
        (self.valgrind, self.executable, self.arguments, self.timeout) = (valgrind, executable, arguments, timeout)
    }

    /// jemalloc's settings in the child: time-based purging off, so that
    /// allocation and free paths execute the same instructions on every run.
    package static let mallocConfiguration = "dirty_decay_ms:-1,muzzy_decay_ms:-1"

    /// Callgrind's cache simulation with a fixed shape, not the host's (a server's last-level cache would hold a 1M-tab
    /// strip and hide every miss to memory): 32 KiB 8-way I1 and D1, an 8 MiB 16-way LL, 64-byte lines. It changes no
    /// instruction count.
    package static let cacheArguments = ["--cache-sim=yes", "--I1=32768,8,64", "--D1=32768,8,64", "--LL=8388608,16,64"]

    package struct PhaseCount: Equatable {
        package var instructions: UInt64
        package var operations: Int
        /// What the phase's work tallied besides its operations, if it did.
        package var tally: Int? = nil
        package var cache: CacheFigures? = nil
        package var functions: [FunctionCost] = []
        package var dump: String? = nil
    }

    /// The note saying how the counts were made.
    package var description: String {
        "counted by \(valgrind.version) (callgrind, --collect-atstart=no \(Self.cacheArguments.joined(separator: " ")); "
            + "the child runs as ./\(URL(fileURLWithPath: executable).lastPathComponent) with only "
            + "SWIFT_DETERMINISTIC_HASHING=1 and MALLOC_CONF=\(Self.mallocConfiguration) in its environment)"
    }

    /// Runs the program and reads its counts, which must be those of `phases`, in order; `progress` gets the share of
    /// phases done. The dumps are copied to `keep` (one `PHASE.callgrind.out` each) when it is given, and the temporary
    /// directory is removed on every way out.
    package func count(phases: [String], keep: String?, progress: (Double) -> Void) throws(ScenarioError) -> [String:
        PhaseCount]
    {
        let directory: String
        do {
            directory = try Interruption.makeTemporaryDirectory(
                prefix: "tabstrip-instructions-", in: NSTemporaryDirectory())
        } catch { throw ScenarioError("instructions: cannot create a temporary directory: \(error)") }
        defer { Interruption.removeTemporaryDirectory(directory) }
        let url = URL(fileURLWithPath: executable)
        var environment = ["SWIFT_DETERMINISTIC_HASHING": "1", "MALLOC_CONF": Self.mallocConfiguration]
        environment["LD_LIBRARY_PATH"] = ProcessInfo.processInfo.environment["LD_LIBRARY_PATH"]
        let (manifestPath, errorsPath) = (directory + "/child.out", directory + "/child.err")
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(
                valgrind.path,
                arguments: ["--tool=callgrind", "--collect-atstart=no"] + Self.cacheArguments
                    + ["--callgrind-out-file=\(directory)/cg.%p.out", "-q", "./" + url.lastPathComponent] + arguments,
                environment: environment, directory: url.deletingLastPathComponent().path,
                stdout: manifestPath, stderr: errorsPath, timeout: timeout
            ) {
                let done = (try? String(contentsOfFile: manifestPath, encoding: .utf8))?.split(separator: "\n").count
                progress(Double(done ?? 0) / Double(Swift.max(1, phases.count)))
            }
        } catch { throw ScenarioError("instructions: cannot start \(valgrind.path): \(error)") }
        guard !outcome.timedOut else {
            throw ScenarioError(
                "instructions: the child under valgrind ran longer than \(Format.number(timeout)) s and was stopped")
        }
        guard outcome.status == 0, !outcome.signalled else {
            let errors = (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
            let tail = errors.split(separator: "\n").suffix(3).joined(separator: " | ")
            let how = outcome.signalled ? "was killed by signal" : "exited with status"
            throw ScenarioError("instructions: the child under valgrind \(how) \(outcome.status): \(tail)")
        }
        let manifest = (try? String(contentsOfFile: manifestPath, encoding: .utf8)) ?? ""
        let counts = try Self.counts(manifest: manifest, directory: directory, phases: phases)
        if let keep { try Self.keepDumps(counts, in: keep) }
        return counts
    }

    /// Copies each phase's dump to `destination/PHASE.callgrind.out`, after
    /// removing the dumps an earlier run left there.
    static func keepDumps(_ counts: [String: PhaseCount], in destination: String) throws(ScenarioError) {
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
        } catch { throw ScenarioError("instructions: cannot keep the callgrind dumps in \(destination): \(error)") }
    }

    /// Matches the program's manifest (`phase NAME OPERATIONS [TALLY]` lines) with the dumps in `directory` (`cg.PID.out.N`,
    /// one per phase, named by their trigger), and both with `phases`.
    static func counts(manifest: String, directory: String, phases: [String]) throws(ScenarioError) -> [String:
        PhaseCount]
    {
        var announced: [String: (operations: Int, tally: Int?)] = [:]
        var order: [String] = []
        for line in manifest.split(separator: "\n") {
            let fields = line.split(separator: " ")
            let tally = fields.count == 4 ? Int(fields[3]) : nil
            guard fields.count == 3 || tally != nil, fields[0] == "phase", let count = Int(fields[2]), count > 0
            else { throw ScenarioError("instructions: unexpected line from the child: '\(line)'") }
            announced[String(fields[1])] = (count, tally)
            order.append(String(fields[1]))
        }
        guard order == phases else {
            throw ScenarioError(
                "instructions: the child ran phases \(order.joined(separator: ", ")); expected \(phases.joined(separator: ", "))"
            )
        }
        let files: [String]
        do {
            files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        } catch { throw ScenarioError("instructions: cannot list \(directory): \(error)") }
        var result: [String: PhaseCount] = [:]
        for file in files where file.hasPrefix("cg.") {
            guard let data = FileManager.default.contents(atPath: "\(directory)/\(file)") else {
                throw ScenarioError("instructions: cannot read \(file)")
            }
            let text = Substring(String(decoding: data, as: UTF8.self))
            let profile: CallgrindProfile
            do {
                profile = try CallgrindProfile.parse(text)
            } catch { throw ScenarioError("instructions: \(file): \(error.description)") }
            guard let phase = profile.clientRequestName else {
                // The dump at program termination: collection was off since the last phase, so it must be empty.
                guard (profile.instructions ?? 0) == 0 else {
                    throw ScenarioError(
                        "instructions: \(file) (\(profile.trigger)) counted \(profile.instructions ?? 0) instructions outside every phase"
                    )
                }
                continue
            }
            guard let entry = announced[phase], result[phase] == nil, let count = profile.instructions else {
                throw ScenarioError("instructions: \(file): unexpected or repeated dump '\(phase)'")
            }
            result[phase] = PhaseCount(
                instructions: count, operations: entry.operations, tally: entry.tally, cache: profile.cache,
                functions: CallgrindFunctions.top(text, operations: entry.operations), dump: "\(directory)/\(file)")
        }
        if let missing = phases.first(where: { result[$0] == nil }) {
            throw ScenarioError("instructions: no callgrind dump for phase \(missing)")
        }
        return result
    }
}
