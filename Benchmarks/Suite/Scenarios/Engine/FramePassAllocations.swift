import BenchInstruments

/// What a pass of frames allocated, with the host's own new cells set apart.
///
/// When a frame shows more tabs than any frame before it, the engine asks
/// the host for a cell, and the benchmark host's `makeCell` allocates one
/// object. That is the host's allocation, bounded by the cell limits
/// (created <= visible maximum + pool), not the engine's; the engine's
/// figure is the pass's count minus one per cell made during it.
struct FramePassAllocations {
    /// The whole pass, as the probe counted it.
    var figures: AllocationFigures
    /// Frames in the pass.
    var frames: Int
    /// Cells the host made during the pass (one allocation each).
    var cellsMade: Int

    /// Runs `pass` (which plays `frames` frames) under the probe, noting
    /// how many cells `cellsCreated` says were made meanwhile.
    static func count(
        frames: Int, probe: any AllocationProbe, cellsCreated: () -> Int,
        _ pass: () -> Void
    ) -> FramePassAllocations {
        let before = cellsCreated()
        let figures = probe.measure(pass).figures
        return FramePassAllocations(figures: figures, frames: frames, cellsMade: cellsCreated() - before)
    }

    /// The engine's allocations per frame: the pass's requests minus one
    /// per cell the host made, divided by the frames; `nil` without a probe.
    var enginePerFrame: Double? {
        guard let allocations = figures.allocations, frames > 0 else { return nil }
        return (Double(allocations) - Double(cellsMade)) / Double(frames)
    }

    /// `<name>` (the engine's allocations per frame) and
    /// `<name>-with-host-cells` (everything the pass allocated, per frame).
    func metrics(_ name: String) -> [Metric] {
        let frames = Format.integer(frames)
        return [
            .count(
                name, enginePerFrame, unit: "allocations/frame", fromAllocator: true,
                note:
                    "allocation requests over a whole pass of \(frames) frames after warm-up, minus one per cell the host made in it (\(cellsMade)), divided by the frames"
            ),
            .count(
                "\(name)-with-host-cells", figures.allocationsPer(self.frames), unit: "allocations/frame",
                fromAllocator: true,
                note: "every allocation request of the pass (\(frames) frames), host cells included, per frame"),
        ]
    }
}
