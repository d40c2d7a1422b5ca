#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Seconds on the monotonic clock (`CLOCK_MONOTONIC`), for frame pacing and
/// for timing the engine's work.
public func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// The engine's time per frame over the last second: the last frame's, and
/// the median and 99th percentile of the frames in the window.
public struct FrameStats: Sendable {
    /// (wall-clock time of the frame, engine seconds spent in it).
    private var samples: [(at: Double, seconds: Double)] = []
    /// The engine time of the last frame, in seconds.
    public private(set) var last: Double?

    /// No frames yet.
    public init() {}

    /// Records a frame that ended at `time` and spent `seconds` in the
    /// engine; frames older than one second are dropped.
    public mutating func record(seconds: Double, at time: Double) {
        last = seconds
        samples.append((time, seconds))
        if let firstKept = samples.firstIndex(where: { $0.at >= time - 1 }), firstKept > 0 {
            samples.removeFirst(firstKept)
        }
    }

    /// Frames in the window.
    public var count: Int { samples.count }

    /// The `p`-quantile (0...1) of the window's engine times (nearest rank),
    /// or `nil` with no frames.
    public func quantile(_ p: Double) -> Double? {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.map(\.seconds).sorted()
        let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
        return sorted[Swift.min(Swift.max(rank, 0), sorted.count - 1)]
    }
}
