extension TabStripVirtualizer {
    /// Traps if the cells disagree with the strip: the visible range differs
    /// from the strip's, a visible tab's recorded frame, appearance, selected
    /// state or kind is stale, a cell is in two places (when `Cell` is a
    /// class: no cell both visible and idle, none visible twice), or the
    /// indicator given to the host is stale. Also checks the strip's and the
    /// reuse queue's own invariants.
    @usableFromInline package func _checkInvariants() {
        #if TABSTRIP_INTERNAL_CHECKS
            _strip._checkInvariants()
            precondition(!_isUpdating, "an update is still marked as running")
            precondition(_deferred.isEmpty, "\(_deferred.count) deferred calls left")
            _checkMutationInvariants()
            guard let host else { return }
            for index in cells.tabs {
                precondition(
                    cells[tab: index].kind == host.cellKind(for: content(of: index)), "tab \(index): wrong cell kind")
            }
            if Host.Cell.self is AnyObject.Type {
                var seen = Set<ObjectIdentifier>()
                for index in cells.tabs {
                    let inserted = seen.insert(ObjectIdentifier(cells[tab: index].cell as AnyObject)).inserted
                    precondition(inserted, "the cell of tab \(index) is visible twice")
                }
                if let held = _heldEntry {
                    let inserted = seen.insert(ObjectIdentifier(held.cell as AnyObject)).inserted
                    precondition(inserted, "the held cell is also visible")
                }
                for pool in reuse.pools {
                    for cell in pool.cells {
                        let inserted = seen.insert(ObjectIdentifier(cell as AnyObject)).inserted
                        precondition(inserted, "an idle cell of \(pool.kind) is also visible or idle twice")
                    }
                }
            }
        #endif
    }

    /// The hook every mutating call runs once it and the calls it deferred
    /// are done, unconditionally: ``_checkMutationInvariants()`` in builds
    /// with `TABSTRIP_INTERNAL_CHECKS`, an empty, always-inlined no-op
    /// otherwise (the inlinable update path inlines it into the host's
    /// module).
    /// - Complexity: O(1) without checks; as ``_checkMutationInvariants()``
    ///   with them.
    @inlinable @inline(__always)
    func _checkAfterMutation() {
        #if TABSTRIP_INTERNAL_CHECKS
            _checkMutationInvariants()
        #endif
    }

    /// The check after every mutating call (see `_InternalChecks`), once the
    /// call and the calls it deferred are done: the cells cover exactly the
    /// tabs the strip shows, each with the strip's frame, appearance and
    /// selected state, and the indicator is current. It never calls the
    /// host (a host callback could call back into the virtualiser while it
    /// runs), so cell kinds and cell identities are left to
    /// ``_checkInvariants()``.
    /// - Complexity: O(log n + c) for c cells.
    @usableFromInline
    package func _checkMutationInvariants() {
        #if TABSTRIP_INTERNAL_CHECKS
            guard !_isUpdating, _deferred.isEmpty else { return }
            reuse._checkInvariants()
            precondition(scrap.isEmpty, "\(scrap.count) cells left in the scrap")
            precondition(
                _accessibilityFocus.map { $0 >= 0 && $0 < _strip.tabCount } ?? true,
                "accessibility focus \(String(describing: _accessibilityFocus)) of \(_strip.tabCount) tabs")
            precondition(_heldEntry == nil || _heldTab != nil, "a held cell without a held tab")
            guard _host != nil else {
                precondition(_heldEntry == nil, "a held cell with no host attached")
                precondition(pinnedCells.isEmpty && _pinnedTabs.isEmpty, "pinned cells with no host attached")
                return
            }
            precondition(orphans.isEmpty, "\(orphans.count) orphaned cells with a host attached")
            let target = Self.cellRange(of: _strip)
            precondition(target.count <= TabStripLimits.maximumVisibleCells, "\(target.count) cells")
            precondition(
                cells.tabs == target || (cells.isEmpty && target.isEmpty),
                "cells for \(cells.tabs), visible \(target)")
            /// `entry` shows tab `tab` as it is now, at `frame`.
            func check(_ entry: Entry, ofTab tab: Int, at frame: Rect, _ what: String) {
                precondition(entry.frame == frame, "\(what) \(tab): frame \(entry.frame), strip \(frame)")
                precondition(entry.selection == _strip.selectionAmount(ofTab: tab), "\(what) \(tab): stale appearance")
                precondition(entry.isSelected == (tab == _strip.selectedIndex), "\(what) \(tab): stale selected state")
            }
            for index in cells.tabs {
                check(cells[tab: index], ofTab: index, at: _strip.frame(unchecked: index), "tab")
            }
            if let held = _heldTab {
                precondition(held >= 0 && held < _strip.tabCount, "held tab \(held) of \(_strip.tabCount)")
                if cells.tabs.contains(held) {
                    precondition(_heldEntry == nil, "held tab \(held) has a cell in view and one aside")
                } else if let entry = _heldEntry {
                    check(entry, ofTab: held, at: _strip.frame(unchecked: held), "held tab")
                } else {
                    preconditionFailure("held tab \(held) has no cell")
                }
            }
            let pinned = _strip.geometry.pinnedTabRanges
            precondition(
                _pinnedTabs.map(\.tab) == Array(pinned.leading) + Array(pinned.trailing)
                    && pinnedCells.count == _pinnedTabs.count,
                "cells for pinned tabs \(_pinnedTabs.map(\.tab)), pinned \(pinned)")
            if !_pinnedTabs.isEmpty {
                let extents = _strip.geometry.pinnedExtents
                precondition(extents == _pinnedExtents, "kept pinned extents \(_pinnedExtents), the strip's \(extents)")
            }
            for (k, (tab, natural)) in _pinnedTabs.enumerated() {
                let entry = pinnedCells[tab: k]
                precondition(!cells.tabs.contains(tab) && tab != _heldTab, "pinned tab \(tab) has two cells")
                precondition(natural == _strip.frame(unchecked: tab), "pinned tab \(tab): kept frame \(natural)")
                check(entry, ofTab: tab, at: _strip.shownFrame(unchecked: tab), "pinned tab")
            }
            if hasPlacedIndicator {
                precondition(
                    indicatorFrame == _strip.indicatorFrame,
                    "stale indicator: placed at \(String(describing: indicatorFrame)), the strip gives \(String(describing: _strip.indicatorFrame))"
                )
            }
        #endif
    }
}
