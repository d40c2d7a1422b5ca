/// The changes that turn a strip's tabs into a new list, matched by tab
/// identity: the tabs removed, inserted, moved and renamed, found by
/// ``TabStrip/changes(to:id:title:)`` (a new list of tabs) or
/// ``TabStrip/changes(toSource:)`` (a new ``TabSource``) on a strip that
/// keeps its tabs' IDs, and applied as one edit by ``TabStrip/apply(_:)``
/// (or the front door's `apply`).
///
/// ```swift
/// // `fresh` is the server's new list; the strip knows the old IDs.
/// let changes = try strip.changes(to: fresh, id: { $0.id }, title: { $0.name })
/// try strip.apply(changes)   // selection, badges and measured widths kept by ID
/// ```
///
/// Moves are the fewest that reorder the kept tabs: the tabs outside a
/// longest chain of kept tabs already in order. A moved tab keeps its
/// width and badge (it is measured again only when its title changed
/// too). See <doc:ChannelLists>.
///
/// The value describes one state of one strip: computing it reads the
/// strip and the new list only, so it may run on any thread (the strip is
/// a `Sendable` value); applying it to any other state (another strip, the
/// same strip after another edit, or after these changes were applied
/// once) throws ``TabStripError/staleTabListChanges``.
public struct TabListChanges: Sendable {
    /// The number of tabs before the changes.
    public let oldCount: Int
    /// The number of tabs after them.
    public let newCount: Int
    /// The number of tabs removed (their IDs are not in the new list).
    public let removalCount: Int
    /// The number of tabs inserted (their IDs were not in the old list).
    public let insertionCount: Int
    /// The number of kept tabs that move relative to the other kept tabs.
    public let moveCount: Int
    /// The number of kept tabs (moved or not) whose title changed. From a
    /// new source (``TabStrip/changes(toSource:)``) on a strip with a
    /// constant estimate, only the measured tabs are compared (a tab still
    /// at its estimate reads its title from the new source when it is
    /// shown, and its width does not depend on it), so a renamed tab
    /// never measured is not counted.
    public var renameCount: Int { renamed.count }

    /// The kept tabs, as maximal runs adjacent in both lists, in new order.
    @usableFromInline let runs: [KeptRun]
    /// The positions in ``runs`` in old order.
    @usableFromInline let runsByOld: [Int]
    /// The new indices of the kept tabs whose title changed, ascending.
    let renamed: [Int]
    /// The old index ranges of the tabs that leave their place (removed,
    /// or in a run that moves), ascending and apart: found with the
    /// changes (off the owner's thread when they are).
    let departures: [Range<Int>]
    /// The new index ranges of the tabs that arrive (inserted, or in a run
    /// that moves), ascending and apart.
    let arrivals: [Range<Int>]
    /// The strip's edit and resize generations when the changes were
    /// computed: they name that state of that strip.
    let editGeneration: Int
    let resizeGeneration: Int
    /// The new list: its titles, or its source, and the IDs.
    let list: NewList

    /// What the new list is made of.
    @usableFromInline
    enum NewList: Sendable {
        /// Every title of the new list, in its order, and its IDs.
        case stored(titles: [String], ids: TabIDUpdate)
        /// The new source (its titles read from it), and its IDs.
        case source(titles: TabTitles, ids: TabIDUpdate)
    }

    /// Whether nothing changes: the same tabs, in the same order, with the
    /// same titles.
    /// - Complexity: O(1).
    public var isEmpty: Bool { removalCount == 0 && insertionCount == 0 && moveCount == 0 && renamed.isEmpty }

    /// The number of tabs removed, inserted, moved or renamed (a moved tab
    /// that is also renamed counts twice): the `k` of the costs.
    /// - Complexity: O(1).
    public var changeCount: Int { removalCount + insertionCount + moveCount + renamed.count }

    /// The run of kept tabs holding old index `oldIndex`, if any.
    /// - Complexity: O(log r) for r runs.
    func run(holdingOld oldIndex: Int) -> KeptRun? {
        var low = 0
        var high = runsByOld.count
        while low < high {
            let mid = (low + high) / 2
            if runs[runsByOld[mid]].old <= oldIndex { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        let run = runs[runsByOld[low - 1]]
        return oldIndex < run.old + run.count ? run : nil
    }

    /// Where the tab at `oldIndex` goes: its index in the new list, or
    /// `nil` when it is removed (or `oldIndex` is outside `0..<oldCount`).
    /// - Complexity: O(log r) for r runs of kept tabs adjacent in both
    ///   lists (r ≤ k + 1 for k changes).
    public func newIndex(ofOldIndex oldIndex: Int) -> Int? {
        guard oldIndex >= 0, oldIndex < oldCount, let run = run(holdingOld: oldIndex) else { return nil }
        return run.new + (oldIndex - run.old)
    }

    /// Where the tab at `newIndex` came from: its index in the old list,
    /// or `nil` when it is inserted (or `newIndex` is outside
    /// `0..<newCount`).
    /// - Complexity: O(log r).
    public func oldIndex(ofNewIndex newIndex: Int) -> Int? {
        guard newIndex >= 0, newIndex < newCount else { return nil }
        var low = 0
        var high = runs.count
        while low < high {
            let mid = (low + high) / 2
            if runs[mid].new <= newIndex { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        let run = runs[low - 1]
        return newIndex < run.new + run.count ? run.old + (newIndex - run.new) : nil
    }

    /// Where something that was on old tab `oldIndex` goes when that tab is
    /// removed: the first kept tab after it in the old order, else the
    /// last kept tab before it, else tab 0 (`nil` when the new list is
    /// empty). A kept tab maps to its new index. This is how the selection,
    /// the accessibility focus and a pager's target follow a removal.
    /// - Complexity: O(log r).
    public func survivor(ofOldIndex oldIndex: Int) -> Int? {
        guard newCount > 0 else { return nil }
        if let kept = newIndex(ofOldIndex: oldIndex) { return kept }
        var low = 0
        var high = runsByOld.count
        while low < high {
            let mid = (low + high) / 2
            if runs[runsByOld[mid]].old <= oldIndex { low = mid + 1 } else { high = mid }
        }
        if low < runsByOld.count { return runs[runsByOld[low]].new }
        if low > 0 {
            let run = runs[runsByOld[low - 1]]
            return run.new + run.count - 1
        }
        return 0
    }

    /// The ranges of `0..<total` outside the staying runs, with `runs` in
    /// the order of their old indices (`byOld`) or new ones, merged where
    /// they touch.
    /// - Complexity: O(r).
    static func ranges(
        outsideStaying runs: some Sequence<KeptRun>, byOld: Bool, total: Int
    ) -> [Range<Int>] {
        var result: [Range<Int>] = []
        func add(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            if let last = result.last, last.upperBound == range.lowerBound {
                result[result.count - 1] = last.lowerBound..<range.upperBound
            } else {
                result.append(range)
            }
        }
        var next = 0
        for run in runs {
            let start = byOld ? run.old : run.new
            add(next..<start)
            if !run.stays { add(start..<(start + run.count)) }
            next = start + run.count
        }
        add(next..<total)
        return result
    }
}

/// A run of kept tabs adjacent in both lists: old indices
/// `old..<old + count` become new indices `new..<new + count`; `stays`
/// when the run keeps its order relative to the other staying runs (else
/// it moves).
@usableFromInline
struct KeptRun: Sendable {
    @usableFromInline var old: Int
    @usableFromInline var new: Int
    @usableFromInline var count: Int
    @usableFromInline var stays: Bool

    @inlinable init(old: Int, new: Int, count: Int) {
        self.old = old
        self.new = new
        self.count = count
        self.stays = true
    }
}

extension TabStrip {
    /// The changes that turn this strip's tabs into `newTabs`, each with
    /// the ID and title `id` and `title` give: which tabs are removed,
    /// inserted, moved and renamed, matched by ID against the IDs the strip
    /// keeps. Nothing changes until the result is applied (``apply(_:)``,
    /// or the front door's `apply`).
    ///
    /// It reads the strip and the new list only: it may run on another
    /// thread, on a copy of the strip (a value), while the strip's owner
    /// goes on; the result then applies to the strip if it is in the same
    /// state, and is refused otherwise.
    ///
    /// The tabs are matched walking both lists side by side, so a tab
    /// that keeps its place relative to its neighbours costs a comparison
    /// of IDs; only the tabs around a change are hashed.
    /// - Throws: ``TabStripError/tabIDsUnavailable(operation:asked:kept:)`` on a strip
    ///   without IDs of type `ID`;
    ///   ``TabStripError/duplicateTabID(name:id:index:)`` (name `"tabs"`)
    ///   naming an ID that repeats in the new list and where;
    ///   ``TabStripError/countExceedsLimit(name:value:limit:)`` (name
    ///   `"tabCount"`) for a new list over ``TabStripLimits/maximumCount``.
    /// - Complexity: O(n + m) comparisons and O(k) hashing for k changes,
    ///   plus O(r log r) to find the moves, for r runs of kept tabs
    ///   adjacent in both lists (r ≤ k + 1), plus O(n + m) title
    ///   comparisons.
    @inlinable
    public func changes<ID: Hashable & Sendable, NewTabs: Collection>(
        to newTabs: NewTabs,
        id: (NewTabs.Element) -> ID,
        title: (NewTabs.Element) -> String
    ) throws(TabStripError) -> TabListChanges {
        let column = try idColumn(ID.self, "changes(to:id:title:)")
        let m = newTabs.count
        try TabStripError.requireCount(m, atMost: TabStripLimits.maximumCount, "tabCount")
        let (newIDs, newTitles) = Self.idsAndTitles(of: newTabs, count: m, id: id, title: title)
        let matched = try Self.match(newIDs: newIDs, column: column)
        let renamed = renamedTabs(runs: matched.runs, newTitles: newTitles)
        let update = TabIDUpdate { [newIDs] ids, departures, arrivals, rebuilding in
            if rebuilding {
                ids = TabIDColumn(storing: newIDs)
                return
            }
            guard var column = ids as? TabIDColumn<ID> else { return }
            ids = nil
            column.edit(removing: departures, inserting: arrivals, from: newIDs)
            ids = column
        }
        return listChanges(
            runs: matched.runs, oldCount: tabCount, newCount: m, renamed: renamed,
            list: .stored(titles: newTitles, ids: update))
    }

    /// The ID and the title of every tab of `newTabs` (`count` of them), in
    /// order: written straight into their arrays' storage, each element
    /// read in place from a contiguous collection (no copy of it, no
    /// growth check per tab).
    /// - Complexity: O(n) calls of `id` and `title`.
    @inlinable @inline(__always)
    static func idsAndTitles<ID, NewTabs: Collection>(
        of newTabs: NewTabs, count m: Int, id: (NewTabs.Element) -> ID, title: (NewTabs.Element) -> String
    ) -> (ids: [ID], titles: [String]) {
        let read: ([ID], [String])? = newTabs.withContiguousStorageIfAvailable { elements in
            let count = elements.count
            let ids = [ID](unsafeUninitializedCapacity: count) { buffer, initialized in
                for k in 0..<count { (buffer.baseAddress! + k).initialize(to: id(elements[k])) }
                initialized = count
            }
            let titles = [String](unsafeUninitializedCapacity: count) { buffer, initialized in
                for k in 0..<count { (buffer.baseAddress! + k).initialize(to: title(elements[k])) }
                initialized = count
            }
            return (ids, titles)
        }
        if let read { return read }
        var ids: [ID] = []
        ids.reserveCapacity(m)
        var titles: [String] = []
        titles.reserveCapacity(m)
        for element in newTabs {
            ids.append(id(element))
            titles.append(title(element))
        }
        return (ids, titles)
    }

    /// The changes that turn this strip's tabs into those of `newSource`,
    /// matched by ID against the IDs the strip keeps (from its source and
    /// its own edits), as ``changes(to:id:title:)`` finds them for a list.
    /// Applied (``apply(_:)``), the strip reads its tabs from `newSource`
    /// from then on.
    ///
    /// Kept tabs keep their widths, measured or estimated; a kept tab is
    /// compared by title only when it was measured (or when its estimate
    /// depends on its title): one whose title changed gets its estimate
    /// again and is measured when it is shown. Inserted tabs get their
    /// estimates. So no unchanged tab is measured again.
    ///
    /// The IDs are read from `newSource`'s storage when it lends it
    /// (``TabSource/withContiguousIDs(ofTabs:_:)``), a few instructions per
    /// unchanged tab. It reads the strip and the source only, and may run
    /// on another thread.
    /// - Throws: as ``changes(to:id:title:)`` (name `"source"` for an ID
    ///   that repeats); ``TabStripError/invalidValue(name:value:)`` (name
    ///   `"tabCount"`) for a negative count;
    ///   ``TabStripError/wrongTitleCount(tabs:lent:)`` for a loan of IDs of
    ///   the wrong length.
    /// - Complexity: O(n + m) comparisons and O(k) hashing for k changes,
    ///   plus O(r log r), plus a title comparison per measured kept tab.
    @inlinable
    public func changes<Source: TabSource>(toSource newSource: Source) throws(TabStripError) -> TabListChanges {
        let column = try idColumn(Source.ID.self, "changes(toSource:)")
        let m = newSource.tabCount
        guard m >= 0 else { throw .invalidValue(name: "tabCount", value: Double(m)) }
        try TabStripError.requireCount(m, atMost: TabStripLimits.maximumCount, "tabCount")
        let newIDs = try Self.ids(of: newSource)
        let matched = try Self.match(newIDs: newIDs, column: column, name: "source")
        let perTitleEstimate: Bool
        if case .measured = estimate { perTitleEstimate = true } else { perTitleEstimate = false }
        let renamed = renamedTabs(runs: matched.runs, everyTab: perTitleEstimate) { j in
            newSource.title(ofTab: j)
        }
        // The arrivals' IDs, to check that the source answers the same
        // when the changes are applied.
        let update = TabIDUpdate { ids, _, _, _ in
            ids = TabIDColumn(source: newSource)
        } check: { arrivals throws(TabStripError) in
            guard newSource.tabCount == m else { throw .sourceChanged(index: m) }
            for range in arrivals {
                for j in range where newSource.id(ofTab: j) != newIDs[j] { throw .sourceChanged(index: j) }
            }
        }
        return listChanges(
            runs: matched.runs, oldCount: tabCount, newCount: m, renamed: renamed,
            list: .source(titles: TabTitles(source: newSource), ids: update))
    }

    /// Every ID of `source`, in order, from its storage when it lends it.
    /// - Throws: ``TabStripError/wrongTitleCount(tabs:lent:)`` for a loan
    ///   of the wrong length.
    @inlinable
    static func ids<Source: TabSource>(of source: Source) throws(TabStripError) -> [Source.ID] {
        let m = source.tabCount
        var lent: Int?
        var ids: [Source.ID] = []
        let answered: Void? = source.withContiguousIDs(ofTabs: 0..<m) { buffer in
            lent = buffer.count
            if buffer.count == m { ids = Array(buffer) }
        }
        if answered != nil {
            guard lent == m else { throw .wrongTitleCount(tabs: 0..<m, lent: lent) }
            return ids
        }
        ids.reserveCapacity(m)
        for j in 0..<m { ids.append(source.id(ofTab: j)) }
        return ids
    }

    /// The kept runs matching `newIDs` against the strip's IDs (as
    /// `column` holds them, read in place), with every ID checked: one that repeats in
    /// the new list, or is inserted while a kept tab has it, throws.
    @inlinable
    static func match<ID: Hashable & Sendable>(
        newIDs: [ID], column: TabIDColumn<ID>, name: String = "tabs"
    ) throws(TabStripError) -> (runs: [KeptRun], inserted: Int) {
        var waitingOld = [ID: Int](minimumCapacity: Swift.min(column.count, 64))
        var waitingNew = [ID: Int](minimumCapacity: Swift.min(newIDs.count, 64))
        let (runs, repeated) = newIDs.withUnsafeBufferPointer { new in
            Self.matchRuns(column: column, new: new, waitingOld: &waitingOld, waitingNew: &waitingNew)
                ?? Self.matchRunsHashing(column: column, new: new, waitingNew: &waitingNew)
        }
        if let repeated {
            throw .duplicateTabID(name: name, id: String(describing: newIDs[repeated]), index: repeated)
        }
        // A new ID still waiting is inserted, unless an old tab has it:
        // that tab matched another place of the same ID.
        for (key, j) in waitingNew where column.contains(key) {
            throw .duplicateTabID(name: name, id: String(describing: key), index: j)
        }
        return (runs, waitingNew.count)
    }

    /// The new indices of the kept tabs of `runs` whose title differs from
    /// `newTitles`' (every kept tab compared), ascending: the stored titles
    /// read in place, run by run.
    /// - Complexity: O(k + r log p) for k kept tabs in r runs.
    @usableFromInline
    func renamedTabs(runs: [KeptRun], newTitles: [String]) -> [Int] {
        var renamed: [Int] = []
        newTitles.withUnsafeBufferPointer { new in
            for run in runs {
                // The new index of the run's first tab, less its old one.
                let shift = run.new - run.old
                titles.rope.forEachRun(in: run.old..<(run.old + run.count)) { old, first in
                    // The new titles of this stretch, side by side with
                    // the old (within both buffers: no overflow to check).
                    let (o, w) = (old.baseAddress!, new.baseAddress! + (first + shift))
                    var k = 0
                    while k < old.count {
                        if o[k] != w[k] { renamed.append(first &+ shift &+ k) }
                        k &+= 1
                    }
                } source: { sources, first in
                    for (k, s) in sources.enumerated() where titles.sourceTitle(at: s) != new[first + k + shift] {
                        renamed.append(first + k + shift)
                    }
                }
            }
        }
        renamed.sort()
        return renamed
    }

    /// The new indices of the kept tabs of `runs` whose title differs from
    /// `newTitle`: every kept tab when `everyTab`, else the measured ones
    /// only (an estimated tab's width does not depend on its title).
    @usableFromInline
    func renamedTabs(runs: [KeptRun], everyTab: Bool, newTitle: (Int) -> String?) -> [Int] {
        var renamed: [Int] = []
        for run in runs {
            var j = run.new
            titles.rope.forEach(in: run.old..<(run.old + run.count)) { slot in
                defer { j += 1 }
                let i = run.old + (j - run.new)
                guard everyTab || unmeasured.count == 0 || !unmeasured.contains(i) else { return }
                let old: String?
                switch slot {
                case .stored(let title): old = title
                case .source(let s): old = titles.sourceTitle(at: s)
                }
                if newTitle(j) != old { renamed.append(j) }
            }
        }
        renamed.sort()
        return renamed
    }

    /// Matches `new` against the old IDs side by side (see
    /// ``TabStrip/changes(to:id:title:)``), reading the old IDs in place,
    /// a run of `column` at a time: the matched pairs as runs adjacent in
    /// both lists, in the order found, and the position in `new` of an ID
    /// seen twice there, if any (the walk stops at it). The unmatched tabs
    /// are left in the two tables; `nil` when too many wait (most tabs
    /// changed), the tables then empty.
    /// - Complexity: O(n + m) comparisons, plus O(1) hashing per tab
    ///   around a change.
    @inlinable
    static func matchRuns<ID: Hashable & Sendable>(
        column: TabIDColumn<ID>, new: UnsafeBufferPointer<ID>,
        waitingOld: inout [ID: Int], waitingNew: inout [ID: Int]
    ) -> (runs: [KeptRun], repeated: Int?)? {
        var walk = SideBySideMatch(oldCount: column.count, waitingOld: waitingOld, waitingNew: waitingNew)
        (waitingOld, waitingNew) = ([:], [:])
        var scratch: [ID] = []
        column.forEachRun(in: 0..<column.count, scratch: &scratch) { old in walk.walk(old, new: new) }
        // The new tabs after the last old one.
        if walk.isWalking { _ = walk.walk(UnsafeBufferPointer(start: nil, count: 0), new: new) }
        (waitingOld, waitingNew) = (walk.waitingOld, walk.waitingNew)
        if walk.overflowed {
            waitingOld.removeAll()
            waitingNew.removeAll()
            return nil
        }
        return walk.result
    }

    /// ``matchRuns(column:new:waitingOld:waitingNew:)`` for lists that
    /// differ in most tabs: every old ID hashed into a table, every new
    /// one looked up once. The inserted tabs are left in `waitingNew`.
    /// - Complexity: O(n + m) hashing.
    @inlinable
    static func matchRunsHashing<ID: Hashable & Sendable>(
        column: TabIDColumn<ID>, new: UnsafeBufferPointer<ID>, waitingNew: inout [ID: Int]
    ) -> (runs: [KeptRun], repeated: Int?) {
        var oldIndex = [ID: Int](minimumCapacity: column.count)
        var i = 0
        var scratch: [ID] = []
        column.forEachRun(in: 0..<column.count, scratch: &scratch) { old in
            for key in old {
                oldIndex[key] = i
                i += 1
            }
            return true
        }
        var matched = [Bool](repeating: false, count: column.count)
        var runs: [KeptRun] = []
        for j in 0..<new.count {
            let key = new[j]
            if let i = oldIndex[key] {
                if matched[i] { return (runs, j) }
                matched[i] = true
                if let last = runs.last, last.old + last.count == i, last.new + last.count == j {
                    runs[runs.count - 1].count += 1
                } else {
                    runs.append(KeptRun(old: i, new: j, count: 1))
                }
            } else if waitingNew.updateValue(j, forKey: key) != nil {
                return (runs, j)
            }
        }
        return (runs, nil)
    }

    /// The changes from the matched runs (the part that does not depend on
    /// the ID type): the runs merged and sorted, the moving ones found.
    /// - Complexity: O(r log r) for r runs.
    @usableFromInline
    func listChanges(
        runs matched: [KeptRun], oldCount n: Int, newCount m: Int, renamed: [Int], list: TabListChanges.NewList
    ) -> TabListChanges {
        // Runs in new order, merged where adjacent in both lists.
        var sorted = matched
        if !Self.isSortedByNew(sorted) { sorted.sort { $0.new < $1.new } }
        var runs: [KeptRun] = []
        runs.reserveCapacity(sorted.count)
        for run in sorted {
            if let last = runs.last, last.old + last.count == run.old, last.new + last.count == run.new {
                runs[runs.count - 1].count += run.count
            } else {
                runs.append(run)
            }
        }
        var runsByOld = Array(runs.indices)
        var inOrder = true
        for k in runs.indices.dropFirst() where runs[k].old < runs[k - 1].old {
            inOrder = false
            break
        }
        if !inOrder {
            runsByOld.sort { runs[$0].old < runs[$1].old }
            Self.markMovingRuns(&runs, byOld: runsByOld)
        }
        var kept = 0
        var moved = 0
        for run in runs {
            kept += run.count
            if !run.stays { moved += run.count }
        }
        return TabListChanges(
            oldCount: n, newCount: m, removalCount: n - kept, insertionCount: m - kept, moveCount: moved,
            runs: runs, runsByOld: runsByOld, renamed: renamed,
            departures: TabListChanges.ranges(outsideStaying: runsByOld.lazy.map { runs[$0] }, byOld: true, total: n),
            arrivals: TabListChanges.ranges(outsideStaying: runs, byOld: false, total: m),
            editGeneration: editGeneration, resizeGeneration: resizeGeneration, list: list)
    }

    static func isSortedByNew(_ runs: [KeptRun]) -> Bool {
        for k in runs.indices.dropFirst() where runs[k].new < runs[k - 1].new { return false }
        return true
    }

    /// Marks the runs that move: those outside a heaviest run of runs
    /// whose old indices increase in new order (weighted by their tab
    /// counts, so the fewest tabs move).
    /// - Complexity: O(r log r).
    static func markMovingRuns(_ runs: inout [KeptRun], byOld: [Int]) {
        let r = runs.count
        // The rank of each run in old order.
        var rank = [Int](repeating: 0, count: r)
        for (position, k) in byOld.enumerated() { rank[k] = position }
        // A Fenwick tree over ranks of (best total, run) prefix maxima.
        var treeBest = [Int](repeating: 0, count: r + 1)
        var treeRun = [Int](repeating: -1, count: r + 1)
        var previous = [Int](repeating: -1, count: r)
        var best = [Int](repeating: 0, count: r)
        var top = (total: 0, run: -1)
        for k in 0..<r {
            // Best chain ending at a rank below this run's.
            var position = rank[k]
            var found = (total: 0, run: -1)
            while position > 0 {
                if treeBest[position] > found.total { found = (treeBest[position], treeRun[position]) }
                position -= position & -position
            }
            best[k] = found.total + runs[k].count
            previous[k] = found.run
            if best[k] > top.total { top = (best[k], k) }
            position = rank[k] + 1
            while position <= r {
                if best[k] > treeBest[position] {
                    treeBest[position] = best[k]
                    treeRun[position] = k
                }
                position += position & -position
            }
        }
        for k in 0..<r { runs[k].stays = false }
        var k = top.run
        while k >= 0 {
            runs[k].stays = true
            k = previous[k]
        }
    }
}

/// How a strip's IDs follow an applied list (the ID type erased): made
/// where the type is known, run by the apply with the ranges it removed
/// and inserted, or, rebuilding, to replace them all.
@usableFromInline
struct TabIDUpdate: Sendable {
    @usableFromInline let update:
        @Sendable (
            _ ids: inout (any TabIDStore)?, _ departures: [Range<Int>], _ arrivals: [Range<Int>], _ rebuilding: Bool
        ) -> Void

    /// Throws when the new list is no longer what the changes were
    /// computed from (a source that answers differently for the tabs
    /// arriving, given): run before the apply changes anything.
    @usableFromInline let check: @Sendable (_ arrivals: [Range<Int>]) throws(TabStripError) -> Void

    @usableFromInline
    init(
        _ update:
            @escaping @Sendable (
                _ ids: inout (any TabIDStore)?, _ departures: [Range<Int>], _ arrivals: [Range<Int>],
                _ rebuilding: Bool
            ) -> Void,
        check: @escaping @Sendable (_ arrivals: [Range<Int>]) throws(TabStripError) -> Void = { _ in }
    ) {
        self.update = update
        self.check = check
    }
}
