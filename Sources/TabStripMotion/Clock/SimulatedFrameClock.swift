import TabStripCore

/// A deterministic display clock at a fixed rate, for tests and benchmarks.
///
/// Frame `n` starts at `startTime + n / framesPerSecond` (computed from `n`
/// directly, never by accumulating a duration, so frame 1,000,000 is as
/// exact as frame 1) and is due one frame later.
///
/// ```swift
/// var clock = SimulatedFrameClock.at120Hz
/// for _ in 0..<240 {                       // two seconds
///     let tick = clock.advance()
///     _ = fling.position(at: tick.targetTimestamp)
/// }
/// ```
@usableFromInline package struct SimulatedFrameClock: Hashable, Sendable {
    /// The frame rate, in frames per second.
    @usableFromInline package let framesPerSecond: Double
    /// When frame 0 starts, in seconds.
    @usableFromInline package let startTime: Double
    /// The index of the frame ``advance()`` returns next.
    package private(set) var nextFrameIndex: Int

    /// Creates a clock whose first frame starts at `startTime`.
    ///
    /// - Throws: `TabStripError/invalidValue(name:value:)` named
    ///   `"framesPerSecond"` unless the rate is finite and positive,
    ///   `"startTime"` for a NaN or infinite start time.
    /// - Complexity: O(1).
    @usableFromInline package init(framesPerSecond: Double, startTime: Double = 0) throws(TabStripError) {
        try TabStripError.requirePositive(framesPerSecond, "framesPerSecond")
        try TabStripError.requireFinite(startTime, "startTime")
        self.framesPerSecond = framesPerSecond
        self.startTime = startTime
        nextFrameIndex = 0
    }

    private init(unchecked framesPerSecond: Double) {
        self.framesPerSecond = framesPerSecond
        startTime = 0
        nextFrameIndex = 0
    }

    /// A 60 Hz clock starting at time 0.
    @usableFromInline package static let at60Hz = SimulatedFrameClock(unchecked: 60)
    /// A 120 Hz (ProMotion) clock starting at time 0.
    @usableFromInline package static let at120Hz = SimulatedFrameClock(unchecked: 120)

    /// The duration of one frame, `1 / framesPerSecond`, in seconds.
    @usableFromInline package var frameDuration: Double {
        1 / framesPerSecond
    }

    /// When frame `index` starts: `startTime + index / framesPerSecond`.
    /// Negative indices give times before the start.
    /// - Complexity: O(1).
    @usableFromInline package func timestamp(ofFrame index: Int) -> Double {
        startTime + Double(index) / framesPerSecond
    }

    /// Frame `index`, without advancing the clock.
    /// - Complexity: O(1).
    @usableFromInline package func tick(forFrame index: Int) -> FrameTick {
        // `Double(index) + 1` equals `Double(index + 1)` for every index a
        // run can reach, and cannot overflow.
        FrameTick(
            index: index,
            timestamp: timestamp(ofFrame: index),
            targetTimestamp: startTime + (Double(index) + 1) / framesPerSecond)
    }

    /// Returns the next frame and advances the clock by one frame (the index
    /// saturates at `Int.max`).
    /// - Complexity: O(1).
    @usableFromInline package mutating func advance() -> FrameTick {
        let tick = tick(forFrame: nextFrameIndex)
        if nextFrameIndex < Int.max { nextFrameIndex += 1 }
        return tick
    }

    /// Moves the clock so that ``advance()`` returns frame `index` next.
    /// - Throws: `TabStripError/indexOutOfRange(index:count:)` for a
    ///   negative index (`count` is `Int.max`); the clock is unchanged.
    /// - Complexity: O(1).
    @usableFromInline package mutating func reset(toFrame index: Int = 0) throws(TabStripError) {
        guard index >= 0 else { throw .indexOutOfRange(index: index, count: Int.max) }
        nextFrameIndex = index
    }
}
