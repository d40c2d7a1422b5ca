import Foundation

/// The `valgrind` executable the instruction pass runs, and its version.
package struct Valgrind: Sendable, Equatable {
    /// Absolute path of the executable.
    package var path: String
    /// What `valgrind --version` printed (`valgrind-3.19.0`).
    package var version: String

    /// Creates a record.
    package init(path: String, version: String) {
        self.path = path
        self.version = version
    }

    /// Finds an executable `valgrind` in the directories of `searchPath`
    /// (colon-separated, like `PATH`) and asks it for its version.
    /// Returns `nil` when there is none, or when it does not answer
    /// `--version` with a line starting `valgrind`.
    /// - Complexity: one `stat` per directory, then one short process.
    package static func locate(searchPath: String) -> Valgrind? {
        for directory in searchPath.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/valgrind"
            guard FileManager.default.isExecutableFile(atPath: candidate) else { continue }
            guard let output = ChildProcess.output(of: candidate, arguments: ["--version"]),
                let line = output.split(separator: "\n").first, line.hasPrefix("valgrind")
            else { return nil }
            return Valgrind(path: candidate, version: String(line))
        }
        return nil
    }
}

/// Running another program and waiting for it (the instruction pass's
/// child, `valgrind --version`).
enum ChildProcess {
    /// What a finished process left behind.
    struct Outcome {
        /// The exit status, or the signal that ended it (then `signalled`).
        var status: Int32
        /// Whether a signal ended it.
        var signalled: Bool
    }

    /// Runs `path` with `arguments` and `environment` (the parent's when
    /// `nil`) in `directory` (the parent's when `nil`), standard output into
    /// the file `stdout` and standard error into `stderr` (both created or
    /// truncated), calling `poll` every `interval` seconds until it exits.
    /// - Throws: when the program cannot be started or a file cannot be
    ///   created.
    /// - Complexity: the child's run time; `poll` runs about once per
    ///   `interval`.
    static func run(
        _ path: String, arguments: [String], environment: [String: String]?, directory: String? = nil,
        stdout: String, stderr: String, interval: Double = 0.25,
        poll: () -> Void = {}
    ) throws -> Outcome {
        let manager = FileManager.default
        guard manager.createFile(atPath: stdout, contents: nil), manager.createFile(atPath: stderr, contents: nil),
            let output = FileHandle(forWritingAtPath: stdout), let errors = FileHandle(forWritingAtPath: stderr)
        else {
            throw CocoaError(.fileWriteUnknown)
        }
        defer {
            try? output.close()
            try? errors.close()
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory, isDirectory: true) }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        while process.isRunning {
            Thread.sleep(forTimeInterval: interval)
            poll()
        }
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal)
    }

    /// The standard output of `path arguments` when it exits with status
    /// 0, else `nil`.
    /// - Complexity: the program's run time.
    static func output(of path: String, arguments: [String]) -> String? {
        let directory = NSTemporaryDirectory() + "tabstrip-child-\(UUID().uuidString)"
        guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil
        else {
            return nil
        }
        defer { try? FileManager.default.removeItem(atPath: directory) }
        guard
            let outcome = try? run(
                path, arguments: arguments, environment: nil, stdout: directory + "/out",
                stderr: directory + "/err", interval: 0.01),
            outcome.status == 0, !outcome.signalled,
            let data = FileManager.default.contents(atPath: directory + "/out")
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The path of the running executable (`/proc/self/exe` on Linux), or
    /// `nil` when it cannot be found.
    static var currentExecutable: String? {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return Bundle.main.executablePath
    }
}
