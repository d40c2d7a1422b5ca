import TabStrip
import TerminalDemoKit
import Testing

/// Runs a script headless, as `tabstrip-demo --dump` does (with `--lazy`
/// when `lazy`).
func run(_ keys: String, titles: Int = 100_000, size: (Int, Int) = (100, 12), lazy: Bool = false) throws
    -> HeadlessRun
{
    try HeadlessRun(titleCount: titles, columns: size.0, rows: size.1, script: KeyScript(parsing: keys), lazy: lazy)
}

/// The screen columns at which title glyphs of `title` land when the title
/// box starts at content x `titleX`, from the engine's numbers only:
/// `(column, glyph)` for every glyph entirely on screen.
func expectedGlyphs(of title: String, titleX: Double, scrollColumn: Int, columns: Int) -> [(Int, Character)] {
    var x = Int(titleX) - scrollColumn
    var result: [(Int, Character)] = []
    for g in title {
        let w = DisplayColumns.columns(of: g)
        if w == 0 { continue }
        if x >= 0, x + w <= columns { result.append((x, g)) }
        x += w
    }
    return result
}

/// The indicator columns computed from the strip's own indicator frame (not
/// the host's copy): centres `c + 0.5` inside the frame, shifted by the
/// rounded content offset.
func engineIndicatorColumns(_ app: DemoApp) -> Set<Int> {
    guard let frame = app.strip.indicatorFrame else { return [] }
    let shift = (app.strip.contentOffset + 0.5).rounded(.down)
    return Set(
        (0..<app.columns).filter { c in
            let centre = Double(c) + 0.5
            return centre >= frame.minX - shift && centre < frame.maxX - shift
        })
}

/// Checks that the strip rows show exactly what the engine says: every tab
/// in the engine's visible range has its title glyphs at the columns of its
/// content layout (in the engine's colour for that tab), and the indicator
/// row holds `━` on exactly the engine's indicator columns.
func expectStripMatchesEngine(_ app: DemoApp, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let screen = app.render()
    let strip = app.strip
    #expect(app.bar.visibleTabs == strip.visibleTabs, sourceLocation: sourceLocation)
    // Pinned tabs are drawn over the tabs scrolling under them: the
    // columns of their cells show them alone.
    let pinned = Array(strip.pinnedTabRanges.leading) + Array(strip.pinnedTabRanges.trailing)
    var covered = Set<Int>()
    for tab in pinned {
        let frame = try strip.frame(ofTab: tab)
        let left = Int(frame.minX.rounded(.down)) - app.scrollColumn
        let right = Int(frame.maxX.rounded(.down)) - app.scrollColumn
        if left < right { covered.formUnion(left..<right) }
    }
    for tab in Array(strip.visibleTabs) + pinned {
        let layout = try strip.contentLayout(ofTab: tab)
        let appearance = try strip.titleAppearance(ofTab: tab)
        let colour = TerminalColor(appearance.color)
        for (column, glyph) in expectedGlyphs(
            of: strip.titles[tab], titleX: layout.title.minX,
            scrollColumn: app.scrollColumn, columns: app.columns)
        where strip.isPinned(tab) || !covered.contains(column) {
            let cell = screen[0, column]
            #expect(
                cell.glyph == glyph, "tab \(tab) glyph \(glyph) at column \(column): \(cell.glyph)",
                sourceLocation: sourceLocation)
            #expect(
                cell.style.foreground == colour, "tab \(tab) colour at column \(column)", sourceLocation: sourceLocation
            )
            #expect(cell.style.bold == DemoApp.isBold(appearance), sourceLocation: sourceLocation)
        }
    }
    let drawn = Set((0..<app.columns).filter { screen[1, $0].glyph == "━" })
    #expect(drawn == engineIndicatorColumns(app), "indicator", sourceLocation: sourceLocation)
}

/// The columns where `needle` starts on `row`.
func column(of needle: String, row: Int, in app: DemoApp) -> Int? {
    app.render().column(of: needle, inRow: row)
}

/// The status line (first of the two).
func status(_ app: DemoApp) -> String {
    String(app.render().text(ofRow: app.rows - 2).drop { $0 == " " })
}

/// The second status line (cells, engine time).
func cellStatus(_ app: DemoApp) -> String {
    String(app.render().text(ofRow: app.rows - 1).drop { $0 == " " })
}
