import Foundation
import TabStrip
import TabStripTestSupport
import Testing

@testable import BenchInstruments
@testable import BenchSuite

// GUIDE: tap-scenario begin
/// Taps on random tabs, each selecting its tab and centring it at once (no animation).
struct TapScenario: Scenario, CountedScenario {
    struct Parameters: ScenarioParameters, Sendable {
        var titles: Int
        var taps: Int
    }

    var name: String { "tap" }
    var summary: String { "Taps selecting random tabs at once over 100k tabs: per-tap latency and allocations." }

    func parameters(for configuration: RunConfiguration) -> Parameters {
        Parameters(titles: configuration.titles ?? 100_000, taps: configuration.mode == .quick ? 1_000 : 10_000)
    }

    /// The benchmark's body, declared once: one operation per tap, whichever instrument runs it.
    struct Taps: Operations {
        let fixture: EngineFixture
        let targets: [Int]

        func run<M: Measure>(_ measure: inout M) {
            for target in targets {
                measure.measure(false) { try? fixture.virtualizer.select(target, scroll: .center) }
            }
        }
    }

    static func taps(_ fixture: EngineFixture, count: Int, seed: UInt64) -> Workload {
        var random = SeededGenerator(seed: seed, stream: "taps")
        let targets = (0..<count).map { _ in random.next(below: fixture.virtualizer.strip.tabCount) }
        return Workload("tap", operations: count, each: true, Taps(fixture: fixture, targets: targets))
    }

    /// The instruction pass counts 200 taps on its strip of 100k tabs (2k in the tests' tiny pass).
    static func countedTabs(_ workload: InstructionWorkloadSize) -> [Int] { [workload.isTiny ? 2_000 : 100_000] }

    static func counted(_ inputs: CountedInputs) -> [CountedBenchmark] {
        [
            CountedBenchmark(name: "tap", unit: "instructions/tap", note: "select(_:scroll: .center), a random tab") {
                () throws(ScenarioError) in
                taps(try EngineFixture(strip: try inputs.builtStrip()), count: 200, seed: inputs.seed)
            }
        ]
    }

    func run(_ parameters: Parameters, in context: ScenarioContext) throws(ScenarioError) -> ScenarioOutput {
        let seed = context.configuration.seed
        let fixture = try EngineFixture(titles: TitleGenerator.titles(count: parameters.titles, seed: seed))
        let taps = Self.taps(fixture, count: parameters.taps, seed: seed)
        taps.run() // the warm-up: the same taps, unmeasured
        var latency = LatencyHistogram()
        taps.time { _, nanoseconds in latency.record(nanoseconds) }
        let allocations = context.allocations.measure(taps.run).figures
        var output = ScenarioOutput()
        output.timing("tap", latency, note: "select(_:scroll: .center) of a random tab")
        output.count(
            "tap-allocations", allocations.allocationsPer(taps.operations), unit: "allocations/tap",
            fromAllocator: true)
        return output
    }
}
// GUIDE: tap-scenario end

/// The harness guide's example: adding a benchmark is one declaration, which the timing run, the allocation probe and
/// the instruction pass all run; the guide's listing is this file's region, line for line.
@Suite("Adding a benchmark")
struct AddingABenchmarkTests {
    static let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Benchmarks/README.md")

    /// The lines between `// GUIDE: NAME begin` and `// GUIDE: NAME end` in this file.
    static func region(_ name: String) throws -> [String] {
        let lines = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false
        ).map(String.init)
        let begin = try #require(lines.firstIndex(of: "// GUIDE: \(name) begin"))
        let end = try #require(lines.firstIndex(of: "// GUIDE: \(name) end"))
        return Array(lines[(begin + 1)..<end])
    }

    /// The guide's ```swift blocks.
    static func swiftBlocks() throws -> [[String]] {
        let lines = try String(contentsOf: guide, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false
        ).map(String.init)
        var blocks: [[String]] = []
        var current: [String]?
        for line in lines {
            if current == nil, line == "```swift" {
                current = []
            } else if let block = current, line == "```" {
                blocks.append(block)
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test func theGuideListsTheExampleAsItCompiles() throws {
        let region = try Self.region("tap-scenario")
        #expect(region.count > 40)
        #expect(try Self.swiftBlocks().contains(region), "Benchmarks/README.md has no swift block equal to the region")
    }

    @Test func theTimingRunTimesEveryTapAndCountsItsAllocations() throws {
        let output = try run(TapScenario(), .init(titles: 2_000, taps: 50), probe: ScriptedProbe())
        #expect(output.metric("tap")?.timing?.count == 50)
        #expect(output.value("tap-allocations") != nil)
        #expect(output.metric("tap-allocations")?.fromAllocator == true)
    }

    @Test func theInstructionPassCountsTheSameTapsOneOperationAtATime() throws {
        let collector = RecordingCollector()
        let inputs = CountedInputs(tabs: 2_000, workload: .tiny, seed: 7, collector: collector)
        let benchmarks = TapScenario.counted(inputs)
        #expect(benchmarks.map(\.name) == ["tap"])
        let operations = try benchmarks[0].make().count(collector)
        #expect(operations == 200)
        #expect(collector.switches == 200 && collector.phases == ["tap"] && collector.misuses.isEmpty)
    }

    @Test func aRegistryRunsItLikeAnyOtherScenario() {
        let registry = ScenarioRegistry([TapScenario()])
        #expect(registry.selected(by: ["tap"]).map(\.name) == ["tap"])
        #expect(TapScenario().parameters(for: RunConfiguration(mode: .quick, seed: 1)).taps == 1_000)
    }
}
