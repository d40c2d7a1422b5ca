/// A plain-text table with columns padded to their widest cell (counted in
/// Unicode scalars, which is right for the ASCII and µ this harness prints).
package struct TextTable {
    private var headers: [String]
    private var rows: [[String]] = []
    private var rightAligned: Set<Int>

    package init(headers: [String], rightAligned: Set<Int> = []) {
        (self.headers, self.rightAligned) = (headers, rightAligned)
    }

    /// Appends a row (missing cells are blank).
    package mutating func add(_ cells: [String]) { rows.append(cells) }

    /// The table, one line per row under a header and a rule.
    package func render() -> String {
        var widths = headers.map { $0.unicodeScalars.count }
        for row in rows {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], cell.unicodeScalars.count)
            }
        }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for column in widths.indices {
                let cell = column < cells.count ? cells[column] : ""
                let padding = String(repeating: " ", count: widths[column] - cell.unicodeScalars.count)
                parts.append(rightAligned.contains(column) ? padding + cell : cell + padding)
            }
            var text = parts.joined(separator: "  ")
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
        var text = line(headers) + "\n"
        text += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
        for row in rows { text += line(row) + "\n" }
        return text
    }
}

package struct MarkdownTable {
    private var headers: [String]
    private var alignments: [Bool]
    private var rows: [[String]] = []

    package init(headers: [String], rightAligned: Set<Int> = []) {
        self.headers = headers
        self.alignments = headers.indices.map { rightAligned.contains($0) }
    }

    package mutating func add(_ cells: [String]) {
        rows.append(cells.map { $0.replacingOccurrences(of: "|", with: "\\|") })
    }

    package var isEmpty: Bool { rows.isEmpty }

    package func render() -> String {
        var text = "| " + headers.joined(separator: " | ") + " |\n"
        text += "|" + alignments.map { $0 ? " ---: |" : " --- |" }.joined() + "\n"
        for row in rows {
            let cells = headers.indices.map { $0 < row.count ? row[$0] : "" }
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return text
    }
}
