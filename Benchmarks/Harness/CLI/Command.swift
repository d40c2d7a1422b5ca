/// What the standard output of a run shows.
public enum OutputFormat: String, Sendable, Equatable, CaseIterable {
    /// A summary table (the default).
    case text
    /// The JSON report, exactly as written to `latest.json`.
    case json
    /// The markdown report, exactly as written to `latest.md`.
    case markdown
    /// github-action-benchmark's "customSmallerIsBetter" list of
    /// `{"name", "unit", "value"}` (also written to
    /// `github-action-benchmark.json` in the output directory).
    case githubActionBenchmark = "github-action-benchmark"
}

/// What `bench compare` prints.
public enum CompareFormat: String, Sendable, Equatable, CaseIterable {
    /// A plain table (the default).
    case text
    /// Markdown for a CI job summary.
    case markdown
}

/// Options of `bench baseline save`.
public struct BaselineSaveOptions: Sendable, Equatable {
    /// `--name NAME`: saves `Reports/baseline-NAME.json`.
    public var name: String?
    /// `--report FILE`: the report to take the figures from.
    public var report = "Reports/latest.json"
    /// `--output FILE`: where to write, instead of the path the name gives.
    public var output: String?
    /// `--allow-debug`: save a debug build's report anyway.
    public var allowDebug = false

    /// The defaults.
    public init() {}

    /// The file written: `--output`, else the default for the name.
    public var path: String { output ?? Baseline.path(name: name) }
}

/// Options of `bench compare`.
public struct CompareOptions: Sendable, Equatable {
    /// The baseline (first positional argument).
    public var baseline = "Reports/baseline.json"
    /// The report (second positional argument).
    public var report = "Reports/latest.json"
    /// `--thresholds FILE`: where the relative rules are.
    public var thresholds = "Reports/thresholds.json"
    /// `--format F`.
    public var format: CompareFormat = .text
    /// `--allow-debug`.
    public var allowDebug = false

    /// The defaults.
    public init() {}
}

/// Options of `bench ab`.
public struct ABOptions: Sendable, Equatable {
    /// The baseline build's `bench` binary (A).
    public var baselineBinary: String
    /// `--current BINARY`: the build under test (B); this binary by default.
    public var currentBinary: String?
    /// `--filter NAME` (repeatable): the scenarios run in both.
    public var filter: [String] = []
    /// `--rounds N`: interleaved rounds (each runs A and B once).
    public var rounds = 10
    /// `--threshold F`: the noise threshold, a fraction.
    public var threshold = ABComparison.defaultThreshold
    /// `--seed S`: the bootstrap's seed.
    public var seed: UInt64 = 1
    /// `--metric NAME` (repeatable): only these timing metrics (all by default).
    public var metrics: [String] = []
    /// `--format F`.
    public var format: CompareFormat = .text

    /// Options for `baselineBinary`, every other option at its default.
    public init(baselineBinary: String) {
        self.baselineBinary = baselineBinary
    }
}

/// Options of a suite run (`bench [options]`).
public struct RunOptions: Sendable, Equatable {
    /// The seed used when `--seed` is not given.
    public static let defaultSeed: UInt64 = 42

    /// `--quick`: quick parameters.
    public var quick = false
    /// `--filter NAME` (repeatable, or comma-separated): substrings of the
    /// scenario names to run.
    public var filter: [String] = []
    /// `--titles N`.
    public var titles: Int?
    /// `--seed S`.
    public var seed: UInt64 = RunOptions.defaultSeed
    /// `--format F`: what standard output shows.
    public var format: OutputFormat = .text
    /// `--output DIR`: where the reports go.
    public var output = "Reports"
    /// `--check`: check the run against the thresholds.
    public var check = false
    /// `--thresholds FILE`.
    public var thresholds = "Reports/thresholds.json"
    /// `--allow-debug`: run even in a debug build (every output is marked).
    public var allowDebug = false
    /// `--require-allocations`: null allocation figures fail the check.
    public var requireAllocations = false
    /// `false` with `--no-instructions`: the instruction pass is not run
    /// (its figures are `null`).
    public var instructions = true
    /// `--require-instructions`: null instruction figures (no valgrind)
    /// fail the check.
    public var requireInstructions = false

    /// The defaults.
    public init() {}
}

/// Options of `bench instructions-child`, the hidden subcommand the
/// instruction pass runs under valgrind.
public struct InstructionChildOptions: Sendable, Equatable {
    /// `--workload tiny|quick|full` (required).
    public var workload: InstructionWorkloadSize
    /// `--seed S`.
    public var seed: UInt64
    /// `--frame-strategy KIND`: how fling frames are shown (`virtualized`).
    public var frameStrategy: FrameStrategyKind

    /// Creates options.
    public init(
        workload: InstructionWorkloadSize, seed: UInt64 = RunOptions.defaultSeed,
        frameStrategy: FrameStrategyKind = .virtualized
    ) {
        self.workload = workload
        self.seed = seed
        self.frameStrategy = frameStrategy
    }
}

/// Options of `bench check`.
public struct CheckOptions: Sendable, Equatable {
    /// `--report FILE`.
    public var report = "Reports/latest.json"
    /// `--thresholds FILE`.
    public var thresholds = "Reports/thresholds.json"
    /// `--require-allocations`.
    public var requireAllocations = false
    /// `--allow-debug`: check a report from a debug build.
    public var allowDebug = false
    /// `--require-instructions`: null instruction figures fail the check.
    public var requireInstructions = false

    /// The defaults.
    public init() {}
}

/// Options of `bench workload`.
public struct WorkloadOptions: Sendable, Equatable {
    /// `--titles N` (required).
    public var titles: Int
    /// `--seed S`.
    public var seed: UInt64
    /// `--out DIR` (required).
    public var out: String
    /// `--viewport W`: the viewport of the offsets trace (390).
    public var viewport: Double
    /// `--frames N`: the length of the offsets trace (20,000).
    public var frames: Int

    /// Creates options.
    public init(
        titles: Int, seed: UInt64 = RunOptions.defaultSeed, out: String, viewport: Double = 390,
        frames: Int = 20_000
    ) {
        self.titles = titles
        self.seed = seed
        self.out = out
        self.viewport = viewport
        self.frames = frames
    }
}

/// Options of `bench replay`.
public struct ReplayOptions: Sendable, Equatable {
    /// `--widths FILE` (required).
    public var widths: String
    /// `--offsets FILE` (required).
    public var offsets: String
    /// `--viewport W` (required).
    public var viewport: Double
    /// `--ranges-out FILE`.
    public var rangesOut: String?
    /// `--allow-debug`.
    public var allowDebug: Bool

    /// Creates options.
    public init(widths: String, offsets: String, viewport: Double, rangesOut: String? = nil, allowDebug: Bool = false) {
        self.widths = widths
        self.offsets = offsets
        self.viewport = viewport
        self.rangesOut = rangesOut
        self.allowDebug = allowDebug
    }
}

/// A parsed command line.
public enum Command: Sendable, Equatable {
    /// Run the suite.
    case run(RunOptions)
    /// Check a report against thresholds.
    case check(CheckOptions)
    /// Write a portable workload.
    case workload(WorkloadOptions)
    /// Replay a workload.
    case replay(ReplayOptions)
    /// Run the instruction pass's workload (hidden; started under valgrind
    /// by the `instructions` scenario).
    case instructionsChild(InstructionChildOptions)
    /// Save a baseline from a report.
    case baselineSave(BaselineSaveOptions)
    /// Compare a report with a baseline.
    case compare(CompareOptions)
    /// Run two builds in interleaved rounds and compare their timings.
    case ab(ABOptions)
    /// Verify the allocation probe.
    case selfCheck
    /// List the scenarios.
    case list
    /// Print the usage.
    case help
}

/// A bad command line: a one-line message; the process exits with 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    /// The message, without the `bench: error:` prefix.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message alone; `bench` prints it after `bench: error:`.
    public var description: String { message }
}
