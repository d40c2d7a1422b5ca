import TabStripCore

/// A ``TabSource`` over arrays: tab `i` has ID `ids[i]` (its index when the
/// IDs are not given) and title `titles[i]`, lent from the array's storage
/// when `lends` (the strip then measures runs in place and compares IDs
/// from it). A value: a snapshot, as a source must be.
package struct ListSource: TabSource {
    package let titles: [String]
    /// The IDs and the index of every ID, behind one reference: the source
    /// then fits the inline buffer of the strip's `any TabSource` (three
    /// words), as an app's source holding a reference to its model does,
    /// instead of being boxed and reached through the box on every call.
    let identity: Identity
    package let lends: Bool

    final class Identity: Sendable {
        let ids: [Int]
        let indexOfID: [Int: Int]
        init(ids: [Int]) {
            self.ids = ids
            var index: [Int: Int] = [:]
            index.reserveCapacity(ids.count)
            for (i, id) in ids.enumerated() { index[id] = i }
            indexOfID = index
        }
    }

    package init(titles: [String], ids: [Int]? = nil, lends: Bool = true) {
        self.titles = titles
        identity = Identity(ids: ids ?? Array(0..<titles.count))
        self.lends = lends
    }

    package var ids: [Int] { identity.ids }
    package var tabCount: Int { titles.count }
    package func id(ofTab index: Int) -> Int { identity.ids[index] }
    package func title(ofTab index: Int) -> String? { titles.indices.contains(index) ? titles[index] : nil }
    package func index(ofID id: Int) -> Int? { identity.indexOfID[id] }

    package func withContiguousTitles<Result, Failure: Error>(
        ofTabs tabs: Range<Int>, _ body: (UnsafeBufferPointer<String>) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        guard lends, tabs.lowerBound >= 0, tabs.upperBound <= titles.count else { return nil }
        return try titles.withUnsafeBufferPointer { (all) throws(Failure) -> Result in
            try body(UnsafeBufferPointer(rebasing: all[tabs]))
        }
    }

    package func withContiguousIDs<Result, Failure: Error>(
        ofTabs tabs: Range<Int>, _ body: (UnsafeBufferPointer<Int>) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        guard lends, tabs.lowerBound >= 0, tabs.upperBound <= identity.ids.count else { return nil }
        return try identity.ids.withUnsafeBufferPointer { (all) throws(Failure) -> Result in
            try body(UnsafeBufferPointer(rebasing: all[tabs]))
        }
    }
}

/// A ``TabSource`` of `tabCount` tabs whose titles a function makes from
/// the index (tab `i` has ID `i`): a million tabs without a million strings.
package struct GeneratedSource: TabSource {
    package let tabCount: Int
    let make: @Sendable (Int) -> String?

    package init(count: Int, title: @escaping @Sendable (Int) -> String?) {
        tabCount = count
        make = title
    }

    package func id(ofTab index: Int) -> Int { index }
    package func title(ofTab index: Int) -> String? { make(index) }
    package func index(ofID id: Int) -> Int? { id >= 0 && id < tabCount ? id : nil }
}
