import BenchInstruments
import TabStrip
import TabStripTestSupport

/// The fling and edit work of a host at 1k, 10k, 100k, 1M and 10M tabs:
/// per-frame p50 and p99, build time, layout bytes per tab, a badge edit
/// plus the next frame, and a bare width change plus the next range query;
/// with the growth of each from 10k tabs up. The curves of the scaling
/// chart for the engine (the `strategies` scenario adds the baselines).
package struct ScalingScenario: Scenario {
    /// Sizes and repetitions.
    package struct Parameters: ScenarioParameters, Sendable {
        /// Tab counts swept.
        package var sizes: [Int]
        /// The size growth ratios are taken against.
        package var growthBase: Int
        /// Fling frames per size.
        package var frames: Int
        /// Unmeasured frames first, per size.
        package var warmUpFrames: Int
        /// Badge edits (each with the next frame) and bare width changes per size.
        package var edits: Int
        /// Timed builds at sizes up to 100k (larger sizes are built once, timed).
        package var builds: Int

        /// Creates parameters.
        package init(sizes: [Int], growthBase: Int = 10_000, frames: Int, warmUpFrames: Int, edits: Int, builds: Int) {
            self.sizes = sizes
            self.growthBase = growthBase
            self.frames = frames
            self.warmUpFrames = warmUpFrames
            self.edits = edits
            self.builds = builds
        }

        /// Every parameter.
        package var recorded: [String: ParameterValue] {
            [
                "sizes": .list(sizes.map(ParameterValue.int)), "growthBase": .int(growthBase), "frames": .int(frames),
                "warmUpFrames": .int(warmUpFrames), "edits": .int(edits), "builds": .int(builds),
            ]
        }
    }

    /// How frames are shown (the engine, unless a test asks otherwise).
    package var strategy: FrameStrategyKind

    /// Creates the scenario.
    package init(strategy: FrameStrategyKind = .virtualized) {
        self.strategy = strategy
    }

    /// `scaling`.
    package var name: String { "scaling" }
    /// The sweep and the figures taken at each size, in one sentence.
    package var summary: String {
        "Fling frames, builds, bytes per tab and edits at 1k-10M tabs: per-frame p50/p99 and growth from 10k to 10M."
    }

    /// Sizes 1k, 10k, 100k, 1M and 10M, and `--titles` when it is not one
    /// of them; growth against 10k. Quick: 20,000 frames after 1,000
    /// unmeasured ones, 500 edits, 3 builds per size; full: 100,000 after
    /// 2,000, 2,000 edits, 5 builds.
    package func parameters(for configuration: RunConfiguration) -> Parameters {
        var sizes = [1_000, 10_000, 100_000, 1_000_000, 10_000_000]
        if let titles = configuration.titles, !sizes.contains(titles) {
            sizes.append(titles)
            sizes.sort()
        }
        switch configuration.mode {
        case .quick: return Parameters(sizes: sizes, frames: 20_000, warmUpFrames: 1_000, edits: 500, builds: 3)
        case .full: return Parameters(sizes: sizes, frames: 100_000, warmUpFrames: 2_000, edits: 2_000, builds: 5)
        }
    }

    /// Plays `count` badge edits at random tabs of `virtualizer`'s strip,
    /// each followed by the next frame (a 3 pt scroll, alternating), calling
    /// `around` with each edit's work (`setBadge` + `setContentOffset`); the
    /// random draws happen outside it. Shared by the timing pass and the
    /// instruction pass.
    /// - Complexity: `count` × (a badge change + a frame), at the cost the
    ///   engine documents for each.
    @inline(__always)
    static func playEdits(
        _ virtualizer: TabStripVirtualizer<BenchHost>, count: Int, generator: SeededGenerator,
        _ around: (_ work: () -> Void) -> Void
    ) {
        var random = generator
        let size = virtualizer.strip.tabCount
        var offset = virtualizer.strip.contentOffset
        for k in 0..<count {
            let tab = random.next(below: size)
            let badge = TabBadge.count(1 + random.next(below: 999))
            offset += k % 2 == 0 ? 3 : -3
            around {
                try? virtualizer.setBadge(badge, ofTab: tab)
                try? virtualizer.setContentOffset(offset)
            }
        }
    }

    /// What one size measured.
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

    /// At each size, generates the titles, times the strip's build and
    /// measures what it keeps alive, plays a fling script with
    /// ``strategy`` (timing, loop and allocation passes), and for the
    /// engine times badge edits with the next frame and bare width changes
    /// with the next query. Then the growth ratios from ``Parameters/growthBase``
    /// and the scaling-chart curves.
    /// - Throws: ``ScenarioError`` when the engine rejects a size's titles or
    ///   widths.
    /// - Complexity: per size s, O(s × `builds`) for the titles and builds
    ///   (one build above 100k); the frame passes at O(log s + k) per frame
    ///   for k tabs entering or leaving (O(s) per frame for a baseline
    ///   strategy); the edits at the cost the engine documents for them.
    ///   The largest size's titles and strip are held in memory.
    package func run(_ parameters: Parameters, in context: ScenarioContext) throws(ScenarioError) -> ScenarioOutput {
        var output = ScenarioOutput()
        let probe = context.allocations
        let seed = context.configuration.seed
        var points: [Point] = []
        var largestTitles = 0

        for (step, size) in parameters.sizes.enumerated() {
            let label = sizeLabel(size)
            let titles = TitleGenerator.titles(count: size, seed: seed)
            largestTitles = Swift.max(largestTitles, size)

            // Build: timed, then once more for what it leaves alive.
            var builds = LatencyHistogram()
            let repetitions =
                size <= 100_000
                ? Repetitions(warmUp: 1, samples: parameters.builds)
                : Repetitions(warmUp: 0, samples: 1)
            // Each build's thread CPU time too: the growth ratio of builds
            // per tab compares 1 ms builds with 1 s ones, and only the long
            // ones lose time slices to other work on a shared machine.
            var buildCPU = UInt64.max
            let building = BuildScenario.building("build-per-tab-\(label)", titles) { blackHole($0) }
            measure(repetitions, into: &builds) { _ in
                let cpuStart = ThreadCPUClock.now()
                building.pass()
                buildCPU = Swift.min(buildCPU, ThreadCPUClock.now() &- cpuStart)
            }
            let retained = probe.measureRetained { try? EngineFixture.strip(titles: titles) }
            guard let strip = retained.result else { throw ScenarioError("the engine rejected \(size) titles") }
            output.add(
                .timing("build-\(label)", builds, note: "TabStrip(titles:) of \(Format.integer(size)) generated titles")
            )
            let cpu = buildCPU == .max ? nil : Double(buildCPU)
            output.add(
                .duration(
                    "build-cpu-\(label)", nanoseconds: cpu,
                    note: "the shortest thread CPU time of the timed builds (time slices lost to other work excluded)"))
            output.add(
                .bytes(
                    "bytes-per-tab-\(label)", retained.figures.bytesPer(size), unit: "bytes/tab",
                    fromAllocator: true, note: "net bytes the strip keeps alive per tab, titles excluded"))

            // Fling frames.
            let frames = try strategy.make(titles: titles)
            let script = try FlingScript(
                frames: parameters.frames, bounds: strip.contentOffsetRange,
                viewportWidth: strip.viewport.width, seed: seed, stream: "scaling-\(size)")
            let result = FramePlayback.measure(frames, script, warmUp: parameters.warmUpFrames, probe: probe)
            output.add(.timing("frame-\(label)", result.frames))
            output.add(.duration("frame-loop-mean-\(label)", nanoseconds: result.loopMean))
            output.add(result.allocations.metrics("frame-allocations-\(label)")[0])

            // A badge edit at a random tab, then the next frame.
            var edits = LatencyHistogram()
            var widthChanges = LatencyHistogram()
            if let engine = frames as? VirtualizedFrames {
                let virtualizer = engine.fixture.virtualizer
                Self.playEdits(
                    virtualizer, count: parameters.edits,
                    generator: context.generator(stream: "scaling-edits-\(size)")
                ) { work in
                    let start = MonotonicClock.now()
                    work()
                    edits.record(MonotonicClock.elapsed(since: start))
                }
                output.add(
                    .timing(
                        "edit-plus-frame-\(label)", edits,
                        note: "setBadge at a random tab + the next frame (3 pt scroll), through the virtualiser"))

                // A bare width change + the next range query, on a copy of
                // the strip's widths.
                var widths: [Double] = []
                widths.reserveCapacity(size)
                try? strip.geometry.widths.forEachTab(in: 0..<size) { _, _, width in widths.append(width) }
                guard var index = try? TabWidths(widths: widths) else {
                    throw ScenarioError("TabWidths rejected \(size) widths")
                }
                let operations = WidthEditBench.operations(
                    count: parameters.edits, tabs: size,
                    contentWidth: index.totalWidth,
                    generator: context.generator(stream: "scaling-widths-\(size)"))
                widthChanges = WidthEditBench.measure(&index, operations: operations, probe: probe).widthChange
                output.add(
                    .timing(
                        "width-change-plus-query-\(label)", widthChanges,
                        note: "TabWidths.setWidth at a random tab + the next range query"))
            }
            points.append(
                Point(
                    size: size, frame: result.frames.summary, frameLoopMean: result.loopMean,
                    build: builds.summary, buildCPU: cpu, layoutBytesPerTab: retained.figures.bytesPer(size),
                    edit: edits.summary, widthChange: widthChanges.summary))
            context.reportProgress(Double(step + 1) / Double(parameters.sizes.count))
        }

        // Growth from the base size.
        if let base = points.first(where: { $0.size == parameters.growthBase }) {
            let baseLabel = sizeLabel(base.size)
            for point in points where point.size > base.size {
                let label = sizeLabel(point.size)
                output.add(
                    .ratio(
                        "frame-growth-\(label)-vs-\(baseLabel)", point.frame?.p50, over: base.frame?.p50,
                        note: "per-frame p50 at \(Format.integer(point.size)) tabs over \(Format.integer(base.size))"))
                output.add(
                    .ratio(
                        "frame-p99-growth-\(label)-vs-\(baseLabel)", point.frame?.p99, over: base.frame?.p99,
                        note: "per-frame p99 at \(Format.integer(point.size)) tabs over \(Format.integer(base.size))"))
                output.add(
                    .ratio(
                        "frame-loop-growth-\(label)-vs-\(baseLabel)", point.frameLoopMean,
                        over: base.frameLoopMean, note: "loop-mean frame time"))
                if strategy == .virtualized {
                    output.add(
                        .ratio(
                            "edit-growth-\(label)-vs-\(baseLabel)", point.edit?.p50, over: base.edit?.p50,
                            note: "setBadge + next frame, p50"))
                    output.add(
                        .ratio(
                            "width-change-growth-\(label)-vs-\(baseLabel)", point.widthChange?.p50,
                            over: base.widthChange?.p50, note: "TabWidths width change + next query, p50"))
                }
                let perTab = { (p: Point) in p.buildCPU.map { $0 / Double(p.size) } }
                output.add(
                    .ratio(
                        "build-per-tab-growth-\(label)-vs-\(baseLabel)", perTab(point), over: perTab(base),
                        note: "build CPU time per tab, shortest build of each size (1 = linear)"))
            }
        }

        let name = strategy.strategyName
        func series(_ title: String, unit: String = "ns", _ value: (Point) -> Double?) -> Series {
            Series(
                name: title, strategy: name, xUnit: "tabs", yUnit: unit,
                points: points.map { SeriesPoint(x: Double($0.size), y: value($0)) })
        }
        output.add(series("per-frame time (p50)") { $0.frame?.p50 })
        output.add(series("per-frame time (p99)") { $0.frame?.p99 })
        output.add(series("strip build time (p50)") { $0.build?.p50 })
        output.add(series("layout bytes per tab", unit: "bytes") { $0.layoutBytesPerTab })
        if strategy == .virtualized {
            output.add(series("edit + next frame (p50)") { $0.edit?.p50 })
            output.add(
                Series(
                    name: "width change + next query (p50)", strategy: EngineReplayIndex<TabWidths>.strategyName,
                    xUnit: "tabs", yUnit: "ns",
                    points: points.map { SeriesPoint(x: Double($0.size), y: $0.widthChange?.p50) }))
        }
        output.add(
            .bytes(
                "peak-resident", ResidentMemory.peakBytes().map { Double($0) },
                note: "peak resident memory of the process so far (largest size \(Format.integer(largestTitles)) tabs)")
        )
        output.notes.append(
            "strategy: \(name); titles generated at every size; frames from a fling script per size (120 Hz)")
        return output
    }
}
