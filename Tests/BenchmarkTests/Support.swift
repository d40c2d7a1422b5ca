import Foundation

@testable import BenchmarkHarness

/// A fresh temporary directory for one test.
func temporaryDirectory(_ name: String = #function) -> String {
    let cleaned = name.filter { $0.isLetter || $0.isNumber }
    let path = NSTemporaryDirectory() + "bench-tests-\(cleaned)-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
