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
    package func value(atPercentile percentile: Double) -> UInt64? {
        guard _count > 0 else { return nil }
        let p = percentile.isNaN ? 100 : Swift.min(Swift.max(percentile, 0), 100)
        if p == 0 { return _min }
        if p == 100 { return _max }
        let rank = UInt64(Self.rank(ofPercentile: p, count: Int(clamping: _count)))
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

    /// The 1-based rank of the sample at `percentile` (in `0...100`) among
    /// `count` sorted samples: `ceil(percentile / 100 × count)`, at least 1,
    /// with a relative tolerance of 1e-12 so that decimal percentiles that
    /// binary floating point cannot represent (99.9 × 1,000 =
    /// 999.0000000000001) do not round up to the next rank.
    static func rank(ofPercentile percentile: Double, count: Int) -> Int {
        let exact = percentile / 100 * Double(count)
        let rank = Int((exact - exact * 1e-12).rounded(.up))
        return Swift.max(1, Swift.min(rank, count))
    }

    /// The figures every report shows for a timing metric.
    /// - Complexity: O(``bucketCount``).
    package var summary: TimingSummary? {
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
