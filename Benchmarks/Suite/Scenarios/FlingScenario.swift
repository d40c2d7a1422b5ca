import BenchInstruments
import TabStrip

/// Repeated fast flings over a strip of 100,000 titles at 120 Hz, each frame
/// a full update as a host sees it (`setContentOffset(fling.position(at:))`
/// on the virtualiser: visible range, recycled and configured cells,
/// indicator): per-frame latency, allocations per frame after warm-up,
/// cells created against reused; and the visible-range query on its own.
package struct FlingScenario: Scenario {
    /// Timed passes over the script whose lowest p99 is `target-frame-p99`.
    static let targetPasses = 3

    /// Times `count` operations in consecutive chunks of `chunk` (the last
    /// may be shorter) and returns each chunk's mean per operation, in
    /// nanoseconds.
    /// - Complexity: `count` operations, plus two clock readings per chunk.
    static func chunkMeans(of count: Int, chunk: Int, _ body: (Range<Int>) -> Void) -> [Double] {
        var means: [Double] = []
        means.reserveCapacity(count / Swift.max(1, chunk) + 1)
        var start = 0
        while start < count {
            let range = start..<Swift.min(count, start + chunk)
            let began = MonotonicClock.now()
            body(range)
            means.append(Double(MonotonicClock.elapsed(since: began)) / Double(range.count))
            start = range.upperBound
        }
        return means
    }

    /// Sizes and repetitions.
    package struct Parameters: ScenarioParameters, Sendable {
        /// Tabs in the strip.
        package var titles: Int
        /// Frames in the fling script (timed once, counted once).
        package var frames: Int
        /// Unmeasured frames first.
        package var warmUpFrames: Int

        /// Creates parameters.
        package init(titles: Int, frames: Int, warmUpFrames: Int) {
            self.titles = titles
            self.frames = frames
            self.warmUpFrames = warmUpFrames
        }

        /// Every parameter, the frame rate, the viewport width and the pool
        /// limit.
        package var recorded: [String: ParameterValue] {
            [
                "titles": .int(titles), "frames": .int(frames), "warmUpFrames": .int(warmUpFrames),
                "framesPerSecond": .int(120), "viewport": .double(EngineFixture.viewport.width),
                "poolLimit": .int(EngineFixture.poolLimit),
            ]
        }
    }

    /// How frames are shown (the engine, unless a test asks otherwise).
    package var strategy: FrameStrategyKind

    /// Creates the scenario.
    package init(strategy: FrameStrategyKind = .virtualized) {
        self.strategy = strategy
    }

    /// `fling`.
    package var name: String { "fling" }
    /// The fling script and the figures taken from it, in one sentence.
    package var summary: String {
        "Fast flings at 120 Hz over 100k tabs (2k-20k pt/s, chained momentum, bounces at both ends): per-frame update latency, allocations per frame, cells created vs reused; visible-range query, through the geometry and on the width index alone, against a flat-array reference in C."
    }

    /// 100,000 tabs (or `--titles`); 100,000 frames after 2,000 unmeasured
    /// ones in quick mode, 600,000 after 5,000 in full.
    package func parameters(for configuration: RunConfiguration) -> Parameters {
        let titles = configuration.titles ?? 100_000
        switch configuration.mode {
        case .quick: return Parameters(titles: titles, frames: 100_000, warmUpFrames: 2_000)
        case .full: return Parameters(titles: titles, frames: 600_000, warmUpFrames: 5_000)
        }
    }

    /// Plays the fling script on ``strategy`` (``measureFrames(_:_:warmUp:probe:into:)``),
    /// then times the bare visible-range query over the script's offsets
    /// and random ones (``measureQueries(_:offsets:randomOffsets:probe:into:)``).
    /// - Throws: ``ScenarioError`` when the engine rejects the titles or the
    ///   script.
    /// - Complexity: O(n) to build the strip over n tabs, then four passes
    ///   over the frames, O(log n + k) each for k tabs entering or leaving
    ///   (O(n) per frame for the baseline strategies); the script's offsets
    ///   are kept in memory.
    package func run(_ parameters: Parameters, in context: ScenarioContext) throws(ScenarioError) -> ScenarioOutput {
        var output = ScenarioOutput()
        let titles = TitleGenerator.titles(count: parameters.titles, seed: context.configuration.seed)
        let frames = try strategy.make(titles: titles)
        let strip = try EngineFixture.strip(titles: titles)
        let script = try FlingScript(
            frames: parameters.frames, bounds: strip.contentOffsetRange,
            viewportWidth: strip.viewport.width, seed: context.configuration.seed)
        context.reportProgress(0.1)
        let played = Self.measureFrames(
            frames, script, warmUp: parameters.warmUpFrames, probe: context.allocations, into: &output)
        context.reportProgress(0.6)
        Self.addScriptCounts(script, into: &output)
        try Self.measurePinnedFrames(
            strip, script, warmUp: parameters.warmUpFrames, probe: context.allocations, into: &output)

        // The random-access trace: as many offsets, uniform over the
        // content's scroll range (each query a jump, as TanStack's random
        // trace in the peers note).
        let offsets = script.offsets()
        var randomGenerator = context.generator(stream: "fling-random-offsets")
        let scrollRange = strip.contentOffsetRange
        let randomOffsets = offsets.map { _ in randomGenerator.next(in: scrollRange) }
        Self.measureQueries(
            strip, offsets: offsets, randomOffsets: randomOffsets, probe: context.allocations, into: &output)

        // Issue 2's frame targets, named so the report shows them.
        let tabs = Format.integer(parameters.titles)
        output.add(
            .duration(
                "target-frame-p99", nanoseconds: played.quietestP99,
                note:
                    "p99 of a full frame update at \(tabs) tabs (fling position + setContentOffset, clock read included); the lowest p99 of \(Self.targetPasses) timed passes over the script"
            ))
        output.add(
            .count(
                "target-frame-allocations", played.result.allocations.enginePerFrame,
                unit: "allocations/frame", fromAllocator: true,
                note: "allocations per frame of the engine at \(tabs) tabs over the fling script"))
        output.notes.append(
            "strategy: \(frames.strategyName); titles generated; viewport \(Format.number(strip.viewport.width)) pt, overscan \(Format.number(strip.layout.overscan)) pt, content \(Format.number(strip.contentWidth)) pt"
        )
        output.notes.append("every frame sample includes the fling's position(at:) and one clock reading")
        context.reportProgress(1)
        return output
    }

    /// The tabs a pinned strip pins: a "推荐" at the leading end and a "+"
    /// at the trailing end.
    package static let pins = PinnedTabs(leading: 1, trailing: 1)

    /// The same frames on the strip with ``pins``, through the virtualiser
    /// (its pinned cells placed again on every frame): their time and the
    /// engine's allocations per frame.
    /// - Throws: ``ScenarioError`` when the engine rejects the pins.
    static func measurePinnedFrames(
        _ strip: TabStrip, _ script: FlingScript, warmUp: Int, probe: any AllocationProbe,
        into output: inout ScenarioOutput
    ) throws(ScenarioError) {
        var pinned = strip
        do { try pinned.setPinnedTabs(pins) } catch { throw ScenarioError("the engine rejected the pins: \(error)") }
        let frames = try FrameStrategyKind.virtualized.make(strip: pinned)
        let result = FramePlayback.measure(frames, script, warmUp: warmUp, probe: probe)
        output.add(
            .timing(
                "pinned-frame", result.frames,
                note:
                    "one frame of the same script with the first and last tab pinned: fling position + setContentOffset (visible range, cells, the pinned cells placed again, indicator)"
            ))
        for metric in result.allocations.metrics("pinned-frame-allocations") { output.add(metric) }
    }

    /// Unmeasured frames, a pass timing every frame, a pass timed as one
    /// loop and a pass counted by the allocation probe
    /// (``FramePlayback/measure(_:_:warmUp:probe:)``), then more timing
    /// passes for the target's p99; adds the frame and cell figures.
    /// - Complexity: 3 + ``targetPasses`` passes over the script's frames.
    static func measureFrames(
        _ frames: any FrameStrategy, _ script: FlingScript, warmUp: Int, probe: any AllocationProbe,
        into output: inout ScenarioOutput
    ) -> (result: FramePlayback.Result, quietestP99: Double?) {
        let result = FramePlayback.measure(frames, script, warmUp: warmUp, probe: probe)
        // The target's p99: the timing pass above and more like it, each its
        // own distribution; the lowest p99 is the pass the machine's other
        // work disturbed least (whole passes slowed by a compile running
        // beside the bench would otherwise decide the target).
        var quietestP99 = result.frames.summary?.p99
        for _ in 1..<Self.targetPasses {
            var pass = LatencyHistogram()
            var steady = LatencyHistogram()
            var entering = LatencyHistogram()
            FramePlayback.time(
                frames, script, frames: 0..<script.frameCount, into: &pass, steady: &steady,
                entering: &entering)
            if let p99 = pass.summary?.p99 { quietestP99 = Swift.min(quietestP99 ?? p99, p99) }
        }
        output.add(
            .timing(
                "frame", result.frames,
                note:
                    "one frame: fling position at the frame's time + setContentOffset (visible range, cells, indicator)"
            ))
        if frames is VirtualizedFrames {
            output.add(
                .timing(
                    "frame-steady", result.steadyFrames,
                    note: "frames in which no cell entered (visible range, indicator check only)"))
            output.add(
                .timing(
                    "frame-entering", result.enteringFrames,
                    note: "frames in which at least one cell was configured for a tab that entered"))
            output.add(
                .ratio(
                    "entering-share", Double(result.enteringFrames.count), over: Double(result.frames.count),
                    note: "share of timed frames in which cells entered"))
        }
        output.add(
            .duration(
                "frame-loop-mean", nanoseconds: result.loopMean,
                note: "mean frame time over the whole script timed as one loop (no clock reads inside)"))
        for metric in result.allocations.metrics("frame-allocations") { output.add(metric) }
        output.add(
            .bytes(
                "frame-bytes", result.allocations.figures.bytesPer(result.framesPerPass), unit: "bytes/frame",
                fromAllocator: true, note: "bytes allocated per frame in the same pass (host cells included)"))

        // Cells: everything the host made over the whole run, against the
        // most cells ever visible plus what the pool may keep.
        if let engine = frames as? VirtualizedFrames {
            let counts = engine.fixture.cellCounts
            let cells: [(name: String, count: Int, note: String)] = [
                (
                    "cells-created", counts.created,
                    "cells the host made over the whole run (warm-up and passes included)"
                ),
                (
                    "cells-created-after-warm-up", result.cellsCreatedAfterWarmUp,
                    "cells made during the timing, loop and allocation passes"
                ),
                (
                    "cells-reused", counts.reused,
                    "cells taken from the pool or handed over directly from tabs that left"
                ),
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
            for cell in cells { output.add(.count(cell.name, Double(cell.count), unit: "cells", note: cell.note)) }
        }
        return (result, quietestP99)
    }

    /// The fling script's counts: frames, flings, carried releases, edge
    /// contacts, the fastest release.
    static func addScriptCounts(_ script: FlingScript, into output: inout ScenarioOutput) {
        output.add(.count("frames", Double(script.frameCount), unit: "frames"))
        output.add(.count("flings", Double(script.segments.count), unit: "flings"))
        output.add(
            .count(
                "carried-releases", Double(script.carriedReleases), unit: "flings",
                note: "flings released while the previous one still moved the same way (momentum carried)"))
        output.add(.count("leading-edge-contacts", Double(script.leadingEdgeContacts), unit: "flings"))
        output.add(.count("trailing-edge-contacts", Double(script.trailingEdgeContacts), unit: "flings"))
        output.add(
            .count(
                "fastest-release", script.fastestRelease, unit: "pt/s",
                note: "fastest fling velocity after carried momentum"))
    }

    /// Times the bare visible-range query over the script's `offsets` and
    /// `randomOffsets`: one sample per query, whole passes of each of
    /// ``Queries`` (the C reference's included), best of 5,
    /// interleaved; chunks of 64 queries; and counts the allocations of
    /// the plain and finger passes and the answers that disagree.
    /// - Complexity: O(q log n) per pass over q offsets and n tabs, about 20
    ///   passes; O(n) for the reference's flat array.
    static func measureQueries(
        _ strip: TabStrip, offsets: [Double], randomOffsets: [Double], probe: any AllocationProbe,
        into output: inout ScenarioOutput
    ) {
        let geometry = strip.geometry
        let overscan = strip.layout.overscan
        var samples = LatencyHistogram()
        measure(Repetitions(warmUp: Swift.min(1_000, offsets.count), samples: offsets.count), into: &samples) { run in
            blackHole(try? geometry.visibleTabs(atContentOffset: offsets[run], overscan: overscan))
        }
        // Whole passes (one clock reading per pass, best of 5), as other
        // engines' range computations are timed, of the scenario's queries
        // and the C reference's. Ratios to the reference hold when the
        // whole machine runs faster or slower, as this one does from hour
        // to hour.
        let queries = Queries(
            geometry, overscan: overscan, offsets: offsets, randomOffsets: randomOffsets, reference: true)
        // Made here, not in an allocation pass: a workload's closure context is allocated.
        let workloads = Queries.Pass.allCases.map(queries.workload)
        let (plainPass, fingerPass) = (queries.workload(.plain), queries.workload(.finger))
        let shortest = Dictionary(
            uniqueKeysWithValues: zip(Queries.Pass.allCases, Workload.shortestPasses(workloads, rounds: 5)))
        func pass(_ kind: Queries.Pass) -> Double? { shortest[kind].map(Double.init) }
        func perQuery(_ kind: Queries.Pass) -> Double? {
            let count = kind.isRandom ? randomOffsets.count : offsets.count
            return pass(kind).map { $0 / Double(Swift.max(1, count)) }
        }
        let widths = geometry.widths
        let viewportWidth = geometry.viewport.width
        let flatMismatches = RangeQueryPass.flatMismatches(
            widths, flatOffsets: queries.flatOffsets, offsets: offsets + randomOffsets, length: viewportWidth)
        let fingerMismatches = RangeQueryPass.fingerMismatches(geometry, offsets: offsets, overscan: overscan)
        let indexMismatches = RangeQueryPass.cursorMismatches(
            widths, offsets: offsets + randomOffsets, length: viewportWidth)
        let fingerAllocations = probe.measure { fingerPass.pass() }.figures
        // The target: the median over chunks of 64 consecutive queries of
        // the mean per query. A chunk (about 5 µs) is long enough for one
        // clock reading not to matter and short enough that the time the
        // machine takes away (preemptions, a hypervisor's steal) lands in a
        // few chunks only; a whole-loop mean absorbs all of it (0.5 ms loops
        // read 250-450 ns per query under load, against 85 ns quiet).
        let chunkMeans = Self.chunkMeans(of: offsets.count, chunk: 64) { range in
            for index in range {
                blackHole(try? geometry.visibleTabs(atContentOffset: offsets[index], overscan: overscan))
            }
        }
        let queryAllocations = probe.measure { plainPass.pass() }.figures
        let tabs = Format.integer(strip.tabCount)
        func addLoopMeans(_ rows: [(name: String, pass: Queries.Pass, note: String)]) {
            for row in rows { output.add(.duration(row.name, nanoseconds: perQuery(row.pass), note: row.note)) }
        }
        output.add(
            .timing(
                "range-query", samples,
                note:
                    "TabStripGeometry.visibleTabs(atContentOffset:overscan:) at \(Format.integer(strip.tabCount)) tabs, one sample per offset of the script"
            ))
        addLoopMeans([
            ("range-query-loop-mean", .plain, "mean over the offsets, whole passes timed as one loop each (best of 5)"),
            (
                "range-query-finger-loop-mean", .finger,
                "visibleTabs(atContentOffset:overscan:cursor:) through one cursor for the trace (finger search), whole passes (best of 5)"
            ),
            (
                "range-query-near-loop-mean", .near,
                "visibleTabs(atContentOffset:overscan:near:) from the previous frame's range as a hint (no cursor), whole passes (best of 5)"
            ),
            (
                "range-query-random-loop-mean", .random,
                "visibleTabs(atContentOffset:overscan:) at \(Format.integer(randomOffsets.count)) uniformly random offsets, whole passes (best of 5)"
            ),
            (
                "index-query-finger-loop-mean", .indexFinger,
                "TabWidths.tabs(overlapping:length:cursor:) over the viewport at the script's offsets, one cursor for the trace: the index alone, like for like with other engines' range computations; whole passes (best of 5)"
            ),
            (
                "index-query-random-loop-mean", .indexRandom,
                "TabWidths.tabs(overlapping:length:) over the viewport at the same random offsets: the index alone; whole passes (best of 5)"
            ),
        ])
        output.add(
            .count(
                "index-query-finger-mismatches", Double(indexMismatches), unit: "queries",
                note:
                    "queries (script's and random offsets, one cursor through both) where the index's query through the cursor answered differently from its plain query"
            ))
        addLoopMeans([
            (
                "reference-flat-query-fling-loop-mean", .flat,
                "the reference: a flat array of the same leading offsets in C (-O3), a branchless binary search for the first tab and a walk to the last (TanStack's calculateRangeImpl's shape), at the script's offsets; whole passes (best of 5)"
            ),
            (
                "reference-flat-query-random-loop-mean", .flatRandom,
                "the same reference at the same random offsets as the index's; whole passes (best of 5)"
            ),
            (
                "reference-gallop-query-fling-loop-mean", .gallop,
                "the reference searching outwards from its previous answer (galloping), at the script's offsets; whole passes (best of 5)"
            ),
        ])
        output.add(
            .count(
                "reference-mismatches", Double(flatMismatches), unit: "queries",
                note:
                    "queries (script's and random offsets) where the reference, from scratch or from its previous answer, answered differently from the index's plain query"
            ))
        output.add(
            .ratio(
                "index-query-random-vs-reference", pass(.indexRandom), over: pass(.flatRandom),
                note:
                    "the index alone at random offsets over the reference, same offsets, same run"
            ))
        output.add(
            .ratio(
                "index-query-finger-vs-reference", pass(.indexFinger), over: pass(.flat),
                note:
                    "the index alone through a cursor over the reference from scratch, script's offsets, same run"
            ))
        output.add(
            .ratio(
                "index-query-finger-vs-gallop", pass(.indexFinger), over: pass(.gallop),
                note: "the index alone through a cursor over the galloping reference, script's offsets, same run"))
        output.add(
            .ratio(
                "range-query-finger-vs-plain", pass(.finger), over: pass(.plain),
                note: "finger search over the plain query, same offsets, same run"))
        output.add(
            .count(
                "range-query-finger-mismatches", Double(fingerMismatches), unit: "queries",
                note:
                    "queries where the finger search (through the cursor, or from the previous range) answered differently from the plain query"
            ))
        output.add(
            .count(
                "range-query-finger-allocations", fingerAllocations.allocationsPer(offsets.count),
                unit: "allocations/query", fromAllocator: true))
        output.add(
            .count(
                "range-query-allocations", queryAllocations.allocationsPer(offsets.count),
                unit: "allocations/query", fromAllocator: true))

        // The figures the thresholds hold the engine to, named so the report shows them.
        addLoopMeans([
            (
                "target-range-query", .plain,
                "mean time of a visible-range query from scratch at \(tabs) tabs (whole passes over the script's offsets, best of 5)"
            ),
            (
                "target-range-query-finger", .finger,
                "mean time of a fling frame's range query from the previous one (through a cursor) at \(tabs) tabs (whole passes over the script's offsets, best of 5)"
            ),
            (
                "target-range-query-random", .random,
                "mean time of a range query at random offsets at \(tabs) tabs (whole passes, best of 5)"
            ),
            (
                "target-index-query-finger", .indexFinger,
                "mean time of the width index alone through a cursor at \(tabs) tabs, the work TanStack's calculateRangeImpl does (whole passes over the script's offsets, best of 5)"
            ),
            (
                "target-index-query-random", .indexRandom,
                "mean time of the width index alone at random offsets at \(tabs) tabs, the work TanStack's calculateRangeImpl does (whole passes, best of 5)"
            ),
        ])
        output.add(
            .duration(
                "range-query-chunk-median", nanoseconds: chunkMeans.isEmpty ? nil : median(chunkMeans),
                note:
                    "the median over chunks of 64 of the script's offsets of the mean per query (robust to preemption)")
        )
    }
}

extension FlingScenario {
    /// The scenario's visible-range queries over a strip's geometry at a
    /// fling script's offsets and at random ones, declared once: the
    /// scenario times each pass and counts the allocations of two; the
    /// instruction pass counts every pass of ``counted``, one phase each,
    /// named by its raw value. The C reference's passes are timed only (its
    /// flat array is built for them alone).
    struct Queries {
        /// One pass over a trace.
        enum Pass: String, CaseIterable {
            /// `visibleTabs(atContentOffset:overscan:)` at the script's offsets.
            case plain = "range-query-fling"
            /// The same through one `TabRangeCursor` for the trace.
            case finger = "range-query-finger"
            /// The same from the previous answer given as a hint, no cursor.
            case near = "range-query-near"
            /// `visibleTabs(atContentOffset:overscan:)` at the random offsets.
            case random = "range-query-random"
            /// The index alone through one cursor at the script's offsets.
            case indexFinger = "index-query-finger"
            /// The index alone at the random offsets.
            case indexRandom = "index-query-random"
            /// The C reference from scratch at the script's offsets.
            case flat = "reference-flat-query-fling"
            /// The reference from scratch at the random offsets.
            case flatRandom = "reference-flat-query-random"
            /// The reference galloping from its previous answer.
            case gallop = "reference-gallop-query-fling"

            /// Whether it runs over the random offsets.
            var isRandom: Bool { self == .random || self == .indexRandom || self == .flatRandom }
        }

        /// The passes the instruction pass counts, in its phases' order.
        static var counted: [Pass] { [.plain, .finger, .near, .random, .indexFinger, .indexRandom] }

        let geometry: TabStripGeometry
        let overscan: Double
        let offsets: [Double]
        let randomOffsets: [Double]
        /// The C reference's flat array (every tab's leading offset, then
        /// the row's end), or empty when only ``counted`` passes run.
        let flatOffsets: [Double]

        /// The queries over `geometry` at `offsets` and `randomOffsets`;
        /// with `reference`, the flat array the C reference searches too.
        /// - Complexity: O(n) with `reference`, O(1) without.
        init(
            _ geometry: TabStripGeometry, overscan: Double, offsets: [Double], randomOffsets: [Double],
            reference: Bool
        ) {
            self.geometry = geometry
            self.overscan = overscan
            self.offsets = offsets
            self.randomOffsets = randomOffsets
            flatOffsets = reference ? RangeQueryPass.flatOffsets(geometry.widths) : []
        }

        /// One pass of `pass` (a reference pass needs the flat array).
        func workload(_ pass: Pass) -> Workload {
            let (geometry, overscan, offsets, randomOffsets) = (geometry, overscan, offsets, randomOffsets)
            let (widths, length, flatOffsets) = (geometry.widths, geometry.viewport.width, flatOffsets)
            precondition(!pass.rawValue.hasPrefix("reference") || !flatOffsets.isEmpty, "no flat array")
            return Workload(name: pass.rawValue, operations: pass.isRandom ? randomOffsets.count : offsets.count) {
                switch pass {
                case .plain: RangeQueryPass.plain(geometry, offsets: offsets, overscan: overscan)
                case .finger: RangeQueryPass.throughCursor(geometry, offsets: offsets, overscan: overscan)
                case .near: RangeQueryPass.fromHint(geometry, offsets: offsets, overscan: overscan)
                case .random: RangeQueryPass.plain(geometry, offsets: randomOffsets, overscan: overscan)
                case .indexFinger: RangeQueryPass.indexThroughCursor(widths, offsets: offsets, length: length)
                case .indexRandom: RangeQueryPass.index(widths, offsets: randomOffsets, length: length)
                case .flat: RangeQueryPass.flat(flatOffsets, offsets: offsets, length: length)
                case .flatRandom: RangeQueryPass.flat(flatOffsets, offsets: randomOffsets, length: length)
                case .gallop: RangeQueryPass.flatNear(flatOffsets, offsets: offsets, length: length)
                }
            }
        }
    }
}
