import BenchInstruments
import BenchReports
import Foundation

/// The figures of one report kept for later comparison: what `Reports/baseline.json` holds (`bench baseline save`).
///
/// A baseline keeps every metric of the report (deterministic figures — instructions, allocations, cells, bytes — and
/// the timing summaries), with what decides whether they can be compared at all: the toolchain and valgrind versions
/// (instruction counts depend on both), the allocation counter (jemalloc's statistics and the fallback interposer count
/// bytes differently), the run's parameters, and where and when it was made. The format is documented in
/// `Reports/SCHEMA.md`, section `baseline.json`.
package struct Baseline: Codable, Sendable, Equatable {
    package static let currentSchemaVersion = 1
    /// The value of ``format``, so that a report (or any other JSON) given
    /// in place of a baseline is refused with a clear message.
    package static let formatName = "tabstrip-bench-baseline"

    package var schemaVersion = Baseline.currentSchemaVersion
    package var format = Baseline.formatName
    package var name: String?
    package var savedAt: String
    package var harnessVersion = Report.harnessVersion
    package var source: Source
    package var toolchain: Toolchain
    package var machine: Machine
    package var allocator: AllocatorRecord
    package var metrics: [Entry]
    /// Per scenario, the report's hot-function tables (``ScenarioResult/functions``), for `compare` to say which
    /// functions moved; `nil` (absent) in baselines saved before they existed.
    package var functions: [String: [PhaseFunctions]]?

    package struct Source: Codable, Sendable, Equatable {
        package var date: String
        @ExplicitNull package var commit: String?
        @ExplicitNull package var dirty: Bool?
        package var arguments: [String]
        package var quick: Bool
        package var seed: UInt64
        @ExplicitNull package var titles: Int?
        @ExplicitNull package var filter: [String]?
        package var buildConfiguration: BuildConfiguration
    }

    /// The versions instruction counts depend on.
    package struct Toolchain: Codable, Sendable, Equatable {
        package var swiftCompiler: String
        @ExplicitNull package var swiftToolchain: String?
        @ExplicitNull package var valgrind: String?

        /// Whether the report made in `environment` counted its instructions with another compiler or valgrind.
        func differs(from environment: EnvironmentRecord) -> Bool {
            swiftCompiler != environment.swiftCompiler || valgrind != environment.valgrind
        }
    }

    /// The machine a baseline was measured on (timings are only comparable on the same kind of machine).
    package struct Machine: Codable, Sendable, Equatable {
        @ExplicitNull package var cpuModel: String?
        package var logicalCores: Int
        @ExplicitNull package var operatingSystem: String?
    }

    /// One metric of a baseline: the report's metric and its scenario.
    package struct Entry: Codable, Sendable, Equatable {
        package var scenario: String
        package var metric: Metric
    }

    package init(report: Report, name: String?, savedAt: Date = Date()) {
        self.name = name
        self.savedAt = EnvironmentRecord.isoDate(savedAt)
        let environment = report.environment
        source = Source(
            date: environment.date, commit: environment.git?.commit, dirty: environment.git?.dirty,
            arguments: environment.arguments, quick: report.run.quick, seed: report.run.seed, titles: report.run.titles,
            filter: report.run.filter, buildConfiguration: environment.buildConfiguration)
        toolchain = Toolchain(
            swiftCompiler: environment.swiftCompiler, swiftToolchain: environment.swiftToolchain,
            valgrind: environment.valgrind)
        machine = Machine(
            cpuModel: environment.cpuModel, logicalCores: environment.logicalCores,
            operatingSystem: environment.operatingSystem)
        allocator = environment.allocator
        metrics = report.scenarios.flatMap { scenario in
            scenario.metrics.map { Entry(scenario: scenario.name, metric: $0) }
        }
        let tables = report.scenarios.filter { !$0.functions.isEmpty }.map { ($0.name, $0.functions) }
        functions = tables.isEmpty ? nil : Dictionary(tables) { first, _ in first }
    }

    package func entry(scenario: String, metric: String) -> Entry? {
        metrics.first { $0.scenario == scenario && $0.metric.name == metric }
    }

    /// The path `bench baseline save --name NAME` writes in `directory`:
    /// `baseline.json` without a name, `baseline-NAME.json` with one.
    package static func path(name: String?, directory: String = "Reports") -> String {
        let file = name.map { "baseline-\($0).json" } ?? "baseline.json"
        return directory.hasSuffix("/") ? directory + file : directory + "/" + file
    }

    /// Whether `name` can name a baseline file: 1–64 ASCII letters, digits, `.`, `_` or `-`, not starting with `.`.
    package static func isValidName(_ name: String) -> Bool {
        guard (1...64).contains(name.count), !name.hasPrefix(".") else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-") }
    }
}

extension Baseline {
    package func jsonData() throws -> Data { try prettyJSON(self) }

    /// Decodes a baseline, refusing other formats and versions with a one-line message naming the field.
    package static func decode(_ data: Data) throws(ReportError) -> Baseline {
        guard case .object(let root)? = JSONValue.parse(data) else { throw .invalid("not a JSON document") }
        guard case .string(let format)? = root["format"], format == formatName else {
            if root["scenarios"] != nil, root["environment"] != nil {
                throw .invalid("this is a report, not a baseline (make one with `bench baseline save --report FILE`)")
            }
            throw .invalid("format: expected \"\(formatName)\"")
        }
        guard case .integer(let version)? = root["schemaVersion"] else {
            throw .invalid("schemaVersion: missing or not an integer")
        }
        guard version == Int64(currentSchemaVersion) else {
            throw .invalid(
                "schemaVersion: this harness reads baseline version \(currentSchemaVersion), found \(version)")
        }
        do { return try JSONDecoder().decode(Baseline.self, from: data) } catch let error as DecodingError {
            throw .invalid(Self.describe(error))
        } catch { throw .invalid("\(error)") }
    }

    package static func load(path: String) throws(ReportError) -> Baseline {
        try loadJSON(
            path, unreadable: .invalid("\(path): cannot read the baseline (save one with `bench baseline save`)"),
            decode)
    }

    /// Writes the baseline atomically (a temporary file renamed over `path`).
    package func write(to path: String) throws(FileError) {
        let data: Data
        do {
            data = try jsonData()
        } catch { throw .cannotWrite(path: path, reason: "cannot encode the baseline: \(error)") }
        try AtomicFileSet.write(data, to: path)
    }

    /// One line for a decoding error: the field's path and the problem.
    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            let text = keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            return text.isEmpty ? "document" : text.hasPrefix(".") ? String(text.dropFirst()) : text
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context.codingPath + [key])): missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let detail = context.debugDescription.split(separator: "\n").first.map(String.init) ?? "invalid"
            return "\(path(context.codingPath)): \(detail)"
        @unknown default: return "invalid document"
        }
    }
}
