import TabStripCore
import TabStripMotion

// Names replaced when the API was made consistent (see the API conventions
// article in TabStripCore). Each forwards to its replacement and goes away in
// a later release; the compiler's fix-it applies the new name.

extension PagerSync {
    /// Renamed ``releaseStrip(velocityPerSecond:at:)`` (the unit is in the
    /// label; ``releaseStrip(velocityPerMillisecond:at:)`` takes points per
    /// millisecond).
    @available(*, deprecated, renamed: "releaseStrip(velocityPerSecond:at:)")
    public func releaseStrip(velocity: Double, at time: Double) throws(TabStripError) {
        try releaseStrip(velocityPerSecond: velocity, at: time)
    }
}
