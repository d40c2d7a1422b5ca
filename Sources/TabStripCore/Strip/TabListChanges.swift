/// The changes that turn a strip's tabs into a new list, matched by tab
/// identity: the tabs removed, inserted, moved and renamed, found by
/// ``TabStrip/changes(from:to:id:title:)`` and applied as one edit by
/// ``TabStrip/apply(_:)``, ``TabStripVirtualizer/apply(_:)`` and the page
/// cache and pager sync of `TabStripMotion` and `TabStripSync`.
///
/// ```swift
/// // `shown` is the list the strip shows, `fresh` the server's new one.
/// let changes = try virtualizer.strip.changes(
///     from: shown.map(\.id), to: fresh, id: { $0.id }, title: { $0.name })
/// try virtualizer.apply(changes)   // selection, badges and cells kept by ID
/// shown = fresh
/// ```
///
/// Moves are the fewest that reorder the kept tabs: the tabs outside a
/// longest chain of kept tabs already in order. A moved tab keeps its
/// width and badge (it is measured again only when its title changed
/// too). See <doc:ChannelLists>.
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
    /// The kept tabs, as maximal runs adjacent in both lists, in new order.
    @usableFromInline let runs: [KeptRun]
    /// The positions in ``runs`` in old order.
    @usableFromInline let runsByOld: [Int]
    /// The new indices of the kept tabs whose title changed, ascending.
    let renamed: [Int]
    /// The strip's edit and resize generations when the changes were
    /// computed.
    let editGeneration: Int
    let resizeGeneration: Int
    /// The IDs of the new list and what changed in them, for the strip to
    /// remember after the changes are applied.
    var identities: TabIdentityUpdate

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

    /// The old index ranges of the tabs that leave their place (removed,
    /// or in a run that moves), ascending and apart.
    /// - Complexity: O(r).
    var departures: [Range<Int>] {
        Self.ranges(outsideStaying: runsByOld.lazy.map { runs[$0] }, byOld: true, total: oldCount)
    }

    /// The new index ranges of the tabs that arrive (inserted, or in a run
    /// that moves), ascending and apart.
    /// - Complexity: O(r).
    var arrivals: [Range<Int>] { Self.ranges(outsideStaying: runs, byOld: false, total: newCount) }

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
    /// The changes that turn this strip's tabs, identified by `oldIDs`
    /// (one per tab, in tab order), into `newTabs`, each with the ID and
    /// title `id` and `title` give: which tabs are removed, inserted, moved
    /// and renamed. Nothing changes until the result is applied
    /// (``apply(_:)``, or ``TabStripVirtualizer/apply(_:)`` to keep the
    /// cells too).
    ///
    /// IDs are any `Hashable & Sendable` values the host chooses (a
    /// channel's ID, a URL); titles may repeat, IDs may not.
    ///
    /// The tabs are matched walking both lists side by side, so a tab
    /// that keeps its place relative to its neighbours costs a comparison
    /// of IDs; only the tabs around a change are hashed. Checking that no
    /// ID repeats needs the set of old IDs: built here the first time (n
    /// hashes), and remembered by the strip after ``apply(_:)`` (with the
    /// new list's order, about 24 bytes per tab), so that the next changes
    /// from the list applied last hash only what changed. Any other edit
    /// of the tabs forgets it.
    /// - Throws: ``TabStripError/countMismatch(expected:actual:)`` when
    ///   `oldIDs` does not name every tab (expected is ``tabCount``);
    ///   ``TabStripError/duplicateTabID(name:id:index:)`` naming the list
    ///   (`"oldIDs"` or `"newTabs"`), the ID and a position where it
    ///   repeats; ``TabStripError/countExceedsLimit(name:value:limit:)``
    ///   (name `"tabCount"`) for a new list over
    ///   ``TabStripLimits/maximumCount``;
    ///   ``TabStripError/titlesNotStored(operation:)`` on a strip whose
    ///   titles come from a ``TabTitleSource``.
    /// - Complexity: O(n + m) comparisons and O(k) hashing for k changes
    ///   from the list applied last (O(n + m) hashing otherwise), plus
    ///   O(r log r) to find the moves, for r runs of kept tabs adjacent in
    ///   both lists (r ≤ k + 1).
    @inlinable
    public func changes<ID: Hashable & Sendable, OldIDs: Collection, NewTabs: Collection>(
        from oldIDs: OldIDs,
        to newTabs: NewTabs,
        id: (NewTabs.Element) -> ID,
        title: (NewTabs.Element) -> String
    ) throws(TabStripError) -> TabListChanges where OldIDs.Element == ID {
        let n = tabCount
        let m = newTabs.count
        try requireListChanges(oldIDCount: oldIDs.count, newCount: m)
        let old = Array(oldIDs)
        // The set of old IDs: remembered from the last apply when `old` is
        // that list, else built (which checks `old` for repeats).
        let remembered = rememberedIdentities(as: TabIdentities<ID>.self)
        var built: Set<ID>?
        if remembered == nil || remembered?.ids != old {
            var set = Set<ID>(minimumCapacity: n)
            for (i, key) in old.enumerated() where !set.insert(key).inserted {
                throw .duplicateTabID(name: "oldIDs", id: String(describing: key), index: i)
            }
            built = set
        }
        var newIDs: [ID] = []
        newIDs.reserveCapacity(m)
        var newTitles: [String] = []
        newTitles.reserveCapacity(m)
        for element in newTabs {
            newIDs.append(id(element))
            newTitles.append(title(element))
        }
        // Side by side: a tab equal to the next old one matches it; around
        // a change, the unmatched old and new tabs wait in two tables until
        // their counterpart comes. Matches are kept as runs adjacent in
        // both lists.
        var waitingOld = [ID: Int](minimumCapacity: Swift.min(n, 64))
        var waitingNew = [ID: Int](minimumCapacity: Swift.min(m, 64))
        let (runs, repeated) = old.withUnsafeBufferPointer { old in
            newIDs.withUnsafeBufferPointer { newIDs in
                Self.matchRuns(old: old, new: newIDs, waitingOld: &waitingOld, waitingNew: &waitingNew)
                    ?? Self.matchRunsHashing(old: old, new: newIDs, waitingOld: &waitingOld, waitingNew: &waitingNew)
            }
        }
        if let repeated {
            throw .duplicateTabID(name: "newTabs", id: String(describing: newIDs[repeated]), index: repeated)
        }
        // A new ID still waiting is inserted, unless an old tab has it:
        // that tab matched another place of the same ID.
        var inserted: [ID] = []
        inserted.reserveCapacity(waitingNew.count)
        for (key, j) in waitingNew {
            if built?.contains(key) ?? remembered?.set.contains(key) ?? false {
                throw .duplicateTabID(name: "newTabs", id: String(describing: key), index: j)
            }
            inserted.append(key)
        }
        let changes = listChanges(runs: runs, oldCount: n, titles: newTitles)
        var removed: [ID] = []
        removed.reserveCapacity(changes.removalCount)
        var i = 0
        for k in changes.runsByOld {
            let run = changes.runs[k]
            while i < run.old {
                removed.append(old[i])
                i += 1
            }
            i = run.old + run.count
        }
        while i < n {
            removed.append(old[i])
            i += 1
        }
        // Made here, so that the update runs specialised for `ID`.
        let update = TabIdentityUpdate { [newIDs, built, removed, inserted] memory, editGeneration, resizeGeneration in
            TabIdentities<ID>.remember(
                ids: newIDs, built: built, removed: removed, inserted: inserted, into: &memory,
                editGeneration: editGeneration, resizeGeneration: resizeGeneration)
        }
        return TabListChanges(changes, identities: update)
    }

    /// Matches `new` against `old` side by side (see
    /// ``changes(from:to:id:title:)``): the matched pairs as runs adjacent
    /// in both lists, in the order found, and the position in `new` of an
    /// ID seen twice there, if any (the walk stops at it). The unmatched
    /// tabs are left in the two tables.
    /// - Complexity: O(n + m) comparisons, plus O(1) hashing per tab
    ///   around a change.
    @inlinable
    static func matchRuns<ID: Hashable>(
        old: UnsafeBufferPointer<ID>, new: UnsafeBufferPointer<ID>,
        waitingOld: inout [ID: Int], waitingNew: inout [ID: Int]
    ) -> (runs: [KeptRun], repeated: Int?)? {
        let n = old.count
        // Past this many tabs waiting, most tabs changed: hashing every
        // tab once (``matchRunsHashing``) costs less than the tables.
        let limit = Swift.max(64, Swift.max(n, new.count) / 8)
        var runs: [KeptRun] = []
        // The run being extended.
        var runOld = 0
        var runNew = 0
        var runCount = 0
        @inline(__always) func match(_ i: Int, _ j: Int, _ runs: inout [KeptRun]) {
            if runCount > 0, runOld + runCount == i, runNew + runCount == j {
                runCount += 1
                return
            }
            if runCount > 0 { runs.append(KeptRun(old: runOld, new: runNew, count: runCount)) }
            runOld = i
            runNew = j
            runCount = 1
        }
        var i = 0
        var j = 0
        let m = new.count
        while j < m {
            // A stretch of tabs in the same order in both lists: one run.
            if i < n, old[i] == new[j] {
                let start = (i, j)
                repeat {
                    i += 1
                    j += 1
                } while i < n && j < m && old[i] == new[j]
                if runCount > 0, runOld + runCount == start.0, runNew + runCount == start.1 {
                    runCount += i - start.0
                } else {
                    if runCount > 0 { runs.append(KeptRun(old: runOld, new: runNew, count: runCount)) }
                    (runOld, runNew, runCount) = (start.0, start.1, i - start.0)
                }
                continue
            }
            let key = new[j]
            while true {
                if i < n, old[i] == key {
                    match(i, j, &runs)
                    i += 1
                } else if let q = waitingOld.removeValue(forKey: key) {
                    match(q, j, &runs)
                } else if i < n, let p = waitingNew.removeValue(forKey: old[i]) {
                    match(i, p, &runs)
                    i += 1
                    continue
                } else {
                    if i < n {
                        waitingOld[old[i]] = i
                        i += 1
                    }
                    if waitingNew.updateValue(j, forKey: key) != nil { return (runs, j) }
                    if waitingOld.count + waitingNew.count > limit {
                        waitingOld.removeAll()
                        waitingNew.removeAll()
                        return nil
                    }
                }
                break
            }
            j += 1
        }
        while i < n {
            if let p = waitingNew.removeValue(forKey: old[i]) { match(i, p, &runs) }
            i += 1
        }
        if runCount > 0 { runs.append(KeptRun(old: runOld, new: runNew, count: runCount)) }
        return (runs, nil)
    }

    /// ``matchRuns(old:new:waitingOld:waitingNew:)`` for lists that
    /// differ in most tabs: every old ID hashed into a table, every new
    /// one looked up once. The inserted tabs are left in `waitingNew`.
    /// - Complexity: O(n + m) hashing.
    @inlinable
    static func matchRunsHashing<ID: Hashable>(
        old: UnsafeBufferPointer<ID>, new: UnsafeBufferPointer<ID>,
        waitingOld: inout [ID: Int], waitingNew: inout [ID: Int]
    ) -> (runs: [KeptRun], repeated: Int?) {
        var oldIndex = [ID: Int](minimumCapacity: old.count)
        for (i, key) in old.enumerated() { oldIndex[key] = i }
        var matched = [Bool](repeating: false, count: old.count)
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

    /// Throws unless a list can be applied: stored titles, `oldIDCount`
    /// naming every tab, `newCount` within the bound.
    @usableFromInline
    func requireListChanges(oldIDCount: Int, newCount: Int) throws(TabStripError) {
        guard !titles.isFromSource else { throw .titlesNotStored(operation: "changes(from:to:id:title:)") }
        guard oldIDCount == tabCount else { throw .countMismatch(expected: tabCount, actual: oldIDCount) }
        try TabStripError.requireCount(newCount, atMost: TabStripLimits.maximumCount, "tabCount")
    }

    /// The IDs remembered from the last apply, when they are of type `T`
    /// and nothing changed the tabs since.
    @usableFromInline
    func rememberedIdentities<T: AnyObject>(as type: T.Type) -> T? {
        guard let memory = identityMemory, memory.editGeneration == editGeneration,
            memory.resizeGeneration == resizeGeneration
        else { return nil }
        return memory as? T
    }

    /// The changes from the matched runs (the part that does not depend on
    /// the ID type): the runs merged and sorted, the moving ones found, the
    /// renamed tabs.
    /// - Complexity: O(r log r) for r runs, plus O(n) title comparisons.
    @usableFromInline
    func listChanges(runs matched: [KeptRun], oldCount n: Int, titles newTitles: [String]) -> TabListChanges {
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
        // Titles compared run by run, reading the old ones chunk by chunk.
        var renamed: [Int] = []
        for run in runs {
            var j = run.new
            titles.forEach(in: run.old..<(run.old + run.count)) { old in
                if newTitles[j] != old { renamed.append(j) }
                j += 1
            }
        }
        if !renamed.isEmpty, !inOrder { renamed.sort() }
        return TabListChanges(
            oldCount: n, removalCount: n - kept, insertionCount: newTitles.count - kept, moveCount: moved,
            titles: newTitles, runs: runs, runsByOld: runsByOld, renamed: renamed,
            editGeneration: editGeneration, resizeGeneration: resizeGeneration,
            identities: TabIdentityUpdate.none)
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

extension TabListChanges {
    /// `changes` with the new list's identities.
    @usableFromInline
    init(_ changes: TabListChanges, identities: TabIdentityUpdate) {
        self = changes
        self.identities = identities
    }
}

/// What a strip remembers of a list's IDs once it applied the list (the
/// ID type erased): the update of its memory, made where the ID type is
/// known.
@usableFromInline
final class TabIdentityUpdate: Sendable {
    /// Updates the strip's memory (of the list the changes were found
    /// from, or `nil`) to the new list, stamped with the strip's
    /// generations after the apply.
    @usableFromInline let remember:
        @Sendable (_ memory: inout (any TabIdentityStore)?, _ editGeneration: Int, _ resizeGeneration: Int) -> Void

    @usableFromInline
    init(
        _ remember:
            @escaping @Sendable (
                _ memory: inout (any TabIdentityStore)?, _ editGeneration: Int, _ resizeGeneration: Int
            ) -> Void
    ) {
        self.remember = remember
    }

    /// No memory (a placeholder replaced before changes are returned).
    @usableFromInline static let none = TabIdentityUpdate { memory, _, _ in memory = nil }

    func remember(into memory: inout (any TabIdentityStore)?, editGeneration: Int, resizeGeneration: Int) {
        remember(&memory, editGeneration, resizeGeneration)
    }
}

/// A list's IDs as a strip remembers them (the ID type erased).
@usableFromInline
protocol TabIdentityStore: AnyObject, Sendable {
    /// The strip's edit generation right after the apply.
    var editGeneration: Int { get }
    /// The strip's resize generation right after the apply.
    var resizeGeneration: Int { get }
}

/// A list's IDs, in order and as a set, and the strip's generations when
/// it was applied (the memory holds while they are unchanged). Changed
/// only while the strip that holds it is its only holder, so it is never
/// changed while another thread can read it.
@usableFromInline
final class TabIdentities<ID: Hashable & Sendable>: TabIdentityStore, @unchecked Sendable {
    @usableFromInline var ids: [ID]
    @usableFromInline var set: Set<ID>
    @usableFromInline var editGeneration = 0
    @usableFromInline var resizeGeneration = 0

    @usableFromInline
    init(ids: [ID], set: Set<ID>) {
        self.ids = ids
        self.set = set
    }

    /// Updates `memory` to the new list `ids`: the remembered set updated
    /// in place when the strip alone holds it (O(k) hashing), else a copy
    /// of it, else the set `built` from the old IDs, then updated.
    @inlinable
    static func remember(
        ids: [ID], built: Set<ID>?, removed: [ID], inserted: [ID], into memory: inout (any TabIdentityStore)?,
        editGeneration: Int, resizeGeneration: Int
    ) {
        var store: TabIdentities<ID>
        if built == nil, var remembered = memory as? TabIdentities<ID> {
            memory = nil
            if !isKnownUniquelyReferenced(&remembered) {
                remembered = TabIdentities(ids: remembered.ids, set: remembered.set)
            }
            store = remembered
        } else {
            store = TabIdentities(ids: [], set: built ?? Set(ids))
        }
        for key in removed { store.set.remove(key) }
        for key in inserted { store.set.insert(key) }
        store.ids = ids
        store.editGeneration = editGeneration
        store.resizeGeneration = resizeGeneration
        memory = store
    }
}
