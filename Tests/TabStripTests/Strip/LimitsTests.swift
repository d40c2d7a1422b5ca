import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// The bounds of `TabStripLimits`: values past them are refused where they
/// enter, naming the parameter and the bound, and nothing changes; values at
/// them work, and every result stays finite and in range.
@Suite struct LimitsTests {
    let maxPool = TabStripLimits.maximumPoolSize
    static let maxPool = TabStripLimits.maximumPoolSize

    // MARK: Pools, budgets, radii

    @Test func poolLimitsAreBounded() throws {
        for limit in [Int.max, 1 << 40, maxPool + 1] {
            #expect(throws: TabStripError.countExceedsLimit(name: "poolLimit", value: limit, limit: maxPool)) {
                _ = try TabStripVirtualizer(strip: Self.strip(count: 50), host: RecordingHost(), poolLimit: limit)
            }
            var queue = try ReuseQueue<Int>(poolLimit: 3)
            #expect(throws: TabStripError.countExceedsLimit(name: "poolLimit", value: limit, limit: maxPool)) {
                _ = try queue.setPoolLimit(limit)
            }
            #expect(queue.poolLimit == 3)
        }
        // At the bound, cells going idle allocate only what they use.
        let host = RecordingHost()
        let v = try TabStripVirtualizer(strip: Self.strip(count: 2_000), host: host, poolLimit: maxPool)
        for offset in stride(from: 0.0, through: 40_000, by: 997) { try v.setContentOffset(offset) }
        try v.setViewport(Viewport(width: 40, height: 44))
        try TabStripVirtualizerTests.expectScreenMatches(v, host, "pool at the bound")
        #expect(v.idleCellCount > 0)
    }

    @Test func budgetsAndRadiiAreBounded() throws {
        #expect(throws: TabStripError.countExceedsLimit(name: "budget", value: Int.max, limit: maxPool)) {
            _ = try PageCache<Int>(pageCount: 10, budget: .max)
        }
        #expect(throws: TabStripError.countExceedsLimit(name: "preloadRadius", value: 1 << 40, limit: maxPool)) {
            _ = try PageCache<Int>(pageCount: 10, budget: 16, preloadRadius: 1 << 40)
        }
        #expect(
            throws: TabStripError.countExceedsLimit(
                name: "pageCount", value: Int.max, limit: TabStripLimits.maximumCount)
        ) {
            _ = try PageCache<Int>(pageCount: .max)
        }
        var cache = try PageCache<Int>(pageCount: 10)
        var pages = RecordingPages()
        #expect(throws: TabStripError.countExceedsLimit(name: "budget", value: maxPool + 1, limit: maxPool)) {
            try cache.setBudget(maxPool + 1, using: &pages)
        }
        #expect(throws: TabStripError.countExceedsLimit(name: "preloadRadius", value: Int.max, limit: maxPool)) {
            try cache.setPreloadRadius(.max, using: &pages)
        }
        #expect(cache.budget == 16 && cache.preloadRadius == 1)
        let v = try TabStripVirtualizer(strip: Self.strip(count: 20), host: RecordingHost())
        #expect(throws: TabStripError.countExceedsLimit(name: "pageBudget", value: Int.max, limit: maxPool)) {
            _ = try PagerSync(virtualizer: v, pageWidth: 300, provider: RecordingPages(), pageBudget: .max)
        }
        #expect(throws: TabStripError.countExceedsLimit(name: "preloadRadius", value: Int.max, limit: maxPool)) {
            _ = try PagerSync(virtualizer: v, pageWidth: 300, provider: RecordingPages(), preloadRadius: .max)
        }
        // The largest budget works with a large radius on a large pager.
        var big = try PageCache<Int>(pageCount: TabStripLimits.maximumCount, budget: maxPool, preloadRadius: 1_000)
        try big.completeTransition(to: TabStripLimits.maximumCount - 1, using: &pages)
        #expect(big.liveCount == 1_001)
    }

    // MARK: Pager positions and pagers

    @Test func pagerPositionsStayInRange() throws {
        #expect(
            throws: TabStripError.countExceedsLimit(name: "pageCount", value: .max, limit: TabStripLimits.maximumCount)
        ) {
            _ = try PagerPosition(offset: 1e300, pageWidth: 1, pageCount: .max)
        }
        #expect(
            throws: TabStripError.countExceedsLimit(
                name: "pageCount", value: 1 << 62, limit: TabStripLimits.maximumCount)
        ) {
            _ = try PagerPosition(offset: 1e300, pageWidth: 1, pageCount: 1 << 62)
        }
        #expect(
            throws: TabStripError.lengthExceedsLimit(
                name: "pageWidth", value: 1e308, limit: TabStripLimits.maximumLength)
        ) {
            _ = try PagerPosition(offset: 0, pageWidth: 1e308, pageCount: 3)
        }
        var rng = SeededGenerator(seed: 9)
        let offsets: [Double] = [
            -.greatestFiniteMagnitude, -1e300, -1, 0, 0.5, 1e15, 1e18, 1e300, .greatestFiniteMagnitude,
        ]
        let widths: [Double] = [.leastNonzeroMagnitude, 1e-300, 1e-9, 1, 390, 1e15]
        let counts = [1, 2, 3, 1 << 20, TabStripLimits.maximumCount - 1, TabStripLimits.maximumCount]
        for _ in 0..<5_000 {
            let offset =
                Bool.random(using: &rng)
                ? offsets.randomElement(using: &rng)! : Double.random(in: -1e20...1e20, using: &rng)
            let width = widths.randomElement(using: &rng)!
            let count = counts.randomElement(using: &rng)!
            let p = try PagerPosition(offset: offset, pageWidth: width, pageCount: count)
            #expect(p.leftIndex >= 0 && p.leftIndex < count, "\(offset) \(width) \(count)")
            #expect(p.rightFactor >= 0 && p.rightFactor < 1 && p.offset.isFinite)
            #expect(p.nearestPage >= 0 && p.nearestPage < count)
        }
    }

    @Test func pagersRefuseHugeSizesAndProjectInRange() throws {
        #expect(
            throws: TabStripError.lengthExceedsLimit(
                name: "pageWidth", value: 1e308, limit: TabStripLimits.maximumLength)
        ) {
            _ = try Pager(pageWidth: 1e308, pageCount: 3)
        }
        #expect(
            throws: TabStripError.countExceedsLimit(name: "pageCount", value: .max, limit: TabStripLimits.maximumCount)
        ) {
            _ = try Pager(pageWidth: 300, pageCount: .max)
        }
        let rule = try ProjectionPagingRule(maximumPageStep: TabStripLimits.maximumCount)
        for page in [0, 1, TabStripLimits.maximumCount / 2, TabStripLimits.maximumCount - 1] {
            for velocity in [-1e300, -1e6, 0, 1e6, 1e300] {
                for offset in [-1e300, 0, 1e18, 1e300] {
                    let target = rule.targetPage(
                        currentPage: page, pageCount: TabStripLimits.maximumCount, pageWidth: 1e15,
                        releaseOffset: offset, velocityPerMillisecond: velocity)
                    #expect(target >= 0 && target < TabStripLimits.maximumCount)
                }
            }
        }
        var pager = try Pager(
            pageWidth: 1e15, pageCount: TabStripLimits.maximumCount, currentPage: 7, rule: .projection(rule))
        try pager.beginDrag(at: 0)
        try pager.moveDrag(translation: -1e15, at: 0.01)
        try pager.endDrag(translation: -1e15, velocityPerMillisecond: -1e300, at: 0.02)
        #expect(pager.currentPage >= 0 && pager.currentPage < TabStripLimits.maximumCount)
        #expect(pager.offset(at: 0.05).isFinite)
    }

    // MARK: Sizes

    @Test func sizesThatWouldOverflowAreRefused() throws {
        let viewport = Viewport(width: 320, height: 44)
        #expect(
            throws: TabStripError.lengthExceedsLimit(name: "width", value: 1e308, limit: TabStripLimits.maximumLength)
        ) {
            _ = try TabStrip(
                titles: ["a", "b", "c"], sizing: .fixed(width: 1e308),
                layout: TabStripLayout(direction: .rightToLeft), viewport: viewport)
        }
        // Each width is valid but the content would be too wide.
        #expect(
            throws: TabStripError.lengthExceedsLimit(
                name: "contentWidth", value: 3e15, limit: TabStripLimits.maximumContentWidth)
        ) {
            _ = try TabStrip(titles: ["a", "b", "c"], sizing: .fixed(width: 1e15), viewport: viewport)
        }
        var strip = try TabStrip(titles: (0..<100).map { "tab \($0)" }, viewport: viewport)
        try strip.setContentOffset(2_000)
        let before = strip
        for layout in [
            TabStripLayout(spacing: 1e308), TabStripLayout(spacing: 1e14),
            TabStripLayout(contentInsets: HorizontalInsets(leading: 1e15, trailing: 1e15)),
            TabStripLayout(overscan: 1e308),
        ] {
            #expect(throws: TabStripError.self) { try strip.setLayout(layout) }
            Self.expectUnchanged(strip, before)
        }
        for sizing in [TabSizing.measured(minimum: 1e14), .equalDivision(minimum: 1e14), .fixed(width: 1e14)] {
            Self.expectRefusal(named: "contentWidth") { () throws(TabStripError) in try strip.setSizing(sizing) }
            Self.expectUnchanged(strip, before)
        }
        var narrow = try TabStrip(titles: ["a"], sizing: .fixed(width: 4e14), viewport: viewport)
        Self.expectRefusal(named: "contentWidth") { () throws(TabStripError) in
            try narrow.insertTabs(["b", "c"], at: 0)
        }
        Self.expectRefusal(named: "contentWidth") { () throws(TabStripError) in
            try narrow.replaceAllTabs(with: ["b", "c", "d"])
        }
        #expect(narrow.tabCount == 1)
        #expect(
            throws: TabStripError.lengthExceedsLimit(name: "offset", value: 1e300, limit: TabStripLimits.maximumOffset)
        ) {
            try strip.setContentOffset(1e300)
        }
        #expect(
            throws: TabStripError.lengthExceedsLimit(name: "width", value: 1e308, limit: TabStripLimits.maximumLength)
        ) {
            try strip.setViewport(Viewport(width: 1e308, height: 44))
        }
        // After every refusal a valid selection still works.
        try strip.select(2)
        #expect(strip.contentOffset.isFinite)
    }

    /// Equal-division edits are checked against the limit after the tabs
    /// are re-divided (issue 29, item 10): inserting a tab, or widening the
    /// spacing, near the bound is accepted whenever a strip built with the
    /// result is, gives that strip's widths, and is refused (with nothing
    /// changed) only when that strip would be refused too.
    @Test func equalDivisionEditsAreCheckedAfterRedividing() throws {
        func built(_ count: Int, _ layout: TabStripLayout, _ viewport: Viewport) -> TabStrip? {
            try? TabStrip(
                titles: (0..<count).map { "t\($0)" }, sizing: .equalDivision(), layout: layout, viewport: viewport)
        }
        for width in [7e14, 9e14, 1e15] {
            let viewport = Viewport(width: width, height: 44)
            for spacing in [0.0, 1e13] {
                for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                    let layout = TabStripLayout(spacing: spacing, direction: direction)
                    for count in 1...3 {
                        for at in 0...count {
                            let note = "viewport \(width), spacing \(spacing), \(direction), \(count) tabs, at \(at)"
                            guard var strip = built(count, layout, viewport) else { continue }
                            let before = strip
                            let reference = built(count + 1, layout, viewport)
                            do throws(TabStripError) {
                                try strip.insertTabs(["new"], at: at)
                                let buildable = reference != nil
                                #expect(buildable, "\(note): accepted, but the strip cannot be built")
                            } catch {
                                let buildable = reference != nil
                                #expect(!buildable, "\(note): refused with \(error)")
                                Self.expectUnchanged(strip, before)
                                continue
                            }
                            guard let reference else { continue }
                            #expect(strip.tabCount == count + 1, "\(note)")
                            for i in 0..<strip.tabCount {
                                #expect(
                                    try strip.frame(ofTab: i).width == reference.frame(ofTab: i).width,
                                    "\(note): tab \(i)")
                            }
                        }
                    }
                }
            }
            // Wider spacing: the tabs shrink to make room.
            guard var strip = built(2, TabStripLayout(), viewport) else { continue }
            let wider = TabStripLayout(spacing: 2e14)
            if let reference = built(2, wider, viewport) {
                try strip.setLayout(wider)
                #expect(try strip.frame(ofTab: 1).width == reference.frame(ofTab: 1).width, "viewport \(width)")
            }
        }
    }

    /// The largest accepted values, in every direction and alignment: every
    /// frame, offset and visible range stays finite and in range.
    @Test func extremeButValidStripsStayFinite() throws {
        let lengths: [Double] = [0, 1e-300, 1, 1e9, 1e14]
        var rng = SeededGenerator(seed: 77)
        for round in 0..<300 {
            let count = [1, 2, 3, 50][round % 4]
            let layout = TabStripLayout(
                contentInsets: HorizontalInsets(
                    leading: lengths.randomElement(using: &rng)!, trailing: lengths.randomElement(using: &rng)!),
                spacing: lengths.randomElement(using: &rng)! / Double(count),
                direction: Bool.random(using: &rng) ? .leftToRight : .rightToLeft,
                alignment: [.leading, .center, .fill].randomElement(using: &rng)!,
                overscan: [0, 60, 1e15].randomElement(using: &rng)!)
            let viewport = Viewport(width: [1e-300, 1, 390, 1e15].randomElement(using: &rng)!, height: 44)
            let width = [1e-9, 1, 1e12].randomElement(using: &rng)!
            let sizing: TabSizing = [.fixed(width: width), .equalDivision(), .measured(padding: 1e12)].randomElement(
                using: &rng)!
            guard
                var strip = try? TabStrip(
                    titles: (0..<count).map { "t\($0)" }, sizing: sizing, layout: layout, viewport: viewport)
            else { continue }
            for _ in 0..<10 {
                let offset = [-1e30, -1e18, -1e15, 0, 1e15, 1e18, 1e30, Double.random(in: -1e16...1e16, using: &rng)]
                    .randomElement(using: &rng)!
                try strip.setContentOffset(offset)
                if Bool.random(using: &rng) { try strip.select(Int.random(in: 0..<count, using: &rng)) }
                let visible = strip.visibleTabs
                #expect(visible.lowerBound >= 0 && visible.upperBound <= count)
                #expect(strip.contentOffset.isFinite && strip.contentWidth.isFinite)
                for i in 0..<count {
                    let f = try strip.frame(ofTab: i)
                    #expect(f.x.isFinite && f.width.isFinite && f.width >= 0, "round \(round) tab \(i): \(f)")
                }
                if let frame = strip.indicatorFrame { #expect(frame.x.isFinite && frame.width.isFinite) }
            }
        }
    }

    @Test func overscanAtTheBoundShowsEveryTab() throws {
        let strip = try TabStrip(
            titles: (0..<1_000).map { "t\($0)" }, layout: TabStripLayout(overscan: TabStripLimits.maximumLength),
            viewport: Viewport(width: 320, height: 44))
        #expect(strip.visibleTabs == 0..<1_000)
    }

    /// A sizing change that makes a huge number of tabs visible gives cells
    /// to at most `maximumVisibleCells` of them (those in the viewport
    /// first); later edits stay cheap and switching back restores the
    /// usual range.
    @Test func equalDivisionOverManyTabsIsCapped() throws {
        let count = 100_000
        let host = RecordingHost()
        let strip = try TabStrip(titles: (0..<count).map { "t\($0)" }, viewport: Viewport(width: 320, height: 44))
        let v = try TabStripVirtualizer(strip: strip, host: host)
        try v.setContentOffset(400_000)
        try v.setSizing(.equalDivision())
        let cap = TabStripLimits.maximumVisibleCells
        #expect(v.strip.visibleTabs.count == count)
        #expect(v.visibleTabs.count == cap)
        #expect(host.made.count <= cap + 64)
        for index in v.visibleTabs.lowerBound..<v.visibleTabs.lowerBound + 50 {
            #expect(v.cell(ofTab: index)?.content?.title == v.strip.titles[index])
        }
        v._checkInvariants()
        try v.insertTabs(["new"], at: 5)
        try v.removeTabs(in: 0..<3)
        #expect(v.visibleTabs.count == cap)
        v._checkInvariants()
        try v.setSizing(.measured())
        try TabStripVirtualizerTests.expectScreenMatches(v, host, "back to measured widths")
        #expect(v.visibleTabs.count < 100)
    }

    // MARK: Motion

    @Test func motionInputsAreBounded() throws {
        #expect(throws: TabStripError.lengthExceedsLimit(name: "y1", value: 1e308, limit: TimingCurve.maximumControlY))
        {
            _ = try TimingCurve(x1: 0.5, y1: 1e308, x2: 0.5, y2: 1)
        }
        #expect(
            throws: TabStripError.lengthExceedsLimit(name: "from", value: -1e308, limit: TabStripLimits.maximumOffset)
        ) {
            _ = try TimedAnimation(from: -1e308, to: 1e308, startTime: 0, duration: 1)
        }
        #expect(
            throws: TabStripError.lengthExceedsLimit(
                name: "position", value: 1e308, limit: TabStripLimits.maximumOffset)
        ) {
            _ = try Fling(position: 1e308, velocityPerSecond: 0, startTime: 0, bounds: 0...100, physics: .standard)
        }
        #expect(
            throws: TabStripError.lengthExceedsLimit(
                name: "digitAdvance", value: 1e308, limit: TabStripLimits.maximumLength)
        ) {
            try BadgeStyle(digitAdvance: 1e308).validate()
        }
        // The extremes that are accepted stay finite.
        let curve = try TimingCurve(x1: 0, y1: TimingCurve.maximumControlY, x2: 1, y2: -TimingCurve.maximumControlY)
        let animation = try TimedAnimation(
            from: -TabStripLimits.maximumOffset, to: TabStripLimits.maximumOffset, startTime: 0, duration: 1,
            curve: curve)
        for t in stride(from: 0.0, through: 1.0, by: 0.01) { #expect(animation.value(at: t).isFinite) }
        let bouncing = try ScrollPhysics(bounce: .init(rubberBand: .init(dimension: 390)))
        for physics in [ScrollPhysics.standard, bouncing] {
            let fling = try Fling(
                position: TabStripLimits.maximumOffset, velocityPerSecond: TabStripLimits.maximumOffset, startTime: 0,
                bounds: 0...1e15, physics: physics)
            let end = fling.finishTime
            #expect(end.isFinite && end < 1e6, "\(physics): finishes at \(end)")
            #expect(fling.position(at: end).isFinite)
        }
    }

    // MARK: Messages

    @Test func messagesNameTheParameterAndPrintIntegers() {
        #expect(
            TabStripError.invalidValue(name: "poolLimit", value: -1).description
                == "invalid poolLimit: -1 (allowed: an integer >= 0, at most 1e6 (TabStripLimits.maximumPoolSize))")
        #expect(
            TabStripError.countExceedsLimit(name: "poolLimit", value: .max, limit: maxPool).description
                == "invalid poolLimit: 9223372036854775807 exceeds the maximum 1000000 (TabStripLimits); pass a smaller value"
        )
        #expect(
            TabStripError.lengthExceedsLimit(name: "spacing", value: 1e308, limit: 1e15).description
                == "invalid spacing: 1e+308 exceeds the maximum 1000000000000000 (TabStripLimits); pass a smaller value"
        )
        #expect(
            TabStripError.invalidValue(name: "spacing", value: 0.5).description
                == "invalid spacing: 0.5 (allowed: a finite length >= 0, at most 1e15 (TabStripLimits.maximumLength))")
        // Errors a host fixes say what must agree, or which call.
        #expect(
            TabStripError.countMismatch(expected: 100_001, actual: 100_000).description
                == "count mismatch: expected 100001, got 100000: a pager's page count must equal the strip's tab count")
        #expect(
            TabStripError.reentrantCall(operation: "select(_:scroll:)").description.hasSuffix(
                "call it after the callback returns"))
    }

    // MARK: Helpers

    static func strip(count: Int) throws -> TabStrip {
        try TabStrip(titles: (0..<count).map { "tab \($0)" }, viewport: Viewport(width: 320, height: 44))
    }

    static func expectRefusal(
        named name: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws(TabStripError) -> Void
    ) {
        do throws(TabStripError) {
            try body()
            Issue.record("accepted", sourceLocation: sourceLocation)
        } catch {
            guard case .lengthExceedsLimit(let n, let value, let limit) = error else {
                Issue.record("\(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(n == name && value > limit, "\(error)", sourceLocation: sourceLocation)
        }
    }

    static func expectUnchanged(_ a: TabStrip, _ b: TabStrip, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            a.contentOffset == b.contentOffset && a.layout == b.layout && a.tabCount == b.tabCount
                && a.contentWidth == b.contentWidth && a.selectedIndex == b.selectedIndex,
            sourceLocation: sourceLocation)
    }
}
