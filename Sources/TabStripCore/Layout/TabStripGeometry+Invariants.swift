extension TabStripGeometry {
    /// Traps if the geometry is inconsistent: the index's invariants, a
    /// non-finite offset, an invalid viewport or layout, spacing that
    /// differs between the layout and the index, or kept extents that
    /// differ from what the widths, layout and viewport give.
    @usableFromInline package func _checkInvariants() {
        #if TABSTRIP_INTERNAL_CHECKS
            widths._checkInvariants()
            _checkAfterMutation()
        #endif
    }

    /// The geometry's own part of ``_checkInvariants()``, run after every
    /// mutation of the strip (see `_InternalChecks`): everything but the
    /// width index, which checks itself after its own mutations.
    /// - Complexity: O(1).
    @usableFromInline package func _checkAfterMutation() {
        #if TABSTRIP_INTERNAL_CHECKS
            precondition(contentOffset.isFinite, "content offset \(contentOffset)")
            do throws(TabStripError) {
                try viewport.validate()
            } catch {
                preconditionFailure("invalid viewport \(viewport): \(error)")
            }
            do throws(TabStripError) {
                try layout.validate()
            } catch {
                preconditionFailure("invalid layout \(layout): \(error)")
            }
            precondition(widths.spacing == layout.spacing, "index spacing differs from the layout's")
            let fresh = computedExtents
            precondition(
                currentExtents.content.bitPattern == fresh.content.bitPattern
                    && currentExtents.origin.bitPattern == fresh.origin.bitPattern
                    && currentExtents.extra.bitPattern == fresh.extra.bitPattern,
                "kept extents \(currentExtents), the widths, layout and viewport give \(fresh)")
            // The pins as set: within the limit (a strip may have fewer
            // tabs than pinned since).
            let pins = pinnedTabs
            precondition(
                pins.leading + pins.trailing <= TabStripLimits.maximumVisibleCells, "pinned tabs \(pins)")
        #endif
    }
}
