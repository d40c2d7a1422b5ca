/// A piece of untrusted input quoted in a one-line message: at most
/// ``maximumLength`` characters, control bytes, quotes, backslashes and
/// non-ASCII characters escaped, so a 100 MB line or a terminal escape
/// sequence never reaches stderr as it is.
package enum Excerpt {
    /// The most characters of input quoted (escapes count as the characters
    /// they print).
    package static let maximumLength = 80

    /// `text` in single quotes, escaped and cut after ``maximumLength``
    /// characters (`…` and the full length in scalars follow a cut).
    /// - Complexity: O(min(n, maximumLength)) plus O(n) to count a cut text.
    package static func quote<S: StringProtocol>(_ text: S) -> String {
        var out = "'"
        var printed = 0
        var cut = false
        for scalar in text.unicodeScalars {
            let piece: String
            switch scalar {
            case "\\": piece = "\\\\"
            case "'": piece = "\\'"
            case "\n": piece = "\\n"
            case "\r": piece = "\\r"
            case "\t": piece = "\\t"
            case "\0": piece = "\\0"
            default:
                if scalar.value >= 0x20 && scalar.value < 0x7F {
                    piece = String(scalar)
                } else {
                    piece = "\\u{" + String(scalar.value, radix: 16) + "}"
                }
            }
            if printed + piece.count > maximumLength {
                cut = true
                break
            }
            out += piece
            printed += piece.count
        }
        out += "'"
        if cut { out += "… (\(text.unicodeScalars.count) characters)" }
        return out
    }
}
