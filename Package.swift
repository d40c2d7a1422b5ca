// swift-tools-version:6.0
//
// TabStrip: a virtualised tab strip engine (`TabStripCore`) and the
// performance harness that proves it (`bench`).
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

import PackageDescription
import Foundation

let jemallocRequest = ProcessInfo.processInfo.environment["TABSTRIP_JEMALLOC"]
let jemallocHeaderPaths = [
    "/usr/include/jemalloc/jemalloc.h",
    "/usr/local/include/jemalloc/jemalloc.h",
]
let linksJemalloc: Bool = {
    switch jemallocRequest {
    case "1": return true
    case "0": return false
    default: return jemallocHeaderPaths.contains { FileManager.default.fileExists(atPath: $0) }
    }
}()

let coreSettings: [SwiftSetting] = [
    // Enables `_checkInvariants()` bodies (and other internal consistency
    // checks) in debug builds, which is how the tests run.
    .define("TABSTRIP_INTERNAL_CHECKS", .when(configuration: .debug)),
]

var benchDependencies: [Target.Dependency] = ["TabStripCore", "BenchmarkHarness"]
var benchSettings: [SwiftSetting] = []
var extraTargets: [Target] = []
if linksJemalloc {
    benchDependencies.append("CJemalloc")
    benchSettings.append(.define("TABSTRIP_JEMALLOC"))
    extraTargets.append(
        .systemLibrary(
            name: "CJemalloc",
            path: "Benchmarks/CJemalloc",
            pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"])]
        )
    )
} else {
    benchDependencies.append("CAllocationCounter")
    extraTargets.append(.target(name: "CAllocationCounter", path: "Benchmarks/CAllocationCounter"))
}

let package = Package(
    name: "TabStrip",
    products: [
        .library(name: "TabStripCore", targets: ["TabStripCore"]),
        .executable(name: "bench", targets: ["bench"]),
    ],
    targets: [
        .target(
            name: "TabStripCore",
            path: "Sources/TabStripCore",
            // Generates Measuring/DisplayColumns+Table.swift from Unicode data.
            exclude: ["Measuring/generate_display_columns_table.py"],
            swiftSettings: coreSettings,
            // `Double.rounded()` and friends call libm, which nothing else
            // links into a debug build on Linux.
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        .target(
            name: "BenchmarkHarness",
            dependencies: ["TabStripCore"],
            path: "Benchmarks/Harness"
        ),
        .executableTarget(
            name: "bench",
            dependencies: benchDependencies,
            path: "Benchmarks/bench",
            swiftSettings: benchSettings
        ),
        .testTarget(
            name: "TabStripCoreTests",
            dependencies: ["TabStripCore"],
            path: "Tests/TabStripCoreTests",
            swiftSettings: coreSettings
        ),
        .testTarget(
            name: "BenchmarkTests",
            dependencies: ["BenchmarkHarness", "TabStripCore"],
            path: "Tests/BenchmarkTests"
        ),
    ] + extraTargets,
    swiftLanguageModes: [.v6]
)
