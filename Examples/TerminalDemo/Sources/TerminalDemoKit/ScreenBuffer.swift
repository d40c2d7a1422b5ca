import TabStrip

/// A 24-bit colour as a terminal's truecolor SGR takes it.
public struct TerminalColor: Hashable, Sendable {
    /// Red, 0...255.
    public var red: UInt8
    /// Green, 0...255.
    public var green: UInt8
    /// Blue, 0...255.
    public var blue: UInt8

    /// Creates a colour from its components.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The engine's colour, each component rounded to the nearest of 256
    /// levels (alpha is ignored: the terminal has no blending).
    public init(_ color: RGBA) {
        func level(_ c: Double) -> UInt8 { UInt8((Swift.min(Swift.max(c, 0), 1) * 255).rounded()) }
        self.init(red: level(color.red), green: level(color.green), blue: level(color.blue))
    }
}

/// How a screen cell is drawn: colours and weight.
public struct CellStyle: Hashable, Sendable {
    /// The foreground colour, or the terminal's default.
    public var foreground: TerminalColor?
    /// The background colour, or the terminal's default.
    public var background: TerminalColor?
    /// Bold text.
    public var bold: Bool

    /// Creates a style; the default is the terminal's own.
    public init(foreground: TerminalColor? = nil, background: TerminalColor? = nil, bold: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
    }

    /// The terminal's default style.
    public static let plain = CellStyle()
}

/// One terminal cell: a glyph (one grapheme cluster) and its style.
///
/// A glyph two columns wide occupies its cell and the next one, which
/// holds a *continuation* (width 0) so that the buffer's columns are the
/// terminal's columns.
public struct ScreenCell: Hashable, Sendable {
    /// The glyph; a space for blank cells and continuations.
    public var glyph: Character
    /// Display columns: 1 or 2 for a glyph, 0 for the right half of a wide one.
    public var width: UInt8
    /// How the glyph is drawn.
    public var style: CellStyle

    /// Creates a cell.
    public init(glyph: Character, width: UInt8, style: CellStyle) {
        self.glyph = glyph
        self.width = width
        self.style = style
    }

    /// A blank cell in `style`.
    public static func blank(_ style: CellStyle = .plain) -> ScreenCell {
        ScreenCell(glyph: " ", width: 1, style: style)
    }

    /// Whether this is the right half of a wide glyph.
    public var isContinuation: Bool { width == 0 }
}

/// A grid of terminal cells in display columns: what one frame shows.
///
/// Text is written glyph by glyph in true display columns
/// (``DisplayColumns``, the engine's wcwidth-exact count): a wide glyph
/// takes two cells, a glyph of zero columns is dropped, and a wide glyph
/// that the buffer's edge (or a clip range) would cut in half is replaced by
/// spaces, never half drawn. Overwriting either half of a wide glyph blanks
/// the other half, so the buffer always describes something a terminal can
/// show.
public struct ScreenBuffer: Hashable, Sendable {
    /// Width in columns.
    public let columns: Int
    /// Height in rows.
    public let rows: Int
    /// Row-major cells.
    public private(set) var cells: [ScreenCell]

    /// A blank buffer.
    public init(columns: Int, rows: Int) {
        self.columns = Swift.max(0, columns)
        self.rows = Swift.max(0, rows)
        cells = Array(repeating: .blank(), count: self.columns * self.rows)
    }

    /// The cell at `row`, `column` (0-based).
    public subscript(row: Int, column: Int) -> ScreenCell {
        cells[row * columns + column]
    }

    /// Fills a row span with blanks in `style`.
    public mutating func fill(row: Int, columns range: Range<Int>, style: CellStyle = .plain) {
        guard row >= 0, row < rows else { return }
        let lo = Swift.max(0, range.lowerBound)
        let hi = Swift.min(columns, range.upperBound)
        guard lo < hi else { return }
        for c in lo..<hi { set(row: row, column: c, .blank(style)) }
    }

    /// Writes `text` on `row` starting at `column` (which may be negative or
    /// past the edge: what falls outside `clip` and the buffer is not
    /// drawn), glyph by glyph in display columns.
    /// - Returns: the column after the last glyph (drawn or not).
    @discardableResult
    public mutating func write(
        _ text: String, row: Int, column: Int, style: CellStyle,
        clip: Range<Int>? = nil
    ) -> Int {
        var x = column
        guard row >= 0, row < rows else {
            return column + DisplayColumns.columns(of: text)
        }
        let bounds = clip.map { $0.clamped(to: 0..<columns) } ?? 0..<columns
        for glyph in text {
            let w = DisplayColumns.columns(of: glyph)
            if w == 0 { continue }
            let span = x..<(x + w)
            if bounds.contains(span.lowerBound), bounds.contains(span.upperBound - 1) {
                set(row: row, column: x, ScreenCell(glyph: glyph, width: UInt8(w), style: style))
                if w == 2 { set(row: row, column: x + 1, ScreenCell(glyph: " ", width: 0, style: style)) }
            } else {
                // Cut by the edge: the visible part becomes spaces.
                for c in span where bounds.contains(c) { set(row: row, column: c, .blank(style)) }
            }
            x += w
        }
        return x
    }

    /// Sets one cell, blanking the other half of any wide glyph it breaks.
    mutating func set(row: Int, column: Int, _ cell: ScreenCell) {
        let i = row * columns + column
        let old = cells[i]
        if old.isContinuation, column > 0, !(cell.isContinuation) {
            cells[i - 1] = .blank(cells[i - 1].style)
        }
        if old.width == 2, column + 1 < columns, cell.width != 2 {
            cells[i + 1] = .blank(cells[i + 1].style)
        }
        cells[i] = cell
    }

    /// The text of `row`: each glyph once (continuations are skipped, so a
    /// wide glyph counts as the two columns it covers), trailing spaces
    /// removed.
    public func text(ofRow row: Int) -> String {
        var s = ""
        for c in 0..<columns {
            let cell = self[row, c]
            if !cell.isContinuation { s.append(cell.glyph) }
        }
        while s.last == " " { s.removeLast() }
        return s
    }

    /// The whole buffer as plain text, one line per row.
    public var plainText: String {
        (0..<rows).map { text(ofRow: $0) }.joined(separator: "\n")
    }

    /// The display column at which the first occurrence of `needle` starts
    /// on `row`, or `nil`.
    public func column(of needle: String, inRow row: Int) -> Int? {
        let first = Array(needle)
        guard !first.isEmpty else { return nil }
        outer: for c in 0..<columns {
            var x = c
            for g in first {
                let w = DisplayColumns.columns(of: g)
                if w == 0 { continue }
                guard x < columns, !self[row, x].isContinuation, self[row, x].glyph == g else { continue outer }
                x += w
            }
            return c
        }
        return nil
    }
}
