/// A log-linear histogram of nanosecond samples in the manner of HdrHistogram, with three significant decimal digits:
/// values below 2,048 ns are counted exactly; above, each power-of-two range is split into 1,024 equal sub-buckets, so
/// a value reported back (a percentile) is within 0.1 % of a recorded one. Every bucket is allocated up front, so
/// ``record(_:)`` never allocates inside a measured loop. Values at or above ``highestTrackableValue`` (2^40 ns, about
/// 18 minutes) are clamped into the top bucket and counted; ``min``, ``max`` and ``mean`` stay exact.
package struct LatencyHistogram: Sendable, Equatable {
    static let subBucketCount: UInt64 = 2_048
    static let subBucketHalfCount: Int = 1_024
    static let subBucketHalfCountMagnitude: Int = 10
    static let maximumShift: Int = 29
    package static let bucketCount: Int = (maximumShift + 2) * subBucketHalfCount
    package static let highestTrackableValue: UInt64 = 1 << UInt64(maximumShift + 11)

    var counts = [UInt64](repeating: 0, count: bucketCount)
    var _count: UInt64 = 0
    var _min: UInt64 = .max
    var _max: UInt64 = 0
    var _sum: Double = 0
    var _clamped: UInt64 = 0

    package init() {}

    package var count: UInt64 { _count }
    package var min: UInt64? { _count == 0 ? nil : _min }
    package var max: UInt64? { _count == 0 ? nil : _max }
    package var mean: Double? { _count == 0 ? nil : _sum / Double(_count) }
    package var clampedCount: UInt64 { _clamped }
    package var isEmpty: Bool { _count == 0 }

    @inline(__always)
    static func bucketIndex(of value: UInt64) -> Int {
        if value < subBucketCount { return Int(truncatingIfNeeded: value) }
        let shift = 63 - value.leadingZeroBitCount - subBucketHalfCountMagnitude
        return shift * subBucketHalfCount + Int(truncatingIfNeeded: value >> UInt64(shift))
    }

    static func lowestValue(inBucket index: Int) -> UInt64 {
        if index < Int(subBucketCount) { return UInt64(index) }
        let shift = index / subBucketHalfCount - 1
        return UInt64(index - shift * subBucketHalfCount) << UInt64(shift)
    }

    static func highestValue(inBucket index: Int) -> UInt64 {
        if index < Int(subBucketCount) { return UInt64(index) }
        return lowestValue(inBucket: index) + (UInt64(1) << UInt64(index / subBucketHalfCount - 1)) - 1
    }

    /// Records one sample, in nanoseconds.
    package mutating func record(_ value: UInt64) {
        _count &+= 1
        _sum += Double(value)
        if value < _min { _min = value }
        if value > _max { _max = value }
        var tracked = value
        if value >= Self.highestTrackableValue {
            _clamped &+= 1
            tracked = Self.highestTrackableValue - 1
        }
        counts[Self.bucketIndex(of: tracked)] &+= 1
    }

    package mutating func merge(_ other: LatencyHistogram) {
        guard other._count > 0 else { return }
        for index in counts.indices { counts[index] &+= other.counts[index] }
        _count &+= other._count
        _sum += other._sum
        _clamped &+= other._clamped
        _min = Swift.min(_min, other._min)
        _max = Swift.max(_max, other._max)
    }

    /// Forgets every sample, keeping the storage.
    package mutating func reset() {
        for index in counts.indices { counts[index] = 0 }
        (_count, _sum, _clamped, _min, _max) = (0, 0, 0, .max, 0)
    }

    /// The value at or below which `percentile` per cent of the samples lie (clamped to `0...100`; 0 gives ``min``, 100
    /// ``max``), or `nil` when empty: the top of the bucket holding the sample of rank `ceil(percentile / 100 ×
    /// count)`, clamped to the exact extremes, so never below the true percentile and at most 1/1,024 above it.
    package func value(atPercentile percentile: Double) -> UInt64? {
        guard _count > 0 else { return nil }
        let p = percentile.isNaN ? 100 : Swift.min(Swift.max(percentile, 0), 100)
        if p == 0 { return _min }
        if p == 100 { return _max }
        let rank = UInt64(Self.rank(ofPercentile: p, count: Int(clamping: _count)))
        var seen: UInt64 = 0
        for index in counts.indices {
            seen &+= counts[index]
            if seen >= rank { return Swift.min(Swift.max(Self.highestValue(inBucket: index), _min), _max) }
        }
        return _max
    }

    /// The 1-based rank of the sample at `percentile` among `count`: `ceil(percentile / 100 × count)`, at least 1, with
    /// a relative slack of 1e-12 so that a decimal percentile binary floating point cannot represent (99.9 × 1,000 =
    /// 999.0000000000001) does not round up.
    static func rank(ofPercentile percentile: Double, count: Int) -> Int {
        let exact = percentile / 100 * Double(count)
        return Swift.max(1, Swift.min(Int((exact - exact * 1e-12).rounded(.up)), count))
    }

    /// The figures a report shows for a timing metric, or `nil` when empty.
    package var summary: TimingSummary? {
        guard _count > 0, let p50 = value(atPercentile: 50), let p90 = value(atPercentile: 90),
            let p99 = value(atPercentile: 99), let p999 = value(atPercentile: 99.9), let mean
        else { return nil }
        return TimingSummary(
            count: Int(clamping: _count), min: Double(_min), mean: mean, p50: Double(p50), p90: Double(p90),
            p99: Double(p99), p999: Double(p999), max: Double(_max), clamped: Int(clamping: _clamped))
    }
}

/// The summary of a latency histogram as reports carry it, in nanoseconds: the count, the exact minimum, mean and
/// maximum, the percentiles within 0.1 %, and the samples beyond the histogram's range.
package struct TimingSummary: Codable, Sendable, Equatable {
    package var count: Int
    package var min: Double
    package var mean: Double
    package var p50: Double
    package var p90: Double
    package var p99: Double
    package var p999: Double
    package var max: Double
    package var clamped = 0

    /// The statistics a threshold can name, in report order.
    package enum Statistic: String, CaseIterable, Codable, Sendable { case count, min, mean, p50, p90, p99, p999, max }

    package func value(of statistic: Statistic) -> Double {
        switch statistic {
        case .count: return Double(count)
        case .min: return min
        case .mean: return mean
        case .p50: return p50
        case .p90: return p90
        case .p99: return p99
        case .p999: return p999
        case .max: return max
        }
    }
}
