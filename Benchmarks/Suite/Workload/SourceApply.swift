import BenchInstruments
import TabStrip
import TabStripTestSupport

/// A new source applied to a strip whose titles come from a source: the server's update of a channel list read from a
/// database, with 1 % of the tabs changed and two changes in view. Counted at 1M and 10M tabs: the owner's part of the
/// apply per change, and the tabs it measured (only the changed tabs in view should be).
package enum SourceApply: CountedScenario {
    package static func countedTabs(_ workload: InstructionWorkloadSize) -> [Int] { Relayouts.countedTabs(workload) }

    final class Applying {
        var strip: TabStrip?
        var changes: TabListChanges?
        var source: EditedNumberedSource?
        let measurer = CountingMeasurer()
        let failure = FailureBox()
    }

    /// At `inputs.tabs`: the changes to the new source found (not counted), then applied on the owner.
    package static func counted(_ inputs: CountedInputs) -> [CountedBenchmark] {
        let (label, tabs) = (sizeLabel(inputs.tabs), Format.integer(inputs.tabs))
        let applying = Applying()
        var benchmark = CountedBenchmark(
            name: "source-apply-owner-per-change-\(label)", unit: "instructions/change",
            note:
                "TabStrip.apply(_:) alone (the owner's part) of a new source with 1 % of \(tabs) tabs changed (removed, inserted, moved, renamed in equal shares), on a strip from a source at an estimate, its middle tab in view; per change"
        ) { () throws(ScenarioError) in
            let middle = inputs.tabs / 2
            do throws(TabStripError) {
                var strip = try TabStrip(
                    source: NumberedSource(tabCount: inputs.tabs), sizing: .measured(by: applying.measurer),
                    estimate: .width(96), viewport: EngineFixture.viewport, selectedIndex: middle)
                try strip.select(middle, scroll: .center)
                let source = EditedNumberedSource(count: inputs.tabs, percent: 1, around: middle, seed: inputs.seed)
                applying.changes = try strip.changes(toSource: source)
                (applying.strip, applying.source) = (strip, source)
            } catch { throw ScenarioError("the strip of \(label) from a source and its new source: \(error)") }
            applying.measurer.reset()
            return Workload("source-apply-owner-per-change-\(label)") {
                guard let changes = applying.changes else { return 0 }
                do throws(TabStripError) {
                    try applying.strip!.apply(changes)
                } catch { applying.failure.error = error }
                return changes.changeCount
            }
        } finish: { () throws(ScenarioError) in
            try applying.failure.check("applying the new source at \(label)")
            guard let strip = applying.strip, applying.changes != nil, let source = applying.source else {
                throw ScenarioError("no changes were found at \(label)")
            }
            // Measured: changed tabs only (those in view, or shown at their estimates before the first measured
            // widths pushed them out), and every tab in view.
            if let unchanged = applying.measurer.titles.first(where: { !source.isChanged(title: $0) }) {
                throw ScenarioError("the new source at \(label) measured the unchanged tab '\(unchanged)'")
            }
            guard applying.measurer.calls <= applying.measurer.kept,
                strip.visibleTabs.allSatisfy({ (try? strip.isMeasured(tab: $0)) == true })
            else {
                throw ScenarioError(
                    "the new source at \(label) measured \(applying.measurer.calls) tabs and left a tab in view unmeasured"
                )
            }
            (applying.strip, applying.changes, applying.source) = (nil, nil, nil)
        }
        benchmark.tally = { applying.measurer.calls }
        return [benchmark]
    }

    /// The tabs measured at each size, and the owner's part at the larger size over the smaller.
    package static func countedFigures(_ workload: InstructionWorkloadSize) -> [CountedFigure] {
        let sizes = countedTabs(workload)
        let (small, large) = (sizeLabel(sizes[0]), sizeLabel(sizes[1]))
        return sizes.map { size in
            let label = sizeLabel(size)
            return CountedFigure(
                name: "source-apply-1pct-measured-tabs-\(label)", unit: "tabs",
                note:
                    "titles measured by the apply of source-apply-owner-per-change-\(label) (the changed tabs in view; the bench fails if any other is)"
            ) { counts in counts["source-apply-owner-per-change-\(label)"]?.tally.map(Double.init) }
        } + [
            CountedFigure.growth(
                "source-apply-owner-growth-\(large)-vs-\(small)", "source-apply-owner-per-change-\(large)",
                over: "source-apply-owner-per-change-\(small)",
                note:
                    "instructions per change of source-apply-owner-per-change at \(Format.integer(sizes[1])) tabs over those at \(Format.integer(sizes[0])) (1 = independent of the tab count)"
            )
        ]
    }
}
