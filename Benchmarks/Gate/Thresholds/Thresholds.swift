import BenchInstruments
import BenchReports
import Foundation
import TerminalText

/// The limits a run must meet: what `Reports/thresholds.json` holds.
///
/// Each limit names a scenario and either one metric (a statistic of it, for timing metrics) or a ratio of two metrics
/// measured in the same run, and bounds it with `equals`, `max` and/or `min`. Comparisons are exact: deterministic
/// figures (allocations per frame, cells created, bytes per tab) get exact bounds, timing figures get ratios and
/// generous absolute ceilings. The format is documented in `Reports/SCHEMA.md`.
package struct Thresholds: Sendable, Equatable {
    package static let currentSchemaVersion = 1

    package var limits: [Limit]
    /// The tolerances `bench compare` applies against a baseline, in file order (the first rule matching a metric
    /// decides; see ``RelativeRule``). Empty when the file has no `relative` section.
    package var relative: [RelativeRule] = []

    /// How `bench compare` judges the metrics a rule selects against the baseline.
    package enum RelativeJudgement: Sendable, Equatable {
        /// Regressed when the figure grows by more than this fraction of
        /// the baseline (0 = any growth), improved when it shrinks by more.
        case tolerance(Double)
        /// Shown with its change, never a regression (timings, figures
        /// that describe the workload rather than the engine's cost).
        case informational
    }

    /// One rule of the `relative` section: which metrics it covers and how they are judged against the baseline. Every
    /// selector given must match; a rule with none matches every metric.
    package struct RelativeRule: Sendable, Equatable {
        package var kinds: [MetricKind]?
        package var scenario: String?
        /// The metric name selected: exact, or a prefix when it ends in `*`; `nil` for any.
        package var metric: String?
        /// Select only allocator figures (`true`) or only the others (`false`); `nil` for both.
        package var fromAllocator: Bool?
        /// Select only the reports whose allocation counter is this one (`malloc-interposer`); `nil` for any.
        package var counter: String?
        package var judgement: RelativeJudgement
        package var why: String?

        /// Whether the rule covers `metric` of `scenario` in a report whose allocation counter is `counter`.
        package func matches(scenario: String, metric: Metric, counter: String? = nil) -> Bool {
            if let kinds, !kinds.contains(metric.kind) { return false }
            if let wanted = self.scenario, wanted != scenario { return false }
            if let fromAllocator, fromAllocator != metric.fromAllocator { return false }
            if let wanted = self.counter, wanted != counter { return false }
            if let pattern = self.metric {
                if pattern.hasSuffix("*") {
                    if !metric.name.hasPrefix(pattern.dropLast()) { return false }
                } else if pattern != metric.name {
                    return false
                }
            }
            return true
        }
    }

    /// The first relative rule covering `metric` of `scenario`, or `nil`.
    package func relativeRule(scenario: String, metric: Metric) -> RelativeRule? {
        relative.first { $0.matches(scenario: scenario, metric: metric) }
    }

    package struct Reference: Sendable, Equatable {
        package var scenario: String
        package var metric: String
        /// For timing metrics, the statistic compared (`p99`); `nil` for every other kind.
        package var statistic: TimingSummary.Statistic?

        /// `metric` or `metric p99`, prefixed by the scenario when it differs from `home`.
        func label(home: String) -> String {
            let base = statistic.map { "\(metric) \($0.rawValue)" } ?? metric
            return scenario == home ? base : "\(scenario)/\(base)"
        }
    }

    package enum Subject: Sendable, Equatable {
        case metric(Reference)
        case ratio(numerator: Reference, denominator: Reference)
    }

    package struct Limit: Sendable, Equatable {
        /// The scenario the limit belongs to (skipped when a `--filter` run did not select it).
        package var scenario: String
        package var subject: Subject
        package var equals: Double?
        package var max: Double?
        package var min: Double?
        package var why: String?

        /// The bounded figure's name as the check table prints it.
        package var label: String {
            switch subject {
            case .metric(let reference): return reference.label(home: scenario)
            case .ratio(let numerator, let denominator):
                return "\(numerator.label(home: scenario)) / \(denominator.label(home: scenario))"
            }
        }

        /// The bound as the check table prints it (`= 0`, `<= 2000`, `>= 1 and <= 4`).
        package var boundText: String { boundText(Format.number) }

        /// The bound with each number formatted by `format` (for example in the metric's unit).
        package func boundText(_ format: (Double) -> String) -> String {
            var parts: [String] = []
            if let equals { parts.append("= \(format(equals))") }
            if let min { parts.append(">= \(format(min))") }
            if let max { parts.append("<= \(format(max))") }
            return parts.joined(separator: " and ")
        }

        package func admits(_ value: Double) -> Bool {
            guard !value.isNaN else { return false }
            if let equals, value != equals { return false }
            if let max, value > max { return false }
            if let min, value < min { return false }
            return true
        }
    }
}

package enum ThresholdsError: Error, Equatable, CustomStringConvertible {
    case unreadable(String)
    case invalid(String)

    /// One line: the path and `cannot read the thresholds`, or the problem found.
    package var description: String {
        switch self {
        case .unreadable(let path): return "\(path): cannot read the thresholds"
        case .invalid(let message): return message
        }
    }
}

extension Thresholds {
    package static func load(path: String) throws(ThresholdsError) -> Thresholds {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path) }
        do { return try parse(data) } catch let .invalid(message) {
            throw .invalid("\(path): \(message)")
        } catch { throw error }
    }

    /// Parses a thresholds document, rejecting unknown fields (so a typo cannot silently disable a limit), limits
    /// without a bound, and statistics on non-timing metrics' references that cannot be checked.
    package static func parse(_ data: Data) throws(ThresholdsError) -> Thresholds {
        if let problem = StrictJSON.firstProblem(in: [UInt8](data)) { throw .invalid(problem) }
        guard case .object(let root)? = JSONValue.parse(data) else { throw .invalid("not a JSON object") }
        try requireKnownKeys(root, ["schemaVersion", "limits", "comment", "relative"], at: "document")
        guard case .integer(let version)? = root["schemaVersion"] else {
            throw .invalid("schemaVersion: missing or not an integer")
        }
        guard version == Int64(currentSchemaVersion) else {
            throw .invalid("schemaVersion: this harness reads version \(currentSchemaVersion), found \(version)")
        }
        guard case .array(let entries)? = root["limits"] else { throw .invalid("limits: missing or not an array") }
        guard !entries.isEmpty else {
            throw .invalid("limits: empty (a check with no limits would pass without checking anything)")
        }
        var limits: [Limit] = []
        for (index, entry) in entries.enumerated() {
            let limit = try parseLimit(entry, at: "limits[\(index)]")
            // The same subject may have several limits (a requirement and a
            // tighter regression guard); the same bounds twice is a mistake.
            if let first = limits.firstIndex(where: {
                $0.scenario == limit.scenario && $0.subject == limit.subject
                    && $0.equals == limit.equals && $0.max == limit.max && $0.min == limit.min
            }) {
                throw .invalid("limits[\(index)]: duplicate of limits[\(first)] (same subject and bounds)")
            }
            limits.append(limit)
        }
        var relative: [RelativeRule] = []
        if let section = root["relative"] {
            guard case .array(let rules) = section else { throw .invalid("relative: expected an array") }
            for (index, rule) in rules.enumerated() {
                relative.append(try parseRelativeRule(rule, at: "relative[\(index)]"))
            }
        }
        return Thresholds(limits: limits, relative: relative)
    }

    private static func parseRelativeRule(_ value: JSONValue, at path: String) throws(ThresholdsError) -> RelativeRule {
        guard case .object(let object) = value else { throw .invalid("\(path): expected an object") }
        try requireKnownKeys(
            object, ["kind", "scenario", "metric", "fromAllocator", "counter", "tolerance", "informational", "why"],
            at: path)
        var kinds: [MetricKind]?
        if let kind = object["kind"] {
            var parsed: [MetricKind] = []
            for name in kind.array ?? [kind] {
                guard case .string(let text) = name, let kind = MetricKind(rawValue: text) else {
                    let known = MetricKind.allCases.map(\.rawValue).joined(separator: ", ")
                    throw .invalid("\(path).kind: expected one of \(known), or an array of them")
                }
                parsed.append(kind)
            }
            if parsed.isEmpty { throw .invalid("\(path).kind: empty array") }
            kinds = parsed
        }
        let counter = try optionalString(object["counter"], at: "\(path).counter")
        let scenario = try optionalString(object["scenario"], at: "\(path).scenario")
        let metric = try optionalString(object["metric"], at: "\(path).metric")
        let why = try optionalString(object["why"], at: "\(path).why")
        var fromAllocator: Bool?
        if let value = object["fromAllocator"] {
            guard case .bool(let flag) = value else { throw .invalid("\(path).fromAllocator: expected true or false") }
            fromAllocator = flag
        }
        let tolerance = try number(object["tolerance"], at: "\(path).tolerance")
        var informational = false
        if let value = object["informational"] {
            guard case .bool(true) = value else {
                throw .invalid("\(path).informational: expected true (or leave it out)")
            }
            informational = true
        }
        let judgement: RelativeJudgement
        switch (tolerance, informational) {
        case (.some, true): throw .invalid("\(path): give either tolerance or informational, not both")
        case (.none, false): throw .invalid("\(path): no judgement (give tolerance or \"informational\": true)")
        case (.some(let fraction), false):
            guard fraction.isFinite, fraction >= 0, fraction < 1 else {
                throw .invalid("\(path).tolerance: expected a fraction from 0 up to 1 (0.01 = 1 %), got \(fraction)")
            }
            judgement = .tolerance(fraction)
        case (.none, true): judgement = .informational
        }
        return RelativeRule(
            kinds: kinds, scenario: scenario, metric: metric, fromAllocator: fromAllocator, counter: counter,
            judgement: judgement, why: why)
    }

    private static func parseLimit(_ value: JSONValue, at path: String) throws(ThresholdsError) -> Limit {
        guard case .object(let object) = value else { throw .invalid("\(path): expected an object") }
        try requireKnownKeys(
            object, ["scenario", "metric", "statistic", "ratio", "equals", "max", "min", "why"], at: path)
        let scenario = try string(object["scenario"], at: "\(path).scenario")
        let subject: Subject
        switch (object["metric"], object["ratio"]) {
        case (.some, .some): throw .invalid("\(path): give either metric or ratio, not both")
        case (.none, .none): throw .invalid("\(path): missing metric (or ratio)")
        case (.some(let metric), .none):
            let name = try string(metric, at: "\(path).metric")
            subject = .metric(
                Reference(
                    scenario: scenario, metric: name,
                    statistic: try statistic(object["statistic"], at: "\(path).statistic")))
        case (.none, .some(let ratio)):
            if object["statistic"] != nil {
                throw .invalid("\(path).statistic: put the statistic inside ratio.numerator / ratio.denominator")
            }
            guard case .object(let parts) = ratio else { throw .invalid("\(path).ratio: expected an object") }
            try requireKnownKeys(parts, ["numerator", "denominator"], at: "\(path).ratio")
            subject = .ratio(
                numerator: try reference(parts["numerator"], home: scenario, at: "\(path).ratio.numerator"),
                denominator: try reference(parts["denominator"], home: scenario, at: "\(path).ratio.denominator"))
        }
        let equals = try number(object["equals"], at: "\(path).equals")
        let max = try number(object["max"], at: "\(path).max")
        let min = try number(object["min"], at: "\(path).min")
        if equals == nil, max == nil, min == nil { throw .invalid("\(path): no bound (give equals, max or min)") }
        if let min, let max, min > max {
            throw .invalid("\(path): min \(Format.number(min)) is above max \(Format.number(max)): no value can pass")
        }
        if let equals, max != nil || min != nil {
            throw .invalid("\(path): equals \(Format.number(equals)) with min or max: give either equals or a range")
        }
        let why = try optionalString(object["why"], at: "\(path).why")
        return Limit(scenario: scenario, subject: subject, equals: equals, max: max, min: min, why: why)
    }

    private static func reference(_ value: JSONValue?, home: String, at path: String) throws(ThresholdsError)
        -> Reference
    {
        guard case .object(let object)? = value else { throw .invalid("\(path): missing or not an object") }
        try requireKnownKeys(object, ["scenario", "metric", "statistic"], at: path)
        return Reference(
            scenario: try optionalString(object["scenario"], at: "\(path).scenario") ?? home,
            metric: try string(object["metric"], at: "\(path).metric"),
            statistic: try statistic(object["statistic"], at: "\(path).statistic"))
    }

    private static func requireKnownKeys(_ object: [String: JSONValue], _ known: Set<String>, at path: String)
        throws(ThresholdsError)
    {
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
            throw .invalid("\(path): unknown field \(StrictJSON.Scanner.quoted(unknown))")
        }
    }

    private static func string(_ value: JSONValue?, at path: String) throws(ThresholdsError) -> String {
        guard case .string(let text)? = value, !text.isEmpty else {
            throw .invalid("\(path): missing or not a non-empty string")
        }
        return text
    }

    private static func optionalString(_ value: JSONValue?, at path: String) throws(ThresholdsError) -> String? {
        try value.map { value throws(ThresholdsError) in try string(value, at: path) }
    }

    private static func number(_ value: JSONValue?, at path: String) throws(ThresholdsError) -> Double? {
        guard let value else { return nil }
        guard let number = value.numericValue else { throw .invalid("\(path): expected a number") }
        guard number.isFinite else { throw .invalid("\(path): expected a finite number") }
        return number
    }

    private static func statistic(_ value: JSONValue?, at path: String) throws(ThresholdsError) -> TimingSummary
        .Statistic?
    {
        guard let value else { return nil }
        guard case .string(let text) = value, let statistic = TimingSummary.Statistic(rawValue: text) else {
            let names = TimingSummary.Statistic.allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalid("\(path): expected one of \(names)")
        }
        return statistic
    }
}
