/// A scenario parameter as a report records it: a JSON scalar or a list.
package enum ParameterValue: Codable, Sendable, Equatable, CustomStringConvertible {
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

    /// Encodes the plain JSON value.
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

    /// The value as the markdown report prints it.
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
