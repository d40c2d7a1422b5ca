import Foundation
import TerminalText
import Testing

@testable import BenchCLI
@testable import BenchGate
@testable import BenchInstruments
@testable import BenchReports
@testable import BenchSuite

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
        #expect(quoted("a\u{1B}[2Jb'\\") == "'a\\u{1b}[2Jb\\'\\\\'")
        #expect(!quoted("\u{7}\r\n").unicodeScalars.contains { $0.value < 0x20 })
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

/// Issue 29 (11): every child process the bench starts (a build `bench ab`
/// runs, valgrind in the instruction pass) has a time limit, a signal to the
/// bench reaches it, and no temporary directory outlives the bench. The
/// children here are shell scripts that hang, each writing its pid and the
/// pid of a `sleep` it started (same process group) to a file, so the tests
/// can tell whether anything is left running.
@Suite("Child processes")
struct ChildProcessTests {
    /// A scratch directory: `bin/` (the fakes), `tmp/` (the TMPDIR of the
    /// bench under test), `pids` (what the fakes started) and `dirs` (the
    /// callgrind directories the fake valgrind was given).
    struct Scratch {
        let root: String
        var bin: String { root + "/bin" }
        var tmp: String { root + "/tmp" }
        var pids: String { root + "/pids" }
        var dirs: String { root + "/dirs" }

        init() throws {
            root = try HarnessReliabilityTests.scratch().path
            for directory in [bin, tmp] {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
        }

        /// A script that hangs: records its pid and its `sleep`'s pid, and
        /// waits. `ignoringTerm`: it (and the sleep) ignore SIGTERM.
        func hangingScript(_ name: String, ignoringTerm: Bool = false, valgrind: Bool = false) throws -> String {
            let path = bin + "/" + name
            var script = "#!/bin/sh\n"
            if valgrind {
                script += """
                    if [ "$1" = "--version" ]; then echo valgrind-3.19.0; exit 0; fi
                    for a in "$@"; do
                      case "$a" in --callgrind-out-file=*) dirname "${a#--callgrind-out-file=}" >> \(dirs);; esac
                    done

                    """
            }
            if ignoringTerm { script += "trap '' TERM\n" }
            script += "echo $$ >> \(pids)\nsleep 1000 &\necho $! >> \(pids)\nwait\n"
            try script.write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
            return path
        }

        /// The pids the fakes wrote.
        var startedPids: [Int32] {
            ((try? String(contentsOfFile: pids, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
                Int32($0)
            }
        }

        /// The pids the fakes wrote that still run (zombies count as gone).
        var running: [Int32] { startedPids.filter(Self.isRunning) }

        /// What is left in `tmp/` (the bench's and its children's).
        var leftovers: [String] { (try? FileManager.default.contentsOfDirectory(atPath: tmp)) ?? [] }

        static func isRunning(_ pid: Int32) -> Bool {
            guard kill(pid, 0) == 0 else { return false }
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            guard let close = stat.lastIndex(of: ")") else { return true }
            return !stat[close...].dropFirst(2).hasPrefix("Z")
        }

        /// Waits until the fakes wrote `count` pids; `false` after `seconds`.
        func waitForPids(_ count: Int, seconds: Double) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while startedPids.count < count {
                if Date() >= deadline { return false }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return true
        }

        /// Kills whatever the fakes left (so a failing test leaves nothing
        /// either) and removes the directory.
        func remove() {
            for pid in startedPids { kill(pid, SIGKILL) }
            try? FileManager.default.removeItem(atPath: root)
        }
    }

    /// Starts the built `bench` with `arguments`, `bin/` first on its PATH
    /// and `tmp/` as its TMPDIR; standard error goes to `root/stderr`.
    func startBench(_ arguments: [String], in scratch: Scratch) throws -> Process {
        let bench = try #require(InstructionTools.bench, "the bench executable is not built next to the tests")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: bench)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = scratch.bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["TMPDIR"] = scratch.tmp
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        #expect(FileManager.default.createFile(atPath: scratch.root + "/stderr", contents: nil))
        process.standardError = FileHandle(forWritingAtPath: scratch.root + "/stderr")
        try process.run()
        return process
    }

    /// Waits up to `seconds` for `process` to end; kills it when it does not.
    func waitForExit(_ process: Process, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning {
            if Date() >= deadline {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return false
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return true
    }

    @Test func aHungBaselineBuildIsStoppedAfterTheTimeout() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // The baseline hangs ignoring SIGTERM (so SIGKILL must follow); the
        // current build is never reached.
        let hung = try scratch.hangingScript("hung-bench", ignoringTerm: true)
        let output = StringSink()
        let errors = StringSink()
        let app = BenchApp(
            registry: ScenarioRegistry([]), probe: NoAllocationProbe(), buildConfiguration: .release,
            environment: ["TMPDIR": scratch.tmp], output: output, errors: errors)
        let start = Date()
        let status = app.run(["bench", "ab", hung, "--current", hung, "--rounds", "2", "--timeout", "1"])
        let elapsed = Date().timeIntervalSince(start)
        #expect(status == 2)
        #expect(
            errors.text.hasSuffix(
                "bench: error: \(hung): ran longer than 1 s in round 1 and was stopped (--timeout S allows longer)\n"),
            "\(errors.text)")
        #expect(elapsed < 1 + Interruption.gracePeriod + 3, "\(elapsed) s")
        #expect(scratch.startedPids.count == 2)
        #expect(scratch.running.isEmpty, "still running: \(scratch.running)")
        #expect(scratch.leftovers.isEmpty, "left in TMPDIR: \(scratch.leftovers)")
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalDuringBenchABStopsTheBuildAndRemovesTheScratch(_ signal: Int32) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let hung = try scratch.hangingScript("hung-bench")
        let bench = try startBench(["ab", hung, "--current", hung, "--rounds", "2"], in: scratch)
        #expect(scratch.waitForPids(2, seconds: 30), "the baseline build never started")
        #expect(scratch.leftovers.contains { $0.hasPrefix("bench-ab-") })
        kill(bench.processIdentifier, signal)
        #expect(waitForExit(bench, seconds: 20), "bench did not end")
        #expect(bench.terminationReason == .uncaughtSignal && bench.terminationStatus == signal)
        let errors = (try? String(contentsOfFile: scratch.root + "/stderr", encoding: .utf8)) ?? ""
        #expect(errors.contains("bench: stopped by \(signal == SIGINT ? "SIGINT" : "SIGTERM")"), "\(errors)")
        #expect(scratch.running.isEmpty, "still running: \(scratch.running)")
        #expect(scratch.leftovers.isEmpty, "left in TMPDIR: \(scratch.leftovers)")
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalDuringTheInstructionPassStopsValgrindAndRemovesItsDirectory(_ signal: Int32) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.hangingScript("valgrind", valgrind: true)
        let bench = try startBench(
            ["--quick", "--filter", "instructions", "--allow-debug", "--output", scratch.root + "/reports"], in: scratch
        )
        #expect(scratch.waitForPids(2, seconds: 60), "valgrind never started")
        let directories = ((try? String(contentsOfFile: scratch.dirs, encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(directories.count == 1 && directories[0].contains("/tmp/tabstrip-instructions-"), "\(directories)")
        kill(bench.processIdentifier, signal)
        #expect(waitForExit(bench, seconds: 20), "bench did not end")
        #expect(bench.terminationReason == .uncaughtSignal && bench.terminationStatus == signal)
        #expect(scratch.running.isEmpty, "still running: \(scratch.running)")
        #expect(scratch.leftovers.isEmpty, "left in TMPDIR: \(scratch.leftovers)")
        #expect(!FileManager.default.fileExists(atPath: scratch.root + "/reports/latest.json"))
    }

    @Test func aHungValgrindIsStoppedAfterTheTimeout() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.hangingScript("valgrind", valgrind: true)
        let scenario = InstructionScenario(searchPath: scratch.bin, timeout: 1)
        let parameters = scenario.parameters(for: RunConfiguration(mode: .quick, seed: 1))
        #expect(parameters.valgrind?.path == scratch.bin + "/valgrind")
        #expect(throws: ScenarioError("instructions: the child under valgrind ran longer than 1 s and was stopped")) {
            _ = try run(scenario, parameters)
        }
        #expect(scratch.startedPids.count == 2)
        #expect(scratch.running.isEmpty, "still running: \(scratch.running)")
        let directory = ((try? String(contentsOfFile: scratch.dirs, encoding: .utf8)) ?? "")
            .trimmingCharacters(in: .newlines)
        #expect(directory.contains("tabstrip-instructions-"))
        #expect(!FileManager.default.fileExists(atPath: directory))
    }
}
