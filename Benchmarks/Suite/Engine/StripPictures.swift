import BenchInstruments
import TabStrip
import TabStripTestSupport

/// The recordings behind the report's pictures of the strip (`strip-drag.svg`, `strip-fling.svg`): the pager and fling
/// benchmarks' bodies run over titles generated from the run's seed, with what the benchmark host shows recorded after
/// each frame, so the same seed always gives the same pictures.
package struct StripPictures: Sendable {
    package var lineDrag: StripDragFilm
    package var lengthenDrag: StripDragFilm
    package var fling: FlingFilm

    package static let defaultTitleCount = 100_000

    package static let fileNames = ["strip-drag.svg", "strip-fling.svg"]

    package static func record(seed: UInt64, titleCount: Int = defaultTitleCount) throws(ScenarioError) -> StripPictures
    {
        let strip = try EngineFixture.strip(titles: TitleGenerator.titles(count: titleCount, seed: seed))
        let pair = try StripDragFilm.narrowToWidePair(in: strip)
        let lengthen: IndicatorStyle
        do {
            let line = IndicatorStyle.douyin
            lengthen = try IndicatorStyle(
                kind: .lengthen, width: line.width, height: line.height, placement: line.placement)
        } catch { throw ScenarioError("the lengthen indicator style: \(error)") }
        return StripPictures(
            lineDrag: try StripDragFilm.record(
                strip: strip, narrowTab: pair, indicatorStyle: .douyin, styleName: "line"),
            lengthenDrag: try StripDragFilm.record(
                strip: strip, narrowTab: pair, indicatorStyle: lengthen, styleName: "lengthen"),
            fling: try FlingFilm.record(strip: strip, seed: seed))
    }
}

/// The strip as a host shows it at one moment: its cells (frame, title, colour, scale) and the indicator, read from the
/// benchmark host's side (what a screen would show), never recomputed from the strip.
package struct StripSnapshot: Sendable, Equatable {
    package struct CellState: Sendable, Equatable {
        package var tab: Int
        package var title: String
        package var isSelected: Bool
        package var frame: Rect
        package var color: RGBA
        package var scale: Double
    }

    package var contentOffset: Double
    package var viewport: Viewport
    package var cells: [CellState]
    package var indicator: Rect?

    init(_ fixture: EngineFixture) {
        let virtualizer = fixture.virtualizer
        contentOffset = virtualizer.strip.contentOffset
        viewport = virtualizer.strip.viewport
        cells = virtualizer.visibleTabs.compactMap { tab in
            virtualizer.cell(ofTab: tab).map {
                CellState(
                    tab: $0.index, title: $0.title, isSelected: $0.isSelected, frame: $0.frame,
                    color: $0.appearance.color, scale: $0.appearance.scale)
            }
        }
        indicator = fixture.host.indicatorFrame
    }
}

/// A pager drag from a narrow tab to its wide right-hand neighbour, filmed at fixed progress steps, then, once the
/// pager has settled on the wide tab and the strip has centred it, the drag back: the pager benchmark's frames, the
/// host's picture recorded after each drag step.
package struct StripDragFilm: Sendable {
    package struct Frame: Sendable, Equatable {
        package enum Leg: String, Sendable, Equatable { case there, back }

        package var leg: Leg
        package var step: Int
        package var translation: Double
        package var pagerOffset: Double
        package var progress: PagerProgress
        package var snapshot: StripSnapshot
    }

    package var styleName: String
    package var indicatorStyle: IndicatorStyle
    package var titleStyle: TitleStyle
    package var narrowTab: Int
    package var wideTab: Int
    package var tabCount: Int
    package var pageWidth: Double
    package var overscan: Double
    package var steps: Int
    package var frames: [Frame]

    /// The drag's starting tab: among the first 400 tabs (from tab 2, so the strip can centre it), the one whose
    /// right-hand neighbour is wider by the most, the neighbour at most 200 pt wide; ties to the earlier.
    package static func narrowToWidePair(in strip: TabStrip) throws(ScenarioError) -> Int {
        guard strip.tabCount >= 2 else { throw ScenarioError("a drag needs two tabs, the strip has \(strip.tabCount)") }
        var (best, bestGain) = (Swift.min(2, strip.tabCount - 2), -Double.infinity)
        for index in best...Swift.min(strip.tabCount - 2, 400) {
            guard let narrow = try? strip.frame(ofTab: index), let wide = try? strip.frame(ofTab: index + 1) else {
                continue
            }
            if wide.width <= 200, wide.width - narrow.width > bestGain {
                (best, bestGain) = (index, wide.width - narrow.width)
            }
        }
        return best
    }

    /// Films the drag from `narrowTab` to `narrowTab + 1` and back on a copy
    /// of `strip` shown with `indicatorStyle`, `steps + 1` frames a leg.
    package static func record(
        strip: TabStrip, narrowTab: Int, indicatorStyle: IndicatorStyle, styleName: String, steps: Int = 6
    ) throws(ScenarioError) -> StripDragFilm {
        guard steps >= 1 else { throw ScenarioError("a drag film needs at least one step, not \(steps)") }
        guard narrowTab >= 0, narrowTab + 1 < strip.tabCount else {
            throw ScenarioError("tab \(narrowTab) has no right-hand neighbour among \(strip.tabCount) tabs")
        }
        var strip = strip
        strip.indicatorStyle = indicatorStyle
        do { try strip.select(narrowTab, scroll: .center) } catch { throw ScenarioError("the drag film: \(error)") }
        let fixture = try EngineFixture(strip: strip)
        let sync = try fixture.pagerSync()
        let (pageWidth, dt) = (strip.viewport.width, 1.0 / 120)
        var time = 0.0
        var frames: [Frame] = []
        for (leg, sign) in [(Frame.Leg.there, -1.0), (.back, 1.0)] {
            // The pager benchmark's frames: the finger goes down, moves by `1/steps` of a page a frame, lifts at a
            // whole page; then the settle and the strip's centring, not filmed.
            var drag = [PagerScenario.Frame(time: time, gesture: .begin, isDrag: true)]
            for step in 0...steps {
                time += dt
                let translation = sign * pageWidth * Double(step) / Double(steps)
                drag.append(.init(time: time, gesture: .move(translation: translation), isDrag: true))
            }
            time += dt
            drag.append(
                .init(
                    time: time, gesture: .end(translation: sign * pageWidth, velocityPerMillisecond: 0), isDrag: false))
            let end = time + sync.pager.settleDuration + sync.selectionDuration + 4 * dt
            while time < end {
                time += dt
                drag.append(.init(time: time, gesture: .none, isDrag: false))
            }
            var frame = 0
            var failure: TabStripError?
            var film = Observed { _ in
                defer { frame += 1 }
                guard (1...steps + 1).contains(frame) else { return }
                do throws(TabStripError) {
                    let position = try PagerPosition(
                        offset: sync.pageOffset, pageWidth: pageWidth, pageCount: sync.strip.tabCount)
                    frames.append(
                        Frame(
                            leg: leg, step: frame - 1,
                            translation: sign * pageWidth * Double(frame - 1) / Double(steps),
                            pagerOffset: sync.pageOffset,
                            progress: try position.progress(relativeTo: sync.strip.selectedIndex ?? 0),
                            snapshot: StripSnapshot(fixture)))
                } catch { failure = failure ?? error }
            }
            PagerScenario.Frames(sync: sync, drags: [drag]).run(&film)
            if let failure { throw ScenarioError("the drag film (\(styleName)): \(failure)") }
            if leg == .there, sync.strip.selectedIndex != narrowTab + 1 {
                throw ScenarioError("the pager settled on tab \(sync.strip.selectedIndex ?? -1), not \(narrowTab + 1)")
            }
        }
        return StripDragFilm(
            styleName: styleName, indicatorStyle: indicatorStyle, titleStyle: strip.titleStyle, narrowTab: narrowTab,
            wideTab: narrowTab + 1, tabCount: strip.tabCount, pageWidth: pageWidth, overscan: strip.layout.overscan,
            steps: steps, frames: frames)
    }
}

/// One fast fling over the strip, frame by frame at 120 Hz: the content offset and velocity, the tabs with cells, and
/// the host's cells alive, created and reused, from release until the fling has come to rest. The fling follows the
/// fling benchmark's physics, released at time 0 from the leading edge of a tab drawn from the seed in the middle half
/// of the strip, towards later tabs at 12,000–20,000 pt/s.
package struct FlingFilm: Sendable {
    package struct Frame: Sendable, Equatable {
        package var time: Double
        package var offset: Double
        package var velocity: Double
        package var tabsWithCells: Range<Int>
        package var cellsAlive: Int
        package var cellsCreated: Int
        package var cellsReused: Int
    }

    package var fling: Fling
    package var clock: SimulatedFrameClock
    package var tabCount: Int
    package var viewportWidth: Double
    package var startTab: Int
    package var frames: [Frame]

    /// Films one fling over a copy of `strip`: the fling benchmark's frames of a one-fling script.
    package static func record(strip: TabStrip, seed: UInt64) throws(ScenarioError) -> FlingFilm {
        var random = SeededGenerator(seed: seed, stream: "strip-pictures-fling")
        let startTab = strip.tabCount / 4 + random.next(below: Swift.max(1, strip.tabCount / 2))
        let speed = random.next(in: 12_000.0...20_000.0)
        let fling: Fling
        var shown = strip
        do {
            let bounds = strip.contentOffsetRange
            let start = try strip.frame(ofTab: startTab).x
            fling = try Fling(
                position: Swift.min(Swift.max(start, bounds.lowerBound), bounds.upperBound), velocityPerSecond: speed,
                startTime: 0, bounds: bounds, physics: FlingScript.physics(viewportWidth: strip.viewport.width))
            try shown.setContentOffset(fling.position(at: 0))
        } catch { throw ScenarioError("the fling film: \(error)") }
        let clock = SimulatedFrameClock.at120Hz
        let rest = (0...1_200).first { fling.isFinished(at: clock.timestamp(ofFrame: $0)) } ?? 1_200
        let frames = VirtualizedFrames(try EngineFixture(strip: shown))
        let virtualizer = frames.fixture.virtualizer
        var film: [Frame] = []
        var recording = Observed { _ in
            let time = clock.timestamp(ofFrame: film.count)
            let tabs = virtualizer.visibleTabs
            film.append(
                Frame(
                    time: time, offset: virtualizer.strip.contentOffset, velocity: fling.velocity(at: time),
                    tabsWithCells: tabs, cellsAlive: tabs.count { virtualizer.cell(ofTab: $0) != nil },
                    cellsCreated: frames.cellsCreated, cellsReused: virtualizer.reuseCounters.reused))
        }
        FlingFrames(frames, FlingScript(fling: fling, frames: rest + 1, bounds: strip.contentOffsetRange)).run(
            &recording)
        return FlingFilm(
            fling: fling, clock: clock, tabCount: strip.tabCount, viewportWidth: strip.viewport.width,
            startTab: startTab, frames: film)
    }
}
