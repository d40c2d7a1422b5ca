import BenchGate
import BenchInstruments
import BenchSuite
import TabStrip
import TerminalText

/// Parses `bench`'s command line by hand (no outside packages).
///
/// Each command lists its options once, each with what it does to the command's options (``Option``); one scanner
/// (``scan(_:command:positional:usage:_:)``) checks them all the same way. Options take their value as the next
/// argument or after `=` (`--seed 7`, `--seed=7`). Every option may appear once, except `--filter` and `--metric`.
/// `--help` (or `-h`) anywhere prints the usage.
package enum CommandLineParser {
    package static let maximumCount = 100_000_000

    /// Parses the arguments after the program name.
    package static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        if arguments.contains("--help") || arguments.contains("-h") { return .help }
        guard let first = arguments.first, !first.hasPrefix("-") else { return .run(try parseRun(arguments[...])) }
        let rest = arguments.dropFirst()
        switch first {
        case "check": return .check(try parseCheck(rest))
        case "baseline":
            guard rest.first == "save" else {
                throw UsageError("baseline: expected 'save' (bench baseline save [--name NAME] [--report FILE])")
            }
            return .baselineSave(try parseBaselineSave(rest.dropFirst()))
        case "compare": return .compare(try parseCompare(rest))
        case "ab": return .ab(try parseAB(rest))
        case "workload": return .workload(try parseWorkload(rest))
        case "replay": return .replay(try parseReplay(rest))
        case "instructions-child": return .instructionsChild(try parseInstructionsChild(rest))
        case "self-check", "list":
            _ = try scan(rest, into: (), command: first, [:])
            return first == "list" ? .list : .selfCheck
        case "help": return .help
        default:
            throw UsageError(
                "unknown command \(quoted(first)) (commands: check, baseline, compare, ab, workload, replay, self-check, list, help)"
            )
        }
    }

    static func parseRun(_ arguments: ArraySlice<String>) throws(UsageError) -> RunOptions {
        let result = try scan(
            arguments, into: RunOptions(), command: nil,
            [
                "--quick": .flag { $0.quick = true },
                "--check": .flag { $0.check = true },
                "--allow-debug": .flag { $0.allowDebug = true },
                "--require-allocations": .flag { $0.requireAllocations = true },
                "--no-instructions": .flag { $0.instructions = false },
                "--require-instructions": .flag { $0.requireInstructions = true },
                "--filter": .values { $0.filter += try scenarioNames($1, option: "--filter") },
                "--titles": .value { $0.titles = try count($1, option: "--titles") },
                "--seed": .value { $0.seed = try seed($1) },
                "--format": .value {
                    $0.format = try choice($1, "--format: expected github-action-benchmark, json, markdown or text")
                },
                "--output": .value { $0.output = try path($1, option: "--output", noun: "a directory") },
                "--thresholds": .value { $0.thresholds = try path($1, option: "--thresholds", noun: "a file") },
            ]
        ).result
        if !result.instructions, result.requireInstructions {
            throw UsageError("--no-instructions and --require-instructions contradict each other")
        }
        return result
    }

    static func parseCheck(_ arguments: ArraySlice<String>) throws(UsageError) -> CheckOptions {
        let usage = "bench check [REPORT] [options]"
        let scanned = try scan(
            arguments, into: CheckOptions(), command: "check", positional: 1, usage: usage,
            [
                "--require-allocations": .flag { $0.requireAllocations = true },
                "--require-instructions": .flag { $0.requireInstructions = true },
                "--allow-debug": .flag { $0.allowDebug = true },
                "--report": .value { $0.report = try path($1, option: "--report", noun: "a file") },
                "--thresholds": .value { $0.thresholds = try path($1, option: "--thresholds", noun: "a file") },
            ])
        var result = scanned.result
        if let report = scanned.positional.first {
            guard !scanned.given.contains("--report") else {
                throw UsageError("check: give the report once, as REPORT or --report (\(usage))")
            }
            result.report = try path(report, option: "REPORT", noun: "a file")
        }
        return result
    }

    static func parseBaselineSave(_ arguments: ArraySlice<String>) throws(UsageError) -> BaselineSaveOptions {
        try scan(
            arguments, into: BaselineSaveOptions(), command: "baseline save",
            [
                "--name": .value {
                    guard Baseline.isValidName($1) else {
                        throw UsageError(
                            "baseline save: --name: expected 1-64 letters, digits, '.', '_' or '-', got \(quoted($1))")
                    }
                    $0.name = $1
                },
                "--report": .value { $0.report = try path($1, option: "--report", noun: "a file") },
                "--output": .value { $0.output = try path($1, option: "--output", noun: "a file") },
                "--allow-debug": .flag { $0.allowDebug = true },
            ]
        ).result
    }

    static func parseCompare(_ arguments: ArraySlice<String>) throws(UsageError) -> CompareOptions {
        let scanned = try scan(
            arguments, into: CompareOptions(), command: "compare", positional: 2,
            usage: "bench compare [BASELINE] [REPORT]",
            [
                "--thresholds": .value { $0.thresholds = try path($1, option: "--thresholds", noun: "a file") },
                "--format": .value { $0.format = try choice($1, "compare: --format: expected markdown or text") },
                "--allow-debug": .flag { $0.allowDebug = true },
            ])
        var result = scanned.result
        let positional = scanned.positional
        if positional.count > 0 { result.baseline = try path(positional[0], option: "BASELINE", noun: "a file") }
        if positional.count > 1 { result.report = try path(positional[1], option: "REPORT", noun: "a file") }
        return result
    }

    static func parseAB(_ arguments: ArraySlice<String>) throws(UsageError) -> ABOptions {
        let scanned = try scan(
            arguments, into: ABOptions(baselineBinary: ""), command: "ab", positional: 1,
            [
                "--filter": .values { $0.filter += try scenarioNames($1, option: "ab: --filter") },
                "--metric": .values { $0.metrics.append($1) },
                "--rounds": .value {
                    let rounds = try count($1, option: "--rounds")
                    guard (2...1_000).contains(rounds) else {
                        throw UsageError("ab: --rounds: expected a whole number from 2 to 1,000, got \(quoted($1))")
                    }
                    $0.rounds = rounds
                },
                "--threshold": .value {
                    guard let fraction = Double($1), fraction.isFinite, fraction >= 0, fraction < 1 else {
                        throw UsageError(
                            "ab: --threshold: expected a fraction from 0 up to 1 (0.03 = 3 %), got \(quoted($1))")
                    }
                    $0.threshold = fraction
                },
                "--seed": .value { $0.seed = try seed($1) },
                "--current": .value { $0.currentBinary = try path($1, option: "--current", noun: "a file") },
                "--timeout": .value {
                    guard let seconds = Double($1), seconds.isFinite, seconds > 0, seconds <= 86_400 else {
                        throw UsageError(
                            "ab: --timeout: expected seconds above 0 and at most 86,400, got \(quoted($1))")
                    }
                    $0.timeout = seconds
                },
                "--format": .value { $0.format = try choice($1, "ab: --format: expected markdown or text") },
            ])
        guard let binary = scanned.positional.first else {
            throw UsageError(
                "ab: missing BASELINE_BENCH_BINARY (bench ab ../main-base/.build/release/bench --filter fling)")
        }
        var result = scanned.result
        result.baselineBinary = try path(binary, option: "BASELINE_BENCH_BINARY", noun: "a file")
        return result
    }

    static func parseWorkload(_ arguments: ArraySlice<String>) throws(UsageError) -> WorkloadOptions {
        try scan(
            arguments, into: WorkloadOptions(titles: 0, out: ""), command: "workload",
            required: ["--titles": "N", "--out": "DIR"],
            [
                "--titles": .value { $0.titles = try count($1, option: "--titles") },
                "--seed": .value { $0.seed = try seed($1) },
                "--out": .value { $0.out = try path($1, option: "--out", noun: "a directory") },
                "--viewport": .value { $0.viewport = try viewport($1) },
                "--frames": .value { $0.frames = try count($1, option: "--frames") },
            ]
        ).result
    }

    static func parseReplay(_ arguments: ArraySlice<String>) throws(UsageError) -> ReplayOptions {
        try scan(
            arguments, into: ReplayOptions(widths: "", offsets: "", viewport: 0), command: "replay",
            required: ["--widths": "FILE", "--offsets": "FILE", "--viewport": "W"],
            [
                "--widths": .value { $0.widths = try path($1, option: "--widths", noun: "a file") },
                "--offsets": .value { $0.offsets = try path($1, option: "--offsets", noun: "a file") },
                "--viewport": .value { $0.viewport = try viewport($1) },
                "--ranges-out": .value { $0.rangesOut = try path($1, option: "--ranges-out", noun: "a file") },
                "--allow-debug": .flag { $0.allowDebug = true },
            ]
        ).result
    }

    static func parseInstructionsChild(_ arguments: ArraySlice<String>) throws(UsageError) -> InstructionChildOptions {
        try scan(
            arguments, into: InstructionChildOptions(workload: .quick), command: "instructions-child",
            required: ["--workload": "tiny|quick|full"],
            [
                "--workload": .value { $0.workload = try choice($1, "--workload: expected tiny, quick or full") },
                "--seed": .value { $0.seed = try seed($1) },
                "--frame-strategy": .value {
                    let kinds = FrameStrategyKind.allCases.map(\.rawValue).joined(separator: ", ")
                    $0.frameStrategy = try choice($1, "--frame-strategy: expected one of \(kinds)")
                },
            ]
        ).result
    }

    /// What an option does to the options of its command.
    enum Option<Result> {
        case flag((inout Result) -> Void)
        case value((inout Result, String) throws -> Void)
        case values((inout Result, String) throws -> Void)
    }

    /// Applies the options in `arguments` to `initial`, in order, and returns the result, the option names given and up
    /// to `positional` positional arguments (those not starting with `-`).
    ///
    /// Checks the whole line before applying any option, rejecting unknown options, surplus positional arguments
    /// (`usage` follows the message when given), missing values, values given to flags and repeated options; then
    /// applies each option, whose own check names its value; then rejects a line without a `required` option (each
    /// named with what its value is).
    static func scan<Result>(
        _ arguments: ArraySlice<String>, into initial: Result, command: String?, positional limit: Int = 0,
        usage: String? = nil, required: KeyValuePairs<String, String> = [:], _ options: [String: Option<Result>]
    ) throws(UsageError) -> (result: Result, given: Set<String>, positional: [String]) {
        let prefix = command.map { "\($0): " } ?? ""
        var given = Set<String>()
        var positional: [String] = []
        var parsed: [(option: Option<Result>, value: String)] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument.count > 1 else {
                guard positional.count < limit else {
                    throw UsageError(
                        "\(prefix)unexpected argument \(quoted(argument))" + (usage.map { " (\($0))" } ?? ""))
                }
                positional.append(argument)
                continue
            }
            let equals = argument.firstIndex(of: "=")
            let name = String(argument[..<(equals ?? argument.endIndex)])
            var value = equals.map { String(argument[argument.index(after: $0)...]) }
            guard let option = options[name] else { throw UsageError("\(prefix)unknown option \(quoted(name))") }
            if case .flag = option {
                if value != nil { throw UsageError("\(prefix)option \(quoted(name)) takes no value") }
            } else if value == nil {
                guard index < arguments.endIndex, !arguments[index].hasPrefix("--") else {
                    throw UsageError("\(prefix)option \(quoted(name)) needs a value")
                }
                value = arguments[index]
                index += 1
            }
            var repeatable = false
            if case .values = option { repeatable = true }
            if !given.insert(name).inserted, !repeatable {
                throw UsageError("\(prefix)option \(quoted(name)) given more than once")
            }
            parsed.append((option, value ?? ""))
        }
        var result = initial
        for (option, value) in parsed {
            switch option {
            case .flag(let apply): apply(&result)
            case .value(let apply), .values(let apply):
                // Every check of a value throws a UsageError.
                do { try apply(&result, value) } catch { throw error as? UsageError ?? UsageError("\(error)") }
            }
        }
        for (name, value) in required where !given.contains(name) {
            throw UsageError("\(prefix)missing \(name) \(value)")
        }
        return (result, given, positional)
    }

    static func scenarioNames(_ text: String, option: String) throws(UsageError) -> [String] {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !names.contains(where: \.isEmpty) else {
            throw UsageError("\(option): expected scenario names, got \(quoted(text))")
        }
        return names
    }

    /// The value named `text`, or a usage error: `expected`, then what was given.
    static func choice<Value: RawRepresentable<String>>(_ text: String, _ expected: String) throws(UsageError) -> Value
    {
        guard let value = Value(rawValue: text) else { throw UsageError("\(expected), got \(quoted(text))") }
        return value
    }

    static func count(_ text: String, option: String) throws(UsageError) -> Int {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text),
            value >= 1, value <= maximumCount
        else {
            throw UsageError(
                "\(option): expected a whole number from 1 to \(Format.integer(maximumCount)), got \(quoted(text))")
        }
        return value
    }

    static func seed(_ text: String) throws(UsageError) -> UInt64 {
        let lowered = text.lowercased()
        var value: UInt64?
        if lowered.hasPrefix("0x") {
            let digits = lowered.dropFirst(2)
            if !digits.isEmpty, digits.allSatisfy(\.isHexDigit), digits.allSatisfy(\.isASCII) {
                value = UInt64(digits, radix: 16)
            }
        } else if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            value = UInt64(text)
        }
        guard let value else {
            throw UsageError("--seed: expected an unsigned 64-bit integer (decimal or 0x hex), got \(quoted(text))")
        }
        return value
    }

    static func viewport(_ text: String) throws(UsageError) -> Double {
        // The engine's bound (`TabStripLimits.maximumLength`), checked here so the message names the option.
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 }), let value = Double(text),
            value.isFinite, value > 0
        else { throw UsageError("--viewport: expected a finite number > 0, got \(quoted(text))") }
        guard value <= TabStripLimits.maximumLength else {
            throw UsageError("--viewport: \(quoted(text)) is above the engine's maximum length 1e15")
        }
        return value
    }

    static func path(_ text: String, option: String, noun: String) throws(UsageError) -> String {
        guard !text.isEmpty else { throw UsageError("\(option): expected \(noun), got ''") }
        return text
    }
}
