import Foundation
import Testing

@testable import BenchCLI
@testable import BenchGate
@testable import BenchInstruments
@testable import BenchReports
@testable import BenchSuite

@Suite("Hot functions of the instruction pass")
struct HotFunctionTests {
    /// A dump in callgrind's format: `main` calls `$s4main3fooyyF` (twice,
    /// through compressed names) and `leaf`; `foo` calls itself and `leaf`.
    /// A harness function calls `main`, and the thread's entry `clone`
    /// the harness: both left out.
    static let dump = """
        # callgrind format
        version: 1
        desc: Trigger: Client Request: fling-frame
        positions: line
        events: Ir Dr Dw
        summary: 1000 0 0

        ob=(1) bench
        fl=(1) ???
        fn=(9) clone
        cfn=(8) $s10BenchSuite3runyyF
        calls=1 0
        0 1000
        fn=(8)
        0 150
        cfn=(1) main
        calls=1 0
        0 850
        fn=(1) main
        0 100 5 5
        cfn=(2) $s4main3fooyyF
        calls=2 0
        0 700 1 1
        cfn=(3) leaf
        calls=1 0
        +1 50
        fn=(2)
        0 400
        cfn=(2)
        calls=1 0
        0 300
        cfn=(3)
        calls=1 0
        0 150
        fn=(3)
        0 200
        -1 0

        totals: 1000 0 0
        """

    @Test func inclusiveAndSelfInstructionsPerOperationAreReadFromTheCallGraph() {
        let top = CallgrindFunctions.top(Substring(Self.dump), operations: 10)
        #expect(top.map(\.symbol) == ["main", "$s4main3fooyyF", "leaf"])
        // main: 100 own + 700 (foo) + 50 (leaf); foo: 400 own + 150 (leaf),
        // its call to itself already in its own lines; leaf: 200.
        #expect(top.map(\.inclusive) == [85, 55, 20])
        #expect(top.map(\.exclusive) == [10, 40, 20])
        #expect(top[1].name == "main.foo() -> ()")
        #expect(top[0].name == "main")
        #expect(CallgrindFunctions.top(Substring(Self.dump), operations: 10, limit: 2).count == 2)
        // Without Ir, or with no function, there is nothing to rank.
        #expect(CallgrindFunctions.top("events: Dr\nfn=(1) a\n0 5\n", operations: 1).allSatisfy { $0.inclusive == 0 })
        #expect(CallgrindFunctions.top("", operations: 1).isEmpty)
    }

    @Test func demanglingLeavesOtherSymbolsAlone() {
        #expect(CallgrindFunctions.demangle("$sSi") == "Swift.Int")
        #expect(CallgrindFunctions.demangle("$s4main3fooyyF'2") == "main.foo() -> ()")
        #expect(CallgrindFunctions.demangle("memcpy") == "memcpy")
        #expect(CallgrindFunctions.demangle("$snot-a-symbol") == "$snot-a-symbol")
    }

    /// The tiny plan's phases, each with `dump`'s functions (fling-frame's
    /// `foo` costing `extra` more instructions), in a fresh directory.
    func dumps(extra: Int = 0) -> String {
        let directory = temporaryDirectory()
        for (position, phase) in InstructionScenario.phases(.tiny).enumerated() {
            var text = Self.dump.replacingOccurrences(of: "fling-frame", with: phase.name)
            if phase.name == "fling-frame" {
                text = text.replacingOccurrences(of: "fn=(2)\n0 400", with: "fn=(2)\n0 \(400 + extra)")
                    .replacingOccurrences(of: "calls=2 0\n0 700", with: "calls=2 0\n0 \(700 + extra)")
                    .replacingOccurrences(of: "summary: 1000", with: "summary: \(1000 + extra)")
            }
            try? text.write(toFile: "\(directory)/cg.1.out.\(position + 1)", atomically: true, encoding: .utf8)
        }
        return directory
    }

    func report(_ directory: String, keepIn destination: String? = nil) throws -> Report {
        let phases = InstructionScenario.phases(.tiny).map(\.name)
        let manifest = phases.map { "phase \($0) 10\n" }.joined()
        let counts = try CallgrindRun.counts(manifest: manifest, directory: directory, phases: phases)
        if let destination { try CallgrindRun.keepDumps(counts, in: destination) }
        let output = InstructionScenario.output(.tiny, counts: counts, notes: [], nullNote: nil, kept: destination)
        var report = GateFigures().report()
        report.scenarios = [
            ScenarioResult(
                name: "instructions", summary: "", parameters: [:], durationSeconds: 1, metrics: output.metrics,
                series: [], notes: output.notes, functions: output.functions)
        ]
        return report
    }

    @Test func theReportHasATablePerPhaseAndKeepsTheDumps() throws {
        let kept = temporaryDirectory() + "/callgrind"
        try FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: true)
        try "stale".write(toFile: kept + "/gone.callgrind.out", atomically: true, encoding: .utf8)
        let report = try report(dumps(), keepIn: kept)
        let scenario = try #require(report.scenario(named: "instructions"))
        let phases = InstructionScenario.phases(.tiny).map(\.name)
        #expect(scenario.functions.map(\.phase) == phases)
        #expect(scenario.functions.first?.functions.first?.inclusive == 85)
        // One readable dump per phase, nothing left from an earlier run.
        let files = try FileManager.default.contentsOfDirectory(atPath: kept).sorted()
        #expect(files == phases.map { "\($0).callgrind.out" }.sorted())
        let flingDump = try String(contentsOfFile: kept + "/fling-frame.callgrind.out", encoding: .utf8)
        #expect(flingDump.contains("Client Request: fling-frame"))
        #expect(scenario.notes.contains { $0.contains(kept) })

        // latest.json keeps the tables and passes the schema; latest.md shows them.
        let data = try report.jsonData()
        #expect(ReportSchema.validate(data).isEmpty)
        #expect(try Report.decode(data) == report)
        let markdown = MarkdownReport.render(report, check: nil)
        #expect(markdown.contains("### Hot functions"))
        #expect(markdown.contains("<details><summary>fling-frame: 100 instructions/frame</summary>"))
        #expect(markdown.contains("| `main.foo() -> ()` | 55 | 40 |"))
        // A report of schema version 2 has no tables and still reads.
        var old = try #require(JSONValue.parse(data))
        if case .object(var root) = old, case .array(var scenarios) = root["scenarios"],
            case .object(var first) = scenarios[0]
        {
            first["functions"] = nil
            scenarios[0] = .object(first)
            root["scenarios"] = .array(scenarios)
            root["schemaVersion"] = .integer(2)
            old = .object(root)
        }
        #expect(ReportSchema.validate(old).isEmpty)
    }

    @Test func compareNamesTheFunctionsThatMovedInARegressedPhase() throws {
        let rules = try committedThresholds().relative
        let baseline = Baseline(report: try report(dumps()), name: nil)
        #expect(baseline.functions?["instructions"]?.count == InstructionScenario.phases(.tiny).count)
        // foo executes 50 more instructions per 10 frames: +5 % per frame.
        let slower = try report(dumps(extra: 50))
        let comparison = try BaselineComparison.compare(slower, with: baseline, rules: rules)
        #expect(comparison.rows.first { $0.metric == "fling-frame" }?.verdict == .regressed)
        let notice = try #require(comparison.notices.first { $0.hasPrefix("instructions fling-frame +5.0 %") })
        #expect(notice.contains("main.foo() -> () 55 → 60 (+5)"), "\(notice)")
        #expect(notice.contains("main 85 → 90 (+5)"), "\(notice)")
        #expect(!notice.contains("leaf"))
        #expect(comparison.text().contains("note: instructions fling-frame +5.0 %"))

        // A baseline saved before the tables existed: no notice, no failure of its own.
        var old = baseline
        old.functions = nil
        let again = try BaselineComparison.compare(slower, with: old, rules: rules)
        #expect(!again.notices.contains { $0.contains("moved most") })
        // An unchanged report moves nothing.
        let same = try BaselineComparison.compare(try report(dumps()), with: baseline, rules: rules)
        #expect(!same.failed && !same.notices.contains { $0.contains("moved most") })
        // The tables survive a round trip through baseline.json.
        let path = temporaryDirectory() + "/baseline.json"
        try baseline.write(to: path)
        #expect(try Baseline.load(path: path) == baseline)
    }
}
