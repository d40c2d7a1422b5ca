import BenchInstruments

/// The scenarios a `bench` binary knows, in run order.
package struct ScenarioRegistry {
    /// Every registered scenario.
    package private(set) var scenarios: [any Scenario]

    /// Creates a registry. Names must be unique (a programming error
    /// otherwise).
    package init(_ scenarios: [any Scenario]) {
        var seen = Set<String>()
        for scenario in scenarios {
            precondition(seen.insert(scenario.name).inserted, "duplicate scenario name \(scenario.name)")
        }
        self.scenarios = scenarios
    }

    /// The scenarios that need nothing but the harness itself.
    package static var harnessScenarios: [any Scenario] {
        [HarnessOverheadScenario(), ReplayScalingScenario()]
    }

    /// The scenarios that drive the engine as a host would.
    package static var engineScenarios: [any Scenario] {
        [
            BuildScenario(), FlingScenario(), JumpScenario(), PagerScenario(), EditsScenario(), ScalingScenario(),
            StrategiesScenario(), FrameRateScenario(), ShaperScenario(),
        ]
    }

    /// The instruction pass (run last, after the timing scenarios): the
    /// bench runs itself under callgrind.
    package static var instructionScenarios: [any Scenario] {
        [InstructionScenario()]
    }

    /// The default suite.
    package static var standard: ScenarioRegistry {
        ScenarioRegistry(harnessScenarios + engineScenarios + instructionScenarios)
    }

    /// Every scenario's name, in run order.
    package var names: [String] { scenarios.map(\.name) }

    /// The scenarios selected by `patterns` (see ``ScenarioFilter``).
    /// - Complexity: O(scenarios × patterns) name comparisons.
    package func selected(by patterns: [String]?) -> [any Scenario] {
        scenarios.filter { ScenarioFilter.selects($0.name, patterns: patterns) }
    }
}

extension Scenario {
    /// Runs the scenario with its parameters for `context`'s configuration
    /// and wraps the output into a report entry. A scenario that throws
    /// gives an entry with no figures, marked by a note
    /// (``ScenarioResult/failure``) holding the error.
    func execute(in context: ScenarioContext) -> ScenarioResult {
        let parameters = parameters(for: context.configuration)
        let start = MonotonicClock.now()
        let output: ScenarioOutput
        var failure: ScenarioError?
        do {
            output = try run(parameters, in: context)
        } catch {
            output = ScenarioOutput()
            failure = error
        }
        let seconds = Double(MonotonicClock.elapsed(since: start)) / 1e9
        var result = ScenarioResult(
            name: name, summary: summary, parameters: parameters.recorded,
            durationSeconds: seconds, metrics: output.metrics,
            series: output.series, notes: output.notes, functions: output.functions)
        if let failure { result.notes.append(ScenarioResult.failureNotePrefix + failure.message) }
        return result
    }
}
