/// An optional field that encodes as an explicit JSON `null` when absent,
/// where synthesised `Codable` would leave the key out, and that decodes a
/// missing key as `nil` (documents written before the field existed).
///
/// The reports and baselines write every field, so that a reader can tell
/// "not measured" from "not in this version": a type marks its optional
/// fields `@ExplicitNull` and lets the compiler synthesise the rest, so
/// each field is stated once.
@propertyWrapper
package struct ExplicitNull<Value: Codable>: Codable {
    /// The field's value.
    package var wrappedValue: Value?

    /// Wraps `wrappedValue`.
    package init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    /// Decodes `null` as `nil`, anything else as a `Value`.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }

    /// Encodes the value, or `null` when there is none.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension ExplicitNull: Sendable where Value: Sendable {}
extension ExplicitNull: Equatable where Value: Equatable {}

extension KeyedDecodingContainer {
    /// Decodes an ``ExplicitNull`` field whose key may be missing (then
    /// `nil`), as synthesised decoding does for a plain optional.
    /// - Complexity: that of decoding the value.
    package func decode<Value>(_ type: ExplicitNull<Value>.Type, forKey key: Key) throws -> ExplicitNull<Value> {
        ExplicitNull(wrappedValue: try decodeIfPresent(Value.self, forKey: key))
    }
}
