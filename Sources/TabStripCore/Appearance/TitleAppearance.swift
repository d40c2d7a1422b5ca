/// How one tab title looks at one moment: its colour and its scale.
///
/// Produced by ``TitleStyle``; hosts apply ``color`` to the label and a
/// uniform scale transform of ``scale``.
public struct TitleAppearance: Hashable, Sendable {
    /// How selected the tab looks, in `[0, 1]`: 0 at rest, 1 fully selected.
    public let selection: Double
    /// The title colour.
    public let color: RGBA
    /// The uniform scale factor for the title.
    public let scale: Double

    /// Creates an appearance from its parts.
    public init(selection: Double, color: RGBA, scale: Double) {
        self.selection = selection
        self.color = color
        self.scale = scale
    }
}
