import BenchInstruments

/// The jemalloc probe when this binary links jemalloc (`TABSTRIP_JEMALLOC` is defined by Package.swift), otherwise the
/// fallback counter: the executable's own malloc interposer (`CAllocationCounter`).
func makeAllocationProbe() -> any AllocationProbe {
    #if TABSTRIP_JEMALLOC
        do {
            return try JemallocProbe()
        } catch { return NoAllocationProbe(note: "jemalloc is linked but its statistics are unusable: \(error)") }
    #else
        return InterposerProbe()
    #endif
}
