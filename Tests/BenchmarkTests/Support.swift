import Foundation

@testable import BenchCLI
@testable import BenchGate
@testable import BenchInstruments
@testable import BenchReports
@testable import BenchSuite

/// A fresh temporary directory for one test.
func temporaryDirectory(_ name: String = #function) -> String {
    let cleaned = name.filter { $0.isLetter || $0.isNumber }
    let path = NSTemporaryDirectory() + "bench-tests-\(cleaned)-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
