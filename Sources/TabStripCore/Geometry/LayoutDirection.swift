/// The horizontal direction in which a strip's tabs, and the content inside
/// each tab, are read.
///
/// In ``rightToLeft`` (Arabic, Hebrew, Persian, Urdu user interfaces) the
/// first tab sits at the right edge and, inside a tab, the title's trailing
/// edge is its left edge, so a badge after the title is drawn to its left.
public enum LayoutDirection: Hashable, Sendable {
    /// Content starts at the left edge (Latin, CJK, Cyrillic, ...).
    case leftToRight
    /// Content starts at the right edge (Arabic, Hebrew, ...).
    case rightToLeft
}
