import Foundation

/// A parsed JSON document that keeps integers, other numbers, booleans and
/// `null` apart, for checking documents against a schema.
package indirect enum JSONValue: Decodable, Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case unsigned(UInt64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(UInt64.self) {
            self = .unsigned(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    package static func parse(_ data: Data) -> JSONValue? { try? JSONDecoder().decode(JSONValue.self, from: data) }

    /// The member `key` of an object, or `nil` (no such member, or not an object).
    package subscript(key: String) -> JSONValue? { if case .object(let object) = self { object[key] } else { nil } }

    package var array: [JSONValue]? { if case .array(let elements) = self { elements } else { nil } }

    package var string: String? { if case .string(let text) = self { text } else { nil } }

    /// The value of an integer or other number, or `nil` for any other value.
    package var numericValue: Double? {
        switch self {
        case .integer(let number): return Double(number)
        case .unsigned(let number): return Double(number)
        case .number(let number): return number
        default: return nil
        }
    }
}
