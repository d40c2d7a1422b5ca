import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// A page provider that records what it was asked for.
struct RecordingPages: PageProvider {
    var loaded: [Int] = []
    var preloaded: [Int] = []
    var evicted: [Int] = []
    mutating func loadPage(at index: Int) -> Int {
        loaded.append(index)
        return index
    }
    mutating func preloadPage(at index: Int) -> Int {
        preloaded.append(index)
        return index
    }
    mutating func evictPage(_ page: Int, at index: Int) { evicted.append(index) }
    var created: Set<Int> { Set(loaded).union(preloaded) }
}

@Suite struct PagerSyncTests {
    typealias Sync = PagerSync<RecordingHost, RecordingPages>
    static let titles = ["推荐", "关注", "同城", "热点新闻", "科技", "A", "体育频道直播", "财经", "🇨🇳", "娱乐"]

    static func makeSync(titles: [String] = titles, sizing: TabSizing = .measured(), width: Double = 320) throws -> (
        Sync, RecordingHost
    ) {
        let host = RecordingHost()
        let strip = try TabStrip(titles: titles, sizing: sizing, viewport: Viewport(width: width, height: 44))
        let v = try TabStripVirtualizer(strip: strip, host: host)
        let sync = try Sync(virtualizer: v, pageWidth: 400, provider: RecordingPages())
        return (sync, host)
    }

    /// Reference frames: widths accumulated left to right from the seed 000
    /// rule (8 pt per display column + 2 × 20 pt padding).
    static func referenceFrame(_ i: Int, titles: [String]) -> Rect {
        let widths = titles.map { Double(DisplayColumns.columns(of: $0)) * 8 + 40 }
        return Rect(x: widths[..<i].reduce(0, +), y: 0, width: widths[i], height: 44)
    }

    /// Drags the pages from page p to p + 1 in 10 frames, releases, and
    /// checks every frame's progress and indicator against the reference.
    @Test func draggingFollowsAcrossVariableWidths() throws {
        let (sync, host) = try Self.makeSync()
        var t = 0.0
        for page in 0..<(Self.titles.count - 1) {
            #expect(try sync.beginPageDrag(at: t) == .accepted)
            for step in 1...10 {
                t += 1.0 / 120
                let translation = -Double(step) * 30 // finger moves left: next page
                try sync.movePageDrag(translation: translation, at: t)
                try sync.advance(to: t)
                sync._checkInvariants()
                let p = (Double(page) * 400 + Double(step) * 30) / 400 - Double(page)
                let c = Self.referenceFrame(page, titles: Self.titles)
                let n = Self.referenceFrame(page + 1, titles: Self.titles)
                // Seed 000: indicator inset by the padding, 3 pt high, lerped.
                let x = (c.x + 20) + ((n.x + 20) - (c.x + 20)) * p
                let w = (c.width - 40) + ((n.width - 40) - (c.width - 40)) * p
                let indicator = try #require(sync.strip.indicatorFrame)
                #expect(abs(indicator.x - x) < 1e-9 && abs(indicator.width - w) < 1e-9, "page \(page) step \(step)")
                let transition = try #require(sync.strip.transition)
                #expect(transition.from == page && transition.to == page + 1 && abs(transition.fraction - p) < 1e-12)
                #expect(host.indicator == .some(indicator))
                // Titles: the current tab loses selection as the next gains it.
                let leaving = try sync.strip.titleAppearance(ofTab: page)
                let entering = try sync.strip.titleAppearance(ofTab: page + 1)
                #expect(abs(leaving.scale - (1.1 - 0.2 * p)) < 1e-9 && abs(entering.scale - (0.9 + 0.2 * p)) < 1e-9)
                #expect(
                    abs(leaving.color.red - (1 - p / 3)) < 1e-9 && abs(entering.color.red - (2.0 / 3 + p / 3)) < 1e-9)
            }
            try sync.endPageDrag(translation: -300, velocityPerMillisecond: 0.5, at: t)
            // Settling (0.15 s): no new gesture is accepted.
            t += 1.0 / 120
            try sync.advance(to: t)
            if case .refusedWhileSettling = try sync.beginPageDrag(at: t) {
            } else {
                Issue.record("gesture accepted while settling")
            }
            // Run past the settle and the 0.25 s strip animation.
            for _ in 0..<60 {
                t += 1.0 / 120
                try sync.advance(to: t)
                sync._checkInvariants()
            }
            #expect(sync.strip.selectedIndex == page + 1)
            #expect(sync.strip.transition == nil)
            let target = try sync.strip.targetContentOffset(forSelecting: page + 1, scroll: .center)
            #expect(sync.strip.contentOffset == target, "page \(page + 1) not centred")
            #expect(sync.stripMotion == .none)
        }
    }

    @Test func aTapJumpsWithoutLoadingThePagesBetween() throws {
        let titles = (0..<1_000).map { "频道\($0)" }
        let (sync, _) = try Self.makeSync(titles: titles)
        let before = sync.provider.created
        #expect(before == [0, 1]) // the current page and its neighbour
        var t = 1.0
        try sync.tapTab(900, at: t)
        let jump = try #require(sync.jump)
        #expect(jump.from == 0 && jump.to == 900 && jump.isForward)
        #expect(sync.feedbackScale(ofTab: 900, at: t + 0.1) == 0.95)
        var fractions: [Double] = []
        while sync.jump != nil {
            t += 1.0 / 60
            try sync.advance(to: t)
            sync._checkInvariants()
            if let transition = sync.strip.transition { fractions.append(transition.fraction) }
        }
        #expect(fractions == fractions.sorted() && !fractions.isEmpty)
        #expect(sync.strip.selectedIndex == 900)
        #expect(sync.provider.created == [0, 1, 899, 900, 901])
        #expect(sync.pager.currentPage == 900)
        // Backwards: the jump is not forward.
        try sync.tapTab(3, at: t)
        #expect(sync.jump?.isForward == false)
    }

    @Test func interruptionsLeaveAConsistentState() throws {
        let (sync, _) = try Self.makeSync()
        try sync.tapTab(7, at: 0)
        try sync.advance(to: 0.1) // the jump is halfway
        #expect(sync.strip.transition != nil)
        // A page drag lands the jump first: nothing stuck halfway.
        #expect(try sync.beginPageDrag(at: 0.11) == .accepted)
        #expect(sync.jump == nil && sync.strip.selectedIndex == 7 && sync.strip.transition == nil)
        sync._checkInvariants()
        try sync.movePageDrag(translation: 150, at: 0.12)
        try sync.advance(to: 0.12)
        #expect(sync.strip.transition?.to == 6)
        // The system takes the gesture: the pager and the strip go back.
        try sync.cancelPageDrag(at: 0.13)
        try sync.advance(to: 0.5)
        #expect(sync.strip.transition == nil && sync.strip.selectedIndex == 7)
        sync._checkInvariants()
    }

    @Test func equalWidthAndScrollableModesSelectAlike() throws {
        func session(_ sizing: TabSizing) throws -> [Int?] {
            let (sync, _) = try Self.makeSync(sizing: sizing)
            var selections: [Int?] = []
            var t = 0.0
            for (translation, velocity) in [(-100.0, 0.0), (-7.0, 0.5), (-9.0, 0.5), (70.0, 0.1), (-61.0, 0.0)] {
                try sync.beginPageDrag(at: t)
                try sync.movePageDrag(translation: translation, at: t + 0.05)
                try sync.endPageDrag(translation: translation, velocityPerMillisecond: velocity, at: t + 0.05)
                t += 0.5
                try sync.advance(to: t)
                selections.append(sync.strip.selectedIndex)
            }
            return selections
        }
        let scrollable = try session(.measured())
        let fixed = try session(.fixed(width: 80))
        // Seed 003 thresholds: 100 > 60 moves; 7 < 8 stays; 9 > 8 at speed moves;
        // 70 > 60 back; 61 > 60 forward.
        #expect(scrollable == [1, 1, 2, 1, 2])
        #expect(fixed == scrollable)
    }

    @Test func aWholeSessionIsDeterministic() throws {
        func session() throws -> [Double] {
            let (sync, _) = try Self.makeSync()
            var trace: [Double] = []
            var t = 0.0
            try sync.dragStrip(to: 50, at: t)
            try sync.releaseStrip(velocityPerSecond: 2_500, at: t)
            for frame in 0..<240 {
                t = Double(frame) / 120
                if frame == 30 { try sync.tapTab(8, at: t) }
                if frame == 100 { try sync.beginPageDrag(at: t) }
                if frame > 100, frame < 110 { try sync.movePageDrag(translation: Double(frame - 100) * 12, at: t) }
                if frame == 110 { try sync.endPageDrag(translation: 120, velocityPerMillisecond: 0.9, at: t) }
                try sync.advance(to: t)
                trace.append(sync.strip.contentOffset)
                trace.append(sync.strip.indicatorFrame?.x ?? -1)
                trace.append(sync.pageOffset)
            }
            return trace
        }
        let first = try session()
        let second = try session()
        #expect(first.elementsEqual(second) { $0.bitPattern == $1.bitPattern })
    }

    /// `needsFrames` is false only when advancing changes nothing, and stays
    /// true after a settle that ended since the last frame until a frame
    /// notices it.
    @Test func needsFramesSaysWhenAdvancingCanStillChangeSomething() throws {
        let (sync, _) = try Self.makeSync()
        func snapshot() -> [Double] {
            [
                sync.strip.contentOffset, Double(sync.strip.selectedIndex ?? -1), sync.strip.transition?.fraction ?? -1,
                sync.strip.indicatorFrame?.x ?? -1, sync.strip.indicatorFrame?.width ?? -1, sync.pageOffset,
                Double(sync.pageCache.currentPage ?? -1),
            ]
        }
        #expect(!sync.needsFrames)
        // A page swipe: dragging and settling need frames.
        try sync.beginPageDrag(at: 0)
        try sync.movePageDrag(translation: -150, at: 0.02)
        #expect(sync.needsFrames)
        try sync.endPageDrag(translation: -150, velocityPerMillisecond: 0.6, at: 0.03)
        try sync.advance(to: 0.04)
        #expect(sync.needsFrames)
        // An event long after the settle's end (a touch on the strip): no
        // frame has seen the pager stop, so one is still needed, and it
        // does change the selection.
        try sync.dragStrip(to: sync.strip.contentOffset, at: 1.0)
        #expect(sync.needsFrames)
        let before = snapshot()
        try sync.advance(to: 1.0)
        #expect(snapshot() != before && sync.strip.selectedIndex == 1)
        // Then the strip's scroll runs; when nothing needs frames, a later
        // advance changes nothing.
        var t = 1.0
        var script: [(Double) throws -> Void] = [
            { try sync.tapTab(7, at: $0) },
            {
                try sync.dragStrip(to: 40, at: $0)
                try sync.releaseStrip(velocityPerSecond: 3_000, at: $0)
            },
            { try sync.selectTab(2, animated: true, at: $0) },
            {
                try sync.beginPageDrag(at: $0)
                try sync.movePageDrag(translation: 30, at: $0)
                try sync.cancelPageDrag(at: $0)
            },
        ]
        script.reverse()
        while let step = script.popLast() {
            try step(t)
            var frames = 0
            while sync.needsFrames {
                t += 1.0 / 120
                try sync.advance(to: t)
                frames += 1
                #expect(frames < 2_000)
                if frames >= 2_000 { break }
            }
            #expect(frames > 0)
            let rest = snapshot()
            t += 0.5
            try sync.advance(to: t)
            #expect(snapshot() == rest)
            #expect(!sync.needsFrames)
        }
    }

    @Test func stripFlingsStopHardAtBothEnds() throws {
        let (sync, _) = try Self.makeSync()
        let end = sync.strip.contentOffsetRange.upperBound
        try sync.dragStrip(to: 10, at: 0)
        try sync.releaseStrip(velocityPerSecond: 20_000, at: 0)
        var t = 0.0
        while sync.stripMotion != .none, t < 10 {
            t += 1.0 / 120
            try sync.advance(to: t)
            #expect(sync.strip.contentOffset <= end)
        }
        #expect(sync.strip.contentOffset == end)
        try sync.dragStrip(to: end - 5, at: t)
        try sync.releaseStrip(velocityPerSecond: -20_000, at: t)
        while sync.stripMotion != .none, t < 20 {
            t += 1.0 / 120
            try sync.advance(to: t)
            #expect(sync.strip.contentOffset >= 0)
        }
        #expect(sync.strip.contentOffset == 0)
    }

    @Test func theCacheStaysWithinItsBudgetOverALongSweep() throws {
        let titles = (0..<400).map { "第\($0)页" }
        let (sync, _) = try Self.makeSync(titles: titles)
        var t = 0.0
        for _ in 0..<(titles.count - 1) {
            try sync.beginPageDrag(at: t)
            try sync.movePageDrag(translation: -200, at: t + 0.01)
            try sync.endPageDrag(translation: -200, velocityPerMillisecond: 1, at: t + 0.01)
            t += 0.3
            try sync.advance(to: t)
            #expect(sync.pageCache.liveCount <= 16)
        }
        #expect(sync.strip.selectedIndex == titles.count - 1)
        #expect(sync.provider.created.count == titles.count)
        sync._checkInvariants()
    }

    @Test func badInputThrowsAndChangesNothing() throws {
        let (sync, _) = try Self.makeSync()
        try sync.advance(to: 1)
        #expect(throws: TabStripError.invalidValue(name: "time", value: .nan)) { try sync.advance(to: .nan) }
        #expect(throws: TabStripError.timeBeforeLastEvent(time: 0.5, lastTime: 1)) { try sync.advance(to: 0.5) }
        #expect(throws: TabStripError.indexOutOfRange(index: 10, count: 10)) { try sync.tapTab(10, at: 2) }
        #expect(throws: TabStripError.invalidOffset(.infinity)) { try sync.dragStrip(to: .infinity, at: 2) }
        #expect(throws: TabStripError.invalidValue(name: "velocityPerSecond", value: .nan)) {
            try sync.releaseStrip(velocityPerSecond: .nan, at: 2)
        }
        #expect(sync.lastTime == 1 && sync.strip.selectedIndex == 0 && sync.jump == nil)
        sync._checkInvariants()
        // Pagers need a page.
        let host = RecordingHost()
        let empty = try TabStripVirtualizer(
            strip: TabStrip(titles: [String](), viewport: Viewport(width: 100, height: 40)), host: host)
        #expect(throws: TabStripError.invalidValue(name: "pageCount", value: 0)) {
            try Sync(virtualizer: empty, pageWidth: 100, provider: RecordingPages())
        }
    }
}
