import BenchInstruments
import TabStrip

/// A real shaper (HarfBuzz, a CJK font) against display columns: per title, and the eager and lazy first frames.
/// Without HarfBuzz (or the font) the shaper's figures are `null`.
package struct ShaperScenario: Scenario {
    package struct Parameters: ScenarioParameters, Sendable {
        /// The tab counts of the first-frame figures; the first also gives the titles of the per-title figures.
        package var sizes: [Int]
        /// The tab counts of the lazy first frames (titles from a source);
        /// past the largest of `sizes` the titles repeat.
        package var lazySizes: [Int]
        package var completionSize: Int
        package var flingFrames: Int
        package var repetitions: Int

        var estimate = ShaperScenario.estimatedWidth
        var font = TitleShaping.defaultFontPath
        var pixelSize = TitleShaping.defaultPixelSize
        var viewport = EngineFixture.viewport.width
    }

    private let makeShaper: () -> Result<any ShapingTitleMeasurer, ScenarioError>

    package init() { self.init(shaper: { TitleShaping.makeMeasurer() }) }

    package init(shaper: @escaping () -> Result<any ShapingTitleMeasurer, ScenarioError>) { makeShaper = shaper }

    package let name = "shaper"
    package let summary =
        "A HarfBuzz shaper with a CJK font: time per title, and the eager first frame (build plus first visible cells) with it and with display columns."

    package func parameters(for configuration: RunConfiguration) -> Parameters {
        let lazy = [100_000, 1_000_000, 10_000_000]
        return configuration.mode == .quick
            ? Parameters(sizes: [100_000], lazySizes: lazy, completionSize: 100_000, flingFrames: 600, repetitions: 3)
            : Parameters(
                sizes: [100_000, 1_000_000], lazySizes: lazy, completionSize: 1_000_000, flingFrames: 2_000,
                repetitions: 5)
    }

    /// Times passes of each measurer over the generated titles, then, for each size, builds the strip and its
    /// virtualiser from nothing with each measurer.
    package func run(_ parameters: Parameters, in context: ScenarioContext) throws(ScenarioError) -> ScenarioOutput {
        var output = ScenarioOutput()
        let repetitions = Repetitions(warmUp: 1, samples: parameters.repetitions)
        let seed = context.configuration.seed
        let shaper: (any ShapingTitleMeasurer)?
        switch makeShaper() {
        case .success(let measurer):
            shaper = measurer
            output.notes.append("shaper: \(measurer.description)")
            output.notes.append(
                "characters missing from the face (emoji) measure as .notdef, \(Format.number(measurer.missingGlyphAdvance)) pt each; default-ignorables (ZWJ, variation selectors) add nothing"
            )
        case .failure(let reason):
            shaper = nil
            output.notes.append(ScenarioResult.noShaperNotePrefix + "\(reason.message); its figures are null")
        }
        let columns = ColumnTitleMeasurer()
        let steps = Double(parameters.sizes.count + 3)
        var eagerFrames: [Int: (shaped: Double?, counted: Double?)] = [:]
        var generated: [Int: [String]] = [:]

        if let first = parameters.sizes.first {
            let titles = TitleGenerator.titles(count: first, seed: seed)
            let perTitle =
                "median of \(parameters.repetitions) passes of measureWidths(of:into:) over \(Format.integer(first)) generated titles, per title"
            output.duration(
                "shaper-measure-title", nanoseconds: shaper.flatMap { perTitleTime($0, titles, repetitions) },
                note: "HarfBuzz shaping: \(perTitle)")
            output.duration(
                "columns-measure-title", nanoseconds: perTitleTime(columns, titles, repetitions),
                note: "ColumnTitleMeasurer: \(perTitle)")
        }
        context.reportProgress(1 / steps)

        for (step, size) in parameters.sizes.enumerated() {
            let titles = TitleGenerator.titles(count: size, seed: seed)
            generated[size] = titles
            let label = sizeLabel(size)
            let frame =
                "TabStrip(titles:) measuring every title, then TabStripVirtualizer's first visible range and cells"
            var shaped: LatencyHistogram?
            if let shaper { shaped = try firstFrame(titles, shaper, repetitions) }
            let counted = try firstFrame(titles, columns, repetitions)
            output.timing("first-frame-eager-shaper-\(label)", shaped, note: "\(frame), titles shaped with HarfBuzz")
            output.timing("first-frame-eager-columns-\(label)", counted, note: "\(frame), titles in display columns")
            output.ratio(
                "first-frame-eager-shaper-vs-columns-\(label)", shaped?.summary?.p50, over: counted.summary?.p50,
                note: "p50 of the first frame with the shaper over p50 with display columns")
            eagerFrames[size] = (shaped?.summary?.p50, counted.summary?.p50)
            if step == 0 { try addListFigures(titles, shaper: shaper, rebuild: shaped, repetitions, to: &output) }
            context.reportProgress(Double(step + 2) / steps)
        }
        try addLazyFigures(
            parameters, shaper: shaper, generated: generated, eagerFrames: eagerFrames, to: &output,
            context: context, progress: { context.reportProgress((Double(parameters.sizes.count + 1) + $0) / steps) })
        output.notes.append(
            "viewport \(Format.number(EngineFixture.viewport.width)) pt; TabSizing.measured(by:) with 20 pt padding; sizes \(parameters.sizes.map(sizeLabel).joined(separator: ", "))"
        )
        return output
    }

    private func addListFigures(
        _ titles: [String], shaper: (any ShapingTitleMeasurer)?, rebuild: LatencyHistogram?,
        _ repetitions: Repetitions, to output: inout ScenarioOutput
    ) throws(ScenarioError) {
        let label = sizeLabel(titles.count)
        var primed: TabStrip?
        var failure: TabStripError?
        if let shaper {
            do {
                primed = try ListChanges.strip(showing: titles, sizing: .measured(by: shaper))
            } catch { throw ScenarioError("the shaped strip of \(titles.count) titles: \(error)") }
        }
        for percent in ListChanges.percents {
            var histogram: LatencyHistogram?
            if let primed {
                let edit = ChannelListEdit(titles: titles, percent: percent, seed: 1)
                var times = LatencyHistogram()
                measure(repetitions, into: &times) { _ in
                    var strip = primed
                    blackHole(ListChanges.apply(edit, to: &strip, failure: &failure))
                }
                histogram = times
            }
            if let failure { throw ScenarioError("applying a list to the shaped strip: \(failure)") }
            output.timing(
                "list-apply-\(percent)pct-shaper-\(label)", histogram,
                note:
                    "TabStrip.changes(to:id:title:) + apply(_:) of the list with \(percent) % of \(Format.integer(titles.count)) tabs changed, titles shaped with HarfBuzz (inserted and renamed ones measured)"
            )
            output.ratio(
                "list-apply-\(percent)pct-vs-rebuild-shaper-\(label)", histogram?.summary?.p50,
                over: rebuild?.summary?.p50,
                note:
                    "p50 of applying the list over p50 of building the strip and its first frame from scratch, both with HarfBuzz, in the same run"
            )
        }
    }

    private func perTitleTime(
        _ measurer: some TitleMeasurer, _ titles: [String], _ repetitions: Repetitions
    ) -> Double? {
        var widths = [Double](repeating: 0, count: titles.count)
        var passes = LatencyHistogram()
        titles.withUnsafeBufferPointer { titles in
            widths.withUnsafeMutableBufferPointer { widths in
                measure(repetitions, into: &passes) { _ in
                    measurer.measureWidths(of: titles, into: widths)
                    blackHole(widths[0])
                }
            }
        }
        return passes.summary.map { $0.p50 / Double(max(1, titles.count)) }
    }

    private func firstFrame(
        _ titles: [String], _ measurer: any TitleMeasurer, _ repetitions: Repetitions
    ) throws(ScenarioError) -> LatencyHistogram {
        let sizing = TabSizing.measured(by: measurer)
        var histogram = LatencyHistogram()
        var failure: ScenarioError?
        measure(repetitions, into: &histogram) { _ in
            do {
                let strip = try TabStrip(
                    titles: titles, sizing: sizing, viewport: EngineFixture.viewport, selectedIndex: 0)
                let host = BenchHost()
                let virtualizer = try EngineFixture.virtualizer(strip, host: host)
                if host.cellsMade == 0 {
                    failure = ScenarioError("the first frame of \(titles.count) tabs showed no cell")
                }
                blackHole(virtualizer)
            } catch { failure = ScenarioError("the eager first frame of \(titles.count) tabs failed: \(error)") }
        }
        if let failure { throw failure }
        return histogram
    }
}
