import BenchInstruments
import TerminalText

/// Runs the selected scenarios of a registry in order, one after the other,
/// with a progress line for each on `progress` (standard error).
package struct SuiteRunner {
    package var registry: ScenarioRegistry
    package var probe: any AllocationProbe
    package var progress: any OutputSink

    package init(registry: ScenarioRegistry, probe: any AllocationProbe, progress: any OutputSink) {
        (self.registry, self.probe, self.progress) = (registry, probe, progress)
    }

    /// Runs every scenario `configuration` selects and returns their results, in run order; a scenario that fails is
    /// recorded as failed and the others still run.
    package func run(_ configuration: RunConfiguration) -> [ScenarioResult] {
        let selected = registry.selected(by: configuration.filter)
        let mode = configuration.mode == .quick ? "quick" : "full"
        progress.write("bench: \(selected.count) scenario(s), \(mode) parameters, seed \(configuration.seed)\n")
        return selected.enumerated().map { index, scenario in
            let label = "[\(index + 1)/\(selected.count)] \(scenario.name)"
            progress.write("\(label) ...\n")
            let bar = ProgressBar(sink: progress, label: scenario.name)
            let context = ScenarioContext(
                configuration: configuration, allocations: probe, progress: { bar.update($0) })
            let result = scenario.execute(in: context)
            bar.finish()
            if let failure = result.failure {
                progress.write("bench: error: scenario \(quoted(scenario.name)) failed: \(failure)\n")
                progress.write("\(label) FAILED after \(Format.seconds(result.durationSeconds))\n")
            } else {
                progress.write(
                    "\(label) done in \(Format.seconds(result.durationSeconds)), \(result.metrics.count) metrics\n")
            }
            return result
        }
    }
}
