import BenchInstruments
import TabStrip
import TabStripTestSupport

/// Edits on a live strip of 100,000 titles, through the virtualiser as a
/// host makes them: badge-count changes (which change a tab's width) at
/// random tabs, 1, 10 and 100 per frame, and inserts and removes near the
/// viewport and far from it; each followed by the next frame. Then the same
/// kind of edits on the bare width indices at 100k and 1M tabs, `TabWidths`
/// against the flat prefix-sum index `FlatTabWidths`.
package struct EditsScenario: Scenario {
    /// Passes of random width changes behind `target-width-change-plus-query-1m`
    /// (the lowest p99 of them counts).
    static let targetPasses = 3
    /// Sizes and repetitions.
    package struct Parameters: ScenarioParameters, Sendable {
        package var titles: Int
        package var badgeFrames: [Int]
        package var structuralEdits: Int
        package var indexSizes: [Int]
        package var indexOperations: Int
        var badgesPerFrame = Self.batchSizes

        static let batchSizes = [1, 10, 100]
    }

    package init() {}

    /// `edits`.
    package var name: String { "edits" }
    /// The live-strip edits and the width-index comparison, in one sentence.
    package var summary: String {
        "Badge width changes (1, 10, 100 per frame), inserts and removes near and far on a live 100k strip, each with the next frame; width change / insert / remove + next query on TabWidths vs the flat prefix-sum index at 100k and 1M."
    }

    /// 100,000 tabs (or `--titles`). Quick: 400, 100 and 20 frames with 1,
    /// 10 and 100 badge changes, 200 structural edits, 200 operations per
    /// index size; full: 4,000, 1,000 and 200 frames, 1,000 edits, 1,000
    /// operations. Index sizes 100k and 1M in both.
    package func parameters(for configuration: RunConfiguration) -> Parameters {
        let titles = configuration.titles ?? 100_000
        switch configuration.mode {
        case .quick:
            return Parameters(
                titles: titles, badgeFrames: [400, 100, 20], structuralEdits: 200,
                indexSizes: [100_000, 1_000_000], indexOperations: 200)
        case .full:
            return Parameters(
                titles: titles, badgeFrames: [4_000, 1_000, 200], structuralEdits: 1_000,
                indexSizes: [100_000, 1_000_000], indexOperations: 1_000)
        }
    }

    /// A badge for a badge change: mostly counts, sometimes a dot or none.
    static func badge(_ random: inout SeededGenerator) -> TabBadge {
        switch random.next(below: 10) {
        case 0: return .none
        case 1: return .dot
        default: return .count(1 + random.next(below: 999))
        }
    }

    /// Times badge changes (batches of 1, 10 and 100 per frame, and single
    /// changes at visible tabs), inserts and removes near the viewport and
    /// far from it, and the frames after them; counts their allocations in
    /// a separate pass; then replays the same kinds of edits on `TabWidths`
    /// and `FlatTabWidths` at each index size.
    package func run(_ parameters: Parameters, in context: ScenarioContext) throws(ScenarioError) -> ScenarioOutput {
        var output = ScenarioOutput()
        let seed = context.configuration.seed
        let titles = TitleGenerator.titles(count: parameters.titles, seed: seed)
        let spare = TitleGenerator.titles(count: 512, seed: seed &+ 1)
        let fixture = try EngineFixture(titles: titles, selected: titles.count / 2)
        let virtualizer = fixture.virtualizer
        try? virtualizer.select(titles.count / 2, scroll: .center)
        var random = context.generator(stream: "edits")
        var step = 1.0
        /// The next frame: a small scroll, alternating direction.
        func nextFrame() {
            step = -step
            try? virtualizer.setContentOffset(virtualizer.strip.contentOffset + 3 * step)
        }
        let probe = context.allocations

        // Badge changes, k per frame.
        var badgeChange = LatencyHistogram()
        var badgeVisible = LatencyHistogram()
        for (position, k) in Parameters.batchSizes.enumerated() {
            let frames = position < parameters.badgeFrames.count ? parameters.badgeFrames[position] : 0
            var batches = LatencyHistogram()
            var next = LatencyHistogram()
            for _ in 0..<frames {
                var batch: UInt64 = 0
                for _ in 0..<k {
                    let tab = random.next(below: titles.count)
                    let badge = Self.badge(&random)
                    let start = MonotonicClock.now()
                    try? virtualizer.setBadge(badge, ofTab: tab)
                    let elapsed = MonotonicClock.elapsed(since: start)
                    badgeChange.record(elapsed)
                    batch &+= elapsed
                }
                batches.record(batch)
                let start = MonotonicClock.now()
                nextFrame()
                next.record(MonotonicClock.elapsed(since: start))
            }
            output.add(
                .timing(
                    "badge-batch-\(k)", batches,
                    note: "\(k) setBadge call(s) at random tabs in one frame (sum of the calls)"))
            output.add(
                .timing(
                    "next-frame-after-badges-\(k)", next,
                    note: "the frame after \(k) badge change(s): a 3 pt scroll through the virtualiser"))
        }
        let visibleEdits = Swift.max(1, (parameters.badgeFrames.first ?? 4) / 4)
        for _ in 0..<visibleEdits {
            let visible = virtualizer.visibleTabs
            guard !visible.isEmpty else { break }
            let tab = visible.lowerBound + random.next(below: visible.count)
            let badge = Self.badge(&random)
            let start = MonotonicClock.now()
            try? virtualizer.setBadge(badge, ofTab: tab)
            badgeVisible.record(MonotonicClock.elapsed(since: start))
            nextFrame()
        }
        output.add(
            .timing(
                "badge-change", badgeChange,
                note: "one setBadge at a random tab (width change, scroll anchoring, relayout of visible cells)"))
        output.add(
            .timing(
                "badge-change-visible", badgeVisible,
                note: "one setBadge at a visible tab (its cell is reconfigured and the cells after it move)"))
        context.reportProgress(0.25)

        // Inserts and removes, near the viewport and far from it.
        var insertNear = LatencyHistogram()
        var insertFar = LatencyHistogram()
        var removeNear = LatencyHistogram()
        var removeFar = LatencyHistogram()
        var afterInsert = LatencyHistogram()
        var afterRemove = LatencyHistogram()
        func farTab(_ random: inout SeededGenerator) -> Int {
            let visible = virtualizer.visibleTabs
            let count = virtualizer.strip.tabCount
            var tab: Int
            repeat {
                tab = random.next(below: count)
            } while tab + 1_000 > visible.lowerBound && tab < visible.upperBound + 1_000 && count > 4_000
            return tab
        }
        func nearTab(_ random: inout SeededGenerator) -> Int {
            let visible = virtualizer.visibleTabs
            return visible.isEmpty ? 0 : visible.lowerBound + random.next(below: visible.count)
        }
        for round in 0..<(2 * parameters.structuralEdits) {
            let near = round % 2 == 0
            let tab = near ? nearTab(&random) : farTab(&random)
            let title = spare[random.next(below: spare.count)]
            var start = MonotonicClock.now()
            try? virtualizer.insertTabs(CollectionOfOne(title), at: tab)
            if near {
                insertNear.record(MonotonicClock.elapsed(since: start))
            } else {
                insertFar.record(MonotonicClock.elapsed(since: start))
            }
            start = MonotonicClock.now()
            nextFrame()
            afterInsert.record(MonotonicClock.elapsed(since: start))
            let removed = near ? nearTab(&random) : farTab(&random)
            start = MonotonicClock.now()
            try? virtualizer.removeTabs(in: removed..<(removed + 1))
            if near {
                removeNear.record(MonotonicClock.elapsed(since: start))
            } else {
                removeFar.record(MonotonicClock.elapsed(since: start))
            }
            start = MonotonicClock.now()
            nextFrame()
            afterRemove.record(MonotonicClock.elapsed(since: start))
        }
        output.add(.timing("insert-near", insertNear, note: "insertTabs of one title at a visible tab"))
        output.add(
            .timing("insert-far", insertFar, note: "insertTabs of one title at least 1,000 tabs from the viewport"))
        output.add(.timing("remove-near", removeNear, note: "removeTabs of one visible tab"))
        output.add(
            .timing("remove-far", removeFar, note: "removeTabs of one tab at least 1,000 tabs from the viewport"))
        output.add(.timing("next-frame-after-insert", afterInsert))
        output.add(.timing("next-frame-after-remove", afterRemove))
        context.reportProgress(0.4)

        // Allocation pass over the same kinds of edits.
        let badgeOps = 200
        let badgeAllocations = probe.measure {
            for _ in 0..<badgeOps {
                try? virtualizer.setBadge(Self.badge(&random), ofTab: random.next(below: titles.count))
            }
        }.figures
        let frameAllocations = probe.measure {
            for _ in 0..<badgeOps { nextFrame() }
        }.figures
        let structuralOps = 50
        let structuralAllocations = probe.measure {
            for _ in 0..<structuralOps {
                let tab = farTab(&random)
                try? virtualizer.insertTabs(CollectionOfOne(spare[0]), at: tab)
                try? virtualizer.removeTabs(in: tab..<(tab + 1))
            }
        }.figures
        output.add(
            .count(
                "badge-change-allocations", badgeAllocations.allocationsPer(badgeOps),
                unit: "allocations/edit", fromAllocator: true,
                note: "allocation requests per setBadge (random tabs)"))
        output.add(
            .count(
                "next-frame-allocations", frameAllocations.allocationsPer(badgeOps),
                unit: "allocations/frame", fromAllocator: true,
                note: "allocation requests per scroll frame between edits"))
        output.add(
            .count(
                "insert-remove-allocations", structuralAllocations.allocationsPer(structuralOps),
                unit: "allocations/pair", fromAllocator: true,
                note: "allocation requests per far insert + remove pair"))
        output.add(
            .bytes(
                "insert-remove-bytes", structuralAllocations.bytesPer(structuralOps),
                unit: "bytes/pair", fromAllocator: true,
                note: "bytes allocated per far insert + remove pair"))
        context.reportProgress(0.5)

        // The bare width indices: TabWidths against the flat prefix sums.
        for (step, size) in parameters.indexSizes.enumerated() {
            let inputs = WidthEdits.inputs(
                tabs: size, count: parameters.indexOperations, seed: context.configuration.seed,
                widths: "edit-widths-\(size)", operations: "edit-ops-\(size)")
            let label = sizeLabel(size)
            guard let tree = (try? TabWidths(widths: inputs.widths)).map(WidthEdits.Shared.init),
                let flat = (try? FlatTabWidths(widths: inputs.widths)).map(WidthEdits.Shared.init)
            else { throw ScenarioError("the width indices rejected \(size) widths") }
            let treeResult = WidthEdits.measure(tree, operations: inputs.operations, probe: probe)
            let flatResult = WidthEdits.measure(flat, operations: inputs.operations, probe: probe)
            for (suffix, result) in [("", treeResult), ("-flat", flatResult)] {
                let index = suffix.isEmpty ? "TabWidths" : "FlatTabWidths"
                let notes: [WidthEdits.Kind: String] = [
                    .widthChange: "\(index).setWidth(_:ofTab:) at a random tab, then the next range query",
                    .insert: "\(index).insertTabs(widths:at:) of one width at a random tab, then the next range query",
                    .remove: "\(index).removeTabs(in:) of one tab, then the next range query",
                ]
                for kind in WidthEdits.Kind.allCases {
                    output.add(
                        .timing(
                            "\(kind.rawValue)-plus-query-\(label)\(suffix)",
                            result.histograms[kind] ?? LatencyHistogram(),
                            note: notes[kind]))
                }
                output.add(
                    .count(
                        "width-change-allocations-\(label)\(suffix)",
                        result.allocations.allocationsPer(result.operations),
                        unit: "allocations/edit", fromAllocator: true))
            }
            if size == 1_000_000 {
                // The target: the lowest p99 of three passes of random width
                // changes, each over its own random tabs (as target-frame-p99
                // takes the lowest of its passes): the p99 of 200 samples is
                // the second-worst one, so two preemptions in one pass decided
                // it; an engine that is slow is slow in every pass.
                var p99s = [treeResult.histograms[.widthChange]?.summary?.p99].compactMap { $0 }
                for pass in 1..<Self.targetPasses {
                    let more = WidthEdits.inputs(
                        tabs: size, count: parameters.indexOperations, seed: context.configuration.seed,
                        widths: "edit-widths-\(size)", operations: "edit-ops-\(size)-target-\(pass)")
                    let timed = WidthEdits.time(.widthChange, tree, operations: more.operations)
                    if let p99 = timed.summary?.p99 { p99s.append(p99) }
                }
                output.add(
                    .duration(
                        "target-width-change-plus-query-1m", nanoseconds: p99s.min(),
                        note:
                            "p99 of a width change plus the next query at 1M tabs (TabWidths); the lowest p99 of \(Self.targetPasses) passes of \(parameters.indexOperations) width changes at random tabs"
                    ))
            }
            for figure in ["width-change", "insert", "remove"] {
                let tree = output.metrics.first { $0.name == "\(figure)-plus-query-\(label)" }?.timing?.p50
                let flat = output.metrics.first { $0.name == "\(figure)-plus-query-\(label)-flat" }?.timing?.p50
                output.add(
                    .ratio(
                        "flat-vs-tabwidths-\(figure)-\(label)", flat, over: tree,
                        note: "p50 of FlatTabWidths over TabWidths (\(figure) + next query)"))
            }
            context.reportProgress(0.5 + 0.5 * Double(step + 1) / Double(Swift.max(1, parameters.indexSizes.count)))
        }
        output.add(
            .count(
                "tabs-after-edits", Double(virtualizer.strip.tabCount), unit: "tabs",
                note: "inserts and removes are paired, so the count is unchanged"))
        output.notes.append(
            "badge changes go through TabStripVirtualizer.setBadge; inserts and removes through insertTabs / removeTabs"
        )
        output.notes.append(
            "index widths uniform 56-255 pt; the range query covers 510 pt (viewport 390 + 2 x 60 overscan)")
        return output
    }
}
