import BenchInstruments
import TabStrip
import TabStripTestSupport

/// Stands in for a host's pages: a page is its index (nothing to build).
struct BenchPageProvider: PageProvider {
    mutating func loadPage(at index: Int) -> Int { index }
}

extension EngineFixture {
    /// A ``PagerSync`` over this fixture's virtualiser: one page per tab,
    /// pages as wide as the viewport, ``BenchPageProvider``'s pages. Every
    /// pager workload (the pager and frame-rate scenarios, the instruction
    /// pass) starts from it.
    /// - Throws: ``ScenarioError`` when `PagerSync` rejects the strip.
    /// - Complexity: that of `PagerSync.init`: loading the first pages.
    func pagerSync() throws(ScenarioError) -> PagerSync<BenchHost, BenchPageProvider> {
        do {
            return try PagerSync(
                virtualizer: virtualizer, pageWidth: EngineFixture.viewport.width, provider: BenchPageProvider())
        } catch {
            throw ScenarioError("PagerSync rejected the strip: \(error)")
        }
    }
}

/// Dragging the content pager under a strip of 100,000 titles page by page
/// at 120 Hz, driven through ``PagerSync`` as a host drives it: pan events
/// forwarded, then `advance(to:)` on every display-link tick. While a drag
/// or a settle runs, every frame turns the pager's offset into a
/// ``PagerProgress`` (indicator, title colours and scales of the two tabs
/// involved); when the pager rests, the page's tab is selected and the strip
/// animates (0.25 s ease-out) to centre it.
package struct PagerScenario: Scenario {
    /// Sizes and repetitions.
    package struct Parameters: ScenarioParameters, Sendable {
        /// Tabs (and pages).
        package var titles: Int
        /// Drags timed (and as many counted in the allocation pass).
        package var drags: Int
        /// Unmeasured drags first.
        package var warmUpDrags: Int

        /// Creates parameters.
        package init(titles: Int, drags: Int, warmUpDrags: Int) {
            self.titles = titles
            self.drags = drags
            self.warmUpDrags = warmUpDrags
        }

        /// Every parameter, the frame rate and the page width.
        package var recorded: [String: ParameterValue] {
            [
                "titles": .int(titles), "drags": .int(drags), "warmUpDrags": .int(warmUpDrags),
                "framesPerSecond": .int(120), "pageWidth": .double(EngineFixture.viewport.width),
            ]
        }
    }

    /// Creates the scenario.
    package init() {}

    /// `pager`.
    package var name: String { "pager" }
    /// The page drags and the figures taken from them, in one sentence.
    package var summary: String {
        "Page-by-page drags of the content pager over 100k tabs through PagerSync at 120 Hz: the strip follows (indicator, colours, scales) and centres the selected tab (0.25 s); per-frame latency, allocations, cells."
    }

    /// 100,000 tabs and pages (or `--titles`); 1,000 drags after 20
    /// unmeasured ones in quick mode, 10,000 after 50 in full.
    package func parameters(for configuration: RunConfiguration) -> Parameters {
        let titles = configuration.titles ?? 100_000
        switch configuration.mode {
        case .quick: return Parameters(titles: titles, drags: 1_000, warmUpDrags: 20)
        case .full: return Parameters(titles: titles, drags: 10_000, warmUpDrags: 50)
        }
    }

    /// What the host does in one frame before the tick.
    enum Gesture {
        case none
        case begin
        case move(translation: Double)
        case end(translation: Double, velocityPerMillisecond: Double)
    }

    /// One display-link frame.
    struct Frame {
        var time: Double
        var gesture: Gesture
        /// Whether the finger is on the pages (a drag frame) or not (settle).
        var isDrag: Bool
    }

    /// The frames of `drags` drags, starting at `page` at `time`: swipes
    /// (mostly forward, backward from the last page), slow long drags, and
    /// short hesitant drags that snap back; after each release, frames until
    /// the pager has settled and the strip has centred the tab, then a pause
    /// without frames.
    static func plan(
        drags: Int, pages: Int, page: inout Int, time: inout Double, pageWidth: Double,
        settleDuration: Double, centringDuration: Double,
        generator: inout SeededGenerator
    ) -> [[Frame]] {
        let dt = 1.0 / 120
        var result: [[Frame]] = []
        result.reserveCapacity(drags)
        for _ in 0..<drags {
            var frames: [Frame] = []
            var forward = generator.chance(0.75)
            if page == 0 { forward = true }
            if page == pages - 1 { forward = false }
            let kind = generator.next(below: 100)
            let distance: Double
            let dragFrames: Int
            let turns: Bool
            switch kind {
            case 0..<70: // a swipe
                distance = generator.next(in: 0.25...0.7) * pageWidth
                dragFrames = 12 + generator.next(below: 13)
                turns = true
            case 70..<85: // a slow drag past halfway
                distance = generator.next(in: 0.55...0.9) * pageWidth
                dragFrames = 40 + generator.next(below: 30)
                turns = true
            default: // a short hesitant drag
                distance = generator.next(in: 15...45)
                dragFrames = 20 + generator.next(below: 20)
                turns = false
            }
            let sign: Double = forward ? -1 : 1 // the finger moves left to go forward
            frames.append(Frame(time: time, gesture: .begin, isDrag: true))
            var previous = 0.0
            for k in 1...dragFrames {
                time += dt
                let p = Double(k) / Double(dragFrames)
                // Ease out for swipes and hesitations, linear for slow drags.
                let shape = kind < 70 || kind >= 85 ? 1 - (1 - p) * (1 - p) : p
                let translation = sign * distance * shape
                if k < dragFrames {
                    frames.append(Frame(time: time, gesture: .move(translation: translation), isDrag: true))
                } else {
                    var velocity = (translation - previous) / dt / 1_000
                    if kind < 70 { velocity = sign * Swift.max(velocity.magnitude, 0.6) } // a flick
                    if kind >= 85 { velocity = sign * Swift.min(velocity.magnitude, 0.1) } // hesitant
                    frames.append(
                        Frame(
                            time: time, gesture: .end(translation: translation, velocityPerMillisecond: velocity),
                            isDrag: true))
                }
                previous = translation
            }
            if turns { page += forward ? 1 : -1 }
            let settleFrames = Int(((settleDuration + centringDuration) * 120).rounded(.up)) + 3
            for _ in 0..<settleFrames {
                time += dt
                frames.append(Frame(time: time, gesture: .none, isDrag: false))
            }
            time += generator.next(in: 0.05...0.4) // the finger comes back: no frames
            result.append(frames)
        }
        return result
    }

    /// Plays `drags` on `sync`, calling `around` with each frame's work.
    @inline(__always)
    static func play<Provider: PageProvider>(
        _ sync: PagerSync<BenchHost, Provider>, _ drags: ArraySlice<[Frame]>,
        _ around: (_ isDrag: Bool, _ work: () -> Void) -> Void
    ) {
        for drag in drags {
            for frame in drag {
                around(frame.isDrag) {
                    switch frame.gesture {
                    case .none: break
                    case .begin: _ = try? sync.beginPageDrag(at: frame.time)
                    case .move(let translation): _ = try? sync.movePageDrag(translation: translation, at: frame.time)
                    case .end(let translation, let velocity):
                        _ = try? sync.endPageDrag(
                            translation: translation, velocityPerMillisecond: velocity, at: frame.time)
                    }
                    try? sync.advance(to: frame.time)
                }
            }
        }
    }

    /// Plans warm-up + 2 × `drags` drags, plays the warm-up, times every
    /// frame of the next `drags` (drag and settle frames also apart), then
    /// plays the last `drags` under the allocation probe.
    /// - Throws: ``ScenarioError`` when the engine or ``PagerSync`` rejects
    ///   the strip.
    /// - Complexity: O(n) to build the strip over n tabs, then some 60–120
    ///   frames per drag (the drag, the settle and the centring), each
    ///   O(log n + k) for k tabs entering or leaving; every planned frame is
    ///   kept in memory.
    package func run(_ parameters: Parameters, in context: ScenarioContext) throws(ScenarioError) -> ScenarioOutput {
        var output = ScenarioOutput()
        let titles = TitleGenerator.titles(count: parameters.titles, seed: context.configuration.seed)
        let fixture = try EngineFixture(titles: titles)
        let sync = try fixture.pagerSync()
        var page = 0
        var time = 0.0
        var random = context.generator(stream: "pager-drags")
        let drags = Self.plan(
            drags: parameters.warmUpDrags + 2 * parameters.drags, pages: titles.count, page: &page,
            time: &time, pageWidth: sync.pager.pageWidth, settleDuration: sync.pager.settleDuration,
            centringDuration: sync.selectionDuration, generator: &random)
        let warmUp = drags.prefix(parameters.warmUpDrags)
        let timed = drags.dropFirst(parameters.warmUpDrags).prefix(parameters.drags)
        let counted = drags.suffix(parameters.drags)
        context.reportProgress(0.1)

        Self.play(sync, warmUp) { _, work in work() }
        let cellsBefore = fixture.host.cellsMade
        let pageBefore = sync.pager.currentPage

        var dragFrames = LatencyHistogram()
        var settleFrames = LatencyHistogram()
        var all = LatencyHistogram()
        Self.play(sync, timed) { isDrag, work in
            let start = MonotonicClock.now()
            work()
            let elapsed = MonotonicClock.elapsed(since: start)
            all.record(elapsed)
            if isDrag { dragFrames.record(elapsed) } else { settleFrames.record(elapsed) }
        }
        let pagesTurned = (sync.pager.currentPage - pageBefore).magnitude
        context.reportProgress(0.5)

        var frameCount = 0
        let allocations = FramePassAllocations.count(
            frames: counted.reduce(0) { $0 + $1.count },
            probe: context.allocations,
            cellsCreated: { fixture.host.cellsMade }
        ) {
            Self.play(sync, counted) { _, work in
                work()
                frameCount += 1
            }
        }
        context.reportProgress(0.9)

        let counts = fixture.cellCounts
        output.add(.timing("frame", all, note: "a display-link frame: the pan event (if any) + PagerSync.advance(to:)"))
        output.add(
            .timing(
                "drag-frame", dragFrames,
                note: "frames with the finger on the pages: progress -> indicator, colours, scales"))
        output.add(
            .timing(
                "settle-frame", settleFrames,
                note:
                    "frames after release: the pager settling (0.15 s), then selection and the strip centring the tab (0.25 s)"
            ))
        for metric in allocations.metrics("frame-allocations") { output.add(metric) }
        output.add(
            .bytes("frame-bytes", allocations.figures.bytesPer(frameCount), unit: "bytes/frame", fromAllocator: true))
        output.add(.count("cells-created", Double(counts.created), unit: "cells"))
        output.add(.count("cells-created-after-warm-up", Double(counts.created - cellsBefore), unit: "cells"))
        output.add(.count("cells-reused", Double(counts.reused), unit: "cells"))
        output.add(.count("visible-maximum", Double(counts.visibleMaximum), unit: "cells"))
        output.add(
            .count(
                "cells-bound", Double(counts.visibleMaximum + EngineFixture.poolLimit), unit: "cells",
                note: "visible maximum + pool limit (\(EngineFixture.poolLimit))"))
        output.add(
            .count(
                "pages-turned", Double(pagesTurned), unit: "pages",
                note: "net pages moved during the timing pass (back-swipes and snap-backs included)"))
        output.add(
            .count(
                "selected-tab", Double(sync.strip.selectedIndex ?? -1), unit: "tab",
                note: "the selected tab after all passes (follows the pager)"))
        output.add(
            .count(
                "pages-loaded", Double(sync.pageCache.counters.loaded + sync.pageCache.counters.preloaded),
                unit: "pages", note: "pages the cache asked the provider for (loads + preloads)"))
        output.notes.append(
            "driven through PagerSync (pager + page cache + strip); drags: 70% swipes, 15% slow drags past half a page, 15% hesitant drags that snap back"
        )
        context.reportProgress(1)
        return output
    }
}
