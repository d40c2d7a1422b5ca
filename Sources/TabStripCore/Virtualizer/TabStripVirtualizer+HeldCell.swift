/// A cell kept for one tab while the tab is out of view: the tab a finger
/// drags keeps its cell under the finger while the strip scrolls its
/// place away (see `TabReorder` in TabStripSync).
extension TabStripVirtualizer {
    /// The tab whose cell is held, if any.
    /// - Complexity: O(1).
    @usableFromInline package var _heldCellTab: Int? { _heldTab }

    /// Keeps tab `index`'s cell while the tab is out of view: it is neither
    /// recycled nor given to another tab, and follows its tab through
    /// edits (let go when the tab is removed), its frame, content and
    /// appearance kept current as a visible cell's. The tab must have a
    /// cell now. Replaces any tab held before (whose cell, out of view, is
    /// recycled).
    /// - Throws: ``TabStripError/reentrantCall(operation:)`` from inside a
    ///   host callback; ``TabStripError/indexOutOfRange(index:count:)``
    ///   when the tab has no cell (it is not in ``visibleTabs``). Nothing
    ///   changes.
    /// - Complexity: O(1), plus the recycling of a cell held before.
    @usableFromInline package func _holdCell(ofTab index: Int) throws(TabStripError) {
        try _enter("holdCell(ofTab:)")
        defer { _leave() }
        guard cells.tabs.contains(index) else {
            throw .indexOutOfRange(index: index, count: cells.tabs.isEmpty ? 0 : cells.tabs.upperBound)
        }
        _letGoOfHeldCell()
        _heldTab = index
    }

    /// Lets go of the held cell: recycled when its tab is out of view.
    /// - Throws: ``TabStripError/reentrantCall(operation:)`` from inside a
    ///   host callback; nothing changes.
    /// - Complexity: O(1).
    @usableFromInline package func _releaseHeldCell() throws(TabStripError) {
        try _enter("releaseHeldCell()")
        defer { _leave() }
        _letGoOfHeldCell()
    }

    @usableFromInline
    func _letGoOfHeldCell() {
        _heldTab = nil
        guard let entry = _heldEntry.take() else { return }
        if let host = _host {
            scrap.append(entry)
            releaseScrap(host: host)
        } else {
            orphans.append(entry)
        }
    }

    /// Brings the held tab's cell up to date when the tab is out of view,
    /// giving it one when it has none (after a host was set again):
    /// frame, content (its selected state changed, `dirty` names it, or
    /// `contentChanged` does) and appearance (always when `force`).
    /// - Complexity: O(log n).
    @inline(never) @usableFromInline
    func _refreshHeldCell(host: Host, contentChanged: (Int) -> Bool, dirty: (Int?, Int?), force: Bool) {
        guard let tab = _heldTab, !cells.tabs.contains(tab) else { return }
        let frame = withStrip { $0.frame(unchecked: tab) }
        guard let entry = _heldEntry.take() else {
            _heldEntry = takeCell(for: tab, frame: frame, host: host)
            return
        }
        let changed = contentChanged(tab) || dirty.0 == tab || dirty.1 == tab
        _heldEntry = _bringUpToDate(entry, ofTab: tab, frame: frame, host: host, contentChanged: changed, force: force)
    }

    /// `entry`, the held cell of tab `index`, placed at `frame`, configured
    /// again when its content changed (swapped for a cell of another kind
    /// when the content needs one), and given the tab's appearance.
    @inlinable
    func _bringUpToDate(
        _ entry: consuming Entry, ofTab index: Int, frame: Rect, host: Host, contentChanged: Bool, force: Bool
    ) -> Entry {
        var entry = entry
        let content = content(of: index)
        if entry.isSelected != content.isSelected || contentChanged {
            if host.cellKind(for: content) != entry.kind {
                scrap.append(entry)
                return takeCell(for: index, frame: frame, host: host)
            }
            entry.isSelected = content.isSelected
            host.configure(entry.cell, with: content)
            _counters.configured += 1
        }
        if entry.frame != frame {
            entry.frame = frame
            host.place(entry.cell, at: frame)
            _counters.placed += 1
        }
        let selection = withStrip { $0.selectionAmount(ofTab: index) }
        if force || selection != entry.selection {
            entry.selection = selection
            host.apply(withStrip { $0.titleStyle.appearance(selection: selection) }, to: entry.cell)
            _counters.appearanceChanges += 1
        }
        return entry
    }
}
