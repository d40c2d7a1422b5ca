import TabStrip
import TabStripTestSupport
import Testing

@Suite struct PageCacheTests {
    private let width = 375.0

    @Test func transitionLoadsThePageAndPreloadsNeighbours() throws {
        var cache = try PageCache<TestPage>(pageCount: 10)
        var provider = RecordingProvider()
        #expect(cache.liveCount == 0 && cache.currentPage == nil)
        try cache.completeTransition(to: 4, using: &provider)
        #expect(provider.events == [.load(4), .preload(3), .preload(5)])
        #expect(cache.liveIndicesByRecency == [4, 3, 5])
        #expect(cache.counters == PageCacheCounters(loaded: 1, preloaded: 2, evicted: 0, hits: 0))
        #expect(try cache.page(at: 4) == TestPage(index: 4, serial: 1))
        #expect(try cache.page(at: 7) == nil)
        #expect(cache.isPinned(3) && cache.isPinned(5) && !cache.isPinned(6))
        cache._checkInvariants()

        // Dragging to page 5 shows a preloaded page: a hit, no load.
        provider.events = []
        try cache.updateVisibility(offset: 4.3 * width, pageWidth: width, using: &provider)
        #expect(provider.events.isEmpty && cache.visiblePages == 4..<6)
        #expect(cache.counters.hits == 1)
        try cache.completeTransition(to: 5, using: &provider)
        #expect(provider.events == [.preload(6)])
        #expect(cache.counters == PageCacheCounters(loaded: 1, preloaded: 3, evicted: 0, hits: 1))
        #expect(cache.counters.hitRatio == 0.5)
        cache._checkInvariants()
    }

    @Test func visibilityThreshold() throws {
        var cache = try PageCache<TestPage>(pageCount: 10, preloadRadius: 0, visibilityThreshold: 0.5)
        var provider = RecordingProvider()
        try cache.updateVisibility(offset: 2.3 * width, pageWidth: width, using: &provider)
        #expect(cache.visiblePages == 2..<3 && provider.events == [.load(2)])
        // Exactly half of each: neither exceeds 0.5.
        try cache.updateVisibility(offset: 2.5 * width, pageWidth: width, using: &provider)
        #expect(cache.visiblePages.isEmpty)
        try cache.updateVisibility(offset: 2.7 * width, pageWidth: width, using: &provider)
        #expect(cache.visiblePages == 3..<4 && provider.events == [.load(2), .load(3)])
        // Default threshold 0: any sliver counts, an exact page boundary does not.
        var eager = try PageCache<TestPage>(pageCount: 10, preloadRadius: 0)
        var other = RecordingProvider()
        try eager.updateVisibility(offset: 2 * width, pageWidth: width, using: &other)
        #expect(eager.visiblePages == 2..<3)
        try eager.updateVisibility(offset: 2 * width + 0.5, pageWidth: width, using: &other)
        #expect(eager.visiblePages == 2..<4 && other.events == [.load(2), .load(3)])
        cache._checkInvariants()
        eager._checkInvariants()
    }

    /// PageMenu #437: tapping a far tab must not load every page in between.
    @Test func jumpNeverLoadsSkippedPages() throws {
        var cache = try PageCache<TestPage>(pageCount: 1_000)
        var provider = RecordingProvider()
        try cache.completeTransition(to: 10, using: &provider)
        provider.events = []
        try cache.beginJump(to: 900, using: &provider)
        #expect(provider.events == [.load(900)])
        // The animation scrolls through every page in between.
        var offset = 10 * width
        while offset < 900 * width {
            try cache.updateVisibility(offset: offset, pageWidth: width, using: &provider)
            cache._checkInvariants()
            offset += 0.37 * width
        }
        try cache.completeTransition(to: 900, using: &provider)
        #expect(
            provider.events.filter { if case .evict = $0 { false } else { true } }
                == [.load(900), .preload(899), .preload(901)])
        let created = provider.events.compactMap { event -> Int? in
            switch event {
            case .load(let index), .preload(let index): index
            case .evict: nil
            }
        }
        #expect(!created.contains { $0 > 11 && $0 < 899 })
        #expect(cache.jumpTarget == nil && cache.currentPage == 900)

        // Without animation: the transition alone.
        var direct = try PageCache<TestPage>(pageCount: 1_000)
        var other = RecordingProvider()
        try direct.completeTransition(to: 10, using: &other)
        try direct.completeTransition(to: 900, using: &other)
        #expect(other.events == [.load(10), .preload(9), .preload(11), .load(900), .preload(899), .preload(901)])
    }

    @Test func cancelledJumpCountsEveryPageAgain() throws {
        var cache = try PageCache<TestPage>(pageCount: 100)
        var provider = RecordingProvider()
        try cache.completeTransition(to: 0, using: &provider)
        try cache.beginJump(to: 50, using: &provider)
        try cache.updateVisibility(offset: 20.5 * width, pageWidth: width, using: &provider)
        #expect(cache.visiblePages.isEmpty && !cache.isLive(20))
        cache.cancelJump()
        #expect(cache.isPinned(50) == false && cache.isLive(50))
        try cache.updateVisibility(offset: 20.5 * width, pageWidth: width, using: &provider)
        #expect(cache.visiblePages == 20..<22 && cache.isLive(20) && cache.isLive(21))
        cache._checkInvariants()
    }

    /// 100,000 pages swept end to end and back: the live pages never exceed
    /// the budget, not even inside a callback.
    @Test func sweepingOneHundredThousandPagesStaysWithinBudget() throws {
        let count = 100_000
        var cache = try PageCache<TestPage>(pageCount: count)
        var provider = RecordingProvider()
        provider.recordsEvents = false
        try cache.completeTransition(to: 0, using: &provider)
        var maxLive = cache.liveCount
        for page in 0..<(count - 1) {
            for fraction in [0.3, 0.7] {
                try cache.updateVisibility(
                    offset: (Double(page) + fraction) * width, pageWidth: width, using: &provider)
                maxLive = max(maxLive, cache.liveCount)
            }
            try cache.completeTransition(to: page + 1, using: &provider)
            maxLive = max(maxLive, cache.liveCount)
            if page % 97 == 0 { cache._checkInvariants() }
        }
        // Forward: one load (page 0), every other page preloaded before it shows.
        #expect(
            cache.counters == PageCacheCounters(loaded: 1, preloaded: count - 1, evicted: count - 16, hits: count - 1))
        for page in stride(from: count - 1, to: 0, by: -1) {
            try cache.updateVisibility(offset: (Double(page) - 0.5) * width, pageWidth: width, using: &provider)
            try cache.completeTransition(to: page - 1, using: &provider)
            maxLive = max(maxLive, cache.liveCount)
        }
        cache._checkInvariants()
        #expect(maxLive == 16)
        #expect(provider.peakLive == 16)
        #expect(cache.liveCount == 16 && provider.live == 16)
        #expect(cache.liveIndicesByRecency.sorted() == Array(0..<16))
    }

    @Test func shrinkingEvictsPagesPastTheEndAndMovesTheSettledPage() throws {
        var cache = try PageCache<TestPage>(pageCount: 20)
        var provider = RecordingProvider()
        try cache.completeTransition(to: 18, using: &provider)
        try cache.updateVisibility(offset: 18.5 * width, pageWidth: width, using: &provider)
        provider.events = []
        try cache.setPageCount(10, using: &provider)
        #expect(cache.currentPage == 9 && cache.visiblePages.isEmpty)
        // Recency was [18, 19, 17] (the visible pages touched last): evicted from the old end.
        #expect(
            provider.events == [
                .evict(17, serial: 2), .evict(19, serial: 3), .evict(18, serial: 1), .load(9), .preload(8),
            ])
        try cache.setPageCount(11, using: &provider)
        #expect(provider.events.last == .preload(10))
        try cache.setPageCount(0, using: &provider)
        #expect(cache.liveCount == 0 && cache.currentPage == nil)
        #expect(throws: TabStripError.invalidValue(name: "pageCount", value: 0)) {
            try cache.updateVisibility(offset: 0, pageWidth: width, using: &provider)
        }
        cache._checkInvariants()
    }

    @Test func budgetRulesAndValidation() throws {
        #expect(PageCache<TestPage>.minimumBudget(preloadRadius: 0) == 3)
        #expect(PageCache<TestPage>.minimumBudget(preloadRadius: 1) == 5)
        #expect(PageCache<TestPage>.minimumBudget(preloadRadius: Int.max) == Int.max)
        #expect(throws: TabStripError.invalidValue(name: "budget", value: 0)) {
            try PageCache<TestPage>(pageCount: 10, budget: 0)
        }
        #expect(throws: TabStripError.invalidValue(name: "budget", value: 4)) {
            try PageCache<TestPage>(pageCount: 10, budget: 4, preloadRadius: 1)
        }
        #expect(throws: TabStripError.invalidValue(name: "preloadRadius", value: -1)) {
            try PageCache<TestPage>(pageCount: 10, preloadRadius: -1)
        }
        #expect(throws: TabStripError.invalidValue(name: "pageCount", value: -5)) {
            try PageCache<TestPage>(pageCount: -5)
        }
        #expect(throws: TabStripError.invalidValue(name: "visibilityThreshold", value: 1)) {
            try PageCache<TestPage>(pageCount: 10, visibilityThreshold: 1)
        }
        #expect(throws: TabStripError.invalidValue(name: "visibilityThreshold", value: .nan)) {
            try PageCache<TestPage>(pageCount: 10, visibilityThreshold: .nan)
        }

        var cache = try PageCache<TestPage>(pageCount: 50, budget: 8)
        var provider = RecordingProvider()
        for page in [0, 10, 20, 30] { try cache.completeTransition(to: page, using: &provider) }
        #expect(cache.liveCount == 8)
        // The least recently used unpinned pages go first: 0's window, then 10's.
        #expect(cache.liveIndicesByRecency == [30, 29, 31, 20, 19, 21, 10, 9])
        #expect(throws: TabStripError.invalidValue(name: "preloadRadius", value: 3)) {
            try cache.setPreloadRadius(3, using: &provider)
        }
        #expect(throws: TabStripError.invalidValue(name: "budget", value: 4)) {
            try cache.setBudget(4, using: &provider)
        }
        provider.events = []
        try cache.setBudget(5, using: &provider)
        // Serials: 0#1 1#2, 10#3 9#4 11#5, 20#6 19#7 21#8, 30#9 29#10 31#11.
        #expect(provider.events == [.evict(9, serial: 4), .evict(10, serial: 3), .evict(21, serial: 8)])
        #expect(cache.liveIndicesByRecency == [30, 29, 31, 20, 19])
        try cache.setPreloadRadius(0, using: &provider)
        try cache.setBudget(3, using: &provider)
        #expect(cache.liveIndicesByRecency == [30, 29, 31])
        cache._checkInvariants()
    }

    @Test func memoryWarningAndReload() throws {
        var cache = try PageCache<TestPage>(pageCount: 50)
        var provider = RecordingProvider()
        for page in [0, 10, 20] { try cache.completeTransition(to: page, using: &provider) }
        #expect(cache.liveCount == 8) // {0, 1}, {9, 10, 11}, {19, 20, 21}
        cache.evictUnpinned(using: &provider)
        #expect(cache.liveIndicesByRecency == [20, 19, 21])
        cache.removeAll(using: &provider)
        #expect(cache.liveCount == 0 && cache.currentPage == nil && provider.live == 0)
        #expect(cache.counters.evicted == 8)
        cache.resetCounters()
        #expect(cache.counters == PageCacheCounters())
        cache._checkInvariants()
    }

    @Test func badInputLeavesTheCacheIntact() throws {
        var cache = try PageCache<TestPage>(pageCount: 10)
        var provider = RecordingProvider()
        try cache.completeTransition(to: 3, using: &provider)
        let snapshot = cache.liveIndicesByRecency
        provider.events = []
        #expect(throws: TabStripError.indexOutOfRange(index: -1, count: 10)) {
            try cache.completeTransition(to: -1, using: &provider)
        }
        #expect(throws: TabStripError.indexOutOfRange(index: 10, count: 10)) {
            try cache.beginJump(to: 10, using: &provider)
        }
        #expect(throws: TabStripError.indexOutOfRange(index: 10, count: 10)) {
            try cache.page(at: 10)
        }
        #expect(throws: TabStripError.invalidOffset(.nan)) {
            try cache.updateVisibility(offset: .nan, pageWidth: width, using: &provider)
        }
        #expect(throws: TabStripError.countMismatch(expected: 10, actual: 11)) {
            try cache.updateVisibility(for: PagerPosition(offset: 0, pageWidth: width, pageCount: 11), using: &provider)
        }
        #expect(throws: TabStripError.invalidValue(name: "visibilityThreshold", value: -0.5)) {
            try cache.setVisibilityThreshold(-0.5)
        }
        #expect(throws: TabStripError.invalidValue(name: "pageCount", value: -1)) {
            try cache.setPageCount(-1, using: &provider)
        }
        #expect(provider.events.isEmpty)
        #expect(cache.liveIndicesByRecency == snapshot && cache.currentPage == 3 && cache.visiblePages == 3..<4)
        #expect(cache.isLive(10) == false && cache.isLive(-1) == false)
        cache._checkInvariants()
    }

    @Test func closureProviderCallsTheRightClosures() throws {
        final class Log: @unchecked Sendable { var lines: [String] = [] }
        let log = Log()
        var provider = ClosurePageProvider<String>(
            load: {
                log.lines.append("load \($0)")
                return "page \($0)"
            },
            preload: {
                log.lines.append("preload \($0)")
                return "early \($0)"
            },
            evict: { index, page in log.lines.append("evict \(index) \(page)") }
        )
        var cache = try PageCache<String>(pageCount: 20, budget: 5)
        try cache.completeTransition(to: 0, using: &provider)
        try cache.completeTransition(to: 10, using: &provider)
        #expect(log.lines == ["load 0", "preload 1", "load 10", "preload 9", "preload 11"])
        try cache.completeTransition(to: 15, using: &provider)
        // Room is made first, least recently used first; page 10's window is no longer pinned.
        #expect(
            log.lines.dropFirst(5) == [
                "evict 1 early 1", "evict 0 page 0", "evict 11 early 11",
                "load 15", "preload 14", "preload 16",
            ])
        #expect(try cache.page(at: 15) == "page 15")
        var loadOnly = ClosurePageProvider<Int>(load: { $0 * 2 })
        var small = try PageCache<Int>(pageCount: 3)
        try small.completeTransition(to: 1, using: &loadOnly)
        #expect(try small.page(at: 0) == 0 && small.page(at: 2) == 4)
    }
}
