import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

@Suite struct TabStripVirtualizerTests {
    /// What a screen shows must equal what the strip says, tab by tab, with
    /// no stray cells: checked from the host's side only.
    static func expectScreenMatches(
        _ v: TabStripVirtualizer<RecordingHost>, _ host: RecordingHost, _ note: String,
        alsoMadeBy others: [RecordingHost] = []
    ) throws {
        let made = ([host] + others.filter { $0 !== host }).flatMap(\.made)
        v._checkInvariants()
        let strip = v.strip
        let visible = strip.visibleTabs
        #expect(host.protocolViolations.isEmpty, "\(note): \(host.protocolViolations)")
        // The strip's visible range, confirmed at its edges by frame math.
        let lower = strip.contentOffset - strip.layout.overscan
        let upper = strip.contentOffset + strip.viewport.width + strip.layout.overscan
        let span = lower..<upper
        func overlaps(_ i: Int) throws -> Bool {
            let f = try strip.frame(ofTab: i)
            return f.minX < span.upperBound && f.maxX > span.lowerBound
        }
        for i in visible { #expect(try overlaps(i), "\(note): tab \(i) is not in view") }
        if visible.lowerBound > 0 {
            #expect(try !overlaps(visible.lowerBound - 1), "\(note): tab before the range is in view")
        }
        if visible.upperBound < strip.tabCount {
            #expect(try !overlaps(visible.upperBound), "\(note): tab after the range is in view")
        }
        if visible.isEmpty {
            for i in 0..<strip.tabCount { #expect(try !overlaps(i), "\(note): tab \(i) in view but no range") }
        }
        var shown = Set<Int>()
        for i in visible {
            guard let cell = v.cell(ofTab: i) else {
                Issue.record("\(note): no cell for visible tab \(i)")
                continue
            }
            shown.insert(cell.serial)
            #expect(cell.state == .shown, "\(note): tab \(i)")
            try expectCell(cell, shows: i, of: strip, note)
            #expect(
                cell.kind == (strip.titles[i].hasPrefix("★") && host.usesKinds ? TabCellKind(rawValue: 1) : .standard),
                "\(note): tab \(i) kind")
        }
        let strays = made.filter { $0.state == .shown && !shown.contains($0.serial) }.map(\.serial)
        #expect(strays.isEmpty, "\(note): cells shown for no tab: \(strays)")
        #expect(shown.count == visible.count, "\(note): a cell is used twice")
        #expect(host.indicator == .some(strip.indicatorFrame), "\(note): indicator")
        #expect(v.idleCellCount == made.filter { $0.state == .idle }.count, "\(note): idle count")
    }

    /// `cell` shows tab `i` as `strip` says: title, badge, selected state,
    /// frame and appearance.
    static func expectCell(_ cell: RecordingCell, shows i: Int, of strip: TabStrip, _ note: String) throws {
        #expect(cell.content?.title == strip.titles[i], "\(note): tab \(i) title")
        #expect(cell.content?.badge == (try strip.badge(ofTab: i)), "\(note): tab \(i) badge")
        #expect(cell.content?.isSelected == (i == strip.selectedIndex), "\(note): tab \(i) selected")
        #expect(cell.frame == (try strip.frame(ofTab: i)), "\(note): tab \(i) frame")
        #expect(cell.appearance == (try strip.titleAppearance(ofTab: i)), "\(note): tab \(i) appearance")
    }

    /// Titles the reference model measures the way the engine does (ASCII
    /// one column, CJK ideographs two; emoji are covered by the measuring
    /// tests).
    static func randomTitle(_ rng: inout SeededGenerator) -> String {
        let pool = ["推荐", "关注", "同城", "热点", "科技", "体育", "News", "Sports", "★Live", "★直播", "", "a"]
        return pool[Int.random(in: 0..<pool.count, using: &rng)]
            + (Bool.random(using: &rng) ? "" : String(Int.random(in: 0..<1000, using: &rng)))
    }

    /// Compares the host's screen with the reference model (plain arrays,
    /// linear scans): which tabs have cells, and each cell's title, badge,
    /// selected state, frame and appearance, and the indicator.
    static func expectScreenMatchesModel(_ v: TabStripVirtualizer<RecordingHost>, _ m: inout StripModel, _ note: String)
    {
        let engineOffset = v.strip.contentOffset
        let tolerance = StripModel.tolerance
        #expect(
            m.offsetCandidates.contains { abs($0 - engineOffset) <= tolerance },
            "\(note): offset \(engineOffset), model \(m.offsetCandidates)")
        m.contentOffset = engineOffset
        #expect(Array(v.strip.titles) == m.titles, "\(note): titles")
        #expect(v.strip.selectedIndex == m.selectedIndex, "\(note): selection")
        let overscan = m.layout.overscan
        let visible = Array(v.visibleTabs)
        if m.isExactLayout {
            #expect(
                visible == m.overlapping(offset: engineOffset, overscan: overscan, slack: 0),
                "\(note): visible \(visible)")
        } else {
            let surely = Set(m.overlapping(offset: engineOffset, overscan: overscan, slack: -tolerance))
            let maybe = Set(m.overlapping(offset: engineOffset, overscan: overscan, slack: tolerance))
            #expect(
                surely.isSubset(of: Set(visible)) && Set(visible).isSubset(of: maybe), "\(note): visible \(visible)")
        }
        func close(_ a: Rect?, _ b: Rect?) -> Bool {
            guard let a, let b else { return a == nil && b == nil }
            return abs(a.x - b.x) <= tolerance && abs(a.width - b.width) <= tolerance && a.y == b.y
                && a.height == b.height
        }
        for i in visible {
            guard let cell = v.cell(ofTab: i), i < m.titles.count else {
                Issue.record("\(note): no cell or model tab for \(i)")
                continue
            }
            #expect(cell.content?.title == m.titles[i], "\(note): tab \(i) title")
            #expect(cell.content?.badge == m.badges[i], "\(note): tab \(i) badge")
            #expect(cell.content?.isSelected == (m.selectedIndex == i), "\(note): tab \(i) selected")
            #expect(
                close(cell.frame, m.frames[i]),
                "\(note): tab \(i) frame \(String(describing: cell.frame)) model \(m.frames[i])")
            let expected = m.titleAppearance(ofTab: i)
            let shown = cell.appearance
            #expect(
                shown.map { abs($0.scale - expected.scale) <= 1e-9 && abs($0.color.red - expected.color.red) <= 1e-9 }
                    == true,
                "\(note): tab \(i) appearance")
        }
        #expect(close(v.strip.indicatorFrame, m.indicatorFrame), "\(note): indicator")
    }

    /// 10,000 seeded sequences mixing scrolls, flings past both ends,
    /// viewport and layout changes, selections, pager drags, transitions and
    /// every kind of edit, run on the virtualiser and on the reference model
    /// in lockstep; after every step the host's screen is compared with the
    /// model, the virtualiser's invariants are checked, and scroll-only and
    /// drag steps are checked to do only the work they need.
    @Test func tenThousandRandomSequences() throws {
        // 12,000 sequences of 12 steps (144,000 operations) by default; see
        // `ModelScale` for new seeds and soaks. Every other sequence runs
        // with a re-entrant host: now and then a callback calls back into
        // the virtualiser, which must refuse (or defer) it.
        for seed in ModelScale.seeds(12_000, salt: 0x7157) {
            var rng = SeededGenerator(seed: seed)
            let host = RecordingHost()
            var hookRng = SeededGenerator(seed: seed ^ 0xABCD)
            var refusals = 0
            var hookActive = false
            host.usesKinds = seed % 3 == 0
            let count = [0, 1, 3, 12, 40][Int.random(in: 0..<5, using: &rng)]
            let layout = TabStripLayout(
                contentInsets: HorizontalInsets(leading: Double(Int.random(in: 0...20, using: &rng)), trailing: 8),
                spacing: [0, 6][Int.random(in: 0..<2, using: &rng)],
                direction: seed % 4 == 1 ? .rightToLeft : .leftToRight,
                alignment: [.leading, .center, .fill][Int.random(in: 0..<3, using: &rng)],
                overscan: [0, 30, 60][Int.random(in: 0..<3, using: &rng)]
            )
            let titles = (0..<count).map { _ in Self.randomTitle(&rng) }
            let viewport = Viewport(width: Double(Int.random(in: 120...600, using: &rng)), height: 44)
            let strip = try TabStrip(titles: titles, layout: layout, viewport: viewport)
            var model = try StripModel(
                titles: titles, sizing: .measured(), advance: 8, layout: layout, viewport: viewport,
                selectedIndex: 0, titleStyle: .douyin, indicatorStyle: .douyin, revealMargin: 30
            )
            let v = try TabStripVirtualizer(strip: strip, host: host, poolLimit: Int.random(in: 0...6, using: &rng))
            if seed % 2 == 1 {
                host.onCallback = { [unowned v] _ in
                    guard hookActive, Int.random(in: 0..<16, using: &hookRng) == 0 else { return }
                    do throws(TabStripError) {
                        switch Int.random(in: 0..<4, using: &hookRng) {
                        case 0: try v.setContentOffset(Double.random(in: -100...5_000, using: &hookRng))
                        case 1: try v.insertTabs(["re-entrant"], at: 0)
                        case 2: try v.removeTabs(in: 0..<v.strip.tabCount)
                        default: try v.select(0)
                        }
                        Issue.record("seed \(seed): a re-entrant call was accepted")
                    } catch {
                        if case .reentrantCall = error { refusals += 1 } else { Issue.record("seed \(seed): \(error)") }
                    }
                }
            }
            try Self.expectScreenMatches(v, host, "seed \(seed) start")
            Self.expectScreenMatchesModel(v, &model, "seed \(seed) start")
            for step in 0..<12 {
                model.beginStep()
                hookActive = true
                try Self.randomStep(v, host, &model, &rng, note: "seed \(seed) step \(step)")
                hookActive = false
                try Self.expectScreenMatches(v, host, "seed \(seed) step \(step)")
                Self.expectScreenMatchesModel(v, &model, "seed \(seed) step \(step)")
            }
            _ = refusals
        }
    }

    /// One random operation on `v` and `m`; with `countsWork`, scrolls and
    /// drags are checked to ask `host` for only the work they need.
    static func randomStep(
        _ v: TabStripVirtualizer<RecordingHost>, _ host: RecordingHost, _ m: inout StripModel,
        _ rng: inout SeededGenerator, note: String, countsWork: Bool = true
    ) throws {
        let n = v.strip.tabCount
        let before = v.strip.visibleTabs
        host.resetCounts()
        switch Int.random(in: 0..<14, using: &rng) {
        case 0, 1, 2, 3:
            // A scroll: only entering tabs may be configured or placed, and
            // the appearance of kept tabs is untouched.
            let range = v.strip.contentOffsetRange
            let x = Double.random(in: (range.lowerBound - 200)...(range.upperBound + 200), using: &rng).rounded()
            try v.setContentOffset(x)
            try m.setContentOffset(x)
            let after = v.strip.visibleTabs
            let entering = after.count - after.clamped(to: before).count
            #expect(
                !countsWork || (host.configures == entering && host.places == entering && host.applies == entering),
                "\(note): scroll did extra work")
        case 4 where n > 0:
            let i = Int.random(in: 0..<n, using: &rng)
            let scroll: SelectionScroll = [.none, .reveal, .center][Int.random(in: 0..<3, using: &rng)]
            try v.select(i, scroll: scroll)
            try m.select(i, scroll: scroll)
        case 5 where n > 1:
            guard let selected = v.strip.selectedIndex else { return }
            let p = try PagerProgress(
                currentIndex: selected, progress: Double.random(in: -1.5...1.5, using: &rng), pageCount: n)
            try v.setPagerProgress(p)
            try m.setPagerProgress(p)
            #expect(host.configures == 0 && host.applies <= 4, "\(note): a drag reconfigured cells")
        case 6 where n > 0:
            let target = Int.random(in: 0..<n, using: &rng)
            let fraction = Double.random(in: 0...1, using: &rng)
            try v.setTransition(to: target, fraction: fraction)
            try m.setTransition(to: target, fraction: fraction)
        case 7:
            let new = (0..<Int.random(in: 1...3, using: &rng)).map { _ in Self.randomTitle(&rng) }
            let at = Int.random(in: 0...n, using: &rng)
            try v.insertTabs(new, at: at)
            try m.insertTabs(new, at: at)
        case 8 where n > 0:
            let lo = Int.random(in: 0..<n, using: &rng)
            let range = lo..<min(n, lo + Int.random(in: 1...4, using: &rng))
            try v.removeTabs(in: range)
            try m.removeTabs(in: range)
        case 9 where n > 0:
            let i = Int.random(in: 0..<n, using: &rng)
            let title = Self.randomTitle(&rng)
            try v.renameTab(i, to: title)
            try m.renameTab(i, to: title)
        case 10 where n > 0:
            let badges: [TabBadge] = [.none, .dot, .count(3), .count(120)]
            let badge = badges[Int.random(in: 0..<4, using: &rng)]
            let i = Int.random(in: 0..<n, using: &rng)
            try v.setBadge(badge, ofTab: i)
            try m.setBadge(badge, at: i)
        case 11 where n > 1:
            let from = Int.random(in: 0..<n, using: &rng)
            let to = Int.random(in: 0..<n, using: &rng)
            try v.moveTab(from: from, to: to)
            try m.moveTab(from: from, to: to)
        case 12:
            let viewport = Viewport(width: Double(Int.random(in: 120...600, using: &rng)), height: 44)
            try v.setViewport(viewport)
            try m.setViewport(viewport)
        default:
            if Bool.random(using: &rng) {
                var layout = v.strip.layout
                layout.spacing = [0, 4, 10][Int.random(in: 0..<3, using: &rng)]
                layout.alignment = [.leading, .center, .fill][Int.random(in: 0..<3, using: &rng)]
                try v.setLayout(layout)
                try m.setLayout(layout)
            } else {
                let new = (0..<Int.random(in: 0...20, using: &rng)).map { _ in Self.randomTitle(&rng) }
                try v.replaceAllTabs(with: new)
                try m.replaceAllTabs(with: new)
            }
        }
    }

    @Test func flingingAcross100kTabsReusesCells() throws {
        let host = RecordingHost()
        let titles = (0..<100_000).map { "频道\($0)" }
        let strip = try TabStrip(titles: titles, viewport: Viewport(width: 390, height: 44))
        let v = try TabStripVirtualizer(strip: strip, host: host)
        var x = 0.0
        let end = v.strip.contentOffsetRange.upperBound
        while x < end {
            x = min(end, x + 167) // 20,000 pt/s at 120 Hz
            try v.setContentOffset(x)
        }
        try Self.expectScreenMatches(v, host, "end of fling")
        // Jump back to the start: the whole visible set is replaced by
        // handing cells straight over, so nothing new is made.
        let made = host.made.count
        try v.select(0, scroll: .center)
        try Self.expectScreenMatches(v, host, "jump")
        #expect(host.made.count == made)
        // Cells ever made: the most visible at once plus one frame's worth
        // entering before the leaving ones were released, bounded by the pool.
        #expect(
            host.made.count <= v.counters.maximumVisible + 8,
            "made \(host.made.count), max visible \(v.counters.maximumVisible)")
        #expect(v.reuseCounters.reused > 10_000)
    }

    @Test func pagerDragTouchesOnlyTheTwoTabs() throws {
        let host = RecordingHost()
        let strip = try TabStrip(titles: ["推荐", "关注", "同城", "热点", "科技"], viewport: Viewport(width: 800, height: 44))
        let v = try TabStripVirtualizer(strip: strip, host: host)
        host.resetCounts()
        try v.setPagerProgress(PagerProgress(currentIndex: 0, progress: 0.5, pageCount: 5))
        #expect(host.configures == 0 && host.places == 0 && host.applies == 2)
        let half = try #require(v.cell(ofTab: 1)?.appearance)
        #expect(half.scale == 1.0) // halfway between 0.9 and 1.1
        // The selected tab and its neighbour both at 50 %.
        #expect(v.cell(ofTab: 0)?.appearance == half)
        #expect(v.cell(ofTab: 2)?.appearance == TitleStyle.douyin.appearance(selection: 0))
        host.resetCounts()
        try v.select(1, scroll: .reveal)
        try Self.expectScreenMatches(v, host, "after settling")
        #expect(host.configures == 2) // the old and the new selected tab
    }

    @Test func anInlineHostStaysAliveAndKeepsMakingCells() throws {
        let strip = try TabStrip(titles: (0..<200).map { "tab \($0)" }, viewport: Viewport(width: 100, height: 44))
        let v = try TabStripVirtualizer(strip: strip, host: RecordingHost())
        let host = try #require(v.host)
        let before = host.configures
        try v.setContentOffset(2_000)
        #expect(host.configures > before, "the virtualiser holds its host: scrolling configures entering cells")
        try Self.expectScreenMatches(v, host, "inline host after scrolling")
    }

    @Test func clearingTheHostBreaksTheCycleAndLeavesStripOnly() throws {
        weak var freed: RecordingHost?
        let strip = try TabStrip(titles: ["a", "b"], viewport: Viewport(width: 100, height: 44))
        let v: TabStripVirtualizer<RecordingHost>
        do {
            let host = RecordingHost()
            freed = host
            v = try TabStripVirtualizer(strip: strip, host: host)
        }
        #expect(freed != nil, "held strongly by the virtualiser")
        v.host = nil
        #expect(freed == nil, "released once the owner clears it")
        try v.setContentOffset(10)
        #expect(v.strip.contentOffset == 10)
    }

    @Test func badInputLeavesEverythingAsItWas() throws {
        let host = RecordingHost()
        let strip = try TabStrip(titles: ["推荐", "关注", "同城"], viewport: Viewport(width: 100, height: 44))
        let v = try TabStripVirtualizer(strip: strip, host: host)
        let offset = v.strip.contentOffset
        host.resetCounts()
        #expect(throws: TabStripError.invalidOffset(.nan)) { try v.setContentOffset(.nan) }
        #expect(throws: TabStripError.indexOutOfRange(index: 3, count: 3)) { try v.select(3) }
        #expect(throws: TabStripError.invalidViewport(width: -1, height: 44)) {
            try v.setViewport(Viewport(width: -1, height: 44))
        }
        #expect(throws: TabStripError.countMismatch(expected: 3, actual: 4)) {
            try v.setPagerProgress(PagerProgress(currentIndex: 0, progress: 0.3, pageCount: 4))
        }
        #expect(throws: TabStripError.invalidValue(name: "poolLimit", value: -1)) {
            try TabStripVirtualizer(strip: strip, host: host, poolLimit: -1)
        }
        #expect(v.strip.contentOffset == offset && host.configures == 0 && host.places == 0)
        try Self.expectScreenMatches(v, host, "after bad input")
    }
}
