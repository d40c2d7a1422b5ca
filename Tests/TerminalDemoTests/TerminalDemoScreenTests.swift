import TabStrip
import TerminalDemoKit
import Testing

/// A minimal terminal: interprets cursor moves (`ESC [ r ; c H`), SGR, clear
/// screen, and glyphs (advancing by their display columns), so that the
/// renderer's bytes can be checked by what they draw.
struct MiniTerminal {
    var cells: [[String]]
    var bold: [[Bool]]
    var row = 0, column = 0
    var isBold = false
    var bytesWritten = 0

    init(columns: Int, rows: Int) {
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
        bold = Array(repeating: Array(repeating: false, count: columns), count: rows)
    }

    mutating func feed(_ bytes: [UInt8]) {
        bytesWritten += bytes.count
        let text = String(decoding: bytes, as: UTF8.self)
        var chars = Array(text)[...]
        while let c = chars.first {
            chars = chars.dropFirst()
            if c == "\u{1B}" {
                guard chars.first == "[" else { continue }
                chars = chars.dropFirst()
                var parameters = ""
                while let p = chars.first, p.isNumber || p == ";" || p == "?" {
                    parameters.append(p)
                    chars = chars.dropFirst()
                }
                guard let final = chars.first else { break }
                chars = chars.dropFirst()
                let fields = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                switch final {
                case "H":
                    row = max(0, (fields.first ?? 1) - 1)
                    column = max(0, (fields.count > 1 ? fields[1] : 1) - 1)
                case "J":
                    for r in cells.indices {
                        for k in cells[r].indices {
                            cells[r][k] = " "
                            bold[r][k] = false
                        }
                    }
                case "m":
                    var i = 0
                    while i < fields.count {
                        switch fields[i] {
                        case 0: isBold = false
                        case 1: isBold = true
                        case 38, 48: i += 4
                        default: break
                        }
                        i += 1
                    }
                default: break
                }
                continue
            }
            let w = DisplayColumns.columns(of: c)
            guard w > 0, row < cells.count, column + w <= cells[row].count else { continue }
            cells[row][column] = String(c)
            bold[row][column] = isBold
            if w == 2 { cells[row][column + 1] = "" }
            column += w
        }
    }

    func text(ofRow r: Int) -> String {
        var s = cells[r].joined()
        while s.last == " " { s.removeLast() }
        return s
    }
}

func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard haystack.count >= needle.count else { return false }
    return (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<($0 + needle.count)]) == needle }
}

@Suite struct TerminalDemoScreenTests {
    @Test func frameStatsReportTheLastSecond() {
        var stats = FrameStats()
        #expect(stats.quantile(0.5) == nil)
        for k in 1...100 { stats.record(seconds: Double(k) / 1024, at: 10 + Double(k) / 200) }
        // 100 frames over 0.5 s: all in the window; nearest-rank quantiles.
        #expect(stats.count == 100 && stats.last == 100.0 / 1024)
        #expect(stats.quantile(0.5) == 50.0 / 1024 && stats.quantile(0.99) == 99.0 / 1024)
        // A second later only the new frame is in the window.
        stats.record(seconds: 7.0 / 1024, at: 12)
        #expect(stats.count == 1 && stats.quantile(0.99) == 7.0 / 1024)
    }

    @Test func wideGlyphsCutByAnEdgeBecomeSpaces() {
        var screen = ScreenBuffer(columns: 6, rows: 1)
        screen.write("推荐", row: 0, column: 3, style: .plain) // 推 at 3–4, 荐 would be 5–6
        #expect(screen.text(ofRow: 0) == "   推")
        #expect(screen[0, 5].glyph == " " && screen[0, 5].width == 1)
        screen = ScreenBuffer(columns: 6, rows: 1)
        screen.write("推荐a", row: 0, column: -1, style: .plain) // 推 cut by the left edge
        #expect(screen.text(ofRow: 0) == " 荐a")
        // A clip range cuts the same way.
        screen = ScreenBuffer(columns: 8, rows: 1)
        screen.write("ab推荐", row: 0, column: 0, style: .plain, clip: 0..<5)
        #expect(screen.text(ofRow: 0) == "ab推")
        // Combining marks take no column; emoji and flags take two.
        screen = ScreenBuffer(columns: 10, rows: 1)
        let end = screen.write("Cafe\u{301}🇨🇳x", row: 0, column: 0, style: .plain)
        #expect(end == 7 && screen[0, 6].glyph == "x" && screen[0, 5].isContinuation)
    }

    @Test func overwritingHalfAWideGlyphBlanksTheOtherHalf() {
        var screen = ScreenBuffer(columns: 6, rows: 1)
        screen.write("推荐", row: 0, column: 0, style: .plain)
        screen.write("x", row: 0, column: 1, style: .plain) // right half of 推
        #expect(screen.text(ofRow: 0) == " x荐")
        screen.write("y", row: 0, column: 2, style: .plain) // left half of 荐
        #expect(screen.text(ofRow: 0) == " xy")
        #expect(screen[0, 3] == .blank())
    }

    @Test func theDiffRedrawsOnlyChangedCellsAndReproducesTheScreen() throws {
        // Render a run frame by frame through the mini terminal.
        var r = try run("")
        var terminal = MiniTerminal(columns: 100, rows: 12)
        var previous: ScreenBuffer?
        func draw() -> Int {
            let screen = r.app.render()
            let bytes = ScreenDiff.bytes(from: previous, to: screen)
            terminal.feed(bytes)
            previous = screen
            for row in 0..<screen.rows { #expect(terminal.text(ofRow: row) == screen.text(ofRow: row), "row \(row)") }
            return bytes.count
        }
        let full = draw()
        #expect(draw() == 0) // nothing changed, nothing sent
        let clear = Array("\u{1B}[2J".utf8)
        for keys in [
            "→<frames:3>", "<frames:3>", "<frames:30>", "b", "⇧→<frames:5>", "<frames:200>", "]<frames:9>",
            "<frames:60>", "r",
        ] {
            r.run(try KeyScript(parsing: keys))
            let bytes = ScreenDiff.bytes(from: previous, to: r.app.render())
            #expect(!bytes.isEmpty && !contains(bytes, clear), "\(keys): a diff never clears the screen")
            let sent = draw()
            #expect(sent > 0 && sent < full * 2)
        }
        // A badge toggled back and forth changes only the strip's rows and
        // the status, so the bytes sent are far fewer than a full redraw.
        r.run(try KeyScript(parsing: "b"))
        _ = draw()
        r.run(try KeyScript(parsing: "b"))
        #expect(draw() < full / 2)
        // Bold (scale past halfway) reaches the terminal for the selected title.
        let selected = try #require(r.app.strip.selectedIndex)
        let layout = try r.app.strip.contentLayout(ofTab: selected)
        let x = Int(layout.title.minX) - r.app.scrollColumn
        if x >= 0, x < 100 { #expect(terminal.bold[0][x]) }
    }

    @Test func theKeyParserDecodesSequencesAcrossReads() {
        var parser = KeyParser()
        var events = parser.feed(Array("\u{1B}[C\u{1B}[1;2D\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[4~b]".utf8))
        #expect(
            events == [
                .key(.right), .key(.shiftLeft), .key(.pageUp), .key(.pageDown), .key(.home), .key(.end),
                .character("b"), .character("]"),
            ])
        // A sequence split between reads.
        events = parser.feed(Array("\u{1B}[<0;12".utf8))
        #expect(events.isEmpty && parser.hasPending)
        events = parser.feed(Array(";1M\u{1B}[<65;3;2M\u{1B}[<0;12;1m".utf8))
        #expect(
            events == [
                .mouse(MouseEvent(action: .press, column: 11, row: 0)),
                .mouse(MouseEvent(action: .wheelDown, column: 2, row: 1)),
                .mouse(MouseEvent(action: .release, column: 11, row: 0)),
            ])
        // A lone ESC waits, then is the Escape key.
        events = parser.feed([0x1B])
        #expect(events.isEmpty)
        #expect(parser.flushPendingEscape() == [.key(.escape)])
        // UTF-8, Ctrl-C, Enter, Backspace.
        events = parser.feed(Array("→\u{3}\r\u{7F}".utf8))
        #expect(events == [.character("→"), .key(.interrupt), .key(.enter), .key(.backspace)])
        events = parser.feed(Array("\u{1B}OC\u{1B}OD".utf8))
        #expect(events == [.key(.right), .key(.left)])
    }

    @Test func keyScriptsParseAndRejectUnknownTokens() throws {
        let script = try KeyScript(parsing: "→← ⇧→ b <pgdn><wait:0.5><frames:3><click:4,1><resize:80x10> g12<enter>")
        #expect(
            script.steps == [
                .event(.key(.right)), .event(.key(.left)), .event(.key(.shiftRight)), .event(.character("b")),
                .event(.key(.pageDown)), .wait(0.5), .frames(3),
                .event(.mouse(MouseEvent(action: .press, column: 3, row: 0))), .resize(columns: 80, rows: 10),
                .event(.character("g")), .event(.character("1")), .event(.character("2")), .event(.key(.enter)),
            ])
        #expect(throws: DemoError.self) { try KeyScript(parsing: "<nope>") }
        #expect(throws: DemoError.self) { try KeyScript(parsing: "<wait:x>") }
        #expect(throws: DemoError.self) { try KeyScript(parsing: "<click:0,1>") }
        #expect(throws: DemoError.self) { try KeyScript(parsing: "<right") }
        #expect(throws: DemoError.self) { try KeyScript(parsing: "é") }
    }

    @Test func headlessRunsAreReproducible() throws {
        let keys = "→→ b ]] ⇧→<frames:20> i r <end><frames:7>"
        #expect(try run(keys).dump == run(keys).dump)
    }

    @Test func quitStopsTheScript() throws {
        let r = try run("→ q →")
        #expect(r.quit && r.app.strip.selectedIndex == 1)
    }
}

/// The screen-reader keys: each move says the focused tab on the status
/// line, scrolls it into view and leaves the selection alone; Enter selects
/// it.
@Suite("Demo screen reader")
struct TerminalDemoScreenReaderTests {
    @Test func focusKeysSpeakTheStatusLineAndShowTheTab() throws {
        let r = try run(".=+")
        let app = r.app
        let focus = try #require(app.bar.accessibilityFocus)
        #expect(focus == 111, "1 + 10 + 100 from the selected tab 0")
        #expect(status(app) == "says: \(DemoTitles.title(111)), tab 112 of 100,000")
        #expect(app.bar.visibleTabs.contains(111))
        #expect(app.strip.selectedIndex == 0)
        // Back 100, to tab N, then activate.
        let back = try run(".=+_")
        #expect(back.app.bar.accessibilityFocus == 11)
        let jumped = try run("f77<enter>")
        #expect(jumped.app.bar.accessibilityFocus == 76)
        #expect(status(jumped.app).hasPrefix("says: \(DemoTitles.title(76)), tab 77 of 100,000"))
        let activated = try run("f77<enter><enter>")
        #expect(activated.app.strip.selectedIndex == 76)
        // Out of range: a one-line note, nothing moves.
        let refused = try run("f0<enter>")
        #expect(refused.app.bar.accessibilityFocus == nil)
        #expect(status(refused.app).hasSuffix("no tab 0: tabs are 1…100,000"))
    }
}

/// `u`: a server update applied by tab identity, with stored titles and
/// with titles from a source (`--lazy`).
@Suite("Demo server update")
struct TerminalDemoServerUpdateTests {
    @Test(arguments: [false, true])
    func aServerUpdateKeepsTheSelectedTabAndItsPage(lazy: Bool) throws {
        let before = try run("→→→ b", lazy: lazy).app
        let selectedID = try before.strip.id(ofTab: 3, as: Int.self)
        let after = try run("→→→ b uuu", lazy: lazy)
        let app = after.app
        let selected = try #require(app.strip.selectedIndex)
        #expect(try app.strip.id(ofTab: selected, as: Int.self) == selectedID, "the selection stayed with its tab")
        #expect(try app.strip.badge(ofTab: selected) != .none, "the badge went with its tab")
        #expect(app.bar.currentPage == selected)
        #expect(status(app).contains("server update: 1 removed, 2 inserted"), "\(status(app))")
        #expect(app.strip.tabCount == 100_000 + 3, "three updates, each one removed and two inserted")
        // Every ID once; the tabs far from the view kept theirs.
        var seen = Set<Int>()
        for tab in 0..<40 { #expect(seen.insert(try app.strip.id(ofTab: tab, as: Int.self)).inserted) }
        #expect(try app.strip.id(ofTab: 100_002, as: Int.self) == 99_999)
        #expect(app.strip.titles[100_002] == DemoTitles.title(99_999))
        try expectStripMatchesEngine(app)
    }
}

/// `m`: drag the selected tab to another place, with stored titles and with
/// titles from a source.
@Suite("Demo reorder")
struct TerminalDemoReorderTests {
    @Test(arguments: [false, true])
    func aDroppedTabMovesWithItsSelectionAndPage(lazy: Bool) throws {
        let before = try run("→", lazy: lazy)
        let title = before.app.strip.titles[1]
        let after = try run("→ m →→→→→→ <enter>", lazy: lazy)
        let app = after.app
        let selected = try #require(app.strip.selectedIndex)
        #expect(selected > 1, "the selected tab moved on")
        #expect(app.strip.titles[selected] == title)
        #expect(try app.strip.id(ofTab: selected, as: Int.self) == 1)
        #expect(app.bar.currentPage == selected)
        #expect(status(app).contains("moved “\(title)” from tab 2 to \(selected + 1)"), "\(status(app))")
        #expect(app.bar.draggedTab == nil && !app.bar.needsFrames)
        try expectStripMatchesEngine(app)
        // The titles between made room: the order is the old one with one move.
        var titles = Array(before.app.strip.titles[0..<12])
        titles.insert(titles.remove(at: 1), at: selected)
        #expect(Array(app.strip.titles[0..<12]) == titles)
    }

    @Test func whileDraggingTheLiftedTitleFollowsTheFinger() throws {
        let start = try run("→")
        let title = start.app.strip.titles[1]
        let rest = try #require(column(of: title, row: 0, in: start.app))
        let dragging = try run("→ m →→")
        let app = dragging.app
        #expect(app.bar.draggedTab == 1)
        #expect(column(of: title, row: 0, in: app) == rest + 2 * Int(DemoApp.fingerStep))
        #expect(status(app).contains("Enter drops, Esc cancels"), "\(status(app))")
    }

    @Test(arguments: [false, true])
    func escapePutsTheTabBack(lazy: Bool) throws {
        let before = try run("→", lazy: lazy)
        let after = try run("→ m →→→→ <esc>", lazy: lazy)
        #expect(Array(after.app.strip.titles[0..<20]) == Array(before.app.strip.titles[0..<20]))
        #expect(status(after.app).hasSuffix("reorder cancelled"))
        try expectStripMatchesEngine(after.app)
    }
}

/// `p`: the first and the last tab pinned.
@Suite("Demo pinned tabs")
struct TerminalDemoPinnedTabsTests {
    @Test func pinnedTabsStayInViewWhileTheStripScrolls() throws {
        let first = DemoTitles.title(0)
        let pinned = try run("p ⇧→<frames:60> ⇧→<frames:60>")
        let app = pinned.app
        #expect(app.strip.pinnedTabs == PinnedTabs(leading: 1, trailing: 1))
        #expect(app.strip.contentOffset > 200, "the strip scrolled")
        #expect(column(of: first, row: 0, in: app) != nil, "tab 1 is still on screen")
        let note = try run("p").app
        #expect(status(note).contains("pinned tabs 1 and 100,000"), "\(status(note))")
        try expectStripMatchesEngine(app)
        // Without the pins, the same scroll takes tab 1 off screen.
        let unpinned = try run("p p ⇧→<frames:60> ⇧→<frames:60>")
        #expect(unpinned.app.strip.pinnedTabs == .none)
        #expect(column(of: first, row: 0, in: unpinned.app) == nil)
        #expect(status(try run("p p").app).hasSuffix("unpinned: every tab scrolls"))
        try expectStripMatchesEngine(unpinned.app)
    }
}

/// Each page's appearance steps: in the status line (▶ page N) and, with
/// `--events FILE`, as lines of `<time> <step> <page>`.
@Suite("Demo page appearance")
struct TerminalDemoPageAppearanceTests {
    final class Lines { var lines: [String] = [] }

    @Test func aSwipeAndAJumpTellTheirPagesInOrder() throws {
        let lines = Lines()
        let run = try HeadlessRun(
            titleCount: 1_000, columns: 100, rows: 12, script: KeyScript(parsing: "] g 5 0 <enter>"),
            appearance: { lines.lines.append($0) })
        let steps = lines.lines.map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
        #expect(
            steps == [
                "willAppear 0", "didAppear 0",
                "willDisappear 0", "willAppear 1", "didDisappear 0", "didAppear 1",
                "willDisappear 1", "willAppear 49", "didDisappear 1", "didAppear 49",
            ])
        // Times on the demo's clock, in order.
        let times = lines.lines.compactMap { Double($0.split(separator: " ")[0]) }
        #expect(times.count == lines.lines.count && times == times.sorted())
        #expect(status(run.app).contains("▶ page 50"), "\(status(run.app))")
    }

    @Test func theEventsOptionNamesAFile() throws {
        let options = try DemoOptions(arguments: ["--events", "/tmp/x.txt", "--dump"])
        #expect(options.events == "/tmp/x.txt")
        #expect(throws: DemoError.self) { try DemoOptions(arguments: ["--events"]) }
        #expect(DemoOptions.helpText.contains("--events FILE"))
    }
}
