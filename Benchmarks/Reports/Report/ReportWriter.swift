import BenchInstruments
import BenchSuite
import Foundation

/// Renders a run's report files, for ``AtomicFileSet/write(_:into:)`` to write as one set: `latest.json`, `latest.md`,
/// `latency-percentiles.svg` and `scaling.svg`, with pictures of the strip also `strip-drag.svg` and `strip-fling.svg`.
package enum ReportWriter {
    package static let jsonName = "latest.json"
    package static let markdownName = "latest.md"
    package static let latencyChartName = "latency-percentiles.svg"
    package static let scalingChartName = "scaling.svg"
    package static let stripDragName = "strip-drag.svg"
    package static let stripFlingName = "strip-fling.svg"

    /// The names of the files ``files(for:markdown:pictures:directory:)`` renders,
    /// with or without pictures of the strip, in its order.
    package static func fileNames(pictures: Bool) -> [String] {
        [jsonName, markdownName, latencyChartName, scalingChartName]
            + (pictures ? [stripDragName, stripFlingName] : [])
    }

    /// The report files of `report`: its JSON, `markdown` (the caller renders it, with whatever check outcome it has),
    /// the two charts and, given `pictures`, the pictures of the strip.
    package static func files(
        for report: Report, markdown: String, pictures: StripPictures?, directory: String
    ) throws(FileError) -> [NamedFile] {
        let json: Data
        do { json = try report.jsonData() } catch {
            throw .cannotWrite(
                path: URL(fileURLWithPath: directory).appendingPathComponent(jsonName).path,
                reason: "cannot encode the report: \(error)")
        }
        var files = [
            NamedFile(name: jsonName, data: json), NamedFile(name: markdownName, text: markdown),
            NamedFile(name: latencyChartName, text: LatencyChart.svg(for: report)),
            NamedFile(name: scalingChartName, text: ScalingChart.svg(for: report)),
        ]
        if let pictures {
            let seed = report.run.seed
            files.append(
                NamedFile(
                    name: stripDragName,
                    text: StripDragChart.svg(for: [pictures.lineDrag, pictures.lengthenDrag], seed: seed)))
            files.append(NamedFile(name: stripFlingName, text: FlingChart.svg(for: pictures.fling, seed: seed)))
        }
        return files
    }
}
