import BenchInstruments
import TabStrip
import TabStripTestSupport

/// A scripted run of fast flings on a strip's content offset, frame by frame on a ``SimulatedFrameClock``, built from
/// the engine's own motion (``Fling`` with ``ScrollPhysics``): release velocities of 2,000–20,000 pt/s, `.normal`
/// deceleration, bouncing at both ends (rubber band one viewport wide), and momentum carried from one fling to the next
/// when the finger flicks again in the same direction before the strip stops.
///
/// The script is a list of segments, each a fling released at a frame; a frame's offset is the current segment's
/// `position(at:)` the frame's timestamp. Episodes, drawn from a seeded generator:
/// - chains: 2–5 flings in one direction, each released 0.12–0.45 s after the previous one (momentum carried), the last
///   one left to stop; a third of the chains start at a random offset (as after a jump);
/// - edge runs: from 300–4,000 pt inside an end, a fling toward it fast enough to reach it, bouncing off (ends
///   alternate);
/// - reversals: a fling against the current motion (nothing carried).
package struct FlingScript: Sendable {
    package enum Kind: String, Sendable { case chain, edge, reversal }

    package struct Segment: Sendable {
        package var firstFrame: Int
        package var fling: Fling
        package var kind: Kind
    }

    package private(set) var segments: [Segment] = []
    package let frameCount: Int
    package let clock: SimulatedFrameClock
    /// The content offsets the flings stay within (they overshoot while bouncing).
    package let bounds: ClosedRange<Double>
    /// Segments whose fling touched the leading (lower) end before the next segment began.
    package private(set) var leadingEdgeContacts = 0
    package private(set) var trailingEdgeContacts = 0
    package private(set) var carriedReleases = 0
    package private(set) var fastestRelease = 0.0

    /// The physics of every fling: `.normal` deceleration, bouncing with a
    /// rubber band `viewportWidth` wide, momentum carried.
    package static func physics(viewportWidth: Double) throws(TabStripError) -> ScrollPhysics {
        let band = try RubberBand(dimension: Swift.max(1, viewportWidth))
        return try ScrollPhysics(decelerationRate: .normal, bounce: .init(rubberBand: band), carriesMomentum: true)
    }

    /// Writes a script of `frames` frames for content offsets in `bounds`.
    ///
    /// `randomStarts` is the share of chains that start at a random offset (the first one always does when it is above
    /// 0): raise it to spread a short script over the whole strip.
    package init(
        frames: Int, bounds: ClosedRange<Double>, viewportWidth: Double, seed: UInt64, stream: String = "fling-script",
        framesPerSecond: Double = 120, randomStarts: Double = 0.3
    ) throws(ScenarioError) {
        frameCount = Swift.max(0, frames)
        self.bounds = bounds
        do {
            clock = try SimulatedFrameClock(framesPerSecond: framesPerSecond)
            try write(
                physics: Self.physics(viewportWidth: viewportWidth),
                random: SeededGenerator(seed: seed, stream: stream), randomStarts: randomStarts)
        } catch { throw ScenarioError("fling script: \(error)") }
    }

    package init(
        over strip: TabStrip, frames: Int, seed: UInt64, stream: String = "fling-script", randomStarts: Double = 0.3
    ) throws(ScenarioError) {
        try self.init(
            frames: frames, bounds: strip.contentOffsetRange, viewportWidth: strip.viewport.width, seed: seed,
            stream: stream, randomStarts: randomStarts)
    }

    package init(fling: Fling, frames: Int, bounds: ClosedRange<Double>) {
        frameCount = frames
        self.bounds = bounds
        clock = .at120Hz
        segments = [Segment(firstFrame: 0, fling: fling, kind: .chain)]
    }

    private mutating func write(physics: ScrollPhysics, random: SeededGenerator, randomStarts: Double)
        throws(TabStripError)
    {
        var random = random
        let fps = clock.framesPerSecond
        var frame = 0
        var nextEdgeIsTrailing = false
        var current: Fling?

        /// Appends a fling released at `frame` and makes it the current one; returns it.
        func release(_ s: inout FlingScript, velocity: Double, position: Double?, kind: Kind) throws(TabStripError)
            -> Fling
        {
            let time = s.clock.timestamp(ofFrame: frame)
            var carried = 0.0
            var start = position ?? s.bounds.lowerBound
            if position == nil, let current {
                start = current.position(at: time)
                carried = current.velocity(at: time)
            }
            let fling = try Fling(
                position: start, velocityPerSecond: velocity, startTime: time, bounds: s.bounds,
                physics: physics, carriedVelocityPerSecond: carried)
            if carried != 0, (carried > 0) == (velocity > 0) { s.carriedReleases += 1 }
            s.fastestRelease = Swift.max(s.fastestRelease, fling.startVelocity.magnitude)
            s.segments.append(Segment(firstFrame: frame, fling: fling, kind: kind))
            current = fling
            return fling
        }
        /// Frames until `fling` stops (at most 6 s), at least one.
        func framesToRest(_ fling: Fling) -> Int {
            let remaining = Swift.min(fling.finishTime - clock.timestamp(ofFrame: frame), 6)
            return Swift.max(1, Int((remaining * fps).rounded(.up)) + 1)
        }
        /// Moves on by `frames` frames, counting the edge contacts of the last segment before then.
        func hold(_ s: inout FlingScript, _ frames: Int) {
            frame += frames
            guard let last = s.segments.last, let contact = last.fling.edgeContactTime,
                contact < s.clock.timestamp(ofFrame: frame)
            else { return }
            let x = last.fling.position(at: contact)
            if (x - s.bounds.lowerBound).magnitude <= (x - s.bounds.upperBound).magnitude {
                s.leadingEdgeContacts += 1
            } else {
                s.trailingEdgeContacts += 1
            }
        }
        func speed() -> Double { random.next(in: 2_000.0...20_000.0) }

        while frame < frameCount {
            let here = current.map { $0.position(at: clock.timestamp(ofFrame: frame)) } ?? bounds.lowerBound
            let roll = segments.isEmpty && randomStarts > 0 ? 0 : random.nextUnit()
            if roll < 0.45 {
                // A chain in one direction (away from an end we rest on),
                // sometimes from anywhere (the finger lands after a jump).
                var start: Double? = nil
                if segments.isEmpty ? randomStarts > 0 : random.chance(randomStarts) {
                    start = random.next(in: bounds)
                    current = nil
                }
                let from = start ?? here
                var direction: Double = random.chance(0.5) ? 1 : -1
                if from <= bounds.lowerBound { direction = 1 }
                if from >= bounds.upperBound { direction = -1 }
                let flings = 2 + random.next(below: 4)
                for k in 0..<flings where frame < frameCount {
                    let fling = try release(
                        &self, velocity: direction * speed(), position: k == 0 ? start : nil, kind: .chain)
                    let frames =
                        k < flings - 1
                        ? Swift.max(1, Int((random.next(in: 0.12...0.45) * fps).rounded())) : framesToRest(fling)
                    hold(&self, frames)
                }
            } else if roll < 0.75 {
                // From near an end, toward it: reach it and bounce off.
                let distance = random.next(in: 300.0...4_000.0)
                let trailing = nextEdgeIsTrailing
                nextEdgeIsTrailing.toggle()
                let start =
                    trailing
                    ? Swift.max(bounds.lowerBound, bounds.upperBound - distance)
                    : Swift.min(bounds.upperBound, bounds.lowerBound + distance)
                let minimum = Swift.min(20_000, Swift.max(2_000, 2.6 * distance))
                let velocity = (trailing ? 1 : -1) * random.next(in: minimum...20_000)
                let fling = try release(&self, velocity: velocity, position: start, kind: .edge)
                hold(&self, framesToRest(fling))
            } else {
                // Against the motion (or either way from rest).
                let moving = current?.velocity(at: clock.timestamp(ofFrame: frame)) ?? 0
                var direction: Double = moving > 0 ? -1 : (moving < 0 ? 1 : (random.chance(0.5) ? 1 : -1))
                if here <= bounds.lowerBound { direction = 1 }
                if here >= bounds.upperBound { direction = -1 }
                let fling = try release(&self, velocity: direction * speed(), position: nil, kind: .reversal)
                let frames =
                    random.chance(0.5)
                    ? framesToRest(fling) : Swift.max(1, Int((random.next(in: 0.2...1.0) * fps).rounded()))
                hold(&self, frames)
            }
        }
    }

    package func offsets() -> [Double] {
        var player = Player(script: self)
        return (0..<frameCount).map { player.offset(atFrame: $0) }
    }

    /// Plays a script forward frame by frame without allocating.
    package struct Player {
        package let script: FlingScript
        private var segment = 0

        package init(script: FlingScript) { self.script = script }

        /// The content offset at `frame`: the position, at the frame's timestamp, of the last fling released at or
        /// before it. Frames must be asked for in increasing order.
        @inline(__always)
        package mutating func offset(atFrame frame: Int) -> Double {
            let count = script.segments.count
            while segment + 1 < count, script.segments[segment + 1].firstFrame <= frame { segment += 1 }
            guard segment < count else { return script.bounds.lowerBound }
            return script.segments[segment].fling.position(at: script.clock.timestamp(ofFrame: frame))
        }
    }
}

/// The engine's fling script as a workload trace (`offsets.txt`): the offsets of ``FlingScript`` at 120 Hz, bounces
/// included (offsets briefly go past the ends).
package struct EngineFlingTrace: OffsetTraceGenerating, Sendable {
    package var name: String { "engine flings (Fling, .normal, 120 Hz, bouncing, momentum carried)" }

    package func offsets(frames: Int, contentWidth: Double, viewportWidth: Double, seed: UInt64) -> [Double] {
        let upper = Swift.max(0, contentWidth - viewportWidth)
        let script = try? FlingScript(frames: frames, bounds: 0...upper, viewportWidth: viewportWidth, seed: seed)
        return script?.offsets() ?? []
    }
}
