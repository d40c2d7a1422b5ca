/// Applying a new list of tabs by identity (see ``TabListChanges``).
extension TabStrip {
    /// Applies `changes` (from ``changes(to:id:title:)`` or
    /// ``changes(toSource:)`` on this strip as it is) as one edit, keeping
    /// what belongs to the tabs that stay:
    /// - each kept tab keeps its width and its badge; a kept tab whose title
    ///   changed is measured again (a strip whose titles come from a source
    ///   gives it its estimate, measured when shown); inserted tabs are
    ///   measured (or get their estimates), with no badge;
    /// - the selected tab stays selected at its new index; when it is
    ///   removed, the first kept tab after it in the old order is selected
    ///   (else the last kept tab before it, else tab 0; none when the list
    ///   is empty), without scrolling;
    /// - the first tab in the viewport that is kept and not moved stays
    ///   where it is on screen (when every tab in view is removed or moved,
    ///   the content offset stays, clamped);
    /// - the IDs follow: the strip keeps the new list's;
    /// - a transition ends when tabs are inserted, removed or moved, and is
    ///   kept when titles only change.
    ///
    /// The width index, the titles and the IDs each take the cheaper of
    /// an edit, with each block or chunk that changes written once, and a
    /// rebuild: the widths one pass over the tabs that reuses the kept
    /// tabs' widths (always on an equal-division strip, whose widths all
    /// depend on the count), a stored list's titles its own array, the
    /// IDs a new index.
    /// - Throws: ``TabStripError/staleTabListChanges`` when the changes were
    ///   computed on another strip, or on this one before another edit, or
    ///   were applied already; ``TabStripError/sourceChanged(index:)`` when
    ///   the new source answers differently than when they were computed;
    ///   ``TabStripError/invalidWidth(index:value:)`` (at the new index)
    ///   from the measurer; ``TabStripError/lengthExceedsLimit(name:value:limit:)``
    ///   (name `"contentWidth"`). Nothing changes.
    /// - Complexity: O(k) measurements and O(k) hashing for k tabs
    ///   inserted, removed, moved or renamed, plus O(r + c (B + C) + n / B +
    ///   p + b log r) for r runs of changes touching c width blocks of B tabs
    ///   and title and ID chunks of C = 2048 (in p pieces), and b badged
    ///   tabs; O(n) when that is cheaper or the sizing divides the viewport
    ///   equally.
    public mutating func apply(_ changes: TabListChanges) throws(TabStripError) {
        try apply(changes, rebuilding: nil)
    }

    /// ``apply(_:)``, one pass over the tabs (`rebuilding` true) or edits
    /// per run (false, for strips whose widths do not divide the viewport)
    /// when given, else whichever costs less: tests take both ways.
    mutating func apply(_ changes: TabListChanges, rebuilding: Bool?) throws(TabStripError) {
        defer { _checkAfterMutation() }
        guard changes.oldCount == tabCount, changes.editGeneration == editGeneration,
            changes.resizeGeneration == resizeGeneration
        else { throw .staleTabListChanges }
        // The IDs leave the strip while it changes, so that a copy kept to
        // undo a failed apply does not share their index: edited in place,
        // it is not copied. They change last, once nothing else can fail,
        // and come back as they were if anything does.
        var movingIDs = ids
        ids = nil
        // Only a new source can fail after the strip has changed (it
        // measures the tabs then in view), so only it keeps a copy to undo
        // that. A stored list's apply measures and checks every width
        // before it changes anything, so its width blocks and title chunks
        // are edited in their own storage, not copied for a copy's sake.
        var saved: TabStrip?
        if case .source = changes.list { saved = self }
        let before = _stateForChecks()
        do {
            try applyChecked(changes, rebuilding: rebuilding, ids: &movingIDs)
            ids = movingIDs
        } catch {
            if let saved { self = saved } else { _checkUnchanged(since: before) }
            ids = movingIDs
            throw error
        }
    }

    /// ``apply(_:rebuilding:)`` once the changes are known to belong to
    /// this strip as it is, the strip's IDs (`ids`) held apart.
    mutating func applyChecked(
        _ changes: TabListChanges, rebuilding: Bool?, ids: inout (any TabIDStore)?
    ) throws(TabStripError) {
        let fromSource: Bool
        let update: TabIDUpdate
        switch changes.list {
        case .stored(_, let idUpdate):
            fromSource = false
            update = idUpdate
        case .source(_, let idUpdate):
            fromSource = true
            update = idUpdate
        }
        try update.check(changes.arrivals)
        guard !changes.isEmpty else {
            // Nothing moves, but the state the changes were computed from
            // is left all the same: they cannot be applied twice. (A new
            // source replaces the old one.)
            if case .source(let newTitles, _) = changes.list {
                update.update(&ids, [], [], true)
                titles = newTitles
            }
            resizeGeneration = Self.newGeneration(after: resizeGeneration)
            return
        }
        let anchor = stayingAnchor(changes)
        let rebuild: Bool
        if case .equalDivision = sizing.rule {
            rebuild = true
        } else {
            rebuild = !fromSource && (rebuilding ?? Self.rebuildIsCheaper(changes))
        }
        if rebuild {
            try applyRebuilding(changes, anchor: anchor)
        } else {
            try applyEditing(changes, anchor: anchor)
        }
        if case .source(let newTitles, _) = changes.list { titles = newTitles }
        let oldUnmeasured = unmeasured
        badges.remap { changes.newIndex(ofOldIndex: $0) }
        if let selected = selectedIndex {
            selectedIndex = changes.survivor(ofOldIndex: selected)
        } else if changes.newCount > 0 {
            selectedIndex = 0
        }
        unmeasured =
            fromSource && estimate != nil && sizing.measuresTitles
            ? Self.unmeasured(after: changes, old: oldUnmeasured) : UnmeasuredTabs()
        measuredWindow = nil
        if changes.removalCount + changes.insertionCount + changes.moveCount > 0 {
            transition = nil
            editGeneration = Self.newGeneration(after: editGeneration)
        }
        resizeGeneration = Self.newGeneration(after: resizeGeneration)
        if fromSource {
            var log = CorrectionLog()
            var measured = try measureShownTabs(anchor: anchor?.newIndex, log: &log)
            // The estimates may have clamped the offset before the tabs in
            // view were measured (a list that got shorter in estimates):
            // the anchor goes back to its place and what that shows is
            // measured, until nothing more is.
            while measured, let anchor {
                geometry.restore(anchor.anchor, mapping: { _ in anchor.newIndex })
                measured = try measureShownTabs(anchor: anchor.newIndex, log: &log)
            }
        }
        // Last, once nothing else can fail. The IDs of a stored list are
        // edited in one pass (each chunk with a change copied once, each ID
        // leaving or arriving taken out of or put into the index), unless
        // those IDs are half as many as the new list's, which a rebuild
        // puts into a new index once each (whichever way the widths took).
        let moving = changes.removalCount + changes.insertionCount + 2 * changes.moveCount
        let rebuildIDs = fromSource || 2 * moving >= changes.newCount
        update.update(&ids, changes.departures, changes.arrivals, rebuildIDs)
    }

    /// The unmeasured tabs after `changes` on a strip whose titles come
    /// from a source: a kept tab measured before and not renamed stays
    /// measured; every other tab has its estimate.
    /// - Complexity: O(m / 64 + r + k) for r kept runs.
    static func unmeasured(after changes: TabListChanges, old: UnmeasuredTabs) -> UnmeasuredTabs {
        var result = UnmeasuredTabs(allOf: changes.newCount)
        for run in changes.runs {
            // The measured stretches of the run's old tabs.
            var i = run.old
            let end = run.old + run.count
            while i < end {
                guard let measured = old.count == 0 ? i : old.firstMeasured(in: i..<end) else { break }
                let stop = old.count == 0 ? end : (old.first(in: measured..<end) ?? end)
                result.markMeasured((run.new + measured - run.old)..<(run.new + stop - run.old))
                i = stop
            }
        }
        for j in changes.renamed { result.markUnmeasured(j..<(j + 1), tabCount: changes.newCount) }
        return result
    }

    /// Whether one pass over every width costs less than editing the width
    /// index by its runs of changes: an edit writes and adds up each block
    /// that a run touches, and passes the others as they are; a pass
    /// copies and adds up every width.
    static func rebuildIsCheaper(_ changes: TabListChanges) -> Bool {
        let runs = changes.departures.count + changes.arrivals.count + changes.renamed.count
        return runs * 25 > Swift.max(changes.oldCount, changes.newCount)
    }

    /// Whether ascending `indices` contains `value`.
    /// - Complexity: O(log k).
    static func contains(_ indices: [Int], _ value: Int) -> Bool {
        var low = 0
        var high = indices.count
        while low < high {
            let mid = (low + high) / 2
            if indices[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low < indices.count && indices[low] == value
    }

    /// The first tab overlapping the viewport that is kept and not moved,
    /// with its distance from the viewport's leading edge and its new
    /// index; `nil` when there is none.
    func stayingAnchor(_ changes: TabListChanges) -> (anchor: TabStripGeometry.Anchor, newIndex: Int)? {
        let inView = geometry.anchorCandidates(uncheckedOffset: geometry.contentOffset)
        for i in inView {
            guard let run = changes.run(holdingOld: i), run.stays else { continue }
            let f = geometry.frame(unchecked: i)
            let distance = geometry.logicalLeading(of: f) - geometry.logicalViewportStart
            return (TabStripGeometry.Anchor(tab: i, distance: distance), run.new + (i - run.old))
        }
        return nil
    }

    /// The width tab `j` of the new list gets when measured: its title
    /// with the badge of the tab it was (`source`, `nil` for an inserted
    /// tab).
    /// (A new source's tab gets its estimate: it is measured when shown.)
    /// `stored` is the list's titles (``newTitles(_:)``), found once per
    /// apply; the sizing and the badge are the strip's, checked when they
    /// were set, so only the measurement is checked here.
    func measuredWidth(
        ofTab j: Int, source: Int?, _ changes: TabListChanges, stored: [String]?
    ) throws(TabStripError) -> Double {
        let badge = source.map { badges[$0] } ?? .none
        if let stored {
            return try sizing.adopting(spacing: layout.spacing).uncheckedWidth(
                ofTitle: stored[j], badge: badge, at: j, tabCount: changes.newCount, availableWidth: availableWidth)
        }
        switch changes.list {
        case .stored(let titles, _):
            return try width(ofTitle: titles[j], badge: badge, at: j, tabCount: changes.newCount)
        case .source(let titles, _):
            guard let estimate, sizing.measuresTitles else {
                // A strip that measures every tab (built from a list, or
                // under a rule that measures nothing) measures it now.
                let title = sizing.measuresTitles ? titles.title(ofTab: j) : ""
                guard let title else { throw .titleUnavailable(index: j) }
                return try width(ofTitle: title, badge: badge, at: j, tabCount: changes.newCount)
            }
            switch estimate {
            case .width(let width): return width
            case .measured(let measurer):
                guard let title = titles.title(ofTab: j) else { throw .titleUnavailable(index: j) }
                return try sizing.tabWidth(measuringTitle: measurer.width(of: title), badge: badge, at: j)
            }
        }
    }

    /// The stored titles of the new list (none for a new source).
    func newTitles(_ changes: TabListChanges) -> [String]? {
        if case .stored(let titles, _) = changes.list { return titles }
        return nil
    }

    /// ``apply(_:)`` as one pass: every width of the new list (kept ones
    /// reused), one new width index and one new title store (sharing the
    /// changes' titles).
    mutating func applyRebuilding(
        _ changes: TabListChanges, anchor: (anchor: TabStripGeometry.Anchor, newIndex: Int)?
    ) throws(TabStripError) {
        let m = changes.newCount
        let stored = newTitles(changes)
        var newWidths: [Double] = []
        newWidths.reserveCapacity(m)
        if case .equalDivision = sizing.rule {
            for j in 0..<m {
                newWidths.append(
                    try measuredWidth(ofTab: j, source: changes.oldIndex(ofNewIndex: j), changes, stored: stored))
            }
        } else {
            var j = 0
            for run in changes.runs {
                while j < run.new {
                    newWidths.append(try measuredWidth(ofTab: j, source: nil, changes, stored: stored))
                    j += 1
                }
                geometry.widths.appendWidths(of: run.old..<(run.old + run.count), to: &newWidths)
                j += run.count
            }
            while j < m {
                newWidths.append(try measuredWidth(ofTab: j, source: nil, changes, stored: stored))
                j += 1
            }
            for j in changes.renamed {
                newWidths[j] = try measuredWidth(
                    ofTab: j, source: changes.oldIndex(ofNewIndex: j), changes, stored: stored)
            }
        }
        try geometry.replaceAllWidths(newWidths)
        if let anchor { geometry.restore(anchor.anchor, mapping: { _ in anchor.newIndex }) }
        if let stored { titles = TabTitles(stored, chunkSize: titles.chunkSize) }
    }

    /// ``apply(_:)`` as edits: the departing tabs removed (range by range,
    /// from the end), the kept tabs that stay renamed in place, then the
    /// arriving tabs inserted (range by range, from the start), each at its
    /// new index. Every width is measured and the content width checked
    /// first, so no edit can fail half way: every intermediate strip is
    /// a subset of the old or the new one in width.
    mutating func applyEditing(
        _ changes: TabListChanges, anchor: (anchor: TabStripGeometry.Anchor, newIndex: Int)?
    ) throws(TabStripError) {
        let m = changes.newCount
        let departures = changes.departures
        let arrivals = changes.arrivals
        let titleStore = newTitles(changes)
        // Measure first (nothing changes if a width is bad).
        var sum = geometry.sumOfWidths
        var arrivalWidths: [Double] = []
        for range in arrivals {
            for j in range {
                let source = changes.oldIndex(ofNewIndex: j)
                let width: Double
                if let source, !Self.contains(changes.renamed, j) {
                    width = geometry.widths.width(unchecked: source)
                } else {
                    width = try measuredWidth(ofTab: j, source: source, changes, stored: titleStore)
                }
                arrivalWidths.append(width)
                sum += width
            }
        }
        var renamedStays: [(rank: Int, index: Int, width: Double)] = []
        var a = 0
        var arrivedBefore = 0
        for j in changes.renamed {
            while a < arrivals.count, arrivals[a].upperBound <= j {
                arrivedBefore += arrivals[a].count
                a += 1
            }
            if a < arrivals.count, arrivals[a].contains(j) { continue }
            guard let source = changes.oldIndex(ofNewIndex: j) else { continue }
            let width = try measuredWidth(ofTab: j, source: source, changes, stored: titleStore)
            sum += width - geometry.widths.width(unchecked: source)
            // After the departures, the stays stand in their new order:
            // new index minus the arrivals before it.
            renamedStays.append((j - arrivedBefore, j, width))
        }
        for range in departures {
            for i in range { sum -= geometry.widths.width(unchecked: i) }
        }
        try TabStripGeometry.requireContent(
            tabCount: m, natural: TabStripGeometry.naturalWidth(count: m, sum: sum, layout: layout))

        // Edit: every range and width is checked, so nothing fails now (the
        // internal checks after the edit report a bug). A new source
        // replaces the titles afterwards.
        geometry.editWidths { widths in
            widths.edit(
                removing: departures, setting: renamedStays.map { ($0.rank, $0.width) }, inserting: arrivals,
                widths: arrivalWidths)
        }
        // The titles of a stored list: edited when the runs change fewer
        // chunks than half of them (each chunk changed is copied, and the
        // old one released), else the list's own array, cut into chunks
        // that share it (O(n / C), and the old titles released).
        if let titleStore {
            let runs = departures.count + arrivals.count + renamedStays.count
            if runs * 2 * titles.chunkSize < titles.count {
                titles.edit(removing: departures, inserting: arrivals, from: titleStore)
                for stay in renamedStays { titles.rename(stay.index, to: titleStore[stay.index]) }
            } else {
                titles = TabTitles(titleStore, chunkSize: titles.chunkSize)
            }
        }
        if let anchor {
            geometry.restore(anchor.anchor, mapping: { _ in anchor.newIndex })
        } else {
            geometry.restore(nil, mapping: { $0 })
        }
    }
}

extension SparseBadges {
    /// Moves every badge to its tab's new index (`newIndex` of its old
    /// one; `nil` drops a removed tab's badge).
    /// - Complexity: O(b log b) plus b calls of `newIndex`.
    mutating func remap(_ newIndex: (Int) -> Int?) {
        guard !entries.isEmpty else { return }
        var kept: [Entry] = []
        kept.reserveCapacity(entries.count)
        for entry in entries {
            if let j = newIndex(entry.index) { kept.append(Entry(index: j, badge: entry.badge)) }
        }
        kept.sort { $0.index < $1.index }
        entries = kept
    }
}
