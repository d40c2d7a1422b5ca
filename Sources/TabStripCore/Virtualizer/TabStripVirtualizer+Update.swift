/// How the virtualiser brings the host's cells in line with the strip.
extension TabStripVirtualizer {
    /// The hot path, after a scroll: frames are in content coordinates, so
    /// neither kept cells, their appearance nor the indicator can have
    /// changed; only tabs entering and leaving the range need work.
    @inlinable
    func updateAfterScroll() {
        if _widthsCorrected { return _updateAfterCorrections() }
        _counters.updates += 1
        // The host is bound (retained) only when tabs enter or leave: a
        // frame that keeps its range touches no reference count.
        guard _host != nil else { return _orphanCells() }
        // Pinned tabs move with the offset: the path out of line, one
        // check here.
        if withStrip({ $0.geometry._hasPinnedTabs }) { return _updateAfterScrollPinned() }
        // From the cursor: four comparisons when the range did not change,
        // a walk from the range shown when it did.
        let target = withStrip { Self.cellRange(of: &$0, cursor: &rangeCursor) }
        guard target != cells.tabs, let host = _host else { return }
        // A held cell (a drag to reorder) takes the path out of line: one
        // check here, none per cell.
        if _heldTab != nil { return _updateAfterScrollHoldingCell(target: target, host: host) }
        let kept = releaseCells(outside: target)
        fillEntering(target, around: kept, host: host)
        releaseScrap(host: host)
        if cells.count > _counters.maximumVisible { _counters.maximumVisible = cells.count }
    }

    /// The tabs that get a cell: the strip's visible range, or, when that
    /// holds more than ``TabStripLimits/maximumVisibleCells`` tabs, that
    /// many of them starting at the first tab inside the viewport itself.
    @inlinable
    static func cellRange(of strip: borrowing TabStrip) -> Range<Int> {
        capped(strip.visibleTabs, of: strip)
    }

    /// ``cellRange(of:)``, the visible range answered through `cursor`.
    @inlinable
    static func cellRange(of strip: inout TabStrip, cursor: inout TabRangeCursor) -> Range<Int> {
        capped(strip.visibleTabsInPlace(cursor: &cursor), of: strip)
    }

    /// `visible`, or at most ``TabStripLimits/maximumVisibleCells`` of its
    /// tabs from the first one inside the viewport.
    @inlinable
    static func capped(_ visible: Range<Int>, of strip: borrowing TabStrip) -> Range<Int> {
        let cap = TabStripLimits.maximumVisibleCells
        guard visible.count > cap else { return visible }
        return cappedRange(of: strip, visible: visible, cap: cap)
    }

    @usableFromInline
    static func cappedRange(of strip: borrowing TabStrip, visible: Range<Int>, cap: Int) -> Range<Int> {
        // The stored offset is finite and within `maximumOffset`, and an
        // overscan of 0 is valid (`VirtualizerLimitTests` exercises this).
        let inView = strip.geometry.visibleTabs(uncheckedOffset: strip.contentOffset, overscan: 0)
        let lower = Swift.max(visible.lowerBound, Swift.min(inView.lowerBound, visible.upperBound - cap))
        return lower..<(lower + cap)
    }

    /// Runs `body` on the strip in place. Calling a method on the stored
    /// strip directly would copy the whole value (every array it holds
    /// retained and released) on each call; the strip is not mutated while
    /// `body` runs.
    @inlinable
    func withStrip<Result>(_ body: (inout TabStrip) -> Result) -> Result {
        // `inout` rather than `borrowing`: a borrow of the pointee may still
        // be materialised as a copy; an inout access never is. `body` only
        // reads.
        withUnsafeMutablePointer(to: &_strip) { body(&$0.pointee) }
    }

    /// Moves the cells of tabs outside `target` to the scrap and returns the
    /// tabs that keep theirs.
    /// (With no cell held: see ``_releaseCellsKeepingHeld(outside:)``.)
    @inlinable
    func releaseCells(outside target: Range<Int>) -> Range<Int> {
        let kept = cells.tabs.clamped(to: target)
        if kept.isEmpty {
            while !cells.isEmpty { scrap.append(cells.removeLast()) }
            cells.reset(startingAt: target.lowerBound)
        } else {
            while cells.tabs.lowerBound < target.lowerBound { scrap.append(cells.removeFirst()) }
            while cells.tabs.upperBound > target.upperBound { scrap.append(cells.removeLast()) }
        }
        return kept
    }

    /// ``releaseCells(outside:)`` while a cell is held: the held tab's
    /// leaving cell is kept aside. (Out of line: the hot path stays small.)
    @inline(never) @usableFromInline
    func _releaseCellsKeepingHeld(outside target: Range<Int>) -> Range<Int> {
        let kept = cells.tabs.clamped(to: target)
        if kept.isEmpty {
            while !cells.isEmpty { releaseLast() }
            cells.reset(startingAt: target.lowerBound)
        } else {
            while cells.tabs.lowerBound < target.lowerBound {
                let index = cells.tabs.lowerBound
                release(cells.removeFirst(), ofTab: index)
            }
            while cells.tabs.upperBound > target.upperBound { releaseLast() }
        }
        return kept
    }

    /// Releases the cell of the last visible tab (see
    /// ``release(_:ofTab:)``).
    @inlinable
    func releaseLast() {
        let index = cells.tabs.upperBound - 1
        release(cells.removeLast(), ofTab: index)
    }

    /// Sends the cell of a tab leaving the view to the scrap, or keeps it
    /// aside when the tab is the held one.
    @inlinable
    func release(_ entry: consuming Entry, ofTab index: Int) {
        if index == _heldTab {
            _heldEntry = entry
        } else {
            scrap.append(entry)
        }
    }

    /// Gives cells to the tabs of `target` on either side of `kept`.
    @inlinable
    func fillEntering(_ target: Range<Int>, around kept: Range<Int>, host: Host) {
        if kept.isEmpty {
            fill(target, host: host, atFront: false)
        } else {
            fill(target.lowerBound..<kept.lowerBound, host: host, atFront: true)
            fill(kept.upperBound..<target.upperBound, host: host, atFront: false)
        }
    }

    /// Brings the cells in line with the strip when tab indices did not
    /// change (a scroll, a selection, a width change).
    ///
    /// - Parameters:
    ///   - relayout: frames may have changed (widths, viewport, layout):
    ///     every kept cell's frame is compared and placed if it moved.
    ///   - styleChanged: every visible cell's appearance is recomputed.
    ///   - dirty: up to two tabs whose content changed (reconfigured if kept).
    @inlinable
    func update(relayout: Bool = false, styleChanged: Bool = false, dirty: (Int?, Int?) = (nil, nil)) {
        _counters.updates += 1
        let relayout = relayout || _widthsCorrected
        defer { _noteCorrections() }
        guard let host else { return _orphanCells() }
        // 1. Cells of tabs that left go to the scrap (the new range from
        // the cursor, or found from the one shown).
        let target = withStrip { Self.cellRange(of: &$0, cursor: &rangeCursor) }
        // A held cell (a drag to reorder) is kept aside and, out of view,
        // brought up to date: one check per update, none per cell.
        let holding = _heldTab != nil
        let kept: Range<Int>
        if holding {
            kept = _releaseCellsKeepingHeld(outside: target)
            _refreshHeldCell(host: host, contentChanged: { _ in false }, dirty: dirty, force: styleChanged)
        } else {
            kept = releaseCells(outside: target)
        }

        // 2. Kept cells: frames (on relayout), content (dirty tabs),
        //    appearance (tabs whose styling may have changed).
        if relayout, !kept.isEmpty {
            withStrip { strip in
                // `kept` lies inside the strip's visible range.
                strip.geometry.forEachFrame(unchecked: kept) { index, frame in
                    if cells[tab: index].frame != frame {
                        cells[tab: index].frame = frame
                        host.place(cells[tab: index].cell, at: frame)
                        _counters.placed += 1
                    }
                }
            }
        }
        // (Pairs are visited one by one: an array literal here would
        // allocate on every frame.)
        func reconfigureIfKept(_ tab: Int?) {
            if let tab, kept.contains(tab) { reconfigure(tab, host: host) }
        }
        func refreshIfKept(_ tab: Int?) {
            if let tab, kept.contains(tab) { refreshAppearance(of: tab, host: host) }
        }
        reconfigureIfKept(dirty.0)
        reconfigureIfKept(dirty.1)
        let styled = currentStyledTabs
        if styleChanged {
            for tab in kept { refreshAppearance(of: tab, host: host, force: true) }
        } else {
            refreshIfKept(styledTabs.0)
            refreshIfKept(styledTabs.1)
            refreshIfKept(styled.0)
            refreshIfKept(styled.1)
        }
        styledTabs = styled

        // 3. Tabs that entered get cells, first from the scrap.
        if holding {
            _fillEnteringHoldingCell(target, around: kept, host: host)
        } else {
            fillEntering(target, around: kept, host: host)
        }

        // 4. Pinned tabs: cells placed where they are shown (with no pins,
        // none has a cell: see `setPinnedTabs(_:)`).
        if withStrip({ $0.geometry._hasPinnedTabs }) {
            _syncPinnedCells(host: host, contentChanged: { _ in false }, dirty: dirty, force: styleChanged)
        }

        // 5. Whatever is left in the scrap goes idle (or is discarded).
        releaseScrap(host: host)
        moveIndicatorIfNeeded(host: host)
        _counters.maximumVisible = Swift.max(_counters.maximumVisible, cells.count)
    }

    /// Brings the cells in line with the strip after tabs were inserted,
    /// removed or moved: `mapping` gives each old index's new index (`nil`
    /// when the tab is gone); a kept cell whose tab's new index
    /// `contentChanged` names (a renamed tab) is configured again.
    @inlinable
    func update(remapping mapping: (Int) -> Int?, contentChanged: (Int) -> Bool = { _ in false }) {
        _counters.updates += 1
        defer { _noteCorrections() }
        guard let host else {
            // The held tab follows its tab (its cell is orphaned with the rest).
            if let held = _heldTab { _heldTab = mapping(held) }
            return _orphanCells()
        }
        // Drain the visible cells, keeping those whose tab still exists.
        remapped.removeAll(keepingCapacity: true)
        while !cells.isEmpty {
            let index = cells.tabs.upperBound - 1
            let entry = cells.removeLast()
            if let newIndex = mapping(index) {
                remapped.append((newIndex, entry))
            } else {
                scrap.append(entry)
            }
        }
        // The held tab follows its tab (and is let go with it); so do the
        // pinned tabs' cells, which may now show tabs in view.
        if _heldTab != nil { _remapHeldCell(mapping) }
        if !pinnedCells.isEmpty { _remapPinnedCells(mapping) }
        remapped.sort { $0.index < $1.index }
        let target = withStrip { Self.cellRange(of: &$0, cursor: &rangeCursor) }
        // Kept tabs that are no longer visible release their cells first,
        // so entering tabs can take them.
        var keptEntries = 0
        for k in remapped.indices {
            if target.contains(remapped[k].index) {
                remapped[keptEntries] = remapped[k]
                keptEntries += 1
            } else if remapped[k].index == _heldTab {
                _heldEntry = remapped[k].entry
            } else if withStrip({ $0.geometry.isPinned(remapped[k].index) }) {
                pinnedCells.append(remapped[k].entry)
                _pinnedTabs.append((remapped[k].index, .zero))
            } else {
                scrap.append(remapped[k].entry)
            }
        }
        remapped.removeSubrange(keptEntries...)

        cells.reset(startingAt: target.lowerBound)
        var next = 0
        let styled = currentStyledTabs
        let selected = _strip.selectedIndex
        for index in target {
            if next < remapped.count, remapped[next].index == index {
                cells.append(remapped[next].entry)
                next += 1
                let frame = withStrip { $0.frame(unchecked: index) }
                if frame != cells[tab: index].frame {
                    cells[tab: index].frame = frame
                    host.place(cells[tab: index].cell, at: frame)
                    _counters.placed += 1
                }
                if cells[tab: index].isSelected != (index == selected) || contentChanged(index) {
                    reconfigure(index, host: host)
                }
                refreshAppearance(of: index, host: host)
            } else {
                cells.append(takeCell(for: index, host: host))
            }
        }
        styledTabs = styled
        if _heldTab != nil {
            _refreshHeldCell(host: host, contentChanged: contentChanged, dirty: (nil, nil), force: false)
        }
        // (With no pins, no remapped cell went to the pinned ones.)
        if withStrip({ $0.geometry._hasPinnedTabs }) {
            _syncPinnedCells(host: host, contentChanged: contentChanged, dirty: (nil, nil), force: false)
        }
        releaseScrap(host: host)
        moveIndicatorIfNeeded(host: host)
        _counters.maximumVisible = Swift.max(_counters.maximumVisible, cells.count)
    }

    /// The tabs that look different from an unselected tab at rest.
    @inlinable
    var currentStyledTabs: (Int?, Int?) {
        if let transition = _strip.transition { return (transition.from, transition.to) }
        return (_strip.selectedIndex, nil)
    }

    /// Gives every tab in `range` a configured, placed cell, reading the
    /// frames in one pass over the index.
    @inlinable
    func fill(_ range: Range<Int>, host: Host, atFront: Bool) {
        guard !range.isEmpty else { return }
        // `range` lies inside what `cellRange(of:)` returned for the
        // current strip.
        if atFront {
            // Prepend from the last to the first so indices stay contiguous;
            // the frames come in index order, so park the entries first.
            withStrip { strip in
                strip.geometry.forEachFrame(unchecked: range) { index, frame in
                    parked.append(takeCell(for: index, frame: frame, host: host))
                }
            }
            while let entry = parked.popLast() { cells.prepend(entry) }
        } else {
            withStrip { strip in
                strip.geometry.forEachFrame(unchecked: range) { index, frame in
                    cells.append(takeCell(for: index, frame: frame, host: host))
                }
            }
        }
    }

    /// The held tab at its new index after an edit (`nil`: removed, and
    /// its cell recycled), its cell out of view joining the remapped ones.
    @inline(never) @usableFromInline
    func _remapHeldCell(_ mapping: (Int) -> Int?) {
        guard let held = _heldTab else { return }
        let newIndex = mapping(held)
        if let entry = _heldEntry.take() {
            if let newIndex { remapped.append((newIndex, entry)) } else { scrap.append(entry) }
        }
        _heldTab = newIndex
    }

    /// ``updateAfterScroll()`` while a cell is held.
    @inline(never) @usableFromInline
    func _updateAfterScrollHoldingCell(target: Range<Int>, host: Host) {
        let kept = _releaseCellsKeepingHeld(outside: target)
        _fillEnteringHoldingCell(target, around: kept, host: host)
        releaseScrap(host: host)
        if cells.count > _counters.maximumVisible { _counters.maximumVisible = cells.count }
    }

    /// ``fillEntering(_:around:host:)`` while a cell is held: the held tab
    /// coming back into view takes its own cell back.
    @inline(never) @usableFromInline
    func _fillEnteringHoldingCell(_ target: Range<Int>, around kept: Range<Int>, host: Host) {
        func fillTakingHeld(_ range: Range<Int>, atFront: Bool) {
            if _heldEntry != nil, let held = _heldTab, range.contains(held) {
                fill(range, around: held, host: host, atFront: atFront)
            } else {
                fill(range, host: host, atFront: atFront)
            }
        }
        if kept.isEmpty {
            fillTakingHeld(target, atFront: false)
        } else {
            fillTakingHeld(target.lowerBound..<kept.lowerBound, atFront: true)
            fillTakingHeld(kept.upperBound..<target.upperBound, atFront: false)
        }
    }

    /// ``fill(_:host:atFront:)`` of a range holding the held tab, whose
    /// cell is out of view: the tabs on either side take cells as usual,
    /// the held tab its own.
    @inline(never) @usableFromInline
    func fill(_ range: Range<Int>, around held: Int, host: Host, atFront: Bool) {
        guard let entry = _heldEntry.take() else { return }
        let frame = withStrip { $0.frame(unchecked: held) }
        let own = _bringUpToDate(entry, ofTab: held, frame: frame, host: host, contentChanged: false, force: false)
        let before = range.lowerBound..<held
        let after = (held + 1)..<range.upperBound
        if atFront {
            fill(after, host: host, atFront: true)
            cells.prepend(own)
            fill(before, host: host, atFront: true)
        } else {
            fill(before, host: host, atFront: false)
            cells.append(own)
            fill(after, host: host, atFront: false)
        }
    }

    /// A configured, placed cell for tab `index`: from the scrap, else an
    /// idle one, else a new one from the host.
    @inlinable
    func takeCell(for index: Int, host: Host) -> Entry {
        takeCell(for: index, frame: withStrip { $0.frame(unchecked: index) }, host: host)
    }

    @inlinable
    func takeCell(for index: Int, frame: Rect, host: Host) -> Entry {
        let content = content(of: index)
        let selection = withStrip { $0.selectionAmount(ofTab: index) }
        let isSelected = content.isSelected
        let kind = host.cellKind(for: content)
        var cell: Host.Cell? = nil
        var s = scrap.count - 1
        while s >= 0 {
            if scrap[tab: s].kind == kind {
                // Order in the scrap does not matter: swap with the last
                // (most often it is the last).
                if s != scrap.count - 1 { scrap.swapAt(s, scrap.count - 1) }
                cell = scrap.removeLast().cell
                reuse.noteDirectReuse()
                break
            }
            s -= 1
        }
        let taken = cell ?? reuse.dequeue(kind) { host.makeCell(of: kind) }
        host.configure(taken, with: content)
        host.place(taken, at: frame)
        host.apply(
            selection == 0 ? restAppearance : withStrip { $0.titleStyle.appearance(selection: selection) }, to: taken)
        _counters.configured += 1
        _counters.placed += 1
        _counters.appearanceChanges += 1
        return Entry(cell: taken, kind: kind, frame: frame, selection: selection, isSelected: isSelected)
    }

    /// Reconfigures a kept tab's cell (its content changed), swapping the
    /// cell when the tab now needs a different kind.
    @inlinable
    func reconfigure(_ index: Int, host: Host) {
        let content = content(of: index)
        if host.cellKind(for: content) != cells[tab: index].kind {
            scrap.append(cells[tab: index])
            cells[tab: index] = takeCell(for: index, host: host)
            return
        }
        cells[tab: index].isSelected = content.isSelected
        host.configure(cells[tab: index].cell, with: content)
        _counters.configured += 1
    }

    /// Applies tab `index`'s appearance to its cell if it changed (always
    /// when `force`, after the title style changed).
    @inlinable
    func refreshAppearance(of index: Int, host: Host, force: Bool = false) {
        let selection = withStrip { $0.selectionAmount(ofTab: index) }
        guard force || selection != cells[tab: index].selection else { return }
        cells[tab: index].selection = selection
        host.apply(withStrip { $0.titleStyle.appearance(selection: selection) }, to: cells[tab: index].cell)
        _counters.appearanceChanges += 1
    }

    /// Tab `index`'s content, read from the strip in place (inlined: out
    /// of line, the content is copied and destroyed once more per cell).
    @inlinable @inline(__always)
    func content(of index: Int) -> TabCellContent {
        withStrip { strip in
            TabCellContent(
                index: index, title: strip.titles[index], badge: strip.badges.badge(ofTab: index),
                isSelected: index == strip.selectedIndex, tabCount: strip.titles.count
            )
        }
    }

    /// Sends the cells left in the scrap to the idle pools; the host hides
    /// them, or destroys those a full pool turned away.
    @inlinable
    func releaseScrap(host: Host) {
        while let entry = scrap.popLast() {
            if let rejected = reuse.enqueue(entry.cell, kind: entry.kind) {
                host.discard(rejected)
            } else {
                host.recycle(entry.cell)
            }
        }
    }

    /// Places the indicator when its frame changed; `pinShifts`, when the
    /// caller placed the pinned tabs already, are their shifts and the
    /// scrolling tabs between them (no placement computed again).
    @inlinable
    func moveIndicatorIfNeeded(
        host: Host, pinShifts: (leading: Double, trailing: Double, scrolling: Range<Int>)? = nil
    ) {
        let frame = withStrip { $0.indicatorFrame(pinShifts: pinShifts) }
        guard !hasPlacedIndicator || frame != indicatorFrame else { return }
        hasPlacedIndicator = true
        indicatorFrame = frame
        host.placeIndicator(at: frame)
        _counters.indicatorMoves += 1
    }
}
