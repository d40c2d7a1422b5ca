internal import TabStripDisplayColumns

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
    /// Most titles take a fast path over their UTF-8 bytes that finds the
    /// clusters itself: titles made of scalars that never join a neighbour
    /// (printable ASCII, Latin-1, kana, CJK ideographs, Hangul syllables,
    /// fullwidth forms, most pictographs; see `simpleClusterColumns`), with
    /// emoji sequences among them (variation selectors, skin tones,
    /// zero-width-joiner sequences, flags). It gives exactly the columns of
    /// the full cluster walk, which takes every other title.
    ///
    /// - Complexity: O(n) in the title's UTF-8 length, with a binary search
    ///   over the run table (about 10 steps) per non-Latin scalar off the
    ///   fast path. No allocation.
    public static func columns(of title: String) -> Int {
        ColumnCounter.columns(of: title)
    }

    /// The display columns of one grapheme cluster.
    ///
    /// - Complexity: O(k) in the number of scalars of the cluster.
    public static func columns(of character: Character) -> Int {
        ColumnCounter.columns(of: character)
    }

    /// The display columns of a single scalar, without cluster context:
    /// 0, 1 or 2 (see the per-scalar rules on ``DisplayColumns``).
    ///
    /// - Complexity: O(1) below U+0300 and for CJK ideographs and Hangul
    ///   syllables, else O(log r) with r ≈ 1,000 runs.
    public static func columns(of scalar: Unicode.Scalar) -> Int {
        ColumnCounter.columns(of: scalar)
    }

    /// The Unicode version of the data the column table was generated from.
    public static let tableUnicodeVersion: String = ColumnCounter.tableUnicodeVersion
}
