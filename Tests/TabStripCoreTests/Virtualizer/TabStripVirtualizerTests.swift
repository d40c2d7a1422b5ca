import Testing
@testable import TabStripCore

@Suite struct TabStripVirtualizerTests {
    /// What a screen shows must equal what the strip says, tab by tab, with
    /// no stray cells: checked from the host's side only.
    static func expectScreenMatches(_ v: TabStripVirtualizer<RecordingHost>, _ host: RecordingHost, _ note: String) throws {
        v._checkInvariants()
        let strip = v.strip
        let visible = strip.visibleTabs
        #expect(host.protocolViolations.isEmpty, "\(note): \(host.protocolViolations)")
        // The strip's visible range, confirmed at its edges by frame math.
        let span = (strip.contentOffset - strip.layout.overscan)..<(strip.contentOffset + strip.viewport.width + strip.layout.overscan)
        func overlaps(_ i: Int) throws -> Bool {
            let f = try strip.frame(ofTab: i)
            return f.minX < span.upperBound && f.maxX > span.lowerBound
        }
        for i in visible { #expect(try overlaps(i), "\(note): tab \(i) is not in view") }
        if visible.lowerBound > 0 { #expect(try !overlaps(visible.lowerBound - 1), "\(note): tab before the range is in view") }
        if visible.upperBound < strip.tabCount { #expect(try !overlaps(visible.upperBound), "\(note): tab after the range is in view") }
        if visible.isEmpty {
            for i in 0..<strip.tabCount { #expect(try !overlaps(i), "\(note): tab \(i) in view but no range") }
        }
        var shown = Set<Int>()
        for i in visible {
            guard let cell = v.cell(forTab: i) else {
                Issue.record("\(note): no cell for visible tab \(i)")
                continue
            }
            shown.insert(cell.serial)
            #expect(cell.state == .shown, "\(note): tab \(i)")
            #expect(cell.content?.title == strip.titles[i], "\(note): tab \(i) title")
            #expect(cell.content?.badge == (try strip.badge(ofTab: i)), "\(note): tab \(i) badge")
            #expect(cell.content?.isSelected == (i == strip.selectedIndex), "\(note): tab \(i) selected")
            #expect(cell.frame == (try strip.frame(ofTab: i)), "\(note): tab \(i) frame")
            #expect(cell.appearance == (try strip.titleAppearance(ofTab: i)), "\(note): tab \(i) appearance")
            #expect(cell.kind == (strip.titles[i].hasPrefix("★") && host.usesKinds ? TabCellKind(rawValue: 1) : .standard), "\(note): tab \(i) kind")
        }
        let strays = host.made.filter { $0.state == .shown && !shown.contains($0.serial) }.map(\.serial)
        #expect(strays.isEmpty, "\(note): cells shown for no tab: \(strays)")
        #expect(shown.count == visible.count, "\(note): a cell is used twice")
        #expect(host.indicator == .some(strip.indicatorFrame), "\(note): indicator")
        #expect(v.idleCellCount == host.made.filter { $0.state == .idle }.count, "\(note): idle count")
    }

    static func randomTitle(_ rng: inout RepeatableRandomNumberGenerator) -> String {
        let pool = ["推荐", "关注", "同城", "热点", "科技", "体育", "News", "Sports", "★Live", "★直播", "🇨🇳", "👨‍👩‍👧", "", "a"]
        return pool[Int.random(in: 0..<pool.count, using: &rng)] + (Bool.random(using: &rng) ? "" : String(Int.random(in: 0..<1000, using: &rng)))
    }

    /// 10,000 seeded sequences mixing scrolls, flings past both ends,
    /// viewport and layout changes, selections, pager drags, transitions and
    /// every kind of edit; the screen is compared with the strip after every
    /// step and the amount of work on scroll-only steps is checked.
    @Test func tenThousandRandomSequences() throws {
        for seed in UInt64(0)..<10_000 {
            var rng = RepeatableRandomNumberGenerator(seed: seed)
            let host = RecordingHost()
            host.usesKinds = seed % 3 == 0
            let count = [0, 1, 3, 12, 40][Int.random(in: 0..<5, using: &rng)]
            let layout = TabStripLayout(
                contentInsets: HorizontalInsets(leading: Double(Int.random(in: 0...20, using: &rng)), trailing: 8),
                spacing: [0, 6][Int.random(in: 0..<2, using: &rng)],
                direction: seed % 4 == 1 ? .rightToLeft : .leftToRight,
                alignment: [.leading, .center, .fill][Int.random(in: 0..<3, using: &rng)],
                overscan: [0, 30, 60][Int.random(in: 0..<3, using: &rng)]
            )
            let strip = try TabStrip(
                titles: (0..<count).map { _ in Self.randomTitle(&rng) },
                layout: layout,
                viewport: Viewport(width: Double(Int.random(in: 120...600, using: &rng)), height: 44)
            )
            let v = try TabStripVirtualizer(strip: strip, host: host, poolLimit: Int.random(in: 0...6, using: &rng))
            try Self.expectScreenMatches(v, host, "seed \(seed) start")
            for step in 0..<12 {
                try Self.randomStep(v, host, &rng, note: "seed \(seed) step \(step)")
                try Self.expectScreenMatches(v, host, "seed \(seed) step \(step)")
            }
        }
    }

    static func randomStep(_ v: TabStripVirtualizer<RecordingHost>, _ host: RecordingHost, _ rng: inout RepeatableRandomNumberGenerator, note: String) throws {
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
            let after = v.strip.visibleTabs
            let entering = after.count - after.clamped(to: before).count
            #expect(host.configures == entering && host.places == entering && host.applies == entering, "\(note): scroll did extra work")
        case 4 where n > 0:
            try v.select(Int.random(in: 0..<n, using: &rng), scroll: [.none, .reveal, .center][Int.random(in: 0..<3, using: &rng)])
        case 5 where n > 1:
            guard let selected = v.strip.selectedIndex else { return }
            let p = try PagerProgress(currentIndex: selected, progress: Double.random(in: -1.5...1.5, using: &rng), pageCount: n)
            try v.setPagerProgress(p)
            #expect(host.configures == 0 && host.applies <= 4, "\(note): a drag reconfigured cells")
        case 6 where n > 0:
            try v.setTransition(to: Int.random(in: 0..<n, using: &rng), fraction: Double.random(in: 0...1, using: &rng))
        case 7:
            try v.insertTabs((0..<Int.random(in: 1...3, using: &rng)).map { _ in Self.randomTitle(&rng) }, at: Int.random(in: 0...n, using: &rng))
        case 8 where n > 0:
            let lo = Int.random(in: 0..<n, using: &rng)
            try v.removeTabs(in: lo..<min(n, lo + Int.random(in: 1...4, using: &rng)))
        case 9 where n > 0:
            try v.renameTab(at: Int.random(in: 0..<n, using: &rng), to: Self.randomTitle(&rng))
        case 10 where n > 0:
            let badges: [TabBadge] = [.none, .dot, .count(3), .count(120)]
            try v.setBadge(badges[Int.random(in: 0..<4, using: &rng)], forTabAt: Int.random(in: 0..<n, using: &rng))
        case 11 where n > 1:
            try v.moveTab(from: Int.random(in: 0..<n, using: &rng), to: Int.random(in: 0..<n, using: &rng))
        case 12:
            try v.setViewport(Viewport(width: Double(Int.random(in: 120...600, using: &rng)), height: 44))
        default:
            if Bool.random(using: &rng) {
                var layout = v.strip.layout
                layout.spacing = [0, 4, 10][Int.random(in: 0..<3, using: &rng)]
                layout.alignment = [.leading, .center, .fill][Int.random(in: 0..<3, using: &rng)]
                try v.setLayout(layout)
            } else {
                try v.replaceAllTabs(with: (0..<Int.random(in: 0...20, using: &rng)).map { _ in Self.randomTitle(&rng) })
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
            x = min(end, x + 167)   // 20,000 pt/s at 120 Hz
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
        #expect(host.made.count <= v.counters.maximumVisible + 8, "made \(host.made.count), max visible \(v.counters.maximumVisible)")
        #expect(v.reuseCounters.reused > 10_000)
    }

    @Test func pagerDragTouchesOnlyTheTwoTabs() throws {
        let host = RecordingHost()
        let strip = try TabStrip(titles: ["推荐", "关注", "同城", "热点", "科技"], viewport: Viewport(width: 800, height: 44))
        let v = try TabStripVirtualizer(strip: strip, host: host)
        host.resetCounts()
        try v.setPagerProgress(PagerProgress(currentIndex: 0, progress: 0.5, pageCount: 5))
        #expect(host.configures == 0 && host.places == 0 && host.applies == 2)
        let half = try #require(v.cell(forTab: 1)?.appearance)
        #expect(half.scale == 1.0)   // halfway between 0.9 and 1.1
        // The selected tab and its neighbour both at 50 %.
        #expect(v.cell(forTab: 0)?.appearance == half)
        #expect(v.cell(forTab: 2)?.appearance == TitleStyle.douyin.appearance(selection: 0))
        host.resetCounts()
        try v.select(1, scroll: .reveal)
        try Self.expectScreenMatches(v, host, "after settling")
        #expect(host.configures == 2)   // the old and the new selected tab
    }

    @Test func hostGoneMeansStripOnly() throws {
        var host: RecordingHost? = RecordingHost()
        let strip = try TabStrip(titles: ["a", "b"], viewport: Viewport(width: 100, height: 44))
        let v = try TabStripVirtualizer(strip: strip, host: host!)
        host = nil
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
        #expect(throws: TabStripError.invalidViewport(width: -1, height: 44)) { try v.setViewport(Viewport(width: -1, height: 44)) }
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
