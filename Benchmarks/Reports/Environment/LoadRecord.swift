import BenchInstruments
import Foundation

/// How busy the machine was while a run went on: the load average before
/// and after, and the CPU time the bench used against the wall time.
package struct LoadRecord: Codable, Sendable, Equatable {
    /// The one-minute load average when the run started (`/proc/loadavg`), or `nil` where there is none.
    @ExplicitNull package var loadAverageAtStart: Double?
    @ExplicitNull package var loadAverageAtEnd: Double?
    /// User and system CPU time of the bench and the child processes it
    /// waited for (the instruction pass), in seconds, or `nil`.
    @ExplicitNull package var cpuSeconds: Double?
    package var wallSeconds: Double

    /// The one-minute load average now, from `/proc/loadavg`, or `nil`.
    package static func currentLoadAverage() -> Double? {
        let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)
        return text?.split(separator: " ").first.flatMap { Double($0) }
    }

    /// User and system CPU time used so far by this process and the children it has waited for, in seconds, or `nil`.
    package static func currentCPUSeconds() -> Double? {
        var total = 0.0
        #if os(Linux)
            let whos = [__rusage_who_t(RUSAGE_SELF.rawValue), __rusage_who_t(RUSAGE_CHILDREN.rawValue)]
        #else
            let whos = [RUSAGE_SELF, RUSAGE_CHILDREN]
        #endif
        for who in whos {
            var usage = rusage()
            guard getrusage(who, &usage) == 0 else { return nil }
            total += Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            total += Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        }
        return total
    }
}
