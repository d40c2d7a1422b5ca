import Foundation
import Testing

@testable import BenchCLI
@testable import BenchGate
@testable import BenchInstruments
@testable import BenchReports
@testable import BenchSuite

/// Issue 29, items 2 and 12: the strict JSON scanner of the thresholds file
/// neither overflows the stack on deep nesting nor lets a key spelt with
/// escapes slip past the duplicate-key check.
@Suite("Strict JSON input")
struct StrictInputTests {
    /// `[` × depth then `]` × depth.
    static func nested(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }

    @Test func deepNestingIsRefusedWithoutRecursingThroughIt() {
        for text in [Self.nested(50_000), "{\"a\": " + Self.nested(50_000) + "}", Self.nested(513)] {
            do {
                _ = try Thresholds.parse(Data(text.utf8))
                Issue.record("accepted \(text.count) bytes")
            } catch {
                #expect(error.description.contains("nested more than 512 levels deep"), "\(error.description)")
                #expect(!error.description.contains("\n"))
                #expect(error.description.count < 200)
            }
        }
        // 512 levels are within the cap: the document is then judged on its
        // shape (not an object), not its depth.
        #expect(throws: ThresholdsError.invalid("not a JSON object")) {
            try Thresholds.parse(Data(Self.nested(512).utf8))
        }
    }

    @Test func checkAndCompareRefuseADeepThresholdsFileWithStatusTwo() throws {
        let files = try CompareFiles()
        try Self.nested(50_000).write(toFile: files.thresholds, atomically: true, encoding: .utf8)
        let result = files.compare()
        #expect(result.status == 2)
        #expect(result.errors.hasPrefix("bench: error: \(files.thresholds): document: arrays and objects nested"))
        #expect(result.errors.split(separator: "\n").count == 1)

        let errors = StringSink()
        let app = BenchApp(
            registry: ScenarioRegistry([]), probe: NoAllocationProbe(), buildConfiguration: .release,
            environment: [:], output: StringSink(), errors: errors)
        #expect(app.run(["bench", "check", "--report", files.report, "--thresholds", files.thresholds]) == 2)
        #expect(errors.text.hasPrefix("bench: error: \(files.thresholds): document: arrays and objects nested"))

        // A deep report or baseline is refused by the decoder's own cap.
        try Self.nested(50_000).write(toFile: files.report, atomically: true, encoding: .utf8)
        #expect(throws: ReportError.self) { try Report.load(path: files.report) }
        #expect(throws: ReportError.self) { try Baseline.load(path: files.report) }
    }

    @Test(arguments: [
        (#"{ "scenario": "s", "metric": "m", "equals": 0, "equ\u0061ls": 5 }"#, #"duplicate key "equals""#),
        (#"{ "scenario": "s", "metric": "m", "max": 1, "\u006dax": 2 }"#, #"duplicate key "max""#),
        (#"{ "scenario": "s", "metric": "m", "max": 1, "m\u0041x": 2 }"#, #"unknown field "mAx""#),
        (#"{ "scenario": "s", "metric": "m", "max": 1, "\/max": 2 }"#, #"unknown field "/max""#),
        (#"{ "scenario": "s", "metric": "m", "max": 1, "a\nb": 2, "a\u000ab": 3 }"#, #"duplicate key 'a\nb'"#),
        (#"{ "scenario": "s", "metric": "m", "max": 1, "\ud83d\ude00": 2, "😀": 3 }"#, "duplicate key '\\u{1f600}'"),
    ])
    func keysAreComparedAfterUnescaping(_ limit: String, _ message: String) {
        let json = #"{ "schemaVersion": 1, "limits": ["# + limit + "] }"
        do {
            _ = try Thresholds.parse(Data(json.utf8))
            Issue.record("accepted: \(json)")
        } catch {
            #expect(error.description.hasPrefix("limits[0]: " + message), "\(error.description)")
        }
    }

    @Test func anUnknownFieldIsNamedOnOneEscapedLine() {
        // The key decodes to ESC [ 2 J and a line feed: neither may reach the
        // terminal as it is.
        let json =
            #"{ "schemaVersion": 1, "limits": [{ "scenario": "s", "metric": "m", "max": 1, "\u001b[2J\nx": 2 }] }"#
        #expect(throws: ThresholdsError.invalid(#"limits[0]: unknown field '\u{1b}[2J\nx'"#)) {
            try Thresholds.parse(Data(json.utf8))
        }
    }

    @Test func escapedStringsStillParse() throws {
        let json =
            #"{ "schemaVersion": 1, "limits": [{ "sc\u0065nario": "fl\u00efng \"q\" \\ \/", "metric": "m", "max": 1, "why": "\ud83d\ude00\t\n" }] }"#
        let limits = try Thresholds.parse(Data(json.utf8))
        #expect(limits.limits[0].scenario == "flïng \"q\" \\ /")
    }
}
