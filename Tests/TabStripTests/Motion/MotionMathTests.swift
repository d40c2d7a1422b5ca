import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

@Suite struct MotionMathTests {
    /// Units in the last place between two doubles of the same sign.
    func ulps(_ a: Double, _ b: Double) -> Double {
        (a - b).magnitude / max(a.ulp, b.ulp)
    }

    @Test func expMatchesTheCLibrary() {
        var rng = SeededGenerator(seed: 0xE4)
        var worst = 0.0
        for _ in 0..<20_000 {
            let x = MotionTest.random(in: -700...700, using: &rng)
            worst = max(worst, ulps(MotionMath.exp(x), MotionTest.libmExp(x)))
        }
        for _ in 0..<20_000 {
            let x = MotionTest.random(in: -2...2, using: &rng)
            worst = max(worst, ulps(MotionMath.exp(x), MotionTest.libmExp(x)))
        }
        #expect(worst <= 1, "worst error \(worst) ulp")
    }

    @Test func expSpecialValues() {
        #expect(MotionMath.exp(0) == 1)
        #expect(ulps(MotionMath.exp(1), 2.718_281_828_459_045) <= 1)
        #expect(MotionMath.exp(710) == .infinity)
        #expect(MotionMath.exp(-746) == 0)
        #expect(MotionMath.exp(.nan).isNaN)
        #expect(MotionMath.exp(.infinity) == .infinity)
        #expect(MotionMath.exp(-.infinity) == 0)
        // Subnormal results.
        let tiny = MotionMath.exp(-740)
        #expect(tiny > 0 && tiny < Double.leastNormalMagnitude)
        #expect(MotionTest.close(tiny, MotionTest.libmExp(-740), relative: 1e-12))
        #expect(MotionTest.close(MotionMath.exp(709.7), MotionTest.libmExp(709.7), relative: 4e-16))
    }

    @Test func expMinusOneIsAccurateNearZero() {
        for x in [1e-300, 1e-20, 1e-10, -1e-10, 1e-5, -0.3, 0.3, 2, -2] {
            let expected = x.magnitude <= 1e-5 ? x + x * x / 2 + x * x * x / 6 : MotionTest.libmExp(x) - 1
            #expect(MotionTest.close(MotionMath.expMinusOne(x), expected, relative: 1e-15), "x = \(x)")
        }
        #expect(MotionMath.expMinusOne(0) == 0)
    }

    @Test func logMatchesTheCLibrary() {
        var rng = SeededGenerator(seed: 0x106)
        var worst = 0.0
        for _ in 0..<20_000 {
            let x = MotionTest.libmExp(MotionTest.random(in: -700...700, using: &rng))
            worst = max(worst, ulps(MotionMath.log(x), MotionTest.libmLog(x)))
        }
        for _ in 0..<20_000 {
            let x = MotionTest.random(in: 0.5...2, using: &rng)
            let reference = MotionTest.libmLog(x)
            // Near 1 the result is tiny: compare relative to |log x| there.
            worst = max(worst, ulps(MotionMath.log(x), reference))
        }
        #expect(worst <= 1, "worst error \(worst) ulp")
    }

    @Test func logSpecialValues() {
        #expect(MotionMath.log(1) == 0)
        #expect(MotionMath.log(0) == -.infinity)
        #expect(MotionMath.log(-1).isNaN)
        #expect(MotionMath.log(.nan).isNaN)
        #expect(MotionMath.log(.infinity) == .infinity)
        #expect(MotionTest.close(MotionMath.log(2), 0.693_147_180_559_945_3, relative: 2e-16))
        #expect(MotionTest.close(MotionMath.log(0.998), MotionTest.libmLog(0.998), relative: 4e-16))
        let subnormal = Double.leastNonzeroMagnitude * 12345
        #expect(MotionTest.close(MotionMath.log(subnormal), MotionTest.libmLog(subnormal), relative: 4e-16))
    }

    @Test func squareRootAndRounding() {
        var rng = SeededGenerator(seed: 0x5)
        for _ in 0..<2_000 {
            let x = MotionTest.random(in: 1e-6...1e12, using: &rng)
            let root = MotionMath.squareRoot(x)
            #expect(MotionTest.close(root * root, x, relative: 4e-16), "x = \(x)")
        }
        #expect(MotionMath.squareRoot(200) == 14.142_135_623_730_951)
        #expect(MotionMath.squareRoot(0) == 0)
        #expect(MotionMath.squareRoot(-1).isNaN)
        #expect(MotionMath.roundedToNearest(2.5) == 3)
        #expect(MotionMath.roundedToNearest(-2.5) == -3)
        #expect(MotionMath.roundedToNearest(2.499_999_999_999_999_6) == 2)
        #expect(MotionMath.roundedToNearest(0.499_999_999_999_999_94) == 0)
        #expect(MotionMath.roundedToNearest(-0.2) == 0)
        #expect(MotionMath.roundedToNearest(7) == 7)
    }

    @Test func powMatchesTheCLibrary() {
        var rng = SeededGenerator(seed: 0x90)
        for _ in 0..<5_000 {
            let base = MotionTest.random(in: 0.001...100_000, using: &rng)
            let exponent = MotionTest.random(in: -3...3, using: &rng)
            let expected = MotionTest.libmPow(base, exponent)
            #expect(MotionTest.close(MotionMath.pow(base, exponent), expected, relative: 1e-14))
        }
        #expect(MotionMath.pow(1, 1e300) == 1)
        #expect(MotionMath.pow(7, 0) == 1)
    }
}
