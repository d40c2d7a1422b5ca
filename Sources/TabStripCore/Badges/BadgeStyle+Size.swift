extension BadgeStyle {
    /// The text a count badge shows: the count itself up to ``maximumCount``,
    /// `"\(maximumCount)+"` above it; `nil` for ``TabBadge/none`` and
    /// ``TabBadge/dot``.
    ///
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` for an invalid
    ///   style (see ``validate()``) or a negative count (name `"badgeCount"`).
    /// - Complexity: O(1). The short strings this returns are stored inline
    ///   (no heap allocation).
    public func text(of badge: TabBadge) throws(TabStripError) -> String? {
        try validate()
        try Self.requireValid(badge)
        guard case .count(let count) = badge else { return nil }
        return count > maximumCount ? "\(maximumCount)+" : "\(count)"
    }

    /// The width and height of the badge itself: 0 × 0 for
    /// ``TabBadge/none``, ``dotDiameter`` square for a dot, a pill
    /// `max(countHeight, characters × digitAdvance + 2 × countPadding)` wide
    /// and ``countHeight`` high for a count.
    ///
    /// For example with ``standard``: `.count(7)` is 16 × 16 (7 + 2 × 4 = 15
    /// is below the height), `.count(42)` is 22 × 16, `.count(1000)` shows
    /// `"99+"` and is 29 × 16.
    ///
    /// - Throws: as ``text(of:)``.
    /// - Complexity: O(1).
    public func size(of badge: TabBadge) throws(TabStripError) -> (width: Double, height: Double) {
        try validate()
        try Self.requireValid(badge)
        return uncheckedSize(of: badge)
    }

    /// How much wider a ``TabSizing/Rule/measured(padding:minimum:maximum:)``
    /// tab gets for its badge: 0 for ``TabBadge/none``, else ``gap`` plus
    /// the badge's width.
    ///
    /// - Throws: as ``text(of:)``.
    /// - Complexity: O(1).
    public func extraTabWidth(for badge: TabBadge) throws(TabStripError) -> Double {
        try validate()
        try Self.requireValid(badge)
        return uncheckedExtraTabWidth(for: badge)
    }

    /// ``extraTabWidth(for:)`` for a validated style and badge.
    func uncheckedExtraTabWidth(for badge: TabBadge) -> Double {
        if case .none = badge { return 0 }
        return gap + uncheckedSize(of: badge).width
    }

    /// ``size(of:)`` for a validated style and badge.
    func uncheckedSize(of badge: TabBadge) -> (width: Double, height: Double) {
        switch badge {
        case .none:
            return (0, 0)
        case .dot:
            return (dotDiameter, dotDiameter)
        case .count(let count):
            let characters =
                count > maximumCount
                ? Self.decimalDigits(of: maximumCount) + 1
                : Self.decimalDigits(of: count)
            let textWidth = Double(characters) * digitAdvance + 2 * countPadding
            return (Swift.max(countHeight, textWidth), countHeight)
        }
    }

    /// The number of decimal digits of a non-negative integer (1 for 0).
    static func decimalDigits(of value: Int) -> Int {
        var digits = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        return digits
    }
}
