import TerminalText

/// A headless key script: what to press, and how time passes.
///
/// Syntax (also printed by `tabstrip-demo --help`): tokens, optionally
/// separated by spaces.
/// - Any printable character is that key: `b`, `]`, `g`, `4`, `q`…
/// - `→` `←` are the arrows; `⇧→` `⇧←` Shift+arrows.
/// - Named keys in angle brackets: `<right>` `<left>` `<S-right>`
///   `<S-left>` `<home>` `<end>` `<pgup>` `<pgdn>` `<enter>` `<esc>`
///   `<bs>` `<space>` `<C-c>`.
/// - Mouse, 1-based column and row as a terminal reports them:
///   `<click:X,Y>` `<wheelup:X,Y>` `<wheeldown:X,Y>`.
/// - Time: `<wait:S>` lets S seconds pass (frames of 1/120 s);
///   `<frames:N>` lets N frames pass.
/// - `<resize:WxH>` resizes the screen (as SIGWINCH does), to at most
///   1000 columns and 500 rows.
///
/// After a key (or a resize) not followed by a time token, the run plays
/// frames until nothing moves (at most 30 s), so `→→ b` means "press →,
/// let it settle, press → again, …"; `→<frames:6>` stops 6 frames into
/// the animation.
public struct KeyScript: Hashable, Sendable {
    /// One step of a script.
    public enum Step: Hashable, Sendable {
        /// An input event.
        case event(InputEvent)
        /// Let this many seconds pass.
        case wait(Double)
        /// Let this many frames pass.
        case frames(Int)
        /// Resize the screen.
        case resize(columns: Int, rows: Int)

        var isTime: Bool {
            switch self {
            case .wait, .frames: return true
            case .event, .resize: return false
            }
        }
    }

    /// The steps, in order.
    public var steps: [Step]

    /// Creates a script from steps.
    public init(steps: [Step]) { self.steps = steps }

    /// Parses `text`.
    /// - Throws: ``DemoError`` naming the token it cannot read.
    public init(parsing text: String) throws {
        var steps: [Step] = []
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if c == " " || c == "\n" || c == "\t" {
                i = text.index(after: i)
                continue
            }
            if c == "<" {
                guard let close = text[i...].firstIndex(of: ">") else {
                    throw DemoError("key script: unclosed '<' in \(quoted(text[i...]))")
                }
                let name = String(text[text.index(after: i)..<close])
                steps.append(try Self.named(name))
                i = text.index(after: close)
                continue
            }
            if c == "⇧" {
                let next = text.index(after: i)
                guard next < text.endIndex, text[next] == "→" || text[next] == "←" else {
                    throw DemoError("key script: “⇧” must be followed by → or ←")
                }
                steps.append(.event(.key(text[next] == "→" ? .shiftRight : .shiftLeft)))
                i = text.index(after: next)
                continue
            }
            switch c {
            case "→": steps.append(.event(.key(.right)))
            case "←": steps.append(.event(.key(.left)))
            default:
                guard c.isASCII, let ascii = c.asciiValue, ascii >= 0x21, ascii < 0x7F else {
                    throw DemoError("key script: unknown key \(quoted(String(c)))")
                }
                steps.append(.event(.character(c)))
            }
            i = text.index(after: i)
        }
        self.steps = steps
    }

    private static func named(_ name: String) throws -> Step {
        let keys: [String: InputEvent.Key] = [
            "right": .right, "left": .left, "up": .up, "down": .down,
            "S-right": .shiftRight, "S-left": .shiftLeft,
            "home": .home, "end": .end, "pgup": .pageUp, "pgdn": .pageDown,
            "enter": .enter, "esc": .escape, "bs": .backspace, "C-c": .interrupt,
        ]
        if let key = keys[name] { return .event(.key(key)) }
        if name == "space" { return .event(.character(" ")) }
        let parts = name.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw DemoError("key script: unknown token \(quoted("<\(name)>"))") }
        let (verb, argument) = (parts[0], parts[1])
        switch verb {
        case "wait":
            guard let s = Double(argument), s.isFinite, s >= 0, s <= 600 else {
                throw DemoError("key script: <wait:S> needs seconds in 0…600, got \(quoted(argument))")
            }
            return .wait(s)
        case "frames":
            guard let n = Int(argument), n >= 0, n <= 72_000 else {
                throw DemoError("key script: <frames:N> needs 0…72000, got \(quoted(argument))")
            }
            return .frames(n)
        case "resize":
            guard let (w, h) = parseSize(argument) else {
                throw DemoError("key script: <resize:WxH> needs \(sizeRule) (such as 80x12), got \(quoted(argument))")
            }
            return .resize(columns: w, rows: h)
        case "click", "wheelup", "wheeldown":
            let xy = argument.split(separator: ",").compactMap { Int($0) }
            guard xy.count == 2, xy[0] >= 1, xy[1] >= 1 else {
                throw DemoError("key script: <\(verb):X,Y> needs 1-based X,Y, got \(quoted(argument))")
            }
            let action: MouseEvent.Action = verb == "click" ? .press : verb == "wheelup" ? .wheelUp : .wheelDown
            return .event(.mouse(MouseEvent(action: action, column: xy[0] - 1, row: xy[1] - 1)))
        default:
            throw DemoError("key script: unknown token \(quoted("<\(name)>"))")
        }
    }
}

/// The most columns a screen of the demo has: about what a terminal
/// window across a 4K display shows in a small font, and small enough
/// that a screen buffer stays a few megabytes (10000x10000 took 3.2 GB).
let maximumScreenColumns = 1_000
/// The most rows a screen of the demo has.
let maximumScreenRows = 500
/// The sizes ``parseSize(_:)`` accepts, for messages.
let sizeRule = "WxH with 1…\(maximumScreenColumns) columns and 1…\(maximumScreenRows) rows"

/// Parses "WxH" (e.g. "100x12") into columns and rows a terminal can have:
/// 1…1000 columns and 1…500 rows; `nil` otherwise.
public func parseSize(_ text: String) -> (Int, Int)? {
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...maximumScreenColumns).contains(w),
        (1...maximumScreenRows).contains(h)
    else {
        return nil
    }
    return (w, h)
}

/// Runs a ``KeyScript`` against a ``DemoApp`` on a virtual clock (frames of
/// ``DemoApp/frameDuration`` from time 0), as `tabstrip-demo --dump` does.
public struct HeadlessRun {
    /// The longest a settle may run, in virtual seconds.
    public static let settleLimit = 30.0

    /// The demo after the script.
    public let app: DemoApp
    /// Frames played.
    public private(set) var framesPlayed = 0
    /// Whether the script quit (`q` or Ctrl-C) before its end.
    public private(set) var quit = false
    private var frameIndex = 0

    /// Builds a demo and runs `script` on it.
    public init(
        titleCount: Int, columns: Int, rows: Int, script: KeyScript, lazy: Bool = false,
        appearance: ((String) -> Void)? = nil
    ) throws {
        app = try DemoApp(
            titleCount: titleCount, columns: columns, rows: rows, showsEngineTime: false, lazy: lazy,
            appearance: appearance)
        app.frame(at: 0)
        run(script)
    }

    /// The current virtual time.
    public var time: Double { Double(frameIndex) * DemoApp.frameDuration }

    /// Plays one frame.
    public mutating func playFrame() {
        frameIndex += 1
        framesPlayed += 1
        app.frame(at: time)
    }

    /// Plays frames until nothing moves (at least one).
    public mutating func settle() {
        let limit = frameIndex + Int(Self.settleLimit / DemoApp.frameDuration)
        repeat { playFrame() } while app.isMoving && frameIndex < limit
    }

    /// Runs more steps.
    public mutating func run(_ script: KeyScript) {
        let steps = script.steps
        for (k, step) in steps.enumerated() where !quit {
            let nextIsTime = k + 1 < steps.count && steps[k + 1].isTime
            switch step {
            case .event(let event):
                if !app.handle(event, at: time) {
                    quit = true
                    break
                }
                if !nextIsTime { settle() }
            case .resize(let columns, let rows):
                app.resize(columns: columns, rows: rows, at: time)
                if !nextIsTime { settle() }
            case .wait(let seconds):
                for _ in 0..<Int((seconds / DemoApp.frameDuration).rounded()) { playFrame() }
            case .frames(let n):
                for _ in 0..<n { playFrame() }
            }
        }
    }

    /// The screen now, as plain text.
    public var dump: String { app.render().plainText }
}
