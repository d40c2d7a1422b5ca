/// The two end states of a tab title (at rest and selected) and the
/// interpolation between them while the pager is dragged.
///
/// One *selection* number in `[0, 1]` drives both colour (per RGBA
/// component) and scale:
/// `color = lerp(restColor, selectedColor, s)`,
/// `scale = lerp(restScale, selectedScale, s)`.
///
/// Both title bar effects are this type with different end states:
/// - Douyin's header (``douyin``): rest light grey at 0.9, selected white at 1.1;
///   during a drag with progress `p` the current tab has `s = 1 − |p|`
///   (so it goes selected → rest as `|p|` grows), the neighbour `s = |p|`,
///   every other tab rests.
/// - a news title bar (``newsTitleBar(maxScale:)``): rest black at 1, selected green
///   at `maxScale`; the left tab has `s = leftFactor`, the right tab
///   `s = rightFactor`, so `scale = 1 + factor · (maxScale − 1)` and
///   `green = factor`.
public struct TitleStyle: Hashable, Sendable {
    /// The colour of a tab at rest.
    public let restColor: RGBA
    /// The colour of the selected tab.
    public let selectedColor: RGBA
    /// The scale of a tab at rest.
    public let restScale: Double
    /// The scale of the selected tab.
    public let selectedScale: Double

    /// Creates a title style.
    ///
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` (name
    ///   `"restScale"` or `"selectedScale"`) for a scale that is negative,
    ///   NaN or infinite.
    /// - Complexity: O(1).
    public init(
        restColor: RGBA,
        selectedColor: RGBA,
        restScale: Double = 1,
        selectedScale: Double = 1
    ) throws(TabStripError) {
        try TabStripError.requireLength(restScale, "restScale")
        try TabStripError.requireLength(selectedScale, "selectedScale")
        self.init(unchecked: restColor, selectedColor, restScale, selectedScale)
    }

    private init(unchecked restColor: RGBA, _ selectedColor: RGBA, _ restScale: Double, _ selectedScale: Double) {
        self.restColor = restColor
        self.selectedColor = selectedColor
        self.restScale = restScale
        self.selectedScale = selectedScale
    }

    /// Seed 000's header: light grey titles at scale 0.9, the selected one
    /// white at 1.1.
    public static let douyin = TitleStyle(unchecked: .lightGray, .white, 0.9, 1.1)

    /// Seed 004's title bar: black titles at scale 1, the selected one pure
    /// green at `maxScale`.
    ///
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` (name
    ///   `"selectedScale"`) for a negative, NaN or infinite `maxScale`.
    public static func newsTitleBar(maxScale: Double) throws(TabStripError) -> TitleStyle {
        try TitleStyle(restColor: .black, selectedColor: .green, restScale: 1, selectedScale: maxScale)
    }

    /// The appearance of a title that is `selection` selected: 0 at rest,
    /// 1 fully selected. `selection` is clamped into `[0, 1]` (NaN counts as
    /// 0).
    /// - Complexity: O(1).
    public func appearance(selection: Double) -> TitleAppearance {
        let s = clamped(selection, 0, 1) + 0
        return TitleAppearance(
            selection: s,
            color: restColor.interpolated(to: selectedColor, fraction: s),
            scale: interpolate(restScale, selectedScale, s)
        )
    }

    /// The appearance of tab `index` during the drag `progress` (relative to the settled tab):
    /// the current tab at selection `1 − |p|`, the neighbour at `|p|`, every
    /// other tab at rest.
    /// - Complexity: O(1).
    public func appearance(ofTab index: Int, in progress: PagerProgress) -> TitleAppearance {
        appearance(selection: progress.selection(ofTab: index))
    }

    /// The appearance of tab `index` at the pager `position` (left and right factors): the
    /// left tab at selection `leftFactor`, the right tab at `rightFactor`,
    /// every other tab at rest.
    /// - Complexity: O(1).
    public func appearance(ofTab index: Int, in position: PagerPosition) -> TitleAppearance {
        appearance(selection: position.visibleFraction(ofPage: index))
    }
}
