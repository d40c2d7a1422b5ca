extension BadgeStyle {
    /// Throws unless every metric is in its domain.
    ///
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` naming the first
    ///   offending property, checked in this order: `"dotDiameter"`,
    ///   `"countHeight"`, `"digitAdvance"`, `"countPadding"`, `"gap"` (each
    ///   must be finite and `>= 0`), `"verticalOffset"` (finite),
    ///   `"maximumCount"` (`>= 1`).
    /// - Complexity: O(1).
    public func validate() throws(TabStripError) {
        try TabStripError.requireNonNegative(dotDiameter, "dotDiameter")
        try TabStripError.requireNonNegative(countHeight, "countHeight")
        try TabStripError.requireNonNegative(digitAdvance, "digitAdvance")
        try TabStripError.requireNonNegative(countPadding, "countPadding")
        try TabStripError.requireNonNegative(gap, "gap")
        try TabStripError.requireFinite(verticalOffset, "verticalOffset")
        guard maximumCount >= 1 else {
            throw .invalidValue(name: "maximumCount", value: Double(maximumCount))
        }
    }

    /// Throws ``TabStripError/invalidValue(name:value:)`` (name
    /// `"badgeCount"`) for a negative count.
    static func requireValid(_ badge: TabBadge) throws(TabStripError) {
        if case .count(let count) = badge, count < 0 {
            throw .invalidValue(name: "badgeCount", value: Double(count))
        }
    }
}
