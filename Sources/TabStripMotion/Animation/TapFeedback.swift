import TabStripCore

/// The press feedback of a tapped tab (as on Douyin's header): its scale dips from 1 to
/// 0.95 over 0.1 s and comes back to 1 over the next 0.1 s, as a pure
/// function of time.
///
/// Both halves follow ``curve`` (ease-in-out, UIView animations' default).
/// A tap that lands while a previous feedback still runs starts from the
/// scale shown at that moment: ``retapped(at:)``.
@usableFromInline package struct TapFeedback: Hashable, Sendable {
    /// When the tap happened, in seconds.
    @usableFromInline package let startTime: Double
    /// The scale the press starts from (1 for a fresh tap).
    @usableFromInline package let initialScale: Double
    /// The scale at the bottom of the press (0.95 by default).
    @usableFromInline package let pressedScale: Double
    /// How long the press takes, in seconds (0.1 by default).
    @usableFromInline package let pressDuration: Double
    /// How long the release back to 1 takes, in seconds (0.1 by default).
    @usableFromInline package let releaseDuration: Double
    /// The easing of both halves.
    @usableFromInline package let curve: TimingCurve

    /// Creates the feedback for a tap at `startTime`.
    ///
    /// - Throws: `TabStripError/invalidValue(name:value:)` named `"startTime"`,
    ///   `"initialScale"` or `"pressedScale"` for a NaN or infinite value,
    ///   `"pressDuration"` or `"releaseDuration"` for a negative, NaN or
    ///   infinite duration.
    /// - Complexity: O(1).
    @usableFromInline package init(
        startTime: Double,
        initialScale: Double = 1,
        pressedScale: Double = 0.95,
        pressDuration: Double = 0.1,
        releaseDuration: Double = 0.1,
        curve: TimingCurve = .easeInOut
    ) throws(TabStripError) {
        try TabStripError.requireFinite(startTime, "startTime")
        try TabStripError.requireFinite(initialScale, "initialScale")
        try TabStripError.requireFinite(pressedScale, "pressedScale")
        try TabStripError.requireLength(pressDuration, "pressDuration")
        try TabStripError.requireLength(releaseDuration, "releaseDuration")
        self.startTime = startTime
        self.initialScale = initialScale
        self.pressedScale = pressedScale
        self.pressDuration = pressDuration
        self.releaseDuration = releaseDuration
        self.curve = curve
    }

    /// When the scale is back at 1.
    @usableFromInline package var endTime: Double {
        startTime + pressDuration + releaseDuration
    }

    /// The scale at `time`: `initialScale` before the tap (NaN counts as the
    /// tap time), ``pressedScale`` at `startTime + pressDuration`, 1 from
    /// ``endTime`` on.
    /// - Complexity: O(1); no allocation.
    @usableFromInline package func scale(at time: Double) -> Double {
        if time >= endTime { return 1 }
        let elapsed = time - startTime
        guard elapsed > 0 else { return initialScale }
        if elapsed < pressDuration {
            return initialScale + (pressedScale - initialScale) * curve.value(atProgress: elapsed / pressDuration)
        }
        let sinceRelease = elapsed - pressDuration
        guard releaseDuration > 0 else { return 1 }
        return pressedScale + (1 - pressedScale) * curve.value(atProgress: sinceRelease / releaseDuration)
    }

    /// Whether the feedback is over at `time` (`time >= endTime`).
    /// - Complexity: O(1).
    @usableFromInline package func isFinished(at time: Double) -> Bool {
        time >= endTime
    }

    /// The feedback for a new tap at `time`, pressing from the scale this
    /// one shows then (so repeated taps never make the tab jump).
    /// - Throws: `TabStripError/invalidValue(name:value:)` (name `"time"`)
    ///   for a NaN or infinite time.
    /// - Complexity: O(1).
    @usableFromInline package func retapped(at time: Double) throws(TabStripError) -> TapFeedback {
        try TabStripError.requireFinite(time, "time")
        return try TapFeedback(
            startTime: time, initialScale: scale(at: time), pressedScale: pressedScale,
            pressDuration: pressDuration, releaseDuration: releaseDuration, curve: curve)
    }
}
