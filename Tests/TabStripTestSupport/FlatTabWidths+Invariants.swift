extension FlatTabWidths {
    /// Checks that the prefix sums match the widths exactly.
    package func _checkInvariants() {
        #if TABSTRIP_INTERNAL_CHECKS
            precondition(sums.count == widths.count + 1, "prefix array has the wrong length")
            precondition(sums[0] == 0, "prefix array must start at 0")
            var running = 0.0
            for (i, w) in widths.enumerated() {
                precondition(w.isFinite && w >= 0, "invalid stored width \(w) at \(i)")
                precondition(sums[i] == running, "prefix \(i) is \(sums[i]), expected \(running)")
                running += w
            }
            precondition(sums[widths.count] == running, "last prefix entry is stale")
            precondition(spacing.isFinite && spacing >= 0, "invalid spacing")
        #endif
    }
}
