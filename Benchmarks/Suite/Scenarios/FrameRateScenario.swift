import BenchInstruments
import TabStrip
import TabStripTestSupport

/// One scripted gesture session replayed with several frame clocks (60 Hz, 120 Hz, a variable rate, a jittered 120 Hz)
/// through ``PagerSync``: every motion of the engine is meant to be a pure function of time, so the strip's content
/// offset, the indicator's frame and the selected tab must be the same at equal timestamps whatever frames came before.
/// For each clock and each shared sample time, a fresh strip replays the session's events and the clock's frames
/// before it, then takes one frame at it; the figures are the largest differences across clocks.
package struct FrameRateScenario: Scenario {
    package struct Parameters: ScenarioParameters, Sendable {
        package var titles: Int
        /// Seconds between two sample times.
        package var sampleInterval: Double
        var clocks = FrameRateReplay.ClockKind.standard.map(\.label).joined(separator: ", ")
        var sessionSeconds = FrameRateReplay.session.end
    }

    package let name = "frame-rate"
    package let summary =
        "One gesture session (strip drag, fling, fling with momentum, page drag and settle, tap jump) replayed at 60 Hz, 120 Hz, variable-rate and jittered frames: the largest difference in offset, indicator and selection at equal timestamps (goal 0)."

    /// The same in both modes: the replay is short.
    package func parameters(for configuration: RunConfiguration) -> Parameters {
        Parameters(titles: configuration.titles ?? 200, sampleInterval: 1.0 / 50)
    }

    package func run(_ parameters: Parameters, in context: ScenarioContext) throws(ScenarioError) -> ScenarioOutput {
        var output = ScenarioOutput()
        let strip = try EngineFixture.strip(
            titles: TitleGenerator.titles(count: parameters.titles, seed: context.configuration.seed))
        let session = FrameRateReplay.session
        let samples = FrameRateReplay.sampleTimes(every: parameters.sampleInterval, until: session.end)
        let clocks = FrameRateReplay.ClockKind.standard.map {
            $0.frameTimes(until: session.end, generator: context.generator(stream: "frame-rate-jitter"))
        }
        context.reportProgress(0.1)
        let result = try FrameRateReplay.compare(session: session, clocks: clocks, samples: samples) {
            () throws(ScenarioError) in try EngineMotionSubject(strip: strip)
        }
        context.reportProgress(0.9)
        output.count(
            "offset-difference-max", result.offsetDifference, unit: "points",
            note: "largest |difference| of the strip's content offset across clocks at equal timestamps")
        output.count(
            "indicator-difference-max", result.indicatorDifference, unit: "points",
            note: "largest |difference| of any edge or size of the indicator's frame across clocks")
        output.count(
            "selection-mismatches", Double(result.selectionMismatches), unit: "samples",
            note: "sample times at which two clocks show a different selected tab (or indicator presence)")
        output.count("samples", Double(samples.count), unit: "samples")
        output.count("frames-replayed", Double(result.framesReplayed), unit: "frames")
        for (kind, frames) in zip(FrameRateReplay.ClockKind.standard, clocks) {
            output.count("frames-\(kind.label)", Double(frames.count), unit: "frames")
        }
        for (what, worst) in [("offset", result.worstOffset), ("indicator", result.worstIndicator)] {
            guard let worst else { continue }
            output.notes.append(
                "largest \(what) difference at t = \(worst.time) s, during \(worst.gesture): \(worst.difference) points"
            )
        }
        output.notes.append(
            "each sample replays the session on a fresh strip with one clock's frames before it, then one frame at the sample time"
        )
        return output
    }
}

/// What a replay shows at one time.
package struct MotionSample: Equatable, Sendable {
    package var offset: Double
    package var indicator: Rect?
    package var selected: Int?
}

/// Something that moves with gesture events and frames: the engine (``EngineMotionSubject``), or a test's fake.
package protocol MotionSubject {
    mutating func apply(_ event: FrameRateReplay.Event, at time: Double) throws(ScenarioError)
    mutating func frame(at time: Double) throws(ScenarioError)
    var sample: MotionSample { get }
}

/// The engine as a host drives it: a strip with one page per tab, through its ``PagerSync``.
package struct EngineMotionSubject: MotionSubject {
    let sync: PagerSync<BenchHost, BenchPageProvider>

    package init(strip: TabStrip) throws(ScenarioError) { sync = try EngineFixture(strip: strip).pagerSync() }

    package mutating func apply(_ event: FrameRateReplay.Event, at time: Double) throws(ScenarioError) {
        do {
            switch event {
            case .dragStrip(let offset): try sync.dragStrip(to: offset, at: time)
            case .releaseStrip(let velocity): try sync.releaseStrip(velocityPerSecond: velocity, at: time)
            case .beginPageDrag: try sync.beginPageDrag(at: time)
            case .movePageDrag(let translation): try sync.movePageDrag(translation: translation, at: time)
            case .endPageDrag(let translation, let velocity):
                try sync.endPageDrag(translation: translation, velocityPerMillisecond: velocity, at: time)
            case .tapTab(let index): try sync.tapTab(index, at: time)
            }
        } catch { throw ScenarioError("frame-rate: \(event) at \(time) s refused: \(error)") }
    }

    package mutating func frame(at time: Double) throws(ScenarioError) {
        do { try sync.advance(to: time) } catch {
            throw ScenarioError("frame-rate: the frame at \(time) s refused: \(error)")
        }
    }

    package var sample: MotionSample {
        MotionSample(
            offset: sync.strip.contentOffset, indicator: sync.strip.indicatorFrame, selected: sync.strip.selectedIndex)
    }
}

/// The session, the clocks and the comparison of ``FrameRateScenario``.
package enum FrameRateReplay {
    /// A gesture the host forwards.
    package enum Event: Equatable, Sendable {
        case dragStrip(offset: Double)
        case releaseStrip(velocity: Double)
        case beginPageDrag
        case movePageDrag(translation: Double)
        case endPageDrag(translation: Double, velocity: Double)
        case tapTab(Int)
    }

    /// A timed event, labelled with the gesture it belongs to.
    package struct TimedEvent: Equatable, Sendable {
        package var time: Double
        package var event: Event
        package var gesture: String
    }

    /// Events in time order and the session's end.
    package struct Session: Sendable {
        package var events: [TimedEvent]
        package var end: Double

        /// The gesture under way at `time` (`rest` before the first event).
        package func gesture(at time: Double) -> String { events.last { $0.time <= time }?.gesture ?? "rest" }
    }

    /// A strip drag and release (a fling), a second drag catching it and released faster (carrying its velocity), a
    /// page drag released past the paging threshold (the settle, then the strip centres the new tab), and a tap on a
    /// far tab (a jump). Touch events come every 8 ms, off the frame grids.
    package static let session: Session = {
        var events = (0...20).map {
            TimedEvent(
                time: 0.1 + Double($0) * 0.008, event: .dragStrip(offset: 14 * Double($0)), gesture: "strip drag")
        }
        events.append(TimedEvent(time: 0.265, event: .releaseStrip(velocity: 1_800), gesture: "fling"))
        events += (0...6).map {
            TimedEvent(
                time: 0.603 + Double($0) * 0.008, event: .dragStrip(offset: 900 + 12 * Double($0)),
                gesture: "second strip drag")
        }
        events.append(TimedEvent(time: 0.655, event: .releaseStrip(velocity: 1_500), gesture: "fling with momentum"))
        events.append(TimedEvent(time: 1.9, event: .beginPageDrag, gesture: "page drag"))
        events += (1...16).map {
            TimedEvent(
                time: 1.9 + Double($0) * 0.008, event: .movePageDrag(translation: -14 * Double($0)),
                gesture: "page drag")
        }
        events.append(
            TimedEvent(
                time: 2.037, event: .endPageDrag(translation: -230, velocity: -0.9),
                gesture: "page settle and strip centring"))
        events.append(TimedEvent(time: 2.701, event: .tapTab(40), gesture: "tap jump"))
        return Session(events: events, end: 3.2)
    }()

    package enum ClockKind: Equatable, Sendable {
        case fixed(framesPerSecond: Double)
        /// ProMotion-like: the rate cycles through `rates`, each held for `framesPerRate` frames.
        case variable(rates: [Double], framesPerRate: Int)
        /// `framesPerSecond`, each frame moved by up to `jitter` seconds either way (seeded), never backwards.
        case jittered(framesPerSecond: Double, jitter: Double)

        package static let standard: [ClockKind] = [
            .fixed(framesPerSecond: 60), .fixed(framesPerSecond: 120),
            .variable(rates: [120, 80, 48], framesPerRate: 12), .jittered(framesPerSecond: 120, jitter: 0.002),
        ]

        /// The name in metric names (`60hz`, `variable`, `jittered`).
        package var label: String {
            switch self {
            case .fixed(let rate): return "\(Int(rate))hz"
            case .variable: return "variable"
            case .jittered: return "jittered"
            }
        }

        /// The frame times in `(0, end)`, increasing; `generator` moves the jittered clock's frames.
        package func frameTimes(until end: Double, generator: SeededGenerator) -> [Double] {
            switch self {
            case .fixed(let rate): return Array((1...).lazy.map { Double($0) / rate }.prefix { $0 < end })
            case .variable(let rates, let framesPerRate):
                var times: [Double] = []
                var time = 1 / rates[0]
                while time < end {
                    times.append(time)
                    time += 1 / rates[(times.count / Swift.max(1, framesPerRate)) % rates.count]
                }
                return times
            case .jittered(let rate, let jitter):
                var random = generator
                var times: [Double] = []
                for grid in (1...).lazy.map({ Double($0) / rate }).prefix(while: { $0 < end }) {
                    let time = grid + random.next(in: -jitter...jitter)
                    if time > (times.last ?? 0), time < end { times.append(time) }
                }
                return times
            }
        }
    }

    package static func sampleTimes(every interval: Double, until end: Double) -> [Double] {
        Array((1...).lazy.map { Double($0) * interval }.prefix { $0 <= end })
    }

    /// The largest difference found, where and during which gesture.
    package struct Worst: Equatable, Sendable {
        package var time: Double
        package var gesture: String
        package var difference: Double
    }

    package struct Result: Equatable, Sendable {
        package var offsetDifference = 0.0
        package var indicatorDifference = 0.0
        /// Samples where the selection (or the indicator's presence) differs between two clocks.
        package var selectionMismatches = 0
        package var framesReplayed = 0
        package var worstOffset: Worst?
        package var worstIndicator: Worst?

        /// Folds in what the clocks showed at one sample time: the spread of the offset and of each edge and size of
        /// the indicator.
        mutating func add(_ shown: [MotionSample], at time: Double, gesture: String) {
            guard let first = shown.first else { return }
            let spread = { (values: [Double]) in (values.max() ?? 0) - (values.min() ?? 0) }
            let offset = spread(shown.map(\.offset))
            let frames = shown.compactMap(\.indicator)
            let indicator =
                [\Rect.x, \Rect.y, \Rect.width, \Rect.height].map { key in spread(frames.map { $0[keyPath: key] }) }
                .max() ?? 0
            if shown.contains(where: { $0.selected != first.selected })
                || (!frames.isEmpty && frames.count != shown.count)
            {
                selectionMismatches += 1
            }
            if offset > offsetDifference {
                (offsetDifference, worstOffset) = (offset, Worst(time: time, gesture: gesture, difference: offset))
            }
            if indicator > indicatorDifference {
                (indicatorDifference, worstIndicator) = (
                    indicator, Worst(time: time, gesture: gesture, difference: indicator)
                )
            }
        }
    }

    /// Replays `session` with each of `clocks` up to each of `samples`: a fresh subject from `make` takes the events
    /// at or before the sample time and the frames before it (at equal times the event first, as a host forwards it
    /// before its next tick), then a frame at the sample time; then compares what the clocks show.
    package static func compare<Subject: MotionSubject>(
        session: Session, clocks: [[Double]], samples: [Double], make: () throws(ScenarioError) -> Subject
    ) throws(ScenarioError) -> Result {
        var result = Result()
        for time in samples {
            var shown: [MotionSample] = []
            for frames in clocks {
                var subject = try make()
                var next = session.events[...]
                func apply(until limit: Double) throws(ScenarioError) {
                    while let event = next.first, event.time <= limit {
                        try subject.apply(event.event, at: event.time)
                        next.removeFirst()
                    }
                }
                for frame in frames where frame < time {
                    try apply(until: frame)
                    try subject.frame(at: frame)
                    result.framesReplayed += 1
                }
                try apply(until: time)
                try subject.frame(at: time)
                result.framesReplayed += 1
                shown.append(subject.sample)
            }
            result.add(shown, at: time, gesture: session.gesture(at: time))
        }
        return result
    }
}
