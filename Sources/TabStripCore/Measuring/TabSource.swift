/// Gives a strip its tabs when it needs them: the ID and the title of a
/// tab, to measure it as it comes into view, to fill its cell, or to match
/// it against a new list.
///
/// A strip built with ``TabStrip/init(source:sizing:estimate:layout:viewport:selectedIndex:titleStyle:indicatorStyle:revealMargin:)``
/// keeps neither titles nor IDs: it asks its source only for the tabs it
/// measures or shows (as `UICollectionView` asks its data source only for
/// the items on screen), so ten million tabs cost no ten million strings.
/// The engine never asks for an index outside `0..<tabCount`.
///
/// ```swift
/// struct Channels: TabSource {
///     let channels: [Channel]                 // or a database snapshot
///     let indexOfID: [Channel.ID: Int]
///     var tabCount: Int { channels.count }
///     func id(ofTab index: Int) -> Channel.ID { channels[index].id }
///     func title(ofTab index: Int) -> String? { channels[index].name }
///     func index(ofID id: Channel.ID) -> Int? { indexOfID[id] }
/// }
/// ```
///
/// A source is a snapshot: a value that answers the same for as long as a
/// strip holds it. A new list from the server is a new source, applied by
/// ID (``TabStrip/changes(toSource:)``, or the front door's
/// `apply(source:at:)`): the strip compares the IDs of the two and keeps
/// what belongs to the tabs that stay. Tabs inserted, renamed or moved
/// through the strip's own edits are kept by the strip, beside the source.
/// IDs are unique within a source; a source is `Sendable` because the
/// strip is a value that may cross threads (the comparison with a new
/// source may run off the main thread).
public protocol TabSource<ID>: Sendable {
    /// The tabs' identity, chosen by the host (a channel's ID, a URL).
    associatedtype ID: Hashable & Sendable

    /// The number of tabs, in `0...`\ ``TabStripLimits/maximumCount``.
    var tabCount: Int { get }

    /// The ID of tab `index`, in `0..<tabCount`.
    func id(ofTab index: Int) -> ID

    /// The title of tab `index`, in `0..<tabCount`; `nil` when the source
    /// cannot give it, which the strip reports as
    /// ``TabStripError/titleUnavailable(index:)`` from the call that needed
    /// the title (a tab it measures ahead, before a call shows it, keeps
    /// its estimate).
    func title(ofTab index: Int) -> String?

    /// The index of the tab with ID `id`, or `nil` when no tab has it.
    func index(ofID id: ID) -> Int?

    /// Calls `body` with the titles of the tabs of `tabs`, in order, when
    /// the source stores them side by side in memory, and returns its
    /// result; returns `nil` without calling `body` otherwise.
    ///
    /// The strip measures a run of tabs coming into view straight from
    /// this storage, without copying a title. The default returns `nil`
    /// (the strip then asks ``title(ofTab:)`` for each tab).
    ///
    /// The strip checks the loan in O(1): a buffer of another length than
    /// `tabs.count`, or a result returned without calling `body`, is
    /// refused with ``TabStripError/wrongTitleCount(tabs:lent:)`` and
    /// nothing is measured.
    ///
    /// - Parameters:
    ///   - tabs: A run of tabs within `0..<tabCount`.
    ///   - body: Reads the titles; the buffer is valid only during the call.
    /// - Complexity: O(1) plus `body`.
    func withContiguousTitles<Result, Failure: Error>(
        ofTabs tabs: Range<Int>, _ body: (UnsafeBufferPointer<String>) throws(Failure) -> Result
    ) throws(Failure) -> Result?

    /// Calls `body` with the IDs of the tabs of `tabs`, in order, when the
    /// source stores them side by side in memory, and returns its result;
    /// returns `nil` without calling `body` otherwise (the default: the
    /// strip then asks ``id(ofTab:)`` for each tab). A new source is
    /// compared with the old one from this storage, a few instructions per
    /// unchanged tab. A loan of another length is refused as a title loan
    /// is.
    /// - Complexity: O(1) plus `body`.
    func withContiguousIDs<Result, Failure: Error>(
        ofTabs tabs: Range<Int>, _ body: (UnsafeBufferPointer<ID>) throws(Failure) -> Result
    ) throws(Failure) -> Result?
}

extension TabSource {
    /// Returns `nil`: the source's titles are read one at a time with
    /// ``title(ofTab:)``.
    /// - Complexity: O(1).
    public func withContiguousTitles<Result, Failure: Error>(
        ofTabs tabs: Range<Int>, _ body: (UnsafeBufferPointer<String>) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        nil
    }

    /// Returns `nil`: the source's IDs are read one at a time with
    /// ``id(ofTab:)``.
    /// - Complexity: O(1).
    public func withContiguousIDs<Result, Failure: Error>(
        ofTabs tabs: Range<Int>, _ body: (UnsafeBufferPointer<ID>) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        nil
    }
}

/// The width a tab is given until it is measured.
///
/// A strip whose titles come from a ``TabSource`` measures a tab with
/// its ``TabSizing`` only when the tab comes into view (or is selected, or
/// measured in the background); until then the tab has its estimate. A
/// constant estimate builds a strip of any size without reading a title;
/// a per-title estimate (a cheap measurer such as ``ColumnTitleMeasurer``)
/// reads every title once but lands closer to the truth.
public enum TabWidthEstimate: Sendable {
    /// Every unmeasured tab is `width` wide (the whole tab, padding and
    /// badge included); finite, `> 0` (a tab estimated at 0 would never
    /// come into view to be measured) and at most
    /// ``TabStripLimits/maximumLength``.
    case width(Double)
    /// Each unmeasured tab is sized by the strip's rule (padding, badge,
    /// bounds) with `measurer` in place of the sizing's own measurer.
    case measured(by: any TitleMeasurer)

    /// Throws unless a constant estimate is a valid width.
    func validate() throws(TabStripError) {
        if case .width(let width) = self {
            guard width > 0, width <= TabStripLimits.maximumLength else {
                throw .invalidValue(name: "estimate", value: width)
            }
        }
    }
}
