/// Applying a new list of tabs by identity (see ``TabListChanges``).
extension TabStrip {
    /// Applies `changes` (from ``changes(from:to:id:title:)`` on this
    /// strip as it is) as one edit, keeping what belongs to the tabs that
    /// stay:
    /// - each kept tab keeps its width (measured again only when its title
    ///   changed) and its badge; inserted tabs are measured, with no badge;
    /// - the selected tab stays selected at its new index; when it is
    ///   removed, the first kept tab after it in the old order is selected
    ///   (else the last kept tab before it, else tab 0; none when the list
    ///   is empty), without scrolling;
    /// - the first tab in the viewport that is kept and not moved stays
    ///   where it is on screen (when every tab in view is removed or moved,
    ///   the content offset stays, clamped);
    /// - a transition ends when tabs are inserted, removed or moved, and is
    ///   kept when titles only change.
    ///
    /// Few changes are made as edits of the width index and the titles'
    /// chunks, one per run of adjacent changes; many (or any on an
    /// equal-division strip, whose widths all depend on the count) as one
    /// pass over the tabs that reuses the kept tabs' widths. Either way
    /// only the inserted and renamed tabs are measured.
    /// - Throws: ``TabStripError/staleTabListChanges`` when the strip was
    ///   edited since `changes` were computed;
    ///   ``TabStripError/titlesNotStored(operation:)``;
    ///   ``TabStripError/invalidWidth(index:value:)`` (at the new index)
    ///   from the measurer; ``TabStripError/lengthExceedsLimit(name:value:limit:)``
    ///   (name `"contentWidth"`). Nothing changes.
    /// - Complexity: O(k) measurements for k inserted or renamed tabs, plus
    ///   O(r (B + C + n / C) + b log r) for r runs of changes (width blocks
    ///   of B tabs, title chunks of C = 2048) and b badged tabs; O(n) when
    ///   that is cheaper or the sizing divides the viewport equally.
    public mutating func apply(_ changes: TabListChanges) throws(TabStripError) {
        try apply(changes, rebuilding: nil)
    }

    /// ``apply(_:)``, one pass over the tabs (`rebuilding` true) or edits
    /// per run (false, for strips whose widths do not divide the viewport)
    /// when given, else whichever costs less: tests take both ways.
    mutating func apply(_ changes: TabListChanges, rebuilding: Bool?) throws(TabStripError) {
        defer { _checkAfterMutation() }
        guard !titles.isFromSource else { throw .titlesNotStored(operation: "apply(_:)") }
        guard changes.oldCount == tabCount, changes.editGeneration == editGeneration,
            changes.resizeGeneration == resizeGeneration
        else { throw .staleTabListChanges }
        guard !changes.isEmpty else {
            // Nothing moves, but the state the changes were computed from
            // is left all the same: they cannot be applied twice.
            resizeGeneration = Self.newGeneration(after: resizeGeneration)
            return remember(changes)
        }
        let anchor = stayingAnchor(changes)
        if case .equalDivision = sizing.rule {
            try applyRebuilding(changes, anchor: anchor)
        } else if rebuilding ?? Self.rebuildIsCheaper(changes) {
            try applyRebuilding(changes, anchor: anchor)
        } else {
            try applyEditing(changes, anchor: anchor)
        }
        badges.remap { changes.newIndex(ofOldIndex: $0) }
        if let selected = selectedIndex {
            selectedIndex = changes.survivor(ofOldIndex: selected)
        } else if changes.newCount > 0 {
            selectedIndex = 0
        }
        unmeasured = UnmeasuredTabs()
        measuredWindow = nil
        if changes.removalCount + changes.insertionCount + changes.moveCount > 0 {
            transition = nil
            editGeneration = Self.newGeneration(after: editGeneration)
        }
        if !changes.renamed.isEmpty { resizeGeneration = Self.newGeneration(after: resizeGeneration) }
        remember(changes)
    }

    /// Remembers the IDs of the list just applied (see
    /// ``changes(from:to:id:title:)``).
    mutating func remember(_ changes: TabListChanges) {
        changes.identities.remember(
            into: &identityMemory, editGeneration: editGeneration, resizeGeneration: resizeGeneration)
    }

    /// Whether one pass over every tab costs less than editing each run of
    /// changes: a run costs a block of widths and a chunk of titles moved
    /// plus the chunk and block starts after it renumbered (about 5,000
    /// instructions at 100k or 1M tabs), a pass about 60 per tab.
    static func rebuildIsCheaper(_ changes: TabListChanges) -> Bool {
        let runs = changes.departures.count + changes.arrivals.count + changes.renamed.count
        return runs * 100 > Swift.max(changes.oldCount, changes.newCount)
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
    func measuredWidth(ofTab j: Int, source: Int?, _ changes: TabListChanges) throws(TabStripError) -> Double {
        let badge = source.map { badges[$0] } ?? .none
        return try width(ofTitle: changes.titles[j], badge: badge, at: j, tabCount: changes.newCount)
    }

    /// ``apply(_:)`` as one pass: every width of the new list (kept ones
    /// reused), one new width index and one new title store (sharing the
    /// changes' titles).
    mutating func applyRebuilding(
        _ changes: TabListChanges, anchor: (anchor: TabStripGeometry.Anchor, newIndex: Int)?
    ) throws(TabStripError) {
        let m = changes.newCount
        var newWidths: [Double] = []
        newWidths.reserveCapacity(m)
        if case .equalDivision = sizing.rule {
            for j in 0..<m {
                newWidths.append(try measuredWidth(ofTab: j, source: changes.oldIndex(ofNewIndex: j), changes))
            }
        } else {
            var j = 0
            for run in changes.runs {
                while j < run.new {
                    newWidths.append(try measuredWidth(ofTab: j, source: nil, changes))
                    j += 1
                }
                geometry.widths.appendWidths(of: run.old..<(run.old + run.count), to: &newWidths)
                j += run.count
            }
            while j < m {
                newWidths.append(try measuredWidth(ofTab: j, source: nil, changes))
                j += 1
            }
            for j in changes.renamed {
                newWidths[j] = try measuredWidth(ofTab: j, source: changes.oldIndex(ofNewIndex: j), changes)
            }
        }
        try geometry.replaceAllWidths(newWidths)
        if let anchor { geometry.restore(anchor.anchor, mapping: { _ in anchor.newIndex }) }
        titles = TabTitles(changes.titles, chunkSize: titles.chunkSize)
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
                    width = try measuredWidth(ofTab: j, source: source, changes)
                }
                arrivalWidths.append(width)
                sum += width
            }
        }
        var renamedStays: [(rank: Int, title: String, width: Double)] = []
        var a = 0
        var arrivedBefore = 0
        for j in changes.renamed {
            while a < arrivals.count, arrivals[a].upperBound <= j {
                arrivedBefore += arrivals[a].count
                a += 1
            }
            if a < arrivals.count, arrivals[a].contains(j) { continue }
            guard let source = changes.oldIndex(ofNewIndex: j) else { continue }
            let width = try measuredWidth(ofTab: j, source: source, changes)
            sum += width - geometry.widths.width(unchecked: source)
            // After the departures, the stays stand in their new order:
            // new index minus the arrivals before it.
            renamedStays.append((j - arrivedBefore, changes.titles[j], width))
        }
        for range in departures {
            for i in range { sum -= geometry.widths.width(unchecked: i) }
        }
        try TabStripGeometry.requireContent(
            tabCount: m, natural: TabStripGeometry.naturalWidth(count: m, sum: sum, layout: layout))

        // Edit (none of these can throw now; a throw would be a bug, which
        // the internal checks after the edit would report).
        let titleStore = changes.titles
        do {
            try geometry.editWidths { widths throws(TabStripError) in
                for range in departures.reversed() {
                    try widths.removeTabs(in: range)
                    titles.removeSubrange(range)
                }
                for stay in renamedStays {
                    try widths.setWidth(stay.width, ofTab: stay.rank)
                    titles[stay.rank] = stay.title
                }
                var start = 0
                for range in arrivals {
                    try widths.insertTabs(widths: arrivalWidths[start..<(start + range.count)], at: range.lowerBound)
                    titles.insert(contentsOf: Array(titleStore[range]), at: range.lowerBound)
                    start += range.count
                }
            }
        } catch {
            preconditionFailure("a validated tab list edit failed: \(error)")
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
