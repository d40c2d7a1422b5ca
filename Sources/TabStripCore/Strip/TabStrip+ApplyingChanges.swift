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
    ///   O(r (B + C + n / C) + b log b) for r runs of changes (width blocks
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
        guard !changes.isEmpty else { return }
        let anchor = stayingAnchor(changes)
        if case .equalDivision = sizing.rule {
            try applyRebuilding(changes, anchor: anchor)
        } else if rebuilding ?? Self.rebuildIsCheaper(changes) {
            try applyRebuilding(changes, anchor: anchor)
        } else {
            try applyEditing(changes, anchor: anchor)
        }
        badges.remap(changes.newIndexOfOld)
        if let selected = selectedIndex {
            selectedIndex = changes.survivor(ofOldIndex: selected)
        } else if changes.newCount > 0 {
            selectedIndex = 0
        }
        unmeasured = UnmeasuredTabs()
        measuredWindow = nil
        if changes.removalCount + changes.insertionCount + changes.moveCount > 0 {
            transition = nil
            editGeneration &+= 1
        }
        if !changes.renamed.isEmpty { resizeGeneration &+= 1 }
    }

    /// Whether one pass over every tab costs less than editing each run of
    /// changes: a run costs a block of widths and a chunk of titles moved
    /// plus the chunk and block starts after it renumbered (about 4,000
    /// words at a million tabs), a pass about 3 words per tab.
    static func rebuildIsCheaper(_ changes: TabListChanges) -> Bool {
        let runs = runCount(changes.departures) + runCount(changes.arrivals) + changes.renamed.count
        return runs * 1_024 > changes.oldCount + changes.newCount
    }

    /// The number of runs of consecutive indices in ascending `indices`.
    static func runCount(_ indices: [Int]) -> Int {
        var runs = 0
        var previous = Int.min
        for i in indices {
            if i != previous &+ 1 { runs += 1 }
            previous = i
        }
        return runs
    }

    /// The first tab overlapping the viewport that is kept and not moved,
    /// with its distance from the viewport's leading edge and its new
    /// index; `nil` when there is none.
    func stayingAnchor(_ changes: TabListChanges) -> (anchor: TabStripGeometry.Anchor, newIndex: Int)? {
        let inView = geometry.visibleTabs(uncheckedOffset: geometry.contentOffset, overscan: 0)
        for i in inView {
            let j = changes.newIndexOfOld[i]
            guard j >= 0, !Self.contains(changes.arrivals, j) else { continue }
            let f = geometry.frame(unchecked: i)
            let distance = geometry.logicalLeading(of: f) - geometry.logicalViewportStart
            return (TabStripGeometry.Anchor(tab: i, distance: distance), j)
        }
        return nil
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

    /// The width tab `j` of the new list gets: the old width of a kept tab
    /// whose title did not change, else measured with its badge.
    func newWidth(ofTab j: Int, _ changes: TabListChanges, isRenamed: Bool) throws(TabStripError) -> Double {
        let source = changes.oldIndexOfNew[j]
        if source >= 0, !isRenamed { return geometry.widths.width(unchecked: source) }
        let badge = source >= 0 ? badges[source] : .none
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
                let source = changes.oldIndexOfNew[j]
                let badge = source >= 0 ? badges[source] : .none
                newWidths.append(try width(ofTitle: changes.titles[j], badge: badge, at: j, tabCount: m))
            }
        } else {
            let old = geometry.widths(of: 0..<tabCount)
            var r = 0
            for j in 0..<m {
                let isRenamed = r < changes.renamed.count && changes.renamed[r] == j
                if isRenamed { r += 1 }
                let source = changes.oldIndexOfNew[j]
                if source >= 0, !isRenamed {
                    newWidths.append(old[source])
                } else {
                    newWidths.append(try newWidth(ofTab: j, changes, isRenamed: isRenamed))
                }
            }
        }
        try geometry.replaceAllWidths(newWidths)
        if let anchor { geometry.restore(anchor.anchor, mapping: { _ in anchor.newIndex }) }
        titles = TabTitles(changes.titles, chunkSize: titles.chunkSize)
    }

    /// ``apply(_:)`` as edits: the departing tabs removed (run by run, from
    /// the end), the kept tabs that stay renamed in place, then the
    /// arriving tabs inserted (run by run, from the start), each at its
    /// new index. Every width is measured and the content width checked
    /// first, so no edit can fail half way: every intermediate strip is
    /// a subset of the old or the new one in width.
    mutating func applyEditing(
        _ changes: TabListChanges, anchor: (anchor: TabStripGeometry.Anchor, newIndex: Int)?
    ) throws(TabStripError) {
        let m = changes.newCount
        // Measure first (nothing changes if a width is bad).
        var arrivalWidths: [Double] = []
        arrivalWidths.reserveCapacity(changes.arrivals.count)
        var renamedStays: [(rank: Int, title: String, width: Double)] = []
        var a = 0
        var sum = geometry.sumOfWidths
        for j in changes.renamed {
            while a < changes.arrivals.count, changes.arrivals[a] < j { a += 1 }
            let arrives = a < changes.arrivals.count && changes.arrivals[a] == j
            guard !arrives else { continue }
            let width = try newWidth(ofTab: j, changes, isRenamed: true)
            sum += width - geometry.widths.width(unchecked: changes.oldIndexOfNew[j])
            // After the departures, the stays stand in their new order:
            // new index minus the arrivals before it.
            renamedStays.append((j - a, changes.titles[j], width))
        }
        var r = 0
        for j in changes.arrivals {
            while r < changes.renamed.count, changes.renamed[r] < j { r += 1 }
            let isRenamed = r < changes.renamed.count && changes.renamed[r] == j
            let width = try newWidth(ofTab: j, changes, isRenamed: isRenamed)
            arrivalWidths.append(width)
            sum += width
        }
        for i in changes.departures { sum -= geometry.widths.width(unchecked: i) }
        try TabStripGeometry.requireContent(
            tabCount: m, natural: TabStripGeometry.naturalWidth(count: m, sum: sum, layout: layout))

        // Edit (none of these can throw now; a throw would be a bug, which
        // the internal checks after the edit would report).
        let titleStore = changes.titles
        do {
            try geometry.editWidths { widths throws(TabStripError) in
                var end = changes.departures.count
                while end > 0 {
                    var start = end - 1
                    while start > 0, changes.departures[start - 1] == changes.departures[start] - 1 { start -= 1 }
                    let range = changes.departures[start]..<(changes.departures[end - 1] + 1)
                    try widths.removeTabs(in: range)
                    titles.removeSubrange(range)
                    end = start
                }
                for stay in renamedStays {
                    try widths.setWidth(stay.width, ofTab: stay.rank)
                    titles[stay.rank] = stay.title
                }
                var start = 0
                while start < changes.arrivals.count {
                    var end = start + 1
                    while end < changes.arrivals.count, changes.arrivals[end] == changes.arrivals[end - 1] + 1 {
                        end += 1
                    }
                    let index = changes.arrivals[start]
                    try widths.insertTabs(widths: arrivalWidths[start..<end], at: index)
                    titles.insert(contentsOf: Array(titleStore[index..<(index + end - start)]), at: index)
                    start = end
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
    /// Moves every badge to its tab's new index (`newIndexOfOld[i]`, -1
    /// dropping a removed tab's badge).
    /// - Complexity: O(b log b).
    mutating func remap(_ newIndexOfOld: [Int]) {
        guard !entries.isEmpty else { return }
        var kept: [Entry] = []
        kept.reserveCapacity(entries.count)
        for entry in entries {
            let j = newIndexOfOld[entry.index]
            if j >= 0 { kept.append(Entry(index: j, badge: entry.badge)) }
        }
        kept.sort { $0.index < $1.index }
        entries = kept
    }
}
