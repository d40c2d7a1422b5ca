import Foundation

/// `value` as pretty-printed JSON with sorted keys (stable diffs), ending with a newline: every JSON file the harness
/// writes.
package func prettyJSON(_ value: some Encodable) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(value) + [0x0A]
}

/// The file at `path` read and decoded by `decode`, its problems prefixed with the path; `unreadable` when the file
/// cannot be read.
package func loadJSON<T>(_ path: String, unreadable: ReportError, _ decode: (Data) throws(ReportError) -> T)
    throws(ReportError) -> T
{
    guard let data = FileManager.default.contents(atPath: path) else { throw unreadable }
    do { return try decode(data) } catch let .invalid(message) {
        throw .invalid("\(path): \(message)")
    } catch { throw error }
}

extension Report {
    package func jsonData() throws -> Data { try prettyJSON(self) }

    /// Decodes a report, first checking it against ``ReportSchema`` so that a malformed or foreign file is rejected
    /// with a message naming the field.
    package static func decode(_ data: Data) throws(ReportError) -> Report {
        if let first = ReportSchema.validate(data).first { throw .invalid(first) }
        do { return try JSONDecoder().decode(Report.self, from: data) } catch { throw .invalid("\(error)") }
    }

    package static func load(path: String) throws(ReportError) -> Report {
        try loadJSON(path, unreadable: .unreadable(path), decode)
    }
}

/// Why a report (or a baseline) could not be loaded: one line.
package enum ReportError: Error, Equatable, CustomStringConvertible {
    case unreadable(String)
    case invalid(String)

    package var description: String {
        switch self {
        case .unreadable(let path): return "\(path): cannot read the report"
        case .invalid(let message): return message
        }
    }
}
