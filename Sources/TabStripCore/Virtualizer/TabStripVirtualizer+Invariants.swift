extension TabStripVirtualizer {
    /// Traps if the cells disagree with the strip: the visible range differs
    /// from the strip's, a visible tab's recorded frame, appearance, selected
    /// state or kind is stale, a cell is in two places (when `Cell` is a
    /// class: no cell both visible and idle, none visible twice), or the
    /// indicator given to the host is stale. Also checks the strip's and the
    /// reuse queue's own invariants.
    package func _checkInvariants() {
        #if TABSTRIP_INTERNAL_CHECKS
            _strip._checkInvariants()
            reuse._checkInvariants()
            precondition(scrap.isEmpty, "\(scrap.count) cells left in the scrap")
            guard let host else { return }
            let target = Self.cellRange(of: _strip)
            precondition(!_isUpdating, "an update is still marked as running")
            precondition(_deferred.isEmpty, "\(_deferred.count) deferred calls left")
            precondition(target.count <= TabStripLimits.maximumVisibleCells, "\(target.count) cells")
            precondition(
                cells.tabs == target || (cells.isEmpty && target.isEmpty),
                "cells for \(cells.tabs), visible \(target)")
            for index in cells.tabs {
                let entry = cells[tab: index]
                let frame = try? _strip.frame(ofTab: index)
                precondition(
                    entry.frame == frame, "tab \(index): frame \(entry.frame), strip \(String(describing: frame))")
                precondition(entry.selection == _strip.selectionAmount(ofTab: index), "tab \(index): stale appearance")
                precondition(entry.isSelected == (index == _strip.selectedIndex), "tab \(index): stale selected state")
                precondition(entry.kind == host.cellKind(for: content(of: index)), "tab \(index): wrong cell kind")
            }
            if Host.Cell.self is AnyObject.Type {
                var seen = Set<ObjectIdentifier>()
                for index in cells.tabs {
                    let inserted = seen.insert(ObjectIdentifier(cells[tab: index].cell as AnyObject)).inserted
                    precondition(inserted, "the cell of tab \(index) is visible twice")
                }
                for pool in reuse.pools {
                    for cell in pool.cells {
                        let inserted = seen.insert(ObjectIdentifier(cell as AnyObject)).inserted
                        precondition(inserted, "an idle cell of \(pool.kind) is also visible or idle twice")
                    }
                }
            }
            if hasPlacedIndicator {
                precondition(indicatorFrame == _strip.indicatorFrame, "stale indicator")
            }
        #endif
    }
}
