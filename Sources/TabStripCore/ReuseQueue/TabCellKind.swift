/// The kind of cell a tab needs: the engine's equivalent of a reuse
/// identifier. Cells are only reused for tabs of the same kind.
///
/// Kinds are small integers so that finding a pool costs a comparison, not a
/// string hash. A host with icon tabs and plain tabs might declare:
///
/// ```swift
/// extension TabCellKind {
///     static let icon = TabCellKind(rawValue: 1)
/// }
/// ```
public struct TabCellKind: Hashable, Sendable, CustomStringConvertible {
    /// The identifier's value; distinct values are distinct kinds.
    public var rawValue: Int

    /// Creates a kind from its identifier.
    @inlinable
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The kind used for every tab unless the host says otherwise.
    public static let standard = TabCellKind(rawValue: 0)

    /// `TabCellKind(n)`, for logs and test failures.
    public var description: String { "TabCellKind(\(rawValue))" }
}
