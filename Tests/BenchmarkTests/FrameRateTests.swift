import TabStrip
import TabStripTestSupport
import Testing

@testable import BenchCLI
@testable import BenchGate
@testable import BenchInstruments
@testable import BenchReports
@testable import BenchSuite

/// A deliberately frame-dependent motion: a fling integrated frame by frame
/// (explicit Euler steps with a per-frame decay), as an engine that took
/// its motion from the frame sequence would be.
private struct PerFrameFling: MotionSubject {
    var position = 0.0
    var velocity = 0.0
    var lastFrame: Double?

    mutating func apply(_ event: FrameRateReplay.Event, at time: Double) throws(ScenarioError) {
        switch event {
        case .dragStrip(let offset):
            position = offset
            velocity = 0
        case .releaseStrip(let velocity): self.velocity = velocity
        default: break
        }
    }

    mutating func frame(at time: Double) throws(ScenarioError) {
        let dt = time - (lastFrame ?? time)
        position += velocity * dt
        velocity *= 1 - 2 * dt // decays per frame: depends on the frame sequence
        lastFrame = time
    }

    var sample: MotionSample { MotionSample(offset: position, indicator: nil, selected: 0) }
}

@Suite("Frame-rate independence")
struct FrameRateTests {
    static func strip() throws -> TabStrip {
        try EngineFixture.strip(titles: TitleGenerator.titles(count: 120, seed: 7))
    }

    /// The jittered clock of a random seed, and 60 Hz.
    static func clocks(seed: UInt64) -> [[Double]] {
        let end = FrameRateReplay.session.end
        let generator = SeededGenerator(seed: seed, stream: "frame-rate-test")
        return [
            FrameRateReplay.ClockKind.fixed(framesPerSecond: 60).frameTimes(until: end, generator: generator),
            FrameRateReplay.ClockKind.jittered(framesPerSecond: 120, jitter: 0.003)
                .frameTimes(until: end, generator: generator),
        ]
    }

    @Test func theClocksAreIncreasingAndSeeded() {
        let seed = TestSeed.value(default: 25)
        let end = FrameRateReplay.session.end
        for kind in FrameRateReplay.ClockKind.standard {
            let times = kind.frameTimes(until: end, generator: SeededGenerator(seed: seed, stream: "c"))
            #expect(times == kind.frameTimes(until: end, generator: SeededGenerator(seed: seed, stream: "c")))
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "\(kind.label), seed \(seed)")
            #expect((times.first ?? 0) > 0 && (times.last ?? end) < end, "\(kind.label), seed \(seed)")
            #expect(times.count > Int(end * 40), "\(kind.label), seed \(seed)")
        }
        let sessionTimes = FrameRateReplay.session.events.map(\.time)
        #expect(zip(sessionTimes, sessionTimes.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func aFrameDependentMotionShowsADifference() throws {
        let seed = TestSeed.value(default: 25)
        let samples = FrameRateReplay.sampleTimes(every: 1.0 / 50, until: 1.2)
        let result = try FrameRateReplay.compare(
            session: FrameRateReplay.session, clocks: Self.clocks(seed: seed), samples: samples
        ) { () throws(ScenarioError) in PerFrameFling() }
        #expect(result.offsetDifference > 1, "seed \(seed)")
        #expect(result.worstOffset?.gesture.contains("fling") == true, "seed \(seed)")
        #expect(result.selectionMismatches == 0, "seed \(seed)")
    }

    /// The indicator and the selection agree at every sample; so does the
    /// strip's offset through the strip drags, both flings and the tap jump.
    /// Finding (issue 25, item 5): the offset does not agree while the strip
    /// centres the tab a page settle selected: `PagerSync.followPager(at:)`
    /// starts that animation at the first frame that sees the pager at rest,
    /// not when the settle ended, so it starts up to one frame late, later
    /// at 60 Hz than at 120 Hz.
    @Test func theEngineMovesTheSameAtEveryClock() throws {
        let seed = TestSeed.value(default: 25)
        let strip = try Self.strip()
        let session = FrameRateReplay.session
        let samples = FrameRateReplay.sampleTimes(every: 1.0 / 30, until: session.end)
        let result = try FrameRateReplay.compare(
            session: session, clocks: Self.clocks(seed: seed), samples: samples
        ) { () throws(ScenarioError) in try EngineMotionSubject(strip: strip) }
        #expect(result.indicatorDifference == 0, "seed \(seed): \(String(describing: result.worstIndicator))")
        #expect(result.selectionMismatches == 0, "seed \(seed)")
        #expect(result.framesReplayed > samples.count * 2)

        let centring = session.events.first { $0.gesture == "page settle and strip centring" }?.time ?? 0
        let tap = session.events.first { $0.gesture == "tap jump" }?.time ?? 0
        let outside = try FrameRateReplay.compare(
            session: session, clocks: Self.clocks(seed: seed), samples: samples.filter { $0 < centring || $0 >= tap }
        ) { () throws(ScenarioError) in try EngineMotionSubject(strip: strip) }
        #expect(outside.offsetDifference == 0, "seed \(seed): \(String(describing: outside.worstOffset))")

        // The centring after a page settle starts at the settle's end time,
        // not at the first frame that sees it (it once differed by 118 pt).
        #expect(result.offsetDifference == 0, "seed \(seed): \(String(describing: result.worstOffset))")
    }

    @Test func theSessionMovesTheStripAndSelects() throws {
        let strip = try Self.strip()
        var subject = try EngineMotionSubject(strip: strip)
        let session = FrameRateReplay.session
        var flung = 0.0
        for event in session.events {
            try subject.apply(event.event, at: event.time)
            try subject.frame(at: event.time)
            if event.gesture == "fling with momentum" { flung = subject.sample.offset }
        }
        try subject.frame(at: session.end)
        #expect(flung > 900)
        #expect(subject.sample.selected == 40)
        #expect(subject.sample.offset > 0)
    }
}
