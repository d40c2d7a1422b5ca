import BenchInstruments
import BenchSuite

/// `latest.md`: the tables a person reads first, the answer to "is it fine?" on its first screen.
package enum MarkdownReport {
    // MARK: the first screen

    /// A headline component: the value without its unit, or `—`.
    package static func headlineValue(_ metric: Metric?) -> String {
        guard let metric, let value = metric.value else { return "—" }
        return metric.unit == "x" ? "\(Format.number(value))×" : Format.number(value)
    }

    /// The machine's load while the run went on.
    package static func loadLine(_ report: Report) -> String {
        let cores = report.environment.logicalCores
        guard let load = report.environment.load else {
            return "Machine load: not recorded (a report from an older harness)."
        }
        let start = load.loadAverageAtStart.map(Format.oneDecimal) ?? "unknown"
        let end = load.loadAverageAtEnd.map(Format.oneDecimal) ?? "unknown"
        var parts = ["load average \(start) at the start, \(end) at the end, on \(cores) logical cores"]
        if let cpu = load.cpuSeconds, load.wallSeconds > 0 {
            parts.append(
                "the bench used \(Format.seconds(cpu)) of CPU in \(Format.seconds(load.wallSeconds)) of wall time "
                    + "(\(Format.integer(Int((cpu / load.wallSeconds * 100).rounded()))) %, child processes included)")
        }
        var line = "Machine load: " + parts.joined(separator: "; ") + "."
        let averages: [Double] = [load.loadAverageAtStart, load.loadAverageAtEnd].compactMap { $0 }
        if let busiest = averages.max(), busiest > Double(cores) {
            line += " **The machine was busier than its cores: timings are noisy; counts are not affected.**"
        }
        return line
    }

    /// One line per group of figures this run left `null`: which, how many, and the true reason.
    package static func skippedLines(_ report: Report) -> [String] {
        var groups: [(what: String, reason: String, count: Int)] = []
        func add(_ what: String, _ reason: String) {
            if let index = groups.firstIndex(where: { $0.what == what && $0.reason == reason }) {
                groups[index].count += 1
            } else {
                groups.append((what, reason, 1))
            }
        }
        for scenario in report.scenarios {
            for metric in scenario.metrics where isNull(metric) {
                if metric.kind == .instructions {
                    add("instruction", skipReason(note: metric.note))
                } else if metric.fromAllocator {
                    add("allocation", "skipped (\(report.environment.allocator.note ?? "no allocation counter"))")
                } else {
                    add("`\(scenario.name)`", skipReason(note: metric.note))
                }
            }
        }
        return groups.map { "\($0.count) \($0.what) figure\($0.count == 1 ? "" : "s"): \($0.reason)" }
    }

    /// Whether a figure is missing (a `null` value, or no timing samples).
    package static func isNull(_ metric: Metric) -> Bool {
        metric.kind == .timing ? (metric.timing?.count ?? 0) == 0 : metric.value == nil
    }

    /// `skipped (--no-instructions)`, `skipped (valgrind not installed)`, or
    /// the note of a figure that was not measured.
    package static func skipReason(note: String?) -> String {
        let why = note.map { $0.hasPrefix("null: ") ? String($0.dropFirst(6)) : $0 } ?? "no reason recorded"
        if why.hasPrefix(InstructionScenario.noInstructionsReason) { return "skipped (--no-instructions)" }
        if why.hasPrefix("valgrind not found") { return "skipped (valgrind not installed)" }
        return "not measured (\(why))"
    }

    // MARK: the sections after it

    package static func runSection(_ report: Report) -> String {
        let environment = report.environment
        var run = MarkdownTable(headers: ["", ""])
        run.add(["date", environment.date])
        run.add(["mode", report.run.quick ? "quick (`--quick`)" : "full"])
        run.add(["seed", "\(report.run.seed)"])
        if let titles = report.run.titles { run.add(["titles", Format.integer(titles)]) }
        if let filter = report.run.filter { run.add(["filter", filter.joined(separator: ", ")]) }
        run.add(["duration", Format.seconds(report.run.durationSeconds)])
        run.add(["peak resident memory", report.run.peakResidentBytes.map { Format.bytes(Double($0)) } ?? "unknown"])
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
            allocator.name + (allocator.version.map { " \($0)" } ?? "") + (allocator.note.map { " — \($0)" } ?? ""),
        ])
        run.add(["git", environment.git.map { "\($0.commit)\($0.dirty ? " (dirty)" : "")" } ?? "not a git work tree"])
        if let sources = environment.sources {
            let disk = sources.onDisk.map { $0 == sources.compiled ? "the same on disk" : "on disk: \($0)" }
            run.add(["engine sources", "\(sources.compiled) (\(disk ?? "sources not found on disk"))"])
        }
        return "## Run\n\n" + run.render() + "\n"
    }

    /// The name of the scenario that measures the instruments themselves; its figures have their own section.
    package static let harnessScenario = "harness-overhead"

    /// A timing table's headers.
    package static func timingTable() -> MarkdownTable {
        MarkdownTable(
            headers: ["scenario", "metric", "count", "p50", "p90", "p99", "p99.9", "max", "mean"],
            rightAligned: Set(2...8))
    }

    /// A timing row; one sample is shown once (under p50), not as equal percentiles.
    package static func timingRow(_ scenario: String, _ metric: Metric, _ summary: TimingSummary) -> [String] {
        if summary.count == 1 {
            return [scenario, metric.name, "1", Format.nanoseconds(summary.p50), "", "", "", "", ""]
        }
        return [
            scenario, metric.name, Format.integer(summary.count), Format.nanoseconds(summary.p50),
            Format.nanoseconds(summary.p90), Format.nanoseconds(summary.p99), Format.nanoseconds(summary.p999),
            Format.nanoseconds(summary.max), Format.nanoseconds(summary.mean),
        ]
    }

    /// Timing, allocations, ratios, instructions, other figures and the harness's own overhead; figures that were not
    /// measured appear only in the first screen's "not measured" lines.
    package static func figureSections(_ report: Report) -> String {
        var timing = timingTable()
        var harnessTiming = timingTable()
        let figureTable = MarkdownTable(headers: ["scenario", "metric", "value", "note"], rightAligned: [2])
        var (allocations, ratios, others, instructions) = (figureTable, figureTable, figureTable, figureTable)
        var harness = MarkdownTable(headers: ["metric", "value", "note"], rightAligned: [1])
        for scenario in report.scenarios {
            let isHarness = scenario.name == harnessScenario
            for metric in scenario.metrics where !isNull(metric) {
                if metric.kind == .timing, let summary = metric.timing {
                    let row = timingRow(scenario.name, metric, summary)
                    if isHarness { harnessTiming.add(row) } else { timing.add(row) }
                    continue
                }
                let row = [scenario.name, metric.name, Format.metricValue(metric), metric.note ?? ""]
                if isHarness {
                    harness.add(Array(row.dropFirst()))
                    continue
                }
                switch metric.kind {
                case .ratio: ratios.add(row)
                case .instructions: if !isCacheFigure(metric) { instructions.add(row) }
                default: if metric.fromAllocator { allocations.add(row) } else { others.add(row) }
                }
            }
        }
        var text =
            "## Timing\n\nAll samples recorded in a log-linear histogram (3 significant digits); nothing is dropped. "
            + "A single sample is shown once, under p50.\n\n"
        text += (timing.isEmpty ? "No timing metrics.\n" : timing.render()) + "\n"
        text += "## Allocations\n\nCounted in a pass separate from the timing pass.\n\n"
        text += (allocations.isEmpty ? "No allocation figures.\n" : allocations.render()) + "\n"
        text += "## Ratios\n\n" + (ratios.isEmpty ? "No ratio figures.\n" : ratios.render()) + "\n"
        if !instructions.isEmpty {
            text +=
                "## Instructions\n\nExecuted instructions counted by callgrind around the measured work only: "
                + "deterministic for a given binary and input.\n\n"
            text += instructions.render() + "\n"
            text += cacheSection(report)
            text += functionSection(report)
        }
        if !others.isEmpty { text += "## Other figures\n\n" + others.render() + "\n" }
        if !harness.isEmpty || !harnessTiming.isEmpty {
            text +=
                "## Harness overhead\n\nWhat the instruments themselves cost (clock readings, histogram records, "
                + "allocation probe reads) and the probe's self-check: not figures of the engine.\n\n"
            if !harnessTiming.isEmpty { text += harnessTiming.render() + "\n" }
            if !harness.isEmpty { text += harness.render() + "\n" }
        }
        return text
    }

    package static func chartSection(_ report: Report, stripPictures: Bool) -> String {
        var text = "## Charts\n\n![Latency percentiles](latency-percentiles.svg)\n\n![Scaling](scaling.svg)\n\n"
        if stripPictures {
            text +=
                "## The strip\n\nDrawn from what the engine told a recording host (seed \(report.run.seed)): "
                + "a pager drag from a narrow tab to its wide neighbour and back, with the line and the lengthen "
                + "indicator, and one fast fling over the strip.\n\n"
                + "![A pager drag, frame by frame](strip-drag.svg)\n\n![One fast fling](strip-fling.svg)\n\n"
        }
        return text
    }

    /// Whether `metric` is one of the cache simulation's figures (`l1-misses-PHASE`, `ll-misses-PHASE`,
    /// `cycles-PHASE`), shown in their own table.
    package static func isCacheFigure(_ metric: Metric) -> Bool {
        metric.kind == .instructions && ["l1-misses-", "ll-misses-", "cycles-"].contains { metric.name.hasPrefix($0) }
    }

    /// One row per phase with cache figures: instructions, L1 and LL misses and estimated cycles per operation.
    package static func cacheSection(_ report: Report) -> String {
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

    /// Per phase, a collapsed table of the functions with the most inclusive instructions per operation.
    package static func functionSection(_ report: Report) -> String {
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
                text += "<details><summary>\(phase.phase): \(total)</summary>\n\n" + table.render() + "\n</details>\n\n"
            }
        }
        guard !text.isEmpty else { return "" }
        return "### Hot functions\n\n"
            + "Per phase, the 10 functions with the most inclusive instructions (their own and their callees') "
            + "per operation, from the dumps kept in `callgrind/` beside this report "
            + "(`callgrind_annotate --inclusive=yes callgrind/PHASE.callgrind.out` shows them all).\n\n" + text
    }

    /// A demangled name cut to 120 characters, without backquotes.
    package static func shortened(_ name: String) -> String {
        let clean = name.replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "|", with: "\\|")
        return clean.count <= 120 ? clean : String(clean.prefix(119)) + "…"
    }

    package static func notesSection(_ report: Report) -> String {
        let notes = report.scenarios.flatMap { scenario in scenario.notes.map { "\(scenario.name): \($0)" } }
        if notes.isEmpty { return "" }
        return "## Notes\n\n" + notes.map { "- \($0)\n" }.joined() + "\n"
    }
}
