/// The build configuration a binary was compiled in.
package enum BuildConfiguration: String, Codable, Sendable {
    /// `swift build -c debug`: no optimisation; timings are meaningless.
    case debug
    /// `swift build -c release`.
    case release
}

/// Where and how a report was produced: the machine, the toolchain, the
/// build, the allocator, the source revision, the time and the arguments.
package struct EnvironmentRecord: Codable, Sendable, Equatable {
    /// The CPU model (`model name` in /proc/cpuinfo), or `nil`.
    package var cpuModel: String?
    /// Logical cores available to the process.
    package var logicalCores: Int
    /// Physical memory in bytes (MemTotal in /proc/meminfo), or `nil`.
    package var memoryBytes: Int?
    /// The operating system (PRETTY_NAME in /etc/os-release), or `nil`.
    package var operatingSystem: String?
    /// The kernel (`uname -sr`), or `nil`.
    package var kernel: String?
    /// The Swift compiler version that compiled the harness, from
    /// compile-time `#if compiler(>=…)` checks (for example `"6.3.1"`).
    package var swiftCompiler: String
    /// The first line of `swift --version` of the toolchain on `PATH` when
    /// the report was made, or `nil` when there is none.
    package var swiftToolchain: String?
    /// The build configuration of the `bench` binary.
    package var buildConfiguration: BuildConfiguration
    /// The allocator whose figures the report carries.
    package var allocator: AllocatorRecord
    /// The source revision, or `nil` outside a git work tree.
    package var git: GitRecord?
    /// When the run started, ISO 8601 in UTC (`2025-01-31T12:34:56Z`).
    package var date: String
    /// The exact command line, the program name first.
    package var arguments: [String]
    /// The first line of `valgrind --version` (`valgrind-3.19.0`) when the
    /// report was made, or `nil` when valgrind is not installed. Instruction
    /// counts depend on it, so baselines record it.
    package var valgrind: String?
    /// The engine sources the binary was compiled from and those on disk,
    /// or `nil` in reports written before it was recorded.
    package var sources: SourceRecord?
    /// How busy the machine was during the run, or `nil` in reports
    /// written before it was recorded.
    package var load: LoadRecord?

    /// Creates a record from its fields.
    package init(
        cpuModel: String?, logicalCores: Int, memoryBytes: Int?, operatingSystem: String?,
        kernel: String?, swiftCompiler: String, swiftToolchain: String?,
        buildConfiguration: BuildConfiguration, allocator: AllocatorRecord,
        git: GitRecord?, date: String, arguments: [String], valgrind: String? = nil,
        sources: SourceRecord? = nil, load: LoadRecord? = nil
    ) {
        self.cpuModel = cpuModel
        self.logicalCores = logicalCores
        self.memoryBytes = memoryBytes
        self.operatingSystem = operatingSystem
        self.kernel = kernel
        self.swiftCompiler = swiftCompiler
        self.swiftToolchain = swiftToolchain
        self.buildConfiguration = buildConfiguration
        self.allocator = allocator
        self.git = git
        self.date = date
        self.arguments = arguments
        self.valgrind = valgrind
        self.sources = sources
        self.load = load
    }

    private enum CodingKeys: String, CodingKey {
        case cpuModel, logicalCores, memoryBytes, operatingSystem, kernel, swiftCompiler,
            swiftToolchain, buildConfiguration, allocator, git, date, arguments, valgrind, sources, load
    }

    /// Encodes every field; absent values become explicit `null`s.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(cpuModel, forKey: .cpuModel)
        try container.encode(logicalCores, forKey: .logicalCores)
        try container.encode(memoryBytes, forKey: .memoryBytes)
        try container.encode(operatingSystem, forKey: .operatingSystem)
        try container.encode(kernel, forKey: .kernel)
        try container.encode(swiftCompiler, forKey: .swiftCompiler)
        try container.encode(swiftToolchain, forKey: .swiftToolchain)
        try container.encode(buildConfiguration, forKey: .buildConfiguration)
        try container.encode(allocator, forKey: .allocator)
        try container.encode(git, forKey: .git)
        try container.encode(date, forKey: .date)
        try container.encode(arguments, forKey: .arguments)
        try container.encode(valgrind, forKey: .valgrind)
        try container.encode(sources, forKey: .sources)
        try container.encode(load, forKey: .load)
    }
}

/// The allocator a report's allocation figures come from, and the counter
/// that produced them.
package struct AllocatorRecord: Codable, Sendable, Equatable {
    /// `"jemalloc"`, `"glibc"` (the fallback counter), or `"none"` when
    /// allocation figures are unavailable.
    package var name: String
    /// The allocator's version string, or `nil`.
    package var version: String?
    /// Why figures are missing and how to enable them, or how the figures
    /// were counted; `nil` when there is nothing to add.
    package var note: String?
    /// The counter behind every allocation figure of the report:
    /// `"jemalloc-stats"` (jemalloc's own statistics), `"malloc-interposer"`
    /// (the bench's fallback counter around glibc's malloc) or `"none"`.
    /// Figures from different counters are not comparable (the two count
    /// bytes in different size classes).
    package var counter: String

    /// Creates a record; `counter` defaults to `"none"` for the allocator
    /// `"none"` and to the allocator's name otherwise.
    package init(name: String, version: String?, note: String?, counter: String? = nil) {
        self.name = name
        self.version = version
        self.note = note
        self.counter = counter ?? (name == "none" ? "none" : name)
    }

    /// The record describing `probe`.
    package init(probe: any AllocationProbe) {
        self.init(
            name: probe.allocatorName, version: probe.allocatorVersion, note: probe.note,
            counter: probe.counterName)
    }

    /// Whether allocation figures are available.
    package var isAvailable: Bool { name != "none" }

    private enum CodingKeys: String, CodingKey { case name, version, note, counter }

    /// Encodes every field; absent values become explicit `null`s.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(version, forKey: .version)
        try container.encode(note, forKey: .note)
        try container.encode(counter, forKey: .counter)
    }
}

/// The git revision of the measured sources.
package struct GitRecord: Codable, Sendable, Equatable {
    /// The full commit hash of `HEAD`.
    package var commit: String
    /// Whether the work tree had uncommitted changes outside `Reports/`
    /// (reports are outputs of the run, not inputs).
    package var dirty: Bool

    /// Creates a record.
    package init(commit: String, dirty: Bool) {
        self.commit = commit
        self.dirty = dirty
    }
}
