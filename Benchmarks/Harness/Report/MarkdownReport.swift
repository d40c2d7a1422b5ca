/// `Reports/latest.md`: the tables a person reads first.
package enum MarkdownReport {
    /// The markdown for `report`, with the threshold verdicts when a check
    /// was made (`check`) or why none was (`checkNote`); `stripPictures`
    /// links `strip-drag.svg` and `strip-fling.svg` (written beside it).
    /// - Complexity: O(size of the report + s × r) for s scenarios and r
    ///   rows of the check (each scenario's verdicts are counted from the
    ///   rows).
    package static func render(
        _ report: Report, check: CheckOutcome?, checkNote: String? = nil,
        stripPictures: Bool = false
    ) -> String {
        var text = "# TabStrip benchmark report\n\n"
        for warning in report.warnings {
            text += "> **WARNING: \(warning)**\n\n"
        }
        let environment = report.environment
        text += "## Run\n\n"
        var run = MarkdownTable(headers: ["", ""])
        run.add(["date", environment.date])
        run.add(["mode", report.run.quick ? "quick (`--quick`)" : "full"])
        run.add(["seed", "\(report.run.seed)"])
        if let titles = report.run.titles { run.add(["titles", Format.integer(titles)]) }
        if let filter = report.run.filter { run.add(["filter", filter.joined(separator: ", ")]) }
        run.add(["duration", Format.seconds(report.run.durationSeconds)])
        run.add(["peak resident memory", report.run.peakResidentBytes.map { Format.bytes(Double($0)) } ?? "null"])
        run.add([
            "clock reading",
            "\(Format.nanoseconds(report.run.clockOverheadNanoseconds)) (included in every timing sample)",
        ])
        run.add(["arguments", "`" + environment.arguments.joined(separator: " ") + "`"])
        run.add([
            "machine",
            "\(environment.cpuModel ?? "unknown CPU"), \(environment.logicalCores) logical cores, "
                + (environment.memoryBytes.map { Format.bytes(Double($0)) } ?? "unknown memory"),
        ])
        run.add(["OS", [environment.operatingSystem, environment.kernel].compactMap { $0 }.joined(separator: ", ")])
        run.add([
            "Swift",
            environment.swiftCompiler + (environment.swiftToolchain.map { " (toolchain on PATH: \($0))" } ?? ""),
        ])
        run.add(["build", environment.buildConfiguration == .debug ? "**DEBUG**" : "release"])
        let allocator = environment.allocator
        run.add([
            "allocator",
            allocator.name + (allocator.version.map { " \($0)" } ?? "")
                + (allocator.note.map { " — \($0)" } ?? ""),
        ])
        run.add(["git", environment.git.map { "\($0.commit)\($0.dirty ? " (dirty)" : "")" } ?? "not a git work tree"])
        if let sources = environment.sources {
            let disk = sources.onDisk.map { $0 == sources.compiled ? "the same on disk" : "on disk: \($0)" }
            run.add(["engine sources", "\(sources.compiled) (\(disk ?? "sources not found on disk"))"])
        }
        text += run.render() + "\n"

        text += "## Summary\n\n"
        var summary = MarkdownTable(
            headers: ["scenario", "what it measures", "duration", "metrics", "verdicts"],
            rightAligned: [2, 3])
        for scenario in report.scenarios {
            summary.add([
                scenario.name, scenario.summary, Format.seconds(scenario.durationSeconds),
                "\(scenario.metrics.count)", verdicts(for: scenario.name, in: check),
            ])
        }
        text += summary.render() + "\n"

        var timing = MarkdownTable(
            headers: ["scenario", "metric", "count", "p50", "p90", "p99", "p99.9", "max", "mean"],
            rightAligned: Set(2...8))
        var allocations = MarkdownTable(headers: ["scenario", "metric", "value", "note"], rightAligned: [2])
        var ratios = MarkdownTable(headers: ["scenario", "metric", "value", "note"], rightAligned: [2])
        var others = MarkdownTable(headers: ["scenario", "metric", "value", "note"], rightAligned: [2])
        var instructions = MarkdownTable(headers: ["scenario", "metric", "value", "note"], rightAligned: [2])
        for scenario in report.scenarios {
            for metric in scenario.metrics {
                switch metric.kind {
                case .timing:
                    if let summary = metric.timing {
                        timing.add([
                            scenario.name, metric.name, Format.integer(summary.count),
                            Format.nanoseconds(summary.p50), Format.nanoseconds(summary.p90),
                            Format.nanoseconds(summary.p99), Format.nanoseconds(summary.p999),
                            Format.nanoseconds(summary.max), Format.nanoseconds(summary.mean),
                        ])
                    } else {
                        timing.add([scenario.name, metric.name, "null", "", "", "", "", "", ""])
                    }
                case .ratio:
                    ratios.add([scenario.name, metric.name, Format.metricValue(metric), metric.note ?? ""])
                case .instructions where isCacheFigure(metric):
                    continue
                case .instructions:
                    instructions.add([scenario.name, metric.name, Format.metricValue(metric), metric.note ?? ""])
                default:
                    let row = [scenario.name, metric.name, Format.metricValue(metric), metric.note ?? ""]
                    if metric.fromAllocator { allocations.add(row) } else { others.add(row) }
                }
            }
        }
        text +=
            "## Timing\n\nAll samples recorded in a log-linear histogram (3 significant digits); nothing is dropped.\n\n"
        text += (timing.isEmpty ? "No timing metrics.\n" : timing.render()) + "\n"
        text +=
            "## Allocations\n\nCounted in a pass separate from the timing pass. `null` means no allocator figures, never zero.\n\n"
        text += (allocations.isEmpty ? "No allocation metrics.\n" : allocations.render()) + "\n"
        text += "## Ratios\n\n" + (ratios.isEmpty ? "No ratio metrics.\n" : ratios.render()) + "\n"
        if !instructions.isEmpty {
            text +=
                "## Instructions\n\nExecuted instructions counted by callgrind around the measured work only: deterministic for a given binary and input. `null` means the run counted none (no valgrind), never zero.\n\n"
            text += instructions.render() + "\n"
            text += cacheSection(report)
            text += functionSection(report)
        }
        if !others.isEmpty { text += "## Other figures\n\n" + others.render() + "\n" }

        text += "## Thresholds\n\n"
        if let check {
            var table = MarkdownTable(headers: ["scenario", "metric", "limit", "value", "verdict"], rightAligned: [3])
            for row in check.rows {
                let verdict = row.verdict.fails ? "**\(row.verdict.text)**" : row.verdict.text
                table.add([row.scenario, row.metric, row.limit, row.value, verdict])
            }
            text += table.render() + "\n"
            for note in check.notes { text += "- \(note)\n" }
            text += "\n\(check.verdictLine)\n\n"
        } else {
            text += (checkNote ?? "No thresholds were checked.") + "\n\n"
        }

        text += "## Charts\n\n![Latency percentiles](latency-percentiles.svg)\n\n![Scaling](scaling.svg)\n\n"
        if stripPictures {
            text +=
                "## The strip\n\nDrawn from what the engine told a recording host (seed \(report.run.seed)): "
                + "a pager drag from a narrow tab to its wide neighbour and back, with the line and the lengthen "
                + "indicator, and one fast fling over the strip.\n\n"
                + "![A pager drag, frame by frame](strip-drag.svg)\n\n![One fast fling](strip-fling.svg)\n\n"
        }
        let notes = report.scenarios.flatMap { scenario in scenario.notes.map { "\(scenario.name): \($0)" } }
        if !notes.isEmpty {
            text += "## Notes\n\n" + notes.map { "- \($0)\n" }.joined() + "\n"
        }
        text += "Schema: `latest.json` follows [SCHEMA.md](SCHEMA.md) version \(report.schemaVersion).\n"
        return text
    }

    /// Whether `metric` is one of the cache simulation's figures
    /// (`l1-misses-PHASE`, `ll-misses-PHASE`, `cycles-PHASE`), shown in
    /// their own table.
    static func isCacheFigure(_ metric: Metric) -> Bool {
        metric.kind == .instructions
            && ["l1-misses-", "ll-misses-", "cycles-"].contains { metric.name.hasPrefix($0) }
    }

    /// One row per phase with cache figures: instructions, L1 and LL
    /// misses and estimated cycles per operation.
    private static func cacheSection(_ report: Report) -> String {
        var table = MarkdownTable(
            headers: ["scenario", "phase", "unit", "instructions", "L1 misses", "LL misses", "est. cycles"],
            rightAligned: [3, 4, 5, 6])
        for scenario in report.scenarios {
            for metric in scenario.metrics where metric.kind == .instructions && metric.name.hasPrefix("cycles-") {
                let phase = String(metric.name.dropFirst("cycles-".count))
                let cell = { (name: String) in
                    scenario.metric(named: name).map { $0.value.map { Format.number($0) } ?? "null" } ?? "-"
                }
                let unit = metric.unit.firstIndex(of: "/").map { "per " + metric.unit[$0...].dropFirst() } ?? ""
                table.add([
                    scenario.name, phase, unit, cell(phase), cell("l1-misses-" + phase), cell("ll-misses-" + phase),
                    cell(metric.name),
                ])
            }
        }
        guard !table.isEmpty else { return "" }
        return "### Cache simulation\n\n"
            + "Callgrind's simulated caches (`--cache-sim=yes`: I1, D1 and the last level, LL), per operation; "
            + "L1 misses = I1mr + D1mr + D1mw, LL misses = ILmr + DLmr + DLmw; \(CacheFigures.formula). "
            + "Deterministic like the instruction counts.\n\n" + table.render() + "\n"
    }

    /// Per phase, a collapsed table of the functions with the most
    /// inclusive instructions per operation.
    private static func functionSection(_ report: Report) -> String {
        var text = ""
        for scenario in report.scenarios {
            for phase in scenario.functions where !phase.functions.isEmpty {
                let unit = scenario.metric(named: phase.phase)?.unit ?? "instructions"
                let total = scenario.metric(named: phase.phase)?.value.map { Format.number($0) + " " + unit } ?? ""
                var table = MarkdownTable(headers: ["function", "inclusive", "self"], rightAligned: [1, 2])
                for function in phase.functions {
                    table.add([
                        "`" + shortened(function.name) + "`", Format.number(function.inclusive),
                        Format.number(function.exclusive),
                    ])
                }
                text +=
                    "<details><summary>\(phase.phase): \(total)</summary>\n\n" + table.render() + "\n</details>\n\n"
            }
        }
        guard !text.isEmpty else { return "" }
        return "### Hot functions\n\n"
            + "Per phase, the 10 functions with the most inclusive instructions (their own and their callees') "
            + "per operation, from the dumps kept in `callgrind/` beside this report "
            + "(`callgrind_annotate --inclusive=yes callgrind/PHASE.callgrind.out` shows them all).\n\n" + text
    }

    /// A demangled name cut to 120 characters, without backquotes.
    private static func shortened(_ name: String) -> String {
        let clean = name.replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "|", with: "\\|")
        return clean.count <= 120 ? clean : String(clean.prefix(119)) + "…"
    }

    private static func verdicts(for scenario: String, in check: CheckOutcome?) -> String {
        guard let check else { return "not checked" }
        let rows = check.rows.filter { $0.scenario == scenario }
        if rows.isEmpty { return "no limits" }
        let failures = rows.filter { $0.verdict.fails }.count
        let met = rows.filter { $0.verdict == .pass }.count
        let skipped = rows.count - failures - met
        var parts = ["\(met) met"]
        if failures > 0 { parts.append("**\(failures) broken**") }
        if skipped > 0 { parts.append("\(skipped) skipped") }
        return parts.joined(separator: ", ")
    }
}
