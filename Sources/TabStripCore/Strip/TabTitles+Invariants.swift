extension TabTitles {
    /// Traps if the pieces and starts disagree, a piece is empty, or the
    /// count is stale, or the source flag does not match the pieces.
    package func _checkInvariants() {
        #if TABSTRIP_INTERNAL_CHECKS
            rope._checkInvariants()
            if !isFromSource { precondition(rope.isStored, "a source run without a source") }
        #endif
    }
}
