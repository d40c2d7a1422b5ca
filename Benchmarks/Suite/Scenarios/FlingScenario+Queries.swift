import BenchInstruments
import TabStrip

extension FlingScenario {
    /// Times `count` operations in consecutive chunks of `chunk` (the last may be shorter) and returns each chunk's
    /// mean per operation, in nanoseconds. Their median is robust to preemption: a chunk of 64 is long enough for one
    /// clock reading not to matter and short enough that the time the machine takes away (preemptions, a hypervisor's
    /// steal) lands in a few chunks only, where a whole-loop mean absorbs all of it.
    static func chunkMeans(of count: Int, chunk: Int, _ body: (Range<Int>) -> Void) -> [Double] {
        var means: [Double] = []
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

    /// Times the bare visible-range query over the script's offsets and random ones: one sample per query, whole passes
    /// of each of ``Queries`` (the C reference's included), best of 5, interleaved; chunks of 64 queries; and counts
    /// the allocations of the plain and finger passes and the answers that disagree.
    static func measureQueries(_ queries: Queries, probe: any AllocationProbe, into output: inout ScenarioOutput) {
        let (geometry, overscan) = (queries.geometry, queries.overscan)
        let (offsets, randomOffsets) = (queries.offsets, queries.randomOffsets)
        var samples = LatencyHistogram()
        measure(Repetitions(warmUp: Swift.min(1_000, offsets.count), samples: offsets.count), into: &samples) { run in
            blackHole(try? geometry.visibleTabs(atContentOffset: offsets[run], overscan: overscan))
        }
        // Whole passes (one clock reading per pass, best of 5), as other engines' range computations are timed, of the
        // scenario's queries and the C reference's. Ratios to the reference hold when the whole machine runs faster or
        // slower, as this one does from hour to hour. Made here, not in an allocation pass: a workload's closure
        // context is allocated.
        let workloads = Queries.Pass.allCases.map(queries.workload)
        let (plainPass, fingerPass) = (queries.workload(.plain), queries.workload(.finger))
        let shortest = Dictionary(
            uniqueKeysWithValues: zip(Queries.Pass.allCases, Workload.shortestPasses(workloads, rounds: 5)))
        func pass(_ kind: Queries.Pass) -> Double? { shortest[kind].map { Double($0) } }
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
        let fingerAllocations = probe.measure(fingerPass.run).figures
        let chunkMeans = FlingScenario.chunkMeans(of: offsets.count, chunk: 64) { range in
            for index in range {
                blackHole(try? geometry.visibleTabs(atContentOffset: offsets[index], overscan: overscan))
            }
        }
        let queryAllocations = probe.measure(plainPass.run).figures
        let tabs = Format.integer(geometry.widths.count)
        func addLoopMeans(_ rows: [(name: String, pass: Queries.Pass, note: String)]) {
            for row in rows { output.duration(row.name, nanoseconds: perQuery(row.pass), note: row.note) }
        }
        output.timing(
            "range-query", samples,
            note:
                "TabStripGeometry.visibleTabs(atContentOffset:overscan:) at \(tabs) tabs, one sample per offset of the script"
        )
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
        output.count(
            "index-query-finger-mismatches", Double(indexMismatches), unit: "queries",
            note:
                "queries (script's and random offsets, one cursor through both) where the index's query through the cursor answered differently from its plain query"
        )
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
        output.count(
            "reference-mismatches", Double(flatMismatches), unit: "queries",
            note:
                "queries (script's and random offsets) where the reference, from scratch or from its previous answer, answered differently from the index's plain query"
        )
        output.ratio(
            "index-query-random-vs-reference", pass(.indexRandom), over: pass(.flatRandom),
            note: "the index alone at random offsets over the reference, same offsets, same run")
        output.ratio(
            "index-query-finger-vs-reference", pass(.indexFinger), over: pass(.flat),
            note: "the index alone through a cursor over the reference from scratch, script's offsets, same run")
        output.ratio(
            "index-query-finger-vs-gallop", pass(.indexFinger), over: pass(.gallop),
            note: "the index alone through a cursor over the galloping reference, script's offsets, same run")
        output.ratio(
            "range-query-finger-vs-plain", pass(.finger), over: pass(.plain),
            note: "finger search over the plain query, same offsets, same run")
        output.count(
            "range-query-finger-mismatches", Double(fingerMismatches), unit: "queries",
            note:
                "queries where the finger search (through the cursor, or from the previous range) answered differently from the plain query"
        )
        output.count(
            "range-query-finger-allocations", fingerAllocations.allocationsPer(offsets.count),
            unit: "allocations/query", fromAllocator: true)
        output.count(
            "range-query-allocations", queryAllocations.allocationsPer(offsets.count),
            unit: "allocations/query", fromAllocator: true)

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
        output.duration(
            "range-query-chunk-median", nanoseconds: chunkMeans.isEmpty ? nil : median(chunkMeans),
            note: "the median over chunks of 64 of the script's offsets of the mean per query (robust to preemption)")
    }

    /// The scenario's visible-range queries over a strip's geometry at a fling script's offsets and at random ones,
    /// declared once: the scenario times each pass and counts the allocations of two; the instruction pass counts every
    /// pass of ``counted``, one phase each, named by its raw value. The C reference's passes are timed only (its flat
    /// array is built for them alone).
    struct Queries {
        enum Pass: String, CaseIterable {
            case plain = "range-query-fling"
            case finger = "range-query-finger"
            case near = "range-query-near"
            case random = "range-query-random"
            case indexFinger = "index-query-finger"
            case indexRandom = "index-query-random"
            case flat = "reference-flat-query-fling"
            case flatRandom = "reference-flat-query-random"
            case gallop = "reference-gallop-query-fling"

            var isRandom: Bool { self == .random || self == .indexRandom || self == .flatRandom }

            /// What one query of a counted pass is, at `tabs` tabs.
            func note(tabs: String) -> String {
                switch self {
                case .plain: return "TabStripGeometry.visibleTabs at the fling script's offsets, \(tabs) tabs"
                case .finger:
                    return
                        "TabStripGeometry.visibleTabs(atContentOffset:overscan:cursor:) at the fling script's offsets, one cursor for the whole trace (the previous answer and where it holds), \(tabs) tabs"
                case .near:
                    return
                        "TabStripGeometry.visibleTabs(atContentOffset:overscan:near:) at the fling script's offsets, each from the previous range (finger search from a hint, no cursor), \(tabs) tabs"
                case .random: return "TabStripGeometry.visibleTabs at uniformly random offsets, \(tabs) tabs"
                case .indexFinger:
                    return
                        "TabWidths.tabs(overlapping:length:cursor:) over the viewport at the fling script's offsets, one cursor for the trace: the index alone (no validation of a layout's offsets, no overscan), \(tabs) tabs"
                case .indexRandom:
                    return
                        "TabWidths.tabs(overlapping:length:) over the viewport at uniformly random offsets, \(tabs) tabs"
                case .flat, .flatRandom, .gallop: return rawValue
                }
            }
        }

        static var counted: [Pass] { [.plain, .finger, .near, .random, .indexFinger, .indexRandom] }

        let geometry: TabStripGeometry
        let overscan: Double
        let offsets: [Double]
        let randomOffsets: [Double]
        /// The C reference's flat array (every tab's leading offset, then
        /// the row's end), or empty when only ``counted`` passes run.
        let flatOffsets: [Double]

        init(
            _ geometry: TabStripGeometry, overscan: Double, offsets: [Double], randomOffsets: [Double], reference: Bool
        ) {
            (self.geometry, self.overscan, self.offsets) = (geometry, overscan, offsets)
            self.randomOffsets = randomOffsets
            flatOffsets = reference ? RangeQueryPass.flatOffsets(geometry.widths) : []
        }

        /// One pass of `pass` (a reference pass needs the flat array).
        func workload(_ pass: Pass) -> Workload {
            let (geometry, overscan, offsets, randomOffsets) = (geometry, overscan, offsets, randomOffsets)
            let (widths, length, flatOffsets) = (geometry.widths, geometry.viewport.width, flatOffsets)
            precondition(!pass.rawValue.hasPrefix("reference") || !flatOffsets.isEmpty, "no flat array")
            return Workload(pass.rawValue, operations: pass.isRandom ? randomOffsets.count : offsets.count) {
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
