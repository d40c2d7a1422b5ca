import BenchGate
import BenchInstruments
import BenchReports
import BenchSuite
import Foundation
import TabStrip
import TerminalText

/// The `bench` program: parses the command line, runs the command and returns the exit status (0 success, 1 a check or
/// run failed, 2 a bad command line or input file). Everything is injected, so tests drive it in-process.
package struct BenchApp {
    package var registry: ScenarioRegistry
    package var probe: any AllocationProbe
    package var buildConfiguration: BuildConfiguration
    package var environment: [String: String]
    package var output: any OutputSink
    package var errors: any OutputSink
    /// The tab count of the pictures of the strip a run writes; 0 writes none (tests lower it to keep debug runs fast).
    package var pictureTitles = StripPictures.defaultTitleCount
    /// How `bench ab` runs one build once; `nil` for a child process (tests inject a fake).
    package var abRunOnce: ABRunner.RunOnce? = nil
    /// Which engine sources this binary measures: a run refuses to start
    /// when they differ from those on disk (tests inject a stale record).
    package var sources: @Sendable () -> SourceRecord = { SourceRecord.current() }
    package var defaultOutputDirectory = RunOptions.defaultOutput
    package var baselinePath = Baseline.path(name: nil)

    package init(
        registry: ScenarioRegistry, probe: any AllocationProbe, buildConfiguration: BuildConfiguration,
        environment: [String: String], output: any OutputSink, errors: any OutputSink
    ) {
        (self.registry, self.probe, self.buildConfiguration) = (registry, probe, buildConfiguration)
        (self.environment, self.output, self.errors) = (environment, output, errors)
    }

    var jemallocDemanded: Bool { environment["TABSTRIP_JEMALLOC"] == "1" }

    /// Runs `arguments` (the program name first) and returns the exit status.
    package func run(_ arguments: [String]) -> Int32 {
        guard let command = load({ () throws(UsageError) in try CommandLineParser.parse(Array(arguments.dropFirst())) })
        else { return 2 }
        switch command {
        case .help, .list:
            output.write(
                command == .help ? Usage.text + "\n" : Self.listText(registry.scenarios.map { ($0.name, $0.summary) }))
            return 0
        case .selfCheck: return selfCheck()
        case .run(let options): return runSuite(options, arguments: arguments)
        case .check(let options): return check(options)
        case .baselineSave(let options): return saveBaseline(options)
        case .compare(let options): return compare(options)
        case .ab(let options): return ab(options, arguments: arguments)
        case .workload(let options): return workload(options)
        case .replay(let options): return replay(options)
        case .instructionsChild(let options): return instructionsChild(options)
        }
    }

    private func fail(_ message: String, status: Int32) -> Int32 {
        errors.write("bench: error: \(message)\n")
        return status
    }

    private func load<T, Failure: Error & CustomStringConvertible>(_ body: () throws(Failure) -> T) -> T? {
        do { return try body() } catch {
            _ = fail(error.description, status: 2)
            return nil
        }
    }

    private var debugRefusal: String {
        "this is a debug build and its timings would be meaningless: use `swift run -c release bench`, or pass --allow-debug"
    }

    // MARK: run

    private func runSuite(_ options: RunOptions, arguments: [String]) -> Int32 {
        if buildConfiguration == .debug, !options.allowDebug { return fail(debugRefusal, status: 2) }
        if let staleness = sources().staleness { return fail(staleness, status: 2) }
        if jemallocDemanded, probe.counterName != "jemalloc-stats" {
            return fail(
                "TABSTRIP_JEMALLOC=1 but this bench was built without jemalloc: install libjemalloc-dev, "
                    + "run `swift package purge-cache`, then rebuild", status: 1)
        }
        let filter = options.filter.isEmpty ? nil : options.filter
        if let filter, registry.selected(by: filter).isEmpty {
            return fail(
                "--filter: no scenario matches \(filter.joined(separator: ", ")) "
                    + "(scenarios: \(registry.names.joined(separator: ", ")))", status: 2)
        }
        let fileNames =
            ReportWriter.fileNames(pictures: pictureTitles > 0)
            + (options.format == .githubActionBenchmark ? [GitHubActionBenchmark.fileName] : [])
        let directory = options.output ?? defaultOutputDirectory
        if let problem = Self.outputDirectoryProblem(directory, fileNames: fileNames) {
            let option = options.output == nil ? "the default output directory" : "--output"
            return fail("\(option) \(quoted(directory)) \(problem)", status: 2)
        }
        errors.write(Self.destinationLine(directory, given: options.output != nil))
        var (thresholds, checkNote): (Thresholds?, String?) = (nil, "No thresholds file at \(options.thresholds).")
        if options.check || FileManager.default.fileExists(atPath: options.thresholds) {
            do throws(ThresholdsError) {
                (thresholds, checkNote) = (try Thresholds.load(path: options.thresholds), nil)
            } catch {
                if options.check { return fail(error.description, status: 2) }
                checkNote = "Thresholds not evaluated: \(error.description)"
            }
        }
        let configuration = RunConfiguration(
            mode: options.quick ? .quick : .full, seed: options.seed, titles: options.titles, filter: filter,
            instructions: options.instructions, dumpDirectory: directory + "/callgrind")
        let report = Report.run(
            SuiteRunner(registry: registry, probe: probe, progress: errors), configuration, arguments: arguments,
            buildConfiguration: buildConfiguration)
        let outcome = thresholds.map {
            ThresholdChecker.check(
                report, against: $0, requireAllocations: options.requireAllocations || jemallocDemanded,
                requireInstructions: options.requireInstructions)
        }
        var (pictures, export): (StripPictures?, NamedFile?) = (nil, nil)
        do throws(ScenarioError) {
            if pictureTitles > 0 { pictures = try StripPictures.record(seed: options.seed, titleCount: pictureTitles) }
        } catch { return fail("the pictures of the strip: \(error.message)", status: 1) }
        do {
            if options.format == .githubActionBenchmark {
                export = NamedFile(
                    name: GitHubActionBenchmark.fileName, data: try GitHubActionBenchmark.jsonData(for: report))
            }
        } catch { return fail("cannot encode the github-action-benchmark export: \(error)", status: 1) }
        let baseline =
            FileManager.default.fileExists(atPath: baselinePath)
            ? MarkdownReport.BaselineReference(
                path: baselinePath, baseline: Result { () throws(ReportError) in try Baseline.load(path: baselinePath) }
            ) : nil
        let markdown = MarkdownReport.render(
            report, check: outcome, checkNote: checkNote, stripPictures: pictures != nil, baseline: baseline)
        let paths: [String]
        do throws(FileError) {
            let files = try ReportWriter.files(
                for: report, markdown: markdown, pictures: pictures, directory: directory)
            paths = try AtomicFileSet.write(files + (export.map { [$0] } ?? []), into: directory)
        } catch { return fail(error.description, status: 1) }
        switch options.format {
        case .text: output.write(TextSummary.render(report))
        case .json: if let data = try? report.jsonData() { output.write(String(decoding: data, as: UTF8.self)) }
        case .markdown: output.write(markdown)
        case .githubActionBenchmark: if let export { output.write(String(decoding: export.data, as: UTF8.self)) }
        }
        errors.write("reports: \(paths.joined(separator: ", "))\n")
        if options.check, let outcome {
            if options.format == .text {
                output.write("\n" + outcome.textTable())
            } else {
                errors.write(outcome.textTable())
            }
        }
        let failed = report.failedScenarios
        if !failed.isEmpty {
            let names = failed.map { quoted($0.name) }.joined(separator: ", ")
            return fail(
                "\(failed.count) scenario(s) failed (\(names)); the reports mark them and hold the others' figures",
                status: 1)
        }
        return options.check && outcome?.failed == true ? 1 : 0
    }

    // MARK: check, baseline save, compare

    private func check(_ options: CheckOptions) -> Int32 {
        guard let thresholds = load({ () throws(ThresholdsError) in try Thresholds.load(path: options.thresholds) }),
            let report = loadReleaseReport(
                options.report, allowDebug: options.allowDebug,
                refusal: "whose timings cannot be checked (pass --allow-debug to check it anyway)")
        else { return 2 }
        let outcome = ThresholdChecker.check(
            report, against: thresholds, requireAllocations: options.requireAllocations || jemallocDemanded,
            requireInstructions: options.requireInstructions)
        for warning in report.warnings { output.write("!!! \(warning)\n") }
        output.write(outcome.textTable())
        return outcome.failed ? 1 : 0
    }

    private func loadReleaseReport(_ path: String, allowDebug: Bool, refusal: String) -> Report? {
        guard let report = load({ () throws(ReportError) in try Report.load(path: path) }) else { return nil }
        if report.environment.buildConfiguration == .debug, !allowDebug {
            _ = fail("\(path): comes from a debug build, \(refusal)", status: 2)
            return nil
        }
        return report
    }

    private func saveBaseline(_ options: BaselineSaveOptions) -> Int32 {
        guard
            let report = loadReleaseReport(
                options.report, allowDebug: options.allowDebug,
                refusal: "whose figures are not a baseline (run `swift run -c release bench --quick` first, "
                    + "or pass --allow-debug)")
        else { return 2 }
        if let failed = report.failedScenarios.first {
            return fail(
                "\(options.report): scenario \(quoted(failed.name)) failed in this run, so its figures "
                    + "are not a baseline (fix it and run again)", status: 2)
        }
        if let problem = Self.baselineOutputProblem(options.path, report: options.report) {
            return fail("--output \(quoted(options.path)) \(problem)", status: 2)
        }
        let baseline = Baseline(report: report, name: options.name)
        do { try baseline.write(to: options.path) } catch { return fail(error.description, status: 1) }
        let deterministic = baseline.metrics.filter { $0.metric.kind.isDeterministic }.count
        let commit = report.environment.git.map { String($0.commit.prefix(12)) + ($0.dirty ? " (dirty)" : "") }
        output.write(
            "baseline: \(options.path): \(baseline.metrics.count) metrics (\(deterministic) deterministic) "
                + "from \(options.report), \(report.run.quick ? "quick" : "full") run, commit \(commit ?? "none"), "
                + "Swift \(baseline.toolchain.swiftCompiler), \(baseline.toolchain.valgrind ?? "no valgrind"), "
                + "allocations by \(baseline.allocator.counter)\n")
        if report.environment.git?.dirty == true {
            errors.write("bench: warning: the report was made from a work tree with uncommitted changes\n")
        }
        return 0
    }

    private func compare(_ options: CompareOptions) -> Int32 {
        guard let thresholds = load({ () throws(ThresholdsError) in try Thresholds.load(path: options.thresholds) })
        else { return 2 }
        guard !thresholds.relative.isEmpty else {
            return fail(
                "\(options.thresholds): no `relative` rules, so compare has no tolerance to judge by "
                    + "(see Reports/SCHEMA.md)", status: 2)
        }
        guard let baseline = load({ () throws(ReportError) in try Baseline.load(path: options.baseline) }),
            let report = load({ () throws(ReportError) in try Report.load(path: options.report) })
        else { return 2 }
        let comparison: BaselineComparison
        do {
            comparison = try BaselineComparison.compare(
                report, with: baseline, rules: thresholds.relative, allowDebug: options.allowDebug)
        } catch {
            return fail(
                "\(options.report): cannot be compared with \(options.baseline): \(error.description)", status: 2)
        }
        switch options.format {
        case .text: output.write(comparison.text())
        case .markdown: output.write(comparison.markdown(baselinePath: options.baseline, reportPath: options.report))
        }
        return comparison.failed ? 1 : 0
    }

    // MARK: ab

    private func ab(_ options: ABOptions, arguments: [String]) -> Int32 {
        let current = options.currentBinary ?? ChildProcess.currentExecutable ?? arguments.first ?? "bench"
        var runOnce = abRunOnce
        var scratch: String?
        if runOnce == nil {
            for binary in [options.baselineBinary, current] where !FileManager.default.isExecutableFile(atPath: binary)
            { return fail("\(binary): not an executable file (build it first: swift build -c release)", status: 2) }
            // Removed on every way out: by the defer below, or by Interruption when a signal ends the bench.
            let parent = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? NSTemporaryDirectory()
            do {
                scratch = try Interruption.makeTemporaryDirectory(prefix: "bench-ab-\(getpid())-", in: parent)
            } catch {
                return fail(
                    "\(parent): cannot create a scratch directory in it: \(error.localizedDescription)", status: 2)
            }
            runOnce = ABRunner.subprocess(filter: options.filter, scratch: scratch!, timeout: options.timeout)
        }
        defer { if let scratch { Interruption.removeTemporaryDirectory(scratch) } }
        let runner = ABRunner(options: options, currentBinary: current, runOnce: runOnce!)
        guard let comparison = load({ () throws(ABRunner.ABRunError) in try runner.run { errors.write($0) } })
        else { return 2 }
        output.write("A: \(options.baselineBinary)\nB: \(current)\n")
        switch options.format {
        case .text: output.write(comparison.text())
        case .markdown: output.write(comparison.markdown())
        }
        return comparison.failed ? 1 : 0
    }

    // MARK: self-check

    private func selfCheck() -> Int32 {
        guard probe.isAvailable else {
            return fail("self-check needs allocator figures: \(probe.note ?? NoAllocationProbe.defaultNote)", status: 1)
        }
        let result = AllocationSelfCheck.run(probe: probe, objects: 1_000)
        let counted = result.countedAllocations.map { Format.integer(Int($0)) } ?? "null"
        let empty = result.emptyPhaseAllocations.map { Format.integer(Int($0)) } ?? "null"
        let bytes = result.countedBytes.map { Format.bytes(Double($0)) } ?? "null"
        output.write(
            """
            allocator: \(probe.allocatorName) \(probe.allocatorVersion ?? "")
            empty phase: \(empty) allocations (expected 0)
            \(Format.integer(result.expectedAllocations)) objects: \(counted) allocations counted, \(bytes) allocated
            self-check \(result.passed ? "passed" : "FAILED")

            """)
        return result.passed ? 0 : 1
    }

    // MARK: instructions-child

    private func instructionsChild(_ options: InstructionChildOptions) -> Int32 {
        if !CallgrindCollector.isRunningOnValgrind {
            errors.write(
                "bench: instructions-child: not running under valgrind, nothing is counted"
                    + (CallgrindCollector.isCompiledIn ? "" : " (built without <valgrind/callgrind.h>)") + "\n")
        }
        // On a thread with a fixed, page-aligned stack: the counts must not
        // depend on the length of the environment (see FixedStackThread).
        var failure: ScenarioError?
        let status = FixedStackThread.run {
            do throws(ScenarioError) {
                try InstructionScenario.countPhases(
                    options.workload, seed: options.seed, frameStrategy: options.frameStrategy,
                    collector: CallgrindCollector()
                ) { phase, operations, tally in
                    output.write("phase \(phase) \(operations)\(tally.map { " \($0)" } ?? "")\n")
                }
            } catch { failure = error }
        }
        if status != 0 {
            return fail("instructions-child: cannot start the workload's thread (error \(status))", status: 1)
        }
        if let failure { return fail("instructions-child: \(failure.message)", status: 1) }
        return 0
    }

    // MARK: workload

    private func workload(_ options: WorkloadOptions) -> Int32 {
        let writer = WorkloadWriter()
        do {
            let summary = try writer.write(
                count: options.titles, seed: options.seed, viewport: options.viewport,
                frames: options.frames, to: options.out)
            output.write(
                "workload: \(Format.integer(summary.titles)) titles (\(Format.number(summary.totalWidth)) pt), "
                    + "\(Format.integer(summary.frames)) offsets, seed \(options.seed)\n")
            for file in summary.files { output.write("  \(file)\n") }
            return 0
        } catch { return fail(error.description, status: 1) }
    }

    // MARK: replay

    private func replay(_ options: ReplayOptions) -> Int32 {
        if buildConfiguration == .debug, !options.allowDebug { return fail(debugRefusal, status: 2) }
        if let out = options.rangesOut {
            for (input, option) in [(options.widths, "--widths"), (options.offsets, "--offsets")]
            where Self.sameFile(out, input) {
                return fail("--ranges-out \(quoted(out)) is the \(option) input: refusing to overwrite it", status: 2)
            }
        }
        let widths: [Double]
        let offsets: [Double]
        do {
            widths = try NumberFile.load(path: options.widths, domain: .widths)
            offsets = try NumberFile.load(path: options.offsets, domain: .offsets)
        } catch { return fail(error.message, status: 2) }
        let result = Replay.run(ReplayIndexChoice.current, widths: widths, offsets: offsets, viewport: options.viewport)
        if let path = options.rangesOut {
            do {
                try AtomicFileSet.write(Replay.rangesText(result.ranges), to: path)
            } catch { return fail(error.description, status: 1) }
        }
        if buildConfiguration == .debug { output.write("!!! DEBUG BUILD: timings are not representative\n") }
        output.write(
            "replay: \(Format.integer(result.tabs)) tabs, \(Format.integer(offsets.count)) offsets, "
                + "viewport \(Format.number(options.viewport)) pt, index: \(result.strategy)\n")
        output.write("build: \(Format.nanoseconds(Double(result.buildNanoseconds)))\n")
        if let summary = result.queries.summary {
            output.write(
                "query: p50 \(Format.nanoseconds(summary.p50))  p90 \(Format.nanoseconds(summary.p90))  "
                    + "p99 \(Format.nanoseconds(summary.p99))  p99.9 \(Format.nanoseconds(summary.p999))  "
                    + "max \(Format.nanoseconds(summary.max))  mean \(Format.nanoseconds(summary.mean))  "
                    + "(each includes one clock reading)\n")
        }
        let passes = "ns/query (best of \(Replay.passCount) passes"
        output.write("pass: \(Format.oneDecimal(result.passNanosecondsPerQuery)) \(passes))\n")
        output.write(
            "finger pass: \(Format.oneDecimal(result.fingerPassNanosecondsPerQuery)) \(passes); "
                + "each query through one cursor: the previous answer and where it holds"
                + "\(result.fingerRangesMatch ? ", same ranges" : ", RANGES DIFFER"))\n")
        output.write(
            "hint pass: \(Format.oneDecimal(result.hintPassNanosecondsPerQuery)) \(passes); "
                + "each query starts from the previous range, given as a hint)\n")
        if let path = options.rangesOut { output.write("ranges: \(path)\n") }
        return result.fingerRangesMatch ? 0 : 1
    }
}

extension BenchApp {
    /// The first line a run prints (on standard error, before any scenario): where its reports go, and, for an ordinary
    /// run, how the committed report in `Reports/` is regenerated instead.
    static func destinationLine(_ directory: String, given: Bool) -> String {
        let path = (directory as NSString).appendingPathComponent("latest.md")
        if given { return "bench: the reports go to \(quoted(directory))/ (\(path) first)\n" }
        return "bench: the reports go to \(directory)/ (\(path) first), outside the checkout's tracked files; "
            + "`bench --output \(RunOptions.committedOutput)` regenerates the committed report\n"
    }

    /// Why `bench baseline save` must not write to `path`, or `nil`: it is the report being read (a link or another
    /// spelling included), or an existing file that is not a baseline (the thresholds, a report, anything else), which
    /// it would destroy. An existing baseline, a new file and a device (`/dev/null`) are fine.
    static func baselineOutputProblem(_ path: String, report: String) -> String? {
        if sameFile(path, report) { return "is the --report input: refusing to overwrite it" }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        do {
            _ = try Baseline.load(path: path)
            return nil
        } catch {
            return "exists and is not a baseline (\(error.description)): refusing to overwrite it "
                + "(choose another file, or remove it first)"
        }
    }

    /// Why the reports cannot be written into `directory` (`is not a directory`, `is a dangling symbolic link`, `cannot
    /// be created: …`, `is not writable: …`), or `nil` when they can. Checked before any scenario runs, so a bad
    /// `--output` costs nothing. Creates the directory (and its missing parents) and a probe file, which it removes;
    /// when it refuses, it removes the directories it created, so nothing changes. `fileNames` are the files to be
    /// written, each of which must not be a directory.
    static func outputDirectoryProblem(_ directory: String, fileNames: [String]) -> String? {
        var info = stat()
        var missing: [String] = []
        var existing = directory
        while lstat(existing, &info) != 0 {
            // ENOTDIR: a component above is a file, found further up.
            guard errno == ENOENT || errno == ENOTDIR else {
                return "cannot be used: \(String(cString: strerror(errno)))"
            }
            missing.append(existing)
            let parent = (existing as NSString).deletingLastPathComponent
            existing = parent.isEmpty ? "." : parent
        }
        if info.st_mode & S_IFMT == S_IFLNK, stat(existing, &info) != 0 {
            return missing.isEmpty
                ? "is a dangling symbolic link" : "cannot be created: \(quoted(existing)) is a dangling symbolic link"
        }
        if info.st_mode & S_IFMT != S_IFDIR {
            return missing.isEmpty ? "is not a directory" : "cannot be created: \(quoted(existing)) is not a directory"
        }
        var created: [String] = []
        let removeCreated = { for path in created.reversed() { rmdir(path) } }
        for path in missing.reversed() {
            if mkdir(path, 0o755) == 0 {
                created.append(path)
            } else if errno != EEXIST {
                let reason = String(cString: strerror(errno))
                removeCreated()
                return "cannot be created: \(reason)"
            }
        }
        for name in fileNames {
            let file = (directory as NSString).appendingPathComponent(name)
            if stat(file, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                removeCreated()
                return "holds a directory named \(quoted(name)) where a report file goes"
            }
        }
        let probe = (directory as NSString).appendingPathComponent(".bench-write-probe-\(getpid())")
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            removeCreated()
            return "is not writable: \(reason)"
        }
        close(descriptor)
        unlink(probe)
        return nil
    }

    static let listWidth = 100

    /// `bench list`: a table of the scenarios, each summary wrapped at word boundaries so that no line is wider than
    /// ``listWidth`` columns (a single word longer than the room left is printed whole).
    static func listText(_ scenarios: [(name: String, summary: String)]) -> String {
        let nameWidth = scenarios.map(\.name.unicodeScalars.count).reduce("scenario".count, max)
        let room = max(listWidth - nameWidth - 2, 20)
        var table = TextTable(headers: ["scenario", "what it measures"])
        for (name, summary) in scenarios {
            var lines: [String] = []
            var line = ""
            for word in summary.split(separator: " ") {
                if !line.isEmpty, line.unicodeScalars.count + 1 + word.unicodeScalars.count > room {
                    lines.append(line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            lines.append(line)
            for (index, text) in lines.enumerated() { table.add([index == 0 ? name : "", text]) }
        }
        return table.render()
    }

    /// Whether two paths name the same file (the same device and inode, so
    /// links and `./` spellings count), or the same path when neither exists.
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat()
        var sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else {
            return URL(fileURLWithPath: a).standardizedFileURL.path == URL(fileURLWithPath: b).standardizedFileURL.path
        }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }
}

/// The index `bench replay` uses: the engine's production index, `TabWidths`.
enum ReplayIndexChoice { static var current: EngineReplayIndex<TabWidths>.Type { EngineReplayIndex<TabWidths>.self } }
