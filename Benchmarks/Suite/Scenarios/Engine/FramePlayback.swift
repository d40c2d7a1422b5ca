import BenchInstruments
import TabStrip

/// Plays a ``FlingScript`` on a ``FrameStrategy``: each frame computes the
/// fling's offset at the frame's timestamp and shows the strip there.
enum FramePlayback {
    /// Plays frames `range` unmeasured (warm-up, or an allocation pass).
    static func play<S: FrameStrategy>(_ strategy: S, _ script: FlingScript, frames range: Range<Int>) {
        var player = FlingScript.Player(script: script)
        for frame in range {
            strategy.showFrame(atContentOffset: player.offset(atFrame: frame))
        }
    }

    /// Plays frames `range`, recording each frame's time into `histogram`,
    /// and also into `steady` (no cell entered) or `entering` (some did).
    static func time<S: FrameStrategy>(
        _ strategy: S, _ script: FlingScript, frames range: Range<Int>,
        into histogram: inout LatencyHistogram,
        steady: inout LatencyHistogram, entering: inout LatencyHistogram
    ) {
        var player = FlingScript.Player(script: script)
        var configured = strategy.cellsConfigured
        for frame in range {
            let start = MonotonicClock.now()
            strategy.showFrame(atContentOffset: player.offset(atFrame: frame))
            let elapsed = MonotonicClock.elapsed(since: start)
            histogram.record(elapsed)
            let now = strategy.cellsConfigured
            if now == configured { steady.record(elapsed) } else { entering.record(elapsed) }
            configured = now
        }
    }

    /// Every frame of `script` shown on `strategy`, declared once: the loop
    /// and allocation passes of ``measure(_:_:warmUp:probe:)`` play it, and
    /// the instruction pass counts it (`fling-frame`, `fling-frame-SIZE`).
    static func workload<S: FrameStrategy>(_ name: String, _ strategy: S, _ script: FlingScript) -> Workload {
        Workload(name: name, operations: script.frameCount) { play(strategy, script, frames: 0..<script.frameCount) }
    }

    /// What one strategy measured over a script.
    struct Result {
        var frames = LatencyHistogram()
        var steadyFrames = LatencyHistogram()
        var enteringFrames = LatencyHistogram()
        var loopMean = 0.0
        var allocations = FramePassAllocations(
            figures: AllocationFigures(allocations: nil, bytes: nil), frames: 0,
            cellsMade: 0)
        var framesPerPass = 0
        var cellsCreatedAfterWarmUp = 0
    }

    /// Warm-up (`warmUp` frames), a timing pass over every frame, then the
    /// frames' ``workload(_:_:_:)`` timed as one loop (no clock reading
    /// inside) and counted by the allocation probe as a whole.
    static func measure<S: FrameStrategy>(
        _ strategy: S, _ script: FlingScript, warmUp: Int,
        probe: any AllocationProbe
    ) -> Result {
        var result = Result()
        let all = 0..<script.frameCount
        play(strategy, script, frames: 0..<Swift.min(warmUp, script.frameCount))
        let cellsBefore = strategy.cellsCreated
        time(
            strategy, script, frames: all, into: &result.frames, steady: &result.steadyFrames,
            entering: &result.enteringFrames)
        let pass = workload("frames", strategy, script)
        result.loopMean = Double(timeOnce(pass.pass).nanoseconds) / Double(Swift.max(1, pass.operations))
        result.allocations = FramePassAllocations.count(
            frames: all.count, probe: probe,
            cellsCreated: { strategy.cellsCreated }
        ) {
            pass.pass()
        }
        result.framesPerPass = script.frameCount
        result.cellsCreatedAfterWarmUp = strategy.cellsCreated - cellsBefore
        return result
    }
}
