import BenchInstruments
import TabStrip
import TabStripTestSupport

/// The engine against the approaches it replaces, in one run on the same inputs: the seeds' eager strip and a
/// linear-scan strip over the same fling frames, and `FlatTabWidths` against `TabWidths` per edit.
package struct StrategiesScenario: Scenario {
    package struct Parameters: ScenarioParameters, Sendable {
        package var eagerSizes: [Int]
        package var linearSizes: [Int]
        package var flatSizes: [Int]
        package var frames: Int
        package var minimumFrames: Int
        package var frameBudget: Int
        package var edits: Int
        package var editBudget: Int

        /// Frames played at `size`: at most ``frames``, at least ``minimumFrames``.
        func frames(at size: Int) -> Int {
            Swift.max(minimumFrames, Swift.min(frames, frameBudget / Swift.max(1, size)))
        }

        /// Edits made at `size`: at most ``edits``, at least 20.
        func edits(at size: Int) -> Int { Swift.max(20, Swift.min(edits, editBudget / Swift.max(1, size))) }
    }

    package let name = "strategies"
    package let summary =
        "The engine vs the seeds' eager strip and a linear-scan strip per frame (same fling frames), and TabWidths vs the flat prefix-sum index per edit: ratios per size."

    package func parameters(for configuration: RunConfiguration) -> Parameters {
        let quick = configuration.mode == .quick
        return Parameters(
            eagerSizes: [1_000, 10_000, 100_000], linearSizes: [1_000, 10_000, 100_000, 1_000_000],
            flatSizes: [1_000, 10_000, 100_000, 1_000_000, 10_000_000], frames: quick ? 5_000 : 20_000,
            minimumFrames: quick ? 300 : 1_000, frameBudget: quick ? 20_000_000 : 200_000_000,
            edits: quick ? 1_000 : 2_000, editBudget: quick ? 100_000_000 : 500_000_000)
    }

    /// At each frame size, plays one fling script on the engine and on each baseline that runs at that size, and adds
    /// the ratios; at each flat size, replays the same width changes, inserts and removes on `TabWidths` and
    /// `FlatTabWidths`. Then the chart curves.
    package func run(_ parameters: Parameters, in context: ScenarioContext) throws(ScenarioError) -> ScenarioOutput {
        var output = ScenarioOutput()
        let probe = context.allocations
        let seed = context.configuration.seed
        let frameSizes = Array(Set(parameters.eagerSizes + parameters.linearSizes)).sorted()
        let total = Double(frameSizes.count + parameters.flatSizes.count)
        var done = 0.0
        var baselinePoints: [FrameStrategyKind: [SeriesPoint]] = [:]
        var flatPoints: [SeriesPoint] = []
        var flatInsertPoints: [SeriesPoint] = []
        var treeInsertPoints: [SeriesPoint] = []

        // (a) and (b): frames, each baseline next to the engine on the same script.
        for size in frameSizes {
            let label = sizeLabel(size)
            let titles = TitleGenerator.titles(count: size, seed: seed)
            let engine = try FrameStrategyKind.virtualized.make(titles: titles)
            let strip = try EngineFixture.strip(titles: titles)
            let frames = parameters.frames(at: size)
            let script = try FlingScript(
                over: strip, frames: frames, seed: seed, stream: "strategies-\(size)", randomStarts: 1)
            let warmUp = Swift.max(20, frames / 10)
            let engineResult = FlingFrames.measure(engine, script, warmUp: warmUp, probe: probe)
            output.timing(
                "frame-virtualised-\(label)", engineResult.frames,
                note: "the engine on the same \(Format.integer(frames)) frames as the baselines")
            for (kind, sizes) in [
                (FrameStrategyKind.eager, parameters.eagerSizes),
                (FrameStrategyKind.linearScan, parameters.linearSizes),
            ] where sizes.contains(size) {
                let baseline = try kind.make(titles: titles)
                let result = FlingFrames.measure(baseline, script, warmUp: warmUp, probe: probe)
                let short = kind == .eager ? "eager" : "linear"
                output.timing("frame-\(short)-\(label)", result.frames, note: kind.strategyName)
                output.add(result.allocations.metrics("frame-allocations-\(short)-\(label)")[0])
                output.count("cells-created-\(short)-\(label)", Double(baseline.cellsCreated), unit: "cells")
                output.ratio(
                    "\(short)-vs-virtualised-\(label)", result.frames.summary?.p50,
                    over: engineResult.frames.summary?.p50,
                    note: "per-frame p50 of the \(kind.strategyName) over the engine's")
                output.ratio(
                    "\(short)-vs-virtualised-mean-\(label)", result.loopMean, over: engineResult.loopMean,
                    note: "loop-mean frame time ratio")
                baselinePoints[kind, default: []].append(SeriesPoint(x: Double(size), y: result.frames.summary?.p50))
            }
            output.count("cells-created-virtualised-\(label)", Double(engine.cellsCreated), unit: "cells")
            done += 1
            context.reportProgress(done / total)
        }

        // (c): edits, TabWidths against the flat prefix sums, same operations.
        for size in parameters.flatSizes {
            let label = sizeLabel(size)
            let inputs = WidthEdits.inputs(
                tabs: size, count: parameters.edits(at: size), seed: seed, widths: "strategies-widths-\(size)",
                operations: "strategies-ops-\(size)")
            guard let tree = (try? TabWidths(widths: inputs.widths)).map(WidthEdits.Shared.init),
                let flat = (try? FlatTabWidths(widths: inputs.widths)).map(WidthEdits.Shared.init)
            else { throw ScenarioError("the width indices rejected \(size) widths") }
            let treeResult = WidthEdits.measure(tree, operations: inputs.operations, probe: probe)
            let flatResult = WidthEdits.measure(flat, operations: inputs.operations, probe: probe)
            let (treeChange, flatChange) = (treeResult.histograms[.widthChange], flatResult.histograms[.widthChange])
            let (treeInsert, flatInsert) = (treeResult.histograms[.insert], flatResult.histograms[.insert])
            output.timing(
                "edit-tabwidths-\(label)", treeChange ?? LatencyHistogram(),
                note: "TabWidths: width change + next range query")
            output.timing(
                "edit-flat-\(label)", flatChange ?? LatencyHistogram(),
                note: "FlatTabWidths: width change + next range query")
            output.ratio(
                "flat-vs-tabwidths-edit-\(label)", flatChange?.summary?.p50, over: treeChange?.summary?.p50,
                note: "p50 width change + next query, flat over TabWidths")
            output.ratio(
                "flat-vs-tabwidths-insert-\(label)", flatInsert?.summary?.p50, over: treeInsert?.summary?.p50,
                note: "p50 insert of one tab + next query, flat over TabWidths")
            flatPoints.append(SeriesPoint(x: Double(size), y: flatChange?.summary?.p50))
            flatInsertPoints.append(SeriesPoint(x: Double(size), y: flatInsert?.summary?.p50))
            treeInsertPoints.append(SeriesPoint(x: Double(size), y: treeInsert?.summary?.p50))
            done += 1
            context.reportProgress(done / total)
        }

        for kind in [FrameStrategyKind.eager, .linearScan] {
            output.curve("per-frame time (p50)", kind.strategyName, baselinePoints[kind] ?? [])
        }
        let flatName = EngineReplayIndex<FlatTabWidths>.strategyName
        output.curve("width change + next query (p50)", flatName, flatPoints)
        output.curve("insert + next query (p50)", flatName, flatInsertPoints)
        output.curve("insert + next query (p50)", EngineReplayIndex<TabWidths>.strategyName, treeInsertPoints)
        output.notes.append(
            "frames per size: at most \(Format.integer(parameters.frames)), fewer where a baseline frame is slow (frames x tabs <= \(Format.integer(parameters.frameBudget))); the engine plays the same frames"
        )
        output.notes.append(
            "every fling chain of these scripts starts at a random offset, so a short script still samples the whole strip (the linear scan's cost depends on the offset)"
        )
        output.notes.append(
            "the eager strip makes all its cells up front; its frames lay out every tab. The linear scan keeps cells for the visible tabs only"
        )
        return output
    }
}
