import TabStrip
import TabStripTestSupport

/// The recordings behind the report's pictures of the strip
/// (`strip-drag.svg`, `strip-fling.svg`): a pager drag filmed frame by
/// frame in both indicator styles, and one fast fling.
///
/// Everything is recorded from a `RecordingHost` driven through the
/// public engine API (``PagerSync`` for the drag, ``TabStripVirtualizer``
/// for the fling) over titles generated from the run's seed, so the same
/// seed always gives the same pictures.
package struct StripPictures: Sendable {
    /// The drag with seed 000's `.line` indicator.
    package var lineDrag: StripDragFilm
    /// The same drag with the `.lengthen` indicator.
    package var lengthenDrag: StripDragFilm
    /// One fast fling.
    package var fling: FlingFilm

    /// The tab count of the pictures, whatever `--titles` says, so the
    /// committed pictures depend on the seed only.
    package static let defaultTitleCount = 100_000

    /// The file names the pictures are written to.
    package static let fileNames = ["strip-drag.svg", "strip-fling.svg"]

    /// Records both drags and the fling over `titleCount` titles generated
    /// from `seed`.
    /// - Throws: ``ScenarioError`` when the engine rejects the strip or a
    ///   gesture, or there are fewer than two titles.
    /// - Complexity: O(n) to build the strips over n titles, then O(log n +
    ///   v) per recorded frame (v cells on screen).
    package static func record(seed: UInt64, titleCount: Int = defaultTitleCount) throws(ScenarioError) -> StripPictures
    {
        let titles = TitleGenerator.titles(count: titleCount, seed: seed)
        let strip = try EngineFixture.strip(titles: titles)
        let pair = try StripDragFilm.narrowToWidePair(in: strip)
        let lengthen: IndicatorStyle
        do {
            lengthen = try IndicatorStyle(
                kind: .lengthen, width: IndicatorStyle.douyin.width,
                height: IndicatorStyle.douyin.height, placement: IndicatorStyle.douyin.placement)
        } catch {
            throw ScenarioError("the lengthen indicator style: \(error)")
        }
        return StripPictures(
            lineDrag: try StripDragFilm.record(
                strip: strip, narrowTab: pair, indicatorStyle: .douyin, styleName: "line"),
            lengthenDrag: try StripDragFilm.record(
                strip: strip, narrowTab: pair, indicatorStyle: lengthen,
                styleName: "lengthen"),
            fling: try FlingFilm.record(strip: strip, seed: seed))
    }
}

/// A pager drag from a narrow tab to its wide right-hand neighbour, filmed
/// at fixed progress steps, then, once the pager has settled on the wide
/// tab and the strip has centred it, the drag back.
///
/// The film starts with the narrow tab selected and centred. Its frames:
/// - *there*: the finger drags the pages left by `k/steps` of a page,
///   `k = 0…steps` (progress `k/steps` from the narrow tab);
/// - the finger lifts at a whole page; the pager settles (0.15 s) and the
///   strip centres the wide tab (0.25 s ease-out), frames not filmed;
/// - *back*: from the wide tab, the finger drags right by `k/steps`
///   (progress `−k/steps`), then lifts and the pager settles back.
///
/// Each frame is what the engine told a `RecordingHost` during that
/// display-link tick (``PagerSync/advance(to:)``).
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
        /// The finger's translation, in points (negative towards later
        /// pages).
        package var translation: Double
        /// The pager's offset at the frame, as ``PagerSync`` followed it.
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
    /// the strip can centre it), the tab whose right-hand neighbour is
    /// wider by the most, the neighbour at most 200 pt wide so both fit the
    /// viewport; ties go to the earlier tab.
    /// - Throws: ``ScenarioError`` for a strip of fewer than two tabs.
    /// - Complexity: O(k log n) for the k ≤ 400 tabs examined.
    package static func narrowToWidePair(in strip: TabStrip) throws(ScenarioError) -> Int {
        guard strip.tabCount >= 2 else { throw ScenarioError("a drag needs two tabs, the strip has \(strip.tabCount)") }
        let first = Swift.min(2, strip.tabCount - 2)
        let last = Swift.min(strip.tabCount - 2, 400)
        var best = first
        var bestGain = -Double.infinity
        for index in first...last {
            guard let narrow = try? strip.frame(ofTab: index), let wide = try? strip.frame(ofTab: index + 1) else {
                continue
            }
            let gain = wide.width - narrow.width
            if wide.width <= 200, gain > bestGain {
                best = index
                bestGain = gain
            }
        }
        return best
    }

    /// Films the drag from `narrowTab` to `narrowTab + 1` and back on a copy
    /// of `strip` shown with `indicatorStyle`, `steps + 1` frames a leg at
    /// 120 Hz.
    /// - Throws: ``ScenarioError`` when the engine rejects a call.
    /// - Complexity: O(n) to copy the strip's storage on first write, then
    ///   O(log n + v) per frame.
    package static func record(
        strip: TabStrip, narrowTab: Int, indicatorStyle: IndicatorStyle, styleName: String,
        steps: Int = 6
    ) throws(ScenarioError) -> StripDragFilm {
        guard steps >= 1 else { throw ScenarioError("a drag film needs at least one step, not \(steps)") }
        guard narrowTab >= 0, narrowTab + 1 < strip.tabCount else {
            throw ScenarioError("tab \(narrowTab) has no right-hand neighbour among \(strip.tabCount) tabs")
        }
        var strip = strip
        strip.indicatorStyle = indicatorStyle
        let host = RecordingHost()
        let pageWidth = strip.viewport.width
        var frames: [Frame] = []
        do {
            try strip.select(narrowTab, scroll: .center)
            let virtualizer = try TabStripVirtualizer(strip: strip, host: host, poolLimit: EngineFixture.poolLimit)
            let sync = try PagerSync(virtualizer: virtualizer, pageWidth: pageWidth, provider: BenchPageProvider())
            let dt = 1.0 / 120
            var time = 0.0
            func leg(_ leg: Frame.Leg, sign: Double) throws(TabStripError) {
                try sync.beginPageDrag(at: time)
                var translation = 0.0
                for step in 0...steps {
                    time += dt
                    translation = sign * pageWidth * Double(step) / Double(steps)
                    try sync.movePageDrag(translation: translation, at: time)
                    try sync.advance(to: time)
                    let position = try PagerPosition(
                        offset: sync.pageOffset, pageWidth: pageWidth,
                        pageCount: sync.strip.tabCount)
                    let progress = try position.progress(relativeTo: sync.strip.selectedIndex ?? 0)
                    frames.append(
                        Frame(
                            leg: leg, step: step, translation: translation, pagerOffset: sync.pageOffset,
                            progress: progress,
                            snapshot: host.snapshot(
                                contentOffset: sync.strip.contentOffset,
                                viewport: sync.strip.viewport)))
                }
                time += dt
                try sync.endPageDrag(translation: translation, velocityPerMillisecond: 0, at: time)
                // The settle, the selection and the strip's centring.
                let end = time + sync.pager.settleDuration + sync.selectionDuration + 4 * dt
                while time < end {
                    time += dt
                    try sync.advance(to: time)
                }
            }
            try leg(.there, sign: -1)
            guard sync.strip.selectedIndex == narrowTab + 1 else {
                throw ScenarioError("the pager settled on tab \(sync.strip.selectedIndex ?? -1), not \(narrowTab + 1)")
            }
            try leg(.back, sign: 1)
        } catch let error as ScenarioError {
            throw error
        } catch {
            throw ScenarioError("the drag film (\(styleName)): \(error)")
        }
        return StripDragFilm(
            styleName: styleName, indicatorStyle: indicatorStyle, titleStyle: strip.titleStyle,
            narrowTab: narrowTab, wideTab: narrowTab + 1, tabCount: strip.tabCount,
            pageWidth: pageWidth, overscan: strip.layout.overscan, steps: steps, frames: frames)
    }
}

/// One fast fling over the strip, frame by frame at 120 Hz: the content
/// offset and velocity, the tabs with cells, and the host's cells alive,
/// created and reused, from release until the fling has come to rest.
///
/// The fling follows the fling scenario's physics (``FlingScript/physics(viewportWidth:)``:
/// `.normal` deceleration, rubber band, momentum) and is released at time
/// 0 from the leading edge of a tab drawn from the seed in the middle half
/// of the strip, towards later tabs at a speed drawn from 12,000–20,000
/// pt/s.
package struct FlingFilm: Sendable {
    /// One frame.
    package struct Frame: Sendable, Equatable {
        /// The frame's timestamp, in seconds after the release.
        package var time: Double
        /// The fling's position (the content offset given to the engine).
        package var offset: Double
        /// The fling's velocity, in points per second.
        package var velocity: Double
        /// The tabs with cells (the viewport plus overscan), as the
        /// virtualiser reports them.
        package var tabsWithCells: Range<Int>
        /// The host's cells on screen.
        package var cellsAlive: Int
        /// Cells the host made so far (the first frame's included).
        package var cellsCreated: Int
        /// Cells the engine reused so far (from the idle pool or handed
        /// over from a tab that left).
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
    /// The frames, from the release to the first frame at rest.
    package var frames: [Frame]

    /// Films one fling over a copy of `strip`.
    /// - Throws: ``ScenarioError`` when the engine rejects a call.
    /// - Complexity: O(log n + k) per frame for k tabs entering or leaving;
    ///   at most 10 s of frames.
    package static func record(strip: TabStrip, seed: UInt64) throws(ScenarioError) -> FlingFilm {
        var random = SeededGenerator(seed: seed, stream: "strip-pictures-fling")
        let count = strip.tabCount
        let startTab = count / 4 + random.next(below: Swift.max(1, count / 2))
        let speed = random.next(in: 12_000.0...20_000.0)
        let host = RecordingHost()
        let clock = SimulatedFrameClock.at120Hz
        var frames: [Frame] = []
        let fling: Fling
        do {
            let start = try strip.frame(ofTab: startTab).x
            let bounds = strip.contentOffsetRange
            fling = try Fling(
                position: Swift.min(Swift.max(start, bounds.lowerBound), bounds.upperBound), velocityPerSecond: speed,
                startTime: 0, bounds: bounds, physics: FlingScript.physics(viewportWidth: strip.viewport.width))
            var strip = strip
            try strip.setContentOffset(fling.position(at: 0))
            let virtualizer = try TabStripVirtualizer(strip: strip, host: host, poolLimit: EngineFixture.poolLimit)
            var frame = 0
            while true {
                let time = clock.timestamp(ofFrame: frame)
                try virtualizer.setContentOffset(fling.position(at: time))
                frames.append(
                    Frame(
                        time: time, offset: virtualizer.strip.contentOffset, velocity: fling.velocity(at: time),
                        tabsWithCells: virtualizer.visibleTabs,
                        cellsAlive: host.made.count(where: { $0.state == .shown }),
                        cellsCreated: host.made.count, cellsReused: virtualizer.reuseCounters.reused))
                if fling.isFinished(at: time) || time >= 10 { break }
                frame += 1
            }
        } catch {
            throw ScenarioError("the fling film: \(error)")
        }
        return FlingFilm(
            fling: fling, clock: clock, tabCount: count, viewportWidth: strip.viewport.width,
            startTab: startTab, frames: frames)
    }
}
