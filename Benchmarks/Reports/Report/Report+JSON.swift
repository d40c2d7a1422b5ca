import Foundation

extension Report {
    /// The report as pretty-printed JSON with sorted keys (stable diffs), ending with a newline.
    package func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }

    /// Decodes a report, first checking it against ``ReportSchema`` so that a malformed or foreign file is rejected
    /// with a message naming the field.
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
    case unreadable(String)
    case invalid(String)

    /// One line: the path and `cannot read the report`, or the problem found.
    package var description: String {
        switch self {
        case .unreadable(let path): return "\(path): cannot read the report"
        case .invalid(let message): return message
        }
    }
}
