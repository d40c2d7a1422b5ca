import TabStrip

/// Parses `bench`'s command line by hand (no outside packages).
///
/// Options take their value as the next argument or after `=`
/// (`--seed 7`, `--seed=7`). Every option may appear once, except
/// `--filter`. `--help` (or `-h`) anywhere prints the usage.
package enum CommandLineParser {
    /// The largest `--titles` / `--frames` accepted.
    package static let maximumCount = 100_000_000

    /// Parses the arguments after the program name.
    /// - Throws: ``UsageError`` with a one-line message naming the bad
    ///   command, option or value.
    /// - Complexity: O(n) in the total length of the arguments.
    package static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        if arguments.contains("--help") || arguments.contains("-h") { return .help }
        guard let first = arguments.first, !first.hasPrefix("-") else {
            return .run(try parseRun(arguments[...]))
        }
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
        case "self-check":
            _ = try options(rest, command: "self-check", flags: [], valued: [])
            return .selfCheck
        case "list":
            _ = try options(rest, command: "list", flags: [], valued: [])
            return .list
        case "help": return .help
        default:
            throw UsageError(
                "unknown command \(Excerpt.quote(first)) (commands: check, baseline, compare, ab, workload, replay, self-check, list, help)"
            )
        }
    }

    static func parseRun(_ arguments: ArraySlice<String>) throws(UsageError) -> RunOptions {
        var result = RunOptions()
        let parsed = try options(
            arguments, command: nil,
            flags: [
                "--quick", "--check", "--allow-debug", "--require-allocations",
                "--no-instructions", "--require-instructions",
            ],
            valued: ["--filter", "--titles", "--seed", "--format", "--output", "--thresholds"],
            repeatable: ["--filter"])
        for (name, value) in parsed {
            switch name {
            case "--quick": result.quick = true
            case "--check": result.check = true
            case "--allow-debug": result.allowDebug = true
            case "--require-allocations": result.requireAllocations = true
            case "--no-instructions": result.instructions = false
            case "--require-instructions": result.requireInstructions = true
            case "--filter":
                let names = value!.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                if names.contains(where: \.isEmpty) {
                    throw UsageError("--filter: expected scenario names, got \(Excerpt.quote(value!))")
                }
                result.filter += names
            case "--titles": result.titles = try count(value!, option: name)
            case "--seed": result.seed = try seed(value!)
            case "--format":
                guard let format = OutputFormat(rawValue: value!) else {
                    throw UsageError(
                        "--format: expected github-action-benchmark, json, markdown or text, got \(Excerpt.quote(value!))"
                    )
                }
                result.format = format
            case "--output": result.output = try path(value!, option: name, noun: "a directory")
            case "--thresholds": result.thresholds = try path(value!, option: name, noun: "a file")
            default: break
            }
        }
        if !result.instructions, result.requireInstructions {
            throw UsageError("--no-instructions and --require-instructions contradict each other")
        }
        return result
    }

    static func parseCheck(_ arguments: ArraySlice<String>) throws(UsageError) -> CheckOptions {
        var result = CheckOptions()
        let valued: Set<String> = ["--report", "--thresholds"]
        let (positional, rest) = splitPositional(arguments, valued: valued)
        guard positional.count <= 1 else {
            throw UsageError(
                "check: unexpected argument \(Excerpt.quote(positional[1])) (bench check [REPORT] [options])")
        }
        let parsed = try options(
            rest, command: "check",
            flags: ["--require-allocations", "--allow-debug", "--require-instructions"],
            valued: valued)
        for (name, value) in parsed {
            switch name {
            case "--require-allocations": result.requireAllocations = true
            case "--require-instructions": result.requireInstructions = true
            case "--allow-debug": result.allowDebug = true
            case "--report":
                guard positional.isEmpty else {
                    throw UsageError(
                        "check: give the report once, as REPORT or --report (bench check [REPORT] [options])")
                }
                result.report = try path(value!, option: name, noun: "a file")
            case "--thresholds": result.thresholds = try path(value!, option: name, noun: "a file")
            default: break
            }
        }
        if let report = positional.first { result.report = try path(report, option: "REPORT", noun: "a file") }
        return result
    }

    static func parseBaselineSave(_ arguments: ArraySlice<String>) throws(UsageError) -> BaselineSaveOptions {
        var result = BaselineSaveOptions()
        let parsed = try options(
            arguments, command: "baseline save", flags: ["--allow-debug"],
            valued: ["--name", "--report", "--output"])
        for (name, value) in parsed {
            switch name {
            case "--name":
                guard Baseline.isValidName(value!) else {
                    throw UsageError(
                        "baseline save: --name: expected 1-64 letters, digits, '.', '_' or '-', got '\(value!)'")
                }
                result.name = value!
            case "--report": result.report = try path(value!, option: name, noun: "a file")
            case "--output": result.output = try path(value!, option: name, noun: "a file")
            case "--allow-debug": result.allowDebug = true
            default: break
            }
        }
        return result
    }

    static func parseCompare(_ arguments: ArraySlice<String>) throws(UsageError) -> CompareOptions {
        var result = CompareOptions()
        let (positional, rest) = splitPositional(arguments, valued: ["--thresholds", "--format"])
        guard positional.count <= 2 else {
            throw UsageError("compare: unexpected argument '\(positional[2])' (bench compare [BASELINE] [REPORT])")
        }
        if positional.count > 0 { result.baseline = try path(positional[0], option: "BASELINE", noun: "a file") }
        if positional.count > 1 { result.report = try path(positional[1], option: "REPORT", noun: "a file") }
        let parsed = try options(
            rest, command: "compare", flags: ["--allow-debug"],
            valued: ["--thresholds", "--format"])
        for (name, value) in parsed {
            switch name {
            case "--thresholds": result.thresholds = try path(value!, option: name, noun: "a file")
            case "--format": result.format = try compareFormat(value!, command: "compare")
            case "--allow-debug": result.allowDebug = true
            default: break
            }
        }
        return result
    }

    static func parseAB(_ arguments: ArraySlice<String>) throws(UsageError) -> ABOptions {
        let valued: Set<String> = [
            "--filter", "--rounds", "--threshold", "--seed", "--current", "--metric", "--format", "--timeout",
        ]
        let (positional, rest) = splitPositional(arguments, valued: valued)
        guard let binary = positional.first else {
            throw UsageError(
                "ab: missing BASELINE_BENCH_BINARY (bench ab ../main-base/.build/release/bench --filter fling)")
        }
        guard positional.count == 1 else { throw UsageError("ab: unexpected argument '\(positional[1])'") }
        var result = ABOptions(baselineBinary: try path(binary, option: "BASELINE_BENCH_BINARY", noun: "a file"))
        let parsed = try options(rest, command: "ab", flags: [], valued: valued, repeatable: ["--filter", "--metric"])
        for (name, value) in parsed {
            switch name {
            case "--filter":
                let names = value!.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                if names.contains(where: \.isEmpty) {
                    throw UsageError("ab: --filter: expected scenario names, got '\(value!)'")
                }
                result.filter += names
            case "--metric": result.metrics.append(value!)
            case "--rounds":
                let rounds = try count(value!, option: name)
                guard (2...1_000).contains(rounds) else {
                    throw UsageError("ab: --rounds: expected a whole number from 2 to 1,000, got '\(value!)'")
                }
                result.rounds = rounds
            case "--threshold":
                guard let fraction = Double(value!), fraction.isFinite, fraction >= 0, fraction < 1 else {
                    throw UsageError(
                        "ab: --threshold: expected a fraction from 0 up to 1 (0.03 = 3 %), got '\(value!)'")
                }
                result.threshold = fraction
            case "--seed": result.seed = try seed(value!)
            case "--current": result.currentBinary = try path(value!, option: name, noun: "a file")
            case "--timeout":
                guard let seconds = Double(value!), seconds.isFinite, seconds > 0, seconds <= 86_400 else {
                    throw UsageError(
                        "ab: --timeout: expected seconds above 0 and at most 86,400, got \(Excerpt.quote(value!))")
                }
                result.timeout = seconds
            case "--format": result.format = try compareFormat(value!, command: "ab")
            default: break
            }
        }
        return result
    }

    /// Splits positional arguments (those not starting with `-` and not the
    /// value of a valued option) from the options.
    static func splitPositional(_ arguments: ArraySlice<String>, valued: Set<String>)
        -> (positional: [String], options: ArraySlice<String>)
    {
        var positional: [String] = []
        var rest: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if argument.hasPrefix("-"), argument.count > 1 {
                rest.append(argument)
                if valued.contains(argument), index < arguments.endIndex, !arguments[index].hasPrefix("--") {
                    rest.append(arguments[index])
                    index += 1
                }
            } else {
                positional.append(argument)
            }
        }
        return (positional, rest[...])
    }

    static func compareFormat(_ text: String, command: String) throws(UsageError) -> CompareFormat {
        guard let format = CompareFormat(rawValue: text) else {
            throw UsageError("\(command): --format: expected markdown or text, got '\(text)'")
        }
        return format
    }

    static func parseWorkload(_ arguments: ArraySlice<String>) throws(UsageError) -> WorkloadOptions {
        var titles: Int?
        var out: String?
        var result = WorkloadOptions(titles: 0, out: "")
        let parsed = try options(
            arguments, command: "workload", flags: [],
            valued: ["--titles", "--seed", "--out", "--viewport", "--frames"])
        for (name, value) in parsed {
            switch name {
            case "--titles": titles = try count(value!, option: name)
            case "--seed": result.seed = try seed(value!)
            case "--out": out = try path(value!, option: name, noun: "a directory")
            case "--viewport": result.viewport = try viewport(value!)
            case "--frames": result.frames = try count(value!, option: name)
            default: break
            }
        }
        guard let titles else { throw UsageError("workload: missing --titles N") }
        guard let out else { throw UsageError("workload: missing --out DIR") }
        result.titles = titles
        result.out = out
        return result
    }

    static func parseReplay(_ arguments: ArraySlice<String>) throws(UsageError) -> ReplayOptions {
        var widths: String?
        var offsets: String?
        var viewportWidth: Double?
        var rangesOut: String?
        var allowDebug = false
        let parsed = try options(
            arguments, command: "replay", flags: ["--allow-debug"],
            valued: ["--widths", "--offsets", "--viewport", "--ranges-out"])
        for (name, value) in parsed {
            switch name {
            case "--widths": widths = try path(value!, option: name, noun: "a file")
            case "--offsets": offsets = try path(value!, option: name, noun: "a file")
            case "--viewport": viewportWidth = try viewport(value!)
            case "--ranges-out": rangesOut = try path(value!, option: name, noun: "a file")
            case "--allow-debug": allowDebug = true
            default: break
            }
        }
        guard let widths else { throw UsageError("replay: missing --widths FILE") }
        guard let offsets else { throw UsageError("replay: missing --offsets FILE") }
        guard let viewportWidth else { throw UsageError("replay: missing --viewport W") }
        return ReplayOptions(
            widths: widths, offsets: offsets, viewport: viewportWidth, rangesOut: rangesOut,
            allowDebug: allowDebug)
    }

    static func parseInstructionsChild(_ arguments: ArraySlice<String>) throws(UsageError) -> InstructionChildOptions {
        var workload: InstructionWorkloadSize?
        var result = InstructionChildOptions(workload: .quick)
        let parsed = try options(
            arguments, command: "instructions-child", flags: [],
            valued: ["--workload", "--seed", "--frame-strategy"])
        for (name, value) in parsed {
            switch name {
            case "--workload":
                guard let size = InstructionWorkloadSize(rawValue: value!) else {
                    throw UsageError("--workload: expected tiny, quick or full, got '\(value!)'")
                }
                workload = size
            case "--seed": result.seed = try seed(value!)
            case "--frame-strategy":
                guard let kind = FrameStrategyKind(rawValue: value!) else {
                    let kinds = FrameStrategyKind.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError("--frame-strategy: expected one of \(kinds), got '\(value!)'")
                }
                result.frameStrategy = kind
            default: break
            }
        }
        guard let workload else { throw UsageError("instructions-child: missing --workload tiny|quick|full") }
        result.workload = workload
        return result
    }

    /// Splits arguments into known options with their values, rejecting
    /// unknown options, stray arguments, missing values, values given to
    /// flags and repeated options.
    static func options(
        _ arguments: ArraySlice<String>, command: String?, flags: Set<String>, valued: Set<String>,
        repeatable: Set<String> = []
    ) throws(UsageError) -> [(String, String?)] {
        let prefix = command.map { "\($0): " } ?? ""
        var result: [(String, String?)] = []
        var seen = Set<String>()
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument.count > 1 else {
                throw UsageError("\(prefix)unexpected argument \(Excerpt.quote(argument))")
            }
            var name = argument
            var inline: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            if flags.contains(name) {
                if inline != nil { throw UsageError("\(prefix)option \(Excerpt.quote(name)) takes no value") }
            } else if valued.contains(name) {
                if inline == nil {
                    guard index < arguments.endIndex, !arguments[index].hasPrefix("--") else {
                        throw UsageError("\(prefix)option \(Excerpt.quote(name)) needs a value")
                    }
                    inline = arguments[index]
                    index += 1
                }
            } else {
                throw UsageError("\(prefix)unknown option \(Excerpt.quote(name))")
            }
            if !repeatable.contains(name), !seen.insert(name).inserted {
                throw UsageError("\(prefix)option \(Excerpt.quote(name)) given more than once")
            }
            result.append((name, inline))
        }
        return result
    }

    static func count(_ text: String, option: String) throws(UsageError) -> Int {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text),
            value >= 1, value <= maximumCount
        else {
            throw UsageError(
                "\(option): expected a whole number from 1 to \(Format.integer(maximumCount)), got \(Excerpt.quote(text))"
            )
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
            throw UsageError(
                "--seed: expected an unsigned 64-bit integer (decimal or 0x hex), got \(Excerpt.quote(text))")
        }
        return value
    }

    static func viewport(_ text: String) throws(UsageError) -> Double {
        // The engine's bound (`TabStripLimits.maximumLength`), checked here so
        // the message names the option.
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 }), let value = Double(text),
            value.isFinite, value > 0
        else {
            throw UsageError("--viewport: expected a finite number > 0, got \(Excerpt.quote(text))")
        }
        guard value <= TabStripLimits.maximumLength else {
            throw UsageError("--viewport: \(Excerpt.quote(text)) is above the engine's maximum length 1e15")
        }
        return value
    }

    static func path(_ text: String, option: String, noun: String) throws(UsageError) -> String {
        guard !text.isEmpty else { throw UsageError("\(option): expected \(noun), got ''") }
        return text
    }
}
