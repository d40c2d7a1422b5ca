import BenchInstruments
import BenchSuite

/// The result of one run of the suite: what `Reports/latest.json` holds.
///
/// The JSON form is documented field by field in `Reports/SCHEMA.md`, and ``ReportSchema`` checks a document against
/// it. Absent values are written as explicit `null`s, never omitted and never replaced by 0.
package struct Report: Codable, Sendable, Equatable {
    /// The version of the JSON schema this type writes. Bump it (and document the change in `Reports/SCHEMA.md`)
    /// whenever a field is added, removed, renamed or changes meaning.
    package static let currentSchemaVersion = 3
    package static let harnessVersion = "1.0.0"

    /// The versions this harness reads: version 1 has the same fields and lacks only the metric kind `instructions`, so
    /// it reads as is; versions 1 and 2 lack `scenarios[].functions` (read as empty).
    package static let readableSchemaVersions = 1...currentSchemaVersion

    package var schemaVersion = Report.currentSchemaVersion
    package var harnessVersion = Report.harnessVersion
    package var environment: EnvironmentRecord
    package var run: RunRecord
    package var warnings: [String]
    package var scenarios: [ScenarioResult]

    package func scenario(named name: String) -> ScenarioResult? { scenarios.first { $0.name == name } }
}

package struct RunRecord: Codable, Sendable, Equatable {
    package var quick: Bool
    package var seed: UInt64
    @ExplicitNull package var titles: Int?
    @ExplicitNull package var filter: [String]?
    package var durationSeconds: Double
    @ExplicitNull package var peakResidentBytes: Int?
    /// Mean cost of one clock reading, in nanoseconds (included in every timing sample; not subtracted).
    package var clockOverheadNanoseconds: Double
}

extension Report {
    /// The scenarios that failed in this run (see ``ScenarioResult/failure``).
    package var failedScenarios: [ScenarioResult] { scenarios.filter { $0.failure != nil } }
}
