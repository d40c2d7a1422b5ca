import Foundation
import Testing

@testable import BenchmarkHarness

/// A scenario that records each run in a shared counter, to show a refused
/// command line ran nothing.
final class RunCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var runs = 0
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return runs
    }
    func increment() {
        lock.lock()
        runs += 1
        lock.unlock()
    }
}

struct CountingScenario: Scenario {
    struct Parameters: ScenarioParameters { var recorded: [String: ParameterValue] { [:] } }
    let counter: RunCounter
    var name: String { "counted" }
    var summary: String { "Counts its runs." }
    func parameters(for configuration: RunConfiguration) -> Parameters { Parameters() }
    func run(_ parameters: Parameters, in context: ScenarioContext) throws(ScenarioError) -> ScenarioOutput {
        counter.increment()
        var output = ScenarioOutput()
        output.add(.count("runs", 1, unit: "runs"))
        return output
    }
}

/// Issue 28 items 2, 3, 9 and 12, issue 29 items 13 and 14: the `bench`
/// command line is consistent, refuses bad output paths before any scenario
/// runs, keeps the figures of a run in which one scenario failed, and says
/// what `compare` skipped and why.
@Suite("bench CLI consistency")
struct CLIConsistencyTests {
    // MARK: github-action-benchmark (issue 28 item 9)

    @Test func theDashboardExportHoldsOnlyCosts() {
        var figures = GateFigures()
        figures.extraMetric = .count("cells-reused", 1_000, unit: "cells")
        var report = figures.report()
        report.scenarios[0].metrics += [
            .count("flings", 30, unit: "flings"), .count("fastest-release", 6_000, unit: "pt/s"),
            .count("reference-mismatches", 0, unit: "queries"), .count("visible-maximum", 9, unit: "cells"),
        ]
        let names = Set(GitHubActionBenchmark.entries(for: report).map(\.name))
        for name in ["cells-reused", "frames", "flings", "fastest-release"] {
            #expect(!names.contains("fling/" + name), "\(name)")
        }
        for name in [
            "frame p50", "frame p99", "frame-instructions", "frame-allocations", "cells-created", "peak-resident",
            "reference-mismatches", "visible-maximum",
        ] {
            #expect(names.contains("fling/" + name), "\(name)")
        }
        #expect(names.contains("edits/build-strip-allocations"))
    }
}
