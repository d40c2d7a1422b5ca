import BenchInstruments
import TabStrip

/// Building a strip from nothing, step by step: the titles, their widths, the index, the strip, the virtualiser.
package struct BuildScenario: Scenario, CountedScenario {
    package struct Parameters: ScenarioParameters, Sendable {
        package var titles: Int
        package var repetitions: Int
        var viewport = EngineFixture.viewport.width
    }

    package let name = "build"
    package let summary =
        "Generating, measuring and indexing 100k titles into a strip and virtualiser: time, allocations, bytes retained per tab (layout vs titles)."

    package func parameters(for configuration: RunConfiguration) -> Parameters {
        let titles = configuration.titles ?? 100_000
        return Parameters(titles: titles, repetitions: configuration.mode == .quick ? 3 : 7)
    }

    /// The instruction pass's titles: 20,000 of the counted strip's.
    static func countedTitles(_ workload: InstructionWorkloadSize) -> (tabs: Int, measured: Int) {
        workload.isTiny ? (2_000, 200) : (100_000, 20_000)
    }

    /// `TabSizing.measured()` widths of `titles` in the engine fixture's viewport: one operation per title. Timed over
    /// every title here, counted over a sample as `measure-title`.
    static func measuring(_ name: String, _ titles: [String], by sizing: TabSizing) -> Workload {
        Workload(name, operations: titles.count) {
            blackHole(try? sizing.widths(ofTitles: titles, availableWidth: EngineFixture.viewport.width))
        }
    }

    package static func countedTabs(_ workload: InstructionWorkloadSize) -> [Int] { [countedTitles(workload).tabs] }

    package static func counted(_ inputs: CountedInputs) -> [CountedBenchmark] {
        let sample = countedTitles(inputs.workload).measured
        return [
            CountedBenchmark(
                name: "measure-title", unit: "instructions/title",
                note: "TabSizing.measured() widths of \(Format.integer(sample)) generated titles, per title"
            ) { measuring("measure-title", Array(inputs.titles.prefix(sample)), by: .measured()) }
        ]
    }

    /// Times each step (generating, measuring, the width index, the strip, the virtualiser) after one unmeasured run;
    /// then, in separate passes, counts one strip build's allocations and what the titles, the width index, the strip
    /// and the virtualiser each leave alive.
    package func run(_ parameters: Parameters, in context: ScenarioContext) throws(ScenarioError) -> ScenarioOutput {
        var output = ScenarioOutput()
        let count = parameters.titles
        let seed = context.configuration.seed
        let sizing = TabSizing.measured()
        let repetitions = Repetitions(warmUp: 1, samples: parameters.repetitions)

        // Timing pass: each step on its own, then the strip as a host builds it.
        var generate = LatencyHistogram()
        measure(repetitions, into: &generate) { _ in blackHole(TitleGenerator.titles(count: count, seed: seed)) }
        let titles = TitleGenerator.titles(count: count, seed: seed)
        context.reportProgress(0.15)

        let widths: [Double]
        do {
            widths = try sizing.widths(ofTitles: titles, availableWidth: EngineFixture.viewport.width)
        } catch { throw ScenarioError("measuring failed: \(error)") }
        var measuring = LatencyHistogram()
        let measuringAll = Self.measuring("measure-titles", titles, by: sizing)
        measure(repetitions, into: &measuring) { _ in measuringAll.run() }
        context.reportProgress(0.3)

        var index = LatencyHistogram()
        measure(repetitions, into: &index) { _ in blackHole(try? TabWidths(widths: widths)) }

        var strip = LatencyHistogram()
        var built: TabStrip?
        var stripCPU = UInt64.max
        measure(repetitions, into: &strip) { _ in
            let cpuStart = ThreadCPUClock.now()
            built = try? EngineFixture.strip(titles: titles)
            stripCPU = Swift.min(stripCPU, ThreadCPUClock.now() &- cpuStart)
        }
        guard let built else { throw ScenarioError("the engine rejected the titles") }
        context.reportProgress(0.5)

        var virtualizer = LatencyHistogram()
        let host = BenchHost()
        measure(repetitions, into: &virtualizer) { _ in blackHole(try? EngineFixture.virtualizer(built, host: host)) }

        output.timing("generate-titles", generate, note: "TitleGenerator, \(Format.integer(count)) titles")
        output.timing("measure-titles", measuring, note: "TabSizing.measured() widths of every title (display columns)")
        output.timing("build-index", index, note: "TabWidths from the measured widths")
        output.timing(
            "build-strip", strip,
            note: "TabStrip(titles:) from the titles: measuring + index + validation (the build a host pays)")
        output.timing(
            "build-virtualizer", virtualizer,
            note: "TabStripVirtualizer over the built strip: first visible range, cells made and configured")
        output.duration(
            "build-strip-cpu", nanoseconds: stripCPU == .max ? nil : Double(stripCPU),
            note: "the shortest thread CPU time of the timed strip builds (time slices lost to other work excluded)")
        output.duration(
            "build-strip-per-tab", nanoseconds: strip.summary.map { $0.p50 / Double(max(1, count)) },
            note: "build-strip p50 divided by the tab count")
        context.reportProgress(0.6)

        // Allocation pass.
        let probe = context.allocations
        let stripAllocations = probe.measure { try? EngineFixture.strip(titles: titles) }
        blackHole(stripAllocations.result)
        output.count(
            "build-strip-allocations", stripAllocations.figures.allocations.map { Double($0) }, unit: "allocations",
            fromAllocator: true, note: "allocation requests of one TabStrip(titles:) build")
        output.bytes(
            "build-strip-allocated-bytes", stripAllocations.figures.bytes.map { Double($0) }, fromAllocator: true,
            note: "bytes requested by one build, temporaries included")

        // Retained memory: what each part leaves alive.
        let titleMemory = probe.measureRetained { TitleGenerator.titles(count: count, seed: seed) }
        let layoutMemory = probe.measureRetained { try? TabWidths(widths: widths) }
        let stripMemory = probe.measureRetained { try? EngineFixture.strip(titles: titleMemory.result) }
        let fixtureMemory = probe.measureRetained { try? EngineFixture.virtualizer(built, host: host) }
        context.reportProgress(0.9)
        let retained = [
            (
                "layout", layoutMemory.figures, "the width index",
                "net bytes left alive by building the width index (TabWidths) from an array the caller keeps"
            ),
            (
                "strip", stripMemory.figures, "the strip (titles excluded)",
                "net bytes left alive by TabStrip(titles:) when the caller keeps the titles array (shared, not copied): layout state, badges, sizing"
            ),
            (
                "titles", titleMemory.figures, "the titles: the array and the long titles",
                "the [String] array (16 bytes per title) plus heap storage of titles longer than 15 UTF-8 bytes"
            ),
        ]
        for (part, figures, _, note) in retained {
            output.bytes(
                "\(part)-bytes-per-tab", figures.bytesPer(count), unit: "bytes/tab", fromAllocator: true, note: note)
        }
        output.bytes(
            "total-bytes-per-tab",
            titleMemory.figures.bytes.flatMap { t in
                stripMemory.figures.bytes.map { Double(t + $0) / Double(max(1, count)) }
            },
            unit: "bytes/tab", fromAllocator: true, note: "titles + strip")
        output.bytes(
            "virtualizer-bytes", fixtureMemory.figures.bytes.map { Double($0) }, fromAllocator: true,
            note:
                "net bytes of a virtualiser over the built strip: visible cells, pool, buffers (independent of the tab count)"
        )
        for (part, figures, what, _) in retained {
            output.count(
                "\(part)-objects", figures.objects.map { Double($0) }, unit: "objects", fromAllocator: true,
                note: "heap objects kept alive by \(what)")
        }
        output.count("tabs", Double(count), unit: "tabs")
        output.count("total-width", built.contentWidth, unit: "pt", note: "content width of the strip")
        output.bytes(
            "peak-resident", ResidentMemory.peakBytes().map { Double($0) },
            note: "peak resident memory of the process so far")
        blackHole(stripMemory.result)
        blackHole(layoutMemory.result)
        blackHole(fixtureMemory.result)
        if !probe.isAvailable, let note = probe.note { output.notes.append(note) }
        output.notes.append(
            "viewport \(Format.number(EngineFixture.viewport.width)) pt; TabSizing.measured(): 8 pt per display column + 2 x 20 pt padding"
        )
        context.reportProgress(1)
        return output
    }
}
