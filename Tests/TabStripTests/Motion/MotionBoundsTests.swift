import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// Issue 29 item 9: every motion finishes in a bounded time. A spring of
/// `ω = 1e-300` made a fling past the edge finish after 7e302 s; the
/// parameters are now bounded, and within the bounds every fling finishes
/// within the 600 s `ScrollPhysics` states.
@Suite struct MotionBoundsTests {
    /// The bound `ScrollPhysics` documents.
    static let maximumFlingDuration = 600.0

    /// A value at either end of `range` or inside it.
    static func edgy(_ range: ClosedRange<Double>, _ rng: inout SeededGenerator) -> Double {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return range.lowerBound
        case 1: return range.upperBound
        default: return MotionTest.random(in: range, using: &rng)
        }
    }

    @Test func parametersThatNeverSettleAreRefused() {
        for bad in [1e-300, 0.999, 10_000.001, 1e300] {
            #expect(throws: TabStripError.invalidValue(name: "angularFrequency", value: bad)) {
                try BounceSpring(angularFrequency: bad)
            }
        }
        #expect(throws: TabStripError.invalidValue(name: "stiffness", value: 1e-300)) {
            try BounceSpring(stiffness: 1e-300)
        }
        #expect(throws: TabStripError.invalidValue(name: "stiffness", value: 1)) {
            try BounceSpring(stiffness: 1, mass: 4)
        }
        for bad in [(0.9995).nextUp, 0.999_999, (1.0).nextDown] {
            #expect(throws: TabStripError.invalidValue(name: "decelerationRate", value: bad)) {
                try DecelerationRate(perMillisecond: bad)
            }
        }
        for bad in [1e-300, 0.000_999, 0] {
            #expect(throws: TabStripError.invalidValue(name: "restThreshold", value: bad)) {
                try ScrollPhysics(restThreshold: bad)
            }
            #expect(throws: TabStripError.invalidValue(name: "restThreshold", value: bad)) {
                try Deceleration(position: 0, velocityPerSecond: 1, startTime: 0, restThreshold: bad)
            }
        }
        for bad in [1e-300, 0.009, 10.5, 1e300] {
            #expect(throws: TabStripError.invalidValue(name: "coefficient", value: bad)) {
                try RubberBand(dimension: 390, coefficient: bad)
            }
        }
        #expect(throws: TabStripError.lengthExceedsLimit(name: "velocityPerSecond", value: 1e308, limit: 1e30)) {
            try Deceleration(position: 0, velocityPerSecond: 1e308, startTime: 0)
        }
        // The ends of each domain are accepted.
        #expect(throws: Never.self) {
            _ = try BounceSpring(angularFrequency: 1)
            _ = try BounceSpring(angularFrequency: 10_000)
            _ = try DecelerationRate(perMillisecond: 0.9995)
            _ = try ScrollPhysics(restThreshold: 0.001)
            _ = try RubberBand(dimension: 390, coefficient: 0.01)
            _ = try RubberBand(dimension: 390, coefficient: 10)
        }
    }

    /// Seeded flings with every parameter at an end of its domain or inside
    /// it, released inside, at and past the edges at up to 1e30 pt/s: each
    /// finishes within the stated bound, at its resting position.
    @Test func everyFlingFinishesWithinTheStatedBound() throws {
        var longest = 0.0
        for seed in ModelScale.seeds(4_000, salt: 0xF11_9) {
            var rng = SeededGenerator(seed: seed)
            let bounce: ScrollPhysics.Bounce? =
                Bool.random(using: &rng)
                ? ScrollPhysics.Bounce(
                    rubberBand: try RubberBand(
                        dimension: Self.edgy(1e-3...1e15, &rng), coefficient: Self.edgy(0.01...10, &rng)),
                    spring: try BounceSpring(angularFrequency: Self.edgy(1...10_000, &rng)))
                : nil
            let physics = try ScrollPhysics(
                decelerationRate: try DecelerationRate(perMillisecond: Self.edgy(1e-6...0.9995, &rng)),
                bounce: bounce, restThreshold: Self.edgy(0.001...1_000, &rng),
                carriesMomentum: Bool.random(using: &rng), maximumSpeed: Self.edgy(1...1e30, &rng))
            let lower = Self.edgy(-1e30...1e30, &rng)
            let upper = Swift.min(1e30, lower + Self.edgy(0...1e30, &rng))
            let position = Self.edgy(-1e30...1e30, &rng)
            let velocity = Self.edgy(-1e30...1e30, &rng)
            let carried = Self.edgy(-1e30...1e30, &rng)
            let start = Self.edgy(-1e9...1e9, &rng)
            let fling = try Fling(
                position: position, velocityPerSecond: velocity, startTime: start, bounds: lower...upper,
                physics: physics, carriedVelocityPerSecond: carried)
            let duration = fling.finishTime - fling.startTime
            longest = Swift.max(longest, duration)
            #expect(
                duration >= 0 && duration <= Self.maximumFlingDuration,
                "seed \(seed): finishes after \(duration) s (\(physics), \(position) at \(velocity) in \(lower)...\(upper))"
            )
            #expect(fling.position(at: fling.finishTime) == fling.restingPosition, "seed \(seed)")
            let deceleration = try Deceleration(
                position: position, velocityPerSecond: velocity, startTime: start, rate: physics.decelerationRate,
                restThreshold: physics.restThreshold)
            #expect(
                deceleration.finishTime - start <= 160,
                "seed \(seed): deceleration after \(deceleration.finishTime - start) s")
        }
        print("MotionBoundsTests: longest fling \(longest) s")
    }

    /// The sync with the softest physics allowed: a strip fling at the
    /// largest speed past the edge comes to rest, and `needsFrames` turns
    /// false, within the bound.
    @Test func theSyncComesToRestWithTheSoftestPhysics() throws {
        let softest = try ScrollPhysics(
            decelerationRate: DecelerationRate(perMillisecond: 0.9995),
            bounce: .init(
                rubberBand: RubberBand(dimension: 320, coefficient: 10), spring: BounceSpring(angularFrequency: 1)),
            restThreshold: 0.001, maximumSpeed: 1e30)
        let strip = try TabStrip(titles: (0..<60).map { "tab \($0)" }, viewport: Viewport(width: 320, height: 44))
        let v = try TabStripVirtualizer(strip: strip, host: RecordingHost())
        let sync = try PagerSync(
            virtualizer: v, pageWidth: 400, provider: ClosurePageProvider<Int>(load: { $0 }), stripPhysics: softest)
        try sync.dragStrip(to: -1e30, at: 1)
        try sync.releaseStrip(velocityPerSecond: -1e30, at: 1.1)
        #expect(sync.needsFrames)
        try sync.advance(to: 1.1 + Self.maximumFlingDuration)
        #expect(!sync.needsFrames)
        #expect(sync.strip.contentOffset == 0)
    }
}
