import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// What the bench must undo when it stops early: the child processes it runs (the baseline build of `bench ab`, valgrind
// in the instruction pass) and the temporary directories it made (`bench-ab-*`, `tabstrip-instructions-*`).
//
// Every child is started through `Interruption.start(_:)`, which registers it; Foundation's `Process` makes each child
// the leader of a process group of its own, so stopping the group stops whatever the child started too. That is also
// why a Ctrl-C typed in the terminal reaches the bench but not its children: the bench has to pass it on.
//
// SIGINT, SIGTERM and SIGHUP (once `installSignalHandlers()` has run, as the `bench` executable does first thing) are
// caught by a handler that only writes the signal's number into a self-pipe (async-signal-safe); a thread reading the
// pipe then does the work in ordinary code: it forwards the signal to every registered child's process group, sends
// SIGKILL to those still alive after `gracePeriod`, removes every registered directory, says what it did in one line on
// standard error, and ends the bench with the signal's default action, so a shell sees the signal as the cause. The
// thread that was waiting for the child stays parked meanwhile: it never goes on to start another child or to write a
// report from an interrupted run.

/// The self-pipe's write end, to which the handler writes one byte naming the signal: set once, before any handler is
/// installed, and only read afterwards (so `nonisolated(unsafe)`).
nonisolated(unsafe) private var interruptionPipeWrite: Int32 = -1

private let interruptionHandler: @convention(c) (Int32) -> Void = { signal in
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(interruptionPipeWrite, &byte, 1)
}

/// The child processes and temporary directories of this process, and what happens to them when a signal ends it (see
/// the comment at the top of this file).
package enum Interruption {
    package static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// How long a child may take to exit after the signal was passed on before it gets SIGKILL: 5 seconds. Valgrind
    /// ends a program in well under a second; a child `bench` stops its own children first.
    package static let gracePeriod = 5.0

    private final class State: @unchecked Sendable {
        // Guarded by `lock`.
        let lock = NSLock()
        var children: Set<Int32> = []
        var directories: Set<String> = []
        var signal: Int32?
        var installed = false
    }

    private static let state = State()

    /// Catches ``signals`` from now on (see the file's comment): a signal stops every registered child's process group,
    /// removes every registered directory and ends the process by the signal. Call it once, from the `bench`
    /// executable; tests driving the harness in-process leave the test runner's signals alone.
    @discardableResult
    package static func installSignalHandlers() -> Bool {
        state.lock.lock()
        defer { state.lock.unlock() }
        if state.installed { return true }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return false }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        interruptionPipeWrite = fds[1]
        let readEnd = fds[0]
        let watcher = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count == 1 { stopEverything(signal: Int32(byte)) }
                if count == 0 || (count < 0 && errno != EINTR) { return }
            }
        }
        watcher.name = "bench-interruption"
        watcher.start()
        // A process inherits the signal mask of the thread that started it
        // (a thread of a test runner, for one): the bench wants these.
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in signals { sigaddset(&mask, signal) }
        _ = pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        for signal in signals { setAction(signal, interruptionHandler, flags: SA_RESTART) }
        state.installed = true
        return true
    }

    /// The signal that is ending the process, or `nil`.
    package static var signal: Int32? { state.lock.withLock { state.signal } }

    /// Starts `process` and registers it as a child to stop on a signal. Starting and registering happen under one
    /// lock, so a signal either sees the child or finds it never started. When a signal is already ending the process,
    /// nothing starts and the calling thread parks (``parkUntilTheEnd()``).
    package static func start(_ process: Process) throws {
        state.lock.lock()
        defer { state.lock.unlock() }
        if state.signal != nil {
            state.lock.unlock()
            parkUntilTheEnd()
        }
        try process.run()
        state.children.insert(process.processIdentifier)
    }

    /// Forgets a child that has been waited for.
    package static func finished(_ process: Process) {
        state.lock.withLock { _ = state.children.remove(process.processIdentifier) }
    }

    /// Creates a fresh directory `parent/prefixUUID` and registers it for removal on a signal; pass it to
    /// ``removeTemporaryDirectory(_:)`` on every other way out. Parks when a signal is already ending the process.
    package static func makeTemporaryDirectory(prefix: String, in parent: String) throws -> String {
        let path = URL(fileURLWithPath: parent, isDirectory: true).appendingPathComponent(prefix + UUID().uuidString)
            .path
        state.lock.lock()
        defer { state.lock.unlock() }
        if state.signal != nil {
            state.lock.unlock()
            parkUntilTheEnd()
        }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        state.directories.insert(path)
        return path
    }

    /// Removes a directory made by ``makeTemporaryDirectory(prefix:in:)`` and forgets it.
    package static func removeTemporaryDirectory(_ path: String) {
        state.lock.withLock {
            try? FileManager.default.removeItem(atPath: path)
            _ = state.directories.remove(path)
        }
    }

    /// Blocks the calling thread for good: a signal is ending the process, and the thread handling it ends it once the
    /// children are stopped and the directories removed.
    static func parkUntilTheEnd() -> Never { while true { Thread.sleep(forTimeInterval: 3_600) } }

    /// Stops the process group led by `pid`: `signal` first, SIGKILL when the group is still there after `grace`
    /// seconds, then waits up to 2 seconds more for it to go.
    @discardableResult
    package static func stopGroup(_ pid: Int32, signal: Int32, grace: Double) -> Bool {
        guard pid > 0 else { return true }
        _ = kill(-pid, signal)
        if waitForGroup(pid, seconds: grace) { return true }
        _ = kill(-pid, SIGKILL)
        return waitForGroup(pid, seconds: 2)
    }

    private static func waitForGroup(_ pid: Int32, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if kill(-pid, 0) != 0 && errno == ESRCH { return true }
            if Date() >= deadline { return false }
            usleep(10_000)
        }
    }

    private static func setAction(_ signal: Int32, _ handler: (@convention(c) (Int32) -> Void)?, flags: Int32) {
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = handler
        #else
            action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = flags
        _ = sigaction(signal, &action, nil)
    }

    private static func stopEverything(signal: Int32) {
        state.lock.lock()
        guard state.signal == nil else {
            state.lock.unlock()
            return
        }
        state.signal = signal
        let children = state.children
        let directories = state.directories
        state.lock.unlock()

        var stopped = 0
        for child in children where stopGroup(child, signal: signal, grace: gracePeriod) { stopped += 1 }
        for directory in directories { try? FileManager.default.removeItem(atPath: directory) }
        let name =
            signal == SIGINT
            ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : signal == SIGHUP ? "SIGHUP" : "signal \(signal)"
        var line = "bench: stopped by \(name)"
        if !children.isEmpty { line += "; \(stopped) of \(children.count) child process groups stopped" }
        if !directories.isEmpty { line += "; \(directories.count) temporary directories removed" }
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        setAction(signal, SIG_DFL, flags: 0)
        _ = kill(getpid(), signal)
        // The default action of every signal in `signals` ends the process;
        // should it be delayed, nothing else may run meanwhile.
        parkUntilTheEnd()
    }
}
