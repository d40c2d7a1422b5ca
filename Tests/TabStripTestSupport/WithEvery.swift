/// A failure inside ``withEvery(_:in:_:)``: the case that failed (outermost
/// first, for nested calls) and the error the body threw.
public struct CaseFailure: Error, CustomStringConvertible {
    /// `name = value` for each enclosing `withEvery`, outermost first.
    public var cases: [String]
    /// What the body threw.
    public var underlying: any Error

    /// `"capacity = 3, rotation = 1: <error>"`.
    public var description: String {
        "\(cases.joined(separator: ", ")): \(underlying)"
    }
}

/// Runs `body` for every element of `values`, in order; when it throws, the
/// error is rethrown wrapped in a ``CaseFailure`` naming the case
/// (`name = value`), so a failing exhaustive test says which combination
/// broke. Nested calls accumulate their cases:
///
/// ```swift
/// try withEvery("capacity", in: 1...5) { capacity in
///     try withEvery("rotation", in: 0..<capacity) { rotation in
///         try #require(check(capacity, rotation))
///     }
/// }
/// // failure: "capacity = 3, rotation = 1: Expectation failed: …"
/// ```
///
/// - Complexity: the cost of `body` for each element.
public func withEvery<S: Sequence>(
    _ name: String,
    in values: S,
    _ body: (S.Element) throws -> Void
) throws {
    for value in values {
        do {
            try body(value)
        } catch let failure as CaseFailure {
            throw CaseFailure(cases: ["\(name) = \(value)"] + failure.cases, underlying: failure.underlying)
        } catch {
            throw CaseFailure(cases: ["\(name) = \(value)"], underlying: error)
        }
    }
}

/// Runs `body` for every pair drawn from `first` and `second` (the
/// Cartesian product), naming both on failure like ``withEvery(_:in:_:)``.
/// - Complexity: `first.count × second.count` calls of `body`.
public func withEvery<A: Sequence, B: Collection>(
    _ firstName: String, in first: A,
    _ secondName: String, in second: B,
    _ body: (A.Element, B.Element) throws -> Void
) throws {
    try withEvery(firstName, in: first) { a in
        try withEvery(secondName, in: second) { b in try body(a, b) }
    }
}
