/// A mark drawn after a tab's title to draw attention to it: nothing, a dot,
/// or a number in a pill.
///
/// A count is shown in full up to ``BadgeStyle/maximumCount`` and as the
/// overflow text (`"99+"` by default) above it. `.count(0)` is shown as
/// `"0"`; pass ``none`` to hide the badge. Negative counts are rejected with
/// ``TabStripError/invalidValue(name:value:)`` (name `"badgeCount"`) by every
/// call that sizes or places a badge; they are not clamped, since a negative
/// unread count is a bug in the host's data.
public enum TabBadge: Hashable, Sendable {
    /// No badge: the tab is as wide as its title and padding.
    case none
    /// A small filled circle (``BadgeStyle/dotDiameter``).
    case dot
    /// A number in a pill; must be `>= 0`.
    case count(Int)
}
