import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

@Suite struct HostFrameClockTests {
    @Test func numbersFramesAndKeepsTargets() throws {
        var clock = try HostFrameClock()
        #expect(clock.lastTick == nil && clock.frameCount == 0)
        let first = try clock.tick(timestamp: 10, targetTimestamp: 10.008)
        #expect(first == FrameTick(index: 0, timestamp: 10, targetTimestamp: 10.008))
        #expect(MotionTest.close(first.duration, 0.008, relative: 1e-9))
        let second = try clock.tick(timestamp: 10.008)
        #expect(second.index == 1 && second.targetTimestamp == 10.008 + 1.0 / 60)
        // Equal timestamps (a duplicated callback) are accepted.
        let third = try clock.tick(timestamp: 10.008, targetTimestamp: 10.008)
        #expect(third.index == 2 && third.duration == 0)
        #expect(clock.frameCount == 3 && clock.lastTick == third)
        clock._checkInvariants()
    }

    @Test func rejectsBadTimestampsAndStaysIntact() throws {
        var clock = try HostFrameClock(nominalFrameDuration: 1.0 / 120)
        _ = try clock.tick(timestamp: 5)
        let before = clock
        for bad in [Double.nan, .infinity, -.infinity, 4.999_999] {
            #expect(throws: TabStripError.invalidValue(name: "timestamp", value: bad)) {
                try clock.tick(timestamp: bad)
            }
            #expect(clock == before)
        }
        for bad in [Double.nan, .infinity, 5.5] {
            #expect(throws: TabStripError.invalidValue(name: "targetTimestamp", value: bad)) {
                try clock.tick(timestamp: 6, targetTimestamp: bad)
            }
            #expect(clock == before)
        }
        for bad in [0.0, -1, .nan, .infinity] {
            #expect(throws: TabStripError.invalidValue(name: "frameDuration", value: bad)) {
                try HostFrameClock(nominalFrameDuration: bad)
            }
        }
        // After the refusals it carries on where it was.
        #expect(try clock.tick(timestamp: 6).index == 1)
    }

    @Test func replayingTimestampsReplaysFrames() throws {
        var rng = SeededGenerator(seed: 0xC10C)
        var timestamps: [Double] = []
        var t = 100.0
        for _ in 0..<500 {
            t += MotionTest.random(in: 0...0.05, using: &rng)
            timestamps.append(t)
        }
        func run() throws -> [FrameTick] {
            var clock = try HostFrameClock()
            return try timestamps.map { timestamp throws(TabStripError) in try clock.tick(timestamp: timestamp) }
        }
        let once = try run()
        #expect(try run() == once)
        #expect(once.map(\.index) == Array(0..<500))
    }
}

@Suite struct SimulatedFrameClockTests {
    @Test func sixtyAndOneTwentyHertz() {
        var sixty = SimulatedFrameClock.at60Hz
        let first = sixty.advance()
        #expect(first == FrameTick(index: 0, timestamp: 0, targetTimestamp: 1.0 / 60))
        #expect(sixty.nextFrameIndex == 1)
        let one = sixty.advance()
        #expect(one.timestamp == 1.0 / 60 && one.targetTimestamp == 2.0 / 60)
        #expect(MotionTest.close(SimulatedFrameClock.at120Hz.frameDuration, 0.008_333, absolute: 1e-6))
        #expect(SimulatedFrameClock.at120Hz.timestamp(ofFrame: 120) == 1)
        #expect(SimulatedFrameClock.at60Hz.timestamp(ofFrame: 3600) == 60)
    }

    @Test func timestampsDoNotDrift() throws {
        // Frame n is computed from n: no accumulated error, even far out.
        let clock = try SimulatedFrameClock(framesPerSecond: 120, startTime: 3)
        for n in [0, 1, 119, 1_000_000, 123_456_789] {
            #expect(clock.timestamp(ofFrame: n) == 3 + Double(n) / 120)
            #expect(clock.tick(forFrame: n).targetTimestamp == clock.timestamp(ofFrame: n + 1))
        }
        var stepping = clock
        var previous = -Double.infinity
        for n in 0..<10_000 {
            let tick = stepping.advance()
            #expect(tick.index == n && tick.timestamp > previous)
            #expect(tick.timestamp == 3 + Double(n) / 120)
            previous = tick.timestamp
        }
        let far = clock.tick(forFrame: Int.max)
        #expect(far.targetTimestamp.isFinite && far.targetTimestamp >= far.timestamp)
    }

    @Test func anyPositiveRateAndReset() throws {
        var clock = try SimulatedFrameClock(framesPerSecond: 90)
        _ = clock.advance()
        _ = clock.advance()
        try clock.reset(toFrame: 0)
        #expect(clock.advance().index == 0)
        try clock.reset(toFrame: 500)
        #expect(clock.advance().timestamp == 500.0 / 90)
        let before = clock
        #expect(throws: TabStripError.indexOutOfRange(index: -1, count: Int.max)) { try clock.reset(toFrame: -1) }
        #expect(clock == before)
    }

    @Test func rejectsBadRates() {
        for bad in [0.0, -60, .nan, .infinity] {
            #expect(throws: TabStripError.invalidValue(name: "framesPerSecond", value: bad)) {
                try SimulatedFrameClock(framesPerSecond: bad)
            }
        }
        #expect(throws: TabStripError.invalidValue(name: "startTime", value: .nan)) {
            try SimulatedFrameClock(framesPerSecond: 60, startTime: .nan)
        }
    }
}
