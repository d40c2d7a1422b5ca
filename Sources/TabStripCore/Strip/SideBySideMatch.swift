/// The side-by-side walk of ``TabStrip/changes(to:id:title:)``: the new
/// IDs against the old, the old ones given a run at a time (each run read
/// in place from the strip's ID chunks), so the old list is never copied
/// whole.
///
/// A stretch of tabs in the same order in both lists becomes one kept run
/// by comparing IDs alone. Around a change, the tabs that do not match
/// wait in two tables (old and new) for their counterparts; too many
/// waiting means most tabs changed, and the walk gives up (`overflowed`)
/// for one that hashes every tab.
@usableFromInline
struct SideBySideMatch<ID: Hashable> {
    /// The number of old IDs.
    @usableFromInline let oldCount: Int
    @usableFromInline var runs: [KeptRun] = []
    /// The run being extended.
    @usableFromInline var runOld = 0
    @usableFromInline var runNew = 0
    @usableFromInline var runCount = 0
    /// The next old and new index.
    @usableFromInline var i = 0
    @usableFromInline var j = 0
    @usableFromInline var waitingOld: [ID: Int]
    @usableFromInline var waitingNew: [ID: Int]
    /// The position in the new list of an ID seen twice there.
    @usableFromInline var repeated: Int?
    @usableFromInline var overflowed = false

    @inlinable init(oldCount: Int, waitingOld: [ID: Int], waitingNew: [ID: Int]) {
        self.oldCount = oldCount
        (self.waitingOld, self.waitingNew) = (waitingOld, waitingNew)
    }

    /// Whether the walk goes on (it stops at a repeated ID or when too
    /// many tabs wait).
    @inlinable var isWalking: Bool { repeated == nil && !overflowed }

    /// The kept runs found and the repeated ID's position, once every old
    /// run has been walked.
    @inlinable var result: (runs: [KeptRun], repeated: Int?) {
        var all = runs
        if runCount > 0 { all.append(KeptRun(old: runOld, new: runNew, count: runCount)) }
        return (all, repeated)
    }

    /// Pairs `old[i]` with `new[j]`: the run grows when they follow it in
    /// both lists, else a new run starts.
    @inlinable @inline(__always)
    mutating func match(_ i: Int, _ j: Int) {
        if runCount > 0, runOld + runCount == i, runNew + runCount == j {
            runCount += 1
            return
        }
        if runCount > 0 { runs.append(KeptRun(old: runOld, new: runNew, count: runCount)) }
        (runOld, runNew, runCount) = (i, j, 1)
    }

    /// Walks `old`, the old IDs from index ``i`` on, against `new` (an
    /// empty `old` once every old ID has been given: the new tabs left
    /// then wait or match a waiting old one). Returns whether the walk
    /// goes on.
    /// - Complexity: O(`old.count` + the new tabs passed), plus O(1)
    ///   hashing per tab around a change.
    @inlinable
    mutating func walk(_ old: UnsafeBufferPointer<ID>, new: UnsafeBufferPointer<ID>) -> Bool {
        let n = oldCount
        let m = new.count
        // Old index `i` is `old[i - start]` while `i < end`.
        let start = i
        let end = i + old.count
        // Past this many tabs waiting, hashing every tab costs less.
        let limit = Swift.max(64, Swift.max(n, m) / 8)
        while j < m {
            // The next old run is needed before the walk goes on.
            if i == end, i < n { return true }
            // A stretch of tabs in the same order in both lists: one run.
            if i < end, old[i &- start] == new[j] {
                let first = (i, j)
                // One index and one bound for the stretch (both within
                // their buffers: no overflow to check).
                let bound = Swift.min(end &- i, m &- j)
                let (o, w) = (old.baseAddress! + (i &- start), new.baseAddress! + j)
                var k = 1
                while k < bound && o[k] == w[k] { k &+= 1 }
                i &+= k
                j &+= k
                if runCount > 0, runOld + runCount == first.0, runNew + runCount == first.1 {
                    runCount += k
                } else {
                    if runCount > 0 { runs.append(KeptRun(old: runOld, new: runNew, count: runCount)) }
                    (runOld, runNew, runCount) = (first.0, first.1, k)
                }
                continue
            }
            let key = new[j]
            if let q = waitingOld.removeValue(forKey: key) {
                match(q, j)
            } else if i < end, let p = waitingNew.removeValue(forKey: old[i &- start]) {
                match(i, p)
                i += 1
                // The same new tab again, against the next old one.
                continue
            } else {
                if i < end {
                    waitingOld[old[i &- start]] = i
                    i += 1
                }
                if waitingNew.updateValue(j, forKey: key) != nil {
                    repeated = j
                    return false
                }
                if waitingOld.count + waitingNew.count > limit {
                    overflowed = true
                    return false
                }
            }
            j += 1
        }
        // Every new tab is placed: the old ones left match a waiting new
        // one or are removed.
        while i < end {
            if let p = waitingNew.removeValue(forKey: old[i &- start]) { match(i, p) }
            i += 1
        }
        return true
    }
}
