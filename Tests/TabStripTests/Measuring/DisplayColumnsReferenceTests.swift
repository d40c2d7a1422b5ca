import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripDisplayColumns
@testable import TabStripMotion
@testable import TabStripSync

/// DisplayColumns against a plain reference: per-scalar widths from the
/// standard library's general categories plus a linear scan of the wide
/// ranges, cluster rules applied to `for character in title`, summed.
@Suite struct DisplayColumnsReferenceTests {
    /// The table's width-2 runs as closed ranges, decoded by a linear walk.
    static let wideRanges: [ClosedRange<UInt32>] = {
        let runs = ColumnCounter.scalarWidthRuns
        var ranges: [ClosedRange<UInt32>] = []
        for (index, entry) in runs.enumerated() where entry & 3 == 2 {
            let end = index + 1 < runs.count ? (runs[index + 1] >> 2) - 1 : 0x10FFFF
            ranges.append((entry >> 2)...end)
        }
        return ranges
    }()

    static let prependedConcatenationMarks: Set<UInt32> = [
        0x600, 0x601, 0x602, 0x603, 0x604, 0x605, 0x6DD, 0x70F, 0x890, 0x891, 0x8E2, 0x110BD, 0x110CD,
    ]

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value == 0xAD || prependedConcatenationMarks.contains(value) { return false }
        switch scalar.properties.generalCategory {
        case .control, .nonspacingMark, .enclosingMark, .format, .lineSeparator, .paragraphSeparator:
            return true
        default:
            return (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value)
        }
    }

    static func referenceColumns(of scalar: Unicode.Scalar) -> Int {
        if isZeroWidth(scalar) { return 0 }
        return wideRanges.contains { $0.contains(scalar.value) } ? 2 : 1
    }

    static func referenceColumns(of character: Character) -> Int {
        let scalars = Array(character.unicodeScalars)
        let base = scalars[0]
        if scalars.count == 1 { return referenceColumns(of: base) }
        let keycapBase = "#*0123456789".unicodeScalars.contains(base)
        if base.properties.isEmoji {
            if scalars[1] == "\u{FE0E}" { return 1 }
            if keycapBase {
                if scalars.contains("\u{20E3}") { return 2 }
            } else {
                if base.properties.isEmojiPresentation { return 2 }
                if scalars.contains("\u{FE0F}") { return 2 }
                if scalars.contains(where: { $0.properties.isEmojiModifier }) { return 2 }
                for position in 1..<scalars.count - 1 where scalars[position] == "\u{200D}" {
                    if scalars[position + 1].properties.isEmoji { return 2 }
                }
            }
        } else if (0x1100...0x115F).contains(base.value) || (0xA960...0xA97F).contains(base.value) {
            return 2
        }
        return scalars.reduce(0) { $0 + referenceColumns(of: $1) }
    }

    static func referenceColumns(of title: String) -> Int {
        var total = 0
        for character in title {
            total += referenceColumns(of: character)
        }
        return total
    }

    /// Pieces that random titles are made of: every class of scalar the
    /// rules distinguish, and the joiners and selectors that glue clusters.
    static let pools: [ClosedRange<UInt32>] = [
        0x20...0x7E, // printable ASCII
        0x00...0x1F, // C0 controls
        0x7F...0x9F, // DEL, C1 controls
        0xA0...0x2FF, // Latin-1, Latin extended
        0x300...0x36F, // combining diacritics
        0x600...0x6FF, // Arabic, harakat, number signs
        0x900...0x97F, // Devanagari
        0xE00...0xE7F, // Thai
        0x1100...0x11FF, // conjoining jamo
        0xA960...0xA97F, // jamo extended A
        0xD7B0...0xD7FF, // jamo extended B
        0xAC00...0xD7A3, // Hangul syllables
        0x3000...0x30FF, // CJK punctuation, kana
        0x4E00...0x9FFF, // ideographs
        0xFF00...0xFFEF, // full- and half-width forms
        0x200B...0x206F, // zero-width, joiners, bidi, separators
        0xFE00...0xFE0F, // variation selectors
        0x20E3...0x20E3, // keycap
        0x2300...0x27BF, // technical, dingbats (text-default emoji)
        0x1F1E6...0x1F1FF, // regional indicators
        0x1F300...0x1F6FF, // emoji
        0x1F3FB...0x1F3FF, // skin tones
        0x1F900...0x1F9FF, // supplemental emoji
        0xE0020...0xE007F, // tags
        0x0...0x10FFFF, // anything
    ]

    static func randomTitle(using generator: inout SeededGenerator) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...12, using: &generator) {
            let pool = pools.randomElement(using: &generator)!
            var value = UInt32.random(in: pool, using: &generator)
            if (0xD800...0xDFFF).contains(value) { value = 0xFFFD }
            scalars.append(Unicode.Scalar(value)!)
            // Often glue an emoji sequence to the previous scalar.
            if Int.random(in: 0..<6, using: &generator) == 0 {
                let glue: [Unicode.Scalar] = ["\u{200D}", "\u{FE0F}", "\u{FE0E}", "\u{20E3}", "\u{1F3FD}", "\u{301}"]
                scalars.append(glue.randomElement(using: &generator)!)
            }
        }
        return String(scalars)
    }

    @Test func tableInvariantsHold() {
        ColumnCounter._checkInvariants()
        #expect(ColumnCounter.scalarWidthRuns.count > 100)
        #expect(ColumnCounter.tableUnicodeVersion == "17.0.0")
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomTitlesMatchReference(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<1_500 {
            let title = Self.randomTitle(using: &generator)
            let expected = Self.referenceColumns(of: title)
            #expect(
                ColumnCounter.columns(of: title) == expected,
                "seed \(seed): \(title.unicodeScalars.map { String($0.value, radix: 16) })"
            )
        }
    }

    @Test(arguments: [11, 12] as [UInt64])
    func randomScalarsMatchReference(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<20_000 {
            var value = UInt32.random(in: 0...0x10FFFF, using: &generator)
            if (0xD800...0xDFFF).contains(value) { value = 0xFFFD }
            let scalar = Unicode.Scalar(value)!
            #expect(
                ColumnCounter.columns(of: scalar) == Self.referenceColumns(of: scalar), "U+\(String(value, radix: 16))"
            )
        }
    }

    /// Every scalar: the generated table agrees with the standard library's
    /// general categories (same Unicode version), and emoji presentation is
    /// always wide.
    @Test func everyScalarMatchesTheStandardLibrary() {
        let wide = Self.wideRanges
        var cursor = 0
        var mismatches: [UInt32] = []
        for value: UInt32 in 0...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            while cursor < wide.count && wide[cursor].upperBound < value { cursor += 1 }
            let isWide = cursor < wide.count && wide[cursor].contains(value)
            let expected = Self.isZeroWidth(scalar) ? 0 : (isWide ? 2 : 1)
            let actual = ColumnCounter.columns(of: scalar)
            if actual != expected || (scalar.properties.isEmojiPresentation && actual != 2) {
                mismatches.append(value)
            }
        }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(10).map { String($0, radix: 16) })")
    }
}
