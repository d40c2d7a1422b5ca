import Foundation
import Testing

@testable import BenchCLI
@testable import BenchGate
@testable import BenchInstruments
@testable import BenchReports
@testable import BenchSuite

@Suite("Report")
struct ReportTests {
    @Test func jsonRoundTripsExactly() throws {
        for report in [
            sampleReport(),
            sampleReport(
                allocator: AllocatorRecord(name: "none", version: nil, note: "n"),
                allocations: nil, filter: ["fling"], configuration: .debug),
        ] {
            let data = try report.jsonData()
            let decoded = try Report.decode(data)
            #expect(decoded == report)
            #expect(try decoded.jsonData() == data)
        }
    }

    @Test func encodedReportsSatisfyTheSchema() throws {
        let data = try sampleReport(allocations: nil).jsonData()
        #expect(ReportSchema.validate(data) == [])
    }

    @Test func missingFiguresAreNullNeverZeroOrAbsent() throws {
        let none = AllocatorRecord(name: "none", version: nil, note: NoAllocationProbe.defaultNote)
        let data = try sampleReport(allocator: none, allocations: nil).jsonData()
        guard case .object(let root)? = JSONValue.parse(data),
            case .array(let scenarios)? = root["scenarios"],
            case .object(let fling) = scenarios[0],
            case .array(let metrics)? = fling["metrics"]
        else {
            Issue.record("unexpected shape")
            return
        }
        let allocation = metrics.first {
            if case .object(let metric) = $0, metric["name"] == .string("frame-allocations") { return true }
            return false
        }
        guard case .object(let metric)? = allocation else {
            Issue.record("metric not found")
            return
        }
        #expect(metric["value"] == .null)
        #expect(metric["fromAllocator"] == .bool(true))
        #expect(metric["timing"] == .null)
        guard case .object(let environment)? = root["environment"],
            case .object(let allocator)? = environment["allocator"]
        else {
            Issue.record("no allocator")
            return
        }
        #expect(allocator["version"] == .null)
        #expect(environment["swiftToolchain"] == .null)
    }

    /// Mutates the JSON of a valid report and returns the validator's problems.
    func problems(_ mutate: (inout [String: JSONValue]) -> Void) throws -> [String] {
        guard case .object(var root)? = JSONValue.parse(try sampleReport().jsonData()) else { return ["bad fixture"] }
        mutate(&root)
        return ReportSchema.validate(.object(root))
    }

    static func environment(_ root: inout [String: JSONValue], _ change: (inout [String: JSONValue]) -> Void) {
        guard case .object(var environment)? = root["environment"] else { return }
        change(&environment)
        root["environment"] = .object(environment)
    }

    static func firstMetric(_ root: inout [String: JSONValue], _ change: (inout [String: JSONValue]) -> Void) {
        guard case .array(var scenarios)? = root["scenarios"], case .object(var scenario) = scenarios[0],
            case .array(var metrics)? = scenario["metrics"], case .object(var metric) = metrics[1]
        else { return }
        change(&metric)
        metrics[1] = .object(metric)
        scenario["metrics"] = .array(metrics)
        scenarios[0] = .object(scenario)
        root["scenarios"] = .array(scenarios)
    }

    @Test func theValidatorNamesEveryProblem() throws {
        #expect(try problems { $0["schemaVersion"] = nil } == ["schemaVersion: missing"])
        #expect(
            try problems { $0["schemaVersion"] = .integer(4) } == [
                "schemaVersion: this harness reads versions 1 to 3, found 4"
            ])
        #expect(try problems { $0["schemaVersion"] = .integer(1) } == [])
        #expect(try problems { $0["surprise"] = .bool(true) } == ["surprise: unknown field"])
        #expect(
            try problems { $0["warnings"] = .array([.integer(3)]) } == ["warnings[0]: expected string, found integer"])
        #expect(
            try problems { root in Self.environment(&root) { $0["logicalCores"] = .string("2") } }
                == ["environment.logicalCores: expected integer, found string"])
        #expect(
            try problems { root in Self.environment(&root) { $0["logicalCores"] = .number(2.5) } }
                == ["environment.logicalCores: expected integer, found number"])
        #expect(try problems { root in Self.environment(&root) { $0["cpuModel"] = .null } } == [])
        #expect(
            try problems { root in Self.environment(&root) { $0["date"] = .null } } == [
                "environment.date: must not be null"
            ])
        #expect(
            try problems { root in Self.environment(&root) { $0["buildConfiguration"] = .string("fast") } }
                == [#"environment.buildConfiguration: "fast" is not one of debug, release"#])
        #expect(try problems { root in Self.environment(&root) { $0["git"] = .null } } == [])
        #expect(
            try problems { root in Self.firstMetric(&root) { $0["value"] = .string("0") } }
                == ["scenarios[0].metrics[1].value: expected number or null, found string"])
        #expect(
            try problems { root in Self.firstMetric(&root) { $0["kind"] = .string("speed") } }
                == [
                    #"scenarios[0].metrics[1].kind: "speed" is not one of timing, count, bytes, ratio, duration, instructions"#
                ])
        #expect(
            try problems { root in Self.firstMetric(&root) { $0["timing"] = .object(["count": .integer(1)]) } }.count
                == 8)
        #expect(
            try problems { root in Self.firstMetric(&root) { $0["note"] = nil } } == [
                "scenarios[0].metrics[1].note: missing"
            ])
        #expect(ReportSchema.validate(Data("not json".utf8)) == ["not a JSON document"])
        #expect(throws: ReportError.self) { try Report.decode(Data("{}".utf8)) }
    }

    @Test func schemaDocumentationCoversEveryField() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Reports/SCHEMA.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        for field in ReportSchema.fields {
            #expect(text.contains("| `\(field.path)` |"), "SCHEMA.md does not document \(field.path)")
            let nullable = text.contains("| `\(field.path)` | \(field.type.rawValue), nullable |")
            let plain = text.contains("| `\(field.path)` | \(field.type.rawValue) |")
            #expect(field.nullable ? nullable : plain, "SCHEMA.md gives the wrong type for \(field.path)")
        }
        #expect(text.contains("# Report schema (version \(Report.currentSchemaVersion))"))
    }

    @Test func markdownHasTheTablesAPersonReadsFirst() throws {
        let report = sampleReport()
        let outcome = ThresholdChecker.check(
            report, against: try thresholds(ThresholdTests.limits), requireAllocations: true)
        let markdown = MarkdownReport.render(report, check: outcome)
        for heading in [
            "## Run", "## Summary", "## Timing", "## Allocations", "## Ratios", "## Thresholds", "## Charts",
        ] {
            #expect(markdown.contains(heading))
        }
        #expect(markdown.contains("| fling | frame-time | 1,000 | 1.20 µs | 2 µs | 4 µs | 8 µs | 12 µs | 1.50 µs |"))
        #expect(markdown.contains("| fling | frame-allocations | 0 allocations |"))
        #expect(markdown.contains("| 6 met |") && markdown.contains("| 1 met |"))
        let debug = MarkdownReport.render(sampleReport(configuration: .debug).withWarnings(), check: nil)
        #expect(debug.contains("> **WARNING: DEBUG BUILD"))
    }

    @Test func chartsAreWellFormedSVG() throws {
        for report in [
            sampleReport(),
            Report(
                environment: sampleReport().environment, run: sampleReport().run,
                warnings: [], scenarios: []),
        ] {
            for svg in [LatencyChart.svg(for: report), ScalingChart.svg(for: report)] {
                let parser = XMLParser(data: Data(svg.utf8))
                #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
                #expect(svg.contains("<svg"))
            }
        }
        let latency = LatencyChart.svg(for: sampleReport())
        // A panel per scenario, titled by it, its rows by the metric.
        #expect(latency.contains(">fling</text>") && latency.contains(">frame-time</text>"))
        let scaling = ScalingChart.svg(for: sampleReport())
        #expect(scaling.contains("per-frame time (p50)") && scaling.contains("virtualised"))
        #expect(LatencyChart.svg(for: sampleReport(configuration: .debug)).contains("DEBUG BUILD"))
    }

    @Test func formattingIsStable() {
        #expect(Format.integer(1_234_567) == "1,234,567")
        #expect(Format.integer(-1_000) == "-1,000")
        #expect(Format.nanoseconds(20) == "20 ns")
        #expect(Format.nanoseconds(1_250) == "1.25 µs")
        #expect(Format.nanoseconds(42_000_000) == "42 ms")
        #expect(Format.nanoseconds(3_100_000_000) == "3.10 s")
        #expect(Format.bytes(512) == "512 B")
        #expect(Format.bytes(1_536) == "1.50 KiB")
        #expect(Format.number(8.19) == "8.19")
        #expect(Format.number(0.0289) == "0.0289")
    }
}

extension Report {
    func withWarnings() -> Report {
        var copy = self
        copy.warnings = Report.warnings(
            buildConfiguration: environment.buildConfiguration,
            probe: NoAllocationProbe())
        return copy
    }
}

#if canImport(FoundationXML)
    import FoundationXML
#endif
