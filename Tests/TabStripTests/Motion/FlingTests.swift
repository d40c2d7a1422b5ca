import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

@Suite struct FlingTests {
    static let viewport = 390.0

    static func bouncy(threshold: Double = 0.5, rate: DecelerationRate = .normal) throws -> ScrollPhysics {
        try ScrollPhysics(
            decelerationRate: rate, bounce: .init(rubberBand: .init(dimension: viewport)), restThreshold: threshold)
    }

    /// The time an unbounded deceleration reaches `bound`, by bisection: an
    /// independent check of the closed-form crossing time.
    static func bisectCrossing(_ free: Deceleration, bound: Double) -> Double {
        var low = free.startTime
        var high = free.finishTime
        let increasing = free.startVelocity > 0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            let beyond = increasing ? free.position(at: mid) >= bound : free.position(at: mid) <= bound
            if beyond { high = mid } else { low = mid }
        }
        return high
    }

    // MARK: Bouncing off (seed 000)

    @Test func hardStopAtTheUpperEnd() throws {
        let bounds = 0.0...1500
        let fling = try Fling(position: 400, velocityPerSecond: 8000, startTime: 1, bounds: bounds)
        let free = try Deceleration(position: 400, velocityPerSecond: 8000, startTime: 1)
        let crossing = Self.bisectCrossing(free, bound: 1500)
        let k = DecelerationRate.normal.decayConstant
        let closedForm = 1 + MotionTest.libmLog(1 + k * (1500 - 400) / 8000) / k
        #expect(MotionTest.close(fling.finishTime, crossing, relative: 1e-12))
        #expect(MotionTest.close(fling.finishTime, closedForm, relative: 1e-14))
        #expect(fling.edgeContactTime == fling.finishTime)
        #expect(fling.restingPosition == 1500)
        // Before the stop it follows the free deceleration; from it on, it is at rest.
        for t in stride(from: 1.0, to: fling.finishTime, by: 0.01) {
            #expect(fling.position(at: t) == min(free.position(at: t), 1500))
            #expect(fling.velocity(at: t) == free.velocity(at: t))
            #expect(!fling.isFinished(at: t))
        }
        #expect(fling.position(at: fling.finishTime) == 1500)
        #expect(fling.velocity(at: fling.finishTime) == 0)
        #expect(fling.isFinished(at: fling.finishTime))
        // The velocity at the wall is v0 + k (b − x0), and it stops dead.
        let wallSpeed = 8000 + k * 1100
        #expect(MotionTest.close(fling.velocity(at: fling.finishTime.nextDown), wallSpeed, relative: 1e-9))
        #expect(fling.velocity(at: fling.finishTime + 0.5) == 0)
    }

    @Test func hardStopAtTheLowerEnd() throws {
        let fling = try Fling(position: 700, velocityPerSecond: -5000, startTime: 0, bounds: 0...3000)
        #expect(fling.restingPosition == 0)
        let free = try Deceleration(position: 700, velocityPerSecond: -5000, startTime: 0)
        #expect(MotionTest.close(fling.finishTime, Self.bisectCrossing(free, bound: 0), relative: 1e-12))
        var clock = SimulatedFrameClock.at120Hz
        var frames = 0
        while !fling.isFinished(at: clock.tick(forFrame: clock.nextFrameIndex).targetTimestamp) {
            let x = fling.position(at: clock.advance().targetTimestamp)
            #expect(x >= 0 && x <= 3000)
            frames += 1
        }
        #expect(frames > 10)
        #expect(fling.position(at: 10) == 0 && fling.velocity(at: 10) == 0)
    }

    @Test func matchesAFrameByFrameClampedIntegration() throws {
        // Integrate per frame at 120 Hz with the exact per-frame displacement
        // v·(f − 1)/k and a clamp at the wall.
        let bounds = 0.0...2000
        let fling = try Fling(position: 1200, velocityPerSecond: 6000, startTime: 0, bounds: bounds)
        let k = DecelerationRate.normal.decayConstant
        let f = MotionTest.libmPow(0.998, 1000.0 / 120)
        var x = 1200.0
        var v = 6000.0
        for frame in 1...600 {
            x = min(x + v * (f - 1) / k, 2000)
            v = x == 2000 ? 0 : v * f
            let t = Double(frame) / 120
            #expect(MotionTest.close(fling.position(at: t), x, absolute: 1e-9, relative: 1e-12))
        }
    }

    @Test func restsInsideWhenTheEdgeIsOutOfReach() throws {
        let fling = try Fling(position: 100, velocityPerSecond: 1000, startTime: 0, bounds: 0...10_000)
        let free = try Deceleration(position: 100, velocityPerSecond: 1000, startTime: 0)
        #expect(fling.restingPosition == free.restingPosition)
        #expect(fling.finishTime == free.finishTime)
        #expect(fling.edgeContactTime == nil)
        for t in stride(from: 0.0, to: 5, by: 0.05) {
            #expect(fling.position(at: t) == free.position(at: t))
            #expect(fling.velocity(at: t) == free.velocity(at: t))
        }
    }

    @Test func releasedPastAnEdgeWithoutBouncingIsClamped() throws {
        let outward = try Fling(position: 1200, velocityPerSecond: 300, startTime: 2, bounds: 0...1000)
        #expect(outward.finishTime == 2 && outward.restingPosition == 1000 && outward.position(at: 2) == 1000)
        let inward = try Fling(position: -50, velocityPerSecond: 300, startTime: 2, bounds: 0...1000)
        #expect(inward.position(at: 2) == 0)
        #expect(
            MotionTest.close(
                inward.restingPosition, DecelerationRate.normal.restingDistance(forVelocity: 300), relative: 1e-14))
    }

    @Test func standingStillFinishesAtOnce() throws {
        let fling = try Fling(position: 30, velocityPerSecond: 0, startTime: 4, bounds: 0...100)
        #expect(fling.finishTime == 4 && fling.restingPosition == 30 && fling.isFinished(at: 4))
        let atEdge = try Fling(position: 100, velocityPerSecond: 500, startTime: 4, bounds: 0...100)
        #expect(atEdge.finishTime == 4 && atEdge.restingPosition == 100)
        let empty = try Fling(position: 0, velocityPerSecond: -900, startTime: 0, bounds: 0...0)
        #expect(empty.finishTime == 0 && empty.position(at: 1) == 0)
    }

    // MARK: Bouncing on

    @Test func bounceOvershootsReturnsAndSettles() throws {
        let physics = try Self.bouncy()
        let fling = try Fling(position: 800, velocityPerSecond: 5000, startTime: 0, bounds: 0...1000, physics: physics)
        let contact = try #require(fling.edgeContactTime)
        let free = try Deceleration(position: 800, velocityPerSecond: 5000, startTime: 0)
        #expect(MotionTest.close(contact, Self.bisectCrossing(free, bound: 1000), relative: 1e-12))
        #expect(fling.restingPosition == 1000)
        #expect(fling.finishTime > contact)
        // Continuous position and velocity across the crossing.
        let epsilon = 1e-9
        #expect(
            MotionTest.close(
                fling.position(at: contact - epsilon), fling.position(at: contact + epsilon), absolute: 1e-5))
        #expect(
            MotionTest.close(
                fling.velocity(at: contact - epsilon), fling.velocity(at: contact + epsilon), relative: 1e-6))
        // It goes past the edge, peaks below the viewport, and comes back.
        var peak = 0.0
        var clock = SimulatedFrameClock.at120Hz
        while true {
            let t = clock.advance().targetTimestamp
            if t >= fling.finishTime { break }
            let overshoot = fling.position(at: t) - 1000
            peak = max(peak, overshoot)
            #expect(overshoot < Self.viewport)
            if t > contact { #expect(overshoot >= 0) }
        }
        #expect(peak > 20)
        // At the finish the displayed overshoot has come down to the threshold.
        let last = fling.position(at: fling.finishTime.nextDown) - 1000
        #expect(MotionTest.close(last, 0.5, relative: 1e-6))
        #expect(fling.position(at: fling.finishTime) == 1000)
        #expect(fling.velocity(at: fling.finishTime) == 0)
    }

    @Test func overshootPeakIsTheRubberBandOfTheSpringPeak() throws {
        // Entering with speed vc, the raw overshoot is (vc/c)·s·e^(−ωs),
        // peaking at s = 1/ω with vc / (c ω e).
        let physics = try Self.bouncy()
        let fling = try Fling(position: 1000, velocityPerSecond: 2000, startTime: 0, bounds: 0...1000, physics: physics)
        #expect(fling.edgeContactTime == 0)
        let omega = BounceSpring.standard.angularFrequency
        let rawPeak = 2000 / (0.55 * omega * MotionTest.libmExp(1))
        let band = try RubberBand(dimension: Self.viewport)
        let displayedPeak = band.displayedOvershoot(for: rawPeak)
        #expect(MotionTest.close(fling.position(at: 1 / omega) - 1000, displayedPeak, relative: 1e-12))
        #expect(MotionTest.close(fling.velocity(at: 1 / omega), 0, absolute: 1e-9))
        #expect(fling.velocity(at: 0) == 2000)
    }

    @Test func releasedPastAnEdgeSpringsBack() throws {
        let physics = try Self.bouncy()
        let band = try RubberBand(dimension: Self.viewport)
        // Dragged 120 pt past the top (displayed ≈ 52 pt), released at rest.
        let fling = try Fling(position: -120, velocityPerSecond: 0, startTime: 3, bounds: 0...5000, physics: physics)
        #expect(fling.position(at: 3) == -band.displayedOvershoot(for: 120))
        #expect(fling.restingPosition == 0)
        #expect(fling.edgeContactTime == nil)
        var previous = fling.position(at: 3)
        for t in stride(from: 3.0, through: fling.finishTime, by: 1.0 / 120) {
            let x = fling.position(at: t)
            #expect(x >= previous && x <= 0) // monotone, never crosses
            previous = x
        }
        #expect(MotionTest.close(fling.position(at: fling.finishTime.nextDown), -0.5, relative: 1e-6))
        // 100 pt (displayed) past the edge is back within half a point in ≈ 0.55 s.
        let hundred = try Fling(
            position: 5000 + band.overshoot(forDisplayed: 100), velocityPerSecond: 0, startTime: 0,
            bounds: 0...5000, physics: physics)
        #expect(hundred.finishTime > 0.54 && hundred.finishTime < 0.56)
    }

    @Test func releasedPastAnEdgeFlingingInwardsGlidesOn() throws {
        let physics = try Self.bouncy()
        let fling = try Fling(position: -60, velocityPerSecond: 3000, startTime: 0, bounds: 0...5000, physics: physics)
        let contact = try #require(fling.edgeContactTime)
        #expect(contact > 0 && contact < 0.1)
        #expect(fling.restingPosition > 0 && fling.restingPosition < 5000)
        #expect(MotionTest.close(fling.position(at: contact), 0, absolute: 1e-9))
        let epsilon = 1e-9
        #expect(
            MotionTest.close(
                fling.velocity(at: contact - epsilon), fling.velocity(at: contact + epsilon), relative: 1e-5))
        #expect(fling.velocity(at: contact) > 0)
    }

    @Test func shortContentBouncesOffTheFarEdge() throws {
        // Released past the upper edge heading down hard: crosses back in,
        // glides across the (short) content and bounces off the lower edge.
        let physics = try Self.bouncy()
        let fling = try Fling(
            position: 130, velocityPerSecond: -20_000, startTime: 0, bounds: 0...100, physics: physics)
        #expect(fling.restingPosition == 0)
        var sawBelow = false
        for t in stride(from: 0.0, to: fling.finishTime, by: 0.001) where fling.position(at: t) < 0 {
            sawBelow = true
        }
        #expect(sawBelow)
        #expect(fling.position(at: fling.finishTime) == 0)
    }

    // MARK: Properties

    /// Random flings in every configuration: velocity is the derivative of
    /// position, positions stay where they may, and the end is the rest.
    @Test func randomizedFlingProperties() throws {
        var rng = SeededGenerator(seed: 0xF11C)
        for round in 0..<400 {
            let length = Bool.random(using: &rng) ? 0 : MotionTest.random(in: 0...20_000, using: &rng)
            let lower = MotionTest.random(in: -1000...1000, using: &rng)
            let bounds = lower...(lower + length)
            let bouncing = round % 2 == 0
            let rate = Bool.random(using: &rng) ? DecelerationRate.normal : .fast
            let physics =
                bouncing
                ? try ScrollPhysics(
                    decelerationRate: rate,
                    bounce: .init(rubberBand: .init(dimension: MotionTest.random(in: 100...1000, using: &rng))))
                : try ScrollPhysics(decelerationRate: rate)
            let position = MotionTest.random(in: (bounds.lowerBound - 300)...(bounds.upperBound + 300), using: &rng)
            let velocity = MotionTest.random(in: -25_000...25_000, using: &rng)
            let start = MotionTest.random(in: 0...100, using: &rng)
            let fling = try Fling(
                position: position, velocityPerSecond: velocity, startTime: start, bounds: bounds, physics: physics)
            fling._checkInvariants()
            #expect(fling.finishTime.isFinite && fling.finishTime < start + 30)
            #expect(bounds.contains(fling.restingPosition))
            let dimension = physics.bounce?.rubberBand.dimension ?? 0
            let h = 1e-6
            var t = start
            while t < fling.finishTime {
                let x = fling.position(at: t)
                #expect(x >= bounds.lowerBound - dimension && x <= bounds.upperBound + dimension)
                if !bouncing { #expect(bounds.contains(x)) }
                // Velocity matches a central difference away from the seams.
                let seams = [fling.edgeContactTime, fling.glideEnd, fling.returnSpringEnd, fling.finishTime]
                let nearSeam = seams.contains { seam in seam.map { ($0 - t).magnitude < 1e-4 } ?? false }
                if t - h > start, !nearSeam {
                    let numeric = (fling.position(at: t + h) - fling.position(at: t - h)) / (2 * h)
                    #expect(
                        MotionTest.close(numeric, fling.velocity(at: t), absolute: 2e-3, relative: 1e-4),
                        "round \(round) t \(t)")
                }
                t += 1.0 / 60
            }
            #expect(fling.position(at: fling.finishTime) == fling.restingPosition)
            #expect(fling.velocity(at: fling.finishTime + 1) == 0)
            #expect(fling.isPastEdge(at: fling.finishTime) == false)
        }
    }

    @Test func evaluationIsAPureFunctionOfTime() throws {
        let physics = try Self.bouncy()
        let fling = try Fling(
            position: -30, velocityPerSecond: 9000, startTime: 0.25, bounds: 0...1800, physics: physics)
        var rng = SeededGenerator(seed: 0x9)
        let times = (0..<2000).map { _ in MotionTest.random(in: 0...5, using: &rng) }
        let forward = times.map { fling.position(at: $0).bitPattern }
        let backward = times.reversed().map { fling.position(at: $0).bitPattern }
        #expect(forward == Array(backward.reversed()))
        let copy = try Fling(
            position: -30, velocityPerSecond: 9000, startTime: 0.25, bounds: 0...1800, physics: physics)
        #expect(copy == fling)
        #expect(times.map { copy.velocity(at: $0).bitPattern } == times.map { fling.velocity(at: $0).bitPattern })
    }

    // MARK: Momentum

    @Test func carriedMomentumFormula() {
        for v in [1.0, 100, 1000, 5000, 8000, 8200, 30_000] {
            let expected = min(0.000816 * MotionTest.libmPow(v, 1.967), 40_000)
            #expect(MotionTest.close(Fling.carriedMomentum(forVelocity: v), expected, relative: 1e-13))
            #expect(Fling.carriedMomentum(forVelocity: -v) == -Fling.carriedMomentum(forVelocity: v))
        }
        #expect(Fling.carriedMomentum(forVelocity: 0) == 0)
        #expect(Fling.carriedMomentum(forVelocity: 1e6) == 40_000)
        #expect(MotionTest.close(Fling.carriedMomentum(forVelocity: 1000), 650, relative: 0.01))
    }

    @Test func momentumCarriesOnlyWhenEnabledAndInTheSameDirection() throws {
        let carrying = try ScrollPhysics(carriesMomentum: true)
        let bounds = 0.0...1e7
        let first = try Fling(position: 0, velocityPerSecond: 3000, startTime: 0, bounds: bounds, physics: carrying)
        let previous = first.velocity(at: 0.3)
        let second = try Fling(
            position: first.position(at: 0.3), velocityPerSecond: 2500, startTime: 0.4, bounds: bounds,
            physics: carrying, carriedVelocityPerSecond: previous)
        #expect(second.startVelocity == 2500 + Fling.carriedMomentum(forVelocity: previous))
        #expect(
            second.restingPosition - second.startPosition > DecelerationRate.normal.restingDistance(forVelocity: 2500))
        let opposite = try Fling(
            position: 100, velocityPerSecond: -2500, startTime: 0.4, bounds: bounds, physics: carrying,
            carriedVelocityPerSecond: previous)
        #expect(opposite.startVelocity == -2500)
        let off = try Fling(
            position: 100, velocityPerSecond: 2500, startTime: 0.4, bounds: bounds, carriedVelocityPerSecond: previous)
        #expect(off.startVelocity == 2500)
        let finished = try Fling(
            position: 100, velocityPerSecond: 2500, startTime: 9, bounds: bounds, physics: carrying,
            carriedVelocityPerSecond: first.velocity(at: 9))
        #expect(first.isFinished(at: 9) && finished.startVelocity == 2500)
        // Repeated flings stay under the speed cap.
        let capped = try ScrollPhysics(carriesMomentum: true, maximumSpeed: 50_000)
        let fast = try Fling(
            position: 0, velocityPerSecond: 20_000, startTime: 0, bounds: bounds, physics: capped,
            carriedVelocityPerSecond: 20_000)
        #expect(fast.startVelocity == 50_000)
        let slowDown = try Fling(position: 0, velocityPerSecond: -90_000, startTime: 0, bounds: bounds, physics: capped)
        #expect(slowDown.startVelocity == -50_000)
    }

    @Test func rejectsBadInput() throws {
        #expect(throws: TabStripError.invalidOffset(.nan)) {
            try Fling(position: .nan, velocityPerSecond: 0, startTime: 0, bounds: 0...1)
        }
        #expect(throws: TabStripError.invalidValue(name: "velocityPerSecond", value: .infinity)) {
            try Fling(position: 0, velocityPerSecond: .infinity, startTime: 0, bounds: 0...1)
        }
        #expect(throws: TabStripError.invalidValue(name: "startTime", value: -.infinity)) {
            try Fling(position: 0, velocityPerSecond: 0, startTime: -.infinity, bounds: 0...1)
        }
        #expect(throws: TabStripError.invalidValue(name: "carriedVelocityPerSecond", value: .nan)) {
            try Fling(position: 0, velocityPerSecond: 0, startTime: 0, bounds: 0...1, carriedVelocityPerSecond: .nan)
        }
        #expect(throws: TabStripError.invalidValue(name: "lowerBound", value: -.infinity)) {
            try Fling(position: 0, velocityPerSecond: 0, startTime: 0, bounds: -.infinity...1)
        }
        #expect(throws: TabStripError.invalidValue(name: "upperBound", value: .infinity)) {
            try Fling(position: 0, velocityPerSecond: 0, startTime: 0, bounds: 0...(.infinity))
        }
    }

    @Test func noReferenceTypesInside() {
        // Trivially copyable: no heap storage, no reference counting.
        #expect(_isPOD(Fling.self))
        #expect(_isPOD(Deceleration.self))
        #expect(_isPOD(ScrollPhysics.self))
        #expect(_isPOD(DecelerationRate.self))
        #expect(_isPOD(RubberBand.self))
    }
}
