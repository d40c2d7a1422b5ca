/// Cells for the pinned tabs (see ``PinnedTabs``): every pinned tab has
/// one at all times, placed where the tab is shown, which moves with the
/// content offset.
extension TabStripVirtualizer {
    /// Pins tabs at each end of the strip (see
    /// ``TabStrip/setPinnedTabs(_:)``): the pinned tabs get cells at once
    /// and keep them wherever the strip scrolls; tabs no longer pinned get
    /// cells only while in view.
    /// - Throws: ``TabStripError/reentrantCall(operation:)`` from inside a
    ///   host callback; as ``TabStrip/setPinnedTabs(_:)``. Nothing changes.
    /// - Complexity: O(log n + v + p) for v visible and p pinned tabs.
    @usableFromInline package func setPinnedTabs(_ pins: PinnedTabs) throws(TabStripError) {
        try _enter("setPinnedTabs(_:)")
        defer { _leave() }
        try _strip.setPinnedTabs(pins)
        if !_strip.geometry._hasPinnedTabs {
            // No pins: the pinned cells go now (updates look for pinned
            // cells only on a strip with pins).
            while let pinned = pinnedCells.popLast() {
                if _host == nil { orphans.append(pinned) } else { scrap.append(pinned) }
            }
            _pinnedTabs.removeAll()
        }
        update(relayout: true)
    }

    /// ``updateAfterScroll()`` with pinned tabs: the visible range as
    /// usual (over the span the pinned tabs leave at the new offset, from
    /// their extents as of the last update),
    /// then every pinned tab's cell placed where the tab is now shown (its
    /// place in the content, kept since the last update, plus the pin
    /// shift), and the indicator when it is under a pinned tab (it moves
    /// with them).
    /// - Complexity: O(log n + k + p) for k tabs entering or leaving and
    ///   p pinned tabs (O(1) for a frame whose range holds, plus O(p)).
    @inlinable @inline(never)
    func _updateAfterScrollPinned() {
        guard let host = _host else { return }
        let extents = _pinnedExtents
        let (placement, scrolling) = withStrip { $0.pinPlacementInPlace(extents: extents) }
        let firstTrailing = scrolling.upperBound
        let target = withStrip { strip in
            Self.capped(strip.unpinnedTabsInPlace(cursor: &rangeCursor, cover: placement.cover), of: strip)
        }
        if target != cells.tabs {
            if _heldTab != nil {
                let kept = _releaseCellsKeepingHeld(outside: target)
                _fillEnteringHoldingCell(target, around: kept, host: host)
            } else {
                let kept = releaseCells(outside: target)
                fillEntering(target, around: kept, host: host)
            }
        }
        for k in 0..<_pinnedTabs.count {
            let (tab, natural) = _pinnedTabs[k]
            var frame = natural
            frame.x += tab < firstTrailing ? placement.leadingShift : placement.trailingShift
            if pinnedCells[tab: k].frame != frame {
                pinnedCells[tab: k].frame = frame
                host.place(pinnedCells[tab: k].cell, at: frame)
                _counters.placed += 1
            }
        }
        releaseScrap(host: host)
        // The indicator moves with the offset only under a pinned tab.
        let underPinned = withStrip { strip in
            if let transition = strip.transition {
                return strip.isPinned(transition.from) || strip.isPinned(transition.to)
            }
            return strip.selectedIndex.map { strip.isPinned($0) } ?? false
        }
        if underPinned {
            moveIndicatorIfNeeded(
                host: host, pinShifts: (placement.leadingShift, placement.trailingShift, scrolling))
        }
        if cells.count > _counters.maximumVisible { _counters.maximumVisible = cells.count }
    }

    /// Gives every pinned tab a cell up to date (frame, content when its
    /// selected state changed or `contentChanged` or `dirty` names it,
    /// appearance, always when `force`), from the cells the pinned tabs
    /// had (``pinnedCells``, their tabs at their current indices in
    /// ``_pinnedTabs``, in any order), else as an entering tab gets one;
    /// the cells of tabs no longer pinned go to the scrap. A held cell
    /// whose tab is now pinned is let go (the pinned tab's cell shows it).
    /// Keeps the pinned tabs' places and extents for scroll frames.
    /// - Complexity: O(p log n) for p pinned tabs (O(p²) comparisons when
    ///   the pinned tabs changed).
    @inlinable @inline(never)
    func _syncPinnedCells(host: Host, contentChanged: (Int) -> Bool, dirty: (Int?, Int?), force: Bool) {
        let (leading, trailing) = withStrip { $0.geometry.pinnedTabRanges }
        if let held = _heldTab, leading.contains(held) || trailing.contains(held) {
            if let entry = _heldEntry.take() {
                pinnedCells.append(entry)
                _pinnedTabs.append((held, .zero))
            }
            _heldTab = nil
        }
        let wanted = leading.count + trailing.count
        func wantedTab(_ k: Int) -> Int { k < leading.count ? k : trailing.lowerBound + k - leading.count }
        // The common case: the same tabs, in order (a selection, a style).
        var same = _pinnedTabs.count == wanted
        var k = 0
        while same, k < wanted {
            same = _pinnedTabs[k].tab == wantedTab(k)
            k += 1
        }
        if !same {
            // Cells of tabs no longer pinned go first, so that new pinned
            // tabs can take them; the rest are put in tab order.
            var kept: [(tab: Int, entry: Entry)] = []
            while let entry = pinnedCells.popLast() {
                let tab = _pinnedTabs.removeLast().tab
                if leading.contains(tab) || trailing.contains(tab) {
                    kept.append((tab, entry))
                } else {
                    scrap.append(entry)
                }
            }
            for k in 0..<wanted {
                let tab = wantedTab(k)
                if let at = kept.firstIndex(where: { $0.tab == tab }) {
                    pinnedCells.append(kept.remove(at: at).entry)
                } else {
                    let frame = withStrip { $0.shownFrame(unchecked: tab) }
                    pinnedCells.append(takeCell(for: tab, frame: frame, host: host))
                }
                _pinnedTabs.append((tab, .zero))
            }
        }
        let extents = withStrip { $0.geometry.pinnedExtents }
        let (placement, scrolling) = withStrip { $0.pinPlacementInPlace(extents: extents) }
        let firstTrailing = scrolling.upperBound
        for k in 0..<wanted {
            let tab = _pinnedTabs[k].tab
            let natural = withStrip { $0.frame(unchecked: tab) }
            var frame = natural
            frame.x += tab < firstTrailing ? placement.leadingShift : placement.trailingShift
            _pinnedTabs[k].frame = natural
            let changed = contentChanged(tab) || dirty.0 == tab || dirty.1 == tab
            let entry = pinnedCells[tab: k]
            pinnedCells[tab: k] = _bringUpToDate(
                entry, ofTab: tab, frame: frame, host: host, contentChanged: changed, force: force)
        }
        _pinnedExtents = extents
    }

    /// The pinned tabs' cells, drained into the remapped entries of a
    /// structural edit at their tabs' new indices (a removed tab's cell
    /// goes to the scrap): like every kept cell, they go to the tabs'
    /// new places, pinned, in view or held.
    @inlinable @inline(never)
    func _remapPinnedCells(_ mapping: (Int) -> Int?) {
        while let entry = pinnedCells.popLast() {
            if let newIndex = mapping(_pinnedTabs.removeLast().tab) {
                remapped.append((newIndex, entry))
            } else {
                scrap.append(entry)
            }
        }
    }
}
