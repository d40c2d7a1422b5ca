import Foundation
import TerminalText

/// What `JSONDecoder` lets through in a thresholds file: a key given twice in one object (the decoder keeps one
/// silently) and a number too large for a `Double` (`1e400`, which makes the decoder reject the whole document). This
/// scanner finds the first of either and names where it is, in the thresholds messages' form (`limits[2].max`). Keys
/// are compared after their escapes are decoded (`"equ\u0061ls"` is `equals`), as the decoder sees them. Arrays and
/// objects may nest at most ``maximumDepth`` deep: the scanner recurses once per level, and a deeper document is
/// refused before it can exhaust the stack.
enum StrictJSON {
    /// The deepest nesting of arrays and objects accepted (the root value is
    /// level 1), far more than a thresholds file needs.
    static let maximumDepth = 512

    /// The first duplicate key or out-of-range number, as `path: message`; nil when there is none (or when the text is
    /// not JSON at all, which the decoder then reports).
    static func firstProblem(in bytes: [UInt8]) -> String? {
        var scanner = Scanner(bytes: bytes)
        do {
            try scanner.value(path: "", depth: 0)
            return nil
        } catch let .problem(message) { return message } catch { return nil }
    }

    enum Failure: Error {
        case problem(String)
        case syntax
    }

    struct Scanner {
        let bytes: [UInt8]
        var at = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipSpace() { while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 } }

        mutating func value(path: String, depth: Int) throws(Failure) {
            skipSpace()
            guard at < bytes.count else { throw .syntax }
            let opening = bytes[at]
            if opening == UInt8(ascii: "{") || opening == UInt8(ascii: "["), depth >= StrictJSON.maximumDepth {
                throw .problem(
                    "document: arrays and objects nested more than \(StrictJSON.maximumDepth) levels deep "
                        + "(at byte \(at))")
            }
            switch opening {
            case UInt8(ascii: "{"): try object(path: path, depth: depth + 1)
            case UInt8(ascii: "["): try array(path: path, depth: depth + 1)
            case UInt8(ascii: "\""): _ = try string()
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                while at < bytes.count, bytes[at] >= UInt8(ascii: "a"), bytes[at] <= UInt8(ascii: "z") { at += 1 }
            default: try number(path: path)
            }
        }

        mutating func object(path: String, depth: Int) throws(Failure) {
            var keys = Set<String>()
            try members(closing: "}") { scanner throws(Failure) in
                scanner.skipSpace()
                let key = try scanner.string()
                let shown = Self.display(key)
                if !keys.insert(key).inserted {
                    throw .problem("\(path.isEmpty ? "document" : path): duplicate key \(Self.quoted(key))")
                }
                scanner.skipSpace()
                guard scanner.at < scanner.bytes.count, scanner.bytes[scanner.at] == UInt8(ascii: ":") else {
                    throw .syntax
                }
                scanner.at += 1
                try scanner.value(path: path.isEmpty ? shown : "\(path).\(shown)", depth: depth)
            }
        }

        mutating func array(path: String, depth: Int) throws(Failure) {
            var index = 0
            try members(closing: "]") { scanner throws(Failure) in
                try scanner.value(path: "\(path)[\(index)]", depth: depth)
                index += 1
            }
        }

        /// The members of the array or object opening at `at`, each read by `member`, separated by commas up to
        /// `closing`.
        mutating func members(closing: Unicode.Scalar, _ member: (inout Scanner) throws(Failure) -> Void)
            throws(Failure)
        {
            at += 1
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: closing) {
                at += 1
                return
            }
            while true {
                try member(&self)
                skipSpace()
                guard at < bytes.count else { throw .syntax }
                if bytes[at] == UInt8(ascii: ",") {
                    at += 1
                    continue
                }
                guard bytes[at] == UInt8(ascii: closing) else { throw .syntax }
                at += 1
                return
            }
        }

        /// A string's value, its escapes decoded by `JSONDecoder` (`\u0061` is `a`, a surrogate pair one scalar), so
        /// that keys spelt differently but equal to the decoder compare equal.
        mutating func string() throws(Failure) -> String {
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw .syntax }
            let start = at
            at += 1
            while at < bytes.count, bytes[at] != UInt8(ascii: "\"") {
                at += bytes[at] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard at < bytes.count else { throw .syntax }
            at += 1
            guard let text = try? JSONDecoder().decode(String.self, from: Data(bytes[start..<at])) else {
                throw .syntax
            }
            return text
        }

        /// `key` as a path component: as it is when it is plain printable ASCII, else escaped (`quoted(_:)`), so no
        /// message carries control bytes.
        static func display(_ key: String) -> String { isPlain(key) ? key : TerminalText.quoted(key) }

        /// `key` in double quotes when plain, else escaped in single quotes.
        static func quoted(_ key: String) -> String { isPlain(key) ? "\"\(key)\"" : TerminalText.quoted(key) }

        static func isPlain(_ key: String) -> Bool {
            key.utf8.count <= quotedLength
                && key.utf8.allSatisfy {
                    $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
                        && $0 != UInt8(ascii: "'")
                }
        }

        mutating func number(path: String) throws(Failure) {
            let start = at
            while at < bytes.count, "+-0123456789.eE".utf8.contains(bytes[at]) { at += 1 }
            guard at > start else { throw .syntax }
            let text = String(decoding: bytes[start..<at], as: UTF8.self)
            guard let value = Double(text) else { throw .syntax }
            if !value.isFinite {
                throw .problem("\(path): \(TerminalText.quoted(text)) is out of range (not a finite number)")
            }
        }
    }
}
