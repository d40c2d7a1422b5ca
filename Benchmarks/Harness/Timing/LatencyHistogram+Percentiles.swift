extension LatencyHistogram {
    /// The value at or below which `percentile` per cent of the samples lie,
    /// or `nil` when the histogram is empty.
    ///
    /// The sample of rank `ceil(percentile / 100 × count)` (at least 1) is
    /// located and the highest value of its bucket is returned, clamped to
    /// the exact ``min`` and ``max``; the result is therefore never below the
    /// true percentile and at most 1/1,024 above it. `percentile` is clamped
    /// to `0...100`; 0 gives ``min`` and 100 gives ``max``.
    /// - Complexity: O(``bucketCount``).
    public func value(atPercentile percentile: Double) -> UInt64? {
        guard _count > 0 else { return nil }
        let p = percentile.isNaN ? 100 : Swift.min(Swift.max(percentile, 0), 100)
        if p == 0 { return _min }
        if p == 100 { return _max }
        let exactRank = (p / 100 * Double(_count)).rounded(.up)
        let rank = Swift.max(1, Swift.min(UInt64(exactRank), _count))
        var seen: UInt64 = 0
        return counts.withUnsafeBufferPointer { buffer -> UInt64 in
            for index in buffer.indices {
                seen &+= buffer[index]
                if seen >= rank {
                    let value = Self.highestValue(inBucket: index)
                    return Swift.min(Swift.max(value, _min), _max)
                }
            }
            return _max
        }
    }

    /// The figures every report shows for a timing metric.
    /// - Complexity: O(``bucketCount``).
    public var summary: TimingSummary? {
        guard _count > 0,
              let p50 = value(atPercentile: 50),
              let p90 = value(atPercentile: 90),
              let p99 = value(atPercentile: 99),
              let p999 = value(atPercentile: 99.9),
              let mean
        else { return nil }
        return TimingSummary(
            count: Int(clamping: _count), min: Double(_min), mean: mean,
            p50: Double(p50), p90: Double(p90), p99: Double(p99), p999: Double(p999),
            max: Double(_max), clamped: Int(clamping: _clamped)
        )
    }
}
