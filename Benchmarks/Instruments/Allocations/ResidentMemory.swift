#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's resident memory.
package enum ResidentMemory {
    /// The peak resident set size of this process so far, in bytes
    /// (`getrusage(RUSAGE_SELF).ru_maxrss`, which Linux reports in KiB), or
    /// `nil` if the call fails.
    package static func peakBytes() -> Int? {
        var usage = rusage()
        #if os(Linux)
            let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
            let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return nil }
        #if os(Linux)
            return Int(usage.ru_maxrss) * 1_024
        #else
            return Int(usage.ru_maxrss)
        #endif
    }
}
