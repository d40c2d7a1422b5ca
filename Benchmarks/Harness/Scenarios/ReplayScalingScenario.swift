import TabStripCore

/// How range queries and index builds scale with the tab count, for each
/// replay index strategy, over a fling trace: the engine's `FlatTabWidths`
/// (prefix sums and binary search) against a linear scan. `TabWidths` joins
/// as a third strategy when it lands.
public struct ReplayScalingScenario: Scenario {
    /// Sizes and repetitions.
    public struct Parameters: ScenarioParameters {
        /// Tab counts swept.
        public var sizes: [Int]
        /// Queries per size (one per trace frame).
        public var queries: Int
        /// Builds timed per size.
        public var builds: Int
        /// Largest size the linear scan is run at.
        public var linearLimit: Int
        /// Queries given to the linear scan.
        public var linearQueries: Int
        /// Viewport width in points.
        public var viewport: Double

        public var recorded: [String: ParameterValue] {
            ["sizes": .list(sizes.map(ParameterValue.int)), "queries": .int(queries), "builds": .int(builds),
             "linearLimit": .int(linearLimit), "linearQueries": .int(linearQueries),
             "viewport": .double(viewport)]
        }
    }

    /// Creates the scenario.
    public init() {}

    public var name: String { "replay-ranges" }
    public var summary: String {
        "Visible-range queries over a fling trace and index builds against the tab count, per replay index strategy."
    }

    public func parameters(for configuration: RunConfiguration) -> Parameters {
        var sizes = [1_000, 10_000, 100_000, 1_000_000]
        if configuration.mode == .full { sizes.append(10_000_000) }
        if let titles = configuration.titles, !sizes.contains(titles) {
            sizes.append(titles)
            sizes.sort()
        }
        switch configuration.mode {
        case .quick:
            return Parameters(sizes: sizes, queries: 20_000, builds: 3, linearLimit: 100_000,
                              linearQueries: 500, viewport: 390)
        case .full:
            return Parameters(sizes: sizes, queries: 100_000, builds: 7, linearLimit: 100_000,
                              linearQueries: 2_000, viewport: 390)
        }
    }

    /// `1k`, `10k`, `1m`, or the plain number.
    static func label(_ size: Int) -> String {
        if size >= 1_000_000, size % 1_000_000 == 0 { return "\(size / 1_000_000)m" }
        if size >= 1_000, size % 1_000 == 0 { return "\(size / 1_000)k" }
        return "\(size)"
    }

    /// The engine's flat index, as a replay strategy.
    typealias Flat = EngineReplayIndex<FlatTabWidths>

    public func run(_ parameters: Parameters, in context: ScenarioContext) throws(ScenarioError) -> ScenarioOutput {
        var output = ScenarioOutput()
        var queryMean: [Int: Double] = [:]
        var flatQuery: [SeriesPoint] = [], flatQueryP99: [SeriesPoint] = [], flatBuild: [SeriesPoint] = []
        var linearQuery: [SeriesPoint] = [], linearBuild: [SeriesPoint] = []
        let probe = context.allocations
        let trace = DecayingFlingTrace()

        for (step, size) in parameters.sizes.enumerated() {
            var random = context.generator(stream: "replay-widths-\(size)")
            let widths = (0..<size).map { _ in Double(40 + random.next(below: 200)) }
            let total = widths.reduce(0, +)
            let offsets = trace.offsets(frames: parameters.queries, contentWidth: total,
                                        viewportWidth: parameters.viewport, seed: context.configuration.seed)
            let label = Self.label(size)

            // Timing pass: builds, then queries.
            var builds = LatencyHistogram()
            measure(Repetitions(warmUp: 1, samples: parameters.builds), into: &builds) { _ in
                blackHole(Flat(validatedWidths: widths))
            }
            let flat = Flat(validatedWidths: widths)
            var queries = LatencyHistogram()
            measure(Repetitions(warmUp: min(1_000, offsets.count), samples: offsets.count), into: &queries) { run in
                blackHole(flat.tabs(overlapping: offsets[run], length: parameters.viewport))
            }
            // The mean over an untimed loop: below the clock's resolution,
            // per-query samples are quantised, so growth ratios use this.
            let loopTime = timeOnce {
                for offset in offsets { blackHole(flat.tabs(overlapping: offset, length: parameters.viewport)) }
            }.nanoseconds
            let loopMean = Double(loopTime) / Double(max(1, offsets.count))
            output.add(.timing("build-\(label)", builds))
            output.add(.timing("query-\(label)", queries))
            output.add(.duration("query-loop-mean-\(label)", nanoseconds: loopMean,
                                 note: "mean of \(Format.integer(offsets.count)) queries timed as one loop"))
            let querySummary = queries.summary
            queryMean[size] = loopMean
            flatQuery.append(SeriesPoint(x: Double(size), y: querySummary?.p50))
            flatQueryP99.append(SeriesPoint(x: Double(size), y: querySummary?.p99))
            flatBuild.append(SeriesPoint(x: Double(size), y: builds.summary?.p50))

            // Allocation pass: bytes per tab of a build, allocations of the queries.
            let build = probe.measure { Flat(validatedWidths: widths) }
            blackHole(build.result)
            output.add(.bytes("bytes-per-tab-\(label)", build.figures.bytesPer(size), unit: "bytes/tab",
                              fromAllocator: true,
                              note: "bytes allocated by one build from a [Double], per tab (the widths array may be shared with the caller)"))
            let queryAllocations = probe.measure {
                for offset in offsets { blackHole(flat.tabs(overlapping: offset, length: parameters.viewport)) }
            }.figures
            output.add(.count("query-allocations-\(label)", queryAllocations.allocations.map(Double.init),
                              unit: "allocations", fromAllocator: true,
                              note: "allocations over \(Format.integer(offsets.count)) queries"))

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
                    blackHole(linear.tabs(overlapping: offsets[(run * stride) % offsets.count], length: parameters.viewport))
                }
                output.add(.timing("query-linear-\(label)", linearQueries))
                linearQuery.append(SeriesPoint(x: Double(size), y: linearQueries.summary?.p50))
                linearBuild.append(SeriesPoint(x: Double(size), y: linearBuilds.summary?.p50))
            }
            context.reportProgress(Double(step + 1) / Double(parameters.sizes.count))
        }

        output.add(.ratio("query-growth-1m-vs-10k", queryMean[1_000_000], over: queryMean[10_000],
                          note: "loop-mean query time at 1M tabs over 10k tabs (logarithmic: about 1.5, plus cache misses)"))
        if parameters.sizes.contains(10_000_000) {
            output.add(.ratio("query-growth-10m-vs-10k", queryMean[10_000_000], over: queryMean[10_000],
                              note: "full runs only"))
        }
        if let linear = output.metrics.first(where: { $0.name == "query-linear-100k" })?.timing,
           let flat = output.metrics.first(where: { $0.name == "query-100k" })?.timing {
            output.add(.ratio("linear-vs-flat-100k", linear.p50, over: flat.p50,
                              note: "p50 query time of the linear scan over the flat index at 100k tabs"))
        }
        let flatName = Flat.strategyName, linearName = LinearScanIndex.strategyName
        output.add(Series(name: "range query (p50)", strategy: flatName, xUnit: "tabs", yUnit: "ns", points: flatQuery))
        output.add(Series(name: "range query (p50)", strategy: linearName, xUnit: "tabs", yUnit: "ns", points: linearQuery))
        output.add(Series(name: "range query (p99)", strategy: flatName, xUnit: "tabs", yUnit: "ns", points: flatQueryP99))
        output.add(Series(name: "build time (p50)", strategy: flatName, xUnit: "tabs", yUnit: "ns", points: flatBuild))
        output.add(Series(name: "build time (p50)", strategy: linearName, xUnit: "tabs", yUnit: "ns", points: linearBuild))
        output.notes.append("offsets: \(trace.name), viewport \(Format.number(parameters.viewport)) pt; widths uniform 40-239 pt")
        return output
    }
}
