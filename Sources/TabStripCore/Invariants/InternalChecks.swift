/// How much the internal checks do after each mutation, in builds compiled
/// with `TABSTRIP_INTERNAL_CHECKS` (opt-in: `TABSTRIP_INTERNAL_CHECKS=1`
/// while building; the tests and CI set it).
///
/// Every mutating call of `TabWidths`, `TabStrip`, `TabStripVirtualizer`,
/// `PageCache` and `Pager` ends with a check of its own state. A check that
/// is O(n) in the number of tabs (re-adding every width, walking every title
/// chunk) runs in full while the structure holds at most ``fullCheckLimit``
/// tabs, which covers every randomized model test; above that the check
/// keeps to its O(1) and O(visible cells) parts, so a checked debug build can
/// still scroll a strip of a million tabs. Tests call `_checkInvariants()`
/// for the complete check at any size.
///
/// The pattern is swift-collections': the conditional compilation lives in
/// the `*+Invariants.swift` files only, inside the check functions, so a
/// check is an empty function (inlined away) in a build without the flag,
/// and every mutator calls its type's hook (`_checkAfterMutation()`,
/// `_checkInvariants()`, `_checkCursor(_:start:end:)`) unconditionally. A
/// hook called from inlinable code is itself `@inlinable @inline(__always)`
/// and, in checked builds, calls the out-of-line check, so release clients
/// inline nothing but an empty body.
package enum _InternalChecks {
    /// The largest tab count for which a check after a mutation re-derives
    /// everything from scratch.
    package static var fullCheckLimit: Int { 256 }
}
