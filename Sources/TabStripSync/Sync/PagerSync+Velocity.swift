import TabStripCore
import TabStripMotion

extension PagerSync {
    /// ``releaseStrip(velocityPerSecond:at:)`` for a velocity in points per
    /// millisecond (as `scrollViewWillEndDragging` reports it).
    /// - Throws: as ``releaseStrip(velocityPerSecond:at:)``, naming
    ///   `"velocityPerMillisecond"` for a NaN or infinite velocity; nothing
    ///   changes.
    /// - Complexity: O(1).
    @usableFromInline package func releaseStrip(velocityPerMillisecond: Double, at time: Double) throws(TabStripError) {
        try TabStripError.requireFinite(velocityPerMillisecond, "velocityPerMillisecond")
        try releaseStrip(velocityPerSecond: velocityPerMillisecond * 1_000, at: time)
    }

    /// ``endPageDrag(translation:velocityPerMillisecond:at:)`` for a velocity
    /// in points per second (as `UIPanGestureRecognizer.velocity(in:)` and
    /// most gesture APIs report it).
    /// - Throws: as ``endPageDrag(translation:velocityPerMillisecond:at:)``,
    ///   naming `"velocityPerSecond"` for a NaN or infinite velocity; nothing
    ///   changes.
    /// - Complexity: O(1).
    @discardableResult
    @usableFromInline package func endPageDrag(translation: Double, velocityPerSecond: Double, at time: Double)
        throws(TabStripError)
        -> PagerResponse
    {
        try TabStripError.requireFinite(velocityPerSecond, "velocityPerSecond")
        return try endPageDrag(translation: translation, velocityPerMillisecond: velocityPerSecond / 1_000, at: time)
    }
}
