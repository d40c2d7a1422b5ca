import BenchInstruments
import BenchSuite
import TerminalText

extension Report {
    /// Runs `runner`'s scenarios for `configuration` and records them with the machine, the build, the load while they
    /// ran, and the warnings a reader must see first.
    package static func run(
        _ runner: SuiteRunner, _ configuration: RunConfiguration, arguments: [String],
        buildConfiguration: BuildConfiguration
    ) -> Report {
        var environment = EnvironmentRecord.collect(
            arguments: arguments, buildConfiguration: buildConfiguration, probe: runner.probe)
        let runStart = MonotonicClock.now()
        let loadAtStart = LoadRecord.currentLoadAverage()
        let cpuAtStart = LoadRecord.currentCPUSeconds()
        let overhead = MonotonicClock.measureOverhead(reads: 100_000)
        let results = runner.run(configuration)
        let wall = Double(MonotonicClock.elapsed(since: runStart)) / 1e9
        environment.load = LoadRecord(
            loadAverageAtStart: loadAtStart, loadAverageAtEnd: LoadRecord.currentLoadAverage(),
            cpuSeconds: LoadRecord.currentCPUSeconds().flatMap { end in cpuAtStart.map { end - $0 } },
            wallSeconds: wall)
        let run = RunRecord(
            quick: configuration.mode == .quick, seed: configuration.seed, titles: configuration.titles,
            filter: configuration.filter, durationSeconds: wall,
            peakResidentBytes: ResidentMemory.peakBytes(), clockOverheadNanoseconds: overhead.meanNanoseconds)
        let failures = results.compactMap { result in
            result.failure.map { "scenario \(quoted(result.name)) FAILED: \($0)" }
        }
        return Report(
            environment: environment, run: run,
            warnings: failures + warnings(buildConfiguration: buildConfiguration, probe: runner.probe),
            scenarios: results)
    }

    package static func warnings(buildConfiguration: BuildConfiguration, probe: any AllocationProbe) -> [String] {
        var warnings: [String] = []
        if buildConfiguration == .debug {
            warnings.append("DEBUG BUILD: timings are not representative; run `swift run -c release bench`")
        }
        if !probe.isAvailable {
            warnings.append("no allocator figures: \(probe.note ?? NoAllocationProbe.defaultNote)")
        }
        return warnings
    }
}
