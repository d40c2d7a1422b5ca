import BenchInstruments
import TabStrip
import TabStripTestSupport

/// Animated taps on far tabs (`setTransition(to:fraction:)` each frame, then `select`): mid-animation frames move
/// thousands of points, so each replaces the whole visible set.
package struct JumpScenario: Scenario, CountedScenario {
    package struct Parameters: ScenarioParameters, Sendable {
        package var titles: Int
        package var jumps: Int
        package var warmUpJumps: Int
        package var duration = 0.25
        var framesPerSecond = 120
        var curve = "easeOut"
    }

    package let name = "jump"
    package let summary =
        "Animated taps on far tabs over 100k tabs (first <-> last, random), 0.25 s ease-out at 120 Hz: per-frame latency with the whole visible set replaced, allocations, cells created."

    package func parameters(for configuration: RunConfiguration) -> Parameters {
        let titles = configuration.titles ?? 100_000
        return configuration.mode == .quick
            ? Parameters(titles: titles, jumps: 1_000, warmUpJumps: 20)
            : Parameters(titles: titles, jumps: 10_000, warmUpJumps: 50)
    }

    static func counted(_ workload: InstructionWorkloadSize) -> Parameters {
        workload.isTiny
            ? Parameters(titles: 2_000, jumps: 3, warmUpJumps: 1)
            : Parameters(titles: 100_000, jumps: 40, warmUpJumps: 5)
    }

    /// The tabs tapped, in order: first and last alternately for the first
    /// quarter, then random tabs at least a tenth of the strip away.
    static func targets(count: Int, tabs: Int, generator: SeededGenerator) -> [Int] {
        guard tabs > 1 else { return [Int](repeating: 0, count: count) }
        var (random, result, current) = (generator, [Int](), 0)
        for k in 0..<count {
            var target = current == tabs - 1 ? 0 : tabs - 1
            if k >= count / 4 {
                let distance = Swift.max(1, tabs / 10)
                repeat { target = random.next(below: tabs) } while (target - current).magnitude < distance && tabs > 2
            }
            result.append(target)
            current = target
        }
        return result
    }

    /// The frame clock the jumps of one strip continue, from frame 0.
    final class FrameCounter { var frame = 0 }

    /// The jump benchmark's body: animated jumps to `targets`, one
    /// operation per frame, the last frame of each (the select) marked.
    struct Jumps: Operations {
        let virtualizer: TabStripVirtualizer<BenchHost>
        let targets: ArraySlice<Int>
        let duration: Double
        let counter: FrameCounter

        func run<M: Measure>(_ measure: inout M) {
            let clock = SimulatedFrameClock.at120Hz
            let frames = Swift.max(1, Int((duration * clock.framesPerSecond).rounded()))
            for target in targets {
                let startTime = clock.timestamp(ofFrame: counter.frame)
                let from = virtualizer.strip.contentOffset
                let to = (try? virtualizer.strip.targetContentOffset(forSelecting: target, scroll: .center)) ?? from
                guard
                    let animation = try? TimedAnimation(
                        from: from, to: to, startTime: startTime, duration: duration, curve: .easeOut)
                else { continue }
                for step in 1...frames {
                    counter.frame += 1
                    let time = clock.timestamp(ofFrame: counter.frame)
                    if step < frames {
                        measure.measure(false) {
                            let eased = animation.curve.value(atProgress: animation.progress(at: time))
                            try? virtualizer.setContentOffset(animation.value(at: time))
                            try? virtualizer.setTransition(to: target, fraction: eased)
                        }
                    } else {
                        measure.measure(true) { try? virtualizer.select(target, scroll: .center) }
                    }
                }
            }
        }
    }

    /// The animated jumps on `virtualizer` to the run's targets: the first `warmUpJumps` (to play unmeasured), then the
    /// rest as the benchmark `name`, both continuing one frame clock.
    static func workloads(
        _ virtualizer: TabStripVirtualizer<BenchHost>, _ parameters: Parameters, seed: UInt64,
        name: String = "jump-frame"
    ) -> (warmUp: Workload, measured: Workload) {
        let targets = targets(
            count: parameters.warmUpJumps + parameters.jumps, tabs: virtualizer.strip.tabCount,
            generator: SeededGenerator(seed: seed, stream: "jump-targets"))
        let framesPerJump = Swift.max(1, Int((parameters.duration * 120).rounded()))
        let counter = FrameCounter()
        func jumps(_ name: String, _ targets: ArraySlice<Int>) -> Workload {
            Workload(
                name, operations: targets.count * framesPerJump, each: true,
                Jumps(virtualizer: virtualizer, targets: targets, duration: parameters.duration, counter: counter))
        }
        return (
            jumps("jump-warm-up", targets.prefix(parameters.warmUpJumps)),
            jumps(name, targets.dropFirst(parameters.warmUpJumps))
        )
    }

    package static func countedTabs(_ workload: InstructionWorkloadSize) -> [Int] { [counted(workload).titles] }

    package static func counted(_ inputs: CountedInputs) -> [CountedBenchmark] {
        [
            CountedBenchmark(
                name: "jump-frame", unit: "instructions/frame",
                note:
                    "a frame of an animated jump to a far tab (setContentOffset + setTransition, or the final select), \(Format.integer(inputs.tabs)) tabs"
            ) { () throws(ScenarioError) in
                let jumps = workloads(
                    try EngineFixture(strip: try inputs.builtStrip()).virtualizer, counted(inputs.workload),
                    seed: inputs.seed)
                jumps.warmUp.run()
                return jumps.measured
            }
        ]
    }

    /// Plays the unmeasured jumps (counting the frames whose visible set shares no tab with the previous frame's),
    /// times every frame of the measured jumps (the selects apart), then plays them again under the allocation probe.
    package func run(_ parameters: Parameters, in context: ScenarioContext) throws(ScenarioError) -> ScenarioOutput {
        var output = ScenarioOutput()
        let titles = TitleGenerator.titles(count: parameters.titles, seed: context.configuration.seed)
        let fixture = try EngineFixture(titles: titles)
        let virtualizer = fixture.virtualizer
        let jumps = Self.workloads(virtualizer, parameters, seed: context.configuration.seed)
        context.reportProgress(0.1)
        // The warm-up, counting the frames whose visible set shares no tab with the previous frame's.
        var replaced = 0
        var warmUpFrames = 0
        var previous = virtualizer.visibleTabs
        jumps.warmUp.time { _, _ in
            if !previous.overlaps(virtualizer.visibleTabs) { replaced += 1 }
            previous = virtualizer.visibleTabs
            warmUpFrames += 1
        }
        let cellsBefore = fixture.host.cellsMade
        var frames = LatencyHistogram()
        var selects = LatencyHistogram()
        jumps.measured.time { isSelect, elapsed in
            if isSelect { selects.record(elapsed) } else { frames.record(elapsed) }
        }
        context.reportProgress(0.5)
        let allocations = FramePassAllocations.count(
            jumps.measured.operations, probe: context.allocations, cells: fixture.host, jumps.measured.run)
        context.reportProgress(0.9)
        output.timing(
            "frame", frames,
            note: "an animation frame: offset + setContentOffset + setTransition(to:fraction:) (two updates)")
        output.timing("select-frame", selects, note: "the last frame of a jump: select(_:scroll: .center)")
        output.metrics += allocations.framePassMetrics(fixture, cellsBefore: cellsBefore)
        output.count("jumps", Double(parameters.jumps), unit: "jumps")
        output.ratio(
            "replaced-frames-share", Double(replaced), over: Double(warmUpFrames),
            note: "share of (warm-up) frames whose visible set shares no tab with the previous frame's")
        output.notes.append(
            "targets: first <-> last for a quarter of the jumps, then random tabs at least a tenth of the strip away")
        context.reportProgress(1)
        return output
    }
}
