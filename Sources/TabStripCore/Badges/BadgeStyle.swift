/// The metrics of tab badges: how big a dot or a count pill is, where it sits
/// relative to the title, and when a count overflows.
///
/// A badge is part of its tab: with ``TabSizing/Rule/measured(padding:minimum:maximum:)``
/// the tab grows by ``TabBadge`` extra width `gap + badge width` (see
/// ``extraTabWidth(for:)``), and ``contentLayout(of:inTab:titleWidth:padding:direction:)``
/// places the badge right after the title's trailing edge.
///
/// Badge widths:
/// - ``TabBadge/none``: 0, and no gap.
/// - ``TabBadge/dot``: ``dotDiameter``.
/// - ``TabBadge/count(_:)``: a pill `max(countHeight, characters × digitAdvance + 2 × countPadding)`
///   wide, where `characters` is the length of the displayed text (`"7"` is
///   1, `"42"` is 2, the overflow `"99+"` is 3). A single digit therefore
///   gives a circle of diameter ``countHeight``.
///
/// All lengths are in points and must be finite and `>= 0`;
/// ``verticalOffset`` may be negative; ``maximumCount`` must be `>= 1`.
/// The properties are plain stored values: every call that uses a style
/// validates it first (see ``validate()``).
public struct BadgeStyle: Hashable, Sendable {
    /// The diameter of a ``TabBadge/dot``. Default 6.
    public var dotDiameter: Double
    /// The height of a count pill (and its minimum width). Default 16.
    public var countHeight: Double
    /// The horizontal advance of one character of the count text (a digit,
    /// or the `+` of the overflow text). Default 7.
    public var digitAdvance: Double
    /// The horizontal padding inside a count pill, on each side of the text.
    /// Default 4.
    public var countPadding: Double
    /// The largest count shown in full; larger counts show
    /// `"\(maximumCount)+"`. Default 99, so 100 shows `"99+"`.
    public var maximumCount: Int
    /// The space between the title's trailing edge and the badge. Default 4.
    public var gap: Double
    /// Where the badge's vertical centre sits relative to the tab's vertical
    /// centre; negative raises it. Default −6 (a superscript-like badge).
    public var verticalOffset: Double

    /// Creates a badge style; every parameter has the documented default.
    public init(
        dotDiameter: Double = 6,
        countHeight: Double = 16,
        digitAdvance: Double = 7,
        countPadding: Double = 4,
        maximumCount: Int = 99,
        gap: Double = 4,
        verticalOffset: Double = -6
    ) {
        self.dotDiameter = dotDiameter
        self.countHeight = countHeight
        self.digitAdvance = digitAdvance
        self.countPadding = countPadding
        self.maximumCount = maximumCount
        self.gap = gap
        self.verticalOffset = verticalOffset
    }

    /// The style with every default: dots of 6, pills 16 high, 7 per
    /// character, padding 4, counts up to 99, gap 4, raised by 6.
    public static let standard = BadgeStyle()
}
