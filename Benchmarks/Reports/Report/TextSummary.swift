import BenchInstruments

/// The plain-text summary `bench` prints at the end of a run.
package enum TextSummary {
    /// One table of every metric: timing metrics show p50, p99 and max, others their value.
    package static func render(_ report: Report) -> String {
        var text = ""
        for warning in report.warnings { text += "!!! \(warning)\n" }
        let environment = report.environment
        text +=
            "bench \(report.run.quick ? "--quick" : "(full)"): \(environment.cpuModel ?? "unknown CPU"), "
            + "\(environment.logicalCores) cores, Swift \(environment.swiftCompiler), "
            + "\(environment.buildConfiguration.rawValue), allocator \(environment.allocator.name)"
            + "\(environment.allocator.version.map { " \($0)" } ?? ""), seed \(report.run.seed)\n\n"
        var table = TextTable(
            headers: ["scenario", "metric", "p50 / value", "p99", "max", "samples"], rightAligned: [2, 3, 4, 5])
        for scenario in report.scenarios {
            for metric in scenario.metrics {
                if metric.kind == .timing, let timing = metric.timing {
                    table.add([
                        scenario.name, metric.name, Format.nanoseconds(timing.p50), Format.nanoseconds(timing.p99),
                        Format.nanoseconds(timing.max), Format.integer(timing.count),
                    ])
                } else {
                    // A timing metric without samples has no value either: "null".
                    table.add([scenario.name, metric.name, Format.metricValue(metric), "", "", ""])
                }
            }
        }
        text += table.render()
        let peak = report.run.peakResidentBytes.map { Format.bytes(Double($0)) } ?? "null"
        text +=
            "\n\(report.scenarios.count) scenario(s) in \(Format.seconds(report.run.durationSeconds)); peak resident memory \(peak)\n"
        return text
    }
}
