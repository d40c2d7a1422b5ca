/// What a metric's figure is.
package enum MetricKind: String, Codable, Sendable, CaseIterable {
    /// A latency distribution: ``Metric/timing`` holds its summary (ns).
    case timing
    /// A number of things (allocations, cells, tabs, queries).
    case count
    /// A number of bytes.
    case bytes
    /// A dimensionless ratio of two figures measured in the same run.
    case ratio
    /// One duration in nanoseconds (for example a mean cost per operation).
    case duration
    /// Executed instructions counted by callgrind: deterministic for a given binary and input.
    case instructions

    /// Whether a figure of this kind is the same on every run of the same
    /// binary with the same seed, whatever the load (`count`, `bytes`,
    /// `instructions`): baselines compare these with tight tolerances, and
    /// everything else as information.
    package var isDeterministic: Bool {
        switch self {
        case .count, .bytes, .instructions: return true
        case .timing, .ratio, .duration: return false
        }
    }
}

/// One named figure of a scenario.
///
/// A timing metric carries a ``TimingSummary`` and no ``value``; every other
/// kind carries a ``value``. Either may be `nil` (JSON `null`) when the
/// figure could not be measured, which is always the case for allocator
/// figures (``fromAllocator``) when the bench has no allocation counter: such a figure is
/// never reported as 0.
package struct Metric: Codable, Sendable, Equatable {
    /// Unique within its scenario, kebab-case (`frame-allocations`).
    package var name: String
    /// What the figure is.
    package var kind: MetricKind
    /// The unit of ``value`` or of the timing figures (`ns`, `allocations`,
    /// `bytes`, `bytes/tab`, `x`).
    package var unit: String
    /// The figure, for every kind but ``MetricKind/timing``.
    @ExplicitNull package var value: Double?
    /// The latency summary, for ``MetricKind/timing``.
    @ExplicitNull package var timing: TimingSummary?
    /// Whether the figure comes from the allocation probe (and is `nil`
    /// without an allocation counter).
    package var fromAllocator: Bool
    /// A remark for the reader, or `nil`.
    @ExplicitNull package var note: String?

    /// Creates a metric from its fields.
    package init(
        name: String, kind: MetricKind, unit: String, value: Double?, timing: TimingSummary?,
        fromAllocator: Bool = false, note: String? = nil
    ) {
        self.name = name
        self.kind = kind
        self.unit = unit
        self.value = value
        self.timing = timing
        self.fromAllocator = fromAllocator
        self.note = note
    }

    /// A latency distribution, summarised from `histogram`.
    package static func timing(_ name: String, _ histogram: LatencyHistogram, note: String? = nil) -> Metric {
        Metric(name: name, kind: .timing, unit: "ns", value: nil, timing: histogram.summary, note: note)
    }

    /// A count; pass `fromAllocator: true` for allocation counts.
    package static func count(
        _ name: String, _ value: Double?, unit: String = "count",
        fromAllocator: Bool = false, note: String? = nil
    ) -> Metric {
        Metric(
            name: name, kind: .count, unit: unit, value: value, timing: nil, fromAllocator: fromAllocator, note: note)
    }

    /// A number of bytes; pass `fromAllocator: true` for allocated bytes.
    package static func bytes(
        _ name: String, _ value: Double?, unit: String = "bytes",
        fromAllocator: Bool = false, note: String? = nil
    ) -> Metric {
        Metric(
            name: name, kind: .bytes, unit: unit, value: value, timing: nil, fromAllocator: fromAllocator, note: note)
    }

    /// A ratio of two figures of the same run; `nil` when either is missing
    /// or the denominator is 0.
    package static func ratio(
        _ name: String, _ numerator: Double?, over denominator: Double?,
        note: String? = nil
    ) -> Metric {
        var value: Double?
        if let numerator, let denominator, denominator != 0 { value = numerator / denominator }
        return Metric(name: name, kind: .ratio, unit: "x", value: value, timing: nil, note: note)
    }

    /// One duration in nanoseconds.
    package static func duration(_ name: String, nanoseconds: Double?, note: String? = nil) -> Metric {
        Metric(name: name, kind: .duration, unit: "ns", value: nanoseconds, timing: nil, note: note)
    }

    /// Executed instructions counted by callgrind (per operation, unit such
    /// as `instructions/frame`, or a ratio of two such counts, unit `x`);
    /// `nil` when the run had no valgrind. Never from the allocator.
    package static func instructions(
        _ name: String, _ value: Double?, unit: String,
        note: String? = nil
    ) -> Metric {
        Metric(name: name, kind: .instructions, unit: unit, value: value, timing: nil, note: note)
    }

    /// The figure a threshold compares: a statistic of a timing metric, or
    /// the value of any other kind (then `statistic` must be `nil`).
    package func figure(_ statistic: TimingSummary.Statistic?) -> Double? {
        if kind == .timing {
            guard let statistic else { return nil }
            return timing?.value(of: statistic)
        }
        return statistic == nil ? value : nil
    }

}
