import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

@Suite struct DecelerationRateTests {
    @Test func presetsAndDecayConstant() throws {
        #expect(DecelerationRate.normal.perMillisecond == 0.998)
        #expect(DecelerationRate.fast.perMillisecond == 0.99)
        #expect(
            MotionTest.close(DecelerationRate.normal.decayConstant, 1000 * MotionTest.libmLog(0.998), relative: 1e-15))
        #expect(MotionTest.close(DecelerationRate.fast.decayConstant, 1000 * MotionTest.libmLog(0.99), relative: 1e-15))
        let custom = try DecelerationRate(perMillisecond: 0.995)
        #expect(custom.decayConstant < 0)
        #expect(try DecelerationRate(perMillisecond: 0.998) == .normal)
    }

    @Test func rejectsRatesOutsideTheOpenUnitInterval() {
        for bad in [0.0, 1.0, -0.5, 1.5, .nan, .infinity, -.infinity] {
            #expect(throws: TabStripError.invalidValue(name: "decelerationRate", value: bad)) {
                try DecelerationRate(perMillisecond: bad)
            }
        }
        #expect(throws: Never.self) { try DecelerationRate(perMillisecond: 0.000_001) }
        #expect(throws: Never.self) { try DecelerationRate(perMillisecond: DecelerationRate.slowestPerMillisecond) }
    }

    /// physics.md: 0.998 → 0.9672 at 60 Hz, 0.9835 at 120 Hz; 0.99 → 0.8458
    /// and 0.9197.
    @Test func perFrameVelocityFactors() {
        func rounded4(_ x: Double) -> Double { MotionMath.roundedToNearest(x * 10_000) / 10_000 }
        #expect(rounded4(DecelerationRate.normal.velocityFactor(perFrameAt: 60)) == 0.9672)
        #expect(rounded4(DecelerationRate.normal.velocityFactor(perFrameAt: 120)) == 0.9835)
        #expect(rounded4(DecelerationRate.fast.velocityFactor(perFrameAt: 60)) == 0.8458)
        #expect(rounded4(DecelerationRate.fast.velocityFactor(perFrameAt: 120)) == 0.9197)
        // And they are d^(1000 / fps) exactly (within rounding).
        #expect(
            MotionTest.close(
                DecelerationRate.normal.velocityFactor(perFrameAt: 120), MotionTest.libmPow(0.998, 1000.0 / 120),
                relative: 1e-15))
        #expect(DecelerationRate.normal.velocityFactor(perFrameAt: 0).isNaN)
        #expect(DecelerationRate.normal.velocityFactor(perFrameAt: -60).isNaN)
        #expect(DecelerationRate.normal.velocityFactor(perFrameAt: .infinity) == 1)
    }

    /// Flutter PR #60501: a release at 4030.8 pt/s travelled 2008.5 pt on a
    /// device. The continuous model gives 2013.4 pt (0.24 % more).
    @Test func publishedDeviceMeasurement() {
        let distance = DecelerationRate.normal.restingDistance(forVelocity: 4030.8)
        #expect(MotionTest.close(distance, 2008.5, relative: 0.005))
        #expect(MotionTest.close(distance, 4030.8 / (-1000 * MotionTest.libmLog(0.998)), relative: 1e-14))
        #expect(MotionTest.close(distance / 4030.8, 0.498, relative: 0.005))
    }

    /// Resting distance ≈ 0.5·v for `.normal`, ≈ 0.1·v for `.fast`.
    @Test func halfAndTenthRules() {
        var rng = SeededGenerator(seed: 0x05)
        for _ in 0..<200 {
            let v = MotionTest.random(in: -20_000...20_000, using: &rng)
            #expect(
                MotionTest.close(DecelerationRate.normal.restingDistance(forVelocity: v), 0.5 * v, relative: 0.0011))
            #expect(MotionTest.close(DecelerationRate.fast.restingDistance(forVelocity: v), 0.1 * v, relative: 0.0051))
        }
    }

    /// WWDC 2018: distance = (v / 1000) · d / (1 − d), within 0.2 % of −v/k
    /// for `.normal` (0.1 %); for `.fast` the gap is 0.5 %.
    @Test func projectionAgreesWithTheExactRestingDistance() throws {
        #expect(MotionTest.close(DecelerationRate.normal.projectedDistance(forVelocity: 1000), 499, relative: 1e-12))
        #expect(MotionTest.close(DecelerationRate.fast.projectedDistance(forVelocity: 1000), 99, relative: 1e-12))
        var rng = SeededGenerator(seed: 0x2018)
        for _ in 0..<200 {
            let v = MotionTest.random(in: -20_000...20_000, using: &rng)
            let normal = DecelerationRate.normal
            #expect(
                MotionTest.close(
                    normal.projectedDistance(forVelocity: v), normal.restingDistance(forVelocity: v), relative: 0.002))
            let fast = DecelerationRate.fast
            #expect(
                MotionTest.close(
                    fast.projectedDistance(forVelocity: v), fast.restingDistance(forVelocity: v), relative: 0.0051))
            #expect(
                !MotionTest.close(
                    fast.projectedDistance(forVelocity: v), fast.restingDistance(forVelocity: v), relative: 0.004)
                    || v.magnitude < 1e-9)
        }
        // Gaps narrow as d → 1.
        let slow = try DecelerationRate(perMillisecond: 0.9995)
        #expect(
            MotionTest.close(
                slow.projectedDistance(forVelocity: 3000), slow.restingDistance(forVelocity: 3000), relative: 0.0005))
    }

    /// T = ln(−k · threshold / |v|) / k: hand-computed for v = 1000 pt/s.
    @Test func settleDurationHandComputed() throws {
        let k = 1000 * MotionTest.libmLog(0.998)
        let expected = MotionTest.libmLog(-k * 0.5 / 1000) / k
        let duration = try DecelerationRate.normal.settleDuration(forVelocity: 1000)
        #expect(MotionTest.close(duration, expected, relative: 1e-13))
        #expect(MotionTest.close(duration, 3.450, absolute: 0.001))
        // Sign does not matter; within the threshold from the start → 0.
        #expect(try DecelerationRate.normal.settleDuration(forVelocity: -1000) == duration)
        #expect(try DecelerationRate.normal.settleDuration(forVelocity: 0) == 0)
        #expect(try DecelerationRate.normal.settleDuration(forVelocity: 1.0) == 0) // rests 0.4995 pt away
        #expect(try DecelerationRate.normal.settleDuration(forVelocity: 1.01) > 0) // rests 0.5045 pt away
    }

    @Test func settleDurationRejectsBadInput() {
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect(throws: TabStripError.invalidValue(name: "velocity", value: bad)) {
                try DecelerationRate.normal.settleDuration(forVelocity: bad)
            }
        }
        for bad in [0.0, -1, .nan, .infinity] {
            #expect(throws: TabStripError.invalidValue(name: "threshold", value: bad)) {
                try DecelerationRate.normal.settleDuration(forVelocity: 100, threshold: bad)
            }
        }
    }
}

@Suite struct DecelerationTests {
    @Test func closedFormsMatchFrameByFrameIntegrationAt120Hz() throws {
        for rate in [DecelerationRate.normal, .fast] {
            for v0 in [4030.8, -12_000, 250] {
                let fling = try Deceleration(position: 100, velocityPerSecond: v0, startTime: 2, rate: rate)
                let factor = MotionTest.libmPow(rate.perMillisecond, 1000.0 / 120)
                let dt = 1.0 / 120
                var velocity = v0
                var position = 100.0
                var frame = 0
                while 2 + Double(frame + 1) * dt < fling.finishTime {
                    let next = velocity * factor
                    position += (velocity + next) / 2 * dt // trapezoid
                    velocity = next
                    frame += 1
                    let t = 2 + Double(frame) * dt
                    #expect(MotionTest.close(fling.velocity(at: t), velocity, relative: 1e-11))
                    // The trapezoid rule's relative error on an exponential
                    // is (k·dt)² / 12: 2.3e-5 for .normal, 5.9e-4 for .fast.
                    let kdt = rate.decayConstant * dt
                    let travelled = fling.position(at: t) - 100
                    #expect(
                        MotionTest.close(travelled, position - 100, absolute: 1e-9, relative: kdt * kdt / 12 * 1.05))
                    #expect(!MotionTest.close(travelled, position - 100, absolute: 0, relative: kdt * kdt / 12 * 0.95))
                }
                #expect(frame > 10)
            }
        }
    }

    @Test func millisecondStepsReproduceTheRate() throws {
        // Multiplying the velocity by d every millisecond is the definition.
        let fling = try Deceleration(position: 0, velocityPerSecond: 3000, startTime: 0)
        var velocity = 3000.0
        for ms in 1...2000 {
            velocity *= 0.998
            #expect(MotionTest.close(fling.velocity(at: Double(ms) / 1000), velocity, relative: 1e-12))
        }
    }

    @Test func finishSnapsToRestWithinTheThreshold() throws {
        var rng = SeededGenerator(seed: 0xF1)
        for _ in 0..<300 {
            let v = MotionTest.random(in: -20_000...20_000, using: &rng)
            let x0 = MotionTest.random(in: -1e6...1e6, using: &rng)
            let threshold = MotionTest.random(in: 0.01...5, using: &rng)
            let rate = Bool.random(using: &rng) ? DecelerationRate.normal : .fast
            let fling = try Deceleration(
                position: x0, velocityPerSecond: v, startTime: 1, rate: rate, restThreshold: threshold)
            #expect(MotionTest.close(fling.restingPosition, x0 + rate.restingDistance(forVelocity: v), relative: 1e-15))
            let justBefore = fling.finishTime.nextDown
            if fling.finishTime > 1 {
                let remaining = (fling.position(at: justBefore) - fling.restingPosition).magnitude
                #expect(MotionTest.close(remaining, threshold, absolute: 1e-9, relative: 1e-6))
                #expect(!fling.isFinished(at: justBefore))
                // Before finishing it is farther away than the threshold.
                let earlier = 1 + (fling.finishTime - 1) * 0.9
                #expect((fling.position(at: earlier) - fling.restingPosition).magnitude > threshold)
            }
            #expect(fling.isFinished(at: fling.finishTime))
            #expect(fling.position(at: fling.finishTime) == fling.restingPosition)
            #expect(fling.velocity(at: fling.finishTime) == 0)
            #expect(fling.position(at: .infinity) == fling.restingPosition)
        }
    }

    @Test func timesBeforeTheStartAndNaNEvaluateAtTheStart() throws {
        let fling = try Deceleration(position: 10, velocityPerSecond: 500, startTime: 3)
        #expect(fling.position(at: 0) == 10)
        #expect(fling.position(at: .nan) == 10)
        #expect(fling.position(at: -.infinity) == 10)
        #expect(fling.velocity(at: 2.9) == 500)
        #expect(fling.velocity(at: .nan) == 500)
        #expect(fling.position(at: 3) == 10)
        let still = try Deceleration(position: 4, velocityPerSecond: 0, startTime: 3)
        #expect(still.finishTime == 3 && still.isFinished(at: 3) && still.position(at: 100) == 4)
    }

    @Test func rejectsBadInput() {
        #expect(throws: TabStripError.invalidOffset(.nan)) {
            try Deceleration(position: .nan, velocityPerSecond: 1, startTime: 0)
        }
        #expect(throws: TabStripError.invalidOffset(.infinity)) {
            try Deceleration(position: .infinity, velocityPerSecond: 1, startTime: 0)
        }
        #expect(throws: TabStripError.invalidValue(name: "velocityPerSecond", value: -.infinity)) {
            try Deceleration(position: 0, velocityPerSecond: -.infinity, startTime: 0)
        }
        #expect(throws: TabStripError.invalidValue(name: "startTime", value: .nan)) {
            try Deceleration(position: 0, velocityPerSecond: 1, startTime: .nan)
        }
        #expect(throws: TabStripError.invalidValue(name: "restThreshold", value: 0)) {
            try Deceleration(position: 0, velocityPerSecond: 1, startTime: 0, restThreshold: 0)
        }
    }
}
