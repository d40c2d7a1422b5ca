import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

@Suite struct TimedAnimationTests {
    @Test func valuesAlongTheWay() throws {
        let animation = try TimedAnimation(from: 10, to: 110, startTime: 2, duration: 0.5, curve: .linear)
        #expect(animation.value(at: 0) == 10)
        #expect(animation.value(at: 2) == 10)
        #expect(MotionTest.close(animation.value(at: 2.25), 60, absolute: 1e-9))
        #expect(animation.value(at: 2.5) == 110)
        #expect(animation.value(at: 9) == 110)
        #expect(animation.value(at: .nan) == 10)
        #expect(animation.endTime == 2.5)
        #expect(!animation.isFinished(at: 2.499_999) && animation.isFinished(at: 2.5))
        #expect(MotionTest.close(animation.velocity(at: 2.1), 200, relative: 1e-12))
        #expect(animation.velocity(at: 1) == 0 && animation.velocity(at: 2.5) == 0 && animation.velocity(at: .nan) == 0)
        let eased = try TimedAnimation(from: 0, to: 100, startTime: 0, duration: 1, curve: .easeInOut)
        #expect(MotionTest.close(eased.value(at: 0.5), 50, absolute: 1e-11))
        #expect(MotionTest.close(eased.value(at: 0.274375), 15.625, absolute: 1e-11))
    }

    @Test func zeroDurationJumps() throws {
        let jump = try TimedAnimation(from: 1, to: 5, startTime: 3, duration: 0)
        #expect(jump.value(at: 2.9) == 1)
        #expect(jump.value(at: 3) == 5)
        #expect(jump.isFinished(at: 3) && !jump.isFinished(at: 2.9))
        #expect(jump.velocity(at: 3) == 0)
        #expect(jump.progress(at: 3) == 1 && jump.progress(at: 2) == 0)
    }

    @Test func velocityIsTheDerivative() throws {
        var rng = SeededGenerator(seed: 0xA1)
        for _ in 0..<100 {
            let animation = try TimedAnimation(
                from: MotionTest.random(in: -500...500, using: &rng),
                to: MotionTest.random(in: -500...500, using: &rng),
                startTime: MotionTest.random(in: 0...10, using: &rng),
                duration: MotionTest.random(in: 0.05...2, using: &rng),
                curve: TimingCurveTests.presets[Int.random(in: 0..<4, using: &rng)])
            let h = 1e-7
            for i in 1..<20 {
                let t = animation.startTime + animation.duration * Double(i) / 20
                let numeric = (animation.value(at: t + h) - animation.value(at: t - h)) / (2 * h)
                #expect(MotionTest.close(numeric, animation.velocity(at: t), absolute: 1e-3, relative: 1e-4))
            }
        }
    }

    @Test func retargetKeepsTheShownValue() throws {
        var animation = try TimedAnimation(from: 0, to: 300, startTime: 0, duration: 0.25, curve: .easeOut)
        let shown = animation.value(at: 0.1)
        try animation.retarget(to: -40, at: 0.1)
        #expect(
            animation.from == shown && animation.to == -40 && animation.startTime == 0.1 && animation.duration == 0.25)
        #expect(animation.value(at: 0.1) == shown)
        #expect(animation.value(at: 0.36) == -40)
        let stopped = try animation.stopped(at: 0.2)
        #expect(stopped.value(at: 0.2) == animation.value(at: 0.2) && stopped.value(at: 5) == animation.value(at: 0.2))
        let changed = try animation.retargeted(to: 9, at: 0.3, duration: 1, curve: .linear)
        #expect(changed.duration == 1 && changed.curve == .linear && changed.value(at: 0.3) == animation.value(at: 0.3))
    }

    @Test func rejectsBadInputAndStaysIntact() throws {
        for bad in [Double.nan, .infinity] {
            #expect(throws: TabStripError.invalidValue(name: "from", value: bad)) {
                try TimedAnimation(from: bad, to: 0, startTime: 0, duration: 1)
            }
            #expect(throws: TabStripError.invalidValue(name: "to", value: bad)) {
                try TimedAnimation(from: 0, to: bad, startTime: 0, duration: 1)
            }
            #expect(throws: TabStripError.invalidValue(name: "startTime", value: bad)) {
                try TimedAnimation(from: 0, to: 0, startTime: bad, duration: 1)
            }
        }
        for bad in [-0.001, .nan, .infinity] {
            #expect(throws: TabStripError.invalidValue(name: "duration", value: bad)) {
                try TimedAnimation(from: 0, to: 1, startTime: 0, duration: bad)
            }
        }
        var animation = try TimedAnimation(from: 0, to: 1, startTime: 0, duration: 1)
        let before = animation
        #expect(throws: TabStripError.invalidValue(name: "time", value: .nan)) {
            try animation.retarget(to: 3, at: .nan)
        }
        #expect(throws: TabStripError.invalidValue(name: "to", value: .infinity)) {
            try animation.retarget(to: .infinity, at: 0.5)
        }
        #expect(throws: TabStripError.invalidValue(name: "duration", value: -1)) {
            try animation.retarget(to: 3, at: 0.5, duration: -1)
        }
        #expect(animation == before)
    }
}
