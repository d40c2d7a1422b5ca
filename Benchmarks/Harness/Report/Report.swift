/// The result of one run of the suite: what `Reports/latest.json` holds.
///
/// The JSON form is documented field by field in `Reports/SCHEMA.md`, and
/// ``ReportSchema`` checks a document against it. Absent values are written
/// as explicit `null`s, never omitted and never replaced by 0.
package struct Report: Codable, Sendable, Equatable {
    /// The version of the JSON schema this type writes. Bump it (and
    /// document the change in `Reports/SCHEMA.md`) whenever a field is
    /// added, removed, renamed or changes meaning.
    package static let currentSchemaVersion = 3

    /// The versions this harness reads: version 1 has the same fields and
    /// lacks only the metric kind `instructions`, so it reads as is;
    /// versions 1 and 2 lack `scenarios[].functions` (read as empty).
    package static let readableSchemaVersions = 1...currentSchemaVersion

    /// The schema version of this document.
    package var schemaVersion: Int
    /// The version of the harness that produced it.
    package var harnessVersion: String
    /// The machine, toolchain, build, allocator, revision, date, arguments.
    package var environment: EnvironmentRecord
    /// How the suite was run.
    package var run: RunRecord
    /// Loud warnings a reader must see first (debug build, no allocator).
    package var warnings: [String]
    /// One entry per scenario run, in run order.
    package var scenarios: [ScenarioResult]

    /// Creates a report with the current schema version.
    package init(environment: EnvironmentRecord, run: RunRecord, warnings: [String], scenarios: [ScenarioResult]) {
        self.schemaVersion = Self.currentSchemaVersion
        self.harnessVersion = BenchmarkHarness.version
        self.environment = environment
        self.run = run
        self.warnings = warnings
        self.scenarios = scenarios
    }

    /// The scenario named `name`, if it ran.
    /// - Complexity: O(scenarios).
    package func scenario(named name: String) -> ScenarioResult? {
        scenarios.first { $0.name == name }
    }
}

/// How the suite was run.
package struct RunRecord: Codable, Sendable, Equatable {
    /// Whether `--quick` parameters were used.
    package var quick: Bool
    /// The seed of every generated input (`--seed`).
    package var seed: UInt64
    /// The `--titles` override, or `nil` for each scenario's default.
    @ExplicitNull package var titles: Int?
    /// The `--filter` patterns, or `nil` when every scenario ran.
    @ExplicitNull package var filter: [String]?
    /// Wall time of the whole run, in seconds.
    package var durationSeconds: Double
    /// Peak resident memory of the process at the end of the run, in bytes.
    @ExplicitNull package var peakResidentBytes: Int?
    /// Mean cost of one clock reading, in nanoseconds (included in every
    /// timing sample; not subtracted).
    package var clockOverheadNanoseconds: Double

    /// Creates a record.
    package init(
        quick: Bool, seed: UInt64, titles: Int?, filter: [String]?, durationSeconds: Double,
        peakResidentBytes: Int?, clockOverheadNanoseconds: Double
    ) {
        self.quick = quick
        self.seed = seed
        self.titles = titles
        self.filter = filter
        self.durationSeconds = durationSeconds
        self.peakResidentBytes = peakResidentBytes
        self.clockOverheadNanoseconds = clockOverheadNanoseconds
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

extension Report {
    /// The scenarios that failed in this run (see ``ScenarioResult/failure``).
    /// - Complexity: O(scenarios × notes).
    package var failedScenarios: [ScenarioResult] {
        scenarios.filter { $0.failure != nil }
    }
}
