/// The visible window of the strip: how much of its content the host shows
/// at once, in points.
///
/// A viewport must have finite, positive dimensions; the strip validates
/// this when it receives one and throws ``TabStripError/invalidViewport(width:height:)``
/// otherwise.
public struct Viewport: Hashable, Sendable {
    /// The visible width, along the strip's scrolling axis.
    public var width: Double
    /// The visible height (the height given to tab frames).
    public var height: Double

    /// Creates a viewport.
    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Throws unless both dimensions are finite and positive and at most
    /// ``TabStripLimits/maximumLength``.
    /// - Throws: ``TabStripError/invalidViewport(width:height:)`` for a zero,
    ///   negative, NaN or infinite dimension;
    ///   ``TabStripError/lengthExceedsLimit(name:value:limit:)`` (name
    ///   `"width"` or `"height"`) above the bound.
    @inlinable
    public func validate() throws(TabStripError) {
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw .invalidViewport(width: width, height: height)
        }
        try TabStripError.requireLength(width, "width")
        try TabStripError.requireLength(height, "height")
    }
}
