// swift-tools-version:6.2
//
// TabStrip: a virtualised tab strip engine (the `TabStrip` umbrella over
// `TabStripCore`, `TabStripMotion` and `TabStripSync`) and the performance
// harness that proves it (`bench`).
//
// The library product depends on nothing outside the toolchain. jemalloc is
// linked by the `bench` executable only, and only when it is available; when
// it is not, the executable (only) gets the fallback counter, a C target that
// interposes malloc and friends and forwards to glibc:
//
//   TABSTRIP_JEMALLOC=1  link jemalloc; the build fails clearly if it is missing
//   TABSTRIP_JEMALLOC=0  never link it: the bench counts allocations with its own
//                        malloc interposer (Benchmarks/CAllocationCounter) instead
//   unset                link it when <jemalloc/jemalloc.h> is installed
//
// SwiftPM caches the evaluation of this manifest. After installing or removing
// libjemalloc-dev, run `swift package purge-cache` (or set TABSTRIP_JEMALLOC
// explicitly, which is part of the cache key).
//
// HarfBuzz and FreeType shape titles with a real font for the harness's
// shaper figures (the `shaper` scenario), detected the same way; without
// them those figures are `null`, never 0:
//
//   TABSTRIP_HARFBUZZ=1  link them; the build fails clearly if a header is missing
//   TABSTRIP_HARFBUZZ=0  never link them
//   unset                link them when <hb-ft.h> and FreeType's headers are installed
//
// They are a dependency of the harness's declared benchmarks (`BenchSuite`,
// which `bench` and the harness tests link), never of the library products.
//
// `CCallgrind` (callgrind's client requests as C functions, for the bench's
// instruction pass) is a dependency of the harness only, never of the library
// product; it compiles to no-ops where <valgrind/callgrind.h> is absent.
// `CRangeReference` (the flat-array range query the index is compared with)
// is harness-only too.

import Foundation
import PackageDescription

/// Whether to link an optional system library: `variable` set to `1` forces
/// it, `0` turns it off, and unset it is linked when `installed()` says its
/// headers are there.
func linksOptionalLibrary(_ variable: String, installed: () -> Bool) -> Bool {
    switch ProcessInfo.processInfo.environment[variable] {
    case "1": return true
    case "0": return false
    default: return installed()
    }
}

func fileExists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

let linksJemalloc = linksOptionalLibrary("TABSTRIP_JEMALLOC") {
    ["/usr/include/jemalloc/jemalloc.h", "/usr/local/include/jemalloc/jemalloc.h"].contains(where: fileExists)
}
let linksHarfBuzz = linksOptionalLibrary("TABSTRIP_HARFBUZZ") {
    ["/usr/include/harfbuzz/hb.h", "/usr/include/harfbuzz/hb-ft.h", "/usr/include/freetype2/ft2build.h"]
        .allSatisfy(fileExists)
}

// Internal consistency checks (`_checkInvariants()` after every mutation)
// are opt-in, as swift-collections does it: they are compiled into debug
// builds only when TABSTRIP_INTERNAL_CHECKS=1 is set while building, which
// the test command and CI do. An app that depends on the package never gets
// them in its debug builds unless it asks.
let internalChecks = ProcessInfo.processInfo.environment["TABSTRIP_INTERNAL_CHECKS"] == "1"
let librarySettings: [SwiftSetting] =
    internalChecks
    ? [.define("TABSTRIP_INTERNAL_CHECKS", .when(configuration: .debug))]
    : []

/// The harness's system library `name` (its module map in Benchmarks/`name`),
/// found through pkg-config and installed on Debian by the `apt` packages.
func systemLibrary(_ name: String, pkgConfig: String, apt: [String]) -> Target {
    .systemLibrary(name: name, path: "Benchmarks/" + name, pkgConfig: pkgConfig, providers: [.apt(apt)])
}

var benchDependencies: [Target.Dependency] = ["BenchInstruments", "BenchSuite", "BenchReports", "BenchCLI"]
var benchSettings: [SwiftSetting] = []
var extraTargets: [Target] = []
if linksJemalloc {
    benchDependencies.append("CJemalloc")
    benchSettings.append(.define("TABSTRIP_JEMALLOC"))
    extraTargets.append(systemLibrary("CJemalloc", pkgConfig: "jemalloc", apt: ["libjemalloc-dev"]))
} else {
    benchDependencies.append("CAllocationCounter")
    extraTargets.append(
        .target(
            name: "CAllocationCounter",
            path: "Benchmarks/CAllocationCounter",
            // Like every C target the instruction pass runs: valgrind 3.19
            // cannot read clang's default DWARF 5 and refuses the binary.
            cSettings: [.unsafeFlags(["-gdwarf-4"], .when(platforms: [.linux]))]
        )
    )
}

var suiteDependencies: [Target.Dependency] = [
    "BenchInstruments", "TabStrip", "TabStripTestSupport", "CRangeReference", "SourceFingerprint", "TerminalText",
]
var suiteSettings: [SwiftSetting] = []
if linksHarfBuzz {
    suiteDependencies.append("CHarfBuzz")
    suiteSettings.append(.define("TABSTRIP_HARFBUZZ"))
    extraTargets.append(
        systemLibrary("CHarfBuzz", pkgConfig: "harfbuzz", apt: ["libharfbuzz-dev", "libfreetype-dev"]))
}

let package = Package(
    name: "TabStrip",
    products: [
        // `import TabStrip` is the one line a user writes; the three modules
        // can also be depended on alone.
        .library(name: "TabStrip", targets: ["TabStrip"]),
        .library(name: "TabStripCore", targets: ["TabStripCore"]),
        .library(name: "TabStripMotion", targets: ["TabStripMotion"]),
        .library(name: "TabStripSync", targets: ["TabStripSync"]),
        .executable(name: "bench", targets: ["bench"]),
        .executable(name: "tabstrip-demo", targets: ["tabstrip-demo"]),
        .executable(name: "tabstrip-fuzz", targets: ["tabstrip-fuzz"]),
    ],
    targets: [
        // The display-column count (wcwidth per grapheme cluster) and its
        // tables, behind `DisplayColumns` and `ColumnTitleMeasurer`. Not a
        // product: `TabStripCore` reaches it through `package` API and
        // exposes none of its types.
        .target(
            name: "TabStripDisplayColumns",
            path: "Sources/TabStripDisplayColumns",
            // Generates ColumnCounter+Table.swift from Unicode data.
            exclude: ["generate_display_columns_table.py"],
            swiftSettings: librarySettings
        ),
        .target(
            name: "TabStripCore",
            dependencies: ["TabStripDisplayColumns"],
            path: "Sources/TabStripCore",
            swiftSettings: librarySettings,
            // `Double.rounded()` and friends call libm, which nothing else
            // links into a debug build on Linux.
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        // Clocks, scroll physics, animation, the pager, the page cache and
        // the wheel counter: time-driven motion, independent of the strip.
        .target(
            name: "TabStripMotion",
            dependencies: ["TabStripCore"],
            path: "Sources/TabStripMotion",
            swiftSettings: librarySettings
        ),
        // `PagerSync`: the one place where the strip and the pager meet.
        .target(
            name: "TabStripSync",
            dependencies: ["TabStripCore", "TabStripMotion"],
            path: "Sources/TabStripSync",
            swiftSettings: librarySettings
        ),
        // The umbrella: re-exports the three modules.
        .target(
            name: "TabStrip",
            dependencies: ["TabStripCore", "TabStripMotion", "TabStripSync"],
            path: "Sources/TabStrip"
        ),
        // Shared by the tests and the harness: the one seeded generator,
        // seed selection (TABSTRIP_SEED, TABSTRIP_SOAK), exhaustive
        // combinators, the reference models and the recording host. Not a
        // product; it imports no test framework and uses the library's
        // public and `package` API only, so the bench can link it too.
        .target(
            name: "TabStripTestSupport",
            dependencies: ["TabStripCore", "TabStripMotion", "TabStripSync"],
            path: "Tests/TabStripTestSupport",
            // The models and checkers are optimised even in debug builds
            // (the engine they check stays a checked debug build): the
            // model tests spend much of their time in them. The flat
            // reference index checks its state as the engine's types do.
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))] + librarySettings
        ),
        // Callgrind's client requests as C functions, for the instruction
        // pass (no-ops where <valgrind/callgrind.h> is absent). Harness only.
        .target(
            name: "CCallgrind",
            path: "Benchmarks/CCallgrind",
            // valgrind 3.19 cannot read clang's default DWARF 5 (it gives up
            // on the whole binary); the Swift objects are DWARF 4 already.
            cSettings: [.unsafeFlags(["-gdwarf-4"], .when(platforms: [.linux]))]
        ),
        // The flat-array range query the width index is compared with in
        // the same run (issue 10's "C, flat double prefix array"), at -O3
        // as that measurement was, and branchless as written: without the
        // second flag, LLVM's x86 pass that turns conditional moves in loops
        // into branches made the searches' steps branches. Harness only.
        .target(
            name: "CRangeReference",
            path: "Benchmarks/CRangeReference",
            cSettings: [
                .unsafeFlags(["-gdwarf-4"], .when(platforms: [.linux])),
                .unsafeFlags(["-O3", "-mllvm", "-x86-cmov-converter=false"], .when(configuration: .release)),
            ]
        ),
        // The fingerprint of the engine sources a harness binary was built
        // from (harness only): the plugin compiles it into the harness and
        // the demo with every engine source as an input, so any engine edit
        // recompiles them (an incremental release build once relinked a
        // harness that had inlined an older @inlinable body), and `bench`
        // refuses to measure when the sources on disk differ.
        .target(name: "SourceFingerprint", path: "Benchmarks/SourceFingerprint"),
        .executableTarget(
            name: "source-fingerprint",
            dependencies: ["SourceFingerprint"],
            path: "Benchmarks/source-fingerprint"
        ),
        .plugin(
            name: "EngineFingerprint",
            capability: .buildTool(),
            dependencies: ["source-fingerprint"],
            path: "Benchmarks/Plugins/EngineFingerprint"
        ),
        // The harness, one module per layer; each imports only the layers
        // below it, so a benchmark cannot reach into the report writer:
        // instruments (clocks, histograms, allocation probes, callgrind) →
        // the declared benchmarks → reports (JSON, markdown, SVG) → the gate
        // (thresholds, baselines, compare, ab) → the command line.
        .target(
            name: "BenchInstruments",
            dependencies: ["CCallgrind", "TerminalText"],
            path: "Benchmarks/Instruments"
        ),
        // The declared benchmarks measure the engine: they get the engine's
        // fingerprint, so that any engine edit recompiles them.
        .target(
            name: "BenchSuite",
            dependencies: suiteDependencies,
            path: "Benchmarks/Suite",
            swiftSettings: suiteSettings,
            plugins: ["EngineFingerprint"]
        ),
        .target(
            name: "BenchReports",
            dependencies: ["BenchInstruments", "BenchSuite", "TabStrip"],
            path: "Benchmarks/Reports"
        ),
        .target(
            name: "BenchGate",
            dependencies: ["BenchInstruments", "BenchSuite", "BenchReports", "TerminalText"],
            path: "Benchmarks/Gate"
        ),
        .target(
            name: "BenchCLI",
            dependencies: ["BenchInstruments", "BenchSuite", "BenchReports", "BenchGate", "TabStrip", "TerminalText"],
            path: "Benchmarks/CLI"
        ),
        // Quoting untrusted input for one-line messages and grouping digits:
        // shared by the bench and the terminal demo (both print to a terminal).
        .target(name: "TerminalText", path: "Benchmarks/TerminalText"),
        .executableTarget(
            name: "bench",
            dependencies: benchDependencies,
            path: "Benchmarks/bench",
            swiftSettings: benchSettings
        ),
        // The interactive terminal demo (Examples/TerminalDemo): a host built
        // on the public API only. The kit holds everything testable; the
        // executable adds the terminal I/O.
        .target(
            name: "TerminalDemoKit",
            dependencies: ["TabStrip", "TerminalText"],
            path: "Examples/TerminalDemo/Sources/TerminalDemoKit",
            plugins: ["EngineFingerprint"]
        ),
        .executableTarget(
            name: "tabstrip-demo",
            dependencies: ["TerminalDemoKit", "TabStrip", "TerminalText"],
            path: "Examples/TerminalDemo/Sources/tabstrip-demo"
        ),
        // Seeded random gesture runs against a tab bar at full count (the
        // tests run a bounded number): `swift run -c release tabstrip-fuzz`.
        .executableTarget(
            name: "tabstrip-fuzz",
            dependencies: ["TabStripTestSupport"],
            path: "Tests/tabstrip-fuzz"
        ),
        .testTarget(
            name: "TerminalDemoTests",
            dependencies: ["TerminalDemoKit", "TabStrip", "TabStripTestSupport"],
            path: "Tests/TerminalDemoTests"
        ),
        .testTarget(
            name: "TabStripTests",
            dependencies: [
                "TabStripCore", "TabStripDisplayColumns", "TabStripMotion", "TabStripSync", "TabStrip",
                "TabStripTestSupport",
            ],
            path: "Tests/TabStripTests",
            swiftSettings: librarySettings
        ),
        .testTarget(
            name: "BenchmarkTests",
            dependencies: [
                "BenchInstruments", "BenchSuite", "BenchReports", "BenchGate", "BenchCLI", "CRangeReference",
                "SourceFingerprint", "TabStrip", "TabStripDisplayColumns", "TerminalText",
                "TabStripTestSupport",
            ],
            path: "Tests/BenchmarkTests"
        ),
    ] + extraTargets,
    swiftLanguageModes: [.v6]
)
