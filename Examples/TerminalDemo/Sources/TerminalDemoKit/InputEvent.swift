/// One thing the user did, decoded from the terminal's bytes or from a
/// headless key script.
public enum InputEvent: Hashable, Sendable {
    /// A named key.
    case key(Key)
    /// A printable character (letters, digits, `[`, `]`, …).
    case character(Character)
    /// A mouse event, in 0-based screen cells.
    case mouse(MouseEvent)

    /// The keys the demo understands by name.
    public enum Key: Hashable, Sendable {
        /// The arrow keys.
        case left, right, up, down
        /// Shift+arrow.
        case shiftLeft, shiftRight
        /// Home, End, Page Up, Page Down.
        case home, end, pageUp, pageDown
        /// Enter (CR or LF), Escape (a lone ESC), Backspace (DEL or BS).
        case enter, escape, backspace
        /// Ctrl-C (raw mode delivers it as a byte, not a signal).
        case interrupt
    }
}

/// A mouse event (xterm SGR 1006 reporting).
public struct MouseEvent: Hashable, Sendable {
    /// What happened.
    public enum Action: Hashable, Sendable {
        /// The left button went down.
        case press
        /// A button was released.
        case release
        /// The wheel turned away from the user (scroll towards earlier tabs).
        case wheelUp
        /// The wheel turned towards the user (scroll towards later tabs).
        case wheelDown
        /// A horizontal wheel (or shift-wheel) towards the left.
        case wheelLeft
        /// A horizontal wheel (or shift-wheel) towards the right.
        case wheelRight
        /// Another button, ignored.
        case other
    }

    /// What happened.
    public var action: Action
    /// The 0-based column.
    public var column: Int
    /// The 0-based row.
    public var row: Int

    /// Creates an event.
    public init(action: Action, column: Int, row: Int) {
        self.action = action
        self.column = column
        self.row = row
    }
}

/// Decodes the bytes a terminal sends in raw mode into ``InputEvent``s,
/// across reads: an escape sequence split between two reads is completed by
/// the second.
///
/// Understood: UTF-8 text; `ESC [ A…D` and `ESC O A…D` (arrows);
/// `ESC [ 1 ; 2 C/D` (shift-arrows); `ESC [ H/F`, `ESC O H/F`, `ESC [ 1~ 4~ 7~ 8~`
/// (Home, End); `ESC [ 5~ 6~` (Page Up/Down); `ESC [ < b ; x ; y M/m`
/// (SGR mouse); CR or LF (Enter), DEL or BS (Backspace), Ctrl-C. An ESC with
/// nothing after it is held back until ``flushPendingEscape()`` (the caller
/// decides after a short pause that it was the Escape key). Other sequences
/// are consumed and ignored.
public struct KeyParser: Sendable {
    var pending: [UInt8] = []

    /// A parser with nothing buffered.
    public init() {}

    /// Whether bytes of an unfinished sequence are buffered.
    public var hasPending: Bool { !pending.isEmpty }

    /// Decodes `bytes` (appended to anything left from the last call).
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [InputEvent] where Bytes.Element == UInt8 {
        pending.append(contentsOf: bytes)
        var events: [InputEvent] = []
        var i = 0
        while i < pending.count {
            guard let (event, length) = decode(at: i) else { break }
            if let event { events.append(event) }
            i += length
        }
        pending.removeFirst(i)
        return events
    }

    /// Treats a buffered lone ESC (or an unfinished sequence) as the Escape
    /// key, dropping the rest.
    public mutating func flushPendingEscape() -> [InputEvent] {
        guard !pending.isEmpty else { return [] }
        let wasEscape = pending[0] == 0x1B
        pending.removeAll()
        return wasEscape ? [.key(.escape)] : []
    }

    /// The event at `i` and its length; `nil` when the bytes end mid-way.
    private func decode(at i: Int) -> (InputEvent?, Int)? {
        let b = pending[i]
        switch b {
        case 0x1B:
            return decodeEscape(at: i)
        case 0x03: return (.key(.interrupt), 1)
        case 0x0D, 0x0A: return (.key(.enter), 1)
        case 0x7F, 0x08: return (.key(.backspace), 1)
        case 0x00..<0x20: return (nil, 1)
        case 0x20..<0x80: return (.character(Character(Unicode.Scalar(b))), 1)
        default:
            let length: Int
            switch b {
            case 0xC0..<0xE0: length = 2
            case 0xE0..<0xF0: length = 3
            case 0xF0..<0xF8: length = 4
            default: return (nil, 1)
            }
            guard i + length <= pending.count else { return nil }
            let text = String(decoding: pending[i..<(i + length)], as: UTF8.self)
            return (text.first.map { .character($0) }, length)
        }
    }

    private func decodeEscape(at i: Int) -> (InputEvent?, Int)? {
        guard i + 1 < pending.count else { return nil }
        let kind = pending[i + 1]
        if kind == UInt8(ascii: "O") {
            guard i + 2 < pending.count else { return nil }
            let event: InputEvent?
            switch pending[i + 2] {
            case UInt8(ascii: "C"): event = .key(.right)
            case UInt8(ascii: "D"): event = .key(.left)
            case UInt8(ascii: "A"): event = .key(.up)
            case UInt8(ascii: "B"): event = .key(.down)
            case UInt8(ascii: "H"): event = .key(.home)
            case UInt8(ascii: "F"): event = .key(.end)
            default: event = nil
            }
            return (event, 3)
        }
        guard kind == UInt8(ascii: "[") else {
            // ESC followed by another key (Alt+key): ignore the pair.
            return (nil, 2)
        }
        // CSI: parameters 0x30–0x3F, intermediates 0x20–0x2F, final 0x40–0x7E.
        var j = i + 2
        while j < pending.count, (0x20...0x3F).contains(pending[j]) { j += 1 }
        guard j < pending.count else { return nil }
        let final = pending[j]
        let parameters = String(decoding: pending[(i + 2)..<j], as: UTF8.self)
        let length = j - i + 1
        if parameters.hasPrefix("<") {
            return (mouse(parameters: parameters.dropFirst(), final: final), length)
        }
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let modifier = fields.count > 1 ? (fields[1] ?? 1) : 1
        let shifted = modifier == 2
        let event: InputEvent?
        switch final {
        case UInt8(ascii: "C"): event = .key(shifted ? .shiftRight : .right)
        case UInt8(ascii: "D"): event = .key(shifted ? .shiftLeft : .left)
        case UInt8(ascii: "A"): event = .key(.up)
        case UInt8(ascii: "B"): event = .key(.down)
        case UInt8(ascii: "H"): event = .key(.home)
        case UInt8(ascii: "F"): event = .key(.end)
        case UInt8(ascii: "~"):
            switch fields.first ?? nil {
            case 1, 7: event = .key(.home)
            case 4, 8: event = .key(.end)
            case 5: event = .key(.pageUp)
            case 6: event = .key(.pageDown)
            default: event = nil
            }
        default: event = nil
        }
        return (event, length)
    }

    private func mouse(parameters: Substring, final: UInt8) -> InputEvent? {
        let fields = parameters.split(separator: ";").compactMap { Int($0) }
        guard fields.count == 3 else { return nil }
        let button = fields[0]
        let column = fields[1] - 1
        let row = fields[2] - 1
        let action: MouseEvent.Action
        if final == UInt8(ascii: "m") {
            action = .release
        } else {
            // Bits 2–4 are Shift/Meta/Ctrl; motion (32) is not requested.
            switch button & ~0b11100 {
            case 0: action = .press
            case 64: action = .wheelUp
            case 65: action = .wheelDown
            case 66: action = .wheelLeft
            case 67: action = .wheelRight
            default: action = .other
            }
        }
        return .mouse(MouseEvent(action: action, column: column, row: row))
    }
}
