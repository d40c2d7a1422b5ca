package enum MetricKind: String, Codable, Sendable, CaseIterable {
    case timing, count, bytes, ratio, duration
    /// Executed instructions counted by callgrind, or a figure of its cache
    /// simulation: deterministic for a given binary and input.
    case instructions

    /// Whether a figure of this kind is the same on every run of the same binary and seed, whatever the load: baselines
    /// compare these with tight tolerances, everything else as information.
    package var isDeterministic: Bool { self == .count || self == .bytes || self == .instructions }
}

/// One named figure of a scenario: a timing metric carries a ``TimingSummary`` and no ``value``, every other kind a
/// ``value``; either is `nil` (JSON `null`) when the figure could not be measured, as an allocator figure always is
/// without an allocation counter, never 0.
package struct Metric: Codable, Sendable, Equatable {
    package var name: String
    package var kind: MetricKind
    package var unit: String
    @ExplicitNull package var value: Double?
    @ExplicitNull package var timing: TimingSummary?
    package var fromAllocator: Bool
    @ExplicitNull package var note: String?

    package init(
        name: String, kind: MetricKind, unit: String, value: Double?, timing: TimingSummary? = nil,
        fromAllocator: Bool = false, note: String? = nil
    ) {
        (self.name, self.kind, self.unit, self.value) = (name, kind, unit, value)
        (self.timing, self.fromAllocator, self.note) = (timing, fromAllocator, note)
    }

    /// A latency distribution, summarised from `histogram` (`nil`: not measured).
    package static func timing(
        _ name: String, _ histogram: LatencyHistogram?, fromAllocator: Bool = false, note: String? = nil
    ) -> Metric {
        Metric(
            name: name, kind: .timing, unit: "ns", value: nil, timing: histogram?.summary, fromAllocator: fromAllocator,
            note: note)
    }

    /// A count; `fromAllocator` for allocation counts.
    package static func count(
        _ name: String, _ value: Double?, unit: String = "count", fromAllocator: Bool = false, note: String? = nil
    ) -> Metric {
        Metric(name: name, kind: .count, unit: unit, value: value, fromAllocator: fromAllocator, note: note)
    }

    /// A number of bytes; `fromAllocator` for allocated bytes.
    package static func bytes(
        _ name: String, _ value: Double?, unit: String = "bytes", fromAllocator: Bool = false, note: String? = nil
    ) -> Metric {
        Metric(name: name, kind: .bytes, unit: unit, value: value, fromAllocator: fromAllocator, note: note)
    }

    /// A ratio of two figures of one run; `nil` when either is missing or the denominator is 0.
    package static func ratio(_ name: String, _ numerator: Double?, over denominator: Double?, note: String? = nil)
        -> Metric
    {
        let value = numerator.flatMap { top in denominator.flatMap { $0 != 0 ? top / $0 : nil } }
        return Metric(name: name, kind: .ratio, unit: "x", value: value, note: note)
    }

    package static func duration(
        _ name: String, nanoseconds: Double?, fromAllocator: Bool = false, note: String? = nil
    ) -> Metric {
        Metric(name: name, kind: .duration, unit: "ns", value: nanoseconds, fromAllocator: fromAllocator, note: note)
    }

    /// Executed instructions (per operation, `instructions/frame`, or a
    /// ratio of such counts, `x`); `nil` without valgrind.
    package static func instructions(_ name: String, _ value: Double?, unit: String, note: String? = nil) -> Metric {
        Metric(name: name, kind: .instructions, unit: unit, value: value, note: note)
    }

    /// The figure a threshold compares: a statistic of a timing metric, or
    /// the value of any other kind (`statistic` then `nil`).
    package func figure(_ statistic: TimingSummary.Statistic?) -> Double? {
        if kind == .timing { return statistic.flatMap { timing?.value(of: $0) } }
        return statistic == nil ? value : nil
    }
}

/// One curve of the scaling chart: a quantity (``name``, one panel per
/// name) measured for one strategy (one line per strategy) at several sizes.
package struct Series: Codable, Sendable, Equatable {
    package var name: String
    package var strategy: String
    package var xUnit: String
    package var yUnit: String
    package var points: [SeriesPoint]

    package init(name: String, strategy: String, xUnit: String, yUnit: String, points: [SeriesPoint]) {
        (self.name, self.strategy, self.xUnit, self.yUnit, self.points) = (name, strategy, xUnit, yUnit, points)
    }
}

/// One measurement of a series; `y` is `nil` when it was not measured.
package struct SeriesPoint: Codable, Sendable, Equatable {
    package var x: Double
    @ExplicitNull package var y: Double?

    package init(x: Double, y: Double?) { (self.x, self.y) = (x, y) }
}

/// A value of a scenario's `parameters` object.
package enum ParameterValue: Codable, Sendable, Equatable, CustomStringConvertible {
    case int(Int)
    case double(Double)
    case string(String)
    case bool(Bool)
    case list([ParameterValue])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else {
            self = .list(try container.decode([ParameterValue].self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .list(let values): try container.encode(values)
        }
    }

    /// The value as the markdown report shows it.
    package var description: String {
        switch self {
        case .int(let value): return Format.integer(value)
        case .double(let value): return Format.number(value)
        case .string(let value): return value
        case .bool(let value): return value ? "yes" : "no"
        case .list(let values): return values.map(\.description).joined(separator: ", ")
        }
    }
}

/// An optional that is written as an explicit JSON `null` rather than left out, and read from `null` or an absent key:
/// every field the schema lists is present in a report.
@propertyWrapper
package struct ExplicitNull<Value: Codable>: Codable {
    package var wrappedValue: Value?

    package init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension ExplicitNull: Sendable where Value: Sendable {}
extension ExplicitNull: Equatable where Value: Equatable {}

extension KeyedDecodingContainer {
    /// An ``ExplicitNull`` from `key`, `nil` when the key is absent.
    package func decode<Value>(_ type: ExplicitNull<Value>.Type, forKey key: Key) throws -> ExplicitNull<Value> {
        ExplicitNull(wrappedValue: try decodeIfPresent(Value.self, forKey: key))
    }
}
