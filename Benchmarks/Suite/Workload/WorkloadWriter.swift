import BenchInstruments
import TabStrip
import TabStripTestSupport

/// Writes a portable workload: the inputs other implementations (in any language) can replay to compare with this
/// engine.
///
/// - `titles.tsv`: a header line, then `index<TAB>columns<TAB>width<TAB>title` per tab.
/// - `widths.txt`: one tab width in points per line.
/// - `offsets.txt`: one content offset per line: the engine's fling script (``EngineFlingTrace``: `Fling` at 120 Hz
///   with bounces and carried momentum), so offsets briefly go past either end.
/// - `random-offsets.txt`: as many offsets, uniform over the scroll range `[0, max(0, total - viewport)]`: the
///   random-access trace, where every query is a jump.
///
/// Numbers are written in Swift's shortest round-tripping form, so reading them back gives the same `Double`s. All four
/// files are staged and then renamed into place together.
package struct WorkloadWriter {
    package var measurer: any TitleMeasuring
    package var trace: any OffsetTraceGenerating

    package init(
        measurer: any TitleMeasuring = EngineTitleMeasuring(), trace: any OffsetTraceGenerating = EngineFlingTrace()
    ) { (self.measurer, self.trace) = (measurer, trace) }

    package struct Summary: Sendable, Equatable {
        package var titles: Int
        package var frames: Int
        package var totalWidth: Double
        /// The paths written: `titles.tsv`, `widths.txt`, `offsets.txt`, `random-offsets.txt`.
        package var files: [String]
    }

    /// Generates `count` titles from `seed`, measures them, traces `frames` offsets through a viewport `viewport` wide,
    /// and writes the files into `directory`.
    package func write(
        count: Int, seed: UInt64, viewport: Double, frames: Int, to directory: String
    ) throws(WorkloadError) -> Summary {
        let titles = TitleGenerator.titles(count: count, seed: seed)
        var tsv = "index\tcolumns\twidth\ttitle\n"
        var widths = ""
        var total = 0.0
        for (index, title) in titles.enumerated() {
            let measurement: TitleMeasurement
            do { measurement = try measurer.measure(title) } catch { throw .measuring(index: index, error) }
            guard measurement.width.isFinite, measurement.width >= 0 else {
                throw .measuring(index: index, .invalidWidth(index: index, value: measurement.width))
            }
            total += measurement.width
            tsv += "\(index)\t\(measurement.columns)\t\(measurement.width)\t\(title)\n"
            widths += "\(measurement.width)\n"
        }
        let offsets = trace.offsets(frames: frames, contentWidth: total, viewportWidth: viewport, seed: seed)
        let offsetText = offsets.map { "\($0)\n" }.joined()
        let randomText = Self.randomOffsets(
            count: offsets.count, contentWidth: total, viewportWidth: viewport, seed: seed
        ).map { "\($0)\n" }.joined()
        let files = [
            NamedFile(name: "titles.tsv", text: tsv), NamedFile(name: "widths.txt", text: widths),
            NamedFile(name: "offsets.txt", text: offsetText), NamedFile(name: "random-offsets.txt", text: randomText),
        ]
        let paths: [String]
        do { paths = try AtomicFileSet.write(files, into: directory) } catch { throw .file(error) }
        return Summary(titles: count, frames: offsets.count, totalWidth: total, files: paths)
    }

    /// The random-access trace of `random-offsets.txt`: `count` offsets drawn uniformly from `[0, max(0, contentWidth -
    /// viewportWidth)]`, reproducible from `seed`.
    package static func randomOffsets(count: Int, contentWidth: Double, viewportWidth: Double, seed: UInt64) -> [Double]
    {
        var random = SeededGenerator(seed: seed, stream: "random-access-trace")
        let limit = Swift.max(0, contentWidth - viewportWidth)
        return (0..<Swift.max(0, count)).map { _ in random.nextUnit() * limit }
    }
}

/// Why a workload could not be written.
package enum WorkloadError: Error, Equatable, CustomStringConvertible {
    case measuring(index: Int, TabStripError)
    case file(FileError)

    /// One line naming the title or the file.
    package var description: String {
        switch self {
        case .measuring(let index, let error): return "cannot measure title \(index): \(error)"
        case .file(let error): return error.description
        }
    }
}
