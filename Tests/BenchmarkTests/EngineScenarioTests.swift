import Foundation
import TabStrip
import TabStripTestSupport
import Testing

@testable import BenchCLI
@testable import BenchGate
@testable import BenchInstruments
@testable import BenchReports
@testable import BenchSuite

/// A scenario run with fixed parameters, whatever the mode: tiny versions
/// of the engine scenarios for tests.
struct Fixed<Base: Scenario>: Scenario {
    var base: Base
    var fixed: Base.Parameters
    var name: String { base.name }
    var summary: String { base.summary }
    func parameters(for configuration: RunConfiguration) -> Base.Parameters { fixed }
    func run(_ parameters: Base.Parameters, in context: ScenarioContext) throws(ScenarioError) -> ScenarioOutput {
        try base.run(parameters, in: context)
    }
}

func run<S: Scenario>(
    _ scenario: S, _ parameters: S.Parameters, probe: any AllocationProbe = NoAllocationProbe(),
    mode: RunMode = .quick
) throws -> ScenarioOutput {
    let context = ScenarioContext(configuration: RunConfiguration(mode: mode, seed: 7), allocations: probe)
    return try scenario.run(parameters, in: context)
}

extension ScenarioOutput {
    func metric(_ name: String) -> Metric? { metrics.first { $0.name == name } }
    func value(_ name: String) -> Double? { metric(name)?.value }
}

@Suite("Engine scenarios")
struct EngineScenarioTests {
    // MARK: The check catches an O(n) frame

    static let growthLimits = """
        { "schemaVersion": 1, "limits": [
          { "scenario": "scaling", "metric": "frame-growth-5k-vs-500", "max": 3,
            "why": "a frame's cost must not grow with the tab count" },
          { "scenario": "scaling", "metric": "frame-allocations-5k", "equals": 0 }
        ] }
        """

    static let tinyScaling = ScalingScenario.Parameters(
        sizes: [500, 5_000], growthBase: 500, frames: 150,
        warmUpFrames: 20, edits: 10, builds: 1)

    /// Runs the tiny scaling scenario with `strategy` through `bench --check`.
    func checkTinyScaling(_ strategy: FrameStrategyKind) -> (status: Int32, output: String) {
        var harness = Harness()
        harness.scenarios = [Fixed(base: ScalingScenario(strategy: strategy), fixed: Self.tinyScaling)]
        let limits = harness.directory + "/growth.json"
        try? Self.growthLimits.write(toFile: limits, atomically: true, encoding: .utf8)
        harness.configuration = .release
        let status = harness.run(["--quick", "--output", harness.reports, "--check", "--thresholds", limits])
        return (status, harness.output.text)
    }

    @Test func aDeliberatelyLinearFrameFailsTheGrowthCheck() {
        let result = checkTinyScaling(.eager)
        #expect(result.status == 1, "\(result.output)")
        let rows = result.output.split(separator: "\n")
        #expect(rows.contains { $0.contains("frame-growth-5k-vs-500") && $0.contains("FAIL") })
        #expect(rows.contains { $0.contains("frame-allocations-5k") && $0.hasSuffix("pass") })
        #expect(result.output.contains("check FAILED: 1 of 2 limits met, 1 broken"))
    }

    @Test func theEngineFramePassesTheGrowthCheck() {
        let result = checkTinyScaling(.virtualized)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("check passed: 2 of 2 limits met"))
    }

    // MARK: Fling

    @Test func aTinyFlingReportsFramesCellsAndNullAllocations() throws {
        let output = try run(FlingScenario(), .init(titles: 3_000, frames: 3_000, warmUpFrames: 100))
        let frame = try #require(output.metric("frame")?.timing)
        #expect(frame.count == 3_000)
        #expect(frame.p50 > 0 && frame.p50 <= frame.p99)
        let steady = try #require(output.metric("frame-steady")?.timing)
        let entering = try #require(output.metric("frame-entering")?.timing)
        #expect(steady.count + entering.count == 3_000)
        // Without jemalloc the allocation figures are null, never 0.
        let allocations = try #require(output.metric("frame-allocations"))
        #expect(allocations.value == nil && allocations.fromAllocator)
        #expect(output.metric("target-frame-allocations")?.value == nil)
        let created = try #require(output.value("cells-created"))
        let bound = try #require(output.value("cells-bound"))
        let visible = try #require(output.value("visible-maximum"))
        #expect(created >= 1 && created <= bound)
        #expect(bound == visible + Double(EngineFixture.poolLimit))
        #expect(try #require(output.value("cells-reused")) > created)
        #expect(output.metric("range-query")?.timing?.count == 3_000)
        #expect(output.metric("target-range-query")?.value != nil)
        // Nanoseconds per query of whole timed passes, not a pass's integer nanoseconds read as a bit pattern (as
        // `map(Double.init)` on a `UInt64` once did, a denormal of about 1e-322).
        for name in ["range-query-loop-mean", "range-query-finger-loop-mean", "reference-flat-query-fling-loop-mean"] {
            #expect((output.value(name) ?? 0) >= 1, "\(name)")
        }
    }

    @Test func allocationFiguresComeFromTheProbe() throws {
        // A scripted probe counts nothing unless told: the frames are reported as 0 allocations.
        let output = try run(
            FlingScenario(), .init(titles: 1_000, frames: 500, warmUpFrames: 50), probe: ScriptedProbe())
        #expect(output.value("frame-allocations") == 0)
        #expect(output.value("range-query-allocations") == 0)
    }

    // MARK: Fling script

    @Test func theFlingScriptIsSeededAndCoversItsPromises() throws {
        let bounds = 0.0...200_000
        let script = try FlingScript(frames: 30_000, bounds: bounds, viewportWidth: 390, seed: 3)
        let again = try FlingScript(frames: 30_000, bounds: bounds, viewportWidth: 390, seed: 3)
        #expect(script.offsets() == again.offsets())
        #expect(
            try FlingScript(frames: 30_000, bounds: bounds, viewportWidth: 390, seed: 4).offsets() != script.offsets())
        #expect(script.offsets().count == 30_000)
        #expect(script.segments.first?.firstFrame == 0)
        #expect(zip(script.segments, script.segments.dropFirst()).allSatisfy { $0.firstFrame < $1.firstFrame })
        #expect(script.leadingEdgeContacts > 0 && script.trailingEdgeContacts > 0)
        #expect(script.carriedReleases > 0)
        #expect(script.fastestRelease > 20_000) // chained momentum
        for segment in script.segments where segment.kind != .chain || segment.fling.startVelocity.magnitude <= 20_000 {
            // Releases without carried momentum are 2,000-20,000 pt/s.
            if segment.kind == .edge { #expect((2_000...20_000).contains(segment.fling.startVelocity.magnitude)) }
        }
        let offsets = script.offsets()
        // Bounces overshoot by less than the viewport (the rubber band's asymptote).
        #expect(offsets.allSatisfy { $0 > bounds.lowerBound - 390 && $0 < bounds.upperBound + 390 })
        #expect(offsets.contains { $0 < bounds.lowerBound } && offsets.contains { $0 > bounds.upperBound })
        // Frames are continuous within a segment: at 120 Hz no frame moves
        // more than the fastest fling covers in 1/120 s.
        let clock = SimulatedFrameClock.at120Hz
        var jumps = 0
        for (k, pair) in zip(offsets, offsets.dropFirst()).enumerated()
        where (pair.1 - pair.0).magnitude > script.fastestRelease * clock.frameDuration + 1 {
            jumps += 1
            #expect(
                script.segments.contains { $0.firstFrame == k + 1 },
                "a discontinuity at frame \(k + 1) starts no segment")
        }
        #expect(jumps > 0) // the edge runs and random starts
    }

    @Test func theEngineTraceIsWhatTheWorkloadWrites() {
        let trace = EngineFlingTrace()
        let offsets = trace.offsets(frames: 2_000, contentWidth: 50_000, viewportWidth: 390, seed: 5)
        #expect(offsets.count == 2_000)
        #expect(offsets == trace.offsets(frames: 2_000, contentWidth: 50_000, viewportWidth: 390, seed: 5))
        #expect(offsets.allSatisfy { $0.isFinite })
        #expect(WorkloadWriter().trace is EngineFlingTrace)
        // Content narrower than the viewport: everything rests at 0 (bouncing aside).
        let narrow = trace.offsets(frames: 500, contentWidth: 100, viewportWidth: 390, seed: 5)
        #expect(narrow.count == 500 && narrow.allSatisfy { $0.magnitude < 390 })
    }

    // MARK: Baselines agree with the engine

    @Test(arguments: [0, 1, 2, 3])
    func theBaselinesShowWhatTheEngineShows(seed: UInt64) throws {
        let titles = TitleGenerator.titles(count: 2_000, seed: seed)
        let fixture = try EngineFixture(titles: titles, selected: 5)
        let eager = try EagerStrip(titles: titles, selected: 5)
        let linear = try LinearScanStrip(titles: titles, selected: 5)
        var random = SeededGenerator(seed: seed)
        let upper = fixture.strip.contentOffsetRange.upperBound
        for _ in 0..<100 {
            let offset = random.next(in: -200...(upper + 200))
            try fixture.virtualizer.setContentOffset(offset)
            eager.showFrame(atContentOffset: offset)
            linear.showFrame(atContentOffset: offset)
            let visible = fixture.virtualizer.visibleTabs
            let shown = linear.cells.prefix(linear.shownCells)
            #expect(shown.map(\.index) == Array(visible))
            for cell in shown {
                let frame = try fixture.strip.frame(ofTab: cell.index)
                let appearance = try fixture.strip.titleAppearance(ofTab: cell.index)
                #expect(cell.frame == frame)
                #expect(cell.title == titles[cell.index])
                #expect(cell.appearance == appearance)
            }
            for index in visible {
                let frame = try fixture.strip.frame(ofTab: index)
                #expect(eager.cells[index].frame == frame)
                #expect(fixture.virtualizer.cell(ofTab: index)?.frame == frame)
            }
            #expect(eager.indicatorFrame == fixture.strip.indicatorFrame)
            if visible.contains(5) { #expect(linear.indicatorFrame == fixture.strip.indicatorFrame) }
        }
        #expect(eager.cellsCreated == 2_000)
        #expect(linear.cellsCreated <= fixture.cellCounts.visibleMaximum + 2)
    }

    // MARK: Jump and pager scripts

    @Test func jumpTargetsAlternateEndsThenGoFar() {
        let targets = JumpScenario.targets(count: 40, tabs: 1_000, generator: SeededGenerator(seed: 1))
        #expect(Array(targets.prefix(4)) == [999, 0, 999, 0])
        var previous = targets[9]
        for target in targets.dropFirst(10) {
            #expect((target - previous).magnitude >= 100)
            previous = target
        }
        #expect(JumpScenario.targets(count: 3, tabs: 1, generator: SeededGenerator(seed: 1)) == [0, 0, 0])
    }

    @Test func aTinyJumpReplacesTheVisibleSetWithoutNewCells() throws {
        let output = try run(JumpScenario(), .init(titles: 20_000, jumps: 20, warmUpJumps: 4))
        #expect(output.metric("frame")?.timing?.count == 20 * 29)
        #expect(output.metric("select-frame")?.timing?.count == 20)
        #expect(output.value("cells-created-after-warm-up") ?? 1 <= 1)
        #expect((output.value("replaced-frames-share") ?? 0) > 0.5)
        #expect(output.metric("frame-allocations")?.value == nil)
    }

    @Test func pagerPlansWaitForTheSettle() {
        var page = 0
        var time = 0.0
        var generator = SeededGenerator(seed: 2)
        let drags = PagerScenario.plan(
            drags: 200, pages: 3, page: &page, time: &time, pageWidth: 390,
            settleDuration: 0.15, centringDuration: 0.25, generator: &generator)
        #expect(drags.count == 200)
        var lastEnd = -Double.infinity
        var lastTime = -Double.infinity
        var expected = 0
        for drag in drags {
            guard case .begin = drag[0].gesture else {
                Issue.record("a drag that does not begin with .begin")
                continue
            }
            #expect(drag[0].time >= lastEnd + 0.15)
            for frame in drag {
                #expect(frame.time > lastTime)
                lastTime = frame.time
                if case .end(let translation, _) = frame.gesture {
                    lastEnd = frame.time
                    // Forward from the first page, backward from the last.
                    if expected == 0 { #expect(translation < 0) }
                    if expected == 2 { #expect(translation > 0) }
                    if translation.magnitude > 60 { expected += translation < 0 ? 1 : -1 }
                }
            }
        }
        #expect(page == expected)
        #expect((0..<3).contains(page))
    }

    @Test func aTinyPagerRunFollowsThePages() throws {
        let output = try run(PagerScenario(), .init(titles: 500, drags: 30, warmUpDrags: 3))
        #expect((output.metric("drag-frame")?.timing?.count ?? 0) > 30 * 12)
        #expect((output.metric("settle-frame")?.timing?.count ?? 0) > 30 * 40)
        #expect((output.value("pages-turned") ?? 0) > 0)
        #expect((output.value("cells-created") ?? 99) <= (output.value("cells-bound") ?? 0))
    }

    // MARK: Edits, build, strategies

    @Test func aTinyEditsRunComparesTheIndices() throws {
        let output = try run(
            EditsScenario(),
            .init(
                titles: 5_000, badgeFrames: [20, 5, 2], structuralEdits: 10,
                indexSizes: [20_000], indexOperations: 40))
        #expect(output.metric("badge-batch-100")?.timing?.count == 2)
        #expect(output.metric("badge-change")?.timing?.count == 20 + 50 + 200)
        #expect(output.metric("insert-near")?.timing?.count == 10)
        #expect(output.value("tabs-after-edits") == 5_000)
        #expect(output.metric("width-change-plus-query-20k")?.timing?.count == 40)
        #expect(output.metric("width-change-plus-query-20k-flat")?.timing?.count == 40)
        #expect(output.value("flat-vs-tabwidths-width-change-20k") != nil)
        #expect(output.metric("target-width-change-plus-query-1m") == nil)
    }

    @Test func aTinyBuildSplitsLayoutFromTitles() throws {
        let output = try run(BuildScenario(), .init(titles: 2_000, repetitions: 1))
        #expect(output.metric("build-strip")?.timing?.count == 1)
        #expect(output.value("tabs") == 2_000)
        // Without a retained-memory probe every byte figure is null.
        #expect(output.metric("layout-bytes-per-tab")?.value == nil)
        #expect(output.metric("titles-bytes-per-tab")?.fromAllocator == true)
    }

    @Test func aTinyStrategiesRunHasItsRatios() throws {
        let parameters = StrategiesScenario.Parameters(
            eagerSizes: [500], linearSizes: [500, 2_000], flatSizes: [2_000],
            frames: 200, minimumFrames: 100, frameBudget: 100_000,
            edits: 30, editBudget: 1_000_000)
        #expect(parameters.frames(at: 500) == 200 && parameters.frames(at: 2_000) == 100)
        #expect(parameters.edits(at: 2_000) == 30 && parameters.edits(at: 10_000_000) == 20)
        let output = try run(StrategiesScenario(), parameters)
        // A timing ratio: its size is the benchmark's to judge
        // (thresholds.json: eager-vs-virtualised-10k); under a
        // sanitizer and a loaded machine it can fall below 1 at 500 tabs.
        #expect((output.value("eager-vs-virtualised-500") ?? 0) > 0)
        #expect(output.value("linear-vs-virtualised-2k") != nil)
        #expect(output.value("flat-vs-tabwidths-edit-2k") != nil)
        #expect(output.value("cells-created-eager-500") == 500)
        #expect(output.series.map(\.name).contains("per-frame time (p50)"))
    }

    // MARK: Parameters

    @Test func quickParametersAreSmallerAndTitlesAreHonoured() {
        let quick = RunConfiguration(mode: .quick, seed: 1)
        let full = RunConfiguration(mode: .full, seed: 1)
        let titled = RunConfiguration(mode: .quick, seed: 1, titles: 12_345)
        #expect(FlingScenario().parameters(for: quick).frames < FlingScenario().parameters(for: full).frames)
        #expect(JumpScenario().parameters(for: quick).jumps < JumpScenario().parameters(for: full).jumps)
        #expect(PagerScenario().parameters(for: quick).drags < PagerScenario().parameters(for: full).drags)
        #expect(BuildScenario().parameters(for: quick).repetitions < BuildScenario().parameters(for: full).repetitions)
        #expect(ScalingScenario().parameters(for: quick).frames < ScalingScenario().parameters(for: full).frames)
        #expect(ScalingScenario().parameters(for: quick).sizes == [1_000, 10_000, 100_000, 1_000_000, 10_000_000])
        #expect(
            EditsScenario().parameters(for: quick).indexOperations
                < EditsScenario().parameters(for: full).indexOperations)
        #expect(StrategiesScenario().parameters(for: quick).frames < StrategiesScenario().parameters(for: full).frames)
        for titles in [
            FlingScenario().parameters(for: titled).titles, JumpScenario().parameters(for: titled).titles,
            PagerScenario().parameters(for: titled).titles, BuildScenario().parameters(for: titled).titles,
            EditsScenario().parameters(for: titled).titles,
        ] {
            #expect(titles == 12_345)
        }
        #expect(ScalingScenario().parameters(for: titled).sizes.contains(12_345))
        #expect(FlingScenario().parameters(for: quick).titles == 100_000)
    }

    @Test func theStandardSuiteRunsEveryScenarioOnce() {
        #expect(
            ScenarioRegistry.standard.names == [
                "harness-overhead", "replay-ranges", "build", "fling", "jump",
                "pager", "edits", "scaling", "strategies", "frame-rate", "shaper", "instructions",
            ])
    }

    /// Cells a test makes by hand.
    final class Cells: CellMaking { var cellsCreated = 0 }

    @Test func hostCellsAreSetApartFromTheEnginesAllocations() {
        let probe = ScriptedProbe()
        let cells = Cells()
        let pass = FramePassAllocations.count(4, probe: probe, cells: cells) {
            probe.allocate(6) // two of them the host's new cells
            cells.cellsCreated += 2
        }
        #expect(pass.cellsMade == 2)
        #expect(pass.enginePerFrame == 1)
        let metrics = pass.metrics("frame-allocations")
        #expect(metrics.map(\.name) == ["frame-allocations", "frame-allocations-with-host-cells"])
        #expect(metrics.map(\.value) == [1, 1.5])
        #expect(metrics.allSatisfy { $0.fromAllocator })
        let none = FramePassAllocations.count(4, probe: NoAllocationProbe(), cells: Cells()) {}
        #expect(none.enginePerFrame == nil && none.metrics("x").allSatisfy { $0.value == nil })
    }

    @Test func retainedFiguresAreNullWithoutARetainedMemoryProbe() {
        let (figures, value) = ScriptedProbe().measureRetained { [1, 2, 3] }
        #expect(value == [1, 2, 3])
        #expect(figures.bytes == nil && figures.objects == nil && figures.bytesPer(3) == nil)
    }

    @Test func sizeLabels() {
        #expect(
            sizeLabel(1_000) == "1k" && sizeLabel(10_000_000) == "10m" && sizeLabel(500) == "500"
                && sizeLabel(12_345) == "12345" && sizeLabel(2_000_000) == "2m")
    }
}
