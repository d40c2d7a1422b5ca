import BenchInstruments
import TabStrip

/// The fling benchmark's body: the frames of a ``FlingScript`` shown on a ``FrameStrategy``, each the fling's offset at
/// the frame's timestamp and the strip shown there, as a host's display-link callback does it. The fling, pinned and
/// scaling benchmarks and the baselines all run it.
package struct FlingFrames: Operations {
    package let strategy: any FrameStrategy
    package let script: FlingScript
    package let frames: Range<Int>

    package init(_ strategy: any FrameStrategy, _ script: FlingScript, frames: Range<Int>? = nil) {
        (self.strategy, self.script) = (strategy, script)
        self.frames = frames ?? 0..<script.frameCount
    }

    package func run<M: Measure>(_ measure: inout M) {
        var player = FlingScript.Player(script: script)
        for frame in frames {
            measure.measure(false) { strategy.showFrame(atContentOffset: player.offset(atFrame: frame)) }
        }
    }

    /// The frames after the first `warmUp` as a benchmark named `name`,
    /// counted as a whole; the warm-up is played first, unmeasured.
    static func workload(_ name: String, _ strategy: any FrameStrategy, _ script: FlingScript, warmUp: Int) -> Workload
    {
        var plain = Unmeasured()
        FlingFrames(strategy, script, frames: 0..<Swift.min(warmUp, script.frameCount)).run(&plain)
        return Workload(name, operations: script.frameCount, each: false, FlingFrames(strategy, script))
    }

    struct Result {
        var frames = LatencyHistogram()
        var steadyFrames = LatencyHistogram()
        var enteringFrames = LatencyHistogram()
        var loopMean = 0.0
        var allocations = FramePassAllocations(figures: AllocationFigures(allocations: nil, bytes: nil), frames: 0)
        var cellsCreatedAfterWarmUp = 0
    }

    /// The warm-up, a pass timing every frame (also apart: frames in which no cell entered, and those in which some
    /// did), a pass timed as one loop, and a pass counted by the allocation probe.
    static func measure(
        _ strategy: any FrameStrategy, _ script: FlingScript, warmUp: Int, probe: any AllocationProbe
    ) -> Result {
        var result = Result()
        let frames = workload("frames", strategy, script, warmUp: warmUp)
        let cellsBefore = strategy.cellsCreated
        var configured = strategy.cellsConfigured
        frames.time { _, elapsed in
            result.frames.record(elapsed)
            let now = strategy.cellsConfigured
            if now == configured { result.steadyFrames.record(elapsed) } else { result.enteringFrames.record(elapsed) }
            configured = now
        }
        result.loopMean = Double(timeOnce(frames.run).nanoseconds) / Double(Swift.max(1, frames.operations))
        result.allocations = FramePassAllocations.count(frames.operations, probe: probe, cells: strategy, frames.run)
        result.cellsCreatedAfterWarmUp = strategy.cellsCreated - cellsBefore
        return result
    }
}

/// What a pass of frames allocated, with the host's own new cells set apart: a frame that shows more tabs than any
/// before makes the benchmark host allocate a cell, the host's allocation (bounded by the cell limits), not the
/// engine's.
struct FramePassAllocations {
    var figures: AllocationFigures
    var frames: Int
    var cellsMade = 0

    /// Runs `pass` (`frames` frames) under the probe, with the cells `cells` made meanwhile.
    static func count(
        _ frames: Int, probe: any AllocationProbe, cells: some CellMaking, _ pass: () -> Void
    ) -> FramePassAllocations {
        let before = cells.cellsCreated
        let figures = probe.measure(pass).figures
        return FramePassAllocations(figures: figures, frames: frames, cellsMade: cells.cellsCreated - before)
    }

    /// The engine's allocations per frame: the pass's minus one per cell
    /// the host made, per frame; `nil` without a probe.
    var enginePerFrame: Double? {
        figures.allocations.flatMap { frames > 0 ? (Double($0) - Double(cellsMade)) / Double(frames) : nil }
    }

    /// `<name>` (``enginePerFrame``) and `<name>-with-host-cells` (every allocation of the pass, per frame).
    func metrics(_ name: String) -> [Metric] {
        [
            .count(
                name, enginePerFrame, unit: "allocations/frame", fromAllocator: true,
                note:
                    "allocation requests over a whole pass of \(Format.integer(frames)) frames after warm-up, minus one per cell the host made in it (\(cellsMade)), divided by the frames"
            ),
            .count(
                "\(name)-with-host-cells", figures.allocationsPer(frames), unit: "allocations/frame",
                fromAllocator: true,
                note:
                    "every allocation request of the pass (\(Format.integer(frames)) frames), host cells included, per frame"
            ),
        ]
    }

    /// A frame pass's figures on the engine: `frame-allocations` (and with the host's cells), `frame-bytes`, and the
    /// cells of `fixture`, those made since `cellsBefore` apart.
    func framePassMetrics(_ fixture: EngineFixture, cellsBefore: Int) -> [Metric] {
        metrics("frame-allocations")
            + [.bytes("frame-bytes", figures.bytesPer(frames), unit: "bytes/frame", fromAllocator: true)]
            + fixture.cellCounts.metrics(createdBefore: cellsBefore)
    }
}

package protocol CellMaking { var cellsCreated: Int { get } }

extension BenchHost: CellMaking { package var cellsCreated: Int { cellsMade } }
