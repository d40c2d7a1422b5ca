import BenchInstruments
import BenchSuite

package enum BuildConfiguration: String, Codable, Sendable { case debug, release }

/// Where and how a report was produced: the machine, the toolchain, the
/// build, the allocator, the source revision, the time and the arguments.
package struct EnvironmentRecord: Codable, Sendable, Equatable {
    @ExplicitNull package var cpuModel: String?
    package var logicalCores: Int
    @ExplicitNull package var memoryBytes: Int?
    @ExplicitNull package var operatingSystem: String?
    @ExplicitNull package var kernel: String?
    /// The Swift compiler version that compiled the harness, from
    /// compile-time `#if compiler(>=…)` checks (for example `"6.3.1"`).
    package var swiftCompiler: String
    /// The first line of `swift --version` of the toolchain on `PATH` when
    /// the report was made, or `nil` when there is none.
    @ExplicitNull package var swiftToolchain: String?
    package var buildConfiguration: BuildConfiguration
    package var allocator: AllocatorRecord
    @ExplicitNull package var git: GitRecord?
    package var date: String
    package var arguments: [String]
    /// The first line of `valgrind --version` (`valgrind-3.19.0`) when the report was made, or `nil` when valgrind is
    /// not installed. Instruction counts depend on it, so baselines record it.
    @ExplicitNull package var valgrind: String? = nil
    /// The engine sources the binary was compiled from and those on disk,
    /// or `nil` in reports written before it was recorded.
    @ExplicitNull package var sources: SourceRecord? = nil
    /// How busy the machine was during the run, or `nil` in reports written before it was recorded.
    @ExplicitNull package var load: LoadRecord? = nil
}

/// The allocator a report's allocation figures come from, and the counter that produced them.
package struct AllocatorRecord: Codable, Sendable, Equatable {
    /// `"jemalloc"`, `"glibc"` (the fallback counter), or `"none"` when allocation figures are unavailable.
    package var name: String
    @ExplicitNull package var version: String?
    /// Why figures are missing and how to enable them, or how the figures
    /// were counted; `nil` when there is nothing to add.
    @ExplicitNull package var note: String?
    /// The counter behind every allocation figure of the report: `"jemalloc-stats"` (jemalloc's own statistics),
    /// `"malloc-interposer"` (the bench's fallback counter around glibc's malloc) or `"none"`. Figures from different
    /// counters are not comparable (the two count bytes in different size classes).
    package var counter: String

    package init(name: String, version: String?, note: String?, counter: String? = nil) {
        (self.name, self.version, self.note, self.counter) = (name, version, note, counter ?? name)
    }

    package init(probe: any AllocationProbe) {
        self.init(
            name: probe.allocatorName, version: probe.allocatorVersion, note: probe.note, counter: probe.counterName)
    }

    package var isAvailable: Bool { name != "none" }
}

/// The git revision of the measured sources.
package struct GitRecord: Codable, Sendable, Equatable {
    package var commit: String
    /// Whether the work tree had uncommitted changes outside `Reports/` (reports are outputs of the run, not inputs).
    package var dirty: Bool
}
