/// The benchmark harness: scenarios, measurement, reports and thresholds.
public enum BenchmarkHarness {}
