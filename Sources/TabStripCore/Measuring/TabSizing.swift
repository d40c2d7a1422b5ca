/// How the strip decides each tab's width: from its measured title, one
/// fixed width for all, or the available width divided equally.
///
/// The three rules (see ``Rule`` for the exact formulas):
/// - ``Rule/measured(padding:minimum:maximum:)``: title width + 2 × padding +
///   badge, clamped; Douyin's header (padding 20).
/// - ``Rule/fixed(width:)``: every tab equally wide, as a news title bar.
/// - ``Rule/equalDivision(spacing:minimum:)``: the strip's available width
///   shared equally, so the tabs fill it, as fixed segmented tabs (NetEase Music).
///
/// A sizing is a plain value: its properties can be set freely and are
/// validated by every call that computes a width (see ``validate()``).
/// Duplicate titles are fine, since tabs are positional, and an empty title
/// measures 0.
public struct TabSizing: Sendable {
    /// The width rule.
    public enum Rule: Hashable, Sendable {
        /// `width = clamp(measurer.width(of: title) + 2 × padding + extra, minimum, maximum)`,
        /// where `extra` is the badge's ``BadgeStyle/extraTabWidth(for:)``
        /// (0 without a badge). The minimum and maximum bound the whole tab,
        /// padding and badge included: the minimum is applied first, then the
        /// maximum, and `minimum <= maximum` is required, so the width always
        /// lies in `[minimum, maximum]`. A tab narrowed by its maximum keeps
        /// its padding and badge and shortens its title (see
        /// ``BadgeStyle/contentLayout(of:inTab:titleWidth:padding:direction:)``).
        /// An empty title gives `2 × padding + extra`, clamped.
        ///
        /// `padding` must be finite and `>= 0`; `minimum` and `maximum`, when
        /// given, too.
        case measured(padding: Double, minimum: Double?, maximum: Double?)

        /// Every tab is `width` wide, whatever its title and badge (the badge
        /// is placed inside; the title is shortened to make room). `width`
        /// must be finite and `> 0`. No title is measured.
        case fixed(width: Double)

        /// Every tab is `max((availableWidth − (tabCount − 1) × spacing) / tabCount, 0)`
        /// wide, then at least `minimum` when one is given, so that the tabs
        /// and the `spacing` between them fill the available width exactly
        /// unless the minimum makes them overflow (then the strip scrolls).
        /// Badges sit inside, as with ``fixed(width:)``. `spacing` and
        /// `minimum` must be finite and `>= 0`. A ``TabStrip`` divides with
        /// its own layout's spacing in place of `spacing`, so its tabs always
        /// fill the viewport. No title is measured.
        case equalDivision(spacing: Double, minimum: Double?)
    }

    /// The padding on each side of the title used when none is given: 20
    /// points, as on Douyin's header.
    public static let defaultPadding: Double = 20

    /// The width rule.
    public var rule: Rule
    /// Measures titles for ``Rule/measured(padding:minimum:maximum:)``;
    /// unused by the other rules.
    public var measurer: any TitleMeasurer
    /// The badge metrics: how much a badge widens a measured tab.
    public var badgeStyle: BadgeStyle

    /// Creates a sizing from its parts.
    ///
    /// - Parameters:
    ///   - rule: The width rule.
    ///   - measurer: The title measurer; by default a ``ColumnTitleMeasurer``
    ///     with 8 points per column.
    ///   - badgeStyle: The badge metrics; ``BadgeStyle/standard`` by default.
    public init(
        rule: Rule,
        measurer: any TitleMeasurer = ColumnTitleMeasurer(),
        badgeStyle: BadgeStyle = .standard
    ) {
        self.rule = rule
        self.measurer = measurer
        self.badgeStyle = badgeStyle
    }

    /// Tabs as wide as their measured titles plus padding on both sides, plus
    /// any badge, clamped to the optional bounds.
    public static func measured(
        by measurer: any TitleMeasurer = ColumnTitleMeasurer(),
        padding: Double = TabSizing.defaultPadding,
        minimum: Double? = nil,
        maximum: Double? = nil,
        badgeStyle: BadgeStyle = .standard
    ) -> TabSizing {
        TabSizing(
            rule: .measured(padding: padding, minimum: minimum, maximum: maximum),
            measurer: measurer,
            badgeStyle: badgeStyle
        )
    }

    /// Tabs all `width` wide.
    public static func fixed(width: Double, badgeStyle: BadgeStyle = .standard) -> TabSizing {
        TabSizing(rule: .fixed(width: width), badgeStyle: badgeStyle)
    }

    /// Tabs sharing the available width equally, at least `minimum` wide.
    public static func equalDivision(
        spacing: Double = 0,
        minimum: Double? = nil,
        badgeStyle: BadgeStyle = .standard
    ) -> TabSizing {
        TabSizing(rule: .equalDivision(spacing: spacing, minimum: minimum), badgeStyle: badgeStyle)
    }

    /// The horizontal inset of a tab's content (its title and badge) from
    /// each edge: the padding of a measured rule, 0 for the other rules
    /// (their content is centred in the tab).
    public var contentPadding: Double {
        if case .measured(let padding, _, _) = rule { return padding }
        return 0
    }
}
