/// Counts the terminal-style display columns of a title, the way `wcwidth`
/// does, but per grapheme cluster (per Swift `Character`).
///
/// A column is the advance of one narrow glyph: a Latin letter, a digit, a
/// half-width kana. The rules, per scalar:
///
/// | scalar | columns |
/// | --- | --- |
/// | printable ASCII, Latin, Greek, Cyrillic, Arabic letters, ... | 1 |
/// | East Asian Wide or Fullwidth (CJK ideographs, kana, Hangul syllables, fullwidth forms, emoji with emoji presentation), regional indicators | 2 |
/// | combining marks (`Mn`, `Me`: accents, Arabic harakat, variation selectors), format characters (`Cf`: zero-width space, joiners, bidi controls, tags), line and paragraph separators, Hangul vowel and final jamo (U+1160–U+11FF, U+D7B0–U+D7FF) | 0 |
/// | control characters (`Cc`: tab, newline, escape, DEL, C1) | 0 — a clamp: `wcwidth` returns −1 |
/// | soft hyphen U+00AD, Arabic number signs (prepended concatenation marks) | 1 |
/// | East Asian Ambiguous (`A`), private use, unassigned outside the wide blocks | 1 |
///
/// and per cluster, so that a cluster is one glyph:
///
/// - A cluster whose base is an emoji takes 2 columns when it is presented
///   as an emoji: the base has emoji presentation (😀, 🇨🇳 made of two regional
///   indicators, 👨‍👩‍👧‍👦), or it is followed by VS16 (❤️, ©️), an emoji
///   modifier (☝🏽, 👍🏽) or a zero-width joiner and another emoji, or it is a
///   keycap (`1️⃣`, also the unqualified `1⃣`). When the base is followed
///   directly by VS15 (text presentation: ❤︎, ⌚︎) the cluster takes 1.
/// - A cluster of conjoining Hangul jamo (a leading consonant U+1100–U+115F
///   or U+A960–U+A97F, then vowels and finals) is one syllable block: 2.
/// - Any other cluster takes the sum of its scalars: `e` + U+0301 is 1,
///   an Arabic letter with harakat is 1, a Devanagari consonant with a
///   spacing vowel sign (`Mc`) is 2, as `wcswidth` counts them.
///
/// The per-scalar table is generated from the Unicode character database
/// (version ``tableUnicodeVersion``, East_Asian_Width and General_Category);
/// grapheme clusters and the emoji properties come from the Swift standard
/// library. The table is a sorted array of about a thousand runs, searched
/// by bisection.
///
/// Measuring allocates nothing: it walks the string's own storage, never
/// materialising a `Character` or a copy.
public enum DisplayColumns {
    /// The display columns of a title: the sum of the columns of its grapheme
    /// clusters (see ``DisplayColumns`` for the rules). The empty string has
    /// 0 columns.
    ///
    /// An all-ASCII title takes a fast path: one column per printable byte,
    /// none for control bytes. So does a title whose scalars can never form
    /// multi-scalar clusters (Latin-1, kana, CJK ideographs, Hangul
    /// syllables, fullwidth forms, most pictographs; see
    /// `singleScalarClusterColumns`), with
    /// exactly the columns the cluster walk gives.
    ///
    /// - Complexity: O(n) in the title's UTF-8 length, with a binary search
    ///   over the run table (about 10 steps) per non-Latin scalar. No
    ///   allocation.
    public static func columns(of title: String) -> Int {
        var printable = 0
        for byte in title.utf8 {
            guard byte < 0x80 else {
                if let simple = title.utf8.withContiguousStorageIfAvailable(singleScalarClusterColumns), let simple {
                    return simple
                }
                return clusteredColumns(of: title)
            }
            if byte >= 0x20 && byte != 0x7F { printable += 1 }
        }
        return printable
    }

    /// The columns of a title made only of scalars that can never join a
    /// neighbour in a grapheme cluster: printable ASCII, Latin-1 and the
    /// Latin extensions up to U+02FF (but the soft hyphen), Arabic letters and
    /// digits without harakat (U+0620–U+064A, U+0660–U+066F, U+0671–U+06D3),
    /// common CJK punctuation (U+3001–U+3003, U+300C–U+3011), hiragana and
    /// katakana without the combining sound marks (U+3041–U+3096,
    /// U+30A0–U+30FF), CJK unified ideographs, precomposed Hangul syllables,
    /// the fullwidth forms U+FF01–U+FF60, and the pictographs of
    /// U+1F300–U+1F3FA, U+1F400–U+1F64F, U+1F680–U+1F6FF and
    /// U+1F900–U+1F9FF (not the skin-tone modifiers U+1F3FB–U+1F3FF).
    ///
    /// None of them is a control, an extender, a joiner, a spacing mark, a
    /// prepended mark, a regional indicator or a conjoining jamo, so in a
    /// title made only of them each scalar is a cluster of its own, whose
    /// columns are its scalar's: 1 below U+0800, 2 for the three-byte sets,
    /// the table's for the pictographs (the tests check every accepted
    /// scalar against the table and against the cluster walk). `nil` as soon
    /// as any other scalar appears: the caller then takes the full path.
    /// - Complexity: O(n) in the UTF-8 length; a table lookup per pictograph.
    static func singleScalarClusterColumns(_ utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        var total = 0
        var i = 0
        let n = utf8.count
        while i < n {
            let lead = utf8[i]
            if lead < 0x80 {
                guard lead >= 0x20, lead != 0x7F else { return nil }
                total &+= 1
                i &+= 1
            } else if lead < 0xE0 {
                // Two bytes (valid UTF-8: a continuation byte follows).
                guard i &+ 1 < n else { return nil }
                let value = UInt32(lead & 0x1F) << 6 | UInt32(utf8[i &+ 1] & 0x3F)
                switch value {
                case 0xA0...0xAC, 0xAE...0x2FF, 0x620...0x64A, 0x660...0x66F, 0x671...0x6D3: total &+= 1
                default: return nil
                }
                i &+= 2
            } else if lead < 0xF0 {
                guard i &+ 2 < n else { return nil }
                let value = UInt32(lead & 0x0F) << 12 | UInt32(utf8[i &+ 1] & 0x3F) << 6 | UInt32(utf8[i &+ 2] & 0x3F)
                switch value {
                case 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0x3041...0x3096, 0x30A0...0x30FF,
                    0x3001...0x3003, 0x300C...0x3011, 0xFF01...0xFF60:
                    total &+= 2
                default:
                    return nil
                }
                i &+= 3
            } else {
                guard i &+ 3 < n else { return nil }
                let value =
                    UInt32(lead & 0x07) << 18 | UInt32(utf8[i &+ 1] & 0x3F) << 12
                    | UInt32(utf8[i &+ 2] & 0x3F) << 6 | UInt32(utf8[i &+ 3] & 0x3F)
                switch value {
                case 0x1F300...0x1F3FA, 0x1F400...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF:
                    total &+= tableColumns(value)
                default:
                    return nil
                }
                i &+= 4
            }
        }
        return total
    }

    /// The display columns of one grapheme cluster.
    ///
    /// - Complexity: O(k) in the number of scalars of the cluster.
    public static func columns(of character: Character) -> Int {
        clusterColumns(character.unicodeScalars)
    }

    /// The display columns of a single scalar, without cluster context:
    /// 0, 1 or 2 (see the per-scalar rules on ``DisplayColumns``).
    ///
    /// - Complexity: O(1) below U+0300 and for CJK ideographs and Hangul
    ///   syllables, else O(log r) with r ≈ 1,000 runs.
    public static func columns(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 {
            // C0 controls, DEL and C1 controls are the only zero-width scalars
            // below the combining diacritics block.
            return value < 0x20 || (value >= 0x7F && value < 0xA0) ? 0 : 1
        }
        // The CJK Unified Ideographs and Hangul syllables blocks are wide
        // throughout (the tests check every scalar against the table).
        if (0x4E00...0x9FFF).contains(value) || (0xAC00...0xD7A3).contains(value) {
            return 2
        }
        return tableColumns(value)
    }

    /// Walks the grapheme clusters of a title that contains non-ASCII text.
    static func clusteredColumns(of title: String) -> Int {
        let scalars = title.unicodeScalars
        var total = 0
        var start = title.startIndex
        let end = title.endIndex
        while start < end {
            let next = title.index(after: start)
            if scalars.index(after: start) == next {
                total += columns(of: scalars[start])
            } else {
                total += clusterColumns(scalars[start..<next])
            }
            start = next
        }
        return total
    }

    /// Looks a scalar up in the generated run table.
    static func tableColumns(_ value: UInt32) -> Int {
        // The run containing `value` is the last entry whose start is at most
        // `value`: the last entry <= (value << 2 | 3). Entry 0 starts at
        // U+0000, so the search always finds one.
        let key = value << 2 | 3
        return scalarWidthRuns.withUnsafeBufferPointer { runs in
            var low = 0
            var high = runs.count
            while low < high {
                let middle = (low &+ high) >> 1
                if runs[middle] <= key {
                    low = middle &+ 1
                } else {
                    high = middle
                }
            }
            return Int(runs[low &- 1] & 3)
        }
    }
}
