extension ReuseQueue {
    /// Traps if a pool exceeds the limit or a kind has two pools.
    @usableFromInline package func _checkInvariants() {
        #if TABSTRIP_INTERNAL_CHECKS
            for (p, pool) in pools.enumerated() {
                precondition(
                    pool.cells.count <= poolLimit, "pool \(pool.kind) holds \(pool.cells.count) > \(poolLimit)")
                for q in (p + 1)..<pools.count {
                    precondition(pools[q].kind != pool.kind, "two pools for \(pool.kind)")
                }
            }
            precondition(counters.created >= 0 && counters.reused >= 0 && counters.discarded >= 0)
        #endif
    }
}
