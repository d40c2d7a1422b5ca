import BenchInstruments
import TabStrip
import TabStripTestSupport

/// Animated taps on far tabs (first to last and back, then random far tabs)
/// over a strip of 100,000 titles: a 0.25 s ease-out animation of the
/// content offset at 120 Hz with the indicator and titles following
/// (`setTransition(to:fraction:)`), then `select` at the end. Mid-animation
/// frames move thousands of points, so each replaces the whole visible set.
package struct JumpScenario: Scenario {
    /// Sizes and repetitions.
    package struct Parameters: ScenarioParameters, Sendable {
        /// Tabs in the strip.
        package var titles: Int
        /// Animated jumps (timed once, counted once).
        package var jumps: Int
        /// Unmeasured jumps first.
        package var warmUpJumps: Int
        /// Animation duration, seconds.
        package var duration: Double

        /// Creates parameters.
        package init(titles: Int, jumps: Int, warmUpJumps: Int, duration: Double = 0.25) {
            self.titles = titles
            self.jumps = jumps
            self.warmUpJumps = warmUpJumps
            self.duration = duration
        }

        /// Every parameter, the frame rate and the animation curve.
        package var recorded: [String: ParameterValue] {
            [
                "titles": .int(titles), "jumps": .int(jumps), "warmUpJumps": .int(warmUpJumps),
                "duration": .double(duration), "framesPerSecond": .int(120), "curve": .string("easeOut"),
            ]
        }
    }

    /// Creates the scenario.
    package init() {}

    /// `jump`.
    package var name: String { "jump" }
    /// The animated taps and the figures taken from them, in one sentence.
    package var summary: String {
        "Animated taps on far tabs over 100k tabs (first <-> last, random), 0.25 s ease-out at 120 Hz: per-frame latency with the whole visible set replaced, allocations, cells created."
    }

    /// 100,000 tabs (or `--titles`); 1,000 jumps after 20 unmeasured ones
    /// in quick mode, 10,000 after 50 in full; 0.25 s animations.
    package func parameters(for configuration: RunConfiguration) -> Parameters {
        let titles = configuration.titles ?? 100_000
        switch configuration.mode {
        case .quick: return Parameters(titles: titles, jumps: 1_000, warmUpJumps: 20)
        case .full: return Parameters(titles: titles, jumps: 10_000, warmUpJumps: 50)
        }
    }

    /// The tabs tapped, in order: first and last alternately for the first
    /// quarter, then random tabs at least a tenth of the strip away.
    static func targets(count: Int, tabs: Int, generator: SeededGenerator) -> [Int] {
        guard tabs > 1 else { return [Int](repeating: 0, count: count) }
        var random = generator
        var result: [Int] = []
        result.reserveCapacity(count)
        var current = 0
        for k in 0..<count {
            var target: Int
            if k < count / 4 {
                target = current == tabs - 1 ? 0 : tabs - 1
            } else {
                let distance = Swift.max(1, tabs / 10)
                repeat { target = random.next(below: tabs) } while (target - current).magnitude < distance && tabs > 2
            }
            result.append(target)
            current = target
        }
        return result
    }

    /// Plays the animated jumps to `targets`, calling `around` with each
    /// frame's work and kind (true for the final select): the body of
    /// ``workloads(_:targets:warmUpJumps:duration:)``.
    @inline(__always)
    private static func play(
        _ virtualizer: TabStripVirtualizer<BenchHost>, targets: ArraySlice<Int>, duration: Double,
        clock: SimulatedFrameClock, frameIndex: inout Int,
        _ around: (_ isSelect: Bool, _ work: () -> Void) -> Void
    ) {
        let frames = Swift.max(1, Int((duration * clock.framesPerSecond).rounded()))
        for target in targets {
            let startTime = clock.timestamp(ofFrame: frameIndex)
            let from = virtualizer.strip.contentOffset
            let to = (try? virtualizer.strip.targetContentOffset(forSelecting: target, scroll: .center)) ?? from
            guard
                let animation = try? TimedAnimation(
                    from: from, to: to, startTime: startTime, duration: duration,
                    curve: .easeOut)
            else { continue }
            for step in 1...frames {
                frameIndex += 1
                let time = clock.timestamp(ofFrame: frameIndex)
                if step < frames {
                    around(false) {
                        let eased = animation.curve.value(atProgress: animation.progress(at: time))
                        try? virtualizer.setContentOffset(animation.value(at: time))
                        try? virtualizer.setTransition(to: target, fraction: eased)
                    }
                } else {
                    around(true) {
                        try? virtualizer.select(target, scroll: .center)
                    }
                }
            }
        }
    }

    /// The animated jumps to `targets`, declared once: the unmeasured first
    /// `warmUpJumps`, then the measured rest as `jump-frame`, one operation
    /// per frame (its kind true for the final select). Both continue one
    /// frame clock, in the order they run, from frame 0. The jump scenario
    /// times and allocation-counts `measured`; the instruction pass counts
    /// it.
    /// - Complexity: O(1); a pass plays 30 frames per jump (0.25 s at
    ///   120 Hz), each O(log n + k) for k about the visible tabs.
    static func workloads(
        _ virtualizer: TabStripVirtualizer<BenchHost>, targets: [Int], warmUpJumps: Int, duration: Double,
        name: String = "jump-frame"
    ) -> (warmUp: SteppedWorkload<Bool>, measured: SteppedWorkload<Bool>) {
        let clock = SimulatedFrameClock.at120Hz
        let framesPerJump = Swift.max(1, Int((duration * clock.framesPerSecond).rounded()))
        var frameIndex = 0
        func jumps(_ name: String, _ targets: ArraySlice<Int>) -> SteppedWorkload<Bool> {
            SteppedWorkload(name: name, operations: targets.count * framesPerJump) { step in
                play(virtualizer, targets: targets, duration: duration, clock: clock, frameIndex: &frameIndex, step)
            }
        }
        return (jumps("jump-warm-up", targets.prefix(warmUpJumps)), jumps(name, targets.dropFirst(warmUpJumps)))
    }

    /// Plays the unmeasured jumps (counting the frames whose visible set
    /// shares no tab with the previous frame's), times every frame of the
    /// measured jumps, animation frames and final selects apart, then plays
    /// the measured jumps again under the allocation probe.
    /// - Throws: ``ScenarioError`` when the engine rejects the titles, or
    ///   when the allocation pass plays a different number of frames than
    ///   planned.
    /// - Complexity: O(n) to build the strip over n tabs, then 30 frames
    ///   per jump (0.25 s at 120 Hz) over warm-up + 2 × `jumps` jumps, each
    ///   O(log n + k) with k about the visible tabs, since mid-animation
    ///   frames replace the whole visible set.
    package func run(_ parameters: Parameters, in context: ScenarioContext) throws(ScenarioError) -> ScenarioOutput {
        var output = ScenarioOutput()
        let titles = TitleGenerator.titles(count: parameters.titles, seed: context.configuration.seed)
        let fixture = try EngineFixture(titles: titles)
        let virtualizer = fixture.virtualizer
        let targets = Self.targets(
            count: parameters.warmUpJumps + parameters.jumps, tabs: titles.count,
            generator: context.generator(stream: "jump-targets"))
        let jumps = Self.workloads(
            virtualizer, targets: targets, warmUpJumps: parameters.warmUpJumps, duration: parameters.duration)
        context.reportProgress(0.1)

        // Warm-up, counting how often a frame's visible set shares no tab
        // with the previous frame's.
        var replaced = 0
        var warmUpFrames = 0
        jumps.warmUp.pass { _, work in
            let before = virtualizer.visibleTabs
            work()
            if !before.overlaps(virtualizer.visibleTabs) { replaced += 1 }
            warmUpFrames += 1
        }
        let cellsBefore = fixture.host.cellsMade

        // Timing pass.
        var frames = LatencyHistogram()
        var selects = LatencyHistogram()
        jumps.measured.pass { isSelect, work in
            let start = MonotonicClock.now()
            work()
            let elapsed = MonotonicClock.elapsed(since: start)
            if isSelect { selects.record(elapsed) } else { frames.record(elapsed) }
        }
        context.reportProgress(0.5)

        // Allocation pass: the same jumps again, counted as a whole.
        var counted = 0
        let allocations = FramePassAllocations.count(
            frames: jumps.measured.operations, probe: context.allocations,
            cellsCreated: { fixture.host.cellsMade }
        ) {
            jumps.measured.pass { _, work in
                work()
                counted += 1
            }
        }
        guard counted == allocations.frames else {
            throw ScenarioError("jump: \(counted) frames counted, \(allocations.frames) expected")
        }
        context.reportProgress(0.9)
        let counts = fixture.cellCounts
        output.add(
            .timing(
                "frame", frames,
                note: "an animation frame: offset + setContentOffset + setTransition(to:fraction:) (two updates)"))
        output.add(.timing("select-frame", selects, note: "the last frame of a jump: select(_:scroll: .center)"))
        for metric in allocations.metrics("frame-allocations") { output.add(metric) }
        output.add(
            .bytes("frame-bytes", allocations.figures.bytesPer(counted), unit: "bytes/frame", fromAllocator: true))
        output.add(.count("cells-created", Double(counts.created), unit: "cells"))
        output.add(
            .count(
                "cells-created-after-warm-up", Double(counts.created - cellsBefore), unit: "cells",
                note:
                    "new cells in the timing and allocation passes: cells of tabs that left are handed straight to tabs that entered"
            ))
        output.add(.count("cells-reused", Double(counts.reused), unit: "cells"))
        output.add(.count("visible-maximum", Double(counts.visibleMaximum), unit: "cells"))
        output.add(
            .count(
                "cells-bound", Double(counts.visibleMaximum + EngineFixture.poolLimit), unit: "cells",
                note: "visible maximum + pool limit (\(EngineFixture.poolLimit))"))
        output.add(.count("jumps", Double(parameters.jumps), unit: "jumps"))
        output.add(
            .ratio(
                "replaced-frames-share", Double(replaced), over: Double(warmUpFrames),
                note: "share of (warm-up) frames whose visible set shares no tab with the previous frame's"))
        output.notes.append(
            "targets: first <-> last for a quarter of the jumps, then random tabs at least a tenth of the strip away")
        context.reportProgress(1)
        return output
    }
}
