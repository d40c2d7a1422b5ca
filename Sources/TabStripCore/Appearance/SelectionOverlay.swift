/// The selected-title overlay of a segmented tab page (NetEase Music, iQiyi): a second copy of the titles,
/// drawn in the selected colour, seen through a clipping window one tab wide
/// that follows the pager, so the selected colour wipes across the glyphs
/// mid-transition.
///
/// The host places a clipping view at ``window`` (in the strip's content
/// coordinates) and scrolls the selected-colour copy inside it to
/// ``contentOffset``. Because the copy is laid out exactly like the titles
/// below, an inner offset equal to the window's `x` keeps the two aligned.
public struct SelectionOverlay: Hashable, Sendable {
    /// The clipping window's frame in the strip's content coordinates.
    public let window: Rect
    /// The horizontal content offset of the selected-colour copy inside the
    /// window; always `window.x`.
    public var contentOffset: Double { window.x }

    /// Creates an overlay whose window has the given frame.
    public init(window: Rect) {
        self.window = window
    }

    /// The overlay for equal-width tabs (the segmented page's fixed mode): the window
    /// is one tab wide at `x = offset · tabWidth / pageWidth`, `y = 0`,
    /// `tabHeight` tall, where `offset` is the position's (clamped) pager
    /// offset.
    ///
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` (name
    ///   `"tabWidth"` or `"tabHeight"`) for a negative or non-finite size.
    /// - Complexity: O(1).
    public static func equalWidthTabs(
        at position: PagerPosition,
        tabWidth: Double,
        tabHeight: Double
    ) throws(TabStripError) -> SelectionOverlay {
        try TabStripError.requireLength(tabWidth, "tabWidth")
        try TabStripError.requireLength(tabHeight, "tabHeight")
        let x = position.offset * tabWidth / position.pageWidth
        return SelectionOverlay(window: Rect(x: x, y: 0, width: tabWidth, height: tabHeight))
    }

    /// The overlay for tabs of any width: the window's frame interpolates
    /// (origin and size) from the left tab's frame to the right tab's,
    /// ``PagerPosition/rightFactor`` of the way; on a settled page it is
    /// that tab's frame.
    ///
    /// For equal-width tabs laid edge to edge this gives the same window as
    /// ``equalWidthTabs(at:tabWidth:tabHeight:)``, up to rounding.
    ///
    /// - Parameters:
    ///   - position: The pager's position.
    ///   - tabFrame: The frame of a tab by index; called for the left tab
    ///     and, mid-transition, the right one.
    /// - Throws: whatever `tabFrame` throws;
    ///   ``TabStripError/invalidValue(name:value:)`` for a returned frame with
    ///   a non-finite origin or a negative or non-finite size.
    /// - Complexity: O(1) plus two `tabFrame` calls.
    public init(
        at position: PagerPosition,
        tabFrame: (Int) throws(TabStripError) -> Rect
    ) throws(TabStripError) {
        let left = try tabFrame(position.leftIndex)
        try TabStripError.requireValidFrame(left, "left")
        guard position.rightFactor > 0, let rightIndex = position.rightIndex else {
            self.init(window: left)
            return
        }
        let right = try tabFrame(rightIndex)
        try TabStripError.requireValidFrame(right, "right")
        self.init(window: interpolate(left, right, position.rightFactor))
    }
}
