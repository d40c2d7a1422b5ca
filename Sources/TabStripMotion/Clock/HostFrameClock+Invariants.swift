import TabStripCore

extension HostFrameClock {
    /// Checks the clock's consistency (debug builds only).
    @usableFromInline package func _checkInvariants() {
        #if TABSTRIP_INTERNAL_CHECKS
            if let lastTick {
                precondition(lastTick.index >= 0, "negative frame index")
                precondition(
                    lastTick.timestamp.isFinite && lastTick.targetTimestamp >= lastTick.timestamp,
                    "inconsistent frame times")
            }
        #endif
    }
}
