import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// Hand-checked display columns for the scripts and sequences a tab strip
/// meets in practice.
@Suite struct DisplayColumnsTests {
    @Test(
        arguments: [
            // Chinese (seed 000's tabs): two columns per ideograph.
            ("推荐", 4), ("关注", 4), ("同城", 4), ("热点新闻", 8),
            // Japanese kana, half-width katakana, the prolonged sound mark.
            ("ひらがな", 8), ("カタカナ", 8), ("ｶﾀｶﾅ", 4), ("ラーメン", 8),
            // Korean: precomposed syllables, and the same syllable decomposed
            // into conjoining jamo (one cluster, one block).
            ("한국어", 6), ("\u{1100}\u{1161}\u{11A8}", 2), ("\u{AC00}\u{11A8}", 2),
            ("\u{1100}\u{1161}\u{1100}\u{1161}", 4),
            // Latin, digits, punctuation, Latin-1.
            ("News", 4), ("Top Stories", 11), ("2024", 4), ("Café", 4), ("naïve", 5),
            // Full-width forms.
            ("ＡＢ１", 6), ("（）", 4),
            // Mixed.
            ("推荐 News", 9), ("NBA直播", 7),
        ] as [(String, Int)])
    func scripts(title: String, columns: Int) {
        #expect(DisplayColumns.columns(of: title) == columns, "\(title.unicodeScalars.map { $0.value })")
    }

    @Test(
        arguments: [
            // ZWJ sequences: one glyph.
            ("👨‍👩‍👧‍👦", 2), ("🏳️‍🌈", 2), ("❤️‍🔥", 2), ("🧑‍💻", 2), ("👩🏽‍🚀", 2),
            // Flags: two regional indicators; tag sequences.
            ("🇨🇳", 2), ("🇯🇵🇰🇷", 4), ("🏴󠁧󠁢󠁥󠁮󠁧󠁿", 2),
            // A lone regional indicator still has emoji presentation.
            ("\u{1F1E6}", 2),
            // Skin tones.
            ("👍🏽", 2), ("☝🏽", 2), ("👍", 2),
            // Keycaps, fully qualified and unqualified; a digit with VS16 alone
            // stays a digit.
            ("1️⃣", 2), ("1\u{20E3}", 2), ("#️⃣", 2), ("*\u{FE0F}\u{20E3}", 2), ("1\u{FE0F}", 1),
            // VS16 asks for emoji presentation, VS15 for text presentation.
            ("❤️", 2), ("❤", 1), ("❤︎", 1), ("⌚", 2), ("⌚︎", 1), ("©️", 2), ("©", 1),
            ("1\u{FE0E}\u{20E3}", 1),
            // Emoji presentation by default.
            ("😀", 2), ("🎉新年", 6),
        ] as [(String, Int)])
    func emoji(title: String, columns: Int) {
        #expect(DisplayColumns.columns(of: title) == columns, "\(title.unicodeScalars.map { $0.value })")
    }

    @Test(
        arguments: [
            // Combining marks join their base.
            ("e\u{301}", 1), ("Cafe\u{301}", 4), ("a\u{300}\u{301}\u{302}", 1),
            // A combining mark with nothing before it is zero-width.
            ("\u{301}", 0),
            // Arabic: letters 1, harakat 0 (marhaban, fully vocalised).
            ("مرحبا", 5), ("مَرْحَبًا", 5),
            // Hebrew with points.
            ("שָׁלוֹם", 4),
            // Devanagari: spacing vowel signs count, as wcswidth counts them.
            ("हिंदी", 4),
            // Thai: above and below vowels are zero-width.
            ("ที่", 1),
            // Control characters are clamped to 0 (wcwidth says -1).
            ("a\u{7}b", 2), ("\u{0}", 0), ("tab\there", 7), ("\u{1B}[0m", 3), ("\u{85}", 0),
            ("\r\n", 0), ("推\r\n荐", 4),
            // Zero-width and format characters.
            ("a\u{200B}b", 2), ("a\u{200C}b", 2), ("a\u{2060}b", 2), ("\u{FEFF}推荐", 4),
            ("a\u{200E}\u{202E}b", 2), ("a\u{2028}b", 2),
            // Visible format characters: soft hyphen, Arabic number sign.
            ("a\u{AD}b", 3), ("\u{600}", 1),
            // Empty.
            ("", 0),
        ] as [(String, Int)])
    func marksControlsAndFormats(title: String, columns: Int) {
        #expect(DisplayColumns.columns(of: title) == columns, "\(title.unicodeScalars.map { $0.value })")
    }

    @Test func scalarsAndCharactersAgreeWithStrings() {
        #expect(DisplayColumns.columns(of: "推" as Unicode.Scalar) == 2)
        #expect(DisplayColumns.columns(of: "\u{301}" as Unicode.Scalar) == 0)
        #expect(DisplayColumns.columns(of: "\u{7F}" as Unicode.Scalar) == 0)
        #expect(DisplayColumns.columns(of: "\u{A0}" as Unicode.Scalar) == 1)
        #expect(DisplayColumns.columns(of: "\u{10FFFF}" as Unicode.Scalar) == 1)
        #expect(DisplayColumns.columns(of: "\u{3FFFD}" as Unicode.Scalar) == 2)
        #expect(DisplayColumns.columns(of: "👨‍👩‍👧‍👦" as Character) == 2)
        #expect(DisplayColumns.columns(of: "e\u{301}" as Character) == 1)
        #expect(DisplayColumns.columns(of: "\r\n" as Character) == 0)
    }

    @Test func duplicateTitlesMeasureEqually() {
        let title = "推荐👍🏽"
        #expect(DisplayColumns.columns(of: title) == DisplayColumns.columns(of: String(title)))
        #expect(DisplayColumns.columns(of: title + title) == 2 * DisplayColumns.columns(of: title))
    }

    @Test func wideBlocksAreWide() {
        let blocks: [ClosedRange<UInt32>] = [
            0x4E00...0x9FFF, // CJK Unified Ideographs
            0x3400...0x4DBF, // Extension A
            0xAC00...0xD7A3, // Hangul syllables
            0x3041...0x3096, // Hiragana
            0x30A1...0x30FA, // Katakana
            0xFF01...0xFF60, // Fullwidth forms
            0x20000...0x2A6DF, // Extension B
            0x1F600...0x1F64F, // Emoticons
        ]
        for block in blocks {
            for value in block {
                let scalar = Unicode.Scalar(value)!
                #expect(DisplayColumns.columns(of: scalar) == 2, "U+\(String(value, radix: 16))")
            }
        }
        for value: UInt32 in 0xFF61...0xFF9F {
            #expect(DisplayColumns.columns(of: Unicode.Scalar(value)!) == 1, "half-width U+\(String(value, radix: 16))")
        }
    }
}
