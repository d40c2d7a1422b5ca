import Foundation

/// Writes a run's report files into a directory, all staged first and then
/// renamed into place (see ``AtomicFileSet``): `latest.json`, `latest.md`,
/// `latency-percentiles.svg` and `scaling.svg`, with pictures of the strip
/// also `strip-drag.svg` and `strip-fling.svg`, plus any extra files asked
/// for (the github-action-benchmark export).
package enum ReportWriter {
    /// The file names written, in order (without pictures of the strip).
    package static let fileNames = ["latest.json", "latest.md", "latency-percentiles.svg", "scaling.svg"]

    /// The file names written with `pictures`, in order: ``fileNames``, then
    /// ``StripPictures/fileNames`` when there are pictures.
    package static func fileNames(pictures: StripPictures?) -> [String] {
        fileNames + (pictures == nil ? [] : StripPictures.fileNames)
    }

    /// Writes the files and returns their paths; `pictures` adds the
    /// pictures of the strip (``StripDragChart``, ``FlingChart``), linked
    /// from `latest.md`; `baseline` is what the first screen of `latest.md`
    /// compares the headline figures with.
    /// - Throws: ``FileError`` naming the file that could not be encoded or
    ///   written; when staging fails, no destination is touched.
    /// - Complexity: O(size of the report) to render the four files, plus
    ///   O(frames × cells) for the pictures, plus one `fsync` each.
    package static func write(
        _ report: Report, check: CheckOutcome?, checkNote: String?,
        to directory: String, pictures: StripPictures? = nil,
        extraFiles: [(name: String, data: Data)] = [], baseline: MarkdownReport.BaselineReference? = nil
    ) throws(FileError) -> [String] {
        let names = fileNames(pictures: pictures) + extraFiles.map(\.name)
        let paths = names.map { URL(fileURLWithPath: directory).appendingPathComponent($0).path }
        let json: Data
        do {
            json = try report.jsonData()
        } catch {
            throw .cannotWrite(path: paths[0], reason: "cannot encode the report: \(error)")
        }
        var contents = [
            json,
            Data(
                MarkdownReport.render(
                    report, check: check, checkNote: checkNote, stripPictures: pictures != nil, baseline: baseline
                ).utf8),
            Data(LatencyChart.svg(for: report).utf8),
            Data(ScalingChart.svg(for: report).utf8),
        ]
        if let pictures {
            contents.append(
                Data(StripDragChart.svg(for: [pictures.lineDrag, pictures.lengthenDrag], seed: report.run.seed).utf8))
            contents.append(Data(FlingChart.svg(for: pictures.fling, seed: report.run.seed).utf8))
        }
        contents += extraFiles.map(\.data)
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
