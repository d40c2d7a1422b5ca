/// A scenario parameter as a report records it: a JSON scalar or a list.
public enum ParameterValue: Codable, Sendable, Equatable, CustomStringConvertible {
    /// An integer (sizes, counts).
    case int(Int)
    /// A non-integral number.
    case double(Double)
    /// Text.
    case string(String)
    /// A flag.
    case bool(Bool)
    /// A list (for example the tab counts of a sweep).
    case list([ParameterValue])

    /// Decodes a JSON scalar or array. An integral number decodes as
    /// ``int(_:)``.
    public init(from decoder: any Decoder) throws {
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

    /// Encodes the plain JSON value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case let .int(value): try container.encode(value)
        case let .double(value): try container.encode(value)
        case let .string(value): try container.encode(value)
        case let .bool(value): try container.encode(value)
        case let .list(values): try container.encode(values)
        }
    }

    /// The value as the markdown report prints it.
    public var description: String {
        switch self {
        case let .int(value): return Format.integer(value)
        case let .double(value): return Format.number(value)
        case let .string(value): return value
        case let .bool(value): return value ? "yes" : "no"
        case let .list(values): return values.map(\.description).joined(separator: ", ")
        }
    }
}
