import TabStripCore

/// One of the two labels a ``WheelCounter`` shows, with the vertical
/// transform to apply to it (a y-scale about the label's centre, then a
/// y-translation, as `CGAffineTransform(scaleX: 1, y: scaleY)` translated by
/// `translateY`).
@usableFromInline package struct WheelLabel<Content> {
    /// The entry's index in ``WheelCounter/contents``.
    @usableFromInline package let index: Int
    /// The entry shown by this label.
    @usableFromInline package let content: Content
    /// The vertical scale factor, in `[0, 1]`.
    @usableFromInline package let scaleY: Double
    /// The vertical translation, in points (negative moves up).
    @usableFromInline package let translateY: Double

    /// Creates a label state from its parts.
    @usableFromInline package init(index: Int, content: Content, scaleY: Double, translateY: Double) {
        self.index = index
        self.content = content
        self.scaleY = scaleY
        self.translateY = translateY
    }
}

extension WheelLabel: Sendable where Content: Sendable {}
extension WheelLabel: Equatable where Content: Equatable {}
extension WheelLabel: Hashable where Content: Hashable {}

/// The wheel at one progress: its continuous position and the two visible
/// labels.
@usableFromInline package struct WheelState<Content> {
    /// `clamp(count · progress, 0, count − 1)`: the top entry's index plus
    /// how far the wheel has rolled towards the next one.
    @usableFromInline package let position: Double
    /// The fractional part of ``position``, in `[0, 1)`.
    @usableFromInline package let offset: Double
    /// The label rolling out (upwards): entry `floor(position)`.
    @usableFromInline package let top: WheelLabel<Content>
    /// The label rolling in: entry `min(floor(position) + 1, count − 1)`.
    @usableFromInline package let bottom: WheelLabel<Content>

    /// Creates a wheel state from its parts.
    @usableFromInline package init(
        position: Double, offset: Double, top: WheelLabel<Content>, bottom: WheelLabel<Content>
    ) {
        self.position = position
        self.offset = offset
        self.top = top
        self.bottom = bottom
    }
}

extension WheelState: Sendable where Content: Sendable {}
extension WheelState: Equatable where Content: Equatable {}
extension WheelState: Hashable where Content: Hashable {}
