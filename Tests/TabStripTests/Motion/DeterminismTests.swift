import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// A whole simulated session (repeated flings with momentum running into
/// both ends, bounces, paging gestures, tap feedback) must give bit-identical
/// outputs every time, and must not depend on how often it is sampled.
@Suite struct DeterminismTests {
    struct Session {
        var flings: [Fling] = []
        var pager: Pager
        var taps: [TapFeedback] = []
    }

    /// Builds the session's gestures; everything in it is a pure value.
    static func makeSession() throws -> Session {
        let bounds = 0.0...(100_000 * 96.0 - 390)
        let physics = try ScrollPhysics(
            decelerationRate: .normal, bounce: .init(rubberBand: .init(dimension: 390)), carriesMomentum: true)
        var session = Session(pager: try Pager(pageWidth: 390, pageCount: 100_000))
        // Four quick flings forward, each while the previous still moves.
        var position = 0.0
        var time = 0.0
        for velocity in [6000.0, 9000, 14_000, 20_000] {
            let carried = session.flings.last.map { $0.velocity(at: time - 0.05) } ?? 0
            let fling = try Fling(
                position: position, velocityPerSecond: velocity, startTime: time, bounds: bounds,
                physics: physics, carriedVelocityPerSecond: carried)
            session.flings.append(fling)
            time += 0.35
            position = fling.position(at: time)
        }
        // A long fling back into the lower end, then a drag past it released.
        session.flings.append(
            try Fling(position: 1500, velocityPerSecond: -20_000, startTime: time, bounds: bounds, physics: physics))
        time += 3
        session.flings.append(
            try Fling(position: -150, velocityPerSecond: -300, startTime: time, bounds: bounds, physics: physics))
        // Paging: a flick forward, a refused drag, a slow drag back.
        try session.pager.beginDrag(at: 0.1)
        try session.pager.moveDrag(translation: -20, at: 0.15)
        try session.pager.endDrag(translation: -20, velocityPerMillisecond: 0.9, at: 0.2)
        _ = try session.pager.beginDrag(at: 0.3) // refused: still settling
        try session.pager.beginDrag(at: 0.4)
        try session.pager.endDrag(translation: 75, velocityPerMillisecond: 0.1, at: 0.6)
        session.taps.append(try TapFeedback(startTime: 1))
        session.taps.append(try session.taps[0].retapped(at: 1.15))
        return session
    }

    /// Every output of the session at `time`, as bit patterns.
    static func sample(_ session: Session, at time: Double, into output: inout [UInt64]) {
        let fling = session.flings.last { $0.startTime <= time } ?? session.flings[0]
        output.append(fling.position(at: time).bitPattern)
        output.append(fling.velocity(at: time).bitPattern)
        output.append(session.pager.offset(at: time).bitPattern)
        output.append(session.pager.velocity(at: time).bitPattern)
        let tap = session.taps.last { $0.startTime <= time } ?? session.taps[0]
        output.append(tap.scale(at: time).bitPattern)
    }

    static func run(framesPerSecond: Double, seconds: Double) throws -> [UInt64] {
        let session = try makeSession()
        var clock = try SimulatedFrameClock(framesPerSecond: framesPerSecond)
        var output: [UInt64] = []
        while true {
            let tick = clock.advance()
            if tick.timestamp > seconds { break }
            sample(session, at: tick.timestamp, into: &output)
        }
        return output
    }

    @Test func sameInputsGiveBitIdenticalOutputs() throws {
        let first = try Self.run(framesPerSecond: 120, seconds: 8)
        let second = try Self.run(framesPerSecond: 120, seconds: 8)
        #expect(first.count == 961 * 5)
        #expect(first == second)
    }

    @Test func samplingRateDoesNotChangeTheCurve() throws {
        // Frame n at 60 Hz and frame 2n at 120 Hz share a timestamp: with no
        // state advanced by ticks, they show exactly the same thing.
        let at120 = try Self.run(framesPerSecond: 120, seconds: 8)
        let at60 = try Self.run(framesPerSecond: 60, seconds: 8)
        for frame in 0..<(at60.count / 5) {
            #expect(
                Array(at60[(frame * 5)..<(frame * 5 + 5)]) == Array(at120[(frame * 10)..<(frame * 10 + 5)]),
                "frame \(frame)")
        }
    }

    @Test func sessionExercisesEveryPhase() throws {
        let session = try Self.makeSession()
        // Momentum was carried, a bounce happened at the lower end, the pager
        // ended up one page on and back.
        #expect(session.flings[1].startVelocity > 9000)
        #expect(session.flings[4].edgeContactTime != nil && session.flings[4].restingPosition == 0)
        #expect(session.flings[4].isPastEdge(at: session.flings[4].edgeContactTime! + 0.05))
        #expect(session.pager.currentPage == 0)
        #expect(session.taps[1].initialScale < 1)
    }
}
