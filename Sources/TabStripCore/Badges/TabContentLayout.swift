/// Where a tab's title and badge go inside the tab's frame, as computed by
/// ``BadgeStyle/contentLayout(of:inTab:titleWidth:padding:direction:)``.
public struct TabContentLayout: Hashable, Sendable {
    /// The box the title is drawn in: as wide as the title is shown (the
    /// measured width, or less when the host must truncate it), as high as
    /// the tab. The host centres the glyphs vertically inside it.
    public var title: Rect
    /// The badge's frame, or `nil` for ``TabBadge/none``.
    public var badge: Rect?

    /// Creates a layout.
    public init(title: Rect, badge: Rect?) {
        self.title = title
        self.badge = badge
    }
}
