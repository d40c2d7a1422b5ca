import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Running another program and waiting for it, for at most a given time: the instruction pass's child under valgrind,
/// `valgrind --version`, and the builds `bench ab` runs. Every child is registered with ``Interruption``, so a signal
/// to the bench stops it too.
package enum ChildProcess {
    /// What a finished process left behind.
    package struct Outcome {
        package var status: Int32
        package var signalled: Bool
        /// Whether it ran out of time and was stopped (then `status` and `signalled` say how it ended).
        package var timedOut = false
    }

    /// Runs `path` with `arguments` and `environment` (the parent's when `nil`) in `directory` (the parent's when
    /// `nil`), standard output into the file `stdout` (discarded when `nil`) and standard error into `stderr` (both
    /// created or truncated), calling `poll` every `interval` seconds until it exits.
    ///
    /// When it runs longer than `timeout` seconds, its process group gets SIGTERM, then SIGKILL after
    /// ``Interruption/gracePeriod``, and the outcome says `timedOut`. When a signal stops the bench meanwhile
    /// (``Interruption``), this never returns: the thread handling the signal stops the child and ends the process.
    package static func run(
        _ path: String, arguments: [String], environment: [String: String]?, directory: String? = nil, stdout: String?,
        stderr: String, timeout: Double, interval: Double = 0.25, poll: () -> Void = {}
    ) throws -> Outcome {
        let manager = FileManager.default
        guard stdout.map({ manager.createFile(atPath: $0, contents: nil) }) ?? true,
            manager.createFile(atPath: stderr, contents: nil),
            let output = stdout.map({ FileHandle(forWritingAtPath: $0) }) ?? FileHandle.nullDevice,
            let errors = FileHandle(forWritingAtPath: stderr)
        else { throw CocoaError(.fileWriteUnknown) }
        defer {
            if stdout != nil { try? output.close() }
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
        try Interruption.start(process)
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while process.isRunning {
            Thread.sleep(forTimeInterval: min(interval, max(0.001, deadline.timeIntervalSinceNow)))
            poll()
            if process.isRunning, Date() >= deadline {
                timedOut = true
                Interruption.stopGroup(process.processIdentifier, signal: SIGTERM, grace: Interruption.gracePeriod)
                break
            }
        }
        if Interruption.signal != nil { Interruption.parkUntilTheEnd() }
        process.waitUntilExit()
        Interruption.finished(process)
        return Outcome(
            status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
            timedOut: timedOut)
    }

    /// The standard output of `path arguments` when it exits with status 0 within `timeout` seconds, else `nil`. The
    /// program runs with the bench's environment, except that its `TMPDIR` is a directory of its own, removed
    /// afterwards (`swift --version` leaves an empty `TemporaryDirectory.*` in its `TMPDIR` on every call).
    package static func output(of path: String, arguments: [String], timeout: Double = 60) -> String? {
        guard
            let directory = try? Interruption.makeTemporaryDirectory(
                prefix: "tabstrip-child-", in: NSTemporaryDirectory())
        else { return nil }
        defer { Interruption.removeTemporaryDirectory(directory) }
        let scratch = directory + "/tmp"
        guard (try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: false)) != nil
        else { return nil }
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = scratch
        guard
            let outcome = try? run(
                path, arguments: arguments, environment: environment, stdout: directory + "/out",
                stderr: directory + "/err", timeout: timeout, interval: 0.01), outcome.status == 0, !outcome.signalled,
            !outcome.timedOut, let data = FileManager.default.contents(atPath: directory + "/out")
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The path of the running executable (`/proc/self/exe` on Linux), or `nil` when it cannot be found.
    package static var currentExecutable: String? {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return Bundle.main.executablePath
    }
}
