import BenchInstruments
import TabStrip

/// The lazy path's figures: a strip from a tab count and a title source,
/// tabs estimated and measured as they come into view.
extension ShaperScenario {
    /// The constant estimate of the lazy strips: near the mean width of the
    /// generated titles with either measurer, so corrections go both ways.
    static let estimatedWidth = 80.0

    /// The generated titles, repeated: tab `i` has title `i % count`, so
    /// strips past the generated count need no more strings.
    struct RepeatingTitles: TabSource {
        let titles: [String]
        var tabCount: Int

        func id(ofTab index: Int) -> Int { index }
        func title(ofTab index: Int) -> String? { titles[index % titles.count] }
        func index(ofID id: Int) -> Int? { id >= 0 && id < tabCount ? id : nil }

        /// The same titles, `count` of them.
        func count(_ count: Int) -> RepeatingTitles { RepeatingTitles(titles: titles, tabCount: count) }
    }

    /// Times the lazy first frame of `count` tabs: the strip built from the source with a constant estimate (the tabs
    /// in view and the selected one measured), then a virtualiser (and its host) showing it.
    func lazyFirstFrame(
        _ titles: RepeatingTitles, count: Int, _ measurer: any TitleMeasurer, _ repetitions: Repetitions
    ) throws(ScenarioError) -> LatencyHistogram {
        var histogram = LatencyHistogram()
        var failure: ScenarioError?
        measure(repetitions, into: &histogram) { _ in
            do {
                let virtualizer = try Self.lazyVirtualizer(titles, count: count, measurer)
                if virtualizer.host?.cellsMade == 0 {
                    failure = ScenarioError("the lazy first frame of \(count) tabs showed no cell")
                }
                blackHole(virtualizer)
            } catch { failure = ScenarioError("the lazy first frame of \(count) tabs failed: \(error)") }
        }
        if let failure { throw failure }
        return histogram
    }

    /// A lazy strip of `count` tabs measured with `measurer`, shown by a virtualiser over a ``BenchHost``.
    static func lazyVirtualizer(
        _ titles: RepeatingTitles, count: Int, _ measurer: any TitleMeasurer
    ) throws(TabStripError) -> TabStripVirtualizer<BenchHost> {
        let strip = try TabStrip(
            source: titles.count(count), sizing: .measured(by: measurer),
            estimate: .width(estimatedWidth), viewport: EngineFixture.viewport, selectedIndex: 0)
        return try EngineFixture.virtualizer(strip, host: BenchHost())
    }

    /// What measuring every tab of a lazy strip in the background costs
    /// against the eager build, and whether the result is the eager strip's.
    struct Completion {
        /// Build, first frame, then `measurePendingTabs(limit:)` until none is left; one sample per repetition.
        var time = LatencyHistogram()
        /// The eager first frame of the same titles, timed alternately
        /// with the completion so that both see the same machine.
        var eager = LatencyHistogram()
        /// Each completion's time over the eager first frame timed right after it: a pair sees the same machine, so a
        /// disturbance that lasts longer than a pair cancels out, and the median ignores the pairs a shorter one hit.
        var pairedRatios: [Double] = []
        var mismatchedTabs = 0
    }

    /// Times the lazy strip's completion and the eager first frame alternately (see ``Completion``), then compares the
    /// last completed strip with the last eager one.
    func completion(
        _ titles: [String], _ measurer: any TitleMeasurer, batch: Int, _ repetitions: Repetitions
    ) throws(ScenarioError) -> Completion {
        var result = Completion()
        var completed: TabStrip?
        var eager: TabStrip?
        let source = RepeatingTitles(titles: titles, tabCount: titles.count)
        do {
            for run in 0..<(repetitions.warmUp + repetitions.samples) {
                let lazyStart = MonotonicClock.now()
                let virtualizer = try Self.lazyVirtualizer(source, count: titles.count, measurer)
                while try virtualizer.measurePendingTabs(limit: batch) > 0 {}
                let lazyTime = MonotonicClock.elapsed(since: lazyStart)
                completed = virtualizer.strip
                let eagerStart = MonotonicClock.now()
                let strip = try TabStrip(
                    titles: titles, sizing: .measured(by: measurer), viewport: EngineFixture.viewport, selectedIndex: 0)
                blackHole(try EngineFixture.virtualizer(strip, host: BenchHost()))
                let eagerTime = MonotonicClock.elapsed(since: eagerStart)
                eager = strip
                if run >= repetitions.warmUp {
                    result.time.record(lazyTime)
                    result.eager.record(eagerTime)
                    if eagerTime > 0 { result.pairedRatios.append(Double(lazyTime) / Double(eagerTime)) }
                }
            }
        } catch { throw ScenarioError("completing a lazy strip of \(titles.count) tabs failed: \(error)") }
        guard let completed, let eager else { return result }
        if completed.contentWidth != eager.contentWidth { result.mismatchedTabs += 1 }
        for tab in 0..<titles.count where (try? completed.frame(ofTab: tab)) != (try? eager.frame(ofTab: tab)) {
            result.mismatchedTabs += 1
        }
        return result
    }

    /// A fling over a lazy strip's unmeasured tabs.
    struct LazyFling {
        /// The wall time of each frame (the virtualiser's scroll, tabs measured and cells given).
        var frames = LatencyHistogram()
        /// The largest distance, in points, between where a tab visible before and after a frame is on screen and where
        /// the scroll alone puts it.
        var largestMovement = 0.0
        var measuredTabs = 0
    }

    /// Scrolls a fresh lazy strip of `count` tabs by `step` points a frame, `frames` times, checking after every frame
    /// that each tab visible before and after it moved exactly by the scroll on screen.
    func lazyFling(
        _ titles: RepeatingTitles, count: Int, _ measurer: any TitleMeasurer, frames: Int, step: Double
    ) throws(ScenarioError) -> LazyFling {
        var result = LazyFling()
        do {
            let virtualizer = try Self.lazyVirtualizer(titles, count: count, measurer)
            let before = virtualizer.strip.unmeasuredTabCount
            var screenX = [Double]()
            for _ in 0..<frames {
                let shown = virtualizer.visibleTabs
                let offset = virtualizer.strip.contentOffset
                screenX.removeAll(keepingCapacity: true)
                for tab in shown { screenX.append(try virtualizer.strip.frame(ofTab: tab).x - offset) }
                let start = MonotonicClock.now()
                try virtualizer.setContentOffset(offset + step)
                result.frames.record(MonotonicClock.elapsed(since: start))
                let after = virtualizer.strip
                for tab in shown where after.visibleTabs.contains(tab) {
                    let moved =
                        (try after.frame(ofTab: tab).x - after.contentOffset) - (screenX[tab - shown.lowerBound] - step)
                    result.largestMovement = max(result.largestMovement, moved.magnitude)
                }
            }
            result.measuredTabs = before - virtualizer.strip.unmeasuredTabCount
        } catch { throw ScenarioError("the fling over a lazy strip of \(count) tabs failed: \(error)") }
        return result
    }

    /// The net bytes a lazy strip of `count` tabs (titles from a source the host owns) keeps alive, per tab; `nil`
    /// without the allocator's figures.
    func lazyBytesPerTab(
        _ titles: RepeatingTitles, count: Int, in context: ScenarioContext
    ) throws(ScenarioError) -> Double? {
        let retained = context.allocations.measureRetained {
            try? TabStrip(
                source: titles.count(count), sizing: .measured(by: ColumnTitleMeasurer()),
                estimate: .width(Self.estimatedWidth), viewport: EngineFixture.viewport, selectedIndex: 0)
        }
        guard retained.result != nil else { throw ScenarioError("the engine rejected a lazy strip of \(count) tabs") }
        return retained.figures.bytesPer(count)
    }

    /// Adds the lazy path's figures to `output`: first frames (and their ratio to the eager ones of the same size),
    /// bytes per tab at the largest lazy size, background completion and its check against an eager build, and a fling
    /// over unmeasured tabs.
    func addLazyFigures(
        _ parameters: Parameters, shaper: (any ShapingTitleMeasurer)?, generated: [Int: [String]],
        eagerFrames: [Int: (shaped: Double?, counted: Double?)], to output: inout ScenarioOutput,
        context: ScenarioContext, progress: (Double) -> Void
    ) throws(ScenarioError) {
        let repetitions = Repetitions(warmUp: 1, samples: parameters.repetitions)
        let columns = ColumnTitleMeasurer()
        guard let largest = generated.keys.max(), let titles = generated[largest] else { return }
        let frame =
            "TabStrip(source:sizing:estimate: .width(\(Format.number(Self.estimatedWidth)))), the tabs in view measured, then TabStripVirtualizer's first visible range and cells"
        for size in parameters.lazySizes {
            let label = sizeLabel(size)
            let source = RepeatingTitles(titles: generated[size] ?? titles, tabCount: 0)
            var shaped: LatencyHistogram?
            if let shaper { shaped = try lazyFirstFrame(source, count: size, shaper, repetitions) }
            let counted = try lazyFirstFrame(source, count: size, columns, repetitions)
            output.timing("first-frame-lazy-shaper-\(label)", shaped, note: "\(frame), titles shaped with HarfBuzz")
            output.timing("first-frame-lazy-columns-\(label)", counted, note: "\(frame), titles in display columns")
            if let eager = eagerFrames[size] {
                output.ratio(
                    "first-frame-lazy-vs-eager-shaper-\(label)", shaped?.summary?.p50, over: eager.shaped,
                    note: "p50 of the lazy first frame over p50 of the eager one, both with the shaper")
                output.ratio(
                    "first-frame-lazy-vs-eager-columns-\(label)", counted.summary?.p50, over: eager.counted,
                    note: "p50 of the lazy first frame over p50 of the eager one, both with display columns")
            }
        }
        progress(0.5)
        if let size = parameters.lazySizes.max() {
            output.bytes(
                "bytes-per-tab-lazy-\(sizeLabel(size))",
                try lazyBytesPerTab(RepeatingTitles(titles: titles, tabCount: 0), count: size, in: context),
                unit: "bytes/tab", fromAllocator: true,
                note: "net bytes a lazy strip (constant estimate) keeps alive per tab, the host's title source excluded"
            )
        }

        // Background completion against the eager build of the same titles.
        let completionTitles = generated[parameters.completionSize] ?? titles
        let batch = 4_096
        let steps =
            "\(Format.integer(completionTitles.count)) tabs: lazy build and first frame, then measurePendingTabs(limit: \(Format.integer(batch))) until none is left"
        for (name, measurer) in [("shaper", shaper as (any TitleMeasurer)?), ("columns", columns)] {
            guard let measurer else {
                output.timing("complete-lazy-\(name)", nil, note: steps)
                output.ratio("complete-lazy-vs-eager-\(name)", nil, over: nil)
                output.count("complete-lazy-mismatched-tabs-\(name)", nil)
                continue
            }
            // Paired runs, at least 9 (the quick suite times everything
            // else 3 times): the gate judges their median ratio.
            let pairs = Repetitions(warmUp: 1, samples: Swift.max(9, parameters.repetitions))
            let completion = try completion(completionTitles, measurer, batch: batch, pairs)
            output.timing("complete-lazy-\(name)", completion.time, note: steps)
            output.ratio(
                "complete-lazy-vs-eager-\(name)",
                completion.pairedRatios.isEmpty ? nil : median(completion.pairedRatios), over: 1,
                note:
                    "median over \(completion.pairedRatios.count) pairs of a completion's time over the eager first frame of the same \(Format.integer(completionTitles.count)) titles timed right after it"
            )
            output.count(
                "complete-lazy-mismatched-tabs-\(name)", Double(completion.mismatchedTabs), unit: "tabs",
                note: "tabs whose frame (or the content width) differs in any bit from TabStrip(titles:)'s")
        }
        progress(0.8)

        // A fling over unmeasured tabs, checked frame by frame.
        let flingSize = parameters.sizes.first ?? largest
        let step = 37.0
        let measurer: any TitleMeasurer = shaper ?? columns
        let fling = try lazyFling(
            RepeatingTitles(titles: generated[flingSize] ?? titles, tabCount: 0), count: flingSize, measurer,
            frames: parameters.flingFrames, step: step)
        let by = shaper == nil ? "display columns (no shaper)" : "the shaper"
        output.timing(
            "fling-frame-lazy", fling.frames,
            note:
                "TabStripVirtualizer.setContentOffset by \(Format.number(step)) pt a frame over a fresh lazy strip of \(Format.integer(flingSize)) tabs, \(Format.integer(fling.measuredTabs)) tabs measured with \(by) on the way"
        )
        output.count(
            "largest-shown-tab-movement", fling.largestMovement, unit: "pt",
            note:
                "largest distance between where a tab shown before and after a frame of that fling is on screen and where the scroll alone puts it"
        )
        progress(1)
    }
}
