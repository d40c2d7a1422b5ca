/// The direction in which tabs follow one another.
///
/// In ``rightToLeft`` layouts tab 0 sits at the right end of the content and
/// frames are mirrored; content offsets stay physical (x grows to the right),
/// as `UIScrollView.contentOffset` does.
public enum LayoutDirection: Hashable, Sendable {
    /// Tab 0 at the left; later tabs to its right.
    case leftToRight
    /// Tab 0 at the right; later tabs to its left.
    case rightToLeft
}
