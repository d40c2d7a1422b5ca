import TabStripCore

/// One frame of a display clock: when it started, when it is due on screen,
/// and its position in the sequence of frames.
///
/// It mirrors `CADisplayLink`'s `timestamp` and `targetTimestamp`: the
/// engine should compute a frame's state for ``targetTimestamp`` (when it
/// will be seen), and has until then to do it. All times are in seconds.
@usableFromInline package struct FrameTick: Hashable, Sendable, CustomStringConvertible {
    /// The frame's number, counting from 0 for a clock's first frame.
    @usableFromInline package let index: Int
    /// When the frame started (the previous frame was displayed), in seconds.
    @usableFromInline package let timestamp: Double
    /// When the frame will be displayed, in seconds: the time to evaluate
    /// animations at.
    @usableFromInline package let targetTimestamp: Double

    /// Creates a tick. No validation: clocks create ticks; tests may too.
    /// - Complexity: O(1).
    @usableFromInline package init(index: Int, timestamp: Double, targetTimestamp: Double) {
        self.index = index
        self.timestamp = timestamp
        self.targetTimestamp = targetTimestamp
    }

    /// The time the frame has, `targetTimestamp − timestamp`, in seconds
    /// (1/60 s ≈ 16.67 ms at 60 Hz, 1/120 s ≈ 8.33 ms at 120 Hz).
    @usableFromInline package var duration: Double {
        targetTimestamp - timestamp
    }

    /// A readable summary: index, start and target times.
    @usableFromInline package var description: String {
        "frame \(index) at \(timestamp) s → \(targetTimestamp) s"
    }
}
