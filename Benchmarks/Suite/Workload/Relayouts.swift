import BenchInstruments
import TabStrip
import TabStripTestSupport

/// The relayouts an app makes often, on a strip whose titles come from a source, each with the measuring of the tabs
/// it brings into view: a font change (Dynamic Type, `setSizing`), a rotation (`setViewport`) and a switch to right to
/// left (`setLayout`). Counted at 1M and 10M tabs: their growth from one to the other is the figure, which stays near
/// 1 when a relayout costs the tabs in view, not the list.
package enum Relayouts: CountedScenario {
    package static func countedTabs(_ workload: InstructionWorkloadSize) -> [Int] {
        workload.isTiny ? [2_000, 20_000] : [1_000_000, 10_000_000]
    }

    /// The strip each relayout starts from: `tabCount` tabs at an estimate, the middle one selected and in view
    /// (measured, with its neighbours).
    static func strip(tabCount: Int) throws(TabStripError) -> TabStrip {
        try TabStrip(
            source: NumberedSource(tabCount: tabCount), sizing: .measured(), estimate: .width(96),
            viewport: EngineFixture.viewport, selectedIndex: tabCount / 2)
    }

    final class Relayouting {
        var strip: TabStrip?
        /// The sizing of a larger font.
        var larger = TabSizing.measured()
        let failure = FailureBox()
    }

    /// At `inputs.tabs`: each relayout on a strip of its own, made and scrolled to its middle tab before the count.
    package static func counted(_ inputs: CountedInputs) -> [CountedBenchmark] {
        let (label, tabs) = (sizeLabel(inputs.tabs), Format.integer(inputs.tabs))
        let notes: [Relayout: String] = [
            .sizing: "setSizing to a larger font (Dynamic Type)",
            .viewport: "setViewport to a rotated viewport (390 to 844 pt)",
            .direction: "setLayout switching to right to left",
        ]
        return Relayout.allCases.map { kind in
            let relayout = Relayouting()
            return CountedBenchmark(
                name: "relayout-\(kind)-\(label)", unit: "instructions",
                note:
                    "\(notes[kind] ?? kind.rawValue) on a strip of \(tabs) tabs from a title source at an estimate, its middle tab in view; the tabs then in view measured (display columns)"
            ) { () throws(ScenarioError) in
                do throws(TabStripError) {
                    var strip = try strip(tabCount: inputs.tabs)
                    try strip.select(inputs.tabs / 2, scroll: .center)
                    relayout.strip = strip
                    relayout.larger = .measured(by: try ColumnTitleMeasurer(advance: 10), padding: 24)
                    // The same relayout once on a small strip: what its path costs once per process (type
                    // metadata, lazy binding) is paid before the count, which then grows with the tab count only.
                    var warm = try Self.strip(tabCount: 1_000)
                    try warm.select(500, scroll: .center)
                    try kind.apply(to: &warm, sizing: relayout.larger)
                } catch { throw ScenarioError("the strip of \(label) from a source: \(error)") }
                return Workload("relayout-\(kind)-\(label)", operations: 1) {
                    do throws(TabStripError) {
                        try kind.apply(to: &relayout.strip!, sizing: relayout.larger)
                    } catch { relayout.failure.error = error }
                }
            } finish: { () throws(ScenarioError) in
                try relayout.failure.check("relayout \(kind) at \(label)")
                relayout.strip = nil
            }
        }
    }

    /// Each relayout's instructions at the larger count over those at the smaller.
    package static func countedFigures(_ workload: InstructionWorkloadSize) -> [CountedFigure] {
        let sizes = countedTabs(workload)
        let (small, large) = (sizeLabel(sizes[0]), sizeLabel(sizes[1]))
        return Relayout.allCases.map { kind in
            CountedFigure.growth(
                "relayout-\(kind)-growth-\(large)-vs-\(small)", "relayout-\(kind)-\(large)",
                over: "relayout-\(kind)-\(small)",
                note:
                    "instructions of relayout-\(kind) at \(Format.integer(sizes[1])) tabs over those at \(Format.integer(sizes[0])) (1 = independent of the tab count)"
            )
        }
    }
}
