import BenchInstruments
import TabStripTestSupport

/// How much work a run does.
package enum RunMode: String, Sendable, Equatable, Codable {
    /// `--quick`: small sizes and few repetitions; the whole suite is
    /// designed to finish within 3 minutes on a 2-core machine (CI).
    case quick
    /// The default: the full sizes (up to 10M tabs) and repetitions.
    case full
}

/// The run-wide settings every scenario sees.
package struct RunConfiguration: Sendable, Equatable {
    /// Quick or full parameters.
    package var mode: RunMode
    /// The seed of every generated input.
    package var seed: UInt64
    /// `--titles N`: the tab count for scenarios that use one fixed count
    /// (sweeps add it to their sizes), or `nil` for each scenario's default.
    package var titles: Int?
    /// `--filter` patterns, or `nil`.
    package var filter: [String]?
    /// Whether the instruction pass counts (`false` with
    /// `--no-instructions`: its figures are then `null`).
    package var instructions: Bool
    /// Where the instruction pass keeps its callgrind dumps
    /// (`OUTPUT/callgrind`), or `nil` to keep none.
    package var dumpDirectory: String?

    /// Creates a configuration.
    package init(mode: RunMode, seed: UInt64, titles: Int? = nil, filter: [String]? = nil, instructions: Bool = true) {
        self.mode = mode
        self.seed = seed
        self.titles = titles
        self.filter = filter
        self.instructions = instructions
        self.dumpDirectory = nil
    }
}

/// Parameters of a scenario that a report can record.
package protocol ScenarioParameters {
    /// The parameters as the report's `parameters` object records them.
    var recorded: [String: ParameterValue] { get }
}

/// One benchmark scenario: a named piece of work measured with the harness.
///
/// A scenario chooses its parameters from the run configuration (quick or
/// full sizes, the `--titles` override), then runs with them and returns
/// named metrics and, optionally, series for the scaling chart.
///
/// Rules for authors (the report and the thresholds rely on them):
/// - Metric names are kebab-case, unique within the scenario, and the same
///   in quick and full mode (thresholds name them).
/// - Timing and allocation counting happen in separate passes
///   (``AllocationProbe/allocationRequests()`` disturbs the allocator).
/// - Allocator figures are created with `fromAllocator: true` and stay
///   `nil` when the probe has none: never substitute 0.
/// - Call ``ScenarioContext/reportProgress(_:)`` between chunks of work, not
///   inside the measured loops.
package protocol Scenario {
    /// The scenario's parameter type.
    associatedtype Parameters: ScenarioParameters

    /// The registry name: kebab-case, unique (`harness-overhead`).
    var name: String { get }
    /// One sentence on what it measures, shown in reports.
    var summary: String { get }
    /// The parameters for a run.
    func parameters(for configuration: RunConfiguration) -> Parameters
    /// Runs the scenario.
    /// - Throws: ``ScenarioError`` when the scenario cannot complete.
    func run(_ parameters: Parameters, in context: ScenarioContext) throws(ScenarioError) -> ScenarioOutput
}

/// What a scenario produced.
package struct ScenarioOutput: Sendable, Equatable {
    /// Named figures.
    package var metrics: [Metric] = []
    /// Curves for the scaling chart.
    package var series: [Series] = []
    /// Remarks for the reader.
    package var notes: [String] = []
    /// The functions with the most inclusive instructions per phase (the
    /// instruction pass only).
    package var functions: [PhaseFunctions] = []

    /// Creates an empty output.
    package init() {}

    /// Appends a metric.
    package mutating func add(_ metric: Metric) {
        metrics.append(metric)
    }

    /// Appends a series.
    package mutating func add(_ series: Series) {
        self.series.append(series)
    }
}

/// A scenario that could not complete.
package struct ScenarioError: Error, Equatable, CustomStringConvertible {
    /// What went wrong.
    package var message: String

    /// Creates an error.
    package init(_ message: String) {
        self.message = message
    }

    /// The message alone.
    package var description: String { message }
}

/// What a scenario can use while it runs.
package final class ScenarioContext {
    /// The run-wide settings.
    package let configuration: RunConfiguration
    /// The allocation probe (figures are `nil` without an allocation counter).
    package let allocations: any AllocationProbe
    private let progress: (Double) -> Void

    /// Creates a context; `progress` receives fractions in `0...1`.
    package init(
        configuration: RunConfiguration, allocations: any AllocationProbe,
        progress: @escaping (Double) -> Void = { _ in }
    ) {
        self.configuration = configuration
        self.allocations = allocations
        self.progress = progress
    }

    /// Tells the runner how far the scenario is (`0...1`), for the progress
    /// bar shown when a scenario takes longer than about 2 seconds.
    package func reportProgress(_ fraction: Double) {
        progress(Swift.min(Swift.max(fraction, 0), 1))
    }

    /// A generator seeded from the run's seed and `stream`, so each input of
    /// each scenario has its own reproducible sequence.
    package func generator(stream: String) -> SeededGenerator {
        SeededGenerator(seed: configuration.seed, stream: stream)
    }
}

/// What one scenario measured.
package struct ScenarioResult: Codable, Sendable, Equatable {
    /// The scenario's registry name (`harness-overhead`).
    package var name: String
    /// One sentence on what it measures.
    package var summary: String
    /// The sizes and repetition counts it ran with.
    package var parameters: [String: ParameterValue]
    /// Its wall time, in seconds (both passes).
    package var durationSeconds: Double
    /// Its named figures.
    package var metrics: [Metric]
    /// Its curves for the scaling chart (may be empty).
    package var series: [Series]
    /// Remarks for the reader.
    package var notes: [String]
    /// Per phase, the functions with the most inclusive instructions (the
    /// instruction pass; empty elsewhere and in reports before schema
    /// version 3).
    package var functions: [PhaseFunctions]

    /// Creates a result.
    package init(
        name: String, summary: String, parameters: [String: ParameterValue], durationSeconds: Double,
        metrics: [Metric], series: [Series], notes: [String], functions: [PhaseFunctions] = []
    ) {
        self.name = name
        self.summary = summary
        self.parameters = parameters
        self.durationSeconds = durationSeconds
        self.metrics = metrics
        self.series = series
        self.notes = notes
        self.functions = functions
    }

    private enum CodingKeys: String, CodingKey {
        case name, summary, parameters, durationSeconds, metrics, series, notes, functions
    }

    /// Decodes a result; `functions` may be absent (schema versions 1 and 2).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        summary = try container.decode(String.self, forKey: .summary)
        parameters = try container.decode([String: ParameterValue].self, forKey: .parameters)
        durationSeconds = try container.decode(Double.self, forKey: .durationSeconds)
        metrics = try container.decode([Metric].self, forKey: .metrics)
        series = try container.decode([Series].self, forKey: .series)
        notes = try container.decode([String].self, forKey: .notes)
        functions = try container.decodeIfPresent([PhaseFunctions].self, forKey: .functions) ?? []
    }

    /// The metric named `name`, if the scenario produced it.
    /// - Complexity: O(metrics).
    package func metric(named name: String) -> Metric? {
        metrics.first { $0.name == name }
    }

    /// How the note that marks a failed scenario begins: a scenario that
    /// threw is recorded with no metrics and the note `FAILED: <error>`.
    package static let failureNotePrefix = "FAILED: "

    /// The error of a scenario that failed, or `nil` when it completed.
    /// - Complexity: O(notes).
    package var failure: String? {
        notes.first { $0.hasPrefix(Self.failureNotePrefix) }.map { String($0.dropFirst(Self.failureNotePrefix.count)) }
    }
}
