import Testing
@testable import BenchmarkHarness
