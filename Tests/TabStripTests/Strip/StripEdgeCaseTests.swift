import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// Tiny strips, odd titles, faulty measurers, bad input and the transition
/// rules, each with hand-computed answers.
@Suite struct StripEdgeCaseTests {
    static let viewport = Viewport(width: 390, height: 44)

    /// Runs `body`, expecting `error` and an untouched strip.
    static func expectRefusal(
        _ strip: inout TabStrip, _ error: TabStripError,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: (inout TabStrip) throws(TabStripError) -> Void
    ) {
        let before = StripSnapshot(strip)
        var thrown: TabStripError?
        do throws(TabStripError) { try body(&strip) } catch { thrown = error }
        #expect(thrown == error, sourceLocation: sourceLocation)
        #expect(StripSnapshot(strip) == before, "the strip changed", sourceLocation: sourceLocation)
        strip._checkInvariants()
    }

    @Test func emptyStrip() throws {
        var strip = try TabStrip(titles: [String](), viewport: Self.viewport, selectedIndex: 7)
        strip._checkInvariants()
        #expect(strip.tabCount == 0 && strip.selectedIndex == nil && strip.transition == nil)
        #expect(strip.visibleTabs.isEmpty && strip.badgedTabs.isEmpty)
        #expect(strip.contentWidth == 390 && strip.contentOffsetRange == 0...0)
        #expect(strip.indicatorFrame == nil && strip.selectionOverlay == nil)
        #expect(try strip.tab(atContentX: 10) == nil)
        Self.expectRefusal(&strip, .indexOutOfRange(index: 0, count: 0)) { s throws(TabStripError) in try s.select(0) }
        Self.expectRefusal(&strip, .indexOutOfRange(index: 0, count: 0)) { s throws(TabStripError) in
            try s.setTransition(to: 0, fraction: 0.5)
        }
        Self.expectRefusal(&strip, .countMismatch(expected: 0, actual: 1)) { s throws(TabStripError) in
            try s.setPagerProgress(PagerProgress(currentIndex: 0, progress: 0, pageCount: 1))
        }
        Self.expectRefusal(&strip, .indexOutOfRange(index: 0, count: 0)) { s throws(TabStripError) in
            try s.renameTab(0, to: "x")
        }
        Self.expectRefusal(&strip, .indexOutOfRange(index: 0, count: 0)) { s throws(TabStripError) in
            try s.setBadge(.dot, ofTab: 0)
        }
        Self.expectRefusal(&strip, .indexOutOfRange(index: 0, count: 0)) { s throws(TabStripError) in
            try s.moveTab(from: 0, to: 0)
        }
        Self.expectRefusal(&strip, .indexOutOfRange(index: 1, count: 0)) { s throws(TabStripError) in
            try s.removeTabs(in: 0..<1)
        }
        Self.expectRefusal(&strip, .indexOutOfRange(index: 1, count: 0)) { s throws(TabStripError) in
            try s.insertTabs(["a"], at: 1)
        }
        #expect(throws: TabStripError.indexOutOfRange(index: 0, count: 0)) { try strip.accessibility(ofTab: 0) }
        // Changes that need no tab work.
        try strip.setViewport(Viewport(width: 200, height: 40))
        try strip.setLayout(TabStripLayout(direction: .rightToLeft))
        try strip.setSizing(.fixed(width: 50))
        try strip.setContentOffset(-20)
        try strip.removeTabs(in: 0..<0)
        try strip.insertTabs([String](), at: 0)
        #expect(strip.contentOffset == -20)
        // The first tab inserted into an empty strip is selected.
        try strip.insertTabs(["a", "b"], at: 0)
        #expect(strip.selectedIndex == 0)
        #expect(strip.contentOffset == 0, "clamped; right to left, 100 points in a 200-point viewport")
        #expect(try strip.frame(ofTab: 0) == Rect(x: 150, y: 0, width: 50, height: 40))
        strip._checkInvariants()
    }

    @Test func oneTab() throws {
        var strip = try TabStrip(titles: ["推荐"], viewport: Self.viewport)
        try strip.select(0, scroll: .center)
        #expect(strip.contentOffset == 0)
        // A drag on the only page has nowhere to go.
        try strip.setPagerProgress(PagerProgress(currentIndex: 0, progress: 0.5, pageCount: 1))
        #expect(strip.transition == nil)
        try strip.setTransition(to: 0, fraction: 1)
        #expect(strip.transition == nil)
        try strip.moveTab(from: 0, to: 0)
        #expect(try strip.accessibility(ofTab: 0).positionDescription == "1 of 1")
        #expect(strip.visibleTabs == 0..<1)
        try strip.removeTabs(in: 0..<1)
        #expect(strip.selectedIndex == nil && strip.tabCount == 0)
        strip._checkInvariants()
    }

    @Test func duplicateAndEmptyTitles() throws {
        var strip = try TabStrip(titles: ["推荐", "推荐", "", "推荐"], viewport: Self.viewport, selectedIndex: 1)
        // An empty title is the padding alone.
        #expect(try StripEditTests.widths(strip) == [72, 72, 40, 72])
        // Tabs are positional: only tab 1 looks selected.
        #expect(try strip.titleAppearance(ofTab: 1).selection == 1)
        #expect(try strip.titleAppearance(ofTab: 0).selection == 0 && strip.titleAppearance(ofTab: 3).selection == 0)
        #expect(strip.indicatorFrame == Rect(x: 92, y: 40, width: 32, height: 3))
        // The empty title's box: zero wide, at the padding.
        #expect(
            try strip.contentLayout(ofTab: 2)
                == TabContentLayout(title: Rect(x: 164, y: 0, width: 0, height: 44), badge: nil))
        let a = try strip.accessibility(ofTab: 2)
        #expect(a.label == "" && a.position == 3 && a.count == 4 && !a.isSelected)
        try strip.renameTab(0, to: "推荐")
        #expect(strip.titles == ["推荐", "推荐", "", "推荐"])
        try strip.moveTab(from: 1, to: 3)
        #expect(strip.selectedIndex == 3)
        // Zero padding: the empty tab is zero wide and takes no taps.
        try strip.setSizing(.measured(padding: 0))
        #expect(try StripEditTests.widths(strip) == [32, 0, 32, 32])
        #expect(try strip.tab(atContentX: 32) == 2)
        #expect(strip.visibleTabs == 0..<4)
        strip._checkInvariants()
    }

    @Test func badMeasurementsNameTheTab() throws {
        let faulty = TabSizing.measured(by: FaultyMeasurer())
        #expect(throws: TabStripError.invalidWidth(index: 2, value: .nan)) {
            try TabStrip(titles: ["ok", "ok", "nan", "neg"], sizing: faulty, viewport: Self.viewport)
        }
        var strip = try TabStrip(titles: ["ok", "ok", "ok"], sizing: faulty, viewport: Self.viewport)
        #expect(try StripEditTests.widths(strip) == [56, 56, 56])
        Self.expectRefusal(&strip, .invalidWidth(index: 2, value: -1)) { s throws(TabStripError) in
            try s.insertTabs(["ok", "neg"], at: 1)
        }
        Self.expectRefusal(&strip, .invalidWidth(index: 3, value: .infinity)) { s throws(TabStripError) in
            try s.insertTabs(["inf"], at: 3)
        }
        Self.expectRefusal(&strip, .invalidWidth(index: 1, value: .infinity)) { s throws(TabStripError) in
            try s.renameTab(1, to: "inf")
        }
        Self.expectRefusal(&strip, .invalidWidth(index: 3, value: .nan)) { s throws(TabStripError) in
            try s.replaceAllTabs(with: ["a", "b", "c", "nan", "neg"])
        }
        // Unmeasured rules accept any title; measuring them later fails on
        // the first bad one.
        try strip.setSizing(.fixed(width: 80))
        try strip.insertTabs(["neg", "nan"], at: 1)
        #expect(try strip.contentLayout(ofTab: 1).title.width == 80)
        Self.expectRefusal(&strip, .invalidWidth(index: 1, value: -1)) { s throws(TabStripError) in
            try s.setSizing(faulty)
        }
        // Padding so large that the width would overflow is refused by name.
        #expect(
            throws: TabStripError.lengthExceedsLimit(name: "padding", value: 1e308, limit: TabStripLimits.maximumLength)
        ) {
            try TabStrip(titles: ["a"], sizing: .measured(padding: 1e308), viewport: Self.viewport)
        }
    }

    @Test func badInputLeavesTheStripAlone() throws {
        var strip = try StripSeedTests.douyin()
        try strip.setBadge(.count(3), ofTab: 2)
        try strip.select(4)
        try strip.setTransition(to: 5, fraction: 0.5)
        let n = strip.tabCount
        Self.expectRefusal(&strip, .indexOutOfRange(index: 11, count: n)) { s throws(TabStripError) in
            try s.insertTabs(["a"], at: 11)
        }
        Self.expectRefusal(&strip, .indexOutOfRange(index: -1, count: n)) { s throws(TabStripError) in
            try s.insertTabs(["a"], at: -1)
        }
        Self.expectRefusal(&strip, .indexOutOfRange(index: -2, count: n)) { s throws(TabStripError) in
            try s.removeTabs(in: -2..<3)
        }
        Self.expectRefusal(&strip, .indexOutOfRange(index: 12, count: n)) { s throws(TabStripError) in
            try s.removeTabs(in: 3..<12)
        }
        Self.expectRefusal(&strip, .indexOutOfRange(index: 10, count: n)) { s throws(TabStripError) in
            try s.renameTab(10, to: "x")
        }
        Self.expectRefusal(&strip, .invalidValue(name: "badgeCount", value: -4)) { s throws(TabStripError) in
            try s.setBadge(.count(-4), ofTab: 1)
        }
        Self.expectRefusal(&strip, .indexOutOfRange(index: -1, count: n)) { s throws(TabStripError) in
            try s.setBadge(.dot, ofTab: -1)
        }
        Self.expectRefusal(&strip, .indexOutOfRange(index: 10, count: n)) { s throws(TabStripError) in
            try s.moveTab(from: 10, to: 0)
        }
        Self.expectRefusal(&strip, .indexOutOfRange(index: 10, count: n)) { s throws(TabStripError) in
            try s.moveTab(from: 0, to: 10)
        }
        Self.expectRefusal(&strip, .invalidValue(name: "padding", value: -1)) { s throws(TabStripError) in
            try s.setSizing(.measured(padding: -1))
        }
        Self.expectRefusal(&strip, .invalidValue(name: "maximum", value: 10)) { s throws(TabStripError) in
            try s.setSizing(.measured(minimum: 20, maximum: 10))
        }
        Self.expectRefusal(&strip, .invalidValue(name: "width", value: 0)) { s throws(TabStripError) in
            try s.setSizing(.fixed(width: 0))
        }
        Self.expectRefusal(&strip, .invalidValue(name: "spacing", value: .nan)) { s throws(TabStripError) in
            try s.setSizing(.equalDivision(spacing: .nan))
        }
        Self.expectRefusal(&strip, .invalidValue(name: "gap", value: -1)) { s throws(TabStripError) in
            try s.setSizing(.measured(badgeStyle: BadgeStyle(gap: -1)))
        }
        Self.expectRefusal(&strip, .invalidViewport(width: 0, height: 44)) { s throws(TabStripError) in
            try s.setViewport(Viewport(width: 0, height: 44))
        }
        Self.expectRefusal(&strip, .invalidViewport(width: 390, height: .infinity)) { s throws(TabStripError) in
            try s.setViewport(Viewport(width: 390, height: .infinity))
        }
        Self.expectRefusal(&strip, .invalidValue(name: "contentInsets.trailing", value: -3)) {
            s throws(TabStripError) in
            try s.setLayout(TabStripLayout(contentInsets: HorizontalInsets(trailing: -3)))
        }
        Self.expectRefusal(&strip, .invalidValue(name: "overscan", value: .nan)) { s throws(TabStripError) in
            try s.setLayout(TabStripLayout(overscan: .nan))
        }
        Self.expectRefusal(&strip, .invalidOffset(.nan)) { s throws(TabStripError) in try s.setContentOffset(.nan) }
        Self.expectRefusal(&strip, .invalidOffset(-.infinity)) { s throws(TabStripError) in
            try s.setContentOffset(-.infinity)
        }
        Self.expectRefusal(&strip, .indexOutOfRange(index: 10, count: n)) { s throws(TabStripError) in try s.select(10)
        }
        Self.expectRefusal(&strip, .indexOutOfRange(index: -1, count: n)) { s throws(TabStripError) in
            try s.setTransition(to: -1, fraction: 0.5)
        }
        Self.expectRefusal(&strip, .invalidValue(name: "fraction", value: .nan)) { s throws(TabStripError) in
            try s.setTransition(to: 3, fraction: .nan)
        }
        Self.expectRefusal(&strip, .invalidValue(name: "revealMargin", value: -1)) { s throws(TabStripError) in
            try s.setRevealMargin(-1)
        }
        #expect(throws: TabStripError.invalidValue(name: "revealMargin", value: .infinity)) {
            try TabStrip(titles: ["a"], viewport: Self.viewport, revealMargin: .infinity)
        }
        #expect(throws: TabStripError.indexOutOfRange(index: 3, count: 2)) {
            try TabStrip(titles: ["a", "b"], viewport: Self.viewport, selectedIndex: 3)
        }
        #expect(throws: TabStripError.invalidViewport(width: .nan, height: 44)) {
            try TabStrip(titles: ["a"], viewport: Viewport(width: .nan, height: 44))
        }
        #expect(throws: TabStripError.invalidValue(name: "spacing", value: -1)) {
            try TabStrip(titles: ["a"], layout: TabStripLayout(spacing: -1), viewport: Self.viewport)
        }
        #expect(strip.transition == TabTransition(from: 4, to: 5, fraction: 0.5))
    }

    @Test func transitionRules() throws {
        var strip = try StripSeedTests.douyin()
        try strip.select(4, scroll: .none)
        // The fraction is clamped to [0, 1]; 0, or the selected tab, ends it.
        try strip.setTransition(to: 7, fraction: 1.5)
        #expect(strip.transition == TabTransition(from: 4, to: 7, fraction: 1))
        try strip.setTransition(to: 7, fraction: -0.5)
        #expect(strip.transition == nil)
        try strip.setTransition(to: 4, fraction: 0.5)
        #expect(strip.transition == nil)
        let running = TabTransition(from: 4, to: 7, fraction: 0.25)
        func restart() throws { try strip.setTransition(to: 7, fraction: 0.25) }

        // Renaming, badges, sizing, viewport, layout, offsets and no-op
        // edits keep it.
        try restart()
        try strip.renameTab(7, to: "Sports")
        try strip.setBadge(.count(120), ofTab: 4)
        try strip.setSizing(.measured(padding: 16))
        try strip.setViewport(Viewport(width: 320, height: 44))
        try strip.setLayout(TabStripLayout(spacing: 4))
        try strip.setContentOffset(50)
        try strip.setRevealMargin(10)
        try strip.insertTabs([String](), at: 3)
        try strip.removeTabs(in: 2..<2)
        try strip.moveTab(from: 6, to: 6)
        #expect(strip.transition == running)
        strip._checkInvariants()

        // Edits that add, remove or reorder tabs end it, as do selecting
        // and ending it.
        for edit in 0..<6 {
            try strip.select(4, scroll: .none)
            try restart()
            #expect(strip.transition == running)
            switch edit {
            case 0: try strip.insertTabs(["x"], at: 9)
            case 1: try strip.removeTabs(in: 9..<10)
            case 2:
                try strip.moveTab(from: 0, to: 1)
                try strip.moveTab(from: 1, to: 0)
            case 3: try strip.select(4, scroll: .none)
            case 4: strip.endTransition()
            default: try strip.replaceAllTabs(with: strip.titles)
            }
            #expect(strip.transition == nil, "edit \(edit)")
            strip._checkInvariants()
        }
    }

    @Test func badgesWidenMeasuredTabsAndSitAfterTheTitle() throws {
        var strip = try TabStrip(titles: ["推荐", "关注"], viewport: Self.viewport)
        // .count(5): a 16 × 16 pill, 4 after the title: 72 + 20 = 92.
        try strip.setBadge(.count(5), ofTab: 0)
        #expect(try StripEditTests.widths(strip) == [92, 72])
        #expect(
            try strip.contentLayout(ofTab: 0)
                == TabContentLayout(
                    title: Rect(x: 20, y: 0, width: 32, height: 44),
                    badge: Rect(x: 56, y: 8, width: 16, height: 16)
                ))
        #expect(try strip.badgeFrame(ofTab: 0) == Rect(x: 56, y: 8, width: 16, height: 16))
        #expect(try strip.badgeFrame(ofTab: 1) == nil)
        // Widths by badge: dot 6, "42" 22, "99+" 29 (plus the 4-point gap).
        try strip.setBadge(.dot, ofTab: 1)
        #expect(try StripEditTests.widths(strip) == [92, 82])
        try strip.setBadge(.count(42), ofTab: 1)
        #expect(try StripEditTests.widths(strip) == [92, 98])
        try strip.setBadge(.count(100), ofTab: 1)
        #expect(try StripEditTests.widths(strip) == [92, 105])
        try strip.setBadge(.count(0), ofTab: 1)
        #expect(try StripEditTests.widths(strip) == [92, 92])
        try strip.setBadge(.none, ofTab: 1)
        #expect(try StripEditTests.widths(strip) == [92, 72])
        #expect(strip.badgedTabs == [0])
        // Right to left: tab 0 is at the right end (298...390); the badge
        // goes left of the title.
        try strip.setLayout(TabStripLayout(direction: .rightToLeft))
        #expect(
            try strip.contentLayout(ofTab: 0)
                == TabContentLayout(
                    title: Rect(x: 338, y: 0, width: 32, height: 44),
                    badge: Rect(x: 318, y: 8, width: 16, height: 16)
                ))
        // Badges move with their tabs.
        try strip.insertTabs(["a"], at: 0)
        #expect(strip.badgedTabs == [1])
        try strip.moveTab(from: 1, to: 2)
        #expect(try strip.badgedTabs == [2] && strip.badge(ofTab: 2) == .count(5))
        try strip.removeTabs(in: 0..<1)
        #expect(strip.badgedTabs == [1])
        try strip.removeTabs(in: 1..<2)
        #expect(strip.badgedTabs.isEmpty)
        strip._checkInvariants()
    }
}
