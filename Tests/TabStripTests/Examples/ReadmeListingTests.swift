import Foundation
import Testing

/// The README's Swift listings are the code `ReadmeExampleTests` runs: every
/// region marked `// README: NAME begin` … `// README: NAME end` in that
/// file must appear, line for line (indentation aside), as one of the
/// README's ```swift blocks, so the README cannot drift from code that
/// compiles and passes.
@Suite struct ReadmeListingTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The marked regions of the example tests, by name, dedented.
    static func regions() throws -> [String: [String]] {
        let url = root.appendingPathComponent("Tests/TabStripTests/Examples/ReadmeExampleTests.swift")
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        var regions: [String: [String]] = [:]
        var current: (name: String, lines: [String])?
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("// README: "), trimmed.hasSuffix(" begin") {
                current = (String(trimmed.dropFirst(11).dropLast(6)), [])
            } else if trimmed.hasPrefix("// README: "), trimmed.hasSuffix(" end"), let region = current {
                regions[region.name] = dedent(region.lines)
                current = nil
            } else if current != nil {
                current!.lines.append(line)
            }
        }
        return regions
    }

    /// The README's ```swift blocks, dedented.
    static func readmeBlocks() throws -> [[String]] {
        let text = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
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
        let blocks = try Self.readmeBlocks()
        #expect(regions.count >= 4, "regions found: \(regions.keys.sorted())")
        for (name, region) in regions.sorted(by: { $0.key < $1.key }) {
            #expect(blocks.contains { Self.contains($0, region) },
                    "README has no swift block containing the '\(name)' region of ReadmeExampleTests:\n\(region.joined(separator: "\n"))")
        }
    }
}
