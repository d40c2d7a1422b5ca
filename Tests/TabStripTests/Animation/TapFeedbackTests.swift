import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

@Suite struct TapFeedbackTests {
    @Test func keyframes() throws {
        let tap = try TapFeedback(startTime: 4)
        #expect(tap.scale(at: 3) == 1)
        #expect(tap.scale(at: 4) == 1)
        #expect(MotionTest.close(tap.scale(at: 4.1), 0.95, absolute: 1e-12))
        #expect(MotionTest.close(tap.scale(at: 4.05), 0.975, absolute: 1e-12)) // ease-in-out midpoint
        #expect(MotionTest.close(tap.scale(at: 4.15), 0.975, absolute: 1e-12))
        #expect(tap.scale(at: 4.2) == 1)
        #expect(tap.scale(at: 100) == 1)
        #expect(tap.scale(at: .nan) == 1)
        #expect(MotionTest.close(tap.endTime, 4.2, absolute: 1e-15))
        #expect(tap.isFinished(at: tap.endTime) && !tap.isFinished(at: 4.19))
        // Down, then up, never below the pressed scale.
        var previous = 1.0
        for i in 0...200 {
            let t = 4 + Double(i) / 1000
            let scale = tap.scale(at: t)
            #expect(scale >= 0.95 - 1e-12 && scale <= 1)
            if t < 4.1 { #expect(scale <= previous) } else if t > 4.1 + 1e-9 { #expect(scale >= previous - 1e-15) }
            previous = scale
        }
    }

    @Test func retapStartsFromTheShownScale() throws {
        let tap = try TapFeedback(startTime: 0)
        let shown = tap.scale(at: 0.15)
        let again = try tap.retapped(at: 0.15)
        #expect(again.scale(at: 0.15) == shown)
        #expect(MotionTest.close(again.scale(at: 0.25), 0.95, absolute: 1e-12))
        #expect(again.scale(at: 0.35) == 1)
        #expect(throws: TabStripError.invalidValue(name: "time", value: .nan)) { try tap.retapped(at: .nan) }
    }

    @Test func rejectsBadInput() {
        #expect(throws: TabStripError.invalidValue(name: "startTime", value: .infinity)) {
            try TapFeedback(startTime: .infinity)
        }
        #expect(throws: TabStripError.invalidValue(name: "pressedScale", value: .nan)) {
            try TapFeedback(startTime: 0, pressedScale: .nan)
        }
        #expect(throws: TabStripError.invalidValue(name: "pressDuration", value: -0.1)) {
            try TapFeedback(startTime: 0, pressDuration: -0.1)
        }
        #expect(throws: TabStripError.invalidValue(name: "releaseDuration", value: -0.1)) {
            try TapFeedback(startTime: 0, releaseDuration: -0.1)
        }
    }
}
