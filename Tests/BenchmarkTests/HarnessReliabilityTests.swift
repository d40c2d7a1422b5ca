import Foundation
import Testing

@testable import BenchmarkHarness

/// The CLI family of issue 9: numbers of any size print, inputs are read
/// strictly, messages quote at most a bounded, escaped excerpt, and a file
/// set is written as a whole or not at all.
@Suite("Harness reliability")
struct HarnessReliabilityTests {
    @Test(arguments: [9.3e18, -9.3e18, 1e20, 1e300, Double.greatestFiniteMagnitude, 1e15, 999_999_999_999_999])
    func everyFiniteNumberPrints(_ value: Double) {
        let text = Format.number(value)
        #expect(!text.isEmpty && text != "inf" && text != "NaN")
        // Three significant digits (the largest Double prints as 1.8e+308,
        // which reads back as infinity, hence the cap on the check).
        if value.magnitude < 1e308 {
            #expect(
                Double(text.replacingOccurrences(of: ",", with: "")).map { abs($0 - value) <= abs(value) * 1e-2 }
                    == true, "\(text)")
        }
        #expect(!Format.nanoseconds(value).isEmpty && !Format.bytes(value).isEmpty)
    }

    @Test func aNulByteDoesNotEndANumber() {
        #expect(throws: InputError("w.txt:1: not a number: '5\\0garbage'")) {
            try NumberFile.parse("5\u{0}garbage\n", path: "w.txt", domain: .widths)
        }
    }

    @Test func excerptsAreBoundedAndEscaped() throws {
        let line = String(repeating: "x", count: 1_000_000) + "\n"
        do {
            _ = try NumberFile.parse(line, path: "w.txt", domain: .widths)
            Issue.record("accepted")
        } catch {
            #expect(error.message.count < 200, "\(error.message.prefix(300))")
            #expect(error.message.contains("(1000000 characters)"))
        }
        #expect(Excerpt.quote("a\u{1B}[2Jb'\\") == "'a\\u{1b}[2Jb\\'\\\\'")
        #expect(!Excerpt.quote("\u{7}\r\n").unicodeScalars.contains { $0.value < 0x20 })
    }

    static let validLimit = #"{ "scenario": "fling", "metric": "cells-created", "max": 24 }"#

    @Test(arguments: [
        (#"{ "schemaVersion": 1, "limits": [] }"#, "limits: empty"),
        ("{ \"schemaVersion\": 1, \"limits\": [\(validLimit), \(validLimit)] }", "limits[1]: duplicate of limits[0]"),
        (
            #"{ "schemaVersion": 1, "limits": [{ "scenario": "fling", "metric": "m", "max": 1, "max": 2 }] }"#,
            "limits[0]: duplicate key \"max\""
        ),
        (#"{ "schemaVersion": 1, "schemaVersion": 1, "limits": [] }"#, "document: duplicate key \"schemaVersion\""),
        (
            #"{ "schemaVersion": 1, "limits": [{ "scenario": "fling", "metric": "m", "min": 5, "max": 2 }] }"#,
            "limits[0]: min 5 is above max 2"
        ),
        (
            #"{ "schemaVersion": 1, "limits": [{ "scenario": "fling", "metric": "m", "equals": 5, "max": 2 }] }"#,
            "limits[0]: equals 5 with min or max"
        ),
        (
            #"{ "schemaVersion": 1, "limits": [\#(validLimit), { "scenario": "fling", "metric": "m", "max": 1e400 }] }"#,
            "limits[1].max: '1e400' is out of range"
        ),
    ])
    func thresholdsAreStrict(_ json: String, _ message: String) {
        do {
            _ = try Thresholds.parse(Data(json.utf8))
            Issue.record("accepted: \(json)")
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    @Test func hugeThresholdsPrint() throws {
        let limits = try Thresholds.parse(
            Data(#"{ "schemaVersion": 1, "limits": [{ "scenario": "s", "metric": "m", "max": 1e20 }] }"#.utf8))
        #expect(limits.limits[0].boundText.contains("1e+20"))
    }

    // MARK: File sets

    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "harness-reliability-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func leftovers(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".tmp") }
    }

    @Test func aBadTargetAnywhereReplacesNothing() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.txt").path
        let b = dir.appendingPathComponent("b").path
        try "old a".write(toFile: a, atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: b, withIntermediateDirectories: true)
        var set = AtomicFileSet()
        #expect(throws: FileError.cannotWrite(path: b, reason: "is a directory")) {
            try set.stage(Data("new a".utf8), at: a)
            try set.stage(Data("new b".utf8), at: b)
            try set.commit()
        }
        set.discard()
        #expect(try String(contentsOfFile: a, encoding: .utf8) == "old a")
        #expect(try Self.leftovers(dir).isEmpty)
    }

    @Test func linksAreWrittenThroughAndDevicesWrittenTo() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("target.txt").path
        let link = dir.appendingPathComponent("link.txt").path
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try AtomicFileSet.write("new", to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
        try AtomicFileSet.write("discarded", to: "/dev/null")
        var info = stat()
        #expect(lstat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
        #expect(try Self.leftovers(dir).isEmpty)
    }

    @Test func rangesOutMayNotBeAnInput() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let widths = dir.appendingPathComponent("w.txt").path
        let offsets = dir.appendingPathComponent("o.txt").path
        try "10\n20\n".write(toFile: widths, atomically: false, encoding: .utf8)
        try "0\n5\n".write(toFile: offsets, atomically: false, encoding: .utf8)
        #expect(BenchApp.sameFile(offsets, dir.appendingPathComponent("./o.txt").path))
        #expect(!BenchApp.sameFile(offsets, widths))
    }
}
