import TabStripCore

extension Fling {
    /// The part of a fling that glides freely inside the bounds: an
    /// exponential deceleration from `position` with `velocity` at
    /// `startTime`.
    @usableFromInline
    struct Glide: Hashable, Sendable {
        var startTime: Double
        var position: Double
        var velocity: Double

        @usableFromInline
        func position(at time: Double, decayConstant k: Double) -> Double {
            position + velocity * MotionMath.expMinusOne(k * (time - startTime)) / k
        }

        func velocity(at time: Double, decayConstant k: Double) -> Double {
            velocity * MotionMath.exp(k * (time - startTime))
        }
    }

    /// The part of a fling spent past an edge: a critically damped spring on
    /// the overshoot `u(s) = (a + b·s) · e^(−ω s)`, `s = t − startTime`,
    /// measured outwards from `bound`, displayed through the rubber band.
    /// `a >= 0` always; `b < 0` only for a spring that crosses back into the
    /// content (at `s = a / −b`).
    @usableFromInline
    struct Overshoot: Hashable, Sendable {
        var startTime: Double
        /// The edge the overshoot is measured from.
        var bound: Double
        /// +1 past the upper bound, −1 past the lower one.
        var side: Double
        var a: Double
        var b: Double

        func rawOvershoot(at time: Double, omega: Double) -> Double {
            let s = time - startTime
            return (a + b * s) * MotionMath.exp(-omega * s)
        }

        func rawOvershootVelocity(at time: Double, omega: Double) -> Double {
            let s = time - startTime
            return (b - omega * (a + b * s)) * MotionMath.exp(-omega * s)
        }

        @usableFromInline
        func position(at time: Double, omega: Double, rubberBand: RubberBand) -> Double {
            let u = rawOvershoot(at: time, omega: omega)
            return bound + side * rubberBand.displayedOvershoot(for: u)
        }

        func velocity(at time: Double, omega: Double, rubberBand: RubberBand) -> Double {
            let u = rawOvershoot(at: time, omega: omega)
            return side * rubberBand.slope(at: u) * rawOvershootVelocity(at: time, omega: omega)
        }

        /// How long after its start the overshoot stays within `threshold`
        /// (raw points) for good. Requires `a >= 0`, `b >= 0`.
        ///
        /// `|u|` rises to its peak at `s = 1/ω − a/b` (if that is positive)
        /// and then decays monotonically; past the peak
        /// `g(s) = ln(a + b s) − ω s − ln(threshold)` is decreasing and
        /// concave, so Newton's method started to the right of its root
        /// converges monotonically from the right.
        static func settleDuration(a: Double, b: Double, omega: Double, threshold: Double) -> Double {
            guard threshold < .infinity else { return 0 }
            let peakTime = b > 0 ? max(0, 1 / omega - a / b) : 0
            let peak = (a + b * peakTime) * MotionMath.exp(-omega * peakTime)
            guard peak > threshold else { return 0 }
            let logThreshold = MotionMath.log(threshold)
            func g(_ s: Double) -> Double {
                MotionMath.log(a + b * s) - omega * s - logThreshold
            }
            // Bracket the root from the right.
            var step = 1 / omega
            var s = peakTime + step
            var guardCount = 0
            while g(s) > 0, guardCount < 200 {
                step *= 2
                s = peakTime + step
                guardCount += 1
            }
            for _ in 0..<100 {
                let slope = b / (a + b * s) - omega
                let next = s - g(s) / slope
                guard next < s, next > peakTime else { break }
                s = next
            }
            return s
        }
    }
}
