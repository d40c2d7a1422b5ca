import TabStripCore

/// A "wheel" that rolls through a list of contents (numbers, short titles)
/// as a progress goes from 0 to 1, like Outlook's tab icon.
///
/// Two labels are visible at a time: the *top* one rolls up and flattens
/// while the *bottom* one rolls in and grows. With `count = contents.count`
/// and `progress` clamped to `[0, 1]`:
/// - `position = clamp(count · progress, 0, count − 1)` (a real number),
/// - top entry `floor(position)`, bottom entry
///   `min(floor(position) + 1, count − 1)`,
/// - `offset = position − floor(position)`,
/// - top label: `scaleY = 1 − offset`, `translateY = −(height / 2) · offset`,
/// - bottom label: `scaleY = offset`, `translateY = (height / 2) · (1 − offset)`.
///
/// Because the position is clamped to `count − 1`, the last entry is shown
/// fully for every progress in `[(count − 1) / count, 1]`.
@usableFromInline package struct WheelCounter<Content> {
    /// The entries the wheel rolls through, in order; never empty.
    @usableFromInline package let contents: [Content]
    /// The height of the wheel (of each label), in points.
    @usableFromInline package let height: Double

    /// Creates a wheel.
    ///
    /// - Throws: `TabStripError/invalidValue(name:value:)` with name
    ///   `"contents.count"` (value 0) for empty contents, or name `"height"`
    ///   for a negative or non-finite height.
    /// - Complexity: O(1).
    @usableFromInline package init(contents: [Content], height: Double) throws(TabStripError) {
        guard !contents.isEmpty else { throw .invalidValue(name: "contents.count", value: 0) }
        try TabStripError.requireLength(height, "height")
        self.contents = contents
        self.height = height
    }

    /// The two visible labels and their transforms at `progress`.
    ///
    /// - Parameter progress: How far the wheel has rolled, clamped into
    ///   `[0, 1]` (infinities clamp too).
    /// - Throws: `TabStripError/invalidValue(name:value:)` (name
    ///   `"progress"`) for a NaN progress.
    /// - Complexity: O(1).
    @usableFromInline package func state(at progress: Double) throws(TabStripError) -> WheelState<Content> {
        guard !progress.isNaN else { throw .invalidValue(name: "progress", value: progress) }
        let count = contents.count
        let last = Double(count - 1)
        let position = clamped(Double(count) * clamped(progress, 0, 1), 0, last)
        // `position` is in [0, count − 1]: truncation is floor, and needs no libm.
        let whole = Double(Int(position))
        let offset = position - whole
        let topIndex = Int(whole)
        let bottomIndex = Swift.min(topIndex + 1, count - 1)
        let halfHeight = height / 2
        return WheelState(
            position: position,
            offset: offset,
            top: WheelLabel(
                index: topIndex,
                content: contents[topIndex],
                scaleY: 1 - offset,
                translateY: -halfHeight * offset + 0
            ),
            bottom: WheelLabel(
                index: bottomIndex,
                content: contents[bottomIndex],
                scaleY: offset,
                translateY: halfHeight * (1 - offset)
            )
        )
    }
}

extension WheelCounter: Sendable where Content: Sendable {}
extension WheelCounter: Equatable where Content: Equatable {}
extension WheelCounter: Hashable where Content: Hashable {}
