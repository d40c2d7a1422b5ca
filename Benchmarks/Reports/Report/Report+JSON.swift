import Foundation

extension Report {
    /// The report as pretty-printed JSON with sorted keys (stable diffs),
    /// ending with a newline.
    /// - Throws: the encoder's error; JSON has no NaN or infinity, so a
    ///   non-finite figure throws.
    package func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }

    /// Decodes a report, first checking it against ``ReportSchema`` so that
    /// a malformed or foreign file is rejected with a message naming the
    /// field.
    /// - Throws: ``ReportError/invalid(_:)`` with the first problem found.
    package static func decode(_ data: Data) throws(ReportError) -> Report {
        let problems = ReportSchema.validate(data)
        if let first = problems.first { throw .invalid(first) }
        do {
            return try JSONDecoder().decode(Report.self, from: data)
        } catch {
            throw .invalid("\(error)")
        }
    }

    /// Reads and decodes the report at `path`.
    /// - Throws: ``ReportError/unreadable(_:)``, or
    ///   ``ReportError/invalid(_:)`` with the message prefixed by `path`.
    package static func load(path: String) throws(ReportError) -> Report {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path)
        }
        do {
            return try decode(data)
        } catch let .invalid(message) {
            throw .invalid("\(path): \(message)")
        } catch {
            throw error
        }
    }
}

/// Why a report could not be loaded.
package enum ReportError: Error, Equatable, CustomStringConvertible {
    /// The file does not exist or cannot be read.
    case unreadable(String)
    /// The file is not a valid report; the message names the problem.
    case invalid(String)

    /// One line: the path and `cannot read the report`, or the problem
    /// found.
    package var description: String {
        switch self {
        case .unreadable(let path): return "\(path): cannot read the report"
        case .invalid(let message): return message
        }
    }
}
