import BenchInstruments
import BenchSuite
import Foundation

extension EnvironmentRecord {
    /// Gathers the record for a run starting now.
    ///
    /// Reads /proc/cpuinfo, /proc/meminfo and /etc/os-release, calls `uname`, runs `swift --version` and `git` (in the
    /// current directory) and `valgrind --version` as child processes; any of these that fails leaves its field `nil`.
    package static func collect(
        arguments: [String], buildConfiguration: BuildConfiguration, probe: any AllocationProbe, now: Date = Date()
    ) -> EnvironmentRecord {
        EnvironmentRecord(
            cpuModel: cpuModel(), logicalCores: ProcessInfo.processInfo.activeProcessorCount,
            memoryBytes: memoryBytes(), operatingSystem: operatingSystem(), kernel: kernel(),
            swiftCompiler: SwiftCompilerVersion.current,
            swiftToolchain: run("swift", ["--version"])?.split(separator: "\n").first.map(String.init),
            buildConfiguration: buildConfiguration, allocator: AllocatorRecord(probe: probe), git: gitRecord(),
            date: isoDate(now), arguments: arguments,
            valgrind: run("valgrind", ["--version"])?.split(separator: "\n").first
                .map { $0.trimmingCharacters(in: .whitespaces) }, sources: SourceRecord.current())
    }

    /// `date` as ISO 8601 in UTC with seconds (`2025-01-31T12:34:56Z`).
    package static func isoDate(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    /// The rest of the first line of the file at `path` that starts with `prefix`, or `nil`.
    static func line(in path: String, after prefix: String) -> Substring? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix(prefix) }?.dropFirst(prefix.count)
    }

    static func cpuModel() -> String? {
        line(in: "/proc/cpuinfo", after: "model name")?.drop { $0 != ":" }.dropFirst()
            .trimmingCharacters(in: .whitespaces)
    }

    static func memoryBytes() -> Int? {
        line(in: "/proc/meminfo", after: "MemTotal:")?.split(separator: " ").first.flatMap { Int($0) }.map {
            $0 * 1_024
        }
    }

    static func operatingSystem() -> String? {
        guard var value = line(in: "/etc/os-release", after: "PRETTY_NAME=") else { return nil }
        if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
        return String(value)
    }

    static func kernel() -> String? {
        var names = utsname()
        guard uname(&names) == 0 else { return nil }
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return "\(text(names.sysname)) \(text(names.release))"
    }

    static func gitRecord() -> GitRecord? {
        guard let head = run("git", ["rev-parse", "HEAD"]) else { return nil }
        let commit = head.trimmingCharacters(in: .whitespacesAndNewlines)
        guard commit.count >= 40 else { return nil }
        let status = run("git", ["status", "--porcelain", "--untracked-files=normal", "--", ".", ":(exclude)Reports"])
        return GitRecord(commit: commit, dirty: !(status ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    }

    /// Runs a program found on `PATH` and returns its standard output, or `nil` when it cannot be started, exits
    /// non-zero or runs longer than a minute (``ChildProcess/output(of:arguments:timeout:)``).
    static func run(_ program: String, _ arguments: [String]) -> String? {
        ChildProcess.output(of: "/usr/bin/env", arguments: [program] + arguments)
    }
}
