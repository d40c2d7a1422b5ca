import TabStripCore

/// Elementary functions for the motion primitives, written in plain Swift.
///
/// TabStripCore depends on the standard library only, which has no `exp` or
/// `log`. These implementations use nothing but IEEE 754 arithmetic (each
/// operation correctly rounded, no fused multiply-add), so a simulated run
/// produces bit-identical results on every platform, which the platform's
/// `libm` does not promise. Both `exp` and `log` stay within 1 unit in the
/// last place of the C library's results (checked in the tests on 80,000
/// random arguments).
enum MotionMath {
    /// ln 2 split so that `k * ln2High` is exact for |k| < 2^20.
    static let ln2High: Double = 6.931_471_803_691_238_164_90e-01
    static let ln2Low: Double = 1.908_214_929_270_587_700_02e-10
    static let ln2: Double = 0.693_147_180_559_945_309_417_232_121_458

    /// `e^r - 1` for |r| <= ln 2 / 2, by its Taylor series (terms up to
    /// r^14), in Horner form over the coefficients 1/k!: a chain of
    /// multiply-adds, where dividing by k at each step would chain
    /// thirteen divisions, each many times a multiply-add's latency, on
    /// a fling's every frame.
    @inline(__always)
    static func reducedExpMinusOne(_ r: Double) -> Double {
        var p = 1.0 / 87_178_291_200 // 1/14!
        p = 1.0 / 6_227_020_800 + r * p // 1/13!
        p = 1.0 / 479_001_600 + r * p // 1/12!
        p = 1.0 / 39_916_800 + r * p // 1/11!
        p = 1.0 / 3_628_800 + r * p // 1/10!
        p = 1.0 / 362_880 + r * p // 1/9!
        p = 1.0 / 40_320 + r * p // 1/8!
        p = 1.0 / 5_040 + r * p // 1/7!
        p = 1.0 / 720 + r * p // 1/6!
        p = 1.0 / 120 + r * p // 1/5!
        p = 1.0 / 24 + r * p // 1/4!
        p = 1.0 / 6 + r * p // 1/3!
        p = 0.5 + r * p // 1/2!
        return r + (r * r) * p
    }

    /// `2^k` for any `k` in `-1074...1023`.
    @inline(__always)
    static func powerOfTwo(_ k: Int) -> Double {
        if k >= -1022 {
            return Double(bitPattern: UInt64(k + 1023) << 52)
        }
        // Subnormal: 2^k = 2^(k + 60) * 2^-60.
        return Double(bitPattern: UInt64(k + 60 + 1023) << 52) * Double(bitPattern: UInt64(1023 - 60) << 52)
    }

    /// The natural exponential `e^x`.
    static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 709.782_712_893_384 { return .infinity }
        if x < -745.133_219_101_941_1 { return 0 }
        if x.magnitude <= 0.346_573_590_279_972_65 {
            return 1.0 + reducedExpMinusOne(x)
        }
        let k = roundedToNearest(x / ln2)
        let r = (x - k * ln2High) - k * ln2Low
        let mantissa = 1.0 + reducedExpMinusOne(r)
        let n = Int(k)
        if n > 1023 {
            return mantissa * 2.0 * powerOfTwo(n - 1)
        }
        if n < -1022 {
            // Scale in two steps so the intermediate stays normal.
            return (mantissa * powerOfTwo(n + 60)) * powerOfTwo(-60)
        }
        return mantissa * powerOfTwo(n)
    }

    /// `e^x - 1`, accurate also when `x` is close to 0.
    static func expMinusOne(_ x: Double) -> Double {
        if x.magnitude <= 0.346_573_590_279_972_65 {
            return reducedExpMinusOne(x)
        }
        return exp(x) - 1.0
    }

    /// The natural logarithm. `log(0) = -inf`, negative or NaN input gives
    /// NaN, `log(+inf) = +inf`.
    static func log(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x == .infinity { return .infinity }
        var value = x
        var exponentBias = 0
        if value < Double.leastNormalMagnitude {
            value *= powerOfTwo(54)
            exponentBias = -54
        }
        let bits = value.bitPattern
        var exponent = Int((bits >> 52) & 0x7FF) - 1023 + exponentBias
        // m in [1, 2)
        var m = Double(bitPattern: (bits & 0x000F_FFFF_FFFF_FFFF) | 0x3FF0_0000_0000_0000)
        if m > 1.414_213_562_373_095_1 {
            m *= 0.5
            exponent += 1
        }
        // log(m) = 2 atanh(s), s = (m - 1) / (m + 1), |s| <= 0.1716.
        let f = m - 1.0
        let s = f / (2.0 + f)
        let z = s * s
        var series = 1.0 / 23
        series = 1.0 / 21 + z * series
        series = 1.0 / 19 + z * series
        series = 1.0 / 17 + z * series
        series = 1.0 / 15 + z * series
        series = 1.0 / 13 + z * series
        series = 1.0 / 11 + z * series
        series = 1.0 / 9 + z * series
        series = 1.0 / 7 + z * series
        series = 1.0 / 5 + z * series
        series = 1.0 / 3 + z * series
        // log(m) = 2s + 2s·z·series, and 2s = f − s·f, so
        // log(m) = f − s·(f − 2z·series): f is exact (Sterbenz), and the
        // rounding errors sit in a correction at most a tenth of the result.
        let logM = f - s * (f - 2.0 * z * series)
        let e = Double(exponent)
        return e * ln2High + (logM + e * ln2Low)
    }

    /// The integer nearest to `x` (ties away from zero), for finite `x` with
    /// `|x| < 2^62`. Written out because `Double.rounded` calls into the C
    /// library, which nothing in a pure-Swift build links on Linux.
    @inline(__always)
    static func roundedToNearest(_ x: Double) -> Double {
        let truncated = Double(Int(x))
        let fraction = x - truncated
        if fraction >= 0.5 { return truncated + 1 }
        if fraction <= -0.5 { return truncated - 1 }
        return truncated
    }

    /// The square root of a finite positive `x`: Newton's iteration from
    /// `exp(log(x) / 2)`, then the neighbour whose square is closest to `x`.
    /// (`Double.squareRoot` is a C library call in unoptimised builds.)
    static func squareRoot(_ x: Double) -> Double {
        guard x > 0, x.isFinite else { return x == 0 ? 0 : .nan }
        var y = exp(0.5 * log(x))
        y = 0.5 * (y + x / y)
        y = 0.5 * (y + x / y)
        var best = y
        if (y.nextDown * y.nextDown - x).magnitude < (best * best - x).magnitude { best = y.nextDown }
        if (y.nextUp * y.nextUp - x).magnitude < (best * best - x).magnitude { best = y.nextUp }
        return best
    }

    /// `base^exponent` for `base > 0`, as `exp(exponent * log(base))`.
    static func pow(_ base: Double, _ exponent: Double) -> Double {
        if base == 1 || exponent == 0 { return 1 }
        return exp(exponent * log(base))
    }
}
