import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

@Suite struct TimingCurveTests {
    static let presets: [TimingCurve] = [.linear, .easeIn, .easeOut, .easeInOut]

    @Test func endpointsAreExact() {
        for curve in Self.presets {
            #expect(curve.value(atProgress: 0) == 0)
            #expect(curve.value(atProgress: 1) == 1)
            #expect(curve.value(atProgress: -3) == 0)
            #expect(curve.value(atProgress: 7) == 1)
            #expect(curve.value(atProgress: .nan) == 0)
        }
    }

    /// Points computed by hand from the Bézier at s = 1/2 and s = 1/4.
    @Test func handComputedPoints() throws {
        // easeOut (0, 0, 0.58, 1) at s = 0.5: x = 3·0.5·0.25·0.58 + 0.125 = 0.3425, y = 0.5.
        #expect(MotionTest.close(TimingCurve.easeOut.value(atProgress: 0.3425), 0.5, absolute: 1e-13))
        // easeIn (0.42, 0, 1, 1) at s = 0.5: x = 0.1575 + 0.375 + 0.125 = 0.6575, y = 0.5.
        #expect(MotionTest.close(TimingCurve.easeIn.value(atProgress: 0.6575), 0.5, absolute: 1e-13))
        // easeInOut at s = 0.5: (0.5, 0.5) by symmetry; at s = 0.25:
        // x = 3·0.5625·0.25·0.42 + 3·0.75·0.0625·0.58 + 0.015625 = 0.274375,
        // y = 3·0.75·0.0625 + 0.015625 = 0.15625.
        #expect(MotionTest.close(TimingCurve.easeInOut.value(atProgress: 0.5), 0.5, absolute: 1e-13))
        #expect(MotionTest.close(TimingCurve.easeInOut.value(atProgress: 0.274375), 0.15625, absolute: 1e-13))
        #expect(MotionTest.close(TimingCurve.easeInOut.value(atProgress: 1 - 0.274375), 1 - 0.15625, absolute: 1e-13))
        for p in stride(from: 0.0, through: 1, by: 0.01) {
            #expect(MotionTest.close(TimingCurve.linear.value(atProgress: p), p, absolute: 1e-14))
        }
        // A custom curve with overshoot: (0.3, 1.5, 0.7, 1.5) at s = 0.5:
        // x = 3·0.125·0.3 + 3·0.125·0.7 + 0.125 = 0.5, y = 3·0.125·1.5·2 + 0.125 = 1.25.
        let overshoot = try TimingCurve(x1: 0.3, y1: 1.5, x2: 0.7, y2: 1.5)
        #expect(MotionTest.close(overshoot.value(atProgress: 0.5), 1.25, absolute: 1e-13))
    }

    @Test func monotoneAndSolvedPrecisely() throws {
        var rng = SeededGenerator(seed: 0xB3)
        var curves = Self.presets
        for _ in 0..<50 {
            curves.append(
                try TimingCurve(
                    x1: MotionTest.random(in: 0...1, using: &rng), y1: MotionTest.random(in: 0...1, using: &rng),
                    x2: MotionTest.random(in: 0...1, using: &rng), y2: MotionTest.random(in: 0...1, using: &rng)))
        }
        curves.append(try TimingCurve(x1: 0, y1: 0, x2: 0, y2: 1)) // flat start in x
        curves.append(try TimingCurve(x1: 1, y1: 0, x2: 1, y2: 1)) // flat end in x
        for curve in curves {
            var previous = 0.0
            for step in 0...1000 {
                let p = Double(step) / 1000
                let value = curve.value(atProgress: p)
                #expect(value >= previous - 1e-12, "\(curve) at \(p)")
                #expect(value >= -1e-12 && value <= 1 + 1e-12)
                previous = value
                // The solved parameter reproduces the progress.
                let s = curve.parameter(forProgress: p)
                #expect((curve.x(s) - p).magnitude < 1e-12, "\(curve) at \(p)")
            }
        }
    }

    @Test func slopesMatchDerivativesAndEndLimits() throws {
        #expect(TimingCurve.linear.slope(atProgress: 0.3) == 1)
        #expect(MotionTest.close(TimingCurve.easeOut.slope(atProgress: 0), 1 / 0.58, relative: 1e-12))
        #expect(TimingCurve.easeOut.slope(atProgress: 1) == 0)
        #expect(TimingCurve.easeIn.slope(atProgress: 0) == 0)
        #expect(MotionTest.close(TimingCurve.easeIn.slope(atProgress: 1), 1 / 0.58, relative: 1e-12))
        #expect(TimingCurve.easeInOut.slope(atProgress: 0) == 0)
        #expect(TimingCurve.easeInOut.slope(atProgress: 1) == 0)
        let h = 1e-6
        for curve in Self.presets {
            for p in stride(from: 0.01, through: 0.99, by: 0.01) {
                let numeric = (curve.value(atProgress: p + h) - curve.value(atProgress: p - h)) / (2 * h)
                #expect(MotionTest.close(numeric, curve.slope(atProgress: p), absolute: 1e-6, relative: 1e-5))
            }
        }
    }

    @Test func rejectsControlPointsOutsideTheUnitSquareInX() {
        for bad in [-0.1, 1.1, .nan, .infinity] {
            #expect(throws: TabStripError.invalidValue(name: "x1", value: bad)) {
                try TimingCurve(x1: bad, y1: 0, x2: 1, y2: 1)
            }
            #expect(throws: TabStripError.invalidValue(name: "x2", value: bad)) {
                try TimingCurve(x1: 0, y1: 0, x2: bad, y2: 1)
            }
        }
        for bad in [Double.nan, .infinity] {
            #expect(throws: TabStripError.invalidValue(name: "y1", value: bad)) {
                try TimingCurve(x1: 0, y1: bad, x2: 1, y2: 1)
            }
            #expect(throws: TabStripError.invalidValue(name: "y2", value: bad)) {
                try TimingCurve(x1: 0, y1: 0, x2: 1, y2: bad)
            }
        }
        #expect(throws: Never.self) { try TimingCurve(x1: 0, y1: -2, x2: 1, y2: 3) }
    }
}
