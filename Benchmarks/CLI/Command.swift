import BenchGate
import BenchSuite

/// What the standard output of a run shows.
package enum OutputFormat: String, Sendable, Equatable, CaseIterable {
    case text, json, markdown
    /// github-action-benchmark's "customSmallerIsBetter" list of `{"name", "unit", "value"}` (also written to
    /// `github-action-benchmark.json` in the output directory).
    case githubActionBenchmark = "github-action-benchmark"
}

package struct BaselineSaveOptions: Sendable, Equatable {
    package var name: String?
    package var report = RunOptions.lastReport
    package var output: String?
    package var allowDebug = false

    package var path: String { output ?? Baseline.path(name: name) }
}

package struct CompareOptions: Sendable, Equatable {
    package var baseline = "Reports/baseline.json"
    package var report = RunOptions.lastReport
    package var thresholds = "Reports/thresholds.json"
    package var format: CompareFormat = .text
    package var allowDebug = false
}

/// Options of a suite run (`bench [options]`).
package struct RunOptions: Sendable, Equatable {
    package static let defaultSeed: UInt64 = 42
    /// Where a run writes its reports when `--output` is not given: a directory under `.build`, which git ignores, so
    /// that an ordinary run leaves the checkout clean.
    package static let defaultOutput = ".build/bench-reports"
    /// The directory of the committed report (the source of the figures the
    /// README quotes), written only by `bench --output Reports`.
    package static let committedOutput = "Reports"
    /// The report `check`, `compare` and `baseline save` read by default: the last ordinary run's.
    package static let lastReport = defaultOutput + "/latest.json"

    package var quick = false
    /// `--filter NAME` (repeatable, or comma-separated): substrings of the scenario names to run.
    package var filter: [String] = []
    package var titles: Int?
    package var seed: UInt64 = RunOptions.defaultSeed
    package var format: OutputFormat = .text
    /// `--output DIR`: where the reports go; `nil` when not given, and the
    /// run then writes into ``defaultOutput`` (``BenchApp`` may override it).
    package var output: String?
    package var check = false
    package var thresholds = "Reports/thresholds.json"
    package var allowDebug = false
    package var requireAllocations = false
    /// `false` with `--no-instructions`: the instruction pass is not run (its figures are `null`).
    package var instructions = true
    /// `--require-instructions`: null instruction figures (no valgrind) fail the check.
    package var requireInstructions = false
}

/// Options of `bench instructions-child`, the hidden subcommand the instruction pass runs under valgrind.
package struct InstructionChildOptions: Sendable, Equatable {
    package var workload: InstructionWorkloadSize
    package var seed = RunOptions.defaultSeed
    package var frameStrategy = FrameStrategyKind.virtualized
}

package struct CheckOptions: Sendable, Equatable {
    /// The report (the positional argument, like `bench compare`'s, or the older `--report FILE`).
    package var report = RunOptions.lastReport
    package var thresholds = "Reports/thresholds.json"
    package var requireAllocations = false
    package var allowDebug = false
    package var requireInstructions = false
}

package struct WorkloadOptions: Sendable, Equatable {
    package var titles: Int
    package var seed = RunOptions.defaultSeed
    package var out: String
    package var viewport = 390.0
    package var frames = 20_000
}

package struct ReplayOptions: Sendable, Equatable {
    package var widths: String
    package var offsets: String
    package var viewport: Double
    package var rangesOut: String?
    package var allowDebug = false
}

package enum Command: Sendable, Equatable {
    case run(RunOptions)
    case check(CheckOptions)
    case workload(WorkloadOptions)
    case replay(ReplayOptions)
    /// Run the instruction pass's workload (hidden; started under valgrind by the `instructions` scenario).
    case instructionsChild(InstructionChildOptions)
    case baselineSave(BaselineSaveOptions)
    case compare(CompareOptions)
    case ab(ABOptions)
    case selfCheck, list, help
}

/// A bad command line: a one-line message; the process exits with 2.
package struct UsageError: Error, Equatable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) { self.message = message }

    package var description: String { message }
}
