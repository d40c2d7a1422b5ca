import TabStripCore

/// A clock driven by the host's display callbacks (a `CADisplayLink`, a
/// `CVDisplayLink`, a `Choreographer`, a terminal's timer).
///
/// The host passes each callback's timestamps to ``tick(timestamp:targetTimestamp:)``;
/// the clock validates them and numbers the frames. It keeps no time of its
/// own, so replaying the same timestamps replays the same frames.
///
/// ```swift
/// var clock = HostFrameClock()
/// let tick = try clock.tick(timestamp: link.timestamp, targetTimestamp: link.targetTimestamp)
/// strip.render(at: tick.targetTimestamp)
/// ```
@usableFromInline package struct HostFrameClock: Hashable, Sendable {
    /// The frame duration assumed when the host gives no target timestamp,
    /// in seconds (1/60 by default).
    @usableFromInline package let nominalFrameDuration: Double
    /// The last frame accepted, or `nil` before the first.
    package private(set) var lastTick: FrameTick?

    /// Creates a clock that has seen no frame yet.
    ///
    /// - Throws: `TabStripError/invalidValue(name:value:)` (name
    ///   `"frameDuration"`) unless `nominalFrameDuration` is finite and
    ///   positive.
    /// - Complexity: O(1).
    @usableFromInline package init(nominalFrameDuration: Double = 1.0 / 60) throws(TabStripError) {
        try TabStripError.requirePositive(nominalFrameDuration, "frameDuration")
        self.nominalFrameDuration = nominalFrameDuration
        lastTick = nil
    }

    /// Accepts the next display callback and returns its frame.
    ///
    /// - Parameters:
    ///   - timestamp: when the frame started, in seconds; never earlier than
    ///     the previous frame's (equal is accepted: some hosts deliver a
    ///     callback twice).
    ///   - targetTimestamp: when the frame will be displayed; `nil` means
    ///     `timestamp + nominalFrameDuration`. Never earlier than `timestamp`.
    /// - Throws: `TabStripError/invalidValue(name:value:)` named
    ///   `"timestamp"` for a NaN or infinite timestamp or one earlier than
    ///   the previous frame's, `"targetTimestamp"` for a NaN, infinite or
    ///   early target. The clock is unchanged when it throws.
    /// - Complexity: O(1).
    @usableFromInline package mutating func tick(timestamp: Double, targetTimestamp: Double? = nil)
        throws(TabStripError) -> FrameTick
    {
        try TabStripError.requireFinite(timestamp, "timestamp")
        if let lastTick, timestamp < lastTick.timestamp {
            throw .invalidValue(name: "timestamp", value: timestamp)
        }
        let target = targetTimestamp ?? timestamp + nominalFrameDuration
        guard target.isFinite, target >= timestamp else {
            throw .invalidValue(name: "targetTimestamp", value: target)
        }
        let tick = FrameTick(index: (lastTick?.index ?? -1) + 1, timestamp: timestamp, targetTimestamp: target)
        lastTick = tick
        _checkInvariants()
        return tick
    }

    /// The number of frames accepted so far.
    @usableFromInline package var frameCount: Int {
        (lastTick?.index ?? -1) + 1
    }
}
