import BenchInstruments
import TabStrip
import TabStripTestSupport

/// Page drags driven through ``PagerSync`` as a host drives it: pan events forwarded, then `advance(to:)` on every
/// display-link tick.
package struct PagerScenario: Scenario, CountedScenario {
    package struct Parameters: ScenarioParameters, Sendable {
        package var titles: Int
        /// Drags measured (timed, and as many more counted by the allocation probe).
        package var drags: Int
        package var warmUpDrags: Int
        var framesPerSecond = 120
        var pageWidth = EngineFixture.viewport.width
    }

    package let name = "pager"
    package let summary =
        "Page-by-page drags of the content pager over 100k tabs through PagerSync at 120 Hz: the strip follows (indicator, colours, scales) and centres the selected tab (0.25 s); per-frame latency, allocations, cells."

    package func parameters(for configuration: RunConfiguration) -> Parameters {
        let titles = configuration.titles ?? 100_000
        return configuration.mode == .quick
            ? Parameters(titles: titles, drags: 1_000, warmUpDrags: 20)
            : Parameters(titles: titles, drags: 10_000, warmUpDrags: 50)
    }

    static func counted(_ workload: InstructionWorkloadSize) -> Parameters {
        workload.isTiny
            ? Parameters(titles: 2_000, drags: 2, warmUpDrags: 1)
            : Parameters(titles: 100_000, drags: 30, warmUpDrags: 3)
    }

    /// What the host does in one frame before the tick.
    enum Gesture {
        case none, begin
        case move(translation: Double)
        case end(translation: Double, velocityPerMillisecond: Double)
    }

    struct Frame {
        var time: Double
        var gesture: Gesture
        var isDrag: Bool
    }

    /// The frames of `drags` drags, starting at `page` at `time`: swipes (mostly forward, backward from the last page),
    /// slow long drags, and short hesitant drags that snap back; after each release, frames until the pager has settled
    /// and the strip has centred the tab, then a pause without frames.
    static func plan(
        drags: Int, pages: Int, page: inout Int, time: inout Double, pageWidth: Double, settleDuration: Double,
        centringDuration: Double, generator: inout SeededGenerator
    ) -> [[Frame]] {
        let dt = 1.0 / 120
        var result: [[Frame]] = []
        result.reserveCapacity(drags)
        for _ in 0..<drags {
            let chance = generator.chance(0.75)
            let forward = page != pages - 1 && (page == 0 || chance)
            let kind = generator.next(below: 100)
            let (distance, dragFrames, turns): (Double, Int, Bool)
            switch kind {
            case 0..<70: // a swipe
                (distance, dragFrames, turns) = (
                    generator.next(in: 0.25...0.7) * pageWidth, 12 + generator.next(below: 13), true
                )
            case 70..<85: // a slow drag past halfway
                (distance, dragFrames, turns) = (
                    generator.next(in: 0.55...0.9) * pageWidth, 40 + generator.next(below: 30), true
                )
            default: // a short hesitant drag
                (distance, dragFrames, turns) = (generator.next(in: 15...45), 20 + generator.next(below: 20), false)
            }
            let sign: Double = forward ? -1 : 1 // the finger moves left to go forward
            var frames = [Frame(time: time, gesture: .begin, isDrag: true)]
            var previous = 0.0
            for k in 1...dragFrames {
                time += dt
                let p = Double(k) / Double(dragFrames)
                // Ease out for swipes and hesitations, linear for slow drags.
                let translation = sign * distance * (kind < 70 || kind >= 85 ? 1 - (1 - p) * (1 - p) : p)
                var gesture = Gesture.move(translation: translation)
                if k == dragFrames {
                    var velocity = (translation - previous) / dt / 1_000
                    if kind < 70 { velocity = sign * Swift.max(velocity.magnitude, 0.6) } // a flick
                    if kind >= 85 { velocity = sign * Swift.min(velocity.magnitude, 0.1) } // hesitant
                    gesture = .end(translation: translation, velocityPerMillisecond: velocity)
                }
                frames.append(Frame(time: time, gesture: gesture, isDrag: true))
                previous = translation
            }
            if turns { page += forward ? 1 : -1 }
            for _ in 0..<(Int(((settleDuration + centringDuration) * 120).rounded(.up)) + 3) {
                time += dt
                frames.append(Frame(time: time, gesture: .none, isDrag: false))
            }
            time += generator.next(in: 0.05...0.4) // the finger comes back: no frames
            result.append(frames)
        }
        return result
    }

    /// The pager benchmark's body: every frame of `drags`, its pan event (if
    /// any) and `advance(to:)`, one operation per frame, drag frames marked.
    struct Frames: Operations {
        let sync: PagerSync<BenchHost, BenchPageProvider>
        let drags: ArraySlice<[Frame]>

        func run<M: Measure>(_ measure: inout M) {
            for drag in drags {
                for frame in drag {
                    measure.measure(frame.isDrag) {
                        switch frame.gesture {
                        case .none: break
                        case .begin: _ = try? sync.beginPageDrag(at: frame.time)
                        case .move(let translation):
                            _ = try? sync.movePageDrag(translation: translation, at: frame.time)
                        case .end(let translation, let velocity):
                            _ = try? sync.endPageDrag(
                                translation: translation, velocityPerMillisecond: velocity, at: frame.time)
                        }
                        try? sync.advance(to: frame.time)
                    }
                }
            }
        }
    }

    /// Page drags through the sync of `fixture` (built as an app builds it, ``EngineFixture/pagerSync()``): the
    /// warm-up, played here, then `passes` benchmarks of `parameters.drags` drags each, in order.
    static func workloads(_ fixture: EngineFixture, _ parameters: Parameters, passes: Int, seed: UInt64)
        throws(ScenarioError) -> (sync: PagerSync<BenchHost, BenchPageProvider>, passes: [Workload])
    {
        let sync = try fixture.pagerSync()
        var (page, time) = (0, 0.0)
        var random = SeededGenerator(seed: seed, stream: "pager-drags")
        let drags = plan(
            drags: parameters.warmUpDrags + passes * parameters.drags, pages: sync.strip.tabCount, page: &page,
            time: &time, pageWidth: sync.pager.pageWidth, settleDuration: sync.pager.settleDuration,
            centringDuration: sync.selectionDuration, generator: &random)
        Workload("", operations: 0, each: true, Frames(sync: sync, drags: drags.prefix(parameters.warmUpDrags))).run()
        let measured = (0..<passes).map { pass in
            let slice = drags.dropFirst(parameters.warmUpDrags + pass * parameters.drags).prefix(parameters.drags)
            return Workload(
                "pager-frame", operations: slice.reduce(0) { $0 + $1.count }, each: true,
                Frames(sync: sync, drags: slice))
        }
        return (sync, measured)
    }

    package static func countedTabs(_ workload: InstructionWorkloadSize) -> [Int] { [counted(workload).titles] }

    package static func counted(_ inputs: CountedInputs) -> [CountedBenchmark] {
        [
            CountedBenchmark(
                name: "pager-frame", unit: "instructions/frame",
                note:
                    "a display-link frame of page drags through PagerSync (pan event + advance), \(Format.integer(inputs.tabs)) tabs"
            ) { () throws(ScenarioError) in
                try workloads(
                    try EngineFixture(strip: try inputs.builtStrip()), counted(inputs.workload), passes: 1,
                    seed: inputs.seed
                ).passes[0]
            }
        ]
    }

    /// Plays the warm-up, times every frame of the next drags (drag and
    /// settle frames also apart), then counts the allocations of the last.
    package func run(_ parameters: Parameters, in context: ScenarioContext) throws(ScenarioError) -> ScenarioOutput {
        var output = ScenarioOutput()
        let fixture = try EngineFixture(
            titles: TitleGenerator.titles(count: parameters.titles, seed: context.configuration.seed))
        let (sync, passes) = try Self.workloads(fixture, parameters, passes: 2, seed: context.configuration.seed)
        context.reportProgress(0.1)
        let (cellsBefore, pageBefore) = (fixture.host.cellsMade, sync.pager.currentPage)
        var (dragFrames, settleFrames, all) = (LatencyHistogram(), LatencyHistogram(), LatencyHistogram())
        passes[0].time { isDrag, elapsed in
            all.record(elapsed)
            if isDrag { dragFrames.record(elapsed) } else { settleFrames.record(elapsed) }
        }
        let pagesTurned = (sync.pager.currentPage - pageBefore).magnitude
        context.reportProgress(0.5)
        let allocations = FramePassAllocations.count(
            passes[1].operations, probe: context.allocations, cells: fixture.host, passes[1].run)
        output.timing("frame", all, note: "a display-link frame: the pan event (if any) + PagerSync.advance(to:)")
        output.timing(
            "drag-frame", dragFrames,
            note: "frames with the finger on the pages: progress -> indicator, colours, scales")
        output.timing(
            "settle-frame", settleFrames,
            note:
                "frames after release: the pager settling (0.15 s), then selection and the strip centring the tab (0.25 s)"
        )
        output.metrics += allocations.framePassMetrics(fixture, cellsBefore: cellsBefore)
        output.count(
            "pages-turned", Double(pagesTurned), unit: "pages",
            note: "net pages moved during the timing pass (back-swipes and snap-backs included)")
        output.count(
            "selected-tab", Double(sync.strip.selectedIndex ?? -1), unit: "tab",
            note: "the selected tab after all passes (follows the pager)")
        output.count(
            "pages-loaded", Double(sync.pageCache.counters.loaded + sync.pageCache.counters.preloaded),
            unit: "pages", note: "pages the cache asked the provider for (loads + preloads)")
        output.notes.append(
            "driven through PagerSync (pager + page cache + strip); drags: 70% swipes, 15% slow drags past half a page, 15% hesitant drags that snap back"
        )
        context.reportProgress(1)
        return output
    }
}
