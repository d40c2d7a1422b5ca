import BenchInstruments
import TabStrip
import TabStripTestSupport

/// Fling and edit work from 1k to 10M tabs and its growth from 10k up: the engine's curves of the scaling chart
/// (`strategies` adds the baselines). The instruction pass counts the same benchmarks at 10k, 100k and 1M.
package struct ScalingScenario: Scenario, CountedScenario {
    package struct Parameters: ScenarioParameters, Sendable {
        package var sizes: [Int]
        package var growthBase = 10_000
        package var frames: Int
        package var warmUpFrames: Int
        package var edits: Int
        package var builds: Int
    }

    package var strategy = FrameStrategyKind.virtualized

    package let name = "scaling"
    package let summary =
        "Fling frames, builds, bytes per tab and edits at 1k-10M tabs: per-frame p50/p99 and growth from 10k to 10M."

    package func parameters(for configuration: RunConfiguration) -> Parameters {
        let sizes = configuration.sweep([1_000, 10_000, 100_000, 1_000_000, 10_000_000])
        return configuration.mode == .quick
            ? Parameters(sizes: sizes, frames: 20_000, warmUpFrames: 1_000, edits: 500, builds: 3)
            : Parameters(sizes: sizes, frames: 100_000, warmUpFrames: 2_000, edits: 2_000, builds: 5)
    }

    static func counted(_ workload: InstructionWorkloadSize) -> Parameters {
        workload.isTiny
            ? Parameters(sizes: [500, 2_000], growthBase: 500, frames: 200, warmUpFrames: 50, edits: 20, builds: 1)
            : Parameters(sizes: [10_000, 100_000, 1_000_000], frames: 4_000, warmUpFrames: 500, edits: 400, builds: 1)
    }

    /// `TabStrip(titles:)` of `titles`, one operation per tab, the strip handed to `keep` (nil when the engine rejects
    /// the titles), which consumes it so that keeping it moves it rather than copying it.
    static func building(_ name: String, _ titles: [String], keep: @escaping (consuming TabStrip?) -> Void) -> Workload
    { Workload(name, operations: titles.count) { keep(try? EngineFixture.strip(titles: titles)) } }

    /// The badge benchmark's body: `count` badge edits at random tabs, each with the next frame (a 3 pt scroll,
    /// alternating); the draws happen outside the measured work.
    struct BadgeEdits: Operations {
        let virtualizer: TabStripVirtualizer<BenchHost>
        let count: Int
        let generator: SeededGenerator

        func run<M: Measure>(_ measure: inout M) {
            var random = generator
            let size = virtualizer.strip.tabCount
            var offset = virtualizer.strip.contentOffset
            for k in 0..<count {
                let tab = random.next(below: size)
                let badge = TabBadge.count(1 + random.next(below: 999))
                offset += k % 2 == 0 ? 3 : -3
                measure.measure(false) {
                    try? virtualizer.setBadge(badge, ofTab: tab)
                    try? virtualizer.setContentOffset(offset)
                }
            }
        }
    }

    /// The badge edits on `virtualizer`, after 10 unmeasured ones (the
    /// first copies the storage the strip shares, copy on write).
    static func badgeEdits(_ virtualizer: TabStripVirtualizer<BenchHost>, count: Int, seed: UInt64) -> Workload {
        let size = virtualizer.strip.tabCount
        Workload(
            "", operations: 10, each: true,
            BadgeEdits(
                virtualizer: virtualizer, count: 10,
                generator: SeededGenerator(seed: seed, stream: "badge-edits-warm-up"))
        ).run()
        return Workload(
            "edit-plus-frame-\(sizeLabel(size))", operations: count, each: true,
            BadgeEdits(
                virtualizer: virtualizer, count: count,
                generator: SeededGenerator(seed: seed, stream: "scaling-edits-\(size)")))
    }

    /// The width-index benchmarks of one size, on a bare `TabWidths`.
    static func widthEdits(tabs: Int, count: Int, seed: UInt64) throws(ScenarioError) -> [Workload] {
        let inputs = WidthEdits.inputs(
            tabs: tabs, count: count, seed: seed, widths: "edit-widths-\(tabs)", operations: "edit-ops-\(tabs)")
        guard let index = try? TabWidths(widths: inputs.widths) else {
            throw ScenarioError("TabWidths rejected \(tabs) widths")
        }
        return WidthEdits.workloads(index, operations: inputs.operations, label: sizeLabel(tabs))
    }

    package static func countedTabs(_ workload: InstructionWorkloadSize) -> [Int] { counted(workload).sizes }

    /// At one size: the build (whose strip the later benchmarks use), the first insert and remove on it, fling frames,
    /// badge edits, and the width-index edits.
    package static func counted(_ inputs: CountedInputs) -> [CountedBenchmark] {
        let parameters = counted(inputs.workload)
        let (label, tabs) = (sizeLabel(inputs.tabs), Format.integer(inputs.tabs))
        let failure = FailureBox()
        let (insertAt, removeAt) = (inputs.tabs / 2, inputs.tabs / 4)
        let indexEdits = Shared { () throws(ScenarioError) in
            try Self.widthEdits(tabs: inputs.tabs, count: parameters.edits, seed: inputs.seed)
        }
        var benchmarks = [
            CountedBenchmark(
                name: "build-per-tab-\(label)", unit: "instructions/tab",
                note: "TabStrip(titles:) of \(tabs) generated titles (measuring + index), per tab"
            ) {
                building("build-per-tab-\(label)", inputs.titles) { inputs.strip = $0 }
            } finish: { () throws(ScenarioError) in
                if inputs.strip == nil { throw ScenarioError("the engine rejected \(inputs.tabs) titles") }
            },
            CountedBenchmark(
                name: "first-insert-\(label)", unit: "instructions/edit",
                note:
                    "the first TabStrip.insertTabs (one title, half-way) on the strip just built from an array of \(tabs) titles, which it shares with that array"
            ) {
                let title = CollectionOfOne(inputs.titles[removeAt])
                return Workload("first-insert-\(label)", operations: 1) {
                    do throws(TabStripError) { try inputs.strip?.insertTabs(title, at: insertAt) } catch {
                        failure.error = error
                    }
                }
            },
            CountedBenchmark(
                name: "first-remove-\(label)", unit: "instructions/edit",
                note:
                    "the first TabStrip.removeTabs (one tab, a quarter of the way: another block and title chunk) on the same strip"
            ) {
                Workload("first-remove-\(label)", operations: 1) {
                    do throws(TabStripError) { try inputs.strip?.removeTabs(in: removeAt..<(removeAt + 1)) } catch {
                        failure.error = error
                    }
                }
            } finish: { () throws(ScenarioError) in
                try failure.check("the first edits at \(tabs) tabs")
                do throws(TabStripError) {
                    // Back to the strip the titles built (the inserted title moved
                    // one place down with the remove), unmeasured.
                    try inputs.strip?.removeTabs(in: (insertAt - 1)..<insertAt)
                    try inputs.strip?.insertTabs(CollectionOfOne(inputs.titles[removeAt]), at: removeAt)
                } catch { throw ScenarioError("restoring the tabs after the first edits at \(tabs) tabs: \(error)") }
            },
            CountedBenchmark(
                name: "fling-frame-\(label)", unit: "instructions/frame",
                note: "a fling frame at \(tabs) tabs (the scaling scenario's script): position + setContentOffset"
            ) { () throws(ScenarioError) in
                let strip = try inputs.builtStrip()
                return FlingFrames.workload(
                    "fling-frame-\(label)", try inputs.frameStrategy.make(strip: strip),
                    try FlingScript(
                        over: strip, frames: parameters.frames, seed: inputs.seed, stream: "scaling-\(strip.tabCount)"),
                    warmUp: parameters.warmUpFrames)
            },
            CountedBenchmark(
                name: "edit-plus-frame-\(label)", unit: "instructions/edit",
                note: "setBadge at a random tab + the next frame, through the virtualiser, at \(tabs) tabs"
            ) { () throws(ScenarioError) in
                badgeEdits(
                    try EngineFixture(strip: try inputs.builtStrip()).virtualizer, count: parameters.edits,
                    seed: inputs.seed)
            },
        ]
        let notes = [
            "TabWidths.setWidth(_:ofTab:) at a random tab + the next range query, at \(tabs) tabs",
            "TabWidths.insertTabs(widths:at:) of one width + the next range query, at \(tabs) tabs",
            "TabWidths.removeTabs(in:) of one tab + the next range query, at \(tabs) tabs",
        ]
        for (position, kind) in WidthEdits.Kind.allCases.enumerated() {
            benchmarks.append(
                CountedBenchmark(
                    name: "\(kind.rawValue)-plus-query-\(label)", unit: "instructions/edit", note: notes[position]
                ) { () throws(ScenarioError) in try indexEdits.get()[position] })
        }
        return benchmarks
    }

    package static func countedFigures(_ workload: InstructionWorkloadSize) -> [CountedFigure] {
        let parameters = counted(workload)
        let base = parameters.growthBase
        let figures = [
            ("fling-frame", "fling-frame", "instructions per fling frame"),
            ("edit-plus-frame", "edit-plus-frame", "instructions per badge edit + next frame"),
            ("width-change", "width-change-plus-query", "instructions per width change + query"),
            ("insert", "insert-plus-query", "instructions per insert + query"),
            ("remove", "remove-plus-query", "instructions per remove + query"),
            ("build-per-tab", "build-per-tab", "instructions per tab built (1 = linear)"),
            ("first-insert", "first-insert", "instructions of the first insert on a strip built from an array"),
            ("first-remove", "first-remove", "instructions of the first remove on a strip built from an array"),
        ]
        return parameters.sizes.filter { $0 > base }.flatMap { size in
            figures.map { figure, phase, what in
                CountedFigure.growth(
                    "\(figure)-growth-\(sizeLabel(size))-vs-\(sizeLabel(base))", "\(phase)-\(sizeLabel(size))",
                    over: "\(phase)-\(sizeLabel(base))",
                    note: "\(what) at \(Format.integer(size)) tabs over \(Format.integer(base))")
            }
        }
    }

    struct Point {
        var size: Int
        var frame: TimingSummary?
        var frameLoopMean: Double
        var build: TimingSummary?
        var buildCPU: Double?
        var layoutBytesPerTab: Double?
        var edit: TimingSummary?
        var widthChange: TimingSummary?
    }

    /// At each size: the titles; the strip's build timed (and its thread CPU time) and what it keeps alive; the fling
    /// frames on ``strategy`` (timing, loop and allocation passes); for the engine, the badge edits and the bare width
    /// changes timed. Then the growth ratios and the chart's curves.
    package func run(_ parameters: Parameters, in context: ScenarioContext) throws(ScenarioError) -> ScenarioOutput {
        var output = ScenarioOutput()
        let probe = context.allocations
        let seed = context.configuration.seed
        var points: [Point] = []
        for (step, size) in parameters.sizes.enumerated() {
            let label = sizeLabel(size)
            let titles = TitleGenerator.titles(count: size, seed: seed)
            // Each build's thread CPU time too: the growth of builds per tab compares 1 ms builds with 1 s ones, and
            // only the long ones lose time slices to other work on a shared machine.
            var builds = LatencyHistogram()
            var buildCPU = UInt64.max
            let building = Self.building("build-per-tab-\(label)", titles) { blackHole($0) }
            let repetitions =
                size <= 100_000
                ? Repetitions(warmUp: 1, samples: parameters.builds) : Repetitions(warmUp: 0, samples: 1)
            measure(repetitions, into: &builds) { _ in
                let cpuStart = ThreadCPUClock.now()
                building.run()
                buildCPU = Swift.min(buildCPU, ThreadCPUClock.now() &- cpuStart)
            }
            let retained = probe.measureRetained { try? EngineFixture.strip(titles: titles) }
            guard let strip = retained.result else { throw ScenarioError("the engine rejected \(size) titles") }
            let cpu = buildCPU == .max ? nil : Double(buildCPU)
            output.timing(
                "build-\(label)", builds, note: "TabStrip(titles:) of \(Format.integer(size)) generated titles")
            output.duration(
                "build-cpu-\(label)", nanoseconds: cpu,
                note: "the shortest thread CPU time of the timed builds (time slices lost to other work excluded)")
            output.bytes(
                "bytes-per-tab-\(label)", retained.figures.bytesPer(size), unit: "bytes/tab", fromAllocator: true,
                note: "net bytes the strip keeps alive per tab, titles excluded")

            let frames = try strategy.make(titles: titles)
            let script = try FlingScript(over: strip, frames: parameters.frames, seed: seed, stream: "scaling-\(size)")
            let result = FlingFrames.measure(frames, script, warmUp: parameters.warmUpFrames, probe: probe)
            output.timing("frame-\(label)", result.frames)
            output.duration("frame-loop-mean-\(label)", nanoseconds: result.loopMean)
            output.add(result.allocations.metrics("frame-allocations-\(label)")[0])
            var (edits, widthChanges) = (LatencyHistogram(), LatencyHistogram())
            if let engine = frames as? VirtualizedFrames {
                Self.badgeEdits(engine.fixture.virtualizer, count: parameters.edits, seed: seed).time { _, elapsed in
                    edits.record(elapsed)
                }
                output.timing(
                    "edit-plus-frame-\(label)", edits,
                    note: "setBadge at a random tab + the next frame (3 pt scroll), through the virtualiser")
                try Self.widthEdits(tabs: size, count: parameters.edits, seed: seed)[0].time { _, elapsed in
                    widthChanges.record(elapsed)
                }
                output.timing(
                    "width-change-plus-query-\(label)", widthChanges,
                    note: "TabWidths.setWidth at a random tab + the next range query")
            }
            points.append(
                Point(
                    size: size, frame: result.frames.summary, frameLoopMean: result.loopMean, build: builds.summary,
                    buildCPU: cpu, layoutBytesPerTab: retained.figures.bytesPer(size), edit: edits.summary,
                    widthChange: widthChanges.summary))
            context.reportProgress(Double(step + 1) / Double(parameters.sizes.count))
        }
        addGrowth(points, base: parameters.growthBase, into: &output)
        let name = strategy.strategyName
        func curve(_ title: String, unit: String = "ns", strategy: String = name, _ value: (Point) -> Double?) {
            output.curve(title, strategy, unit: unit, points.map { SeriesPoint(x: Double($0.size), y: value($0)) })
        }
        curve("per-frame time (p50)") { $0.frame?.p50 }
        curve("per-frame time (p99)") { $0.frame?.p99 }
        curve("strip build time (p50)") { $0.build?.p50 }
        curve("layout bytes per tab", unit: "bytes") { $0.layoutBytesPerTab }
        if strategy == .virtualized {
            curve("edit + next frame (p50)") { $0.edit?.p50 }
            curve("width change + next query (p50)", strategy: EngineReplayIndex<TabWidths>.strategyName) {
                $0.widthChange?.p50
            }
        }
        output.bytes(
            "peak-resident", ResidentMemory.peakBytes().map { Double($0) },
            note:
                "peak resident memory of the process so far (largest size \(Format.integer(parameters.sizes.max() ?? 0)) tabs)"
        )
        output.notes.append(
            "strategy: \(name); titles generated at every size; frames from a fling script per size (120 Hz)")
        return output
    }

    private func addGrowth(_ points: [Point], base size: Int, into output: inout ScenarioOutput) {
        guard let base = points.first(where: { $0.size == size }) else { return }
        let baseLabel = sizeLabel(base.size)
        let perTab = { (p: Point) in p.buildCPU.map { $0 / Double(p.size) } }
        for point in points where point.size > base.size {
            let suffix = "-growth-\(sizeLabel(point.size))-vs-\(baseLabel)"
            let sizes = "at \(Format.integer(point.size)) tabs over \(Format.integer(base.size))"
            output.ratio("frame" + suffix, point.frame?.p50, over: base.frame?.p50, note: "per-frame p50 \(sizes)")
            output.ratio("frame-p99" + suffix, point.frame?.p99, over: base.frame?.p99, note: "per-frame p99 \(sizes)")
            output.ratio(
                "frame-loop" + suffix, point.frameLoopMean, over: base.frameLoopMean, note: "loop-mean frame time")
            if strategy == .virtualized {
                output.ratio("edit" + suffix, point.edit?.p50, over: base.edit?.p50, note: "setBadge + next frame, p50")
                output.ratio(
                    "width-change" + suffix, point.widthChange?.p50, over: base.widthChange?.p50,
                    note: "TabWidths width change + next query, p50")
            }
            output.ratio(
                "build-per-tab" + suffix, perTab(point), over: perTab(base),
                note: "build CPU time per tab, shortest build of each size (1 = linear)")
        }
    }
}

/// A value made once, on first use, and shared by the benchmarks that count it one after the other.
final class Shared<Value> {
    private let make: () throws(ScenarioError) -> Value
    private var made: Value?
    init(_ make: @escaping () throws(ScenarioError) -> Value) { self.make = make }
    func get() throws(ScenarioError) -> Value {
        if let made { return made }
        let value = try make()
        made = value
        return value
    }
}
