import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// A measurer that returns bad widths for a few titles and 8 points per
/// character otherwise.
struct FaultyMeasurer: TitleMeasurer {
    func width(of title: String) -> Double {
        switch title {
        case "nan": return .nan
        case "neg": return -1
        case "inf": return .infinity
        default: return Double(title.count) * 8
        }
    }
}

/// Hand-computed edits: scroll anchoring, equal division, selection and
/// transition rules, tiny strips, odd titles and measurers.
@Suite struct StripEditTests {
    static func widths(_ strip: TabStrip) throws -> [Double] {
        var result: [Double] = []
        try strip.geometry.widths.forEachTab(in: 0..<strip.tabCount) { _, _, w in result.append(w) }
        return result
    }

    // MARK: Scroll anchoring

    @Test func editsKeepTheFirstVisibleTabInPlace() throws {
        // Tabs start at 0 72 144 216 288 392 464 552 600 752 (824 in all).
        var strip = try StripSeedTests.douyin()
        try strip.setContentOffset(100)
        // Tab 1 (72...144) is first in view, 28 points left of the edge.
        #expect(try strip.geometry.visibleTabs(atContentOffset: 100, overscan: 0) == 1..<7)
        // Two 48-point tabs before it: +96.
        try strip.insertTabs(["a", "a"], at: 0)
        #expect(strip.contentOffset == 196)
        #expect(try strip.frame(ofTab: 3).minX - strip.contentOffset == -28)
        // After it: nothing moves.
        try strip.insertTabs(["News"], at: 5)
        #expect(strip.contentOffset == 196)
        // Tab 0 grows from 48 to 152: +104.
        try strip.renameTab(0, to: "World Cup 2026")
        #expect(strip.contentOffset == 300)
        // A count badge on tab 1 ("a"): 4 + 16 more: +20.
        try strip.setBadge(.count(5), ofTab: 1)
        #expect(strip.contentOffset == 320)
        // Removing both tabs before the anchor: −220.
        try strip.removeTabs(in: 0..<2)
        #expect(strip.contentOffset == 100)
        #expect(strip.titles.first == "推荐")
        // Removing the anchored tab itself: the first tab after it takes its
        // place, 28 points left of the edge.
        try strip.removeTabs(in: 1..<2)
        #expect(strip.titles[1] == "同城")
        #expect(strip.contentOffset == 100)
        // Moving the anchored tab to the end: the strip follows it. 同城 now
        // starts at 752 and 752 + 28 = 780 is past the end, 824 − 390 = 434.
        try strip.moveTab(from: 1, to: 9)
        #expect(strip.titles[9] == "同城")
        #expect(strip.contentWidth == 824)
        #expect(strip.contentOffset == 434)
        // At the end, removing the last three tabs (152 + 72 + 72) clamps to
        // the new end: 824 − 296 − 390 = 138.
        try strip.removeTabs(in: 7..<10)
        #expect(strip.contentOffset == 138)
        strip._checkInvariants()
    }

    @Test func anchoringRightToLeft() throws {
        var strip = try TabStrip(
            titles: StripSeedTests.titles, layout: TabStripLayout(direction: .rightToLeft),
            viewport: Viewport(width: 390, height: 44))
        #expect(strip.contentOffset == 434, "tab 0's end")
        #expect(try strip.frame(ofTab: 0) == Rect(x: 752, y: 0, width: 72, height: 44))
        try strip.setContentOffset(300)
        // Tab 1 is first in view from the right: its right edge 824 − 72 =
        // 752 is 62 points right of the viewport's right edge, 690.
        // Inserting before it widens the content on the right: the physical
        // offset stays.
        try strip.insertTabs(["a", "a"], at: 0)
        #expect(strip.contentWidth == 920)
        #expect(strip.contentOffset == 300)
        #expect(try strip.frame(ofTab: 3).maxX - (strip.contentOffset + 390) == 62)
        // Inserting after it widens the content on the left: +72.
        try strip.insertTabs(["推荐"], at: 6)
        #expect(strip.contentOffset == 372)
        try strip.removeTabs(in: 6..<7)
        #expect(strip.contentOffset == 300)
        strip._checkInvariants()
    }

    @Test func replacingEveryTabOnlyClamps() throws {
        var strip = try StripSeedTests.douyin()
        try strip.setBadge(.dot, ofTab: 3)
        try strip.select(8, scroll: .center)
        // Tab 3 is 10 wider with its dot: the end is 834 − 390.
        #expect(strip.contentOffset == 444)
        try strip.replaceAllTabs(with: ["推荐", "关注", "同城", "热点", "科技前沿", "News", "Sports"])
        // 72 × 4 + 104 + 72 + 88 = 552: the end is now 162.
        #expect(strip.contentOffset == 162)
        #expect(strip.badgedTabs.isEmpty)
        #expect(strip.selectedIndex == 6, "the last tab when the old index is gone")
        try strip.replaceAllTabs(with: ["a"])
        #expect(strip.contentOffset == 0 && strip.selectedIndex == 0)
        try strip.replaceAllTabs(with: [String]())
        #expect(strip.selectedIndex == nil && strip.visibleTabs.isEmpty)
        strip._checkInvariants()
    }

    @Test func changingTheSizingKeepsTheFirstVisibleTab() throws {
        var strip = try StripSeedTests.douyin()
        try strip.setContentOffset(100)
        // Fixed 100-point tabs: tab 1 starts at 100, so the offset becomes
        // 100 + 28.
        try strip.setSizing(.fixed(width: 100))
        #expect(try Self.widths(strip) == Array(repeating: 100, count: 10))
        #expect(strip.contentOffset == 128)
        // Padding 12.5: tab 0 is 32 + 25 = 57 wide.
        try strip.setSizing(.measured(padding: 12.5))
        #expect(strip.contentOffset == 57 + 28)
        strip._checkInvariants()
    }

    // MARK: Equal division

    @Test func equalDivisionRedividesOnViewportInsertAndRemove() throws {
        var strip = try TabStrip(
            titles: ["a", "b", "c"], sizing: .equalDivision(), viewport: Viewport(width: 375, height: 44))
        #expect(try Self.widths(strip) == [125, 125, 125])
        try strip.setViewport(Viewport(width: 390, height: 44))
        #expect(try Self.widths(strip) == [130, 130, 130])
        // Inserting at 0 resizes every tab, not only the new one.
        try strip.insertTabs(["d"], at: 0)
        #expect(try Self.widths(strip) == [97.5, 97.5, 97.5, 97.5])
        try strip.insertTabs(["e"], at: 4)
        #expect(try Self.widths(strip) == Array(repeating: 78, count: 5))
        try strip.insertTabs(["f", "g", "h"], at: 2)
        #expect(try Self.widths(strip) == Array(repeating: 48.75, count: 8))
        try strip.removeTabs(in: 0..<4)
        #expect(try Self.widths(strip) == Array(repeating: 97.5, count: 4))
        #expect(strip.contentWidth == 390 && strip.contentOffsetRange == 0...0)
        // Insets take their share of the viewport: 375 left for the tabs.
        try strip.setLayout(TabStripLayout(contentInsets: HorizontalInsets(leading: 15)))
        #expect(try Self.widths(strip) == Array(repeating: 93.75, count: 4))
        #expect(try strip.frame(ofTab: 1) == Rect(x: 108.75, y: 0, width: 93.75, height: 44))
        // Spacing shared too: (375 − 3 × 5) / 4.
        try strip.setLayout(TabStripLayout(contentInsets: HorizontalInsets(leading: 15), spacing: 5))
        try strip.setSizing(.equalDivision(spacing: 5))
        #expect(try Self.widths(strip) == Array(repeating: 90, count: 4))
        #expect(strip.contentWidth == 390)
        try strip.removeTabs(in: 0..<4)
        #expect(strip.tabCount == 0 && strip.selectedIndex == nil)
        try strip.insertTabs(["x"], at: 0)
        #expect(try Self.widths(strip) == [375])
        #expect(strip.selectedIndex == 0)
        strip._checkInvariants()
    }

    @Test func equalDivisionWithAMinimumScrollsAndAnchors() throws {
        // Five tabs in 375 points would be 75 wide; the minimum makes them
        // 100, so 500 points of content scroll.
        var strip = try TabStrip(
            titles: ["1", "2", "3", "4", "5"], sizing: .equalDivision(minimum: 100),
            viewport: Viewport(width: 375, height: 44))
        #expect(strip.contentOffsetRange == 0...125)
        try strip.setContentOffset(125)
        // Tab 1 (100...200) is first in view, 25 points left of the edge;
        // one more tab before it moves it to 200.
        try strip.insertTabs(["0"], at: 0)
        #expect(strip.contentOffset == 225)
        // The strip divides with its layout's spacing, whatever the rule
        // names (0 here): four tabs and three 40-point gaps fill 400 points,
        // 70 each, at 0 110 220 330.
        var gapped = try TabStrip(
            titles: ["1", "2", "3", "4"], sizing: .equalDivision(spacing: 0),
            layout: TabStripLayout(spacing: 40), viewport: Viewport(width: 400, height: 44)
        )
        #expect(try Self.widths(gapped) == [70, 70, 70, 70])
        #expect(try gapped.frame(ofTab: 3).maxX == 400 && gapped.contentWidth == 400)
        // A 200-point trailing inset leaves 200 for the tabs and gaps:
        // 20 each, still filling the viewport exactly.
        var layout = gapped.layout
        layout.contentInsets.trailing = 200
        try gapped.setLayout(layout)
        #expect(try Self.widths(gapped) == [20, 20, 20, 20])
        #expect(try gapped.frame(ofTab: 3).maxX == 200 && gapped.contentOffset == 0)
        // Changing the spacing re-divides too: 10-point gaps, 42.5 each.
        layout.spacing = 10
        try gapped.setLayout(layout)
        #expect(try Self.widths(gapped) == [42.5, 42.5, 42.5, 42.5])
        strip._checkInvariants()
        gapped._checkInvariants()
    }

    // MARK: Selection

    @Test func selectionFollowsItsTabThroughEdits() throws {
        var strip = try TabStrip(
            titles: (0..<10).map { "t\($0)" }, viewport: Viewport(width: 390, height: 44), selectedIndex: 5)
        func selected() -> String? { strip.selectedIndex.map { strip.titles[$0] } }
        try strip.insertTabs(["n0", "n1"], at: 5)
        #expect(strip.selectedIndex == 7 && selected() == "t5", "inserting at the selected index pushes it")
        try strip.insertTabs(["n2"], at: 8)
        #expect(strip.selectedIndex == 7)
        try strip.removeTabs(in: 0..<2)
        #expect(selected() == "t5")
        try strip.moveTab(from: 5, to: 0)
        #expect(strip.selectedIndex == 0 && selected() == "t5")
        try strip.moveTab(from: 3, to: 0)
        #expect(strip.selectedIndex == 1 && selected() == "t5")
        try strip.moveTab(from: 1, to: 10)
        #expect(strip.selectedIndex == 10 && selected() == "t5")
        try strip.renameTab(10, to: "renamed")
        #expect(strip.selectedIndex == 10)
        #expect(strip.titles == ["t4", "t2", "t3", "n0", "n1", "n2", "t6", "t7", "t8", "t9", "renamed"])
        // Removing the selected tab selects the one that takes its index.
        try strip.select(6, scroll: .none)
        try strip.removeTabs(in: 6..<7)
        #expect(strip.selectedIndex == 6 && selected() == "t7")
        // With the range running to the end, the tab before it.
        try strip.removeTabs(in: 5..<10)
        #expect(strip.selectedIndex == 4 && selected() == "n1")
        // A range before it shifts it.
        try strip.removeTabs(in: 0..<2)
        #expect(strip.selectedIndex == 2 && selected() == "n1")
        // A range after it leaves it.
        try strip.insertTabs(["x", "y"], at: 3)
        try strip.removeTabs(in: 3..<5)
        #expect(strip.selectedIndex == 2 && selected() == "n1")
        // Nothing left, nothing selected.
        try strip.removeTabs(in: 0..<3)
        #expect(strip.selectedIndex == nil && strip.indicatorFrame == nil && strip.selectionOverlay == nil)
        strip._checkInvariants()
    }
}
