/// Turns the change from one ``ScreenBuffer`` to the next into the bytes a
/// terminal needs: cursor moves, SGR styles and glyphs for the changed cells
/// only.
///
/// Changed cells are grouped into runs per row, each run widened to whole
/// glyphs in both buffers (a wide glyph is always rewritten whole). Every run
/// starts with an absolute cursor move, and so does every glyph after a
/// non-ASCII one, so a terminal that disagrees about a glyph's width cannot
/// shift the rest of the row. Styles are sent only when they change.
public enum ScreenDiff {
    /// The bytes that turn a terminal showing `old` into one showing `new`.
    /// With `old` `nil` (first frame, after a resize), the screen is cleared
    /// and every non-blank cell is drawn.
    public static func bytes(from old: ScreenBuffer?, to new: ScreenBuffer) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        let comparable = old.map { $0.columns == new.columns && $0.rows == new.rows } ?? false
        if !comparable { out += Array("\u{1B}[0m\u{1B}[2J".utf8) }
        var current: CellStyle? = comparable ? nil : .plain
        for row in 0..<new.rows {
            var c = 0
            while c < new.columns {
                let changed: Bool
                if comparable, let old {
                    changed = old[row, c] != new[row, c]
                } else {
                    changed = new[row, c] != .blank()
                }
                guard changed else {
                    c += 1
                    continue
                }
                // A run of changed cells, widened to whole glyphs.
                var start = c
                var end = c + 1
                while end < new.columns {
                    let differs = comparable ? old![row, end] != new[row, end] : new[row, end] != .blank()
                    if !differs { break }
                    end += 1
                }
                while start > 0, new[row, start].isContinuation || (comparable && old![row, start].isContinuation) {
                    start -= 1
                }
                while end < new.columns, new[row, end].isContinuation || (comparable && old![row, end].isContinuation) {
                    end += 1
                }
                var cursorKnown = false
                var x = start
                while x < end {
                    let cell = new[row, x]
                    if cell.isContinuation {
                        x += 1
                        continue
                    }
                    if !cursorKnown {
                        out += Array("\u{1B}[\(row + 1);\(x + 1)H".utf8)
                        cursorKnown = true
                    }
                    if current != cell.style {
                        out += sgr(cell.style)
                        current = cell.style
                    }
                    var glyph = String(cell.glyph)
                    out += Array(glyph.utf8)
                    glyph.removeAll()
                    if !cell.glyph.isASCII { cursorKnown = false }
                    x += Int(Swift.max(1, cell.width))
                }
                c = end
            }
        }
        if current != .plain && current != nil { out += Array("\u{1B}[0m".utf8) }
        return out
    }

    /// The SGR sequence that sets `style` from scratch.
    static func sgr(_ style: CellStyle) -> [UInt8] {
        var s = "\u{1B}[0"
        if style.bold { s += ";1" }
        if let f = style.foreground { s += ";38;2;\(f.red);\(f.green);\(f.blue)" }
        if let b = style.background { s += ";48;2;\(b.red);\(b.green);\(b.blue)" }
        s += "m"
        return Array(s.utf8)
    }
}
