/// Space before the first and after the last tab, in points, along the
/// strip's axis. "Leading" is where tab 0 is: the left edge in
/// left-to-right layouts, the right edge in right-to-left ones.
public struct HorizontalInsets: Hashable, Sendable {
    /// Space before tab 0.
    public var leading: Double
    /// Space after the last tab.
    public var trailing: Double

    /// Creates insets.
    @inlinable
    public init(leading: Double = 0, trailing: Double = 0) {
        self.leading = leading
        self.trailing = trailing
    }

    /// No insets.
    public static let zero = HorizontalInsets()
}

/// Where the tabs go when all of them fit in the viewport. When they do not
/// fit, the strip scrolls and alignment has no effect.
public enum TabAlignment: Hashable, Sendable {
    /// Tabs start at the leading inset; the rest of the viewport stays empty.
    case leading
    /// The row of tabs is centred between the insets.
    case center
    /// Every tab is widened by the same amount so the row fills the space
    /// between the insets.
    case fill
}

/// How the strip arranges its tabs: insets, spacing, direction, alignment
/// when everything fits, and how far beyond the viewport cells are kept.
///
/// All lengths are in points and must be finite and `>= 0`;
/// ``validate()`` throws ``TabStripError/invalidValue(name:value:)`` naming
/// the first one that is not.
public struct TabStripLayout: Hashable, Sendable {
    /// Space before the first and after the last tab.
    public var contentInsets: HorizontalInsets
    /// The gap between neighbouring tabs.
    public var spacing: Double
    /// Left-to-right or right-to-left.
    public var direction: LayoutDirection
    /// Where tabs go when all of them fit in the viewport.
    public var alignment: TabAlignment
    /// How far beyond each edge of the viewport tabs still get a cell, so
    /// a cell is ready before its tab scrolls in.
    public var overscan: Double

    /// Creates a layout. The defaults: no insets, no spacing, left to right,
    /// leading alignment, 60 pt of overscan on each side.
    public init(
        contentInsets: HorizontalInsets = .zero,
        spacing: Double = 0,
        direction: LayoutDirection = .leftToRight,
        alignment: TabAlignment = .leading,
        overscan: Double = 60
    ) {
        self.contentInsets = contentInsets
        self.spacing = spacing
        self.direction = direction
        self.alignment = alignment
        self.overscan = overscan
    }

    /// Throws unless every length is finite and `>= 0`.
    public func validate() throws(TabStripError) {
        try TabStripError.requireLength(contentInsets.leading, "contentInsets.leading")
        try TabStripError.requireLength(contentInsets.trailing, "contentInsets.trailing")
        try TabStripError.requireLength(spacing, "spacing")
        try TabStripError.requireLength(overscan, "overscan")
    }
}
