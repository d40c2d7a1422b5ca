extension BadgeStyle {
    /// Throws unless every metric is in its domain.
    ///
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` naming the first
    ///   offending property, checked in this order: `"dotDiameter"`,
    ///   `"countHeight"`, `"digitAdvance"`, `"countPadding"`, `"gap"` (each
    ///   must be finite and `>= 0`), `"verticalOffset"` (finite),
    ///   `"maximumCount"` (`>= 1`);
    ///   ``TabStripError/lengthExceedsLimit(name:value:limit:)`` for a metric
    ///   above ``TabStripLimits/maximumLength`` and
    ///   ``TabStripError/countExceedsLimit(name:value:limit:)`` for a
    ///   `maximumCount` above ``TabStripLimits/maximumCount``.
    /// - Complexity: O(1).
    public func validate() throws(TabStripError) {
        try TabStripError.requireLength(dotDiameter, "dotDiameter")
        try TabStripError.requireLength(countHeight, "countHeight")
        try TabStripError.requireLength(digitAdvance, "digitAdvance")
        try TabStripError.requireLength(countPadding, "countPadding")
        try TabStripError.requireLength(gap, "gap")
        try TabStripError.requireMagnitude(verticalOffset, atMost: TabStripLimits.maximumLength, "verticalOffset")
        try TabStripError.requireCount(maximumCount, atLeast: 1, atMost: TabStripLimits.maximumCount, "maximumCount")
    }

    /// Throws ``TabStripError/invalidValue(name:value:)`` (name
    /// `"badgeCount"`) for a negative count.
    static func requireValid(_ badge: TabBadge) throws(TabStripError) {
        if case .count(let count) = badge, count < 0 {
            throw .invalidValue(name: "badgeCount", value: Double(count))
        }
    }
}
