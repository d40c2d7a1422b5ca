import BenchInstruments
import Foundation
import TabStripTestSupport

package enum RunMode: String, Sendable, Equatable, Codable {
    /// `--quick`: small sizes and few repetitions; the whole suite stays within 3 minutes on a 2-core machine (CI).
    case quick
    case full
}

/// The run-wide settings every scenario sees.
package struct RunConfiguration: Sendable, Equatable {
    package var mode: RunMode
    package var seed: UInt64
    /// `--titles N`: the tab count of the scenarios that use one (sweeps add
    /// it to their sizes), or `nil` for each scenario's own.
    package var titles: Int?
    package var filter: [String]?
    package var instructions: Bool
    package var dumpDirectory: String?

    package init(
        mode: RunMode, seed: UInt64, titles: Int? = nil, filter: [String]? = nil, instructions: Bool = true,
        dumpDirectory: String? = nil
    ) {
        (self.mode, self.seed, self.titles, self.filter, self.instructions) = (mode, seed, titles, filter, instructions)
        self.dumpDirectory = dumpDirectory
    }

    /// The sizes of a sweep: `sizes`, with `--titles` added in order when it is not one of them.
    package func sweep(_ sizes: [Int]) -> [Int] {
        guard let titles, !sizes.contains(titles) else { return sizes }
        return (sizes + [titles]).sorted()
    }
}

/// A scenario's parameters: by default, its stored properties are what the report's `parameters` object records.
package protocol ScenarioParameters: Encodable { var recorded: [String: ParameterValue] { get } }

extension ScenarioParameters {
    /// Every stored property, by name.
    package var recorded: [String: ParameterValue] {
        guard let data = try? JSONEncoder().encode(self) else { return [:] }
        return (try? JSONDecoder().decode([String: ParameterValue].self, from: data)) ?? [:]
    }
}

/// A section of the report: benchmarks of one kind of work, each declared once (its name, its parameters for quick and
/// full runs, its body), run by the timing and allocation instruments here, and by the instruction pass when the
/// scenario is also a ``CountedScenario``.
///
/// Rules the report and the thresholds rely on: metric names are kebab-case, unique in the scenario and the same in
/// quick and full runs; timing and allocation counting happen in separate passes; allocator figures are `fromAllocator`
/// and `nil` without an allocation counter, never 0.
package protocol Scenario {
    associatedtype Parameters: ScenarioParameters

    var name: String { get }
    var summary: String { get }
    func parameters(for configuration: RunConfiguration) -> Parameters
    func run(_ parameters: Parameters, in context: ScenarioContext) throws(ScenarioError) -> ScenarioOutput
}

package struct ScenarioOutput: Sendable, Equatable {
    package var metrics: [Metric] = []
    package var series: [Series] = []
    package var notes: [String] = []
    package var functions: [PhaseFunctions] = []

    package mutating func add(_ metric: Metric) { metrics.append(metric) }

    package mutating func add(_ series: Series) { self.series.append(series) }
}

/// What a scenario can use while it runs.
package final class ScenarioContext {
    package let configuration: RunConfiguration
    package let allocations: any AllocationProbe
    private let progress: (Double) -> Void

    package init(
        configuration: RunConfiguration, allocations: any AllocationProbe,
        progress: @escaping (Double) -> Void = { _ in }
    ) { (self.configuration, self.allocations, self.progress) = (configuration, allocations, progress) }

    /// Tells the runner how far the scenario is (`0...1`), for the progress
    /// bar of a scenario longer than about 2 seconds.
    package func reportProgress(_ fraction: Double) { progress(Swift.min(Swift.max(fraction, 0), 1)) }

    /// A generator seeded from the run's seed and `stream`, so each input of
    /// each scenario has its own reproducible sequence.
    package func generator(stream: String) -> SeededGenerator {
        SeededGenerator(seed: configuration.seed, stream: stream)
    }
}

/// What one scenario measured: an entry of the report.
package struct ScenarioResult: Codable, Sendable, Equatable {
    package var name: String
    package var summary: String
    package var parameters: [String: ParameterValue]
    package var durationSeconds: Double
    package var metrics: [Metric]
    package var series: [Series]
    package var notes: [String]
    /// Per phase of the instruction pass, its hot functions (empty elsewhere, and in reports before schema version 3).
    package var functions: [PhaseFunctions] = []

    package func metric(named name: String) -> Metric? { metrics.first { $0.name == name } }

    package static let failureNotePrefix = "FAILED: "

    /// The error of a scenario that failed (it then has no figures), or `nil`.
    package var failure: String? {
        notes.first { $0.hasPrefix(Self.failureNotePrefix) }.map { String($0.dropFirst(Self.failureNotePrefix.count)) }
    }

    package static let noShaperNotePrefix = "no shaper: "

    /// Whether `metric` is a text shaper's figure left `null` because the run had no shaper (a build without HarfBuzz,
    /// or no font): optional, so skipped by the check and the comparison alike.
    package func isNullWithoutShaper(_ metric: Metric) -> Bool {
        metric.value == nil && metric.timing == nil && metric.name.contains("-shaper")
            && notes.contains { $0.hasPrefix(Self.noShaperNotePrefix) }
    }
}

extension ScenarioResult {
    private enum CodingKeys: String, CodingKey {
        case name, summary, parameters, durationSeconds, metrics, series, notes, functions
    }

    /// Reads `functions` as empty when absent (reports before schema version 3).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            summary: try container.decode(String.self, forKey: .summary),
            parameters: try container.decode([String: ParameterValue].self, forKey: .parameters),
            durationSeconds: try container.decode(Double.self, forKey: .durationSeconds),
            metrics: try container.decode([Metric].self, forKey: .metrics),
            series: try container.decode([Series].self, forKey: .series),
            notes: try container.decode([String].self, forKey: .notes),
            functions: try container.decodeIfPresent([PhaseFunctions].self, forKey: .functions) ?? [])
    }
}

extension Scenario {
    /// Runs the scenario with its parameters for `context`'s configuration and records it; one that throws is recorded
    /// with no figures and the note `FAILED: <error>`.
    func execute(in context: ScenarioContext) -> ScenarioResult {
        let parameters = parameters(for: context.configuration)
        let start = MonotonicClock.now()
        var output = ScenarioOutput()
        var failure: ScenarioError?
        do { output = try run(parameters, in: context) } catch { failure = error }
        var result = ScenarioResult(
            name: name, summary: summary, parameters: parameters.recorded,
            durationSeconds: Double(MonotonicClock.elapsed(since: start)) / 1e9, metrics: output.metrics,
            series: output.series, notes: output.notes, functions: output.functions)
        if let failure { result.notes.append(ScenarioResult.failureNotePrefix + failure.message) }
        return result
    }
}

/// The scenarios a `bench` binary knows, in run order.
package struct ScenarioRegistry {
    package private(set) var scenarios: [any Scenario]

    package init(_ scenarios: [any Scenario]) {
        precondition(Set(scenarios.map(\.name)).count == scenarios.count, "duplicate scenario names")
        self.scenarios = scenarios
    }

    /// The default suite: the instruments' own cost first, the instruction
    /// pass (which runs the bench under callgrind) last.
    package static var standard: ScenarioRegistry {
        ScenarioRegistry([
            HarnessOverheadScenario(), ReplayScalingScenario(), BuildScenario(), FlingScenario(), JumpScenario(),
            PagerScenario(), EditsScenario(), ScalingScenario(), StrategiesScenario(), FrameRateScenario(),
            ShaperScenario(), InstructionScenario(),
        ])
    }

    package var names: [String] { scenarios.map(\.name) }

    package func selected(by patterns: [String]?) -> [any Scenario] {
        scenarios.filter { Self.selects($0.name, patterns: patterns) }
    }

    /// Whether `name` contains any of `patterns` (case-sensitive); no patterns select every scenario.
    package static func selects(_ name: String, patterns: [String]?) -> Bool {
        guard let patterns, !patterns.isEmpty else { return true }
        return patterns.contains { name.contains($0) }
    }
}

/// `1k`, `10k`, `1m`, or the plain number: the size suffix of metric names.
package func sizeLabel(_ size: Int) -> String {
    if size >= 1_000_000, size % 1_000_000 == 0 { return "\(size / 1_000_000)m" }
    if size >= 1_000, size % 1_000 == 0 { return "\(size / 1_000)k" }
    return "\(size)"
}

extension ScenarioOutput {
    package mutating func timing(
        _ name: String, _ histogram: LatencyHistogram?, fromAllocator: Bool = false, note: String? = nil
    ) { add(.timing(name, histogram, fromAllocator: fromAllocator, note: note)) }

    package mutating func count(
        _ name: String, _ value: Double?, unit: String = "count", fromAllocator: Bool = false, note: String? = nil
    ) { add(.count(name, value, unit: unit, fromAllocator: fromAllocator, note: note)) }

    package mutating func bytes(
        _ name: String, _ value: Double?, unit: String = "bytes", fromAllocator: Bool = false, note: String? = nil
    ) { add(.bytes(name, value, unit: unit, fromAllocator: fromAllocator, note: note)) }

    package mutating func ratio(_ name: String, _ numerator: Double?, over denominator: Double?, note: String? = nil) {
        add(.ratio(name, numerator, over: denominator, note: note))
    }

    package mutating func duration(
        _ name: String, nanoseconds: Double?, fromAllocator: Bool = false, note: String? = nil
    ) { add(.duration(name, nanoseconds: nanoseconds, fromAllocator: fromAllocator, note: note)) }

    package mutating func instructions(_ name: String, _ value: Double?, unit: String, note: String? = nil) {
        add(.instructions(name, value, unit: unit, note: note))
    }

    /// Appends a curve against the tab count, in nanoseconds unless `unit` says otherwise.
    mutating func curve(_ name: String, _ strategy: String, unit: String = "ns", _ points: [SeriesPoint]) {
        add(Series(name: name, strategy: strategy, xUnit: "tabs", yUnit: unit, points: points))
    }
}
