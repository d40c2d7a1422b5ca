/// `value` with its thousands separated by commas (`1,234,567`), as the engine's accessibility text writes counts:
/// deterministic and independent of the locale.
package func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (offset, digit) in digits.enumerated() {
        if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
        result.append(digit)
    }
    return value < 0 ? "-" + result : result
}

/// The most characters of input ``quoted(_:)`` prints (escapes count as the characters they print).
package let quotedLength = 80

/// A piece of untrusted input quoted for a one-line message: in single quotes, with `\\`, `\'`, `\n`, `\r`, `\t` and
/// `\0` escaped, every other character outside printable ASCII written as `\u{…}`, and the text cut after
/// ``quotedLength`` printed characters (`…` and the full length in scalars follow a cut), so that a line break, a
/// terminal escape sequence or a megabyte of input never reaches the terminal as it is.
package func quoted<S: StringProtocol>(_ text: S) -> String {
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
