extension SparseBadges {
    /// Traps if a badge belongs to no tab of `tabCount`, a `.none` badge is
    /// stored, or the entries are out of order.
    /// - Complexity: O(b) for b badged tabs.
    package func _checkInvariants(tabCount: Int) {
        #if TABSTRIP_INTERNAL_CHECKS
            for (p, entry) in entries.enumerated() {
                precondition(entry.index >= 0 && entry.index < tabCount, "badge for tab \(entry.index) of \(tabCount)")
                precondition(entry.badge != .none, "stored .none badge for tab \(entry.index)")
                if p > 0 { precondition(entries[p - 1].index < entry.index, "badges out of order") }
            }
        #endif
    }
}
