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
    public func setPinnedTabs(_ pins: PinnedTabs) throws(TabStripError) {
        try _enter("setPinnedTabs(_:)")
        defer { _leave() }
        try _strip.setPinnedTabs(pins)
        if !_strip.geometry._hasPinnedTabs {
            // No pins: the pinned cells go now (updates look for pinned
            // cells only on a strip with pins).
            while let pinned = _pinnedCells.popLast() {
                if _host == nil { orphans.append(pinned.entry) } else { scrap.append(pinned.entry) }
            }
        }
        update(relayout: true)
    }

    /// ``updateAfterScroll()`` with pinned tabs: the visible range as
    /// usual, then every pinned tab's cell placed where the tab is now
    /// shown, and the indicator when it is under a pinned tab (it moves
    /// with them).
    /// - Complexity: O(log n + k + p) for k tabs entering or leaving and
    ///   p pinned tabs.
    @inlinable @inline(never)
    func _updateAfterScrollPinned() {
        guard let host = _host else { return }
        let target = withStrip { Self.cellRange(of: &$0, cursor: &rangeCursor) }
        if target != cells.tabs {
            if _heldTab != nil {
                let kept = _releaseCellsKeepingHeld(outside: target)
                _fillEnteringHoldingCell(target, around: kept, host: host)
            } else {
                let kept = releaseCells(outside: target)
                fillEntering(target, around: kept, host: host)
            }
        }
        for k in _pinnedCells.indices {
            let tab = _pinnedCells[k].tab
            let frame = withStrip { $0.shownFrame(unchecked: tab) }
            if _pinnedCells[k].entry.frame != frame {
                _pinnedCells[k].entry.frame = frame
                host.place(_pinnedCells[k].entry.cell, at: frame)
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
        if underPinned { moveIndicatorIfNeeded(host: host) }
        if cells.count > _counters.maximumVisible { _counters.maximumVisible = cells.count }
    }

    /// Gives every pinned tab a cell up to date (frame, content when its
    /// selected state changed or `contentChanged` or `dirty` names it,
    /// appearance, always when `force`), from the cells the pinned tabs
    /// had (``_pinnedCells``, at their current indices, in any order),
    /// else as an entering tab gets one; the cells of tabs no longer
    /// pinned go to the scrap. A held cell whose tab is now pinned is let
    /// go (the pinned tab's cell shows it).
    /// - Complexity: O(p log n) for p pinned tabs (O(p²) comparisons when
    ///   the pinned tabs changed).
    @inlinable @inline(never)
    func _syncPinnedCells(host: Host, contentChanged: (Int) -> Bool, dirty: (Int?, Int?), force: Bool) {
        let (leading, trailing) = withStrip { $0.geometry.pinnedTabRanges }
        if let held = _heldTab, leading.contains(held) || trailing.contains(held) {
            if let entry = _heldEntry.take() { _pinnedCells.append((held, entry)) }
            _heldTab = nil
        }
        let wanted = leading.count + trailing.count
        // The common case: the same tabs, in order (a selection, a style).
        var same = _pinnedCells.count == wanted
        var k = 0
        while same, k < wanted {
            same = _pinnedCells[k].tab == (k < leading.count ? k : trailing.lowerBound + k - leading.count)
            k += 1
        }
        if !same {
            // Cells of tabs no longer pinned go first, so that new pinned
            // tabs can take them; the rest are put in tab order.
            k = 0
            while k < _pinnedCells.count {
                let tab = _pinnedCells[k].tab
                if leading.contains(tab) || trailing.contains(tab) {
                    k += 1
                } else {
                    scrap.append(_pinnedCells.remove(at: k).entry)
                }
            }
            var ordered: [(tab: Int, entry: Entry)] = []
            ordered.reserveCapacity(wanted)
            for k in 0..<wanted {
                let tab = k < leading.count ? leading.lowerBound + k : trailing.lowerBound + k - leading.count
                if let at = _pinnedCells.firstIndex(where: { $0.tab == tab }) {
                    ordered.append(_pinnedCells.remove(at: at))
                } else {
                    let frame = withStrip { $0.shownFrame(unchecked: tab) }
                    ordered.append((tab, takeCell(for: tab, frame: frame, host: host)))
                }
            }
            _pinnedCells = ordered
        }
        for k in _pinnedCells.indices {
            let tab = _pinnedCells[k].tab
            let frame = withStrip { $0.shownFrame(unchecked: tab) }
            let changed = contentChanged(tab) || dirty.0 == tab || dirty.1 == tab
            let entry = _pinnedCells[k].entry
            _pinnedCells[k].entry = _bringUpToDate(
                entry, ofTab: tab, frame: frame, host: host, contentChanged: changed, force: force)
        }
    }

    /// The pinned tabs' cells, drained into the remapped entries of a
    /// structural edit at their tabs' new indices (a removed tab's cell
    /// goes to the scrap): like every kept cell, they go to the tabs'
    /// new places, pinned, in view or held.
    @inlinable @inline(never)
    func _remapPinnedCells(_ mapping: (Int) -> Int?) {
        while let pinned = _pinnedCells.popLast() {
            if let newIndex = mapping(pinned.tab) {
                remapped.append((newIndex, pinned.entry))
            } else {
                scrap.append(pinned.entry)
            }
        }
    }
}
