/// Tabs whose titles a strip needs measured, taken from the strip so that
/// they can be measured on another thread (see
/// ``TabStrip/tabsToMeasure(limit:)``).
///
/// The batch holds the titles and the strip's ``TitleMeasurer``, and
/// nothing of the strip itself: it is `Sendable`, and ``measure()`` runs
/// anywhere. The result goes back to the strip's owner, which applies it
/// with ``TabStrip/applyMeasurements(_:)``.
///
/// ```swift
/// let batch = try strip.tabsToMeasure(limit: 4_096)   // on the owner
/// let measurements = await Task.detached {            // anywhere
///     batch.measure()
/// }.value
/// try strip.applyMeasurements(measurements)           // on the owner
/// ```
public struct TabsToMeasure: Sendable {
    /// The tabs to measure, in the order the strip would measure them.
    public let tabs: [Int]
    /// The title of each tab of ``tabs``, at the same position.
    public let titles: [String]
    /// The measurer of the strip's sizing.
    let measurer: any TitleMeasurer
    /// The measuring session of the strip's unmeasured tabs.
    let session: UInt64

    init(tabs: [Int], titles: [String], measurer: any TitleMeasurer, session: UInt64) {
        self.tabs = tabs
        self.titles = titles
        self.measurer = measurer
        self.session = session
    }

    /// Whether there is nothing to measure (every tab of the strip was
    /// measured, or its sizing measures no title).
    /// - Complexity: O(1).
    public var isEmpty: Bool { tabs.isEmpty }

    /// Measures every title with the strip's measurer, on the calling
    /// thread, in one call of ``TitleMeasurer/measureWidths(of:into:)``.
    ///
    /// The widths are not checked here: the strip checks each when the
    /// measurements are applied, as it checks its own.
    /// - Complexity: `tabs.count` measurements.
    public func measure() -> TabMeasurements {
        // NaN until written: a measurer that skips a title leaves a width
        // the strip refuses when the batch is applied.
        var widths = [Double](repeating: .nan, count: titles.count)
        titles.withUnsafeBufferPointer { titles in
            widths.withUnsafeMutableBufferPointer { measurer.measureWidths(of: titles, into: $0) }
        }
        return TabMeasurements(tabs: tabs, titles: titles, titleWidths: widths, session: session)
    }
}

/// The measured title widths of a ``TabsToMeasure`` batch, to apply to the
/// strip it came from with ``TabStrip/applyMeasurements(_:)``.
public struct TabMeasurements: Sendable {
    /// The measured tabs.
    public let tabs: [Int]
    /// The titles that were measured, at the positions of ``tabs``: a tab
    /// whose title changed since is not applied.
    let titles: [String]
    /// The drawn width of each title, without padding or badge, at the
    /// positions of ``tabs``.
    public let titleWidths: [Double]
    /// The measuring session of the strip the batch came from.
    let session: UInt64
}
