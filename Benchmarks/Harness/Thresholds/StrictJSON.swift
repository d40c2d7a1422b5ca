/// What `JSONDecoder` lets through in a thresholds file: a key given twice in
/// one object (the decoder keeps one silently) and a number too large for a
/// `Double` (`1e400`, which makes the decoder reject the whole document).
/// This scanner finds the first of either and names where it is, in the
/// thresholds messages' form (`limits[2].max`).
enum StrictJSON {
    /// The first duplicate key or out-of-range number, as
    /// `path: message`; nil when there is none (or when the text is not
    /// JSON at all, which the decoder then reports).
    /// - Complexity: O(n) in the size of `bytes`, plus O(k log k) per object
    ///   of k keys.
    static func firstProblem(in bytes: [UInt8]) -> String? {
        var scanner = Scanner(bytes: bytes)
        do {
            try scanner.value(path: "")
            return nil
        } catch let .problem(message) {
            return message
        } catch {
            return nil
        }
    }

    enum Failure: Error {
        case problem(String)
        case syntax
    }

    struct Scanner {
        let bytes: [UInt8]
        var at = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipSpace() {
            while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
        }

        mutating func value(path: String) throws(Failure) {
            skipSpace()
            guard at < bytes.count else { throw .syntax }
            switch bytes[at] {
            case UInt8(ascii: "{"): try object(path: path)
            case UInt8(ascii: "["): try array(path: path)
            case UInt8(ascii: "\""): _ = try string()
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                while at < bytes.count, bytes[at] >= UInt8(ascii: "a"), bytes[at] <= UInt8(ascii: "z") { at += 1 }
            default: try number(path: path)
            }
        }

        mutating func object(path: String) throws(Failure) {
            at += 1
            var keys = Set<String>()
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "}") {
                at += 1
                return
            }
            while true {
                skipSpace()
                let key = try string()
                let here = path.isEmpty ? key : "\(path).\(key)"
                if !keys.insert(key).inserted {
                    throw .problem("\(path.isEmpty ? "document" : path): duplicate key \"\(key)\"")
                }
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw .syntax }
                at += 1
                try value(path: here)
                skipSpace()
                guard at < bytes.count else { throw .syntax }
                if bytes[at] == UInt8(ascii: ",") {
                    at += 1
                    continue
                }
                guard bytes[at] == UInt8(ascii: "}") else { throw .syntax }
                at += 1
                return
            }
        }

        mutating func array(path: String) throws(Failure) {
            at += 1
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "]") {
                at += 1
                return
            }
            var index = 0
            while true {
                try value(path: "\(path)[\(index)]")
                index += 1
                skipSpace()
                guard at < bytes.count else { throw .syntax }
                if bytes[at] == UInt8(ascii: ",") {
                    at += 1
                    continue
                }
                guard bytes[at] == UInt8(ascii: "]") else { throw .syntax }
                at += 1
                return
            }
        }

        /// A string's raw text (escapes kept as written, enough to compare
        /// keys spelt the same way).
        mutating func string() throws(Failure) -> String {
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw .syntax }
            at += 1
            let start = at
            while at < bytes.count, bytes[at] != UInt8(ascii: "\"") {
                if bytes[at] == UInt8(ascii: "\\") { at += 1 }
                at += 1
            }
            guard at < bytes.count else { throw .syntax }
            let text = String(decoding: bytes[start..<at], as: UTF8.self)
            at += 1
            return text
        }

        mutating func number(path: String) throws(Failure) {
            let start = at
            while at < bytes.count, "+-0123456789.eE".utf8.contains(bytes[at]) { at += 1 }
            guard at > start else { throw .syntax }
            let text = String(decoding: bytes[start..<at], as: UTF8.self)
            guard let value = Double(text) else { throw .syntax }
            if !value.isFinite {
                throw .problem("\(path): \(Excerpt.quote(text)) is out of range (not a finite number)")
            }
        }
    }
}
