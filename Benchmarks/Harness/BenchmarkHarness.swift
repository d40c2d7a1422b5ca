/// The benchmark harness behind `swift run -c release bench`: timing,
/// allocation probes, scenarios, reports, thresholds and portable workloads.
///
/// The `bench` executable is a thin shell around ``BenchApp``; everything it
/// does is in this module so that the tests can drive it in-process.
package enum BenchmarkHarness {
    /// The version of the harness, recorded in every report.
    package static let version = "1.0.0"
}
