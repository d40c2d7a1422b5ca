/// The selection indicator under (or over) the tabs: how tall it is, how wide
/// relative to its tab, where it sits vertically, and how it travels while
/// the pager is dragged.
///
/// The style is a pure description; ``restingFrame(underTab:stripHeight:)``
/// and ``frame(current:neighbour:progress:stripHeight:)`` turn it into
/// frames in the strip's content coordinates.
public struct IndicatorStyle: Hashable, Sendable {
    /// How the indicator travels from one tab to the next during a drag.
    public enum Kind: Hashable, Sendable {
        /// Position and width interpolate linearly from the current tab's
        /// resting frame to the neighbour's (Douyin's header, a news title bar).
        case line
        /// The indicator first stretches until, at `|progress| = 0.5`, it
        /// spans both tabs' resting frames (from the leading edge of the one
        /// to the trailing edge of the other), then shrinks onto the
        /// neighbour's frame by `|progress| = 1`. Each edge moves piecewise
        /// linearly and continuously.
        case lengthen
    }

    /// The indicator's width relative to its tab.
    public enum Width: Hashable, Sendable {
        /// The tab's width minus `padding` on each side, starting `padding`
        /// after the tab's leading edge (Douyin's header uses the tab padding, 20).
        /// A tab narrower than `2 · padding` gets a zero-width indicator at
        /// its centre.
        case inset(by: Double)
        /// A fixed width, centred under the tab (it may overhang a narrower
        /// tab).
        case fixed(Double)
        /// The tab's full width (a news title bar's underline).
        case fullTab
    }

    /// Where the indicator sits vertically in the strip.
    public enum Placement: Hashable, Sendable {
        /// Its bottom edge `inset` points above the strip's bottom edge:
        /// `y = stripHeight − inset − height`.
        case bottom(inset: Double)
        /// Its top edge `inset` points below the strip's top edge: `y = inset`.
        case top(inset: Double)
    }

    /// How the indicator travels during a drag.
    public let kind: Kind
    /// The width rule.
    public let width: Width
    /// The indicator's height (thickness), in points.
    public let height: Double
    /// The vertical placement.
    public let placement: Placement

    /// Creates an indicator style.
    ///
    /// - Parameters:
    ///   - kind: How it travels during a drag; `.line` by default.
    ///   - width: The width rule; the full tab width by default.
    ///   - height: The thickness in points, finite and `>= 0`; 2 by default.
    ///   - placement: The vertical placement; flush with the strip's bottom
    ///     edge by default.
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` naming the
    ///   parameter (`"height"`, `"padding"`, `"width"` or `"inset"`) whose
    ///   value is negative, NaN or infinite.
    /// - Complexity: O(1).
    public init(
        kind: Kind = .line,
        width: Width = .fullTab,
        height: Double = 2,
        placement: Placement = .bottom(inset: 0)
    ) throws(TabStripError) {
        try TabStripError.requireLength(height, "height")
        switch width {
        case .inset(let padding): try TabStripError.requireLength(padding, "padding")
        case .fixed(let value): try TabStripError.requireLength(value, "width")
        case .fullTab: break
        }
        switch placement {
        case .bottom(let inset), .top(let inset): try TabStripError.requireLength(inset, "inset")
        }
        self.init(unchecked: kind, width, height, placement)
    }

    private init(unchecked kind: Kind, _ width: Width, _ height: Double, _ placement: Placement) {
        self.kind = kind
        self.width = width
        self.height = height
        self.placement = placement
    }

    /// Seed 000's underline: 3 points thick, inset by the 20-point tab
    /// padding on each side, its bottom 1 point above the strip's bottom
    /// (the news title bar's buttons are 4 points shorter than the strip and the line
    /// starts at their bottom edge), travelling as a `.line`.
    public static let douyin = IndicatorStyle(unchecked: .line, .inset(by: 20), 3, .bottom(inset: 1))

    /// Seed 004's underline: the full tab width, `height` points thick, flush
    /// with the strip's bottom edge, travelling as a `.line`.
    ///
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` (name
    ///   `"height"`) for a negative, NaN or infinite height.
    public static func newsTitleBar(height: Double) throws(TabStripError) -> IndicatorStyle {
        try IndicatorStyle(kind: .line, width: .fullTab, height: height, placement: .bottom(inset: 0))
    }
}
