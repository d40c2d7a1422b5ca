extension TabSizing {
    /// Throws unless the rule's parameters and the badge style are in their
    /// domains.
    ///
    /// Every length must also be at most ``TabStripLimits/maximumLength``.
    /// - Throws: ``TabStripError/lengthExceedsLimit(name:value:limit:)``
    ///   naming a length above that bound;
    ///   ``TabStripError/invalidValue(name:value:)`` naming the first
    ///   offending parameter:
    ///   - measured: `"padding"`, `"minimum"`, `"maximum"` (each finite and
    ///     `>= 0`), then `"maximum"` again when it is below the minimum;
    ///   - fixed: `"width"` (finite and `> 0`);
    ///   - equal division: `"spacing"`, `"minimum"` (finite and `>= 0`);
    ///
    ///   then the badge style's own names (see ``BadgeStyle/validate()``).
    /// - Complexity: O(1).
    public func validate() throws(TabStripError) {
        switch rule {
        case .measured(let padding, let minimum, let maximum):
            try TabStripError.requireLength(padding, "padding")
            if let minimum { try TabStripError.requireLength(minimum, "minimum") }
            if let maximum { try TabStripError.requireLength(maximum, "maximum") }
            if let minimum, let maximum, maximum < minimum {
                throw .invalidValue(name: "maximum", value: maximum)
            }
        case .fixed(let width):
            try TabStripError.requirePositive(width, "width")
            try TabStripError.requireLength(width, "width")
        case .equalDivision(let spacing, let minimum):
            try TabStripError.requireLength(spacing, "spacing")
            if let minimum { try TabStripError.requireLength(minimum, "minimum") }
        }
        try badgeStyle.validate()
    }
}
