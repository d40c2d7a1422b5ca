import Foundation
import SourceFingerprint
import Testing

@testable import BenchCLI
@testable import BenchGate
@testable import BenchInstruments
@testable import BenchReports
@testable import BenchSuite

@Suite("the engine sources a bench measures")
struct SourceFingerprintTests {
    /// A package-shaped tree with two engine files and one test-support file.
    func makeTree() throws -> URL {
        let root = URL(fileURLWithPath: temporaryDirectory())
        let manager = FileManager.default
        for folder in ["Sources/TabStripCore/Strip", "Tests/TabStripTestSupport", "Tests/Other"] {
            try manager.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data("struct A {}\n".utf8).write(to: root.appendingPathComponent("Sources/TabStripCore/A.swift"))
        try Data("struct B {}\n".utf8).write(
            to: root.appendingPathComponent("Sources/TabStripCore/Strip/B.swift"))
        try Data("struct M {}\n".utf8).write(
            to: root.appendingPathComponent("Tests/TabStripTestSupport/M.swift"))
        return root
    }

    @Test func everyEditOfAnEngineFileChangesTheFingerprint() throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let original = try SourceFingerprint.ofSources(at: root)
        #expect(original.fileCount == 3)
        #expect(try SourceFingerprint.ofSources(at: root) == original, "the same files, the same fingerprint")

        let b = root.appendingPathComponent("Sources/TabStripCore/Strip/B.swift")
        try Data("struct B { }\n".utf8).write(to: b)
        let edited = try SourceFingerprint.ofSources(at: root)
        #expect(edited != original, "one byte of an engine file")
        try Data("struct B {}\n".utf8).write(to: b)
        #expect(try SourceFingerprint.ofSources(at: root) == original, "the edit undone")

        let support = root.appendingPathComponent("Tests/TabStripTestSupport/M.swift")
        try Data("struct M {}\n\n".utf8).write(to: support)
        #expect(try SourceFingerprint.ofSources(at: root) != original, "the test support the harness links")
        try Data("struct M {}\n".utf8).write(to: support)

        try FileManager.default.moveItem(at: b, to: root.appendingPathComponent("Sources/TabStripCore/B.swift"))
        #expect(try SourceFingerprint.ofSources(at: root) != original, "a file moved")
        try FileManager.default.moveItem(at: root.appendingPathComponent("Sources/TabStripCore/B.swift"), to: b)

        let added = root.appendingPathComponent("Sources/TabStripCore/C.swift")
        try Data().write(to: added)
        #expect(try SourceFingerprint.ofSources(at: root).fileCount == 4, "an empty file added")
        #expect(try SourceFingerprint.ofSources(at: root) != original)
        try FileManager.default.removeItem(at: added)

        try Data("notes\n".utf8).write(to: root.appendingPathComponent("Sources/TabStripCore/notes.md"))
        try Data("struct O {}\n".utf8).write(to: root.appendingPathComponent("Tests/Other/O.swift"))
        #expect(
            try SourceFingerprint.ofSources(at: root) == original,
            "files the harness does not compile against do not count")
    }

    @Test func theDescriptionRoundTrips() throws {
        let fingerprint = SourceFingerprint(digest: 0x00ab_cdef_0123_4567, fileCount: 117)
        #expect(fingerprint.description == "fnv1a64:00abcdef01234567/117")
        #expect(SourceFingerprint(fingerprint.description) == fingerprint)
        for bad in ["", "fnv1a64:", "fnv1a64:00abcdef01234567", "fnv1a64:abc/1", "sha:00abcdef01234567/1"] {
            #expect(SourceFingerprint(bad) == nil, "\(bad)")
        }
    }

    @Test func thisBuildWasCompiledFromTheSourcesOnDisk() throws {
        let record = SourceRecord.current()
        #expect(SourceFingerprint(record.compiled) != nil, "\(record.compiled)")
        #expect(record.onDisk == record.compiled, "the harness under test was built from other sources")
        #expect(record.staleness == nil)
    }

    @Test func aRunRefusesToMeasureOtherSources() throws {
        let harness = Harness()
        let status = harness.run(
            ["--quick", "--output", harness.reports],
            sources: SourceRecord(compiled: "fnv1a64:0000000000000001/3", onDisk: "fnv1a64:0000000000000002/3"))
        #expect(status == 2)
        #expect(harness.errors.text.contains("other engine sources than those on disk"), "\(harness.errors.text)")
        #expect(harness.errors.text.contains("fnv1a64:0000000000000002/3"))
        #expect(!FileManager.default.fileExists(atPath: harness.reports + "/latest.json"), "nothing measured")
    }

    @Test func theReportRecordsTheSources() throws {
        let harness = Harness()
        let status = harness.run(["--quick", "--output", harness.reports])
        #expect(status == 0, "\(harness.errors.text)")
        let json = try String(contentsOfFile: harness.reports + "/latest.json", encoding: .utf8)
        let compiled = SourceRecord.current().compiled
        #expect(json.contains(compiled), "latest.json names the fingerprint \(compiled)")
        let markdown = try String(contentsOfFile: harness.reports + "/latest.md", encoding: .utf8)
        #expect(markdown.contains("engine sources"))
    }
}
