import TabStrip
import TabStripTestSupport
import Testing

@Suite struct BadgeLayoutTests {
    let style = BadgeStyle.standard

    @Test func documentedExample() throws {
        // 32-point title, padding 20, .count(5): a measured tab 92 wide at x 100.
        let tab = Rect(x: 100, y: 10, width: 92, height: 44)
        let ltr = try style.contentLayout(
            of: .count(5), inTab: tab, titleWidth: 32, padding: 20, direction: .leftToRight)
        #expect(ltr.title == Rect(x: 120, y: 10, width: 32, height: 44))
        // Vertical centre 32 − 6 = 26, pill 16 high.
        #expect(ltr.badge == Rect(x: 156, y: 18, width: 16, height: 16))
        let rtl = try style.contentLayout(
            of: .count(5), inTab: tab, titleWidth: 32, padding: 20, direction: .rightToLeft)
        #expect(rtl.title == Rect(x: 140, y: 10, width: 32, height: 44))
        #expect(rtl.badge == Rect(x: 120, y: 18, width: 16, height: 16))
        #expect(
            try style.frame(of: .count(5), inTab: tab, titleWidth: 32, padding: 20, direction: .rightToLeft)
                == rtl.badge)
    }

    @Test func noBadgeCentresTheTitle() throws {
        let tab = Rect(x: 0, y: 0, width: 72, height: 40)
        let layout = try style.contentLayout(
            of: .none, inTab: tab, titleWidth: 32, padding: 20, direction: .leftToRight)
        #expect(layout.title == Rect(x: 20, y: 0, width: 32, height: 40))
        #expect(layout.badge == nil)
        #expect(try style.frame(of: .none, inTab: tab, titleWidth: 32, padding: 20, direction: .rightToLeft) == nil)
    }

    @Test func dotSitsAfterTheTitle() throws {
        // 推荐 + dot: 32 + 40 + 10 = 82.
        let tab = Rect(x: 72, y: 0, width: 82, height: 40)
        let ltr = try style.frame(of: .dot, inTab: tab, titleWidth: 32, padding: 20, direction: .leftToRight)
        #expect(ltr == Rect(x: 72 + 20 + 32 + 4, y: 11, width: 6, height: 6)) // midY 20 − 6 − 3
        let rtl = try style.frame(of: .dot, inTab: tab, titleWidth: 32, padding: 20, direction: .rightToLeft)
        #expect(rtl == Rect(x: 72 + 20, y: 11, width: 6, height: 6))
    }

    @Test func minimumWidenedTabCentresTheGroup() throws {
        // Content 10 + 20 = 30 in a tab widened to 100 (padding 5).
        let tab = Rect(x: 0, y: 0, width: 100, height: 30)
        let layout = try style.contentLayout(
            of: .count(1), inTab: tab, titleWidth: 10, padding: 5, direction: .leftToRight)
        #expect(layout.title.x == 35 && layout.title.width == 10)
        #expect(layout.badge?.x == 49)
    }

    @Test func narrowTabsShortenTheTitle() throws {
        // A maximum of 80 with padding 20 leaves 40 for the content; "99+"
        // takes 4 + 29 = 33, so the title shows 7 of its 60 points.
        let tab = Rect(x: 0, y: 0, width: 80, height: 30)
        let layout = try style.contentLayout(
            of: .count(500), inTab: tab, titleWidth: 60, padding: 20, direction: .leftToRight)
        #expect(layout.title == Rect(x: 20, y: 0, width: 7, height: 30))
        #expect(layout.badge == Rect(x: 31, y: 1, width: 29, height: 16))
        // A badge wider than the content box: no title, badge centred.
        let tiny = Rect(x: 0, y: 0, width: 50, height: 30)
        let crowded = try style.contentLayout(
            of: .count(500), inTab: tiny, titleWidth: 60, padding: 20, direction: .rightToLeft)
        #expect(crowded.title.width == 0)
        #expect(crowded.badge?.x == 8.5) // (50 − 33) / 2 + 4, mirrored: 50 − 12.5 − 29
    }

    @Test func fixedWidthTabCentresTitleAndBadge() throws {
        // seed 004 style: fixed 90-point tabs, content padding 0.
        let tab = Rect(x: 180, y: 0, width: 90, height: 44)
        let layout = try style.contentLayout(of: .dot, inTab: tab, titleWidth: 32, padding: 0, direction: .leftToRight)
        #expect(layout.title.x == 204) // 180 + (90 − 42) / 2
        #expect(layout.badge?.x == 240) // 180 + 24 + 32 + 4
    }

    /// In an unclamped measured tab the group fills the tab between the
    /// paddings, and right to left is the exact mirror of left to right.
    @Test(arguments: [21, 22, 23] as [UInt64])
    func measuredTabsAndMirroring(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<500 {
            let title = Double(Int.random(in: 0...200, using: &generator))
            let padding = Double(Int.random(in: 0...30, using: &generator))
            let badge: TabBadge = [TabBadge.none, .dot, .count(Int.random(in: 0...2_000, using: &generator))]
                .randomElement(using: &generator)!
            let extra = try style.extraTabWidth(for: badge)
            let tab = Rect(
                x: Double(Int.random(in: -500...5_000, using: &generator)), y: 3,
                width: title + 2 * padding + extra, height: 40
            )
            let ltr = try style.contentLayout(
                of: badge, inTab: tab, titleWidth: title, padding: padding, direction: .leftToRight)
            let rtl = try style.contentLayout(
                of: badge, inTab: tab, titleWidth: title, padding: padding, direction: .rightToLeft)
            #expect(ltr.title.minX == tab.minX + padding)
            #expect(ltr.title.width == title)
            #expect(rtl.title.maxX == tab.maxX - padding)
            func mirrored(_ rect: Rect) -> Rect {
                Rect(x: tab.minX + tab.maxX - rect.maxX, y: rect.y, width: rect.width, height: rect.height)
            }
            #expect(rtl.title == mirrored(ltr.title))
            if case .none = badge {
                #expect(ltr.badge == nil && rtl.badge == nil)
            } else {
                let ltrBadge = try #require(ltr.badge)
                let rtlBadge = try #require(rtl.badge)
                #expect(ltrBadge.minX == ltr.title.maxX + style.gap)
                #expect(ltrBadge.maxX == tab.maxX - padding)
                #expect(rtlBadge.maxX == rtl.title.minX - style.gap)
                #expect(rtlBadge == mirrored(ltrBadge))
                #expect(ltrBadge.midY == tab.midY + style.verticalOffset)
            }
        }
    }

    @Test func invalidGeometryThrows() {
        func check(
            _ error: TabStripError, tab: Rect = Rect(x: 0, y: 0, width: 80, height: 30), title: Double = 10,
            padding: Double = 5
        ) {
            #expect(throws: error) {
                try style.contentLayout(
                    of: .dot, inTab: tab, titleWidth: title, padding: padding, direction: .leftToRight)
            }
            #expect(throws: error) {
                try style.frame(of: .dot, inTab: tab, titleWidth: title, padding: padding, direction: .rightToLeft)
            }
        }
        check(.invalidValue(name: "tabFrame.x", value: .nan), tab: Rect(x: .nan, y: 0, width: 80, height: 30))
        check(
            .invalidValue(name: "tabFrame.y", value: -.infinity), tab: Rect(x: 0, y: -.infinity, width: 80, height: 30))
        check(.invalidValue(name: "tabFrame.width", value: -1), tab: Rect(x: 0, y: 0, width: -1, height: 30))
        check(
            .invalidValue(name: "tabFrame.height", value: .infinity),
            tab: Rect(x: 0, y: 0, width: 80, height: .infinity))
        check(.invalidValue(name: "titleWidth", value: -3), title: -3)
        check(.invalidValue(name: "titleWidth", value: .nan), title: .nan)
        check(.invalidValue(name: "padding", value: -0.5), padding: -0.5)
        check(.invalidValue(name: "padding", value: .infinity), padding: .infinity)
        // Negative x and y are fine: tabs can sit left of the viewport.
        #expect(throws: Never.self) {
            try style.contentLayout(
                of: .dot, inTab: Rect(x: -40, y: -2, width: 80, height: 30), titleWidth: 10, padding: 5,
                direction: .leftToRight)
        }
    }
}
