// tabstrip-demo: the TabStrip engine as a terminal tab bar.
//
// Everything testable lives in TerminalDemoKit; this file parses the
// command line, runs headless dumps, and otherwise owns the terminal: raw
// mode, the frame loop (poll with a frame timeout while something moves,
// blocking while idle), input, resizes and signals.

import TerminalDemoKit
import TerminalText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-line error on standard error, exit status 2.
func fail(_ message: String) -> Never {
    let line = Array("tabstrip-demo: \(message)\n".utf8)
    _ = line.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(2)
}

let options: DemoOptions
do {
    options = try DemoOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    fail("\(error)")
}
if options.help {
    print(DemoOptions.helpText)
    exit(0)
}

/// `--events FILE`: each appearance step as a line, written as it happens.
var eventsFile: UnsafeMutablePointer<FILE>?
if let path = options.events {
    guard let file = fopen(path, "w") else { fail("cannot write --events file \(quoted(path))") }
    eventsFile = file
}
let appearance: ((String) -> Void)? = eventsFile.map { file in
    { line in
        fputs(line + "\n", file)
        fflush(file)
    }
}

if options.dump {
    let size = options.size ?? DemoOptions.defaultSize
    do {
        let script = try KeyScript(parsing: options.keys ?? "")
        let run = try HeadlessRun(
            titleCount: options.titleCount, columns: size.columns, rows: size.rows, script: script,
            lazy: options.lazy, appearance: appearance)
        print(run.dump)
    } catch {
        fail("\(error)")
    }
    if let eventsFile { fclose(eventsFile) }
    exit(0)
}

guard isatty(STDOUT_FILENO) == 1 else {
    fail("standard output is not a terminal (use --dump for a plain-text rendering)")
}
guard isatty(STDIN_FILENO) == 1 else { fail("standard input is not a terminal") }
guard let initialSize = Terminal.size() else { fail("cannot read the terminal's size") }

if options.titleCount >= 1_000_000, !options.lazy {
    // Generating and measuring takes a moment; say so on the normal screen.
    let note = Array("building \(grouped(options.titleCount)) tabs…\r".utf8)
    _ = note.withUnsafeBufferPointer { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
}
let app: DemoApp
do {
    app = try DemoApp(
        titleCount: options.titleCount, columns: initialSize.columns, rows: initialSize.rows, lazy: options.lazy,
        appearance: appearance)
} catch {
    fail("\(error)")
}

if options.titleCount >= 1_000_000 { Terminal.writeAll(Array("\r\u{1B}[2K".utf8)) }

let signalPipe = Terminal.installSignalHandlers()
guard signalPipe >= 0 else { fail("cannot create the signal pipe") }
guard Terminal.enter() else { fail("cannot put the terminal in raw mode") }

let clockStart = monotonicSeconds()
func now() -> Double { monotonicSeconds() - clockStart }

var parser = KeyParser()
var previous: ScreenBuffer?
var nextFrame = 0.0
var lastInput = 0.0
var dirty = true
var running = true
var quitSignal: Int32?
var input = [UInt8](repeating: 0, count: 4096)

@MainActor func handle(_ events: [InputEvent]) {
    for event in events where running {
        if !app.handle(event, at: now()) { running = false }
        dirty = true
    }
}

while running {
    let t = now()
    let moving = app.isMoving
    if (moving || dirty) && t >= nextFrame {
        app.frame(at: t)
        let screen = app.render()
        Terminal.writeAll(ScreenDiff.bytes(from: previous, to: screen))
        previous = screen
        nextFrame = t + DemoApp.frameDuration
        dirty = false
        continue
    }
    var timeout: Int32 = -1
    if moving || dirty {
        timeout = Int32(Swift.max(0, ((nextFrame - t) * 1000).rounded(.up)))
    } else if parser.hasPending {
        timeout = 30
    }
    var fds = [
        pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
        pollfd(fd: signalPipe, events: Int16(POLLIN), revents: 0),
    ]
    let ready = poll(&fds, 2, timeout)
    if ready < 0 && errno != EINTR { break }
    if fds[1].revents & Int16(POLLIN) != 0 {
        var byte: UInt8 = 0
        while read(signalPipe, &byte, 1) == 1 {
            let signal = Int32(byte)
            if signal == SIGWINCH {
                if let size = Terminal.size() {
                    app.resize(columns: size.columns, rows: size.rows, at: now())
                    previous = nil
                    dirty = true
                }
            } else {
                quitSignal = signal
                running = false
            }
        }
    }
    if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
        let n = read(STDIN_FILENO, &input, input.count)
        if n > 0 {
            lastInput = now()
            handle(parser.feed(input[0..<n]))
        } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
            running = false
        }
    }
    if running, parser.hasPending, now() - lastInput >= 0.03 {
        handle(parser.flushPendingEscape())
    }
}

Terminal.restore()
if let quitSignal {
    // Die of the signal, as the shell expects.
    signal(quitSignal, SIG_DFL)
    raise(quitSignal)
}
exit(0)
