import Foundation
import TabStripTestSupport

/// Generates a trace of content offsets, one per frame: the input of `offsets.txt` and of the replay scenarios. `bench
/// workload` writes the engine's fling script (``EngineFlingTrace``); ``DecayingFlingTrace`` is the harness's simpler
/// stand-in, still used by `replay-ranges`.
package protocol OffsetTraceGenerating {
    var name: String { get }
    /// `frames` offsets over content `contentWidth` wide seen through a
    /// viewport `viewportWidth` wide, reproducible from `seed`.
    func offsets(frames: Int, contentWidth: Double, viewportWidth: Double, seed: UInt64) -> [Double]
}

/// A stand-in trace: repeated flings at 2,000–20,000 pt/s decaying like UIScrollView's normal deceleration (0.998 per
/// ms, sampled at 60 Hz), stopping at the ends, chaining momentum when a fling follows one in the same direction, with
/// an occasional jump (a tap on a far tab) in between.
package struct DecayingFlingTrace: OffsetTraceGenerating, Sendable {
    package var decelerationRate = 0.998
    package var frameRate = 60.0

    package var name: String { "decaying flings (harness stand-in)" }

    /// The offsets, each within `[0, max(0, contentWidth - viewportWidth)]`.
    package func offsets(frames: Int, contentWidth: Double, viewportWidth: Double, seed: UInt64) -> [Double] {
        var random = SeededGenerator(seed: seed, stream: "fling-trace")
        let limit = max(0, contentWidth - viewportWidth)
        let k = 1_000 * log(decelerationRate) // per second, negative
        let perFrame = pow(decelerationRate, 1_000 / frameRate)
        var result: [Double] = []
        result.reserveCapacity(max(0, frames))
        var offset = 0.0
        var velocity = 0.0 // pt/s
        while result.count < frames {
            if random.chance(0.08) {
                offset = random.nextUnit() * limit // a jump to a far tab
                velocity = 0
            }
            let forward = offset <= 0 || (offset < limit && random.chance(0.7))
            var speed = random.next(in: 2_000.0...20_000.0)
            if (velocity > 0) == forward, velocity != 0 { speed += abs(velocity) } // chained fling
            velocity = forward ? speed : -speed
            while result.count < frames, abs(velocity) > 5 {
                let step = velocity * (perFrame - 1) / k // exact integral over one frame
                offset = min(max(offset + step, 0), limit)
                velocity *= perFrame
                result.append(offset)
                if offset == 0 || offset == limit { velocity = 0 }
            }
        }
        return result
    }
}
