import Foundation

/// The `valgrind` executable the instruction pass runs, and its version.
package struct Valgrind: Sendable, Equatable {
    package var path: String
    package var version: String

    /// Finds an executable `valgrind` in the directories of `searchPath` (colon-separated, like `PATH`) and asks it for
    /// its version. Returns `nil` when there is none, or when it does not answer `--version` with a line starting
    /// `valgrind`.
    package static func locate(searchPath: String) -> Valgrind? {
        for directory in searchPath.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/valgrind"
            guard FileManager.default.isExecutableFile(atPath: candidate) else { continue }
            guard let output = ChildProcess.output(of: candidate, arguments: ["--version"]),
                let line = output.split(separator: "\n").first, line.hasPrefix("valgrind")
            else { return nil }
            return Valgrind(path: candidate, version: String(line))
        }
        return nil
    }
}
