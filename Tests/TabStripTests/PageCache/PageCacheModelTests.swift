import TabStrip
import TabStripTestSupport
import Testing

/// Seeded random operation sequences run against both `PageCache` and
/// `PageCacheModel`, compared after every step.
@Suite struct PageCacheModelTests {
    /// One randomized run: a cache and its model side by side.
    struct Run {
        var cache: PageCache<TestPage>
        var model: PageCacheModel
        var provider = RecordingProvider()
        var rng: SeededGenerator
        let seed: UInt64
        var step = 0

        init(seed: UInt64) throws {
            self.seed = seed
            rng = SeededGenerator(seed: seed)
            let count = Int.random(in: 0...40, using: &rng)
            let radius = Int.random(in: 0...3, using: &rng)
            let budget = Int.random(in: PageCache<TestPage>.minimumBudget(preloadRadius: radius)...20, using: &rng)
            let threshold = [0, 0, 0.25, 0.5, 0.9][Int.random(in: 0..<5, using: &rng)]
            cache = try PageCache(
                pageCount: count, budget: budget, preloadRadius: radius, visibilityThreshold: threshold)
            model = PageCacheModel(pageCount: count, budget: budget, radius: radius, threshold: threshold)
        }

        /// Applies one operation to both sides and checks they agree: same
        /// error (and then no change at all), or same events and state.
        mutating func apply(
            _ name: String,
            cache cacheOperation: (inout PageCache<TestPage>, inout RecordingProvider) throws(TabStripError) -> Void,
            model modelOperation: (inout PageCacheModel) throws(TabStripError) -> Void
        ) {
            step += 1
            let context = Comment(rawValue: "seed \(seed) step \(step): \(name)")
            let budgetBefore = cache.budget
            let before = cache
            provider.events.removeAll()
            model.events.removeAll()
            let modelBefore = model
            provider.peakLive = provider.live

            var cacheError: TabStripError?
            do throws(TabStripError) { try cacheOperation(&cache, &provider) } catch { cacheError = error }
            var modelError: TabStripError?
            do throws(TabStripError) { try modelOperation(&model) } catch { modelError = error }

            #expect(cacheError == modelError, context)
            if cacheError != nil {
                #expect(provider.events.isEmpty, context)
                #expect(cache.liveIndicesByRecency == before.liveIndicesByRecency, context)
                #expect(cache.counters == before.counters && cache.currentPage == before.currentPage, context)
                #expect(cache.visiblePages == before.visiblePages && cache.jumpTarget == before.jumpTarget, context)
                #expect(cache.budget == before.budget && cache.preloadRadius == before.preloadRadius, context)
                #expect(cache.pageCount == before.pageCount, context)
                #expect(cache.visibilityThreshold == before.visibilityThreshold, context)
                model = modelBefore
            }
            cache._checkInvariants()
            compare(context, peakBudget: max(budgetBefore, cache.budget))
        }

        func compare(_ context: Comment, peakBudget: Int) {
            #expect(provider.events == model.events, context)
            #expect(cache.liveIndicesByRecency == model.lru.map(\.index), context)
            #expect(cache.counters == model.counters, context)
            #expect(cache.currentPage == model.current, context)
            #expect(Array(cache.visiblePages) == model.visible, context)
            #expect(cache.jumpTarget == model.target, context)
            #expect(cache.pageCount == model.pageCount && cache.budget == model.budget, context)
            #expect(cache.preloadRadius == model.radius && cache.visibilityThreshold == model.threshold, context)
            #expect(cache.liveCount <= cache.budget, context)
            #expect(provider.peakLive <= peakBudget, context)
            #expect(provider.live == cache.liveCount && !provider.mismatch, context)
            for page in model.lru {
                #expect((try? cache.page(at: page.index)) == page, context)
            }
            for index in -1...(model.pageCount) {
                #expect(cache.isPinned(index) == model.isPinned(index), context)
            }
        }

        mutating func randomOffsetInPages() -> Double {
            let count = Double(max(model.pageCount, 1))
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: return Double(Int.random(in: 0..<Int(count), using: &rng))
            case 1: return Double.random(in: -1...(count + 1), using: &rng)
            case 2:
                return Double(Int.random(in: 0..<Int(count), using: &rng))
                    + [0.25, 0.5, 0.75][Int.random(in: 0..<3, using: &rng)]
            default:
                let base = Double(model.current ?? 0)
                return base + Double.random(in: -2...2, using: &rng)
            }
        }

        mutating func randomIndex() -> Int {
            let count = model.pageCount
            switch Int.random(in: 0..<12, using: &rng) {
            case 0: return -1
            case 1: return count
            case 2, 3, 4: return Int.random(in: 0...max(count - 1, 0), using: &rng)
            default:
                let current = model.current ?? 0
                return current + Int.random(in: -1...1, using: &rng)
            }
        }

        mutating func randomStep() {
            let pageWidth = 320.0
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<30:
                let offset = randomOffsetInPages() * pageWidth
                apply(
                    "visibility \(offset / pageWidth)",
                    cache: { c, p throws(TabStripError) in
                        try c.updateVisibility(offset: offset, pageWidth: pageWidth, using: &p)
                    },
                    model: { m throws(TabStripError) in
                        try m.updateVisibility(
                            PagerPosition(offset: offset, pageWidth: pageWidth, pageCount: m.pageCount))
                    })
            case 30..<34:
                // A position for a pager with a different page count, or a NaN offset.
                let wrongCount = model.pageCount + 1
                apply(
                    "mismatched position",
                    cache: { c, p throws(TabStripError) in
                        try c.updateVisibility(
                            for: PagerPosition(offset: 0, pageWidth: 10, pageCount: wrongCount), using: &p)
                    },
                    model: { m throws(TabStripError) in
                        try m.updateVisibility(PagerPosition(offset: 0, pageWidth: 10, pageCount: wrongCount))
                    })
                apply(
                    "NaN offset",
                    cache: { c, p throws(TabStripError) in
                        try c.updateVisibility(offset: .nan, pageWidth: pageWidth, using: &p)
                    },
                    model: { m throws(TabStripError) in
                        try m.updateVisibility(
                            PagerPosition(offset: .nan, pageWidth: pageWidth, pageCount: m.pageCount))
                    })
            case 34..<55:
                let page = randomIndex()
                apply(
                    "transition \(page)",
                    cache: { c, p throws(TabStripError) in
                        try c.completeTransition(to: page, using: &p)
                    }, model: { m throws(TabStripError) in try m.completeTransition(to: page) })
            case 55..<65:
                // A drag towards a neighbour, then settling on it (or back).
                guard let current = model.current else { return randomStep() }
                let direction = Bool.random(using: &rng) ? 1.0 : -1.0
                for fraction in [0.1, 0.4, 0.6, 0.95] {
                    let offset = (Double(current) + direction * fraction) * pageWidth
                    apply(
                        "drag \(offset / pageWidth)",
                        cache: { c, p throws(TabStripError) in
                            try c.updateVisibility(offset: offset, pageWidth: pageWidth, using: &p)
                        },
                        model: { m throws(TabStripError) in
                            try m.updateVisibility(
                                PagerPosition(offset: offset, pageWidth: pageWidth, pageCount: m.pageCount))
                        })
                }
                let landing = min(
                    max(current + (Bool.random(using: &rng) ? Int(direction) : 0), 0), max(model.pageCount - 1, 0))
                apply(
                    "settle \(landing)",
                    cache: { c, p throws(TabStripError) in
                        try c.completeTransition(to: landing, using: &p)
                    }, model: { m throws(TabStripError) in try m.completeTransition(to: landing) })
            case 65..<73:
                // A jump: target, a few animation frames, then land, cancel or leave it running.
                let target = Int.random(in: -1...model.pageCount, using: &rng)
                apply(
                    "jump \(target)",
                    cache: { c, p throws(TabStripError) in
                        try c.beginJump(to: target, using: &p)
                    }, model: { m throws(TabStripError) in try m.beginJump(to: target) })
                guard model.target != nil else { return }
                let start = Double(model.current ?? 0)
                for frame in 1...4 {
                    let offset = (start + (Double(target) - start) * Double(frame) / 4.5) * pageWidth
                    apply(
                        "jump frame \(offset / pageWidth)",
                        cache: { c, p throws(TabStripError) in
                            try c.updateVisibility(offset: offset, pageWidth: pageWidth, using: &p)
                        },
                        model: { m throws(TabStripError) in
                            try m.updateVisibility(
                                PagerPosition(offset: offset, pageWidth: pageWidth, pageCount: m.pageCount))
                        })
                }
                switch Int.random(in: 0..<3, using: &rng) {
                case 0:
                    apply(
                        "land \(target)",
                        cache: { c, p throws(TabStripError) in
                            try c.completeTransition(to: target, using: &p)
                        }, model: { m throws(TabStripError) in try m.completeTransition(to: target) })
                case 1:
                    apply(
                        "cancel jump", cache: { c, _ throws(TabStripError) in c.cancelJump() },
                        model: { m throws(TabStripError) in m.cancelJump() })
                default: break
                }
            case 73..<80:
                let count: Int =
                    switch Int.random(in: 0..<6, using: &rng) {
                    case 0: -1
                    case 1: 0
                    case 2: model.pageCount + Int.random(in: 1...10, using: &rng)
                    default: Int.random(in: 0...max(model.pageCount, 1), using: &rng)
                    }
                apply(
                    "count \(count)",
                    cache: { c, p throws(TabStripError) in
                        try c.setPageCount(count, using: &p)
                    }, model: { m throws(TabStripError) in try m.setPageCount(count) })
            case 80..<86:
                let budget = Int.random(in: 0...22, using: &rng)
                apply(
                    "budget \(budget)",
                    cache: { c, p throws(TabStripError) in
                        try c.setBudget(budget, using: &p)
                    }, model: { m throws(TabStripError) in try m.setBudget(budget) })
            case 86..<91:
                let radius = Int.random(in: -1...6, using: &rng)
                apply(
                    "radius \(radius)",
                    cache: { c, p throws(TabStripError) in
                        try c.setPreloadRadius(radius, using: &p)
                    }, model: { m throws(TabStripError) in try m.setPreloadRadius(radius) })
            case 91..<94:
                let threshold = [0, 0.3, 0.5, 0.99, -0.1, 1, .nan][Int.random(in: 0..<7, using: &rng)]
                apply(
                    "threshold \(threshold)",
                    cache: { c, _ throws(TabStripError) in
                        try c.setVisibilityThreshold(threshold)
                    }, model: { m throws(TabStripError) in try m.setThreshold(threshold) })
            case 94..<97:
                apply(
                    "evict unpinned", cache: { c, p throws(TabStripError) in c.evictUnpinned(using: &p) },
                    model: { m throws(TabStripError) in m.evictUnpinned() })
            case 97:
                apply(
                    "remove all", cache: { c, p throws(TabStripError) in c.removeAll(using: &p) },
                    model: { m throws(TabStripError) in m.removeAll() })
            default:
                let index = randomIndex()
                let count = model.pageCount
                apply(
                    "lookup \(index)",
                    cache: { c, _ throws(TabStripError) in
                        _ = try c.page(at: index)
                    },
                    model: { _ throws(TabStripError) in
                        guard index >= 0, index < count else { throw .indexOutOfRange(index: index, count: count) }
                    })
            }
        }
    }

    @Test func randomSequencesMatchTheModel() throws {
        var totalSteps = 0
        var loads = 0
        var preloads = 0
        var evictions = 0
        var hits = 0
        // 4,000 sequences of 40 steps (160,000 operations) by default.
        for seed in ModelScale.seeds(4_000, salt: 0xCAC4E) {
            var run = try Run(seed: seed)
            for _ in 0..<40 { run.randomStep() }
            totalSteps += run.step
            loads += run.cache.counters.loaded
            preloads += run.cache.counters.preloaded
            evictions += run.cache.counters.evicted
            hits += run.cache.counters.hits
        }
        // The sequences exercise every path, not just errors.
        #expect(totalSteps > 50_000)
        #expect(loads > 1_000 && preloads > 1_000 && evictions > 1_000 && hits > 1_000)
    }
}
