/// A log-linear histogram of nanosecond samples in the manner of
/// HdrHistogram, with about three significant decimal digits.
///
/// Values below 2,048 ns are counted exactly. Above that, each power-of-two
/// range `[2^k, 2^(k+1))` is split into 1,024 equal sub-buckets, so a
/// bucket's width is at most 1/1,024 of its lower bound: any value reported
/// back (a percentile) is within 0.1 % of a value that was recorded.
///
/// All buckets are allocated once, by the initialiser; ``record(_:)`` never
/// allocates (on a uniquely referenced histogram), so it can run inside a
/// measured loop. Values at or above ``highestTrackableValue`` (about 18
/// minutes) are clamped into the top bucket and counted in
/// ``clampedCount``; ``min``, ``max`` and ``mean`` stay exact.
package struct LatencyHistogram: Sendable, Equatable {
    /// Sub-buckets per power-of-two range: 2^11 = 2,048 covers 3 significant
    /// decimal digits (10^3 × 2).
    static let subBucketCount: UInt64 = 2_048
    static let subBucketHalfCount: Int = 1_024
    static let subBucketHalfCountMagnitude: Int = 10
    /// Largest shift (bucket index) tracked; values need at most
    /// `maximumShift + 11` bits.
    static let maximumShift: Int = 29

    /// The number of counters, fixed: (maximumShift + 2) × 1,024.
    package static let bucketCount: Int = (maximumShift + 2) * subBucketHalfCount

    /// The smallest value that is clamped: 2^40 ns, about 18.3 minutes.
    package static let highestTrackableValue: UInt64 = 1 << UInt64(maximumShift + 11)

    var counts: [UInt64]
    var _count: UInt64 = 0
    var _min: UInt64 = .max
    var _max: UInt64 = 0
    var _sum: Double = 0
    var _clamped: UInt64 = 0

    /// Creates an empty histogram, allocating every bucket up front.
    /// - Complexity: O(``bucketCount``).
    package init() {
        counts = [UInt64](repeating: 0, count: Self.bucketCount)
    }

    /// The number of recorded samples.
    package var count: UInt64 { _count }
    /// The smallest recorded sample (exact), or `nil` when empty.
    package var min: UInt64? { _count == 0 ? nil : _min }
    /// The largest recorded sample (exact, even when clamped), or `nil`
    /// when empty.
    package var max: UInt64? { _count == 0 ? nil : _max }
    /// The arithmetic mean of the recorded samples (exact up to `Double`
    /// rounding), or `nil` when empty.
    package var mean: Double? { _count == 0 ? nil : _sum / Double(_count) }
    /// How many samples were at or above ``highestTrackableValue`` and were
    /// counted in the top bucket.
    package var clampedCount: UInt64 { _clamped }
    /// Whether nothing has been recorded.
    package var isEmpty: Bool { _count == 0 }

    /// The bucket that counts `value` (already clamped).
    @inline(__always)
    static func bucketIndex(of value: UInt64) -> Int {
        if value < subBucketCount { return Int(truncatingIfNeeded: value) }
        let magnitude = 63 - value.leadingZeroBitCount // >= 11
        let shift = magnitude - subBucketHalfCountMagnitude // >= 1
        let subBucket = Int(truncatingIfNeeded: value >> UInt64(shift)) // 1024..<2048
        return shift * subBucketHalfCount + subBucket
    }

    /// The smallest value that lands in bucket `index`.
    static func lowestValue(inBucket index: Int) -> UInt64 {
        if index < Int(subBucketCount) { return UInt64(index) }
        let shift = index / subBucketHalfCount - 1
        let subBucket = index - shift * subBucketHalfCount
        return UInt64(subBucket) << UInt64(shift)
    }

    /// The largest value that lands in bucket `index`.
    static func highestValue(inBucket index: Int) -> UInt64 {
        if index < Int(subBucketCount) { return UInt64(index) }
        let shift = index / subBucketHalfCount - 1
        return lowestValue(inBucket: index) + (UInt64(1) << UInt64(shift)) - 1
    }

    /// Records one sample, in nanoseconds.
    /// - Complexity: O(1); allocates nothing when the histogram's storage is
    ///   uniquely referenced.
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

    /// Adds every sample of `other` to this histogram.
    /// - Complexity: O(``bucketCount``).
    package mutating func merge(_ other: LatencyHistogram) {
        guard other._count > 0 else { return }
        counts.withUnsafeMutableBufferPointer { mine in
            other.counts.withUnsafeBufferPointer { theirs in
                for index in mine.indices { mine[index] &+= theirs[index] }
            }
        }
        _count &+= other._count
        _sum += other._sum
        _clamped &+= other._clamped
        _min = Swift.min(_min, other._min)
        _max = Swift.max(_max, other._max)
    }

    /// Forgets every sample, keeping the storage.
    /// - Complexity: O(``bucketCount``).
    package mutating func reset() {
        counts.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices { buffer[index] = 0 }
        }
        _count = 0
        _sum = 0
        _clamped = 0
        _min = .max
        _max = 0
    }
}
