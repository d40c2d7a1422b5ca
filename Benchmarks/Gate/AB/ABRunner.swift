import BenchInstruments
import Foundation
import TerminalText

/// Runs two `bench` builds in interleaved rounds for `bench ab`.
///
/// Round `i` runs both builds once, A then B on even rounds and B then A on odd ones, so a drift in the machine's load
/// falls on both builds alike. Each run is a child process `BINARY --quick --filter … --format json --output DIR`
/// (options every `bench` version understands), whose `DIR/latest.json` is read leniently
/// (``ABComparison/figures(fromReportJSON:)``).
package struct ABRunner {
    /// One run of one build: the binary and the round; returns the report's
    /// timing figures, or throws a one-line reason.
    package typealias RunOnce = (_ binary: String, _ round: Int) throws(ABRunError) -> ABComparison.RunFigures

    /// A run that failed: the message says which binary and why.
    package struct ABRunError: Error, Equatable, CustomStringConvertible {
        package var description: String

        package init(_ description: String) { self.description = description }
    }

    package var options: ABOptions
    package var currentBinary: String
    package var runOnce: RunOnce

    package init(options: ABOptions, currentBinary: String, runOnce: @escaping RunOnce) {
        (self.options, self.currentBinary, self.runOnce) = (options, currentBinary, runOnce)
    }

    /// Runs every round and compares the builds.
    /// - Parameter progress: receives one line per run.
    package func run(progress: (String) -> Void) throws(ABRunError) -> ABComparison {
        var baseline: [[ABComparison.MetricKey: Double]] = []
        var current: [[ABComparison.MetricKey: Double]] = []
        var counters: (a: Set<String>, b: Set<String>) = ([], [])
        for round in 0..<options.rounds {
            let order = round % 2 == 0 ? [false, true] : [true, false]
            for isCurrent in order {
                let binary = isCurrent ? currentBinary : options.baselineBinary
                progress("ab: round \(round + 1)/\(options.rounds) \(isCurrent ? "B" : "A") \(binary)\n")
                let run = try runOnce(binary, round)
                let figures = run.figures.filter { ABComparison.selects(options.metrics, $0.key.metric) }
                if isCurrent { current.append(figures) } else { baseline.append(figures) }
                let counter = run.allocationCounter ?? "unknown"
                if isCurrent { counters.b.insert(counter) } else { counters.a.insert(counter) }
            }
        }
        var comparison = ABComparison.compare(
            baseline: baseline, current: current, threshold: options.threshold, seed: options.seed)
        if counters.a != counters.b {
            comparison.warnings.append(
                "warning: the builds link different allocation counters (A: "
                    + "\(counters.a.sorted().joined(separator: ", ")), B: \(counters.b.sorted().joined(separator: ", "))): "
                    + "every malloc and free costs differently in each, so timings of code that allocates "
                    + "compare the counters as much as the code (build both with the same TABSTRIP_JEMALLOC)")
        }
        if comparison.rows.isEmpty {
            throw ABRunError(
                "no timing figure appears in both builds' reports (filter: "
                    + "\(options.filter.isEmpty ? "none" : options.filter.joined(separator: ","))"
                    + (options.metrics.isEmpty ? "" : ", metrics: \(options.metrics.joined(separator: ","))") + ")")
        }
        return comparison
    }

    /// The default ``RunOnce``: a child process writing its report into a fresh directory under `scratch`, standard
    /// output discarded and standard error kept for the failure message, stopped (with whatever it started) when it
    /// runs longer than `timeout` seconds.
    package static func subprocess(filter: [String], scratch: String, timeout: Double) -> RunOnce {
        var sequence = 0
        return { (binary: String, round: Int) throws(ABRunError) -> ABComparison.RunFigures in
            sequence += 1
            let directory = URL(fileURLWithPath: scratch).appendingPathComponent("run-\(sequence)").path
            var arguments = ["--quick", "--format", "json", "--output", directory]
            if !filter.isEmpty { arguments += ["--filter", filter.joined(separator: ",")] }
            let errorLog = URL(fileURLWithPath: scratch).appendingPathComponent("run-\(sequence).stderr").path
            let outcome: ChildProcess.Outcome
            do {
                outcome = try ChildProcess.run(
                    binary, arguments: arguments, environment: nil, stdout: nil, stderr: errorLog, timeout: timeout)
            } catch { throw ABRunError("\(binary): cannot run: \(error.localizedDescription)") }
            guard !outcome.timedOut else {
                throw ABRunError(
                    "\(binary): ran longer than \(Format.number(timeout)) s in round \(round + 1) and was stopped "
                        + "(--timeout S allows longer)")
            }
            guard outcome.status == 0, !outcome.signalled else {
                let log = ((try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? "").split(separator: "\n")
                let last = log.last(where: { $0.contains("error") }) ?? log.last ?? ""
                let how = outcome.signalled ? "was killed by signal" : "exited with status"
                throw ABRunError("\(binary): \(how) \(outcome.status) in round \(round + 1): \(quoted(last))")
            }
            let path = URL(fileURLWithPath: directory).appendingPathComponent("latest.json").path
            guard let data = FileManager.default.contents(atPath: path),
                let figures = ABComparison.figures(fromReportJSON: data)
            else { throw ABRunError("\(path): not a bench report") }
            try? FileManager.default.removeItem(atPath: directory)
            return figures
        }
    }
}

/// What `bench compare` prints.
package enum CompareFormat: String, Sendable, Equatable, CaseIterable { case text, markdown }

package struct ABOptions: Sendable, Equatable {
    package var baselineBinary: String
    package var currentBinary: String?
    package var filter: [String] = []
    package var rounds = 10
    package var threshold = ABComparison.defaultThreshold
    package var seed: UInt64 = 1
    /// `--metric NAME` (repeatable): only these timing figures (`frame p99`),
    /// or every figure of these metrics (`frame`); all by default.
    package var metrics: [String] = []
    package var timeout = ABOptions.defaultTimeout
    package var format: CompareFormat = .text

    /// The longest one run of one build takes when `--timeout` is not given: 600 seconds, many times the quick suite
    /// that `bench ab` runs; a hung build still ends.
    package static let defaultTimeout = 600.0

    package init(baselineBinary: String) { self.baselineBinary = baselineBinary }
}
