/// Gives the strip the title of a tab when it needs one: to measure the tab
/// as it comes into view, or to fill its cell.
///
/// A strip built with ``TabStrip/init(tabCount:titleSource:sizing:estimate:layout:viewport:selectedIndex:titleStyle:indicatorStyle:revealMargin:)``
/// keeps no titles: it asks its source only for the tabs it measures or
/// shows (as `UICollectionView` asks its data source only for the items on
/// screen), so a million tabs cost no million strings. The engine never
/// asks for an index outside `0..<tabCount`.
///
/// ```swift
/// struct Channels: TabTitleSource {
///     let names: [String]                     // or a database, a model
///     func title(ofTab index: Int) -> String? { names[index] }
/// }
/// ```
///
/// An array of strings is a source as it is. A source is `Sendable` because
/// the strip is a value that may cross threads; a source that changes (the
/// host edited its model) tells the strip through the count-based edits
/// (``TabStrip/insertTabs(count:at:)``, ``TabStrip/reloadTitles(in:)``).
public protocol TabTitleSource: Sendable {
    /// The title of tab `index`, in `0..<tabCount`; `nil` when the source
    /// cannot give it, which the strip reports as
    /// ``TabStripError/titleUnavailable(index:)`` from the call that needed
    /// the title.
    func title(ofTab index: Int) -> String?

    /// Calls `body` with the titles of the tabs of `tabs`, in order, when
    /// the source stores them side by side in memory, and returns its
    /// result; returns `nil` without calling `body` otherwise.
    ///
    /// The strip measures a run of tabs coming into view straight from
    /// this storage, without copying a title. The default returns `nil`
    /// (the strip then asks ``title(ofTab:)`` for each tab); an array of
    /// strings gives its elements. A source that can lend its titles (a
    /// `ContiguousArray` or a buffer in its model) implements it:
    ///
    /// ```swift
    /// func withContiguousTitles<R, E>(
    ///     ofTabs tabs: Range<Int>, _ body: (UnsafeBufferPointer<String>) throws(E) -> R
    /// ) throws(E) -> R? {
    ///     guard tabs.upperBound <= names.count else { return nil }
    ///     return try names.withUnsafeBufferPointer { (names) throws(E) -> R in
    ///         try body(UnsafeBufferPointer(rebasing: names[tabs]))
    ///     }
    /// }
    /// ```
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
}

extension TabTitleSource {
    /// Returns `nil`: the source's titles are read one at a time with
    /// ``title(ofTab:)``.
    /// - Complexity: O(1).
    public func withContiguousTitles<Result, Failure: Error>(
        ofTabs tabs: Range<Int>, _ body: (UnsafeBufferPointer<String>) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        nil
    }
}

extension Array: TabTitleSource where Element == String {
    /// The element at `index`, or `nil` outside the array.
    /// - Complexity: O(1).
    public func title(ofTab index: Int) -> String? {
        // One check of the index (the buffer's subscript checks none).
        guard index >= 0, index < count else { return nil }
        return withUnsafeBufferPointer { $0[index] }
    }

    /// Calls `body` with the elements of `tabs`; `nil` when `tabs` is not
    /// within the array.
    /// - Complexity: O(1) plus `body`.
    public func withContiguousTitles<Result, Failure: Error>(
        ofTabs tabs: Range<Int>, _ body: (UnsafeBufferPointer<String>) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        guard tabs.lowerBound >= 0, tabs.upperBound <= count else { return nil }
        return try withUnsafeBufferPointer { (titles) throws(Failure) -> Result in
            try body(UnsafeBufferPointer(rebasing: titles[tabs]))
        }
    }
}

/// The width a tab is given until it is measured.
///
/// A strip whose titles come from a ``TabTitleSource`` measures a tab with
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
