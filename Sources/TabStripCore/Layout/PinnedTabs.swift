/// How many tabs at each end of the strip stay in view while the others
/// scroll under them: a "推荐" (recommended) channel that never leaves the
/// leading edge, a "+" that never leaves the trailing one.
///
/// ```swift
/// try strip.setPinnedTabs(PinnedTabs(leading: 1, trailing: 1))
/// try strip.setContentOffset(5_000)
/// strip.visibleTabs                        // the unpinned tabs in view
/// try strip.frame(ofTab: 0).minX - 5_000   // 0: tab 0 is still at the left edge
/// ```
///
/// The first `leading` and the last `trailing` tabs are pinned, whichever
/// tabs those are: edits do not change the counts (a tab inserted at index
/// 0 is pinned, and the tab it pushes to index 1 is not). When removals
/// leave fewer tabs than `leading + trailing`, the leading count is served
/// first (``TabStrip/pinnedTabRanges`` gives the tabs pinned now).
///
/// A pinned tab sits at its place in the content and sticks to its edge of
/// the viewport when the strip scrolls it away: a leading one at its
/// distance from the content's leading end, a trailing one at its distance
/// from the trailing end. So on a strip scrolled to its start everything is
/// where it would be unpinned, and while it scrolls the other tabs pass
/// under the pinned ones; a bounce past either end carries them with the
/// content, and on a strip too short to scroll they stay in place. When
/// the pinned tabs do not fit the viewport together, the trailing ones
/// follow the leading ones instead of overlapping them (see
/// <doc:PinnedTabsGuide> for the exact rule). The part of the viewport the
/// pinned tabs cover (up to the spacing after them) is left out of the
/// visible range, hit testing, and the offsets that centre, reveal or align
/// a tab.
public struct PinnedTabs: Hashable, Sendable {
    /// How many tabs from tab 0 on stay in view, `>= 0`.
    public var leading: Int
    /// How many tabs from the last one back stay in view, `>= 0`.
    public var trailing: Int

    /// Pins `leading` tabs at the leading end and `trailing` at the
    /// trailing end.
    public init(leading: Int = 0, trailing: Int = 0) {
        self.leading = leading
        self.trailing = trailing
    }

    /// No pinned tab.
    public static var none: PinnedTabs { PinnedTabs() }
}
