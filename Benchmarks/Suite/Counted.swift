import BenchInstruments
import TabStrip

/// How much work the instruction pass's child does.
package enum InstructionWorkloadSize: String, Sendable, Equatable, CaseIterable {
    /// A seconds-long smoke workload (500 and 2,000 tabs), for the tests.
    case tiny
    /// `bench --quick`: 10k, 100k and 1M tabs, a few thousand frames.
    case quick
    /// The full run: the same workload as `quick`, since counts are exact
    /// (a longer one would only average more input), so the limits in
    /// `thresholds.json` hold for quick and full runs alike.
    case full

    /// Whether it is the tests' smoke workload.
    package var isTiny: Bool { self == .tiny }
}

/// What the benchmarks counted at one tab count share: the run's seed and
/// options, the titles of that count, and the strip built from them (by the
/// build benchmark, which keeps it for the ones after it).
package final class CountedInputs {
    /// The tab count.
    package let tabs: Int
    /// The workload's size.
    package let workload: InstructionWorkloadSize
    /// The seed of every generated input.
    package let seed: UInt64
    /// How fling frames are shown (the engine unless a test asks otherwise).
    package let frameStrategy: FrameStrategyKind
    /// What counts the instructions.
    package let collector: any InstructionCollector
    /// The generated titles, made on first use.
    package private(set) lazy var titles = TitleGenerator.titles(count: tabs, seed: seed)
    /// The strip the build benchmark built from ``titles``, or `nil`.
    package var strip: TabStrip?

    /// Inputs of `tabs` tabs.
    package init(
        tabs: Int, workload: InstructionWorkloadSize, seed: UInt64, frameStrategy: FrameStrategyKind = .virtualized,
        collector: any InstructionCollector
    ) {
        self.tabs = tabs
        self.workload = workload
        self.seed = seed
        self.frameStrategy = frameStrategy
        self.collector = collector
    }

    /// The built strip, or one built now (unmeasured) and kept.
    /// - Throws: ``ScenarioError`` when the engine rejects the titles.
    package func builtStrip() throws(ScenarioError) -> TabStrip {
        if let strip { return strip }
        let built = try EngineFixture.strip(titles: titles)
        strip = built
        return built
    }
}

/// A benchmark the instruction pass counts: the name, unit and note of its
/// figure, and how to make its work when its turn comes (set-up and
/// warm-up, never counted), declared by the scenario that declares the
/// benchmark's body.
package struct CountedBenchmark {
    /// The phase and metric name (`fling-frame`, `build-per-tab-1m`).
    package var name: String
    /// `instructions/frame`, `instructions/query`, …
    package var unit: String
    /// What one operation is, for the metric's note.
    package var note: String
    /// Makes the work, ready to count.
    package var make: () throws(ScenarioError) -> Workload
    /// What to do once it is counted (restore the inputs, check for a
    /// failure), unmeasured.
    package var finish: () throws(ScenarioError) -> Void = {}
}

/// A figure the instruction pass computes from its counts (a growth, a
/// ratio), declared beside the benchmarks it is computed from.
package struct CountedFigure {
    /// The metric name.
    package var name: String
    /// The unit (`x`, `instructions/tab`).
    package var unit: String
    /// What it shows.
    package var note: String
    /// The figure from the counts of every phase, or `nil` when one is missing.
    package var value: ([String: CallgrindRun.PhaseCount]) -> Double?

    /// Phase `numerator`'s instructions per operation over `denominator`'s
    /// (a growth with the tab count), named `name`.
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
    /// Figures computed from its counts.
    static func countedFigures(_ workload: InstructionWorkloadSize) -> [CountedFigure]
}

extension CountedScenario {
    /// None.
    package static func countedFigures(_ workload: InstructionWorkloadSize) -> [CountedFigure] { [] }
}

/// A place for a benchmark's failure, raised once it is counted.
final class FailureBox {
    var error: TabStripError?
    func check(_ what: String) throws(ScenarioError) {
        if let error { throw ScenarioError("\(what): \(error)") }
    }
}
