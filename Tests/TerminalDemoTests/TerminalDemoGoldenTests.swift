import TabStrip
import TerminalDemoKit
import Testing

/// Headless runs of the demo, checked against what the engine says: frames,
/// indicator, visible range, transition, pager, page cache.
@Suite struct TerminalDemoGoldenTests {
    @Test func startScreenShowsTheFirstTabsAndStatus() throws {
        let r = try run("")
        let app = r.app
        try expectStripMatchesEngine(app)
        #expect(app.strip.selectedIndex == 0)
        #expect(status(app).hasPrefix("1 of 100,000 · \(DemoTitles.title(0))"))
        #expect(
            status(app).contains("visible \(app.strip.visibleTabs.lowerBound)..<\(app.strip.visibleTabs.upperBound)"))
        // The page area shows page 1, loaded once, and the cache's live pages.
        let page = app.render().text(ofRow: 2)
        #expect(page.contains("Page 1 · \(DemoTitles.title(0))"))
        #expect(app.render().text(ofRow: 4).contains("live pages: 1 2 (2 of 16)"))
        // The indicator sits under the selected title, inside the padding.
        let frame0 = try app.strip.frame(ofTab: 0)
        let underline = Set((0..<app.columns).filter { app.render()[1, $0].glyph == "━" })
        #expect(underline == Set((Int(frame0.minX) + 1)..<(Int(frame0.maxX) - 1)))
        let cells = cellStatus(app)
        #expect(cells.hasPrefix("cells \(app.bar.visibleTabs.count) alive · \(app.host.made) created"))
    }

    @Test func arrowsSelectNeighboursWithTheAnimatedTransition() throws {
        // Six frames into the second press: the transition is under way.
        var r = try run("→→<frames:6>")
        let app = r.app
        let transition = try #require(app.strip.transition)
        #expect(transition.from == 1 && transition.to == 2)
        #expect(transition.fraction > 0 && transition.fraction < 1)
        try expectStripMatchesEngine(app)
        // Both titles are recoloured as the engine computes mid-way.
        let leaving = try app.strip.titleAppearance(ofTab: 1)
        let entering = try app.strip.titleAppearance(ofTab: 2)
        #expect(leaving.selection > 0 && leaving.selection < 1 && entering.selection > 0 && entering.selection < 1)
        // Then it lands, centred as the engine wants it.
        r.settle()
        #expect(app.strip.selectedIndex == 2 && app.strip.transition == nil)
        #expect(app.strip.contentOffset == (try app.strip.targetContentOffset(forSelecting: 2, scroll: .center)))
        try expectStripMatchesEngine(app)
        #expect(status(app).hasPrefix("3 of 100,000"))
        // Going far enough right scrolls the strip to centre the selection.
        r.run(try KeyScript(parsing: String(repeating: "l", count: 20)))
        #expect(app.strip.selectedIndex == 22)
        let frame = try app.strip.frame(ofTab: 22)
        let centre = frame.midX - app.strip.contentOffset
        #expect(abs(centre - Double(app.columns) / 2) <= 0.5)
        try expectStripMatchesEngine(app)
        // h goes back.
        r.run(try KeyScript(parsing: "h"))
        #expect(app.strip.selectedIndex == 21)
    }

    @Test func flingsFollowTheEnginesScrollPhysics() throws {
        var r = try run("")
        let app = r.app
        let physics = app.bar.stripPhysics
        let fling = try Fling(
            position: 0, velocityPerSecond: app.flingSpeed, startTime: r.time,
            bounds: app.strip.contentOffsetRange, physics: physics)
        r.run(try KeyScript(parsing: "⇧→<frames:12>"))
        // Mid-fling: the offset is the fling's position at this frame.
        #expect(abs(app.strip.contentOffset - fling.position(at: r.time)) < 1e-9)
        #expect(app.isMoving)
        try expectStripMatchesEngine(app)
        r.settle()
        #expect(abs(app.strip.contentOffset - fling.restingPosition) < 1e-9)
        #expect(fling.restingPosition > Double(app.columns)) // travelled more than a screen
        #expect(app.strip.selectedIndex == 0) // a fling does not select
        try expectStripMatchesEngine(app)
        let visible = app.strip.visibleTabs
        #expect(status(app).contains("visible \(visible.lowerBound)..<\(visible.upperBound)"))
        // The cells were reused, not made anew for every tab that entered.
        #expect(app.bar.cellCounts.reused > 0)
        #expect(app.host.made < visible.upperBound)
    }

    @Test func aFlingPastTheStartRubberBandsBack() throws {
        var r = try run("⇧←<frames:10>")
        let app = r.app
        // Past the leading edge: the offset is negative, the first title
        // is drawn right of its resting column.
        #expect(app.strip.contentOffset < 0)
        let layout = try app.strip.contentLayout(ofTab: 0)
        let shown = try #require(column(of: DemoTitles.title(0), row: 0, in: app))
        #expect(shown == Int(layout.title.minX) - app.scrollColumn && shown > Int(layout.title.minX))
        r.settle()
        #expect(app.strip.contentOffset == 0)
        try expectStripMatchesEngine(app)
    }

    @Test func homeEndAndGoToJumpWithTheAnimation() throws {
        var r = try run("<end><frames:15>")
        let app = r.app
        // 0.125 s into the 0.25 s jump: the pager already is on the last page.
        let jump = try #require(app.bar.pageJump)
        #expect(jump.to == 99_999 && jump.isForward)
        try expectStripMatchesEngine(app)
        // The two pages slide: the old one out to the left, the new one in
        // from the right, where the jump's fraction puts them.
        let f = jump.fraction(at: r.time)
        #expect(f > 0 && f < 1)
        let incoming = Int(((1 - f) * 100).rounded())
        #expect(app.render()[2, incoming].glyph == "│")
        #expect(column(of: "Page 100,000 · ", row: 2, in: app) == incoming + 2)
        let outgoing = Int((-f * 100).rounded())
        if outgoing + 2 >= 0 { #expect(column(of: "Page 1 · ", row: 2, in: app) == outgoing + 2) }
        // Left of the incoming edge is the outgoing page (its own tint).
        let screen = app.render()
        #expect(
            screen[3, 0].style.background != nil
                && screen[3, 0].style.background != screen[3, incoming + 1].style.background)
        r.settle()
        #expect(app.strip.selectedIndex == 99_999)
        #expect(app.strip.contentOffset == app.strip.contentOffsetRange.upperBound)
        #expect(status(app).hasPrefix("100,000 of 100,000"))
        try expectStripMatchesEngine(app)
        r.run(try KeyScript(parsing: "g12345"))
        #expect(status(app).hasPrefix("go to tab: 12345"))
        r.run(try KeyScript(parsing: "<enter>"))
        #expect(app.strip.selectedIndex == 12_344)
        #expect(status(app).hasPrefix("12,345 of 100,000"))
        try expectStripMatchesEngine(app)
        r.run(try KeyScript(parsing: "<home>"))
        #expect(app.strip.selectedIndex == 0 && app.strip.contentOffset == 0)
        // A bad number is refused with a note.
        r.run(try KeyScript(parsing: "g0<enter>"))
        #expect(app.strip.selectedIndex == 0 && status(app).contains("no tab 0"))
        // The pages between were never loaded: only the targets and their
        // neighbours.
        #expect(app.pageLog.loads.keys.allSatisfy { [0, 1, 99_998, 99_999, 12_343, 12_344, 12_345].contains($0) })
    }

    @Test func aBadgeWidensItsTabAndMovesTheNeighbours() throws {
        let before = try run("→")
        let r = try run("→b")
        let app = r.app
        let count = DemoApp.badgeCount(forTab: 1)
        #expect(try app.strip.badge(ofTab: 1) == .count(count))
        let text = try #require(try DemoApp.badgeStyle.text(of: .count(count)))
        let widthBefore = try before.app.strip.frame(ofTab: 1).width
        let widthAfter = try app.strip.frame(ofTab: 1).width
        #expect(widthAfter == widthBefore + 1 + Double(text.count))
        let x2Before = try before.app.strip.frame(ofTab: 2).minX
        #expect(try app.strip.frame(ofTab: 2).minX == x2Before + widthAfter - widthBefore)
        // The badge is drawn at the engine's badge frame.
        let badge = try #require(try app.strip.badgeFrame(ofTab: 1))
        #expect(column(of: text, row: 0, in: app) == Int(badge.minX) - app.scrollColumn)
        try expectStripMatchesEngine(app)
        #expect(status(app).contains("[\(text)]"))
        // And b again removes it.
        var again = r
        again.run(try KeyScript(parsing: "b"))
        #expect(try app.strip.frame(ofTab: 1).width == widthBefore)
    }

    @Test(arguments: [false, true])
    func insertAndDeleteNextToTheSelectionKeepTheFirstVisibleTabInPlace(lazy: Bool) throws {
        var r = try run("g500<enter>", lazy: lazy)
        let app = r.app
        let first = 497 // on screen, before the selection (tab 500 is centred)
        #expect(try app.strip.frame(ofTab: first).minX >= app.strip.contentOffset)
        let firstTitle = app.strip.titles[first]
        let shownBefore = try #require(column(of: firstTitle, row: 0, in: app))
        r.run(try KeyScript(parsing: "i"))
        #expect(app.strip.tabCount == 100_001)
        #expect(app.strip.titles[500] == DemoTitles.title(100_000))
        #expect(app.strip.selectedIndex == 499)
        #expect(status(app).hasPrefix("500 of 100,001"))
        // Scroll anchoring: the tabs before the insertion stay put.
        #expect(column(of: firstTitle, row: 0, in: app) == shownBefore)
        try expectStripMatchesEngine(app)
        // The pager follows the new count and reloads around the selection.
        #expect(app.bar.strip.tabCount == 100_001)
        r.run(try KeyScript(parsing: "dd"))
        #expect(app.strip.tabCount == 99_999)
        #expect(app.strip.titles[500] == DemoTitles.title(501))
        #expect(column(of: firstTitle, row: 0, in: app) == shownBefore)
        try expectStripMatchesEngine(app)
    }

    @Test func rightToLeftMirrorsTheStrip() throws {
        let r = try run("r")
        let app = r.app
        #expect(app.strip.layout.direction == .rightToLeft)
        #expect(app.strip.selectedIndex == 0)
        // Tab 0 is at the right end and in view, tab 1 to its left.
        let frame0 = try app.strip.frame(ofTab: 0)
        let frame1 = try app.strip.frame(ofTab: 1)
        #expect(frame1.maxX <= frame0.minX)
        #expect(frame0.maxX - app.strip.contentOffset == Double(app.columns))
        try expectStripMatchesEngine(app)
        #expect(status(app).contains("RTL"))
        // ← selects the tab on the left: the next one.
        var next = r
        next.run(try KeyScript(parsing: "←←"))
        #expect(app.strip.selectedIndex == 2)
        try expectStripMatchesEngine(app)
        next.run(try KeyScript(parsing: "r"))
        #expect(app.strip.layout.direction == .leftToRight && app.strip.selectedIndex == 2)
        try expectStripMatchesEngine(app)
    }

    @Test func resizingKeepsTheSelectedTabInView() throws {
        var r = try run("g40<enter>")
        let app = r.app
        r.run(try KeyScript(parsing: "<resize:60x10>"))
        #expect(app.columns == 60 && app.rows == 10)
        #expect(app.strip.viewport.width == 60)
        let frame = try app.strip.frame(ofTab: 39)
        #expect(frame.minX >= app.strip.contentOffset && frame.maxX <= app.strip.contentOffset + 60)
        #expect(app.bar.pageWidth == 60)
        #expect(app.render().columns == 60)
        try expectStripMatchesEngine(app)
        #expect(status(app).hasPrefix("40 of 100,000"))
        // Too small: a message instead of the strip; back to normal after.
        r.run(try KeyScript(parsing: "<resize:10x4>"))
        #expect(app.render().plainText.contains("Too small"))
        r.run(try KeyScript(parsing: "<resize:100x12>"))
        try expectStripMatchesEngine(app)
    }

    @Test func pageStepsGoThroughThePagerWithAVisibleSettle() throws {
        var r = try run("]<frames:14>")
        let app = r.app
        // The swipe was released after 80 ms; the pager now settles.
        #expect(app.bar.needsFrames && app.bar.pageJump == nil)
        let offset = app.bar.pageOffset
        #expect(offset > 0 && offset < 100)
        let transition = try #require(app.strip.transition)
        #expect(transition.to == 1 && abs(transition.fraction - offset / 100) < 1e-9)
        try expectStripMatchesEngine(app)
        // Page 2's left edge is on screen where the pager puts it.
        let edge = Int((100 - offset).rounded())
        #expect(app.render()[2, edge].glyph == "│")
        #expect(column(of: "Page 2 · ", row: 2, in: app) == edge + 2)
        r.settle()
        #expect(app.strip.selectedIndex == 1 && app.bar.currentPage == 1)
        try expectStripMatchesEngine(app)
        #expect(app.render().text(ofRow: 2).contains("Page 2 · \(DemoTitles.title(1))"))
        // ]] then [ : two on, one back.
        r.run(
            try KeyScript(parsing: "]][")
        )
        #expect(app.strip.selectedIndex == 2)
        #expect(app.render().text(ofRow: 4).contains("live pages:"))
        #expect(app.bar.page(at: 2) != nil && app.bar.page(at: 1) != nil && app.bar.page(at: 3) != nil)
        #expect(app.render().text(ofRow: 3).contains("loaded \(app.pageLog.loads[2] ?? 0)×"))
    }

    @Test func heldDragsMoveTheIndicatorAndReleaseByThePagingRule() throws {
        // One press: 3 columns; the indicator and titles follow the engine.
        var r = try run("}<frames:2>")
        let app = r.app
        let transition = try #require(app.strip.transition)
        #expect(transition.to == 1 && abs(transition.fraction - 3.0 / 100) < 1e-12)
        try expectStripMatchesEngine(app)
        r.settle() // released after 0.3 s: 3 < 8 columns, back to page 1
        #expect(app.strip.selectedIndex == 0 && app.strip.transition == nil)
        // Three presses in a row: 9 columns, past the threshold.
        r.run(try KeyScript(parsing: "}<frames:2>}<frames:2>}<frames:2>"))
        #expect(abs((app.strip.transition?.fraction ?? 0) - 9.0 / 100) < 1e-12)
        try expectStripMatchesEngine(app)
        r.settle()
        #expect(app.strip.selectedIndex == 1)
        r.run(try KeyScript(parsing: "{<frames:2>{<frames:2>{"))
        #expect(app.strip.selectedIndex == 0)
    }

    @Test func mouseClicksSelectAndTheWheelScrolls() throws {
        var r = try run("")
        let app = r.app
        let frame = try app.strip.frame(ofTab: 4)
        let x = Int(frame.midX) + 1 // 1-based column
        r.run(try KeyScript(parsing: "<click:\(x),1>"))
        #expect(app.strip.selectedIndex == 4)
        try expectStripMatchesEngine(app)
        // Three quick notches: a drag of 12 columns, then a fling.
        r.run(try KeyScript(parsing: "<wheeldown:5,1><frames:1><wheeldown:5,1><frames:1><wheeldown:5,1><frames:1>"))
        #expect(app.strip.contentOffset == 12 + (try app.strip.targetContentOffset(forSelecting: 4, scroll: .center)))
        r.settle()
        #expect(app.strip.contentOffset > 24)
        #expect(app.strip.selectedIndex == 4)
        try expectStripMatchesEngine(app)
    }

    @Test func aMillionTitlesWork() throws {
        // (10,000,000 is run by the end-to-end script on a release build.)
        let r = try run("<end>", titles: 1_000_000)
        #expect(r.app.strip.selectedIndex == 999_999)
        #expect(status(r.app).hasPrefix("1,000,000 of 1,000,000"))
        try expectStripMatchesEngine(r.app)
    }

    @Test func badStartsAreOneLineErrors() throws {
        #expect(throws: DemoError.self) { try DemoOptions(arguments: ["--titles", "0"]) }
        #expect(throws: DemoError.self) { try DemoOptions(arguments: ["--titles", "ten"]) }
        #expect(throws: DemoError.self) { try DemoOptions(arguments: ["--titles", "10000001"]) }
        #expect(throws: DemoError.self) { try DemoOptions(arguments: ["--size", "100x12"]) } // needs --dump
        #expect(throws: DemoError.self) { try DemoOptions(arguments: ["--bogus"]) }
        #expect(throws: DemoError.self) { try DemoApp(titleCount: 10, columns: DemoApp.minimumColumns - 1, rows: 12) }
        #expect(throws: DemoError.self) { try DemoApp(titleCount: 10, columns: 100, rows: DemoApp.minimumRows - 1) }
        let options = try DemoOptions(arguments: ["--titles", "42", "--size", "80x10", "--keys", "→", "--dump"])
        #expect(options.titleCount == 42 && options.size?.columns == 80 && options.keys == "→" && options.dump)
        _ = try DemoApp(titleCount: 10, columns: DemoApp.minimumColumns, rows: DemoApp.minimumRows)
    }

    @Test func everyTitleFitsTheMinimumWidth() throws {
        var widest = 0
        for n in 0..<200_000 { widest = max(widest, DisplayColumns.columns(of: DemoTitles.title(n))) }
        #expect(widest <= DemoTitles.maximumColumns)
        // The mix has wide (CJK, emoji) and narrow (Latin) titles.
        let sample = DemoTitles.titles(count: 1000)
        #expect(sample.contains { $0.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) } })
        #expect(sample.contains { $0.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) } })
        #expect(sample.contains { $0.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } })
        #expect(sample.contains { $0.unicodeScalars.contains { $0.properties.isEmojiPresentation } })
        #expect(sample.contains { $0.allSatisfy(\.isASCII) })
    }
}
