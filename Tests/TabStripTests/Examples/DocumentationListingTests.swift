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
            let fence = line.trimmingCharacters(in: .whitespaces)
            if current == nil, fence == "```swift" {
                current = []
            } else if current != nil, fence == "```" {
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

    /// The DocC articles of every module.
    static func articles() throws -> [String] {
        var paths: [String] = []
        let sources = root.appendingPathComponent("Sources")
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let catalog = "Sources/\(module)/\(module).docc"
            guard
                let files = try? FileManager.default.contentsOfDirectory(
                    atPath: root.appendingPathComponent(catalog).path)
            else { continue }
            paths += files.filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
        }
        return paths
    }

    /// Every Swift listing of every DocC article is code `GuideExampleTests`
    /// runs: a region named after the article (`Sync`), or after the
    /// article and a part of it (`Sync.WithoutPages`). So no listing can
    /// name an API that is gone.
    @Test func everyArticleListingIsTested() throws {
        let regions = try Self.regions(in: "GuideExampleTests.swift", marker: "GUIDE")
        let articles = try Self.articles()
        #expect(articles.count >= 12, "articles found: \(articles)")
        for path in articles {
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            for (k, block) in try Self.swiftBlocks(in: path).enumerated() {
                let tested = regions.contains { key, region in
                    (key == name || key.hasPrefix(name + ".")) && region == block
                }
                #expect(
                    tested,
                    "listing \(k + 1) of \(path) is no GuideExampleTests region named \(name) or \(name).…:\n\(block.joined(separator: "\n"))"
                )
            }
        }
    }

    /// Every Swift listing of the README is (or holds) a region
    /// `ReadmeExampleTests` runs, but for the manifest fragment that adds
    /// the dependency (`// Package.swift`).
    @Test func everyReadmeListingIsTested() throws {
        let regions = try Self.regions()
        for (k, block) in try Self.swiftBlocks().enumerated() where block.first != "// Package.swift" {
            #expect(
                regions.values.contains { Self.contains(block, $0) },
                "README listing \(k + 1) holds no ReadmeExampleTests region:\n\(block.joined(separator: "\n"))")
        }
    }

    /// Every DocC guide opens with the listing `GuideExampleTests` runs.
    @Test(arguments: [
        "Sources/TabStripCore/TabStripCore.docc/WidthIndex.md",
        "Sources/TabStripCore/TabStripCore.docc/Measuring.md",
        "Sources/TabStripCore/TabStripCore.docc/Appearance.md",
        "Sources/TabStripCore/TabStripCore.docc/Virtualizer.md",
        "Sources/TabStripCore/TabStripCore.docc/PinnedTabsGuide.md",
        "Sources/TabStripCore/TabStripCore.docc/ChannelLists.md",
        "Sources/TabStripMotion/TabStripMotion.docc/Motion.md",
        "Sources/TabStripMotion/TabStripMotion.docc/PageCache.md",
        "Sources/TabStripSync/TabStripSync.docc/Sync.md",
        "Sources/TabStripSync/TabStripSync.docc/Reorder.md",
        "Sources/TabStripSync/TabStripSync.docc/ChannelBar.md",
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
