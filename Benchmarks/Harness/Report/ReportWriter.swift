import Foundation

/// Writes a run's report files into a directory, all staged first and then
/// renamed into place (see ``AtomicFileSet``): `latest.json`, `latest.md`,
/// `latency-percentiles.svg` and `scaling.svg`, plus any extra files asked
/// for (the github-action-benchmark export).
public enum ReportWriter {
    /// The file names written, in order.
    public static let fileNames = ["latest.json", "latest.md", "latency-percentiles.svg", "scaling.svg"]

    /// Writes the files and returns their paths.
    /// - Throws: ``FileError`` naming the file that could not be encoded or
    ///   written; when staging fails, no destination is touched.
    /// - Complexity: O(size of the report) to render the four files, plus
    ///   one `fsync` each.
    public static func write(_ report: Report, check: CheckOutcome?, checkNote: String?,
                             to directory: String,
                             extraFiles: [(name: String, data: Data)] = []) throws(FileError) -> [String] {
        let names = fileNames + extraFiles.map(\.name)
        let paths = names.map { URL(fileURLWithPath: directory).appendingPathComponent($0).path }
        let json: Data
        do {
            json = try report.jsonData()
        } catch {
            throw .cannotWrite(path: paths[0], reason: "cannot encode the report: \(error)")
        }
        let contents = [
            json,
            Data(MarkdownReport.render(report, check: check, checkNote: checkNote).utf8),
            Data(LatencyChart.svg(for: report).utf8),
            Data(ScalingChart.svg(for: report).utf8),
        ] + extraFiles.map(\.data)
        var files = AtomicFileSet()
        do {
            for (data, path) in zip(contents, paths) { try files.stage(data, at: path) }
            try files.commit()
        } catch {
            files.discard()
            throw error
        }
        return paths
    }
}
