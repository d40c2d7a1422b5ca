import BenchInstruments
import BenchSuite
import Foundation

extension EnvironmentRecord {
    /// Gathers the record for a run starting now.
    ///
    /// Reads /proc/cpuinfo, /proc/meminfo and /etc/os-release, calls `uname`, runs `swift --version` and `git` (in the
    /// current directory) and `valgrind --version` as child processes; any of these that fails leaves its field `nil`.
    package static func collect(
        arguments: [String],
        buildConfiguration: BuildConfiguration,
        probe: any AllocationProbe,
        now: Date = Date()
    ) -> EnvironmentRecord {
        EnvironmentRecord(
            cpuModel: cpuModel(),
            logicalCores: ProcessInfo.processInfo.activeProcessorCount,
            memoryBytes: memoryBytes(),
            operatingSystem: operatingSystem(),
            kernel: kernel(),
            swiftCompiler: SwiftCompilerVersion.current,
            swiftToolchain: run("swift", ["--version"])?.split(separator: "\n").first.map(String.init),
            buildConfiguration: buildConfiguration,
            allocator: AllocatorRecord(probe: probe),
            git: gitRecord(),
            date: isoDate(now),
            arguments: arguments,
            valgrind: valgrindVersion(),
            sources: SourceRecord.current()
        )
    }

    /// The first line of `valgrind --version` (`valgrind-3.19.0`), or `nil` when valgrind is not on `PATH`.
    package static func valgrindVersion() -> String? {
        run("valgrind", ["--version"])?.split(separator: "\n").first
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// `date` as ISO 8601 in UTC with seconds (`2025-01-31T12:34:56Z`).
    package static func isoDate(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    static func cpuModel() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    static func memoryBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("MemTotal:") {
            let fields = line.split(separator: " ")
            if fields.count >= 2, let kib = Int(fields[1]) { return kib * 1_024 }
        }
        return nil
    }

    static func operatingSystem() -> String? {
        guard let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("PRETTY_NAME=") {
            var value = line.dropFirst("PRETTY_NAME=".count)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
            return String(value)
        }
        return nil
    }

    static func kernel() -> String? {
        var names = utsname()
        guard uname(&names) == 0 else { return nil }
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
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
