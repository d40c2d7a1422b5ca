import BenchInstruments
import TabStrip

/// How much work the instruction pass's child does.
package enum InstructionWorkloadSize: String, Sendable, Equatable, CaseIterable {
    case tiny, quick
    /// The full run: the same workload as `quick`, since counts are exact (a longer one would only average more input),
    /// so the limits in `thresholds.json` hold for quick and full runs alike.
    case full

    package var isTiny: Bool { self == .tiny }
}

/// What the benchmarks counted at one tab count share: the run's seed and options, the titles of that count, and the
/// strip built from them (by the build benchmark, which keeps it for the ones after it).
package final class CountedInputs {
    package let tabs: Int
    package let workload: InstructionWorkloadSize
    package let seed: UInt64
    package let frameStrategy: FrameStrategyKind
    package let collector: any InstructionCollector
    package private(set) lazy var titles = TitleGenerator.titles(count: tabs, seed: seed)
    package var strip: TabStrip?

    package init(
        tabs: Int, workload: InstructionWorkloadSize, seed: UInt64, frameStrategy: FrameStrategyKind = .virtualized,
        collector: any InstructionCollector
    ) {
        (self.tabs, self.workload, self.seed, self.frameStrategy) = (tabs, workload, seed, frameStrategy)
        self.collector = collector
    }

    /// The built strip, or one built now (unmeasured) and kept.
    package func builtStrip() throws(ScenarioError) -> TabStrip {
        if let strip { return strip }
        let built = try EngineFixture.strip(titles: titles)
        strip = built
        return built
    }
}

/// A benchmark the instruction pass counts: the name, unit and note of its figure, and how to make its work when its
/// turn comes (set-up and warm-up, never counted), declared by the scenario that declares the benchmark's body.
package struct CountedBenchmark {
    package var name: String
    package var unit: String
    package var note: String
    package var make: () throws(ScenarioError) -> Workload
    /// What to do once it is counted (restore the inputs, check for a failure), unmeasured.
    package var finish: () throws(ScenarioError) -> Void = {}
    /// A count its work made besides its operations (the tabs an apply measured), read once it is counted, for a figure.
    package var tally: (() -> Int)? = nil
}

/// A figure the instruction pass computes from its counts (a growth, a
/// ratio), declared beside the benchmarks it is computed from.
package struct CountedFigure {
    package var name: String
    package var unit: String
    package var note: String
    package var value: ([String: CallgrindRun.PhaseCount]) -> Double?

    /// Phase `numerator`'s instructions per operation over `denominator`'s (a growth with the tab count), named `name`.
    static func growth(_ name: String, _ numerator: String, over denominator: String, note: String) -> CountedFigure {
        CountedFigure(name: name, unit: "x", note: note) { counts in
            guard let top = counts[numerator], let bottom = counts[denominator], bottom.instructions > 0 else {
                return nil
            }
            return Double(top.instructions) / Double(top.operations)
                / (Double(bottom.instructions) / Double(bottom.operations))
        }
    }
}

/// A scenario whose benchmarks the instruction pass counts as well as times.
package protocol CountedScenario {
    /// The tab counts at which it counts something, for `workload`.
    static func countedTabs(_ workload: InstructionWorkloadSize) -> [Int]
    /// Its benchmarks counted at `inputs.tabs`, in the order they are counted.
    static func counted(_ inputs: CountedInputs) -> [CountedBenchmark]
    static func countedFigures(_ workload: InstructionWorkloadSize) -> [CountedFigure]
}

extension CountedScenario {
    package static func countedFigures(_ workload: InstructionWorkloadSize) -> [CountedFigure] { [] }
}

/// A place for a benchmark's failure, raised once it is counted.
final class FailureBox {
    var error: TabStripError?
    func check(_ what: String) throws(ScenarioError) { if let error { throw ScenarioError("\(what): \(error)") } }
}
