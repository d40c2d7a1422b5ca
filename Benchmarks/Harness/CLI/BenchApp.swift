import Foundation
import TabStrip

/// The `bench` program: parses the command line, runs the command and
/// returns the exit status (0 success, 1 a check or run failed, 2 a bad
/// command line or input file). Everything is injected, so tests drive it
/// in-process.
public struct BenchApp {
    /// The scenarios.
    public var registry: ScenarioRegistry
    /// The allocation probe.
    public var probe: any AllocationProbe
    /// The binary's build configuration.
    public var buildConfiguration: BuildConfiguration
    /// The process environment (for `TABSTRIP_JEMALLOC`).
    public var environment: [String: String]
    /// Standard output.
    public var output: any OutputSink
    /// Standard error (errors, progress).
    public var errors: any OutputSink

    /// Creates the app.
    public init(registry: ScenarioRegistry, probe: any AllocationProbe, buildConfiguration: BuildConfiguration,
                environment: [String: String], output: any OutputSink, errors: any OutputSink) {
        self.registry = registry
        self.probe = probe
        self.buildConfiguration = buildConfiguration
        self.environment = environment
        self.output = output
        self.errors = errors
    }

    /// Whether `TABSTRIP_JEMALLOC=1` demands allocation figures.
    var jemallocDemanded: Bool { environment["TABSTRIP_JEMALLOC"] == "1" }

    /// Runs `arguments` (the program name first) and returns the exit status.
    public func run(_ arguments: [String]) -> Int32 {
        let command: Command
        do {
            command = try CommandLineParser.parse(Array(arguments.dropFirst()))
        } catch {
            return fail(error.message, status: 2)
        }
        switch command {
        case .help:
            output.write(Usage.text + "\n")
            return 0
        case .list:
            var table = TextTable(headers: ["scenario", "what it measures"])
            for scenario in registry.scenarios { table.add([scenario.name, scenario.summary]) }
            output.write(table.render())
            return 0
        case .selfCheck:
            return selfCheck()
        case let .run(options):
            return runSuite(options, arguments: arguments)
        case let .check(options):
            return check(options)
        case let .workload(options):
            return workload(options)
        case let .replay(options):
            return replay(options)
        }
    }

    private func fail(_ message: String, status: Int32) -> Int32 {
        errors.write("bench: error: \(message)\n")
        return status
    }

    private var debugRefusal: String {
        "this is a debug build and its timings would be meaningless: use `swift run -c release bench`, or pass --allow-debug"
    }

    // MARK: run

    private func runSuite(_ options: RunOptions, arguments: [String]) -> Int32 {
        if buildConfiguration == .debug, !options.allowDebug { return fail(debugRefusal, status: 2) }
        if jemallocDemanded, !probe.isAvailable {
            return fail("TABSTRIP_JEMALLOC=1 but this bench was built without jemalloc: install libjemalloc-dev, "
                        + "run `swift package purge-cache`, then rebuild", status: 1)
        }
        let filter = options.filter.isEmpty ? nil : options.filter
        if let filter, registry.selected(by: filter).isEmpty {
            return fail("--filter: no scenario matches \(filter.joined(separator: ", ")) "
                        + "(scenarios: \(registry.names.joined(separator: ", ")))", status: 2)
        }
        var thresholds: Thresholds?
        var checkNote: String?
        if options.check {
            do {
                thresholds = try Thresholds.load(path: options.thresholds)
            } catch {
                return fail(error.description, status: 2)
            }
        } else if FileManager.default.fileExists(atPath: options.thresholds) {
            do {
                thresholds = try Thresholds.load(path: options.thresholds)
                checkNote = nil
            } catch {
                checkNote = "Thresholds not evaluated: \(error.description)"
            }
        } else {
            checkNote = "No thresholds file at \(options.thresholds)."
        }

        let configuration = RunConfiguration(mode: options.quick ? .quick : .full, seed: options.seed,
                                             titles: options.titles, filter: filter)
        let runner = SuiteRunner(registry: registry, probe: probe, buildConfiguration: buildConfiguration,
                                 progress: errors)
        let report: Report
        do {
            report = try runner.run(configuration, arguments: arguments)
        } catch {
            return fail("a scenario failed: \(error.message)", status: 1)
        }
        let requireAllocations = options.requireAllocations || jemallocDemanded
        let outcome = thresholds.map {
            ThresholdChecker.check(report, against: $0, requireAllocations: requireAllocations)
        }
        let paths: [String]
        do {
            paths = try ReportWriter.write(report, check: outcome, checkNote: checkNote, to: options.output)
        } catch {
            return fail(error.description, status: 1)
        }
        switch options.format {
        case .text:
            output.write(TextSummary.render(report))
        case .json:
            if let data = try? report.jsonData() { output.write(String(decoding: data, as: UTF8.self)) }
        case .markdown:
            output.write(MarkdownReport.render(report, check: outcome, checkNote: checkNote))
        }
        errors.write("reports: \(paths.joined(separator: ", "))\n")
        guard options.check, let outcome else { return 0 }
        let table = outcome.textTable()
        if options.format == .text {
            output.write("\n" + table)
        } else {
            errors.write(table)
        }
        return outcome.failed ? 1 : 0
    }

    // MARK: check

    private func check(_ options: CheckOptions) -> Int32 {
        let thresholds: Thresholds
        let report: Report
        do {
            thresholds = try Thresholds.load(path: options.thresholds)
        } catch {
            return fail(error.description, status: 2)
        }
        do {
            report = try Report.load(path: options.report)
        } catch {
            return fail(error.description, status: 2)
        }
        if report.environment.buildConfiguration == .debug, !options.allowDebug {
            return fail("\(options.report) comes from a debug build, whose timings cannot be checked "
                        + "(pass --allow-debug to check it anyway)", status: 2)
        }
        let outcome = ThresholdChecker.check(report, against: thresholds,
                                             requireAllocations: options.requireAllocations || jemallocDemanded)
        for warning in report.warnings { output.write("!!! \(warning)\n") }
        output.write(outcome.textTable())
        return outcome.failed ? 1 : 0
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
        output.write("""
        allocator: \(probe.allocatorName) \(probe.allocatorVersion ?? "")
        empty phase: \(empty) allocations (expected 0)
        \(Format.integer(result.expectedAllocations)) objects: \(counted) allocations counted, \(bytes) allocated
        self-check \(result.passed ? "passed" : "FAILED")

        """)
        return result.passed ? 0 : 1
    }

    // MARK: workload

    private func workload(_ options: WorkloadOptions) -> Int32 {
        let writer = WorkloadWriter()
        do {
            let summary = try writer.write(count: options.titles, seed: options.seed, viewport: options.viewport,
                                           frames: options.frames, to: options.out)
            output.write("workload: \(Format.integer(summary.titles)) titles (\(Format.number(summary.totalWidth)) pt), "
                         + "\(Format.integer(summary.frames)) offsets, seed \(options.seed)\n")
            for file in summary.files { output.write("  \(file)\n") }
            return 0
        } catch {
            return fail(error.description, status: 1)
        }
    }

    // MARK: replay

    private func replay(_ options: ReplayOptions) -> Int32 {
        if buildConfiguration == .debug, !options.allowDebug { return fail(debugRefusal, status: 2) }
        if let out = options.rangesOut {
            for (input, option) in [(options.widths, "--widths"), (options.offsets, "--offsets")]
            where Self.sameFile(out, input) {
                return fail("--ranges-out \(Excerpt.quote(out)) is the \(option) input: refusing to overwrite it", status: 2)
            }
        }
        let widths: [Double], offsets: [Double]
        do {
            widths = try NumberFile.load(path: options.widths, domain: .widths)
            offsets = try NumberFile.load(path: options.offsets, domain: .offsets)
        } catch {
            return fail(error.message, status: 2)
        }
        let result = Replay.run(ReplayIndexChoice.current, widths: widths, offsets: offsets,
                                viewport: options.viewport)
        if let path = options.rangesOut {
            do {
                try AtomicFileSet.write(Replay.rangesText(result.ranges), to: path)
            } catch {
                return fail(error.description, status: 1)
            }
        }
        if buildConfiguration == .debug { output.write("!!! DEBUG BUILD: timings are not representative\n") }
        output.write("replay: \(Format.integer(result.tabs)) tabs, \(Format.integer(offsets.count)) offsets, "
                     + "viewport \(Format.number(options.viewport)) pt, index: \(result.strategy)\n")
        output.write("build: \(Format.nanoseconds(Double(result.buildNanoseconds)))\n")
        if let summary = result.queries.summary {
            output.write("query: p50 \(Format.nanoseconds(summary.p50))  p90 \(Format.nanoseconds(summary.p90))  "
                         + "p99 \(Format.nanoseconds(summary.p99))  p99.9 \(Format.nanoseconds(summary.p999))  "
                         + "max \(Format.nanoseconds(summary.max))  mean \(Format.nanoseconds(summary.mean))  "
                         + "(each includes one clock reading)\n")
        }
        if let path = options.rangesOut { output.write("ranges: \(path)\n") }
        return 0
    }
}

extension BenchApp {
    /// Whether two paths name the same file (the same device and inode, so
    /// links and `./` spellings count), or the same path when neither exists.
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else {
            return URL(fileURLWithPath: a).standardizedFileURL.path == URL(fileURLWithPath: b).standardizedFileURL.path
        }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }
}

/// The index `bench replay` uses: the engine's production index, `TabWidths`.
enum ReplayIndexChoice {
    static var current: EngineReplayIndex<TabWidths>.Type { EngineReplayIndex<TabWidths>.self }
}
