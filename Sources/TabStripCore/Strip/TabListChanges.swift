/// The changes that turn a strip's tabs into a new list, matched by tab
/// identity: the tabs removed, inserted, moved and renamed, found by
/// ``TabStrip/changes(from:to:id:title:)`` and applied as one edit by
/// ``TabStrip/apply(_:)``, ``TabStripVirtualizer/apply(_:)`` and the page
/// cache and pager sync of `TabStripMotion` and `TabStripSync`.
///
/// ```swift
/// // `shown` is the list the strip shows, `fresh` the server's new one.
/// let changes = try virtualizer.strip.changes(
///     from: shown.map(\.id), to: fresh, id: \.id, title: \.name)
/// try virtualizer.apply(changes)   // selection, badges and cells kept by ID
/// shown = fresh
/// ```
///
/// Moves are the fewest that reorder the kept tabs: the tabs outside a
/// longest run of kept tabs already in order. A moved tab keeps its width
/// and badge (it is measured again only when its title changed too).
///
/// The value describes one strip as it was when it was computed; applying
/// it to a strip edited since throws ``TabStripError/staleTabListChanges``.
public struct TabListChanges: Sendable {
    /// The number of tabs before the changes.
    public let oldCount: Int
    /// The number of tabs after them.
    public var newCount: Int { titles.count }
    /// The number of tabs removed (their IDs are not in the new list).
    public let removalCount: Int
    /// The number of tabs inserted (their IDs were not in the old list).
    public let insertionCount: Int
    /// The number of kept tabs that move relative to the other kept tabs.
    public let moveCount: Int
    /// The number of kept tabs (moved or not) whose title changed.
    public var renameCount: Int { renamed.count }

    /// Every title of the new list, in its order.
    let titles: [String]
    /// For each old index, the tab's new index; -1 when it is removed.
    let newIndexOfOld: [Int]
    /// For each new index, the tab's old index; -1 when it is inserted.
    let oldIndexOfNew: [Int]
    /// The old indices of the tabs that leave their place (removed or
    /// moved), ascending.
    let departures: [Int]
    /// The new indices of the tabs that arrive (inserted or moved),
    /// ascending.
    let arrivals: [Int]
    /// The new indices of the kept tabs whose title changed, ascending.
    let renamed: [Int]
    /// The strip's edit and resize generations when the changes were
    /// computed.
    let editGeneration: Int
    let resizeGeneration: Int

    /// Whether nothing changes: the same tabs, in the same order, with the
    /// same titles.
    /// - Complexity: O(1).
    public var isEmpty: Bool { removalCount == 0 && insertionCount == 0 && moveCount == 0 && renamed.isEmpty }

    /// The number of tabs removed, inserted, moved or renamed (a moved tab
    /// that is also renamed counts twice): the `k` of the costs.
    /// - Complexity: O(1).
    public var changeCount: Int { removalCount + insertionCount + moveCount + renamed.count }

    /// Where the tab at `oldIndex` goes: its index in the new list, or
    /// `nil` when it is removed (or `oldIndex` is outside `0..<oldCount`).
    /// - Complexity: O(1).
    public func newIndex(ofOldIndex oldIndex: Int) -> Int? {
        guard oldIndex >= 0, oldIndex < oldCount else { return nil }
        let j = newIndexOfOld[oldIndex]
        return j >= 0 ? j : nil
    }

    /// Where the tab at `newIndex` came from: its index in the old list,
    /// or `nil` when it is inserted (or `newIndex` is outside
    /// `0..<newCount`).
    /// - Complexity: O(1).
    public func oldIndex(ofNewIndex newIndex: Int) -> Int? {
        guard newIndex >= 0, newIndex < newCount else { return nil }
        let i = oldIndexOfNew[newIndex]
        return i >= 0 ? i : nil
    }

    /// Where something that was on old tab `oldIndex` goes when that tab is
    /// removed: the first kept tab after it in the old order, else the
    /// last kept tab before it, else tab 0 (`nil` when the new list is
    /// empty). A kept tab maps to its new index. This is how the selection,
    /// the accessibility focus and a pager's target follow a removal.
    /// - Complexity: O(1) for a kept tab; O(d) for a removed one, d the
    ///   distance to the nearest kept tab.
    public func survivor(ofOldIndex oldIndex: Int) -> Int? {
        guard newCount > 0 else { return nil }
        let start = Swift.min(Swift.max(oldIndex, 0), oldCount)
        var i = start
        while i < oldCount {
            if newIndexOfOld[i] >= 0 { return newIndexOfOld[i] }
            i += 1
        }
        i = start - 1
        while i >= 0 {
            if newIndexOfOld[i] >= 0 { return newIndexOfOld[i] }
            i -= 1
        }
        return 0
    }
}

extension TabStrip {
    /// The changes that turn this strip's tabs, identified by `oldIDs`
    /// (one per tab, in tab order), into `newTabs`, each with the ID and
    /// title `id` and `title` give: which tabs are removed, inserted, moved
    /// and renamed. Nothing changes until the result is applied
    /// (``apply(_:)``, or ``TabStripVirtualizer/apply(_:)`` to keep the
    /// cells too).
    ///
    /// IDs are any `Hashable` values the host chooses (a channel's ID, a
    /// URL); titles may repeat, IDs may not.
    /// - Throws: ``TabStripError/countMismatch(expected:actual:)`` when
    ///   `oldIDs` does not name every tab (expected is ``tabCount``);
    ///   ``TabStripError/duplicateTabID(name:id:index:)`` naming the list
    ///   (`"oldIDs"` or `"newTabs"`), the ID and its second position;
    ///   ``TabStripError/countExceedsLimit(name:value:limit:)`` (name
    ///   `"tabCount"`) for a new list over ``TabStripLimits/maximumCount``;
    ///   ``TabStripError/titlesNotStored(operation:)`` on a strip whose
    ///   titles come from a ``TabTitleSource``.
    /// - Complexity: O(n + m) hashing and title comparisons for n old and
    ///   m new tabs, plus O(m log L) to find the moves (L the longest run of
    ///   kept tabs in order; O(m) when the kept tabs keep their order).
    public func changes<ID: Hashable, OldIDs: Collection, NewTabs: Collection>(
        from oldIDs: OldIDs,
        to newTabs: NewTabs,
        id: (NewTabs.Element) -> ID,
        title: (NewTabs.Element) -> String
    ) throws(TabStripError) -> TabListChanges where OldIDs.Element == ID {
        guard !titles.isFromSource else { throw .titlesNotStored(operation: "changes(from:to:id:title:)") }
        let n = tabCount
        let oldIDCount = oldIDs.count
        guard oldIDCount == n else { throw .countMismatch(expected: n, actual: oldIDCount) }
        let m = newTabs.count
        try TabStripError.requireCount(m, atMost: TabStripLimits.maximumCount, "tabCount")

        var oldIndexOfID = [ID: Int](minimumCapacity: n)
        for (i, key) in oldIDs.enumerated() where oldIndexOfID.updateValue(i, forKey: key) != nil {
            throw .duplicateTabID(name: "oldIDs", id: String(describing: key), index: i)
        }
        var newIndexOfOld = [Int](repeating: -1, count: n)
        var oldIndexOfNew = [Int](repeating: -1, count: m)
        var newTitles: [String] = []
        newTitles.reserveCapacity(m)
        var insertedIDs = Set<ID>()
        var j = 0
        for element in newTabs {
            let key = id(element)
            newTitles.append(title(element))
            if let i = oldIndexOfID[key] {
                if newIndexOfOld[i] >= 0 {
                    throw .duplicateTabID(name: "newTabs", id: String(describing: key), index: j)
                }
                newIndexOfOld[i] = j
                oldIndexOfNew[j] = i
            } else if !insertedIDs.insert(key).inserted {
                throw .duplicateTabID(name: "newTabs", id: String(describing: key), index: j)
            }
            j += 1
        }
        let stays = Self.longestIncreasingRun(oldIndexOfNew)

        var departures: [Int] = []
        var removalCount = 0
        for i in 0..<n {
            let target = newIndexOfOld[i]
            if target < 0 {
                departures.append(i)
                removalCount += 1
            } else if !stays[target] {
                departures.append(i)
            }
        }
        var arrivals: [Int] = []
        for j in 0..<m where !stays[j] { arrivals.append(j) }
        // Titles compared in old order, walking the chunks once.
        var renamedFlags = [Bool](repeating: false, count: m)
        var renameCount = 0
        for (i, old) in titles.enumerated() {
            let target = newIndexOfOld[i]
            if target >= 0, newTitles[target] != old {
                renamedFlags[target] = true
                renameCount += 1
            }
        }
        var renamed: [Int] = []
        renamed.reserveCapacity(renameCount)
        if renameCount > 0 { for j in 0..<m where renamedFlags[j] { renamed.append(j) } }
        let moveCount = departures.count - removalCount
        return TabListChanges(
            oldCount: n, removalCount: removalCount, insertionCount: arrivals.count - moveCount,
            moveCount: moveCount, titles: newTitles, newIndexOfOld: newIndexOfOld,
            oldIndexOfNew: oldIndexOfNew, departures: departures, arrivals: arrivals, renamed: renamed,
            editGeneration: editGeneration, resizeGeneration: resizeGeneration)
    }

    /// Which new positions hold kept tabs that stay in place: a longest
    /// strictly increasing run of the old indices of the kept tabs, in new
    /// order (`-1`, inserted tabs, are skipped and never stay).
    /// - Complexity: O(m log L) for m positions and a run of L; O(m) when
    ///   the kept tabs are in order.
    static func longestIncreasingRun(_ oldIndexOfNew: [Int]) -> [Bool] {
        let m = oldIndexOfNew.count
        var stays = [Bool](repeating: false, count: m)
        // tails[t]: the position ending the smallest-ending run of t + 1.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: m)
        for j in 0..<m {
            let value = oldIndexOfNew[j]
            guard value >= 0 else { continue }
            if let last = tails.last, oldIndexOfNew[last] > value {
                var low = 0
                var high = tails.count - 1
                while low < high {
                    let mid = (low + high) / 2
                    if oldIndexOfNew[tails[mid]] < value { low = mid + 1 } else { high = mid }
                }
                previous[j] = low > 0 ? tails[low - 1] : -1
                tails[low] = j
            } else {
                previous[j] = tails.last ?? -1
                tails.append(j)
            }
        }
        var j = tails.last ?? -1
        while j >= 0 {
            stays[j] = true
            j = previous[j]
        }
        return stays
    }
}
