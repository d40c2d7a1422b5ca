/// The summary of a latency histogram as reports carry it: all figures in
/// nanoseconds.
package struct TimingSummary: Codable, Sendable, Equatable {
    /// Number of samples.
    package var count: Int
    /// Smallest sample (exact).
    package var min: Double
    /// Arithmetic mean (exact).
    package var mean: Double
    /// Median, within 0.1 %.
    package var p50: Double
    /// 90th percentile, within 0.1 %.
    package var p90: Double
    /// 99th percentile, within 0.1 %.
    package var p99: Double
    /// 99.9th percentile, within 0.1 %.
    package var p999: Double
    /// Largest sample (exact).
    package var max: Double
    /// Samples beyond the histogram's range (counted in its top bucket).
    package var clamped: Int

    /// Creates a summary from its figures.
    package init(
        count: Int, min: Double, mean: Double, p50: Double, p90: Double,
        p99: Double, p999: Double, max: Double, clamped: Int = 0
    ) {
        self.count = count
        self.min = min
        self.mean = mean
        self.p50 = p50
        self.p90 = p90
        self.p99 = p99
        self.p999 = p999
        self.max = max
        self.clamped = clamped
    }

    /// The statistics a threshold can name, in report order.
    package enum Statistic: String, CaseIterable, Codable, Sendable {
        /// ``TimingSummary/count``, the number of samples.
        case count
        /// ``TimingSummary/min``, the smallest sample.
        case min
        /// ``TimingSummary/mean``, the arithmetic mean.
        case mean
        /// ``TimingSummary/p50``, the median.
        case p50
        /// ``TimingSummary/p90``, the 90th percentile.
        case p90
        /// ``TimingSummary/p99``, the 99th percentile.
        case p99
        /// ``TimingSummary/p999``, the 99.9th percentile.
        case p999
        /// ``TimingSummary/max``, the largest sample.
        case max
    }

    /// One statistic by name.
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
