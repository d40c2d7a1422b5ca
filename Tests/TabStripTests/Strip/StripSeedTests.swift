import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// Hand-computed cases for the behaviours the seed documents ask of the
/// strip (see notes/seeds.md).
@Suite struct StripSeedTests {
    /// Ten Douyin-style titles. With the default sizing (8 points per display
    /// column, padding 20) the widths are 72 72 72 72 104 72 88 48 152 72,
    /// so tabs start at 0 72 144 216 288 392 464 552 600 752 and the
    /// content is 824 points wide.
    static let titles = ["推荐", "关注", "同城", "热点", "科技前沿", "News", "Sports", "a", "World Cup 2026", "推荐"]
    static let starts: [Double] = [0, 72, 144, 216, 288, 392, 464, 552, 600, 752]
    static let widths: [Double] = [72, 72, 72, 72, 104, 72, 88, 48, 152, 72]

    static func douyin(viewport width: Double = 390) throws -> TabStrip {
        try TabStrip(titles: titles, viewport: Viewport(width: width, height: 44))
    }

    static func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-12 }

    // MARK: Seed 000

    @Test func seed000WidthsIndicatorAndRevealMargin() throws {
        var strip = try Self.douyin()
        strip._checkInvariants()
        for i in 0..<10 {
            #expect(try strip.frame(ofTab: i) == Rect(x: Self.starts[i], y: 0, width: Self.widths[i], height: 44))
        }
        #expect(strip.contentWidth == 824)
        #expect(strip.contentOffsetRange == 0...434)
        #expect(strip.selectedIndex == 0)
        // The underline: inset by the padding (20) on both sides, 3 high,
        // its bottom 1 point above the strip's: y = 44 − 1 − 3.
        #expect(strip.indicatorFrame == Rect(x: 20, y: 40, width: 32, height: 3))

        // Tab 8 spans 600...752; with the 30-point margins it needs
        // 570...782, so the strip scrolls until 782 is the right edge.
        #expect(try strip.targetContentOffset(forSelecting: 8, scroll: .reveal) == 392)
        #expect(strip.contentOffset == 0, "asking for the target does not scroll")
        try strip.select(8, scroll: .reveal)
        strip._checkInvariants()
        #expect(strip.contentOffset == 392)
        #expect(strip.selectedIndex == 8)
        #expect(strip.indicatorFrame == Rect(x: 620, y: 40, width: 112, height: 3))
        // Tab 1 (72...144) is left of the viewport: its margin edge, 42, goes
        // to the left edge.
        try strip.select(1, scroll: .reveal)
        #expect(strip.contentOffset == 42)
        // Tab 4 (288...392, 258...422 with margins) is already in 42...432.
        try strip.select(4, scroll: .reveal)
        #expect(strip.contentOffset == 42)
        // Tab 9 would need 464; the content ends at 434.
        try strip.select(9, scroll: .reveal)
        #expect(strip.contentOffset == 434)
        // Tab 0 would need −30; clamped to 0.
        try strip.select(0, scroll: .reveal)
        #expect(strip.contentOffset == 0)
        // A different margin.
        try strip.setRevealMargin(0)
        try strip.select(8, scroll: .reveal)
        #expect(strip.contentOffset == 362)
        strip._checkInvariants()
    }

    @Test func seed000DragInterpolatesColourScaleAndIndicator() throws {
        var strip = try Self.douyin()
        try strip.select(1, scroll: .none)
        // The pager at 1.25 pages, settled on page 1: progress 0.25.
        try strip.setPagerProgress(PagerProgress(offset: 1.25 * 375, pageWidth: 375, pageCount: 10, currentIndex: 1))
        strip._checkInvariants()
        #expect(strip.transition == TabTransition(from: 1, to: 2, fraction: 0.25))

        // Tab 1 is 0.75 selected: grey 2/3 → white at 0.75 is 11/12, scale
        // 0.9 → 1.1 at 0.75 is 1.05. Tab 2 is 0.25 selected: 3/4 and 0.95.
        let leaving = try strip.titleAppearance(ofTab: 1)
        #expect(leaving.selection == 0.75)
        #expect(
            Self.near(leaving.color.red, 11.0 / 12) && Self.near(leaving.color.green, 11.0 / 12)
                && Self.near(leaving.color.blue, 11.0 / 12))
        #expect(leaving.color.alpha == 1)
        #expect(Self.near(leaving.scale, 1.05))
        let arriving = try strip.titleAppearance(ofTab: 2)
        #expect(arriving.selection == 0.25)
        #expect(Self.near(arriving.color.red, 0.75) && Self.near(arriving.color.blue, 0.75))
        #expect(Self.near(arriving.scale, 0.95))
        for i in [0, 3, 9] {
            let rest = try strip.titleAppearance(ofTab: i)
            #expect(rest.selection == 0 && rest.color == .lightGray && rest.scale == 0.9)
        }
        // The underline moves from 92 towards 164 (both 32 wide).
        #expect(strip.indicatorFrame == Rect(x: 110, y: 40, width: 32, height: 3))

        // Between tabs of different widths: tab 7 ("a", 48 wide: line 572,
        // 8 wide) and tab 8 (line 620, 112 wide).
        try strip.select(7, scroll: .none)
        #expect(strip.transition == nil)
        #expect(try strip.titleAppearance(ofTab: 7) == TitleStyle.douyin.appearance(selection: 1))
        try strip.setPagerProgress(PagerProgress(currentIndex: 7, progress: 0.5, pageCount: 10))
        #expect(strip.indicatorFrame == Rect(x: 596, y: 40, width: 60, height: 3))
        // Seed 002's overlay window follows the same drag: halfway from
        // 552 (48 wide) to 600 (152 wide).
        #expect(strip.selectionOverlay == SelectionOverlay(window: Rect(x: 576, y: 0, width: 100, height: 44)))
        // Backwards, towards tab 6 (line 484, 48 wide).
        try strip.setPagerProgress(PagerProgress(currentIndex: 7, progress: -0.5, pageCount: 10))
        #expect(strip.transition == TabTransition(from: 7, to: 6, fraction: 0.5))
        #expect(strip.indicatorFrame == Rect(x: 528, y: 40, width: 28, height: 3))
        // A drag of a whole page, or a fling past it (clamped to 1), shows
        // the neighbour exactly as it looks at rest.
        try strip.setPagerProgress(PagerProgress(offset: 20 * 375, pageWidth: 375, pageCount: 10, currentIndex: 7))
        #expect(strip.transition == TabTransition(from: 7, to: 8, fraction: 1))
        let mid = strip.indicatorFrame
        #expect(try strip.titleAppearance(ofTab: 8) == TitleStyle.douyin.appearance(selection: 1))
        #expect(try strip.titleAppearance(ofTab: 7) == TitleStyle.douyin.appearance(selection: 0))
        // When the page transition completes the strip selects that page.
        try strip.select(8, scroll: .none)
        #expect(strip.indicatorFrame == mid)
        #expect(strip.indicatorFrame == Rect(x: 620, y: 40, width: 112, height: 3))
        // Progress 0 ends the drag; a drag before the first page clamps to 0.
        try strip.setPagerProgress(PagerProgress(currentIndex: 8, progress: 0, pageCount: 10))
        #expect(strip.transition == nil)
        try strip.select(0, scroll: .none)
        try strip.setPagerProgress(PagerProgress(currentIndex: 0, progress: -0.5, pageCount: 10))
        #expect(strip.transition == nil)
        strip._checkInvariants()
    }

    @Test func seed000PagerProgressMustMatchTheStrip() throws {
        var strip = try Self.douyin()
        try strip.select(7, scroll: .none)
        try strip.setPagerProgress(PagerProgress(currentIndex: 7, progress: 0.5, pageCount: 10))
        let before = StripSnapshot(strip)
        #expect(throws: TabStripError.countMismatch(expected: 10, actual: 9)) {
            try strip.setPagerProgress(PagerProgress(currentIndex: 7, progress: 0.5, pageCount: 9))
        }
        #expect(throws: TabStripError.invalidValue(name: "currentIndex", value: 3)) {
            try strip.setPagerProgress(PagerProgress(currentIndex: 3, progress: 0.5, pageCount: 10))
        }
        #expect(StripSnapshot(strip) == before)
        #expect(strip.transition == TabTransition(from: 7, to: 8, fraction: 0.5))
    }

    // MARK: Seed 004

    @Test func seed004CentringClampAndEqualWidthUnderline() throws {
        var strip = try TabStrip(
            titles: (0..<12).map { "Title \($0)" },
            sizing: .fixed(width: 80),
            viewport: Viewport(width: 375, height: 44),
            titleStyle: .newsTitleBar(maxScale: 1.25),
            indicatorStyle: .newsTitleBar(height: 2)
        )
        #expect(strip.contentWidth == 960)
        #expect(strip.contentOffsetRange == 0...585)
        // delta = centerX − 375 / 2, clamped to [0, 960 − 375].
        for (tab, expected) in [(0, 0.0), (2, 12.5), (5, 252.5), (7, 412.5), (9, 572.5), (10, 585), (11, 585)] {
            #expect(try strip.targetContentOffset(forSelecting: tab, scroll: .center) == expected)
            try strip.select(tab)
            #expect(strip.contentOffset == expected)
        }
        // Underline x = buttonWidth × (leftIndex + rightFactor), full width.
        try strip.select(5, scroll: .none)
        #expect(strip.indicatorFrame == Rect(x: 400, y: 42, width: 80, height: 2))
        for fraction in [0.125, 0.25, 0.5, 0.75, 1] {
            let position = try PagerPosition(offset: (5 + fraction) * 375, pageWidth: 375, pageCount: 12)
            try strip.setPagerProgress(position.progress(relativeTo: 5))
            #expect(strip.indicatorFrame == Rect(x: 80 * (5 + fraction), y: 42, width: 80, height: 2))
        }
        // scale = 1 + factor × (maxScale − 1), green = factor.
        try strip.setPagerProgress(PagerProgress(currentIndex: 5, progress: 0.25, pageCount: 12))
        let left = try strip.titleAppearance(ofTab: 5)
        let right = try strip.titleAppearance(ofTab: 6)
        #expect(left.scale == 1.1875 && left.color == RGBA(red: 0, green: 0.75, blue: 0))
        #expect(right.scale == 1.0625 && right.color == RGBA(red: 0, green: 0.25, blue: 0))
        // An animated selection of a far tab travels the same way.
        try strip.setTransition(to: 9, fraction: 0.5)
        #expect(strip.indicatorFrame == Rect(x: 560, y: 42, width: 80, height: 2))
        try strip.select(9)
        #expect(strip.indicatorFrame == Rect(x: 720, y: 42, width: 80, height: 2))
        #expect(strip.contentOffset == 572.5)
        strip._checkInvariants()
    }

    // MARK: Seed 002

    @Test func seed002OverlayWindowForEqualWidths() throws {
        // Four tabs share 375 points: 93.75 each, one per page.
        var strip = try TabStrip(
            titles: ["Songs", "Albums", "Artists", "Lists"],
            sizing: .equalDivision(),
            viewport: Viewport(width: 375, height: 44)
        )
        #expect(try strip.frame(ofTab: 2) == Rect(x: 187.5, y: 0, width: 93.75, height: 44))
        try strip.select(1, scroll: .none)
        #expect(strip.selectionOverlay == SelectionOverlay(window: Rect(x: 93.75, y: 0, width: 93.75, height: 44)))
        // Window x = pager offset × tabWidth / pageWidth.
        for offset in [375.0, 375 * 1.25, 375 * 1.5, 375 * 1.875, 375 * 0.75, 375 * 0.25, 0] {
            let position = try PagerPosition(offset: offset, pageWidth: 375, pageCount: 4)
            try strip.setPagerProgress(position.progress(relativeTo: 1))
            let overlay = try #require(strip.selectionOverlay)
            #expect(overlay.window == Rect(x: offset * 93.75 / 375, y: 0, width: 93.75, height: 44), "offset \(offset)")
            #expect(overlay.contentOffset == overlay.window.x)
            #expect(overlay == (try SelectionOverlay.equalWidthTabs(at: position, tabWidth: 93.75, tabHeight: 44)))
        }
        // Three tabs: 125 each; a third of a page is not exact in binary.
        try strip.removeTabs(in: 3..<4)
        try strip.select(0, scroll: .none)
        let position = try PagerPosition(offset: 375 * 0.3, pageWidth: 375, pageCount: 3)
        try strip.setPagerProgress(position.progress(relativeTo: 0))
        let window = try #require(strip.selectionOverlay).window
        #expect(abs(window.x - 37.5) < 1e-9 && window.width == 125)
    }

    // MARK: Rotation

    @Test func rotationKeepsTheSelectedTabInView() throws {
        // Twenty 72-point tabs: 1,440 points of content.
        var strip = try TabStrip(
            titles: Array(repeating: "推荐", count: 20), viewport: Viewport(width: 390, height: 44), selectedIndex: 4)
        try strip.setViewport(Viewport(width: 844, height: 44))
        #expect(strip.contentOffset == 0)
        // In landscape tab 10 (720...792) is in view without scrolling.
        try strip.select(10, scroll: .none)
        #expect(strip.contentOffset == 0)
        // Back to portrait: tab 0 stays at the left edge, then the strip
        // scrolls so that tab 10 and its 30-point margin end at the right
        // edge: 822 − 390.
        try strip.setViewport(Viewport(width: 390, height: 44))
        #expect(strip.contentOffset == 432)
        let f = try strip.frame(ofTab: 10)
        #expect(f.minX - 30 >= strip.contentOffset && f.maxX + 30 <= strip.contentOffset + 390)
        // Landscape again: tab 6 (432...504) was first in view and stays at
        // the left edge; tab 10 is in view.
        try strip.setViewport(Viewport(width: 844, height: 44))
        #expect(strip.contentOffset == 432)
        // Scrolled so the first visible tab is partly hidden: tab 6 starts 18
        // points left of the edge and keeps doing so in a narrower viewport.
        try strip.setContentOffset(450)
        try strip.setViewport(Viewport(width: 600, height: 44))
        #expect(strip.contentOffset == 450)
        // A viewport narrower than the tab and its margins: the margins
        // shrink equally so that the tab (720...792) shows whole, 14 points
        // each: 720 − 14 = 706.
        try strip.setViewport(Viewport(width: 100, height: 44))
        #expect(strip.contentOffset == 706)
        // Right to left: tab 10 sits at 1440 − 792 = 648...720.
        // The selected tab was 14 points from the left edge; mirrored, it is
        // 14 points from the right edge: 720 + 14 − 100 = 634 (with its
        // shrunk margins, 634...734, it fills the viewport exactly).
        try strip.setLayout(TabStripLayout(direction: .rightToLeft))
        #expect(strip.contentOffset == 634, "a direction change mirrors the screen around the selected tab")
        try strip.setViewport(Viewport(width: 390, height: 44))
        // Tab 9 (720...792), the first in view, keeps its place: its leading
        // (right) edge 58 points past the viewport's right edge 734, so the
        // offset becomes 792 − 58 − 390 = 344; then the selected tab 10 with
        // its full margins (618...750) is revealed: 750 − 390 = 360.
        #expect(strip.contentOffset == 360)
        strip._checkInvariants()
    }
}
