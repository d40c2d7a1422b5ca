import Foundation
import SourceFingerprint

/// Which engine sources a `bench` binary measures: the fingerprint compiled into it (by the `EngineFingerprint`
/// build-tool plugin) and that of the sources on disk when the run started.
package struct SourceRecord: Codable, Sendable, Equatable {
    /// The fingerprint of the sources the binary was compiled from (`fnv1a64:…/N`, see `SourceFingerprint`).
    package var compiled: String
    /// The fingerprint of the same files on disk when the run started, or
    /// `nil` when the package root the binary was built from is gone.
    package var onDisk: String?

    /// The record of this binary: its compiled fingerprint and that of the sources now under `root` (by default the
    /// package root it was built from).
    package static func current(root: String = compiledPackageRoot) -> SourceRecord {
        let url = URL(fileURLWithPath: root)
        var onDisk: String?
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("Sources").path) {
            onDisk = (try? SourceFingerprint.ofSources(at: url))?.description
        }
        return SourceRecord(compiled: compiledSourceFingerprint, onDisk: onDisk)
    }

    /// Why the run must not measure: the sources on disk differ from those
    /// compiled in; `nil` when they match or cannot be read.
    package var staleness: String? {
        guard let onDisk, onDisk != compiled else { return nil }
        return "this bench was built from other engine sources than those on disk "
            + "(built from \(compiled), on disk \(onDisk)): rebuild it (`swift build -c release`; "
            + "`swift run` rebuilds) so that it measures the code you are looking at"
    }
}
