import BenchInstruments
import TabStrip
import TabStripTestSupport

/// The recordings behind the report's pictures of the strip
/// (`strip-drag.svg`, `strip-fling.svg`): the pager and fling benchmarks'
/// bodies run over titles generated from the run's seed, with what the
/// benchmark host shows recorded after each frame, so the same seed always
/// gives the same pictures.
package struct StripPictures: Sendable {
    /// The drag with the `.line` indicator.
    package var lineDrag: StripDragFilm
    /// The same drag with the `.lengthen` indicator.
    package var lengthenDrag: StripDragFilm
    /// One fast fling.
    package var fling: FlingFilm

    /// The tab count of the pictures, whatever `--titles` says.
    package static let defaultTitleCount = 100_000

    /// The file names the pictures are written to.
    package static let fileNames = ["strip-drag.svg", "strip-fling.svg"]

    /// Records both drags and the fling over `titleCount` titles from `seed`.
    /// - Throws: ``ScenarioError`` when the engine rejects the strip or a
    ///   gesture, or there are fewer than two titles.
    package static func record(seed: UInt64, titleCount: Int = defaultTitleCount) throws(ScenarioError) -> StripPictures
    {
        let strip = try EngineFixture.strip(titles: TitleGenerator.titles(count: titleCount, seed: seed))
        let pair = try StripDragFilm.narrowToWidePair(in: strip)
        let lengthen: IndicatorStyle
        do {
            let line = IndicatorStyle.douyin
            lengthen = try IndicatorStyle(
                kind: .lengthen, width: line.width, height: line.height, placement: line.placement)
        } catch {
            throw ScenarioError("the lengthen indicator style: \(error)")
        }
        return StripPictures(
            lineDrag: try StripDragFilm.record(
                strip: strip, narrowTab: pair, indicatorStyle: .douyin, styleName: "line"),
            lengthenDrag: try StripDragFilm.record(
                strip: strip, narrowTab: pair, indicatorStyle: lengthen, styleName: "lengthen"),
            fling: try FlingFilm.record(strip: strip, seed: seed))
    }
}

/// The strip as a host shows it at one moment: its cells (frame, title,
/// colour, scale) and the indicator, read from the benchmark host's side
/// (what a screen would show), never recomputed from the strip.
package struct StripSnapshot: Sendable, Equatable {
    /// One cell on screen.
    package struct CellState: Sendable, Equatable {
        /// The tab it shows.
        package var tab: Int
        /// The tab's title.
        package var title: String
        /// Whether the engine configured it as the selected tab.
        package var isSelected: Bool
        /// Its frame, in content coordinates.
        package var frame: Rect
        /// The title colour.
        package var color: RGBA
        /// The title scale.
        package var scale: Double
    }

    /// The strip's content offset.
    package var contentOffset: Double
    /// The viewport.
    package var viewport: Viewport
    /// The cells on screen, in tab order.
    package var cells: [CellState]
    /// The indicator's frame, in content coordinates (`nil`: hidden).
    package var indicator: Rect?

    /// What `fixture`'s host shows now: the cells of the tabs in view.
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

/// A pager drag from a narrow tab to its wide right-hand neighbour, filmed
/// at fixed progress steps, then, once the pager has settled on the wide
/// tab and the strip has centred it, the drag back: the pager benchmark's
/// frames, the host's picture recorded after each drag step.
package struct StripDragFilm: Sendable {
    /// One filmed frame.
    package struct Frame: Sendable, Equatable {
        /// The leg of the drag.
        package enum Leg: String, Sendable, Equatable {
            /// From the narrow tab towards the wide one.
            case there
            /// From the wide tab back towards the narrow one.
            case back
        }

        /// Which leg it belongs to.
        package var leg: Leg
        /// The step, `0…steps`.
        package var step: Int
        /// The finger's translation, in points (negative towards later pages).
        package var translation: Double
        /// The pager's offset at the frame.
        package var pagerOffset: Double
        /// The pager's progress relative to the settled tab.
        package var progress: PagerProgress
        /// What the host shows.
        package var snapshot: StripSnapshot
    }

    /// The indicator style's name (`line`, `lengthen`).
    package var styleName: String
    /// The indicator style filmed.
    package var indicatorStyle: IndicatorStyle
    /// The title style filmed.
    package var titleStyle: TitleStyle
    /// The narrow tab the drag starts from.
    package var narrowTab: Int
    /// The wide neighbour (`narrowTab + 1`).
    package var wideTab: Int
    /// The tab count.
    package var tabCount: Int
    /// The page width (the viewport's width).
    package var pageWidth: Double
    /// The strip's overscan on each side of the viewport, in points.
    package var overscan: Double
    /// Frames per leg minus one: progress moves in steps of `1/steps`.
    package var steps: Int
    /// The frames: `steps + 1` there, then `steps + 1` back.
    package var frames: [Frame]

    /// The drag's starting tab: among the first 400 tabs (from tab 2, so
    /// the strip can centre it), the one whose right-hand neighbour is wider
    /// by the most, the neighbour at most 200 pt wide; ties to the earlier.
    /// - Throws: ``ScenarioError`` for a strip of fewer than two tabs.
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
    /// - Throws: ``ScenarioError`` when the engine rejects a call.
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
            // The pager benchmark's frames: the finger goes down, moves by
            // `1/steps` of a page a frame, lifts at a whole page; then the
            // settle and the strip's centring, not filmed.
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

/// One fast fling over the strip, frame by frame at 120 Hz: the content
/// offset and velocity, the tabs with cells, and the host's cells alive,
/// created and reused, from release until the fling has come to rest. The
/// fling follows the fling benchmark's physics, released at time 0 from
/// the leading edge of a tab drawn from the seed in the middle half of the
/// strip, towards later tabs at 12,000–20,000 pt/s.
package struct FlingFilm: Sendable {
    /// One frame.
    package struct Frame: Sendable, Equatable {
        /// The frame's timestamp, in seconds after the release.
        package var time: Double
        /// The fling's position (the content offset given to the engine).
        package var offset: Double
        /// The fling's velocity, in points per second.
        package var velocity: Double
        /// The tabs with cells (the viewport plus overscan).
        package var tabsWithCells: Range<Int>
        /// The host's cells on screen.
        package var cellsAlive: Int
        /// Cells the host made so far (the first frame's included).
        package var cellsCreated: Int
        /// Cells the engine reused so far.
        package var cellsReused: Int
    }

    /// The motion.
    package var fling: Fling
    /// The frame clock (120 Hz).
    package var clock: SimulatedFrameClock
    /// The tab count.
    package var tabCount: Int
    /// The viewport width.
    package var viewportWidth: Double
    /// The tab the fling starts at.
    package var startTab: Int
    /// The frames, from the release to the first frame at rest (at most 10 s).
    package var frames: [Frame]

    /// Films one fling over a copy of `strip`: the fling benchmark's frames
    /// of a one-fling script.
    /// - Throws: ``ScenarioError`` when the engine rejects a call.
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
        } catch {
            throw ScenarioError("the fling film: \(error)")
        }
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
