import Foundation
import Testing

/// The README's Swift listings are the code `ReadmeExampleTests` runs: every
/// region marked `// README: NAME begin` … `// README: NAME end` in that
/// file must appear, line for line (indentation aside), as one of the
/// README's ```swift blocks, so the README cannot drift from code that
/// compiles and passes.
@Suite struct DocumentationListingTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The regions of `file` marked with `marker` (`README`, `GUIDE`), by
    /// name, dedented.
    static func regions(in file: String = "ReadmeExampleTests.swift", marker: String = "README") throws -> [String:
        [String]]
    {
        let url = root.appendingPathComponent("Tests/TabStripTests/Examples/\(file)")
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        let prefix = "// \(marker): "
        var regions: [String: [String]] = [:]
        var current: (name: String, lines: [String])?
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix(prefix), trimmed.hasSuffix(" begin") {
                current = (String(trimmed.dropFirst(prefix.count).dropLast(6)), [])
            } else if trimmed.hasPrefix(prefix), trimmed.hasSuffix(" end"), let region = current {
                regions[region.name] = dedent(region.lines)
                current = nil
            } else if current != nil {
                current!.lines.append(line)
            }
        }
        return regions
    }

    /// The ```swift blocks of a Markdown file, dedented.
    static func swiftBlocks(in path: String = "README.md") throws -> [[String]] {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.components(separatedBy: "\n") {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(dedent(current!))
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return blocks
    }

    static func dedent(_ lines: [String]) -> [String] {
        let indents = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }
        let cut = indents.min() ?? 0
        return lines.map { $0.count >= cut ? String($0.dropFirst(cut)) : $0.trimmingCharacters(in: .whitespaces) }
    }

    /// `needle` occurs as consecutive lines of `haystack`.
    static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains { start in
            Array(haystack[start..<(start + needle.count)]) == needle
        }
    }

    @Test func everyMarkedRegionIsAReadmeListing() throws {
        let regions = try Self.regions()
        let blocks = try Self.swiftBlocks()
        #expect(regions.count >= 4, "regions found: \(regions.keys.sorted())")
        for (name, region) in regions.sorted(by: { $0.key < $1.key }) {
            #expect(
                blocks.contains { Self.contains($0, region) },
                "README has no swift block containing the '\(name)' region of ReadmeExampleTests:\n\(region.joined(separator: "\n"))"
            )
        }
    }

    /// Every DocC guide opens with the listing `GuideExampleTests` runs.
    @Test(arguments: [
        "Sources/TabStripCore/TabStripCore.docc/WidthIndex.md",
        "Sources/TabStripCore/TabStripCore.docc/Measuring.md",
        "Sources/TabStripCore/TabStripCore.docc/Appearance.md",
        "Sources/TabStripCore/TabStripCore.docc/Virtualizer.md",
        "Sources/TabStripCore/TabStripCore.docc/PinnedTabs.md",
        "Sources/TabStripMotion/TabStripMotion.docc/Motion.md",
        "Sources/TabStripMotion/TabStripMotion.docc/PageCache.md",
        "Sources/TabStripSync/TabStripSync.docc/Sync.md",
        "Sources/TabStripSync/TabStripSync.docc/Reorder.md",
    ])
    func everyGuideOpensWithItsTestedListing(path: String) throws {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let region = try #require(
            try Self.regions(in: "GuideExampleTests.swift", marker: "GUIDE")[name],
            "GuideExampleTests has no '\(name)' region")
        let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        let opening = text.components(separatedBy: "## Overview")[0]
        #expect(opening.contains("```swift"), "\(path) does not open with a code listing")
        let blocks = try Self.swiftBlocks(in: path)
        #expect(
            blocks.first == region,
            "the first listing of \(path) differs from the '\(name)' region of GuideExampleTests")
    }
}
