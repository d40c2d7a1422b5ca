import BenchInstruments
import TabStrip

/// The lazy path's and the channel lists' benchmarks, counted by the instruction pass with the display-column measurer,
/// so that the figures do not depend on HarfBuzz.
extension ShaperScenario: CountedScenario {
    /// The instruction pass's lazy flings: 2,000 frames of 40 pt (about half
    /// a tab at 120 Hz, a fast fling) after 50, over the counted strip.
    static func countedLazy(_ workload: InstructionWorkloadSize) -> (tabs: Int, frames: Int, warmUp: Int, step: Double)
    {
        // Tiny: past the 256 tabs a scroll measures ahead, so that the frames measure some.
        workload.isTiny ? (2_000, 1_000, 5, 40) : (100_000, 2_000, 50, 40)
    }

    /// The lazy benchmarks at the counted strip's size; the lists there and at every larger size of the scaling sweep.
    package static func countedTabs(_ workload: InstructionWorkloadSize) -> [Int] {
        let tabs = countedLazy(workload).tabs
        return ScalingScenario.countedTabs(workload).filter { $0 >= tabs }
    }

    /// `count` frames of a step fling on `virtualizer`, each `step` points on from the last; the error of the first
    /// that fails. Never inlined, so that the eager and the lazy flings run the same compiled frame.
    @inline(never)
    static func stepFrames(_ virtualizer: TabStripVirtualizer<BenchHost>, count: Int, step: Double) -> TabStripError? {
        for _ in 0..<count {
            do throws(TabStripError) {
                try virtualizer.setContentOffset(virtualizer.strip.contentOffset + step)
            } catch { return error }
        }
        return nil
    }

    /// What the lazy benchmarks share, made by the first.
    final class LazyRun {
        let inputs: CountedInputs
        let exclusion: MeasurerExclusion
        let failure = FailureBox()
        var eager: EngineFixture?
        var lazy: TabStripVirtualizer<BenchHost>?
        var pendingBefore = 0
        var wasUnmeasured: [Bool] = []

        init(_ inputs: CountedInputs) {
            self.inputs = inputs
            exclusion = MeasurerExclusion(collector: inputs.collector)
        }

        /// A fresh strip of the titles from a source, every tab estimated,
        /// its measurer's calls not counted while the exclusion is active.
        func lazyVirtualizer() throws(ScenarioError) -> TabStripVirtualizer<BenchHost> {
            let strip = try EngineFixture.lazyStrip(
                titles: inputs.titles, measurer: ExcludedMeasurer(base: ColumnTitleMeasurer(), exclusion: exclusion),
                estimate: estimatedWidth)
            return try EngineFixture(strip: strip).virtualizer
        }
    }

    /// The step flings on the eagerly measured strip and on a strip of the same titles from a source (its measurer not
    /// counted), the measurer alone on the titles those frames measured, and jump-frame's jumps on a fresh lazy strip;
    /// then the lists.
    package static func counted(_ inputs: CountedInputs) -> [CountedBenchmark] {
        let lazy = countedLazy(inputs.workload)
        let tabs = Format.integer(inputs.tabs)
        let run = LazyRun(inputs)
        let lazyBenchmarks = [
            CountedBenchmark(
                name: "fling-frame-step", unit: "instructions/frame",
                note:
                    "virtualizer.setContentOffset(offset + \(Format.integer(Int(lazy.step)))) on the strip built from \(tabs) titles (every tab measured), \(Format.integer(lazy.frames)) frames from offset 0"
            ) { () throws(ScenarioError) in
                let eager = try EngineFixture(strip: try inputs.builtStrip()).virtualizer
                let lazyVirtualizer = try run.lazyVirtualizer()
                run.lazy = lazyVirtualizer
                for _ in 0..<lazy.warmUp {
                    run.failure.error = run.failure.error ?? stepFrames(eager, count: 1, step: lazy.step)
                    run.failure.error = run.failure.error ?? stepFrames(lazyVirtualizer, count: 1, step: lazy.step)
                }
                return Workload("fling-frame-step", operations: lazy.frames) {
                    run.failure.error = run.failure.error ?? stepFrames(eager, count: lazy.frames, step: lazy.step)
                }
            },
            CountedBenchmark(
                name: "fling-frame-lazy", unit: "instructions/frame",
                note:
                    "the same frames on a strip of \(tabs) tabs from a title source (estimate 80 pt, display-column measurer): tabs entering are measured, applied and anchored; the measurer's own instructions are not counted (counting is off around each of its calls)"
            ) {
                let virtualizer = run.lazy!
                run.pendingBefore = virtualizer.strip.unmeasuredTabCount
                run.wasUnmeasured = (0..<inputs.tabs).map { (try? virtualizer.strip.isMeasured(tab: $0)) == false }
                run.exclusion.active = true
                return Workload("fling-frame-lazy", operations: lazy.frames) {
                    run.failure.error =
                        run.failure.error ?? stepFrames(virtualizer, count: lazy.frames, step: lazy.step)
                }
            } finish: { () throws(ScenarioError) in
                run.exclusion.active = false
                try run.failure.check("a step fling frame failed")
            },
            CountedBenchmark(
                name: "measure-entering-tab", unit: "instructions/title",
                note:
                    "the measurer's own work, counted apart: the titles the lazy frames measured, measured again in one batch"
            ) { () throws(ScenarioError) in
                let strip = run.lazy!.strip
                let entered = (0..<inputs.tabs).filter {
                    run.wasUnmeasured[$0] && (try? strip.isMeasured(tab: $0)) == true
                }
                guard !entered.isEmpty, entered.count == run.pendingBefore - strip.unmeasuredTabCount else {
                    throw ScenarioError("the lazy step fling measured \(entered.count) tabs")
                }
                let titles = entered.map { inputs.titles[$0] }
                var widths = [Double](repeating: 0, count: titles.count)
                let measuring = Workload("measure-entering-tab", operations: titles.count) {
                    titles.withUnsafeBufferPointer { titles in
                        widths.withUnsafeMutableBufferPointer {
                            ColumnTitleMeasurer().measureWidths(of: titles, into: $0)
                        }
                    }
                    blackHole(widths)
                }
                // Once unmeasured: the first run of this code instantiates
                // type metadata, a one-time cost that is not the measurer's.
                measuring.run()
                return measuring
            },
            CountedBenchmark(
                name: "jump-frame-lazy", unit: "instructions/frame",
                note:
                    "jump-frame's animated jumps (same targets) on a fresh strip of \(tabs) tabs from a title source: the target and the tabs each frame shows are measured first; the measurer's own instructions are not counted"
            ) { () throws(ScenarioError) in
                let jumps = JumpScenario.workloads(
                    try run.lazyVirtualizer(), JumpScenario.counted(inputs.workload), seed: inputs.seed,
                    name: "jump-frame-lazy")
                jumps.warmUp.run()
                run.exclusion.active = true
                return jumps.measured
            } finish: {
                run.exclusion.active = false
            },
        ]
        return (inputs.tabs == lazy.tabs ? lazyBenchmarks : []) + ListChanges.counted(inputs)
    }

    /// The lists' ratios to a rebuild, then the engine's instructions per
    /// tab entering a lazy fling beyond the eager fling's.
    package static func countedFigures(_ workload: InstructionWorkloadSize) -> [CountedFigure] {
        countedTabs(workload).flatMap { size in
            ListChanges.percents.map { percent in
                let label = sizeLabel(size)
                return CountedFigure(
                    name: "list-apply-\(percent)pct-vs-rebuild-\(label)", unit: "x",
                    note:
                        "instructions to apply the list with \(percent) % of \(Format.integer(size)) tabs changed over those of rebuilding the strip from the new list (1 = as costly as a rebuild)"
                ) { counts in
                    guard let apply = counts["list-apply-\(percent)pct-\(label)"],
                        let rebuild = counts["list-rebuild-\(label)"], rebuild.instructions > 0
                    else { return nil }
                    return Double(apply.instructions) / Double(rebuild.instructions)
                }
            }
        } + [
            CountedFigure(
                name: "fling-frame-lazy-excess-per-entering-tab", unit: "instructions/tab",
                note:
                    "instructions of the lazy step fling (the measurer excluded) minus those of the same frames on the eagerly measured strip, per tab measured as it entered"
            ) { counts in
                guard let lazy = counts["fling-frame-lazy"], let eager = counts["fling-frame-step"],
                    let entering = counts["measure-entering-tab"], eager.operations > 0, entering.operations > 0
                else { return nil }
                let eagerPerFrame = Double(eager.instructions) / Double(eager.operations)
                return (Double(lazy.instructions) - eagerPerFrame * Double(lazy.operations))
                    / Double(entering.operations)
            }
        ]
    }
}

/// Whether an ``ExcludedMeasurer`` switches counting off around its calls
/// (only while a phase counts), and the collector it switches.
final class MeasurerExclusion: @unchecked Sendable {
    let collector: any InstructionCollector
    /// Set around the counted work; the measurer also runs outside it (the build, the warm-up), where counting is off.
    var active = false
    init(collector: any InstructionCollector) { self.collector = collector }
}

/// A measurer whose calls are not counted while its exclusion is active:
/// the engine's instructions of a lazy frame, the measurer's counted apart.
struct ExcludedMeasurer: TitleMeasurer {
    let base: ColumnTitleMeasurer
    let exclusion: MeasurerExclusion

    func width(of title: String) -> Double {
        guard exclusion.active else { return base.width(of: title) }
        exclusion.collector.pause()
        defer { exclusion.collector.resume() }
        return base.width(of: title)
    }

    func measureWidths(of titles: UnsafeBufferPointer<String>, into widths: UnsafeMutableBufferPointer<Double>) {
        guard exclusion.active else { return base.measureWidths(of: titles, into: widths) }
        exclusion.collector.pause()
        base.measureWidths(of: titles, into: widths)
        exclusion.collector.resume()
    }
}
