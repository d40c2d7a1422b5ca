import BenchmarkHarness

/// The jemalloc probe when this binary links jemalloc (`TABSTRIP_JEMALLOC`
/// is defined by Package.swift), otherwise the probe without figures.
func makeAllocationProbe() -> any AllocationProbe {
    #if TABSTRIP_JEMALLOC
    do {
        return try JemallocProbe()
    } catch {
        return NoAllocationProbe(note: "jemalloc is linked but its statistics are unusable: \(error)")
    }
    #else
    return NoAllocationProbe()
    #endif
}
