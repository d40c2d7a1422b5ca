import TabStrip

/// Parses `bench`'s command line by hand (no outside packages).
///
/// Options take their value as the next argument or after `=`
/// (`--seed 7`, `--seed=7`). Every option may appear once, except
/// `--filter`. `--help` (or `-h`) anywhere prints the usage.
public enum CommandLineParser {
    /// The largest `--titles` / `--frames` accepted.
    public static let maximumCount = 100_000_000

    /// Parses the arguments after the program name.
    /// - Throws: ``UsageError`` with a one-line message naming the bad
    ///   command, option or value.
    /// - Complexity: O(n) in the total length of the arguments.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        if arguments.contains("--help") || arguments.contains("-h") { return .help }
        guard let first = arguments.first, !first.hasPrefix("-") else {
            return .run(try parseRun(arguments[...]))
        }
        let rest = arguments.dropFirst()
        switch first {
        case "check": return .check(try parseCheck(rest))
        case "workload": return .workload(try parseWorkload(rest))
        case "replay": return .replay(try parseReplay(rest))
        case "self-check":
            _ = try options(rest, command: "self-check", flags: [], valued: [])
            return .selfCheck
        case "list":
            _ = try options(rest, command: "list", flags: [], valued: [])
            return .list
        case "help": return .help
        default:
            throw UsageError("unknown command \(Excerpt.quote(first)) (commands: check, workload, replay, self-check, list, help)")
        }
    }

    static func parseRun(_ arguments: ArraySlice<String>) throws(UsageError) -> RunOptions {
        var result = RunOptions()
        let parsed = try options(arguments, command: nil,
                                 flags: ["--quick", "--check", "--allow-debug", "--require-allocations"],
                                 valued: ["--filter", "--titles", "--seed", "--format", "--output", "--thresholds"],
                                 repeatable: ["--filter"])
        for (name, value) in parsed {
            switch name {
            case "--quick": result.quick = true
            case "--check": result.check = true
            case "--allow-debug": result.allowDebug = true
            case "--require-allocations": result.requireAllocations = true
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
                    throw UsageError("--format: expected json, markdown or text, got \(Excerpt.quote(value!))")
                }
                result.format = format
            case "--output": result.output = try path(value!, option: name, noun: "a directory")
            case "--thresholds": result.thresholds = try path(value!, option: name, noun: "a file")
            default: break
            }
        }
        return result
    }

    static func parseCheck(_ arguments: ArraySlice<String>) throws(UsageError) -> CheckOptions {
        var result = CheckOptions()
        let parsed = try options(arguments, command: "check", flags: ["--require-allocations", "--allow-debug"],
                                 valued: ["--report", "--thresholds"])
        for (name, value) in parsed {
            switch name {
            case "--require-allocations": result.requireAllocations = true
            case "--allow-debug": result.allowDebug = true
            case "--report": result.report = try path(value!, option: name, noun: "a file")
            case "--thresholds": result.thresholds = try path(value!, option: name, noun: "a file")
            default: break
            }
        }
        return result
    }

    static func parseWorkload(_ arguments: ArraySlice<String>) throws(UsageError) -> WorkloadOptions {
        var titles: Int?, out: String?
        var result = WorkloadOptions(titles: 0, out: "")
        let parsed = try options(arguments, command: "workload", flags: [],
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
        var widths: String?, offsets: String?, viewportWidth: Double?, rangesOut: String?, allowDebug = false
        let parsed = try options(arguments, command: "replay", flags: ["--allow-debug"],
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
        return ReplayOptions(widths: widths, offsets: offsets, viewport: viewportWidth, rangesOut: rangesOut,
                             allowDebug: allowDebug)
    }

    /// Splits arguments into known options with their values, rejecting
    /// unknown options, stray arguments, missing values, values given to
    /// flags and repeated options.
    static func options(_ arguments: ArraySlice<String>, command: String?, flags: Set<String>, valued: Set<String>,
                        repeatable: Set<String> = []) throws(UsageError) -> [(String, String?)] {
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
              value >= 1, value <= maximumCount else {
            throw UsageError("\(option): expected a whole number from 1 to \(Format.integer(maximumCount)), got \(Excerpt.quote(text))")
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
            throw UsageError("--seed: expected an unsigned 64-bit integer (decimal or 0x hex), got \(Excerpt.quote(text))")
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
