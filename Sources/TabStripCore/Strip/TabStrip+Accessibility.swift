/// What a host needs to expose one tab to assistive technologies
/// (VoiceOver, TalkBack, a screen reader on a terminal).
public struct TabAccessibility: Hashable, Sendable {
    /// The spoken name: the tab's title.
    public var label: String
    /// The badge, as text ("3", "99+", "new" for a dot), or `nil`.
    public var value: String?
    /// The role: always a tab (UIKit's `.tabBar` trait on the container,
    /// AppKit's `NSAccessibility.Role.radioButton` in a tab group, ARIA's
    /// `tab`).
    public var role: Role
    /// Whether this tab is the selected one.
    public var isSelected: Bool
    /// The tab's 1-based position.
    public var position: Int
    /// The number of tabs.
    public var count: Int

    /// The accessibility role of a tab.
    public enum Role: Hashable, Sendable {
        /// One tab of a tab list.
        case tab
    }

    /// The position in words, "3 of 100,000", with the count grouped by
    /// thousands. Hosts that localise build their own from ``position`` and
    /// ``count``.
    /// - Complexity: O(digits); allocates the string.
    public var positionDescription: String {
        "\(Self.grouped(position)) of \(Self.grouped(count))"
    }

    /// What a screen reader says when the tab gets the focus, in English:
    /// the title, the badge, the position and whether it is selected, as
    /// in "推荐, 3, tab 3 of 100,000, selected". Hosts that localise build
    /// their own from the other properties.
    /// - Complexity: O(label + digits); allocates the string.
    public var announcement: String {
        var text = label
        if let value { text += ", \(value)" }
        text += ", tab \(positionDescription)"
        if isSelected { text += ", selected" }
        return text
    }

    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (i, digit) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }
}

extension TabStrip {
    /// The accessibility description of tab `index`.
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)``;
    ///   ``TabStripError/titleUnavailable(index:)`` when the strip's title
    ///   source cannot give the tab's title.
    /// - Complexity: O(log b) for b badged tabs; allocates the badge text.
    public func accessibility(ofTab index: Int) throws(TabStripError) -> TabAccessibility {
        try TabStripError.requireIndex(index, in: tabCount)
        guard let title = titles.title(ofTab: index) else { throw .titleUnavailable(index: index) }
        let value: String?
        switch badges[index] {
        case .none: value = nil
        case .dot: value = "new"
        case .count: value = try sizing.badgeStyle.text(of: badges[index])
        }
        return TabAccessibility(
            label: title, value: value, role: .tab,
            isSelected: index == selectedIndex,
            position: index + 1, count: tabCount
        )
    }
}

/// How a screen reader's focus moves along a strip: the actions a host maps
/// from VoiceOver's adjustable element (a swipe up or down is one tab), a
/// rotor (10 or 100 tabs), or a "go to tab" command (see
/// `TabBar.moveAccessibilityFocus(_:)`).
public enum TabFocusMove: Hashable, Sendable {
    /// `count` tabs towards the end (towards the start when negative),
    /// stopping at the first or the last tab.
    case by(Int)
    /// Tab `index`, in `0..<tabCount`.
    case to(Int)
}
