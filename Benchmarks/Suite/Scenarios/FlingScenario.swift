import BenchInstruments
import TabStrip
import TabStripTestSupport

/// Fling frames, each a full update as a host makes it (`setContentOffset(fling.position(at:))`), also with the first
/// and last tab pinned; and the bare visible-range query against a C reference timed in the same loops.
package struct FlingScenario: Scenario, CountedScenario {
    package struct Parameters: ScenarioParameters, Sendable {
        package var titles: Int
        package var frames: Int
        package var warmUpFrames: Int
        var framesPerSecond = 120
        var viewport = EngineFixture.viewport.width
        var poolLimit = EngineFixture.poolLimit
    }

    package var strategy = FrameStrategyKind.virtualized

    package let name = "fling"
    package let summary =
        "Fast flings at 120 Hz over 100k tabs (2k-20k pt/s, chained momentum, bounces at both ends): per-frame update latency, allocations per frame, cells created vs reused; visible-range query, through the geometry and on the width index alone, against a flat-array reference in C."

    package func parameters(for configuration: RunConfiguration) -> Parameters {
        let titles = configuration.titles ?? 100_000
        return configuration.mode == .quick
            ? Parameters(titles: titles, frames: 100_000, warmUpFrames: 2_000)
            : Parameters(titles: titles, frames: 600_000, warmUpFrames: 5_000)
    }

    static func counted(_ workload: InstructionWorkloadSize) -> Parameters {
        workload.isTiny
            ? Parameters(titles: 2_000, frames: 200, warmUpFrames: 50)
            : Parameters(titles: 100_000, frames: 4_000, warmUpFrames: 500)
    }

    /// The tabs a pinned strip pins: a "推荐" at the leading end and a "+" at the trailing end.
    package static let pins = PinnedTabs(leading: 1, trailing: 1)

    static func pinned(_ strip: TabStrip) throws(ScenarioError) -> TabStrip {
        var pinned = strip
        do { try pinned.setPinnedTabs(pins) } catch { throw ScenarioError("the engine rejected the pins: \(error)") }
        return pinned
    }

    /// The random-access trace: `count` offsets uniform over the scroll
    /// range (each query a jump, as TanStack's random trace).
    static func randomOffsets(_ strip: TabStrip, count: Int, seed: UInt64) -> [Double] {
        var random = SeededGenerator(seed: seed, stream: "fling-random-offsets")
        let range = strip.contentOffsetRange
        return (0..<count).map { _ in random.next(in: range) }
    }

    package static func countedTabs(_ workload: InstructionWorkloadSize) -> [Int] { [counted(workload).titles] }

    package static func counted(_ inputs: CountedInputs) -> [CountedBenchmark] {
        let parameters = counted(inputs.workload)
        let tabs = Format.integer(inputs.tabs)
        func frames(_ name: String, pinned: Bool, note: String) -> CountedBenchmark {
            CountedBenchmark(name: name, unit: "instructions/frame", note: note) { () throws(ScenarioError) in
                let built = try inputs.builtStrip()
                let strip = pinned ? try Self.pinned(built) : built
                return FlingFrames.workload(
                    name, try inputs.frameStrategy.make(strip: strip),
                    try FlingScript(over: built, frames: parameters.frames, seed: inputs.seed),
                    warmUp: parameters.warmUpFrames)
            }
        }
        // The queries the counted passes share, made once.
        let queries = Shared { () throws(ScenarioError) in
            let strip = try inputs.builtStrip()
            return Queries(
                strip.geometry, overscan: strip.layout.overscan,
                offsets: try FlingScript(over: strip, frames: parameters.frames, seed: inputs.seed).offsets(),
                randomOffsets: randomOffsets(strip, count: parameters.frames, seed: inputs.seed), reference: false)
        }
        return [
            frames(
                "fling-frame", pinned: false,
                note:
                    "a frame of the fling scenario's script at \(tabs) tabs: fling position + setContentOffset (visible range, cells, indicator)"
            ),
            frames(
                "fling-frame-pinned", pinned: true,
                note:
                    "the same frames with the first and last tab pinned (PinnedTabs(leading: 1, trailing: 1)): the pinned cells placed again each frame, \(tabs) tabs"
            ),
        ]
            + Queries.counted.map { pass in
                CountedBenchmark(name: pass.rawValue, unit: "instructions/query", note: pass.note(tabs: tabs)) {
                    () throws(ScenarioError) in try queries.get().workload(pass)
                }
            }
    }

    /// Plays the script on ``strategy`` (timing, loop and allocation passes, then two more timing passes for the
    /// target's p99), the same frames with pinned tabs, then times the visible-range queries over the script's offsets
    /// and random ones.
    package func run(_ parameters: Parameters, in context: ScenarioContext) throws(ScenarioError) -> ScenarioOutput {
        var output = ScenarioOutput()
        let seed = context.configuration.seed
        let titles = TitleGenerator.titles(count: parameters.titles, seed: seed)
        let frames = try strategy.make(titles: titles)
        let strip = try EngineFixture.strip(titles: titles)
        let script = try FlingScript(over: strip, frames: parameters.frames, seed: seed)
        context.reportProgress(0.1)
        let played = FlingFrames.measure(frames, script, warmUp: parameters.warmUpFrames, probe: context.allocations)
        // The target's p99: the lowest of 3 timing passes, each its own distribution (whole passes slowed by other work
        // on the machine would otherwise decide it).
        var quietestP99 = played.frames.summary?.p99
        for _ in 1..<3 {
            var pass = LatencyHistogram()
            FlingFrames.workload("frames", frames, script, warmUp: 0).time { _, elapsed in pass.record(elapsed) }
            if let p99 = pass.summary?.p99 { quietestP99 = Swift.min(quietestP99 ?? p99, p99) }
        }
        context.reportProgress(0.6)
        addFrameFigures(played, frames, into: &output)
        Self.addScriptCounts(script, into: &output)
        let pinned = FlingFrames.measure(
            try FrameStrategyKind.virtualized.make(strip: try Self.pinned(strip)), script,
            warmUp: parameters.warmUpFrames, probe: context.allocations)
        output.timing(
            "pinned-frame", pinned.frames,
            note:
                "one frame of the same script with the first and last tab pinned: fling position + setContentOffset (visible range, cells, the pinned cells placed again, indicator)"
        )
        output.metrics += pinned.allocations.metrics("pinned-frame-allocations")
        let offsets = script.offsets()
        let queries = Queries(
            strip.geometry, overscan: strip.layout.overscan, offsets: offsets,
            randomOffsets: Self.randomOffsets(strip, count: offsets.count, seed: seed), reference: true)
        Self.measureQueries(queries, probe: context.allocations, into: &output)
        let tabs = Format.integer(parameters.titles)
        output.duration(
            "target-frame-p99", nanoseconds: quietestP99,
            note:
                "p99 of a full frame update at \(tabs) tabs (fling position + setContentOffset, clock read included); the lowest p99 of 3 timed passes over the script"
        )
        output.count(
            "target-frame-allocations", played.allocations.enginePerFrame, unit: "allocations/frame",
            fromAllocator: true, note: "allocations per frame of the engine at \(tabs) tabs over the fling script")
        output.notes.append(
            "strategy: \(frames.strategyName); titles generated; viewport \(Format.number(strip.viewport.width)) pt, overscan \(Format.number(strip.layout.overscan)) pt, content \(Format.number(strip.contentWidth)) pt"
        )
        output.notes.append("every frame sample includes the fling's position(at:) and one clock reading")
        context.reportProgress(1)
        return output
    }

    private func addFrameFigures(
        _ played: FlingFrames.Result, _ frames: any FrameStrategy, into output: inout ScenarioOutput
    ) {
        output.timing(
            "frame", played.frames,
            note: "one frame: fling position at the frame's time + setContentOffset (visible range, cells, indicator)")
        if frames is VirtualizedFrames {
            output.timing(
                "frame-steady", played.steadyFrames,
                note: "frames in which no cell entered (visible range, indicator check only)")
            output.timing(
                "frame-entering", played.enteringFrames,
                note: "frames in which at least one cell was configured for a tab that entered")
            output.ratio(
                "entering-share", Double(played.enteringFrames.count), over: Double(played.frames.count),
                note: "share of timed frames in which cells entered")
        }
        output.duration(
            "frame-loop-mean", nanoseconds: played.loopMean,
            note: "mean frame time over the whole script timed as one loop (no clock reads inside)")
        output.metrics += played.allocations.metrics("frame-allocations")
        output.bytes(
            "frame-bytes", played.allocations.figures.bytesPer(played.allocations.frames), unit: "bytes/frame",
            fromAllocator: true, note: "bytes allocated per frame in the same pass (host cells included)")
        guard let engine = frames as? VirtualizedFrames else { return }
        let counts = engine.fixture.cellCounts
        let cells: [(String, Int, String)] = [
            ("cells-created", counts.created, "cells the host made over the whole run (warm-up and passes included)"),
            (
                "cells-created-after-warm-up", played.cellsCreatedAfterWarmUp,
                "cells made during the timing, loop and allocation passes"
            ),
            ("cells-reused", counts.reused, "cells taken from the pool or handed over directly from tabs that left"),
            ("cells-discarded", counts.discarded, "cells dropped because the pool was full"),
            (
                "visible-maximum", counts.visibleMaximum,
                "most cells visible at once (viewport + 60 pt overscan each side)"
            ),
            (
                "cells-bound", counts.visibleMaximum + EngineFixture.poolLimit,
                "visible maximum + pool limit (\(EngineFixture.poolLimit))"
            ),
            ("configured", engine.fixture.virtualizer.counters.configured, "cell configurations over the run"),
        ]
        for (name, count, note) in cells { output.count(name, Double(count), unit: "cells", note: note) }
    }

    /// The fling script's counts: frames, flings, carried releases, edge contacts, the fastest release.
    static func addScriptCounts(_ script: FlingScript, into output: inout ScenarioOutput) {
        output.count("frames", Double(script.frameCount), unit: "frames")
        output.count("flings", Double(script.segments.count), unit: "flings")
        output.count(
            "carried-releases", Double(script.carriedReleases), unit: "flings",
            note: "flings released while the previous one still moved the same way (momentum carried)")
        output.count("leading-edge-contacts", Double(script.leadingEdgeContacts), unit: "flings")
        output.count("trailing-edge-contacts", Double(script.trailingEdgeContacts), unit: "flings")
        output.count(
            "fastest-release", script.fastestRelease, unit: "pt/s",
            note: "fastest fling velocity after carried momentum")
    }
}
