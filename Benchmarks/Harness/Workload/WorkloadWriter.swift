import Foundation
import TabStrip

/// Writes a portable workload: the inputs other implementations (in any
/// language) can replay to compare with this engine.
///
/// - `titles.tsv`: a header line, then `index<TAB>columns<TAB>width<TAB>title`
///   per tab.
/// - `widths.txt`: one tab width in points per line.
/// - `offsets.txt`: one content offset per line: the engine's fling script
///   (``EngineFlingTrace``: `Fling` at 120 Hz with bounces and carried
///   momentum), so offsets briefly go past either end.
///
/// Numbers are written in Swift's shortest round-tripping form, so reading
/// them back gives the same `Double`s. All three files are staged and then
/// renamed into place together.
package struct WorkloadWriter {
    /// Measures each title (columns and width).
    package var measurer: any TitleMeasuring
    /// Produces the offsets.
    package var trace: any OffsetTraceGenerating

    /// Creates a writer with the given seams.
    package init(
        measurer: any TitleMeasuring = EngineTitleMeasuring(),
        trace: any OffsetTraceGenerating = EngineFlingTrace()
    ) {
        self.measurer = measurer
        self.trace = trace
    }

    /// What was written.
    package struct Summary: Sendable, Equatable {
        /// Tabs in the workload (lines of `widths.txt`).
        package var titles: Int
        /// Offsets in the trace (lines of `offsets.txt`).
        package var frames: Int
        /// The sum of the tab widths: the content width the trace scrolls.
        package var totalWidth: Double
        /// The paths written: `titles.tsv`, `widths.txt`, `offsets.txt`.
        package var files: [String]
    }

    /// Generates `count` titles from `seed`, measures them, traces `frames`
    /// offsets through a viewport `viewport` wide, and writes the files into
    /// `directory`.
    /// - Throws: ``WorkloadError``; nothing is written when it throws.
    /// - Complexity: O(count + frames) in time and memory: every title is
    ///   generated and measured, and the three files are built in memory
    ///   before they are written.
    package func write(
        count: Int, seed: UInt64, viewport: Double, frames: Int,
        to directory: String
    ) throws(WorkloadError) -> Summary {
        let titles = TitleGenerator.titles(count: count, seed: seed)
        var tsv = "index\tcolumns\twidth\ttitle\n"
        var widths = ""
        var total = 0.0
        for (index, title) in titles.enumerated() {
            let measurement: TitleMeasurement
            do {
                measurement = try measurer.measure(title)
            } catch {
                throw .measuring(index: index, error)
            }
            guard measurement.width.isFinite, measurement.width >= 0 else {
                throw .measuring(index: index, .invalidWidth(index: index, value: measurement.width))
            }
            total += measurement.width
            tsv += "\(index)\t\(measurement.columns)\t\(measurement.width)\t\(title)\n"
            widths += "\(measurement.width)\n"
        }
        let offsets = trace.offsets(frames: frames, contentWidth: total, viewportWidth: viewport, seed: seed)
        var offsetText = ""
        for offset in offsets { offsetText += "\(offset)\n" }
        let paths = ["titles.tsv", "widths.txt", "offsets.txt"].map {
            URL(fileURLWithPath: directory).appendingPathComponent($0).path
        }
        var files = AtomicFileSet()
        do {
            try files.stage(Data(tsv.utf8), at: paths[0])
            try files.stage(Data(widths.utf8), at: paths[1])
            try files.stage(Data(offsetText.utf8), at: paths[2])
            try files.commit()
        } catch {
            files.discard()
            throw .file(error)
        }
        return Summary(titles: count, frames: offsets.count, totalWidth: total, files: paths)
    }
}

/// Why a workload could not be written.
package enum WorkloadError: Error, Equatable, CustomStringConvertible {
    /// The measurer rejected title `index`.
    case measuring(index: Int, TabStripError)
    /// A file could not be written.
    case file(FileError)

    /// One line naming the title or the file.
    package var description: String {
        switch self {
        case .measuring(let index, let error): return "cannot measure title \(index): \(error)"
        case .file(let error): return error.description
        }
    }
}
