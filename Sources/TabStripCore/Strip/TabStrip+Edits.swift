/// Edits on a live strip.
///
/// Every edit keeps the selection on the same tab (its index moves with it)
/// and keeps the first visible tab where it was on screen by moving the
/// content offset by the width change of everything before it (scroll
/// anchoring, clamped to ``TabStrip/contentOffsetRange``), except
/// ``TabStrip/replaceAllTabs(with:)``, whose tabs are all new.
///
/// Edits that add, remove or reorder tabs end any transition in progress
/// (``TabStrip/transition`` becomes `nil`: the tabs it was between may have
/// moved). Renaming a tab, setting a badge, and changing the sizing, the
/// viewport or the layout keep it: every tab keeps its index.
///
/// With ``TabSizing/Rule/equalDivision(spacing:minimum:)`` every width
/// depends on the tab count and the available width, so inserts, removes,
/// viewport, inset and spacing changes resize every tab; the anchored tab is
/// put back after the resizing. The strip divides with its layout's spacing,
/// whatever spacing the rule names, so the tabs always fill the viewport.
extension TabStrip {
    /// Inserts tabs so that the first of them gets index `index`, on a
    /// strip built from titles alone (without IDs).
    ///
    /// When the strip was empty, the first inserted tab becomes selected.
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)`` unless
    ///   `0 <= index <= tabCount`; ``TabStripError/invalidWidth(index:value:)``
    ///   naming the index the offending title would have had when the
    ///   measurer returns a bad width;
    ///   ``TabStripError/countExceedsLimit(name:value:limit:)`` past the tab
    ///   bound; ``TabStripError/tabIDsRequired(operation:)`` on a strip
    ///   that keeps IDs (insert with ``insertTabs(_:id:title:at:)``).
    ///   Nothing changes.
    /// - Complexity: one measurement per new title, plus the width index's
    ///   insert (O(B + k + G + m / G), see <doc:WidthIndex>), plus
    ///   O(k + C + n / C) to insert k titles into ``TabTitles`` (chunks of
    ///   C = 2048), plus O(b) for b badged tabs.
    public mutating func insertTabs<Titles: Collection>(_ newTitles: Titles, at index: Int) throws(TabStripError)
    where Titles.Element == String {
        defer { _checkAfterMutation() }
        try TabStripError.requireInsertionIndex(index, in: tabCount)
        // The bound first: a collection may claim any count (a lazy one of
        // `Int.max` titles), which neither a sum nor an array may meet.
        try TabStripError.requireCount(
            tabCount, adding: newTitles.count, atMost: TabStripLimits.maximumCount, "tabCount")
        guard ids == nil else { throw .tabIDsRequired(operation: "insertTabs(_:at:)") }
        let added = Array(newTitles)
        guard !added.isEmpty else { return }
        try measuringShownTabs { strip throws(TabStripError) in try strip.insertMeasured(added, at: index) }
    }

    /// Inserts `tabs`, each with the ID and title `id` and `title` give, so
    /// that the first of them gets index `index`: on a strip that keeps
    /// IDs, whether its titles are stored or come from a source (the new
    /// tabs' titles are kept beside the source's). The new tabs are
    /// measured at once.
    ///
    /// When the strip was empty, the first inserted tab becomes selected.
    /// - Throws: as ``insertTabs(_:at:)``;
    ///   ``TabStripError/duplicateTabID(name:id:index:)`` (name `"tabs"`)
    ///   for an ID a tab has, or that repeats among `tabs`;
    ///   ``TabStripError/tabIDsUnavailable(operation:asked:kept:)`` on a strip without
    ///   IDs of this type. Nothing changes.
    /// - Complexity: as ``insertTabs(_:at:)``, plus O(k + C + p) for the IDs
    ///   (p pieces of IDs).
    public mutating func insertTabs<Tabs: Collection, ID: Hashable & Sendable>(
        _ tabs: Tabs, id: (Tabs.Element) -> ID, title: (Tabs.Element) -> String, at index: Int
    ) throws(TabStripError) {
        defer { _checkAfterMutation() }
        try TabStripError.requireInsertionIndex(index, in: tabCount)
        try TabStripError.requireCount(tabCount, adding: tabs.count, atMost: TabStripLimits.maximumCount, "tabCount")
        let column = try idColumn(ID.self, "insertTabs(_:id:title:at:)")
        var newIDs: [ID] = []
        var newTitles: [String] = []
        newIDs.reserveCapacity(tabs.count)
        newTitles.reserveCapacity(tabs.count)
        var seen = Set<ID>(minimumCapacity: tabs.count)
        for tab in tabs {
            let key = id(tab)
            if !seen.insert(key).inserted || column.contains(key) {
                throw .duplicateTabID(name: "tabs", id: String(describing: key), index: newIDs.count)
            }
            newIDs.append(key)
            newTitles.append(title(tab))
        }
        guard !newIDs.isEmpty else { return }
        try measuringShownTabs { strip throws(TabStripError) in
            try strip.insertMeasured(newTitles, at: index)
            strip.editIDs(ID.self) { $0.insert(newIDs, at: index) }
        }
    }

    /// ``insertTabs(_:at:)`` for a valid index and titles, before the
    /// tabs then in view are measured.
    mutating func insertMeasured(_ added: [String], at index: Int) throws(TabStripError) {
        let oldCount = tabCount
        try TabStripError.requireCount(tabCount, adding: added.count, atMost: TabStripLimits.maximumCount, "tabCount")
        let newCount = tabCount + added.count
        var widths: [Double] = []
        widths.reserveCapacity(added.count)
        for (k, title) in added.enumerated() {
            widths.append(try width(ofTitle: title, badge: .none, at: index + k, tabCount: newCount))
        }
        let inserted = added.count
        try applyAnchored(tabCount: newCount, mapping: { $0 >= index ? $0 + inserted : $0 }) {
            g throws(TabStripError) in
            try g.insertTabs(widths: widths, at: index)
        }
        titles.insert(contentsOf: added, at: index)
        badges.insert(count: added.count, at: index)
        unmeasured.insert(count: added.count, at: index, unmeasured: false, tabCount: oldCount)
        if let selected = selectedIndex {
            selectedIndex = selected >= index ? selected + added.count : selected
        } else {
            selectedIndex = index
        }
        transition = nil
        editGeneration = Self.newGeneration(after: editGeneration)
    }

    /// Removes the tabs in `range`.
    ///
    /// When the selected tab is removed, the tab that takes its index is
    /// selected (the one before the range when the range was at the end);
    /// with no tabs left, nothing is.
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)`` naming a
    ///   bound outside `0...tabCount`; nothing changes.
    /// - Complexity: the width index's removal (as an insert, see
    ///   <doc:WidthIndex>) plus O(k + C + n / C) for k titles in
    ///   ``TabTitles`` (chunks of C = 2048), plus O(b) for b badged tabs.
    public mutating func removeTabs(in range: Range<Int>) throws(TabStripError) {
        defer { _checkAfterMutation() }
        try TabStripError.requireInsertionIndex(range.lowerBound, in: tabCount)
        try TabStripError.requireInsertionIndex(range.upperBound, in: tabCount)
        guard !range.isEmpty else { return }
        try measuringShownTabs { strip throws(TabStripError) in try strip.removeValidated(range) }
    }

    /// ``removeTabs(in:)`` for a valid, non-empty range, before the tabs
    /// then in view are measured.
    mutating func removeValidated(_ range: Range<Int>) throws(TabStripError) {
        let oldCount = tabCount
        let newCount = tabCount - range.count
        // A removed anchor is replaced by the first tab after the range.
        try applyAnchored(
            tabCount: newCount,
            mapping: { $0 < range.lowerBound ? $0 : ($0 >= range.upperBound ? $0 - range.count : range.lowerBound) }
        ) { g throws(TabStripError) in
            try g.removeTabs(in: range)
        }
        titles.remove(range)
        ids?.removeTabs(in: range)
        badges.remove(range)
        unmeasured.remove(range, tabCount: oldCount)
        if let selected = selectedIndex {
            if newCount == 0 {
                selectedIndex = nil
            } else if selected >= range.upperBound {
                selectedIndex = selected - range.count
            } else if selected >= range.lowerBound {
                selectedIndex = Swift.min(range.lowerBound, newCount - 1)
            }
        }
        transition = nil
        editGeneration = Self.newGeneration(after: editGeneration)
    }

    /// Gives tab `index` a new title and re-measures it.
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)`` or
    ///   ``TabStripError/invalidWidth(index:value:)``; nothing changes.
    /// - Complexity: one measurement plus a width change in the width index
    ///   (O(B + G + m / G), see <doc:WidthIndex>).
    public mutating func renameTab(_ index: Int, to title: String) throws(TabStripError) {
        defer { _checkAfterMutation() }
        if titles.isFromSource {
            return try measuringShownTabs { strip throws(TabStripError) in try strip.applyRename(index, to: title) }
        }
        try applyRename(index, to: title)
    }

    /// ``renameTab(_:to:)`` before the tabs then in view are measured (a
    /// strip with titles from a source keeps `title` beside the source's,
    /// and measures it).
    @inline(__always)
    mutating func applyRename(_ index: Int, to title: String) throws(TabStripError) {
        try TabStripError.requireIndex(index, in: tabCount)
        let width = try width(ofTitle: title, badge: badges[index], at: index, tabCount: tabCount)
        try geometry.setWidth(width, ofTab: index)
        titles.rename(index, to: title)
        unmeasured.markMeasured(index)
        resizeGeneration = Self.newGeneration(after: resizeGeneration)
    }

    /// Sets or clears (``TabBadge/none``) the badge of tab `index`. A badge
    /// widens a measured tab by ``BadgeStyle/extraTabWidth(for:)``.
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)``;
    ///   ``TabStripError/invalidValue(name:value:)`` (name `"badgeCount"`) for
    ///   a negative count; ``TabStripError/invalidWidth(index:value:)`` from
    ///   the measurer. Nothing changes.
    /// - Complexity: one measurement plus a width change in the width index
    ///   (O(B + G + m / G), see <doc:WidthIndex>), plus O(b) for b badged
    ///   tabs when a badge is added or removed.
    public mutating func setBadge(_ badge: TabBadge, ofTab index: Int) throws(TabStripError) {
        defer { _checkAfterMutation() }
        if titles.isFromSource {
            return try measuringShownTabs { strip throws(TabStripError) in
                try strip.applyBadgeFromSource(badge, ofTab: index)
            }
        }
        try TabStripError.requireIndex(index, in: tabCount)
        let width = try width(ofTitle: titles[index], badge: badge, at: index, tabCount: tabCount)
        try geometry.setWidth(width, ofTab: index)
        badges[index] = badge
        resizeGeneration = Self.newGeneration(after: resizeGeneration)
    }

    /// ``setBadge(_:ofTab:)`` on a strip with titles from a source, before
    /// the tabs then in view are measured: an estimated tab keeps its
    /// estimate (the badge counts when it is measured); a measured one is
    /// measured again, its title from the source.
    mutating func applyBadgeFromSource(_ badge: TabBadge, ofTab index: Int) throws(TabStripError) {
        try TabStripError.requireIndex(index, in: tabCount)
        try BadgeStyle.requireValid(badge)
        if !unmeasured.contains(index) {
            guard let title = titles.title(ofTab: index) else { throw .titleUnavailable(index: index) }
            let width = try width(ofTitle: title, badge: badge, at: index, tabCount: tabCount)
            try geometry.setWidth(width, ofTab: index)
        }
        badges[index] = badge
        resizeGeneration = Self.newGeneration(after: resizeGeneration)
    }

    /// Moves tab `source` so that it ends up at index `destination`; its
    /// title, badge and selection go with it.
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)``; nothing
    ///   changes.
    /// - Complexity: two edits of the width index, O(C + n / C) for the
    ///   titles (chunks of C = 2048), and O(b log b) for b badged tabs.
    public mutating func moveTab(from source: Int, to destination: Int) throws(TabStripError) {
        defer { _checkAfterMutation() }
        if titles.isFromSource {
            return try measuringShownTabs { strip throws(TabStripError) in
                try strip.applyMove(from: source, to: destination)
            }
        }
        try applyMove(from: source, to: destination)
    }

    /// ``moveTab(from:to:)`` leaving the content offset where it was
    /// (clamped) instead of anchoring the first visible tab: a dropped
    /// tab, whose new order the screen already shows.
    /// - Complexity: as ``moveTab(from:to:)``.
    @usableFromInline package mutating func moveTabKeepingOffset(from source: Int, to destination: Int)
        throws(TabStripError)
    {
        let offset = geometry.contentOffset
        try moveTab(from: source, to: destination)
        geometry.contentOffset = geometry.clamped(offset)
        _checkAfterMutation()
    }

    /// ``moveTab(from:to:)`` before the tabs then in view are measured.
    @inline(__always)
    mutating func applyMove(from source: Int, to destination: Int) throws(TabStripError) {
        try geometry.moveTab(from: source, to: destination)
        guard source != destination else { return }
        // The tab's title goes with it: a stored one, or its run of one
        // from the source.
        let moved = titles.removeSubrange(source..<(source + 1))
        titles.insert(moved, at: destination)
        ids?.moveTab(from: source, to: destination)
        unmeasured.move(from: source, to: destination, tabCount: tabCount)
        let mapping = { (i: Int) in TabStripGeometry.index(i, afterMovingFrom: source, to: destination) }
        badges.renumber(mapping)
        selectedIndex = selectedIndex.map(mapping)
        transition = nil
        editGeneration = Self.newGeneration(after: editGeneration)
    }

    /// Replaces every tab of a strip built from titles alone (a strip that
    /// keeps IDs takes a new list by ID: ``changes(to:id:title:)``).
    /// Badges are cleared; the selection keeps its index when it still
    /// exists, else the last tab is selected (none when empty); the content
    /// offset is clamped.
    /// - Throws: ``TabStripError/invalidWidth(index:value:)``;
    ///   ``TabStripError/tabIDsRequired(operation:)`` on a strip that keeps
    ///   IDs. Nothing changes.
    /// - Complexity: O(n) measurements plus O(n).
    public mutating func replaceAllTabs<Titles: Collection>(with newTitles: Titles) throws(TabStripError)
    where Titles.Element == String {
        defer { _checkAfterMutation() }
        guard ids == nil else { throw .tabIDsRequired(operation: "replaceAllTabs(with:)") }
        try TabStripError.requireCount(newTitles.count, atMost: TabStripLimits.maximumCount, "tabCount")
        let all = Array(newTitles)
        let widths = try sizing.adopting(spacing: layout.spacing).widths(ofTitles: all, availableWidth: availableWidth)
        try geometry.replaceAllWidths(widths)
        titles = TabTitles(all)
        badges.removeAll()
        unmeasured = UnmeasuredTabs()
        estimate = nil
        selectedIndex = all.isEmpty ? nil : Swift.min(selectedIndex ?? 0, all.count - 1)
        transition = nil
        editGeneration = Self.newGeneration(after: editGeneration)
    }

    /// Changes how widths are decided and re-sizes every tab; the first
    /// visible tab keeps its place.
    ///
    /// On a strip whose titles come from a source (a font change, Dynamic
    /// Type), every tab goes back to its estimate and only the tabs then
    /// in view are measured before this returns; the others are measured
    /// again by ``measurePendingTabs(limit:)`` or as they are shown, as
    /// after a build.
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` for a bad
    ///   sizing, ``TabStripError/invalidWidth(index:value:)`` from the
    ///   measurer; nothing changes.
    /// - Complexity: O(n) measurements plus O(n) for a strip that stores
    ///   its titles. From a source, with a constant estimate: O(k log k +
    ///   r (B + G + m / G) + v) while at most 256 tabs are measured (k of
    ///   them, in r runs of consecutive tabs; the others already have the
    ///   estimate), else O(n / B + v), for v tabs in view; the same O(n /
    ///   B + v) under a rule that measures nothing, with no badge; O(n)
    ///   estimates with a per-title one. The tabs in view are measured.
    public mutating func setSizing(_ newSizing: TabSizing) throws(TabStripError) {
        defer { _checkAfterMutation() }
        try newSizing.validate()
        if titles.isFromSource, estimate != nil {
            if try setSizingResettingMeasured(newSizing) { return }
            // The first tab in view keeps its place while the tabs then in
            // view are measured, even when its estimate takes it out of view.
            return try measuringShownTabs(anchor: geometry.captureAnchor()?.tab) { strip throws(TabStripError) in
                try strip.setSizingEstimated(newSizing)
            }
        }
        let effective = newSizing.adopting(spacing: layout.spacing)
        var widths = try effective.widths(ofTitles: titles, availableWidth: availableWidth)
        for entry in badges.entries {
            widths[entry.index] = try effective.width(
                ofTitle: titles[entry.index], badge: entry.badge, at: entry.index,
                tabCount: tabCount, availableWidth: availableWidth
            )
        }
        geometry = try anchoredGeometry(tabCount: tabCount, sizing: newSizing, mapping: { $0 }) {
            g throws(TabStripError) in
            try g.replaceAllWidths(widths)
        }
        sizing = newSizing
        resizeGeneration = Self.newGeneration(after: resizeGeneration)
    }

    /// Changes the viewport (a rotation, a window resize): the first visible
    /// tab keeps its place, then, if the selected tab is not fully in view
    /// with ``revealMargin`` on each side, the strip scrolls as little as
    /// possible to show it. Equal-division tabs are re-divided.
    /// - Throws: ``TabStripError/invalidViewport(width:height:)``; nothing
    ///   changes.
    /// - Complexity: O(log n), plus O(n / B) for equal-division sizing,
    ///   plus the measuring of the tabs brought into view on a strip whose
    ///   titles come from a source.
    public mutating func setViewport(_ viewport: Viewport) throws(TabStripError) {
        defer { _checkAfterMutation() }
        if titles.isFromSource {
            return try measuringShownTabsKeepingWidths { strip throws(TabStripError) in
                try strip.applyViewport(viewport)
            }
        }
        try applyViewport(viewport)
    }

    /// ``setViewport(_:)`` before the tabs then in view are measured.
    @inline(__always)
    mutating func applyViewport(_ viewport: Viewport) throws(TabStripError) {
        var newGeometry = try anchoredGeometry(tabCount: tabCount, mapping: { $0 }) { g throws(TabStripError) in
            try g.setViewport(viewport)
        }
        if let selected = selectedIndex {
            let target = try newGeometry.contentOffset(revealingTab: selected, margin: revealMargin)
            try newGeometry.setContentOffset(target)
        }
        geometry = newGeometry
        measuredWindow = nil
    }

    /// Changes insets, spacing, direction, alignment or overscan; the first
    /// visible tab keeps its place. Equal-division tabs are re-divided.
    ///
    /// A direction change mirrors the screen around the selected tab: it
    /// keeps its distance from the viewport's leading edge (the left edge
    /// in left-to-right layouts, the right edge in right-to-left ones), so a
    /// tab shown 40 points from the left edge is shown 40 points from the
    /// right edge. The offset is then clamped, and if the selected tab is
    /// not fully in view with ``revealMargin`` on each side (it was off
    /// screen, or clamping moved it), the strip scrolls as little as
    /// possible to show it, as ``select(_:scroll:)`` with
    /// ``SelectionScroll/reveal`` does. With no tab selected (no tabs), the
    /// strip starts at tab 0's end.
    /// - Throws: ``TabStripError/invalidValue(name:value:)``; nothing changes.
    /// - Complexity: O(log n), plus O(n / B) for equal-division
    ///   sizing, plus the measuring of the tabs brought into view on a strip
    ///   whose titles come from a source.
    public mutating func setLayout(_ layout: TabStripLayout) throws(TabStripError) {
        defer { _checkAfterMutation() }
        if titles.isFromSource {
            return try measuringShownTabsKeepingWidths { strip throws(TabStripError) in
                try strip.applyLayout(layout)
            }
        }
        try applyLayout(layout)
    }

    /// ``setLayout(_:)`` before the tabs then in view are measured.
    @inline(__always)
    mutating func applyLayout(_ layout: TabStripLayout) throws(TabStripError) {
        let directionChanged = layout.direction != self.layout.direction
        var newGeometry = try anchoredGeometry(tabCount: tabCount, mapping: { $0 }) { g throws(TabStripError) in
            try g.setLayout(layout)
        }
        if directionChanged {
            if let selected = selectedIndex {
                // The selected tab's distance from the leading edge, before
                // the change; after it (and any re-division), the same
                // distance from the new leading edge, then revealed.
                let before = try geometry.frame(ofTab: selected)
                let anchor = TabStripGeometry.Anchor(
                    tab: selected, distance: geometry.logicalLeading(of: before) - geometry.logicalViewportStart)
                newGeometry.restore(anchor, mapping: { $0 })
                try newGeometry.setContentOffset(
                    newGeometry.contentOffset(revealingTab: selected, margin: revealMargin))
            } else {
                // After the resizing: in right to left, tab 0's end moves
                // with the content width.
                try newGeometry.setContentOffset(newGeometry.startOffset)
            }
        }
        geometry = newGeometry
        measuredWindow = nil
    }

    /// Changes the margin kept around revealed tabs.
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` unless finite
    ///   and `>= 0`; nothing changes.
    public mutating func setRevealMargin(_ margin: Double) throws(TabStripError) {
        defer { _checkAfterMutation() }
        try TabStripError.requireLength(margin, "revealMargin")
        revealMargin = margin
    }
}

extension TabStrip {
    /// The width an equal-division sizing shares among the tabs.
    var availableWidth: Double {
        Self.availableWidth(viewport: geometry.viewport, layout: geometry.layout)
    }

    /// The width of one tab with the current sizing and viewport.
    func width(ofTitle title: String, badge: TabBadge, at index: Int, tabCount: Int) throws(TabStripError) -> Double {
        try sizing.adopting(spacing: layout.spacing).width(
            ofTitle: title, badge: badge, at: index,
            tabCount: tabCount, availableWidth: availableWidth
        )
    }

    /// Applies a structural `change` (an insert or a remove) with the first
    /// tab in view anchored. With measured or fixed widths the change is
    /// made in place: the geometry's edits are atomic, so a throw leaves it
    /// as it was, and no copy of the width index is made (a copy would be
    /// duplicated by copy-on-write on the first write). Equal-division
    /// strips, whose widths all change, go through ``anchoredGeometry(tabCount:sizing:mapping:_:)``.
    /// - Complexity: that of `change`, plus O(n) for equal-division sizing.
    mutating func applyAnchored(
        tabCount: Int,
        mapping: (Int) -> Int,
        _ change: (inout TabStripGeometry) throws(TabStripError) -> Void
    ) throws(TabStripError) {
        if case .equalDivision = sizing.rule {
            geometry = try anchoredGeometry(tabCount: tabCount, mapping: mapping, change)
            return
        }
        let anchor = geometry.captureAnchor()
        try change(&geometry)
        geometry.restore(anchor, mapping: mapping)
    }

    /// Applies `change` to a copy of the geometry, re-divides equal-division
    /// widths, then puts the tab that was first in view (at its new index,
    /// `mapping`) back at its distance from the viewport's leading edge,
    /// clamped. Anchoring once around the whole change keeps the tab in
    /// place even when re-dividing resizes every tab.
    ///
    /// The content limit applies to the result, after re-dividing: when the
    /// change alone would exceed it (a tab inserted at the new, smaller
    /// width next to tabs still at the old one; wider spacing), it is made
    /// again on a copy whose existing tabs are collapsed to width 0 first,
    /// and the re-division then gives every tab its width.
    /// - Complexity: that of `change`, plus O(n) for equal-division sizing.
    func anchoredGeometry(
        tabCount: Int,
        sizing: TabSizing? = nil,
        mapping: (Int) -> Int,
        _ change: (inout TabStripGeometry) throws(TabStripError) -> Void
    ) throws(TabStripError) -> TabStripGeometry {
        var newGeometry = geometry
        let anchor = newGeometry.captureAnchor()
        do {
            try change(&newGeometry)
        } catch {
            guard case .lengthExceedsLimit(name: "contentWidth", _, _) = error,
                case .equalDivision = (sizing ?? self.sizing).rule
            else { throw error }
            newGeometry = geometry
            try newGeometry.replaceAllWidths(repeatElement(0, count: newGeometry.tabCount))
            // Collapsing clamped the offset; the anchor puts it back below.
            try newGeometry.setContentOffset(geometry.contentOffset)
            try change(&newGeometry)
        }
        try Self.resizeEqualDivision(&newGeometry, sizing: sizing ?? self.sizing, tabCount: tabCount)
        newGeometry.restore(anchor, mapping: mapping)
        return newGeometry
    }

    /// Re-divides the available width after the count or viewport changed,
    /// for equal-division sizing (every width depends on both): every tab
    /// gets the new width, the full blocks sharing one buffer.
    /// - Complexity: O(n / B) for equal-division sizing, O(1) otherwise.
    static func resizeEqualDivision(_ geometry: inout TabStripGeometry, sizing: TabSizing, tabCount: Int)
        throws(TabStripError)
    {
        guard case .equalDivision = sizing.rule, tabCount > 0 else { return }
        let available = availableWidth(viewport: geometry.viewport, layout: geometry.layout)
        let width = try sizing.adopting(spacing: geometry.layout.spacing)
            .width(ofTitle: "", at: 0, tabCount: tabCount, availableWidth: available)
        if geometry.widths.count == tabCount {
            try geometry.replaceAllWidths(repeating: width)
        } else {
            try geometry.replaceAllWidths(repeatElement(width, count: tabCount))
        }
    }
}
