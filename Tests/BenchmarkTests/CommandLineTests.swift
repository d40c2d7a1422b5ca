import Testing

@testable import BenchCLI
@testable import BenchGate
@testable import BenchInstruments
@testable import BenchReports
@testable import BenchSuite

@Suite("Command line")
struct CommandLineTests {
    func run(_ change: (inout RunOptions) -> Void) -> Command {
        var options = RunOptions()
        change(&options)
        return .run(options)
    }

    @Test func defaults() throws {
        #expect(try CommandLineParser.parse([]) == .run(RunOptions()))
        let options = RunOptions()
        #expect(options.seed == 42 && options.format == .text && options.output == nil)
        #expect(options.thresholds == "Reports/thresholds.json" && !options.quick && !options.check)
        #expect(try CommandLineParser.parse(["check"]) == .check(CheckOptions()))
    }

    @Test func gateSubcommands() throws {
        #expect(
            try CommandLineParser.parse(["--format", "github-action-benchmark"])
                == run { $0.format = .githubActionBenchmark })
        #expect(try CommandLineParser.parse(["baseline", "save"]) == .baselineSave(BaselineSaveOptions()))
        var save = BaselineSaveOptions()
        save.name = "linux-6.3"
        save.report = "r.json"
        #expect(
            try CommandLineParser.parse(["baseline", "save", "--name", "linux-6.3", "--report", "r.json"])
                == .baselineSave(save))
        #expect(save.path == "Reports/baseline-linux-6.3.json")
        #expect(try CommandLineParser.parse(["compare"]) == .compare(CompareOptions()))
        var compare = CompareOptions()
        compare.baseline = "b.json"
        compare.report = "l.json"
        compare.format = .markdown
        #expect(
            try CommandLineParser.parse(["compare", "b.json", "--format", "markdown", "l.json"]) == .compare(compare))
        var ab = ABOptions(baselineBinary: "../main-base/.build/release/bench")
        ab.filter = ["fling", "jump"]
        ab.rounds = 6
        ab.threshold = 0.03
        #expect(
            try CommandLineParser.parse([
                "ab", "../main-base/.build/release/bench", "--filter", "fling,jump",
                "--rounds", "6", "--threshold", "0.03",
            ]) == .ab(ab))
        #expect(throws: UsageError("baseline save: --name: expected 1-64 letters, digits, '.', '_' or '-', got 'a/b'"))
        {
            try CommandLineParser.parse(["baseline", "save", "--name", "a/b"])
        }
        #expect(throws: UsageError("compare: --format: expected markdown or text, got 'json'")) {
            try CommandLineParser.parse(["compare", "--format", "json"])
        }
        #expect(throws: UsageError("ab: unexpected argument 'second'")) {
            try CommandLineParser.parse(["ab", "first", "second"])
        }
    }

    @Test func everyRunFlag() throws {
        #expect(try CommandLineParser.parse(["--quick"]) == run { $0.quick = true })
        #expect(try CommandLineParser.parse(["--check"]) == run { $0.check = true })
        #expect(try CommandLineParser.parse(["--allow-debug"]) == run { $0.allowDebug = true })
        #expect(try CommandLineParser.parse(["--require-allocations"]) == run { $0.requireAllocations = true })
        #expect(try CommandLineParser.parse(["--filter", "fling"]) == run { $0.filter = ["fling"] })
        #expect(
            try CommandLineParser.parse(["--filter=fling,jump", "--filter", "pager"])
                == run { $0.filter = ["fling", "jump", "pager"] })
        #expect(try CommandLineParser.parse(["--titles", "100000"]) == run { $0.titles = 100_000 })
        #expect(try CommandLineParser.parse(["--titles=1"]) == run { $0.titles = 1 })
        #expect(try CommandLineParser.parse(["--seed", "7"]) == run { $0.seed = 7 })
        #expect(try CommandLineParser.parse(["--seed", "0xFF"]) == run { $0.seed = 255 })
        #expect(try CommandLineParser.parse(["--seed", "18446744073709551615"]) == run { $0.seed = .max })
        #expect(try CommandLineParser.parse(["--format", "json"]) == run { $0.format = .json })
        #expect(try CommandLineParser.parse(["--format=markdown"]) == run { $0.format = .markdown })
        #expect(try CommandLineParser.parse(["--format", "text"]) == run { $0.format = .text })
        #expect(try CommandLineParser.parse(["--output", "/tmp/x"]) == run { $0.output = "/tmp/x" })
        #expect(try CommandLineParser.parse(["--thresholds", "t.json"]) == run { $0.thresholds = "t.json" })
        #expect(
            try CommandLineParser.parse(["--quick", "--check", "--seed=3", "--format", "json"])
                == run {
                    $0.quick = true
                    $0.check = true
                    $0.seed = 3
                    $0.format = .json
                })
    }

    @Test func instructionFlagsAndTheHiddenChild() throws {
        #expect(try CommandLineParser.parse(["--no-instructions"]) == run { $0.instructions = false })
        #expect(try CommandLineParser.parse(["--require-instructions"]) == run { $0.requireInstructions = true })
        #expect(throws: UsageError("--no-instructions and --require-instructions contradict each other")) {
            try CommandLineParser.parse(["--no-instructions", "--require-instructions"])
        }
        var check = CheckOptions()
        check.requireInstructions = true
        #expect(try CommandLineParser.parse(["check", "--require-instructions"]) == .check(check))
        #expect(
            try CommandLineParser.parse(["instructions-child", "--workload", "tiny"])
                == .instructionsChild(InstructionChildOptions(workload: .tiny)))
        #expect(
            try CommandLineParser.parse([
                "instructions-child", "--workload=quick", "--seed", "9",
                "--frame-strategy", "virtualizedExtraQuery",
            ])
                == .instructionsChild(
                    InstructionChildOptions(
                        workload: .quick, seed: 9,
                        frameStrategy: .virtualizedExtraQuery)))
        for (arguments, message) in [
            (["instructions-child"], "instructions-child: missing --workload tiny|quick|full"),
            (["instructions-child", "--workload", "huge"], "--workload: expected tiny, quick or full, got 'huge'"),
            (
                ["instructions-child", "--workload", "tiny", "--frame-strategy", "fast"],
                "--frame-strategy: expected one of virtualized, eager, linearScan, virtualizedExtraQuery, got 'fast'"
            ),
            (["instructions-child", "--workload", "tiny", "--quick"], "instructions-child: unknown option '--quick'"),
        ] {
            #expect(throws: UsageError(message)) { try CommandLineParser.parse(arguments) }
        }
        // A bad command line is a one-line message and exit status 2.
        let harness = Harness()
        #expect(harness.run(["instructions-child", "--workload", "huge"]) == 2)
        #expect(harness.errors.text == "bench: error: --workload: expected tiny, quick or full, got 'huge'\n")
    }

    @Test func subcommands() throws {
        var check = CheckOptions()
        check.report = "r.json"
        check.thresholds = "t.json"
        check.requireAllocations = true
        check.allowDebug = true
        #expect(
            try CommandLineParser.parse([
                "check", "--report", "r.json", "--thresholds=t.json",
                "--require-allocations", "--allow-debug",
            ]) == .check(check))
        #expect(
            try CommandLineParser.parse(["workload", "--titles", "10", "--out", "w"])
                == .workload(WorkloadOptions(titles: 10, out: "w")))
        #expect(
            try CommandLineParser.parse([
                "workload", "--titles", "10", "--out", "w", "--seed", "9",
                "--viewport", "375.5", "--frames", "100",
            ])
                == .workload(WorkloadOptions(titles: 10, seed: 9, out: "w", viewport: 375.5, frames: 100)))
        #expect(
            try CommandLineParser.parse(["replay", "--widths", "w.txt", "--offsets", "o.txt", "--viewport", "390"])
                == .replay(ReplayOptions(widths: "w.txt", offsets: "o.txt", viewport: 390)))
        #expect(
            try CommandLineParser.parse([
                "replay", "--widths", "w.txt", "--offsets", "o.txt", "--viewport=1e3",
                "--ranges-out", "r.txt", "--allow-debug",
            ])
                == .replay(
                    ReplayOptions(
                        widths: "w.txt", offsets: "o.txt", viewport: 1_000, rangesOut: "r.txt",
                        allowDebug: true)))
        #expect(try CommandLineParser.parse(["self-check"]) == .selfCheck)
        #expect(try CommandLineParser.parse(["list"]) == .list)
        #expect(try CommandLineParser.parse(["help"]) == .help)
        #expect(try CommandLineParser.parse(["--help"]) == .help)
        #expect(try CommandLineParser.parse(["-h"]) == .help)
        #expect(try CommandLineParser.parse(["--seed", "bad", "--help"]) == .help)
        #expect(try CommandLineParser.parse(["replay", "--help"]) == .help)
    }

    static let bad: [([String], String)] = [
        (["--fast"], "unknown option '--fast'"),
        (["-q"], "unknown option '-q'"),
        (
            ["extra"],
            "unknown command 'extra' (commands: check, baseline, compare, ab, workload, replay, self-check, list, help)"
        ),
        (["--quick", "extra"], "unexpected argument 'extra'"),
        (["--quick=yes"], "option '--quick' takes no value"),
        (["--quick", "--quick"], "option '--quick' given more than once"),
        (["--seed", "1", "--seed", "2"], "option '--seed' given more than once"),
        (["--seed"], "option '--seed' needs a value"),
        (["--seed", "--quick"], "option '--seed' needs a value"),
        (["--seed", "-1"], "--seed: expected an unsigned 64-bit integer (decimal or 0x hex), got '-1'"),
        (["--seed", "1.5"], "--seed: expected an unsigned 64-bit integer (decimal or 0x hex), got '1.5'"),
        (["--seed", "0x"], "--seed: expected an unsigned 64-bit integer (decimal or 0x hex), got '0x'"),
        (["--seed", "0xZZ"], "--seed: expected an unsigned 64-bit integer (decimal or 0x hex), got '0xZZ'"),
        (["--seed", "+3"], "--seed: expected an unsigned 64-bit integer (decimal or 0x hex), got '+3'"),
        (
            ["--seed", "18446744073709551616"],
            "--seed: expected an unsigned 64-bit integer (decimal or 0x hex), got '18446744073709551616'"
        ),
        (["--seed="], "--seed: expected an unsigned 64-bit integer (decimal or 0x hex), got ''"),
        (["--titles", "0"], "--titles: expected a whole number from 1 to 100,000,000, got '0'"),
        (["--titles", "-5"], "--titles: expected a whole number from 1 to 100,000,000, got '-5'"),
        (["--titles", "1e6"], "--titles: expected a whole number from 1 to 100,000,000, got '1e6'"),
        (["--titles", "100000001"], "--titles: expected a whole number from 1 to 100,000,000, got '100000001'"),
        (["--titles", "ten"], "--titles: expected a whole number from 1 to 100,000,000, got 'ten'"),
        (["--format", "xml"], "--format: expected github-action-benchmark, json, markdown or text, got 'xml'"),
        (["--format", "JSON"], "--format: expected github-action-benchmark, json, markdown or text, got 'JSON'"),
        (["--filter", ""], "--filter: expected scenario names, got ''"),
        (["--filter", "a,,b"], "--filter: expected scenario names, got 'a,,b'"),
        (["--output", ""], "--output: expected a directory, got ''"),
        (["--thresholds="], "--thresholds: expected a file, got ''"),
        (["check", "--quick"], "check: unknown option '--quick'"),
        (["check", "--report"], "check: option '--report' needs a value"),
        (["check", "a.json", "b.json"], "check: unexpected argument 'b.json' (bench check [REPORT] [options])"),
        (["workload", "--out", "w"], "workload: missing --titles N"),
        (["workload", "--titles", "5"], "workload: missing --out DIR"),
        (
            ["workload", "--titles", "5", "--out", "w", "--viewport", "0"],
            "--viewport: expected a finite number > 0, got '0'"
        ),
        (
            ["workload", "--titles", "5", "--out", "w", "--frames", "0"],
            "--frames: expected a whole number from 1 to 100,000,000, got '0'"
        ),
        (["replay", "--offsets", "o", "--viewport", "1"], "replay: missing --widths FILE"),
        (["replay", "--widths", "w", "--viewport", "1"], "replay: missing --offsets FILE"),
        (["replay", "--widths", "w", "--offsets", "o"], "replay: missing --viewport W"),
        (
            ["replay", "--widths", "w", "--offsets", "o", "--viewport", "-390"],
            "--viewport: expected a finite number > 0, got '-390'"
        ),
        (
            ["replay", "--widths", "w", "--offsets", "o", "--viewport", "nan"],
            "--viewport: expected a finite number > 0, got 'nan'"
        ),
        (
            ["replay", "--widths", "w", "--offsets", "o", "--viewport", "inf"],
            "--viewport: expected a finite number > 0, got 'inf'"
        ),
        (
            ["replay", "--widths", "w", "--offsets", "o", "--viewport", "wide"],
            "--viewport: expected a finite number > 0, got 'wide'"
        ),
        (
            ["replay", "--widths", "w", "--widths", "x", "--offsets", "o", "--viewport", "1"],
            "replay: option '--widths' given more than once"
        ),
        (["self-check", "--quick"], "self-check: unknown option '--quick'"),
        (["list", "x"], "list: unexpected argument 'x'"),
    ]

    @Test(arguments: bad)
    func badCommandLinesAreUsageErrors(_ arguments: [String], _ message: String) {
        #expect(throws: UsageError(message)) { try CommandLineParser.parse(arguments) }
    }

    @Test(arguments: bad)
    func badCommandLinesExitWithStatus2AndOneLine(_ arguments: [String], _ message: String) {
        let output = StringSink()
        let errors = StringSink()
        let app = BenchApp(
            registry: ScenarioRegistry([]), probe: NoAllocationProbe(), buildConfiguration: .release,
            environment: [:], output: output, errors: errors)
        #expect(app.run(["bench"] + arguments) == 2)
        #expect(errors.text == "bench: error: \(message)\n")
        #expect(output.text.isEmpty)
    }

    @Test func helpListsEveryOption() {
        for option in [
            "--quick", "--filter", "--titles", "--seed", "--format", "--output", "--check", "--thresholds",
            "--allow-debug", "--require-allocations", "--report", "--ranges-out", "--viewport", "--out",
            "--frames", "workload", "replay", "check", "self-check", "list",
        ] {
            #expect(Usage.text.contains(option), "help does not mention \(option)")
        }
    }
}
