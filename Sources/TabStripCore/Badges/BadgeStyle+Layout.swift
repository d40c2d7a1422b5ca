extension BadgeStyle {
    /// Places a tab's title and badge inside the tab's frame.
    ///
    /// The title, the ``gap`` and the badge form one group, centred
    /// horizontally in the tab. The title is shown at `titleWidth`, or
    /// shortened (the host truncates it) to
    /// `max(0, tabFrame.width − 2 × padding − extra)` when the tab is too
    /// narrow, `extra` being ``extraTabWidth(for:)``, so that the group stays
    /// within the padding whenever the badge alone fits. For a tab sized by
    /// ``TabSizing/Rule/measured(padding:minimum:maximum:)`` and not clamped,
    /// the group fills the tab exactly: the title starts at `padding` from
    /// the leading edge and the badge ends at `padding` from the trailing
    /// edge. A tab widened by a minimum centres the group; a tab narrowed by
    /// a maximum shortens the title.
    ///
    /// In ``LayoutDirection/leftToRight`` the badge is right of the title:
    /// `badge.x = title.maxX + gap`. In ``LayoutDirection/rightToLeft`` the
    /// whole group is mirrored within the tab, so the badge sits left of the
    /// title, `gap` from its trailing (left) edge.
    ///
    /// Vertically the title box spans the tab; the badge is centred on
    /// `tabFrame.midY + verticalOffset`.
    ///
    /// Example with ``standard``, padding 20, a 32-point title and `.count(5)`
    /// (a 16 × 16 pill, extra 4 + 16 = 20), in a measured tab at x 100 of
    /// width 32 + 2 × 20 + 20 = 92: left to right the title spans x 120...152
    /// and the badge 156...172; right to left the title spans 140...172 and
    /// the badge 120...136.
    ///
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` for an invalid
    ///   style (see ``validate()``), a negative count (`"badgeCount"`), a
    ///   non-finite `tabFrame.x` or `tabFrame.y` (`"tabFrame.x"`,
    ///   `"tabFrame.y"`), a negative or non-finite `tabFrame.width`,
    ///   `tabFrame.height`, `titleWidth` or `padding` (`"tabFrame.width"`,
    ///   `"tabFrame.height"`, `"titleWidth"`, `"padding"`).
    /// - Complexity: O(1).
    public func contentLayout(
        of badge: TabBadge,
        inTab tabFrame: Rect,
        titleWidth: Double,
        padding: Double,
        direction: LayoutDirection
    ) throws(TabStripError) -> TabContentLayout {
        try validate()
        try Self.requireValid(badge)
        try TabStripError.requireFinite(tabFrame.x, "tabFrame.x")
        try TabStripError.requireFinite(tabFrame.y, "tabFrame.y")
        try TabStripError.requireLength(tabFrame.width, "tabFrame.width")
        try TabStripError.requireLength(tabFrame.height, "tabFrame.height")
        try TabStripError.requireLength(titleWidth, "titleWidth")
        try TabStripError.requireLength(padding, "padding")

        let badgeSize = uncheckedSize(of: badge)
        let extra = uncheckedExtraTabWidth(for: badge)
        let contentWidth = Swift.max(0, tabFrame.width - 2 * padding)
        let shownTitle = Swift.min(titleWidth, Swift.max(0, contentWidth - extra))
        let groupStart = (tabFrame.width - (shownTitle + extra)) / 2

        // Offsets from the tab's left edge, left to right; mirrored for RTL.
        func place(_ offset: Double, _ width: Double) -> Double {
            switch direction {
            case .leftToRight: return tabFrame.x + offset
            case .rightToLeft: return tabFrame.x + (tabFrame.width - offset - width)
            }
        }

        let title = Rect(
            x: place(groupStart, shownTitle), y: tabFrame.y,
            width: shownTitle, height: tabFrame.height
        )
        guard case .none = badge else {
            let badgeOffset = groupStart + shownTitle + gap
            let badgeFrame = Rect(
                x: place(badgeOffset, badgeSize.width),
                y: tabFrame.midY + verticalOffset - badgeSize.height / 2,
                width: badgeSize.width, height: badgeSize.height
            )
            return TabContentLayout(title: title, badge: badgeFrame)
        }
        return TabContentLayout(title: title, badge: nil)
    }

    /// The badge's frame in a tab: the ``TabContentLayout/badge`` of
    /// ``contentLayout(of:inTab:titleWidth:padding:direction:)``; `nil` for
    /// ``TabBadge/none``.
    ///
    /// - Throws: as ``contentLayout(of:inTab:titleWidth:padding:direction:)``.
    /// - Complexity: O(1).
    public func frame(
        of badge: TabBadge,
        inTab tabFrame: Rect,
        titleWidth: Double,
        padding: Double,
        direction: LayoutDirection
    ) throws(TabStripError) -> Rect? {
        try contentLayout(
            of: badge, inTab: tabFrame, titleWidth: titleWidth,
            padding: padding, direction: direction
        ).badge
    }
}
