#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Terminal I/O for the live demo: raw mode, the alternate screen, mouse
// reporting, the window size, and restoring all of it on every way out.
//
// Signal handlers may only touch async-signal-safe things, so what they need
// is kept in plain globals set up *before* any handler is installed (their
// lazy initialisation has then already run, and a handler only reads them):
// the saved terminal attributes, a preformatted restore sequence, and the
// write end of the self-pipe the main loop polls. `nonisolated(unsafe)` is
// justified for exactly these: they are written once on the main thread
// before the handlers exist, and only read afterwards (the flag
// `terminalIsRaw` is also cleared by the main thread after restoring, and a
// handler racing with that restores twice, which is harmless).

/// The attributes the terminal had before raw mode.
nonisolated(unsafe) private var savedAttributes = termios()
/// Whether raw mode and the alternate screen are on.
nonisolated(unsafe) private var terminalIsRaw = false
/// The bytes that undo the setup (SGR, mouse, autowrap, cursor, screen).
nonisolated(unsafe) private var restoreBytes: UnsafeMutablePointer<UInt8>?
nonisolated(unsafe) private var restoreCount = 0
/// The self-pipe's write end; handlers write one byte naming the signal.
nonisolated(unsafe) private var signalPipeWrite: Int32 = -1
/// The actions that were installed before ours, to re-raise crashes through.
nonisolated(unsafe) private var previousActions: UnsafeMutablePointer<sigaction>?

private let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?1000h\u{1B}[?1006h\u{1B}[2J"
private let restoreSequence = "\u{1B}[0m\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

/// The signals after which the demo restores the terminal and dies as the
/// signal would have it.
let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE, SIGTRAP]
/// The signals the main loop turns into a clean quit.
let quitSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

/// Restores the terminal using async-signal-safe calls only (`write`,
/// `tcsetattr`).
private func restoreFromAnywhere() {
    guard terminalIsRaw else { return }
    terminalIsRaw = false
    if let restoreBytes {
        var done = 0
        while done < restoreCount {
            let n = write(STDOUT_FILENO, restoreBytes + done, restoreCount - done)
            if n > 0 { done += n } else if n < 0 && errno == EINTR { continue } else { break }
        }
    }
    var attributes = savedAttributes
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &attributes)
}

/// Fatal signals: restore the terminal, run the action that was installed
/// before ours (the Swift runtime's crash report, if any), then die of the
/// signal with its default action. The previous handler is called directly
/// rather than re-raised to: a handler that returns (as the runtime's does,
/// expecting a fault to recur) would otherwise let a `kill -SEGV` resume
/// the program on a restored terminal.
private let crashHandler: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = {
    signal, info, context in
    restoreFromAnywhere()
    if let previousActions {
        let previous = previousActions[Int(signal)]
        if previous.sa_flags & SA_SIGINFO != 0, let handler = previous.__sigaction_handler.sa_sigaction {
            handler(signal, info, context)
        } else if let handler = previous.__sigaction_handler.sa_handler, unsafeBitCast(handler, to: Int.self) > 1 {
            handler(signal) // 0 and 1 are SIG_DFL and SIG_IGN
        }
    }
    var fallback = sigaction()
    fallback.__sigaction_handler.sa_handler = nil // SIG_DFL
    sigemptyset(&fallback.sa_mask)
    _ = sigaction(signal, &fallback, nil)
    // Blocked while this handler runs: delivered, fatally, when it returns.
    _ = raise(signal)
}

/// Quit signals and SIGWINCH: tell the main loop through the self-pipe.
private let notifyHandler: @convention(c) (Int32) -> Void = { signal in
    var byte = UInt8(truncatingIfNeeded: signal)
    let saved = errno
    _ = write(signalPipeWrite, &byte, 1)
    errno = saved
}

enum Terminal {
    /// The window size of standard output, if it is a terminal.
    static func size() -> (columns: Int, rows: Int)? {
        var ws = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 else { return nil }
        return (Int(ws.ws_col), Int(ws.ws_row))
    }

    /// Opens the self-pipe and installs the handlers. Returns the pipe's
    /// read end.
    static func installSignalHandlers() -> Int32 {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return -1 }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        signalPipeWrite = fds[1]
        let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        actions.initialize(repeating: sigaction(), count: 65)
        previousActions = actions
        for signal in quitSignals + [SIGWINCH] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = notifyHandler
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            _ = sigaction(signal, &action, nil)
        }
        for signal in crashSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = crashHandler
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_SIGINFO
            _ = sigaction(signal, &action, actions + Int(signal))
        }
        return fds[0]
    }

    /// Raw mode (no echo, no line buffering, no signals from keys, no
    /// output processing of our own bytes), the alternate screen, hidden
    /// cursor, no autowrap, SGR mouse reporting.
    static func enter() -> Bool {
        guard tcgetattr(STDIN_FILENO, &savedAttributes) == 0 else { return false }
        let bytes = Array(restoreSequence.utf8)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        buffer.initialize(from: bytes, count: bytes.count)
        restoreBytes = buffer
        restoreCount = bytes.count
        var raw = savedAttributes
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return false }
        terminalIsRaw = true
        writeAll(Array(enterSequence.utf8))
        return true
    }

    /// Leaves raw mode and the alternate screen (idempotent).
    static func restore() { restoreFromAnywhere() }

    /// Writes all of `bytes` to standard output (one `write` unless the
    /// kernel takes less).
    static func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var done = 0
            while done < buffer.count {
                let n = write(STDOUT_FILENO, base + done, buffer.count - done)
                if n > 0 { done += n } else if n < 0 && (errno == EINTR || errno == EAGAIN) { continue } else { return }
            }
        }
    }
}
