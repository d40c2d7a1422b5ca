import TabStripCore

/// A ``TabSource`` over arrays: tab `i` has ID `ids[i]` (its index when the
/// IDs are not given) and title `titles[i]`, lent from the array's storage
/// when `lends` (the strip then measures runs in place and compares IDs
/// from it). A value: a snapshot, as a source must be.
package struct ListSource: TabSource {
    package let titles: [String]
    package let ids: [Int]
    package let lends: Bool
    /// The index of every ID.
    let indexOfID: [Int: Int]

    package init(titles: [String], ids: [Int]? = nil, lends: Bool = true) {
        self.titles = titles
        self.ids = ids ?? Array(0..<titles.count)
        self.lends = lends
        var index: [Int: Int] = [:]
        index.reserveCapacity(titles.count)
        for (i, id) in self.ids.enumerated() { index[id] = i }
        indexOfID = index
    }

    package var tabCount: Int { titles.count }
    package func id(ofTab index: Int) -> Int { ids[index] }
    package func title(ofTab index: Int) -> String? { titles.indices.contains(index) ? titles[index] : nil }
    package func index(ofID id: Int) -> Int? { indexOfID[id] }

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
        guard lends, tabs.lowerBound >= 0, tabs.upperBound <= ids.count else { return nil }
        return try ids.withUnsafeBufferPointer { (all) throws(Failure) -> Result in
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
