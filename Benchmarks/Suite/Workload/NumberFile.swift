import Foundation
import TerminalText

/// A malformed or unreadable input file; the message is one line in the
/// form `file:line: message` (or `file: message` when no line applies).
package struct InputError: Error, Equatable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) { self.message = message }

    package var description: String { message }
}

/// Reads files of one number per line (`widths.txt`, `offsets.txt`).
///
/// Rules: every line holds exactly one decimal (or hexadecimal) number, optionally surrounded by spaces or tabs; a
/// final line break is optional; `\r\n` line ends are accepted. Blank lines, text that is not a number, NaN and
/// infinities are rejected, and so are negative numbers where the domain forbids them; an empty file is rejected too.
package enum NumberFile {
    /// What the numbers are, which decides what is accepted and how the messages name them.
    package enum Domain: Sendable {
        case widths, offsets

        var noun: String { self == .widths ? "width" : "offset" }
        var withArticle: String { self == .widths ? "a width" : "an offset" }
    }

    package static func load(path: String, domain: Domain) throws(InputError) -> [Double] {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                throw InputError("\(path): cannot read \(isDirectory.boolValue ? "a directory" : "the file")")
            }
            throw InputError("\(path): no such file")
        }
        return try parse(String(decoding: data, as: UTF8.self), path: path, domain: domain)
    }

    /// Parses the text of a file named `path` (used in messages).
    package static func parse(_ text: String, path: String, domain: Domain) throws(InputError) -> [Double] {
        if text.isEmpty { throw InputError("\(path):1: empty file: expected one \(domain.noun) per line") }
        // Split on scalars: in Swift "\r\n" is one Character.
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        if text.unicodeScalars.last == "\n" { lines.removeLast() }
        var values: [Double] = []
        values.reserveCapacity(lines.count)
        for (offset, rawLine) in lines.enumerated() {
            let number = offset + 1
            var line = rawLine
            if line.last == "\r" { line = line.dropLast() }
            let isBlank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" }
            let start = line.firstIndex { !isBlank($0) } ?? line.endIndex
            let end = line.lastIndex { !isBlank($0) }.map { line.index(after: $0) } ?? start
            let field = start < end ? String(String.UnicodeScalarView(line[start..<end])) : ""
            if field.isEmpty { throw InputError("\(path):\(number): blank line: expected \(domain.withArticle)") }
            // `Double(_:)` stops at a NUL byte ("5\0garbage" would read as
            // 5), so any control byte makes the line "not a number".
            guard !field.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }),
                let value = Double(field)
            else { throw InputError("\(path):\(number): not a number: \(quoted(field))") }
            if value.isNaN { throw InputError("\(path):\(number): \(domain.noun) is NaN") }
            if value.isInfinite { throw InputError("\(path):\(number): \(domain.noun) is infinite") }
            if domain == .widths, value < 0 {
                throw InputError("\(path):\(number): negative width \(field): widths must be >= 0")
            }
            values.append(value)
        }
        return values
    }
}
