import BenchGate
import BenchSuite

/// What the standard output of a run shows.
package enum OutputFormat: String, Sendable, Equatable, CaseIterable {
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

/// Options of `bench baseline save`.
package struct BaselineSaveOptions: Sendable, Equatable {
    /// `--name NAME`: saves `Reports/baseline-NAME.json`.
    package var name: String?
    /// `--report FILE`: the report to take the figures from.
    package var report = RunOptions.lastReport
    /// `--output FILE`: where to write, instead of the path the name gives.
    package var output: String?
    /// `--allow-debug`: save a debug build's report anyway.
    package var allowDebug = false

    package init() {}

    /// The file written: `--output`, else the default for the name.
    package var path: String { output ?? Baseline.path(name: name) }
}

/// Options of `bench compare`.
package struct CompareOptions: Sendable, Equatable {
    /// The baseline (first positional argument).
    package var baseline = "Reports/baseline.json"
    /// The report (second positional argument).
    package var report = RunOptions.lastReport
    /// `--thresholds FILE`: where the relative rules are.
    package var thresholds = "Reports/thresholds.json"
    /// `--format F`.
    package var format: CompareFormat = .text
    /// `--allow-debug`.
    package var allowDebug = false

    package init() {}
}

/// Options of a suite run (`bench [options]`).
package struct RunOptions: Sendable, Equatable {
    /// The seed used when `--seed` is not given.
    package static let defaultSeed: UInt64 = 42
    /// Where a run writes its reports when `--output` is not given: a
    /// directory under `.build`, which git ignores, so that an ordinary run
    /// leaves the checkout clean.
    package static let defaultOutput = ".build/bench-reports"
    /// The directory of the committed report (the source of the figures the
    /// README quotes), written only by `bench --output Reports`.
    package static let committedOutput = "Reports"
    /// The report `check`, `compare` and `baseline save` read by default:
    /// the last ordinary run's.
    package static let lastReport = defaultOutput + "/latest.json"

    /// `--quick`: quick parameters.
    package var quick = false
    /// `--filter NAME` (repeatable, or comma-separated): substrings of the
    /// scenario names to run.
    package var filter: [String] = []
    /// `--titles N`.
    package var titles: Int?
    /// `--seed S`.
    package var seed: UInt64 = RunOptions.defaultSeed
    /// `--format F`: what standard output shows.
    package var format: OutputFormat = .text
    /// `--output DIR`: where the reports go; `nil` when not given, and the
    /// run then writes into ``defaultOutput`` (``BenchApp`` may override it).
    package var output: String?
    /// `--check`: check the run against the thresholds.
    package var check = false
    /// `--thresholds FILE`.
    package var thresholds = "Reports/thresholds.json"
    /// `--allow-debug`: run even in a debug build (every output is marked).
    package var allowDebug = false
    /// `--require-allocations`: null allocation figures fail the check.
    package var requireAllocations = false
    /// `false` with `--no-instructions`: the instruction pass is not run
    /// (its figures are `null`).
    package var instructions = true
    /// `--require-instructions`: null instruction figures (no valgrind)
    /// fail the check.
    package var requireInstructions = false

    package init() {}
}

/// Options of `bench instructions-child`, the hidden subcommand the
/// instruction pass runs under valgrind.
package struct InstructionChildOptions: Sendable, Equatable {
    /// `--workload tiny|quick|full` (required).
    package var workload: InstructionWorkloadSize
    /// `--seed S`.
    package var seed: UInt64
    /// `--frame-strategy KIND`: how fling frames are shown (`virtualized`).
    package var frameStrategy: FrameStrategyKind

    package init(
        workload: InstructionWorkloadSize, seed: UInt64 = RunOptions.defaultSeed,
        frameStrategy: FrameStrategyKind = .virtualized
    ) {
        self.workload = workload
        self.seed = seed
        self.frameStrategy = frameStrategy
    }
}

/// Options of `bench check`.
package struct CheckOptions: Sendable, Equatable {
    /// The report (the positional argument, like `bench compare`'s, or the
    /// older `--report FILE`).
    package var report = RunOptions.lastReport
    /// `--thresholds FILE`.
    package var thresholds = "Reports/thresholds.json"
    /// `--require-allocations`.
    package var requireAllocations = false
    /// `--allow-debug`: check a report from a debug build.
    package var allowDebug = false
    /// `--require-instructions`: null instruction figures fail the check.
    package var requireInstructions = false

    package init() {}
}

/// Options of `bench workload`.
package struct WorkloadOptions: Sendable, Equatable {
    /// `--titles N` (required).
    package var titles: Int
    /// `--seed S`.
    package var seed: UInt64
    /// `--out DIR` (required).
    package var out: String
    /// `--viewport W`: the viewport of the offsets trace (390).
    package var viewport: Double
    /// `--frames N`: the length of the offsets trace (20,000).
    package var frames: Int

    package init(
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
package struct ReplayOptions: Sendable, Equatable {
    /// `--widths FILE` (required).
    package var widths: String
    /// `--offsets FILE` (required).
    package var offsets: String
    /// `--viewport W` (required).
    package var viewport: Double
    /// `--ranges-out FILE`.
    package var rangesOut: String?
    /// `--allow-debug`.
    package var allowDebug: Bool

    package init(widths: String, offsets: String, viewport: Double, rangesOut: String? = nil, allowDebug: Bool = false)
    {
        self.widths = widths
        self.offsets = offsets
        self.viewport = viewport
        self.rangesOut = rangesOut
        self.allowDebug = allowDebug
    }
}

/// A parsed command line.
package enum Command: Sendable, Equatable {
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
package struct UsageError: Error, Equatable, CustomStringConvertible {
    /// The message, without the `bench: error:` prefix.
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    /// The message alone; `bench` prints it after `bench: error:`.
    package var description: String { message }
}
