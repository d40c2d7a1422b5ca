import BenchInstruments
import TabStrip
import TabStripTestSupport

/// Range queries and index builds against the tab count, per replay index strategy: `TabWidths` (figures without a
/// suffix), `FlatTabWidths` (`-flat`) and a linear scan.
package struct ReplayScalingScenario: Scenario {
    package struct Parameters: ScenarioParameters, Sendable {
        package var sizes: [Int]
        package var queries: Int
        package var builds: Int
        package var linearLimit: Int
        package var linearQueries: Int
        package var viewport: Double
    }

    package let name = "replay-ranges"
    package let summary =
        "Visible-range queries over a fling trace and index builds against the tab count, per replay index strategy."

    package func parameters(for configuration: RunConfiguration) -> Parameters {
        let quick = configuration.mode == .quick
        let sizes = configuration.sweep([1_000, 10_000, 100_000, 1_000_000] + (quick ? [] : [10_000_000]))
        return Parameters(
            sizes: sizes, queries: quick ? 20_000 : 100_000, builds: quick ? 3 : 7, linearLimit: 100_000,
            linearQueries: quick ? 500 : 2_000, viewport: 390)
    }

    typealias Tree = EngineReplayIndex<TabWidths>
    typealias Flat = EngineReplayIndex<FlatTabWidths>

    struct Curves {
        var query: [SeriesPoint] = []
        var queryP99: [SeriesPoint] = []
        var build: [SeriesPoint] = []
    }

    /// Times builds and queries of `Index` over `widths`, then counts their allocations in a separate pass; adds
    /// metrics named `<figure>-<size><suffix>` and returns the loop-mean query time.
    func measureIndex<Index: ReplayIndex>(
        _ type: Index.Type, suffix: String, widths: [Double], offsets: [Double], label: String,
        parameters: Parameters, probe: any AllocationProbe, output: inout ScenarioOutput, curves: inout Curves
    ) -> Double {
        let size = Double(widths.count)
        var builds = LatencyHistogram()
        measure(Repetitions(warmUp: 1, samples: parameters.builds), into: &builds) { _ in
            blackHole(Index(validatedWidths: widths))
        }
        let index = Index(validatedWidths: widths)
        var queries = LatencyHistogram()
        measure(Repetitions(warmUp: min(1_000, offsets.count), samples: offsets.count), into: &queries) { run in
            blackHole(index.tabs(overlapping: offsets[run], length: parameters.viewport))
        }
        // Below the clock's resolution, per-query samples are quantised, so growth ratios use the chunks' median.
        let chunkMeans = FlingScenario.chunkMeans(of: offsets.count, chunk: 64) { range in
            for run in range { blackHole(index.tabs(overlapping: offsets[run], length: parameters.viewport)) }
        }
        let loopMean = chunkMeans.isEmpty ? 0 : median(chunkMeans)
        output.timing("build-\(label)\(suffix)", builds)
        output.timing("query-\(label)\(suffix)", queries)
        output.duration(
            "query-loop-mean-\(label)\(suffix)", nanoseconds: loopMean,
            note:
                "mean per query over \(Format.integer(offsets.count)) queries: the median over chunks of 64 of each chunk's mean"
        )
        curves.query.append(SeriesPoint(x: size, y: queries.summary?.p50))
        curves.queryP99.append(SeriesPoint(x: size, y: queries.summary?.p99))
        curves.build.append(SeriesPoint(x: size, y: builds.summary?.p50))

        // Allocation pass: bytes per tab of a build, allocations of the queries.
        let build = probe.measure { Index(validatedWidths: widths) }
        blackHole(build.result)
        output.bytes(
            "bytes-per-tab-\(label)\(suffix)", build.figures.bytesPer(widths.count), unit: "bytes/tab",
            fromAllocator: true,
            note: "bytes allocated by one build from a [Double], per tab (an index may share the caller's array)")
        let queryAllocations = probe.measure {
            for offset in offsets { blackHole(index.tabs(overlapping: offset, length: parameters.viewport)) }
        }.figures
        output.count(
            "query-allocations-\(label)\(suffix)", queryAllocations.allocations.map { Double($0) }, unit: "allocations",
            fromAllocator: true, note: "allocations over \(Format.integer(offsets.count)) queries")
        return loopMean
    }

    /// At each size, generates uniform widths and a ``DecayingFlingTrace``; for `TabWidths` and `FlatTabWidths`, times
    /// builds, then queries one by one and as one loop, then counts a build's bytes and the queries' allocations; times
    /// the linear scan where it runs. Then the growth ratios and the scaling-chart curves. Does not throw.
    package func run(_ parameters: Parameters, in context: ScenarioContext) throws(ScenarioError) -> ScenarioOutput {
        var output = ScenarioOutput()
        var queryMean: [Int: Double] = [:]
        var tree = Curves()
        var flat = Curves()
        var linearCurves = Curves()
        let probe = context.allocations
        let trace = DecayingFlingTrace()

        for (step, size) in parameters.sizes.enumerated() {
            var random = context.generator(stream: "replay-widths-\(size)")
            let widths = (0..<size).map { _ in Double(40 + random.next(below: 200)) }
            let total = widths.reduce(0, +)
            let offsets = trace.offsets(
                frames: parameters.queries, contentWidth: total,
                viewportWidth: parameters.viewport, seed: context.configuration.seed)
            let label = sizeLabel(size)
            queryMean[size] = measureIndex(
                Tree.self, suffix: "", widths: widths, offsets: offsets, label: label,
                parameters: parameters, probe: probe, output: &output, curves: &tree)
            _ = measureIndex(
                Flat.self, suffix: "-flat", widths: widths, offsets: offsets, label: label,
                parameters: parameters, probe: probe, output: &output, curves: &flat)

            if size <= parameters.linearLimit {
                var linearBuilds = LatencyHistogram()
                measure(Repetitions(warmUp: 1, samples: parameters.builds), into: &linearBuilds) { _ in
                    blackHole(LinearScanIndex(validatedWidths: widths))
                }
                let linear = LinearScanIndex(validatedWidths: widths)
                // Every stride-th offset, so the sample spans the whole trace.
                let count = min(parameters.linearQueries, offsets.count)
                let stride = max(1, offsets.count / max(1, count))
                var linearQueries = LatencyHistogram()
                measure(Repetitions(warmUp: min(10, count), samples: count), into: &linearQueries) { run in
                    blackHole(
                        linear.tabs(overlapping: offsets[(run * stride) % offsets.count], length: parameters.viewport))
                }
                output.timing("query-linear-\(label)", linearQueries)
                linearCurves.query.append(SeriesPoint(x: Double(size), y: linearQueries.summary?.p50))
                linearCurves.build.append(SeriesPoint(x: Double(size), y: linearBuilds.summary?.p50))
            }
            context.reportProgress(Double(step + 1) / Double(parameters.sizes.count))
        }

        output.ratio(
            "query-growth-1m-vs-10k", queryMean[1_000_000], over: queryMean[10_000],
            note:
                "TabWidths mean query time (median of 64-query chunk means) at 1M tabs over 10k tabs (logarithmic: about 1.5, plus cache misses)"
        )
        if parameters.sizes.contains(10_000_000) {
            output.ratio(
                "query-growth-10m-vs-10k", queryMean[10_000_000], over: queryMean[10_000], note: "full runs only")
        }
        if let linear = output.metrics.first(where: { $0.name == "query-linear-100k" })?.timing,
            let indexed = output.metrics.first(where: { $0.name == "query-100k" })?.timing
        {
            output.ratio(
                "linear-vs-index-100k", linear.p50, over: indexed.p50,
                note: "p50 query time of the linear scan over TabWidths at 100k tabs")
        }
        for (name, curves) in [(Tree.strategyName, tree), (Flat.strategyName, flat)] {
            output.curve("range query (p50)", name, curves.query)
            output.curve("range query (p99)", name, curves.queryP99)
            output.curve("build time (p50)", name, curves.build)
        }
        output.curve("range query (p50)", LinearScanIndex.strategyName, linearCurves.query)
        output.curve("build time (p50)", LinearScanIndex.strategyName, linearCurves.build)
        output.notes.append(
            "offsets: \(trace.name), viewport \(Format.number(parameters.viewport)) pt; widths uniform 40-239 pt")
        output.notes.append("metrics without a suffix are TabWidths's; -flat marks FlatTabWidths")
        return output
    }
}
