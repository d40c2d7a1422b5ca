/// Quotes a piece of user input for a one-line error message, the way the
/// bench quotes input in its messages: in single quotes, with `\\`, `\'`,
/// `\n`, `\r`, `\t` and `\0` escaped, every other character outside
/// printable ASCII written as `\u{…}` (its scalar in hex), and the text cut
/// after ``quotedLength`` printed characters (`…` and the full length in
/// scalars follow a cut). So a line break, a terminal escape sequence or a
/// megabyte of script never reaches the terminal as it is.
/// - Complexity: O(min(n, quotedLength)), plus O(n) to count a cut text.
public func quoted<S: StringProtocol>(_ text: S) -> String {
    var result = "'"
    var printed = 0
    for scalar in text.unicodeScalars {
        let piece: String
        switch scalar {
        case "\\": piece = "\\\\"
        case "'": piece = "\\'"
        case "\n": piece = "\\n"
        case "\r": piece = "\\r"
        case "\t": piece = "\\t"
        case "\0": piece = "\\0"
        case " "..."~": piece = String(scalar)
        default: piece = "\\u{\(String(scalar.value, radix: 16))}"
        }
        guard printed + piece.count <= quotedLength else {
            return result + "'… (\(text.unicodeScalars.count) characters)"
        }
        result += piece
        printed += piece.count
    }
    return result + "'"
}

/// The most characters of input ``quoted(_:)`` prints (escapes count as the
/// characters they print), as in the bench's messages.
let quotedLength = 80
