import Foundation
import Testing

@testable import BenchCLI
@testable import BenchGate
@testable import BenchInstruments
@testable import BenchReports
@testable import BenchSuite

/// Records what the workload asks of a collector, and every misuse.
final class RecordingCollector: InstructionCollector {
    private(set) var on = false
    private(set) var phases: [String] = []
    private(set) var switches = 0
    private(set) var misuses: [String] = []

    func resume() {
        if on { misuses.append("resume while counting") }
        on = true
        switches += 1
    }

    func pause() {
        if !on { misuses.append("pause while not counting") }
        on = false
    }

    func endPhase(_ name: String) {
        if on { misuses.append("\(name) ended while counting") }
        phases.append(name)
    }
}

/// The tools the valgrind tests need: valgrind on `PATH` and the `bench`
/// executable SwiftPM built next to the test bundle.
enum InstructionTools {
    static let valgrind = Valgrind.locate(searchPath: ProcessInfo.processInfo.environment["PATH"] ?? "")

    /// Whether this test bundle (and so the `bench` built beside it) is
    /// built with AddressSanitizer or ThreadSanitizer, whose runtimes
    /// export their entry points. Valgrind does not run sanitizer
    /// runtimes; here it gives up on the AddressSanitizer build's `bench`
    /// ("Possibly corrupted debuginfo file ... I can't recover"). So
    /// `.ci/sanitizers` skips the tests that need a valgrind pass; the
    /// plain `swift test` runs them.
    static let sanitized: Bool = dlsym(nil, "__asan_init") != nil || dlsym(nil, "__tsan_init") != nil

    static let bench: String? = {
        guard let executable = ChildProcess.currentExecutable else { return nil }
        let candidate = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("bench")
            .path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }()

    /// Parameters of a tiny pass under valgrind.
    static func tiny(_ strategy: FrameStrategyKind = .virtualized) -> InstructionScenario.Parameters {
        InstructionScenario.Parameters(
            workload: .tiny, seed: 42, frameStrategy: strategy, valgrind: valgrind, executable: bench)
    }

    /// A tiny pass of the engine's frames under valgrind, run once and
    /// shared by the tests that need one.
    static let engineRun: Result<ScenarioOutput, any Error> = Result { try run(InstructionScenario(), tiny()) }
}

@Suite("Instruction pass")
struct InstructionTests {
    // MARK: The workload, natively

    @Test func theWorkloadRunsEveryDeclaredPhaseInOrderWithBalancedSwitches() throws {
        let collector = RecordingCollector()
        final class Finished {
            var phases: [(String, Int)] = []
            var tallies: [String: Int] = [:]
        }
        let finished = Finished()
        try InstructionScenario.countPhases(.tiny, seed: 3, frameStrategy: .virtualized, collector: collector) {
            finished.phases.append(($0, $1))
            if let tally = $2 { finished.tallies[$0] = tally }
        }
        let planned = InstructionScenario.phases(.tiny).map(\.name)
        #expect(collector.misuses.isEmpty, "\(collector.misuses)")
        #expect(!collector.on)
        #expect(collector.phases == planned)
        #expect(finished.phases.map(\.0) == collector.phases)
        let operations = Dictionary(uniqueKeysWithValues: finished.phases)
        #expect(operations.values.allSatisfy { $0 > 0 })
        // Each counted as its scenario declares it.
        let fling = FlingScenario.counted(.tiny)
        let scaling = ScalingScenario.counted(.tiny)
        let jump = JumpScenario.counted(.tiny)
        let lazy = ShaperScenario.countedLazy(.tiny)
        #expect(operations["fling-frame"] == fling.frames)
        #expect(operations["fling-frame-pinned"] == fling.frames)
        #expect(operations["fling-frame-500"] == scaling.frames)
        #expect(operations["range-query-random"] == fling.frames)
        #expect(operations["range-query-finger"] == operations["range-query-fling"])
        #expect(operations["index-query-finger"] == operations["range-query-fling"])
        #expect(operations["index-query-random"] == fling.frames)
        #expect(operations["build-per-tab-2k"] == 2_000)
        #expect(operations["first-insert-2k"] == 1 && operations["first-remove-500"] == 1)
        #expect(operations["measure-title"] == BuildScenario.countedTitles(.tiny).measured)
        #expect(operations["width-change-plus-query-500"] == scaling.edits)
        #expect(operations["toggle-overhead"] == 50)
        #expect(operations["jump-frame"] == jump.jumps * 30) // 0.25 s at 120 Hz, the select included
        #expect((operations["pager-frame"] ?? 0) > PagerScenario.counted(.tiny).drags * 40) // drag, settle, centring
        // Whole phases switch once; per-operation phases once per operation.
        let perOperation = [
            "toggle-overhead", "edit-plus-frame-500", "edit-plus-frame-2k", "width-change-plus-query-500",
            "width-change-plus-query-2k", "insert-plus-query-500", "insert-plus-query-2k",
            "remove-plus-query-500", "remove-plus-query-2k", "jump-frame", "pager-frame", "jump-frame-lazy",
        ]
        let expectedSwitches = planned.reduce(0) { total, phase in
            total + (perOperation.contains(phase) ? operations[phase]! : 1)
        }
        // The lazy phases also switch off and on around each call of
        // their measurer: one more resume per batch measured.
        let measurerSwitches = collector.switches - expectedSwitches
        #expect(measurerSwitches > 0, "\(measurerSwitches) measurer switches")
        #expect(operations["fling-frame-step"] == lazy.frames)
        #expect(operations["fling-frame-lazy"] == lazy.frames)
        #expect(operations["measure-entering-tab"]! >= 1)
        #expect(operations["jump-frame-lazy"] == operations["jump-frame"])
        // The new source's apply tallies the tabs it measured: the changed ones by the tab in view.
        #expect(
            finished.tallies.keys.sorted() == ["source-apply-owner-per-change-20k", "source-apply-owner-per-change-2k"])
        #expect(finished.tallies.values.allSatisfy { (1...4).contains($0) }, "\(finished.tallies)")
    }

    @Test func phaseAndMetricNamesAreTheSameInQuickAndFullRuns() {
        let quick = InstructionScenario.phases(.quick).map(\.name) + InstructionScenario.figures(.quick).map(\.name)
        let full = InstructionScenario.phases(.full).map(\.name) + InstructionScenario.figures(.full).map(\.name)
        #expect(quick == full)
        // Counts are exact: the full run counts the same workload, so one set of limits holds for both.
        #expect(FlingScenario.counted(.quick).frames == FlingScenario.counted(.full).frames)
        #expect(ScalingScenario.counted(.quick).sizes == ScalingScenario.counted(.full).sizes)
        #expect(Set(quick).count == quick.count)
        for required in [
            "fling-frame", "fling-frame-pinned", "jump-frame", "pager-frame", "range-query-fling", "range-query-finger",
            "range-query-random",
            "index-query-finger", "index-query-random", "width-change-plus-query-100k", "width-change-plus-query-1m",
            "insert-plus-query-100k",
            "insert-plus-query-1m", "remove-plus-query-1m", "measure-title", "build-per-tab-100k",
            "fling-frame-growth-1m-vs-10k", "width-change-growth-1m-vs-10k", "insert-growth-1m-vs-10k",
            "edit-plus-frame-growth-1m-vs-10k", "first-insert-growth-1m-vs-10k", "first-remove-growth-1m-vs-10k",
        ] {
            #expect(quick.contains(required), "\(required)")
        }
    }

    // MARK: Reading callgrind's files

    static let dump = """
        # callgrind format
        version: 1
        creator: callgrind-3.19.0
        pid: 4242
        cmd:  bench instructions-child --workload tiny
        part: 3

        desc: I1 cache:
        desc: Timerange: Basic block 1000 - 2000
        desc: Trigger: Client Request: fling-frame

        positions: line
        events: Ir
        summary: 123456

        ob=(1) bench
        fl=(1) ???
        fn=(1) main
        0 123456

        totals: 123456
        """

    @Test func aClientRequestDumpGivesItsPhaseAndInstructions() throws {
        let profile = try CallgrindProfile.parse(Substring(Self.dump))
        #expect(profile.trigger == "Client Request: fling-frame")
        #expect(profile.clientRequestName == "fling-frame")
        #expect(profile.events == ["Ir"])
        #expect(profile.instructions == 123_456)
    }

    @Test func profilesWithoutSummaryOrWithSeveralEventsAreRead() throws {
        let totalsOnly = try CallgrindProfile.parse("desc: Trigger: Program termination\nevents: Ir\ntotals: 0\n")
        #expect(totalsOnly.clientRequestName == nil && totalsOnly.instructions == 0)
        // Trailing zero counts may be left out.
        let several = try CallgrindProfile.parse("events: Ir Dr Dw\nsummary: 10 4\n")
        #expect(several.totals == [10, 4, 0] && several.instructions == 10)
        let noIr = try CallgrindProfile.parse("events: Dr\nsummary: 3\n")
        #expect(noIr.instructions == nil)
    }

    @Test(arguments: [
        ("summary: 5\n", "not a callgrind profile: no 'events:' line"),
        ("events: Ir\n", "no 'summary:' or 'totals:' line"),
        ("events: Ir\nsummary: 12x\n", "line 2: expected whole numbers, found '12x'"),
        ("events: Ir\nsummary: -3\n", "line 2: expected whole numbers, found '-3'"),
        ("events: Ir\nsummary: 1 2\n", "2 totals for 1 events"),
    ])
    func malformedProfilesAreRejectedWithTheLine(text: String, message: String) {
        #expect(throws: CallgrindProfile.ParseError(description: message)) {
            try CallgrindProfile.parse(Substring(text))
        }
    }

    /// Writes dumps `cg.1.out.N` for `phases` (instructions = 1,000 × position)
    /// and the termination dump, and returns the directory.
    func dumps(_ phases: [String], termination: UInt64 = 0) -> String {
        let directory = temporaryDirectory()
        for (position, phase) in phases.enumerated() {
            let text = "desc: Trigger: Client Request: \(phase)\nevents: Ir\nsummary: \((position + 1) * 1_000)\n"
            try? text.write(toFile: "\(directory)/cg.1.out.\(position + 1)", atomically: true, encoding: .utf8)
        }
        try? "desc: Trigger: Program termination\nevents: Ir\nsummary: \(termination)\n"
            .write(toFile: "\(directory)/cg.1.out", atomically: true, encoding: .utf8)
        return directory
    }

    @Test func dumpsAreMatchedWithThePhasesTheChildReported() throws {
        let names = InstructionScenario.phases(.tiny).map(\.name)
        let manifest = names.map { "phase \($0) 10\n" }.joined()
        let counts = try CallgrindRun.counts(manifest: manifest, directory: dumps(names), phases: names)
        #expect(counts.count == names.count)
        #expect(counts[names[0]]?.instructions == 1_000 && counts[names[0]]?.operations == 10)
        let output = InstructionScenario.output(.tiny, counts: counts, notes: [], nullNote: nil)
        #expect(output.metric(names[1])?.value == 200)
        #expect(output.metric(names[1])?.kind == .instructions)
        // fling-frame-2k over fling-frame-500.
        let numerator = try #require(names.firstIndex(of: "fling-frame-2k"))
        let denominator = try #require(names.firstIndex(of: "fling-frame-500"))
        #expect(output.value("fling-frame-growth-2k-vs-500") == Double(numerator + 1) / Double(denominator + 1))
        #expect(output.metric("fling-frame-growth-2k-vs-500")?.unit == "x")
        // (lazy - eager per frame × lazy frames) / entering tabs; every
        // phase has 10 operations here.
        let lazy = Double(try #require(names.firstIndex(of: "fling-frame-lazy")) + 1) * 1_000
        let eager = Double(try #require(names.firstIndex(of: "fling-frame-step")) + 1) * 1_000
        #expect(output.value("fling-frame-lazy-excess-per-entering-tab") == (lazy - eager) / 10)
        #expect(output.metric("fling-frame-lazy-excess-per-entering-tab")?.unit == "instructions/tab")
    }

    @Test func mismatchedDumpsAreErrors() {
        let names = InstructionScenario.phases(.tiny).map(\.name)
        let manifest = names.map { "phase \($0) 10\n" }.joined()
        #expect(throws: ScenarioError.self) { // a phase without a dump
            try CallgrindRun.counts(manifest: manifest, directory: dumps(Array(names.dropLast())), phases: names)
        }
        #expect(throws: ScenarioError.self) { // a phase the plan does not have
            try CallgrindRun.counts(manifest: manifest + "phase extra 1\n", directory: dumps(names), phases: names)
        }
        #expect(throws: ScenarioError.self) { // counted outside every phase
            try CallgrindRun.counts(manifest: manifest, directory: dumps(names, termination: 7), phases: names)
        }
        #expect(throws: ScenarioError.self) { // zero operations
            try CallgrindRun.counts(
                manifest: manifest.replacingOccurrences(of: " 10\n", with: " 0\n"), directory: dumps(names),
                phases: names)
        }
    }

    // MARK: The cache simulation

    static let cacheDump = """
        desc: I1 cache: 32768 B, 64 B, 8-way associative
        desc: Trigger: Client Request: fling-frame
        positions: line
        events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
        summary: 100000 30000 10000 10 500 100 5 50 10
        """

    @Test func theCacheFiguresAndTheEstimatedCyclesFollowTheFormula() throws {
        let profile = try CallgrindProfile.parse(Substring(Self.cacheDump))
        #expect(profile.instructions == 100_000)
        let cache = try #require(profile.cache)
        #expect(cache == CacheFigures(accesses: 140_000, l1Misses: 610, llMisses: 65))
        // L1 hits 140,000 − 610, LL hits 610 − 65, RAM 65.
        #expect(cache.estimatedCycles == 139_390 + 5 * 545 + 35 * 65)
        // A dump without the cache events (a pass without --cache-sim) has none.
        #expect(try CallgrindProfile.parse(Substring(Self.dump)).cache == nil)
    }

    /// A dump per phase with the cache events: every phase counts `base`,
    /// `fling-frame` `base` plus `extra` (event by event).
    func cacheDumps(_ phases: [String], extra: [UInt64] = [0, 0, 0, 0, 0, 0, 0, 0, 0]) -> String {
        let directory = temporaryDirectory()
        let base: [UInt64] = [100_000, 30_000, 10_000, 10, 500, 100, 5, 50, 10]
        for (position, phase) in phases.enumerated() {
            let figures = phase == "fling-frame" ? zip(base, extra).map { $0 + $1 } : base
            let text =
                "desc: Trigger: Client Request: \(phase)\nevents: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw\n"
                + "summary: \(figures.map(String.init).joined(separator: " "))\n"
            try? text.write(toFile: "\(directory)/cg.1.out.\(position + 1)", atomically: true, encoding: .utf8)
        }
        try? "desc: Trigger: Program termination\nevents: Ir\nsummary: 0\n"
            .write(toFile: "\(directory)/cg.1.out", atomically: true, encoding: .utf8)
        return directory
    }

    /// A report of the tiny plan's figures read from `directory`.
    func instructionReport(_ directory: String) throws -> Report {
        let phases = InstructionScenario.phases(.tiny).map(\.name)
        let manifest = phases.map { "phase \($0) 100\n" }.joined()
        let counts = try CallgrindRun.counts(manifest: manifest, directory: directory, phases: phases)
        let output = InstructionScenario.output(.tiny, counts: counts, notes: [], nullNote: nil)
        var report = GateFigures().report()
        report.scenarios = [
            ScenarioResult(
                name: "instructions", summary: "", parameters: [:], durationSeconds: 1, metrics: output.metrics,
                series: [], notes: [])
        ]
        return report
    }

    @Test func everyPhaseReportsItsCacheFiguresPerOperation() throws {
        let phases = InstructionScenario.phases(.tiny)
        let report = try instructionReport(cacheDumps(phases.map(\.name)))
        let scenario = try #require(report.scenario(named: "instructions"))
        for phase in phases {
            let l1 = scenario.metric(named: "l1-misses-\(phase.name)")
            let ll = scenario.metric(named: "ll-misses-\(phase.name)")
            let cycles = scenario.metric(named: "cycles-\(phase.name)")
            #expect(l1?.value == 6.1 && l1?.kind == .instructions, "\(phase.name)")
            #expect(ll?.value == 0.65 && ll?.kind == .instructions, "\(phase.name)")
            #expect(cycles?.value == Double(139_390 + 5 * 545 + 35 * 65) / 100, "\(phase.name)")
            #expect(cycles?.unit.hasPrefix("cycles/") == true && l1?.unit.hasPrefix("L1 misses/") == true)
        }
    }

    @Test func aRegressionAddingCacheMissesButUnderOnePercentInstructionsFailsCompare() throws {
        let names = InstructionScenario.phases(.tiny).map(\.name)
        let rules = try committedThresholds().relative
        let baseline = Baseline(report: try instructionReport(cacheDumps(names)), name: nil)
        // A pointer chase per frame: +0.5 % instructions (5 loads) that miss
        // both cache levels 10 times per frame (1,000 over 100 frames).
        let chased = try instructionReport(
            cacheDumps(names, extra: [500, 500, 0, 0, 1_000, 0, 0, 1_000, 0]))
        let comparison = try BaselineComparison.compare(chased, with: baseline, rules: rules)
        let row = { (metric: String) in comparison.rows.first { $0.metric == metric } }
        #expect(row("fling-frame")?.verdict == .unchanged, "\(comparison.text())")
        #expect(row("cycles-fling-frame")?.verdict == .regressed, "\(comparison.text())")
        // The misses themselves are shown, not judged: the cycles weigh them.
        #expect(row("ll-misses-fling-frame")?.verdict == .info)
        #expect(row("ll-misses-fling-frame")?.change ?? 0 > 10)
        #expect(comparison.failed)
        #expect(comparison.failures.allSatisfy { $0.metric.hasSuffix("-fling-frame") })
        // The same figures again pass.
        let same = try BaselineComparison.compare(
            try instructionReport(cacheDumps(names)), with: baseline, rules: rules)
        #expect(!same.failed, "\(same.text())")
    }

    @Test func cacheFiguresAbsentFromAnOldBaselineAreNewNotFailures() throws {
        let phases = InstructionScenario.phases(.tiny)
        let report = try instructionReport(cacheDumps(phases.map(\.name)))
        var old = report
        old.scenarios[0].metrics.removeAll {
            $0.name.hasPrefix("cycles-") || $0.name.hasPrefix("l1-misses-") || $0.name.hasPrefix("ll-misses-")
        }
        let comparison = try BaselineComparison.compare(
            report, with: Baseline(report: old, name: nil), rules: try committedThresholds().relative)
        #expect(!comparison.failed, "\(comparison.text())")
        let cacheRows = comparison.rows.filter { $0.metric.hasPrefix("cycles-") }
        #expect(cacheRows.count == phases.count)
        #expect(cacheRows.allSatisfy { $0.verdict == .new })
    }

    // MARK: Without valgrind

    @Test func withoutValgrindEveryInstructionFigureIsNullAndTheCheckSaysSo() throws {
        let parameters = InstructionScenario.Parameters(
            workload: .tiny, seed: 1, valgrind: nil, executable: "/nonexistent/bench")
        let output = try run(InstructionScenario(), parameters)
        #expect(!output.metrics.isEmpty)
        #expect(output.metrics.allSatisfy { $0.kind == .instructions && $0.value == nil && !$0.fromAllocator })
        #expect(
            output.notes == [
                "no instruction counts: valgrind not found on PATH (apt-get install valgrind; there is none for macOS); every instruction figure is null"
            ])
        #expect(
            InstructionScenario(searchPath: "/nonexistent").parameters(for: RunConfiguration(mode: .quick, seed: 1))
                .valgrind == nil)

        var harness = Harness()
        harness.scenarios = [Fixed(base: InstructionScenario(), fixed: parameters)]
        let limits = harness.directory + "/instructions.json"
        try #"{ "schemaVersion": 1, "limits": [ { "scenario": "instructions", "metric": "fling-frame", "max": 1 } ] }"#
            .write(toFile: limits, atomically: true, encoding: .utf8)
        #expect(harness.run(["--quick", "--output", harness.reports, "--check", "--thresholds", limits]) == 0)
        #expect(harness.output.text.contains("skipped (no valgrind)"))
        let report = try Report.load(path: harness.reports + "/latest.json")
        #expect(report.scenario(named: "instructions")?.metric(named: "fling-frame")?.value == nil)
        #expect(report.scenario(named: "instructions")?.parameters["valgrind"] == .string("not found"))
        let markdown = try String(contentsOfFile: harness.reports + "/latest.md", encoding: .utf8)
        // No rows of null: one line says what was skipped and why.
        #expect(markdown.contains("skipped (valgrind not installed)"))
        #expect(!markdown.contains("| instructions | fling-frame | null |"))
        let strict = Harness()
        #expect(
            strict.run([
                "check", "--report", harness.reports + "/latest.json", "--thresholds", limits,
                "--require-instructions",
            ]) == 1)
        #expect(strict.output.text.contains("FAIL (no valgrind)"))
    }

    @Test func noInstructionsSkipsThePass() throws {
        let configuration = RunConfiguration(mode: .quick, seed: 1, instructions: false)
        let parameters = InstructionScenario().parameters(for: configuration)
        #expect(parameters.valgrind == nil && parameters.skipReason != nil)
        let output = try run(InstructionScenario(), parameters)
        #expect(output.metrics.allSatisfy { $0.value == nil })
        #expect(output.notes.first?.contains("--no-instructions") == true)
    }

    // MARK: Under valgrind

    @Test(
        .enabled(if: InstructionTools.valgrind != nil, "valgrind is not installed: instructions cannot be counted"),
        .disabled(if: InstructionTools.sanitized, "a sanitizer-instrumented build: valgrind cannot run it"))
    func twoPassesOnTheSameBuildCountTheSame() throws {
        try #require(InstructionTools.bench != nil, "the bench executable is not built next to the tests")
        let first = try InstructionTools.engineRun.get()
        let second = try run(InstructionScenario(), InstructionTools.tiny())
        // Misses may be 0 (a phase whose data stays in the caches); every
        // other figure counts something.
        let isMisses = { (metric: Metric) in metric.unit.contains("misses/") }
        #expect(first.metrics.allSatisfy { $0.value != nil && ($0.value! > 0 || (isMisses($0) && $0.value! == 0)) })
        // The cache simulation ran: every phase has its figures, and they
        // are as exact as the instruction counts.
        for phase in InstructionScenario.phases(.tiny) {
            for prefix in ["l1-misses-", "ll-misses-", "cycles-"] {
                #expect(first.value(prefix + phase.name) != nil, "\(prefix + phase.name)")
            }
            #expect(first.value("cycles-" + phase.name)! >= first.value(phase.name)!)
        }
        // Instruction counts are exact. The cache simulation's figures are
        // exact on a quiet machine, but one full test run beside other
        // builds counted one L1 miss more in one pass (building 500 tabs:
        // 220.488 vs 220.49 misses per tab, every count identical): the
        // simulated cache also sees what the process touched around the
        // phase. So a simulated figure may differ by 0.5 % (half the gate's
        // 1 %) plus one miss in a phase of one operation, or a few
        // thousandths in a phase of many.
        #expect(first.metrics.map(\.name) == second.metrics.map(\.name))
        for (a, b) in zip(first.metrics, second.metrics) {
            guard let x = a.value, let y = b.value else {
                if a.value != b.value { Issue.record("\(a.name): \(a.value ?? -1) vs \(b.value ?? -1)") }
                continue
            }
            let misses = a.name.hasPrefix("l1-misses-") || a.name.hasPrefix("ll-misses-")
            let simulated = misses || a.name.hasPrefix("cycles-")
            let size = Swift.max(abs(x), abs(y))
            let slack = misses && size >= 1 ? 1 : 0.002
            let allowed = simulated ? 0.005 * size + slack : 0
            if abs(x - y) > allowed { Issue.record("\(a.name): \(x) vs \(y)") }
        }
    }

    @Test(
        .enabled(if: InstructionTools.valgrind != nil, "valgrind is not installed: instructions cannot be counted"),
        .disabled(if: InstructionTools.sanitized, "a sanitizer-instrumented build: valgrind cannot run it"))
    func aHeavierFrameFailsTheInstructionCheck() throws {
        try #require(InstructionTools.bench != nil, "the bench executable is not built next to the tests")
        let engine = try InstructionTools.engineRun.get()
        let frame = try #require(engine.value("fling-frame"))
        let query = try #require(engine.value("range-query-fling"))
        // The limit the way thresholds.json sets one: 3 % above the engine's
        // count, which one extra range query per frame exceeds.
        let limits = """
            { "schemaVersion": 1, "limits": [
              { "scenario": "instructions", "metric": "fling-frame", "max": \(frame * 1.03) },
              { "scenario": "instructions", "metric": "fling-frame-growth-2k-vs-500", "max": 1.5 }
            ] }
            """
        func check(_ strategy: FrameStrategyKind) throws -> (status: Int32, output: String, frame: Double?) {
            var harness = Harness()
            harness.scenarios = [Fixed(base: InstructionScenario(), fixed: InstructionTools.tiny(strategy))]
            let path = harness.directory + "/instructions.json"
            try limits.write(toFile: path, atomically: true, encoding: .utf8)
            let status = harness.run([
                "--quick", "--output", harness.reports, "--check", "--thresholds", path,
                "--require-instructions",
            ])
            let report = try Report.load(path: harness.reports + "/latest.json")
            return (
                status, harness.output.text, report.scenario(named: "instructions")?.metric(named: "fling-frame")?.value
            )
        }
        let clean = try check(.virtualized)
        #expect(clean.status == 0, "\(clean.output)")
        #expect(clean.frame == frame)
        let heavy = try check(.virtualizedExtraQuery)
        #expect(heavy.status == 1, "\(heavy.output)")
        let rows = heavy.output.split(separator: "\n")
        #expect(rows.contains { $0.contains("fling-frame ") && $0.hasSuffix("FAIL") })
        #expect(rows.contains { $0.contains("fling-frame-growth-2k-vs-500") && $0.hasSuffix("pass") })
        // The extra work is about one range query per frame.
        let added = try #require(heavy.frame) - frame
        #expect(added > 0.8 * query && added < 1.5 * query, "frame \(frame) + \(added); query \(query)")
    }
}
