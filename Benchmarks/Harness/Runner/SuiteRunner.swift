import Foundation

/// Runs the selected scenarios one after the other and assembles the
/// report, printing a progress line per scenario on standard error.
package struct SuiteRunner {
    /// The scenarios available.
    package var registry: ScenarioRegistry
    /// The allocation probe handed to every scenario.
    package var probe: any AllocationProbe
    /// The binary's build configuration.
    package var buildConfiguration: BuildConfiguration
    /// Where progress goes (standard error).
    package var progress: any OutputSink

    /// Creates a runner.
    package init(
        registry: ScenarioRegistry, probe: any AllocationProbe,
        buildConfiguration: BuildConfiguration, progress: any OutputSink
    ) {
        self.registry = registry
        self.probe = probe
        self.buildConfiguration = buildConfiguration
        self.progress = progress
    }

    /// Runs every scenario selected by `configuration.filter` and returns
    /// the report. A scenario that fails does not end the run: its entry
    /// has no figures and is marked (``ScenarioResult/failure``), the report
    /// carries a warning naming it, and its error goes to `progress` as
    /// `bench: error: scenario 'NAME' failed: …` when it happens; the other
    /// scenarios still run.
    /// - Complexity: the sum of the selected scenarios' runs, plus
    ///   ``EnvironmentRecord/collect(arguments:buildConfiguration:probe:now:)``
    ///   and 100,000 clock readings for the overhead figure.
    package func run(_ configuration: RunConfiguration, arguments: [String]) -> Report {
        var environment = EnvironmentRecord.collect(
            arguments: arguments, buildConfiguration: buildConfiguration,
            probe: probe)
        let runStart = MonotonicClock.now()
        let loadAtStart = LoadRecord.currentLoadAverage()
        let cpuAtStart = LoadRecord.currentCPUSeconds()
        let overhead = MonotonicClock.measureOverhead(reads: 100_000)
        let selected = registry.selected(by: configuration.filter)
        var results: [ScenarioResult] = []
        let mode = configuration.mode == .quick ? "quick" : "full"
        progress.write("bench: \(selected.count) scenario(s), \(mode) parameters, seed \(configuration.seed)\n")
        for (index, scenario) in selected.enumerated() {
            let label = "[\(index + 1)/\(selected.count)] \(scenario.name)"
            progress.write("\(label) ...\n")
            let bar = ProgressBar(sink: progress, label: scenario.name)
            let context = ScenarioContext(
                configuration: configuration, allocations: probe,
                progress: { bar.update($0) })
            let result = scenario.execute(in: context)
            bar.finish()
            if let failure = result.failure {
                progress.write("bench: error: scenario \(Excerpt.quote(scenario.name)) failed: \(failure)\n")
                progress.write("\(label) FAILED after \(Format.seconds(result.durationSeconds))\n")
            } else {
                progress.write(
                    "\(label) done in \(Format.seconds(result.durationSeconds)), \(result.metrics.count) metrics\n")
            }
            results.append(result)
        }
        let wall = Double(MonotonicClock.elapsed(since: runStart)) / 1e9
        environment.load = LoadRecord(
            loadAverageAtStart: loadAtStart, loadAverageAtEnd: LoadRecord.currentLoadAverage(),
            cpuSeconds: LoadRecord.currentCPUSeconds().flatMap { end in cpuAtStart.map { end - $0 } },
            wallSeconds: wall)
        let run = RunRecord(
            quick: configuration.mode == .quick, seed: configuration.seed, titles: configuration.titles,
            filter: configuration.filter, durationSeconds: wall,
            peakResidentBytes: ResidentMemory.peakBytes(), clockOverheadNanoseconds: overhead.meanNanoseconds
        )
        let failures = results.compactMap { result in
            result.failure.map { "scenario \(Excerpt.quote(result.name)) FAILED: \($0)" }
        }
        return Report(
            environment: environment, run: run,
            warnings: failures + Self.warnings(buildConfiguration: buildConfiguration, probe: probe),
            scenarios: results)
    }

    /// The warnings a report carries for this build and probe.
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
