/// The horizontal direction in which a strip's tabs, and the content inside
/// each tab, are read.
///
/// In ``rightToLeft`` (Arabic, Hebrew, Persian, Urdu user interfaces) the
/// first tab sits at the right end of the content, frames are mirrored and,
/// inside a tab, a badge after the title is drawn to its left. Content
/// offsets stay physical (x grows to the right), as `UIScrollView.contentOffset`
/// does.
public enum LayoutDirection: Hashable, Sendable {
    /// Content starts at the left edge (Latin, CJK, Cyrillic, ...).
    case leftToRight
    /// Content starts at the right edge (Arabic, Hebrew, ...).
    case rightToLeft
}
