/// Counts the terminal-style display columns of a title, the way `wcwidth`
/// does, but per grapheme cluster: the implementation behind
/// `TabStripCore`'s public `DisplayColumns` (whose documentation gives the
/// rules) and `ColumnTitleMeasurer`, reached through `package` API.
///
/// The per-scalar table is generated from the Unicode character database
/// (version ``tableUnicodeVersion``) by `generate_display_columns_table.py`,
/// next to it; grapheme clusters and the emoji properties come from the
/// Swift standard library.
///
/// Measuring allocates nothing: it walks the string's own storage, never
/// materialising a `Character` or a copy.
package enum ColumnCounter {
    /// The display columns of a title: the sum of the columns of its grapheme
    /// clusters (see `DisplayColumns` for the rules). The empty string has
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
    package static func columns(of title: String) -> Int {
        if let counted = title.utf8.withContiguousStorageIfAvailable(simpleClusterColumns), let counted {
            return counted
        }
        return clusteredColumns(of: title)
    }

    /// ``columns(of:)-(String)`` of `titles[index]`, read in place.
    ///
    /// Most titles are plain throughout, and the plain pass calls no
    /// function, so the title is only borrowed: a `String` read out of
    /// memory the caller does not own (an array, the strip's title chunks)
    /// would otherwise be retained and released around the measuring. The
    /// rest of the fast path can call
    /// out (pictograph tables, multi-scalar clusters); the titles that need
    /// it are read again by a function of their own.
    /// - Complexity: as ``columns(of:)-(String)``.
    @inline(__always)
    static func columns(ofTitleAt index: Int, in titles: UnsafeBufferPointer<String>) -> Int {
        guard let plain = titles[index].utf8.withContiguousStorageIfAvailable({ plainColumns($0) }) else {
            return columnsPastPlainPrefix(ofTitleAt: index, in: titles, from: 0, counted: 0)
        }
        if plain.isWhole { return plain.columns }
        return columnsPastPlainPrefix(ofTitleAt: index, in: titles, from: plain.end, counted: plain.columns)
    }

    /// Initializes `widths[start + k]` to the columns of `titles[k]` times
    /// `advance`, for each title in order, reading the titles in place (see
    /// `columns(ofTitleAt:in:)`). `widths` has room for every title from
    /// `start` on.
    /// - Complexity: O(n) in the titles' total UTF-8 length; no allocation.
    package static func initializeWidths(
        of titles: UnsafeBufferPointer<String>, advance: Double, into widths: UnsafeMutableBufferPointer<Double>,
        from start: Int
    ) {
        precondition(widths.count &- start >= titles.count, "room for a width per title")
        var position = start
        for index in titles.indices {
            widths.initializeElement(at: position, to: Double(columns(ofTitleAt: index, in: titles)) * advance)
            position &+= 1
        }
    }

    /// `counted` plus the columns of `titles[index]` from the UTF-8 offset
    /// `boundary` on, which ends its plain prefix: by the rest of the fast
    /// path, read in place, else by the full walk over the whole title
    /// (which is all a title without contiguous UTF-8 gets, whatever the
    /// arguments).
    /// - Complexity: O(n) in the title's UTF-8 length.
    @inline(never)
    static func columnsPastPlainPrefix(
        ofTitleAt index: Int, in titles: UnsafeBufferPointer<String>, from boundary: Int, counted: Int
    ) -> Int {
        if let columns = titles[index].utf8.withContiguousStorageIfAvailable({
            simpleClusterColumns($0, from: boundary, counted: counted)
        }), let columns {
            return columns
        }
        return clusteredColumns(of: titles[index])
    }

    /// The columns of the longest prefix of `utf8` whose scalars each form
    /// a cluster of their own, and where that prefix ends (`isWhole` when
    /// it is all of `utf8`).
    ///
    /// The prefix's scalars are those of the fast path's alphabet that
    /// never join a neighbour (printable ASCII, Latin-1 and the Latin
    /// extensions but the soft hyphen, Arabic letters and digits, common
    /// CJK punctuation, kana, CJK ideographs, Hangul syllables, the
    /// fullwidth forms; see `simpleClusterColumns(_:from:counted:)`), and
    /// it stops before a scalar that an extender or a joiner may follow
    /// (one whose next byte is 0xE2, 0xEF or 0xF0). So its end is a
    /// cluster boundary, or the start of a scalar that joins the one
    /// before it and lies outside the fast path's alphabet (a combining
    /// mark): `simpleClusterColumns(utf8, from: end, counted: columns)`
    /// measures the rest exactly, or gives up and the whole title is
    /// walked.
    ///
    /// It calls no function, which keeps callers from retaining the
    /// title around it.
    /// - Complexity: O(n) in the prefix's UTF-8 length.
    @inline(__always)
    static func plainColumns(_ utf8: UnsafeBufferPointer<UInt8>) -> (columns: Int, end: Int, isWhole: Bool) {
        let n = utf8.count
        var total = 0
        var i = 0
        while i < n {
            let lead = utf8[i]
            // The scalars from `i` to `end` and their columns; `last` and
            // `lastColumns`: the bytes and columns of the last of them.
            var end = i
            var columns: Int
            let last: Int
            let lastColumns: Int
            if lead < 0x80 {
                while end < n, utf8[end] &- 0x20 < 0x5F { end &+= 1 }
                guard end > i else { break } // a control character or DEL
                columns = end &- i
                last = 1
                lastColumns = 1
            } else if i &+ 2 < n, isSimpleWide(lead, utf8[i &+ 1], utf8[i &+ 2]) {
                columns = 0
                repeat {
                    end &+= 3
                    columns &+= 2
                } while end &+ 2 < n && isSimpleWide(utf8[end], utf8[end &+ 1], utf8[end &+ 2])
                last = 3
                lastColumns = 2
            } else if lead < 0xE0 {
                guard i &+ 1 < n else { break }
                let value = UInt32(lead & 0x1F) << 6 | UInt32(utf8[i &+ 1] & 0x3F)
                guard isPlainTwoByte(value) else { break }
                end = i &+ 2
                columns = 1
                last = 2
                lastColumns = 1
            } else if lead < 0xF0 {
                guard i &+ 2 < n else { break }
                let value = UInt32(lead & 0x0F) << 12 | UInt32(utf8[i &+ 1] & 0x3F) << 6 | UInt32(utf8[i &+ 2] & 0x3F)
                guard
                    (value >= 0x3001 && value <= 0x3003) || (value >= 0x300C && value <= 0x3011)
                        || (value >= 0xFF01 && value <= 0xFF60)
                else { break }
                end = i &+ 3
                columns = 2
                last = 3
                lastColumns = 2
            } else {
                break
            }
            if end < n && mayStartExtender(utf8[end]) {
                // The last scalar may be the base of a longer cluster.
                return (total &+ columns &- lastColumns, end &- last, false)
            }
            total &+= columns
            i = end
        }
        return (total, i, i == n)
    }

    /// The most scalars a cluster may have on the fast path; a longer one
    /// (a pathological run of variation selectors) takes the full walk.
    @inline(__always) static var fastClusterLimit: Int { 32 }

    /// The columns of a title whose clusters the fast path can find
    /// without the standard library's segmentation, or `nil` as soon as a
    /// scalar outside its alphabet appears (the caller then takes the full
    /// path).
    ///
    /// The alphabet, and how each scalar can join its neighbours (UAX #29):
    /// - scalars that never join a neighbour on either side: printable
    ///   ASCII, Latin-1 and the Latin extensions up to U+02FF (but the soft
    ///   hyphen), Arabic letters and digits without harakat (U+0620–U+064A,
    ///   U+0660–U+066F, U+0671–U+06D3), common CJK punctuation
    ///   (U+3001–U+3003, U+300C–U+3011), hiragana and katakana without the
    ///   combining sound marks (U+3041–U+3096, U+30A0–U+30FF), CJK unified
    ///   ideographs, precomposed Hangul syllables, the fullwidth forms
    ///   U+FF01–U+FF60, and the pictographs of U+1F300–U+1F3FA,
    ///   U+1F400–U+1F64F, U+1F680–U+1F6FF and U+1F900–U+1F9FF;
    /// - the text-default pictographs of ``textPictographs`` (❤, ⚽, ✈, ⭐...);
    /// - regional indicators, which pair up into flags from the start of a
    ///   run (GB12, GB13);
    /// - the extenders VS15, VS16 and the skin-tone modifiers, and the
    ///   zero-width joiner, which join the cluster before them (GB9); after
    ///   a joiner that follows a pictograph and its extenders, another
    ///   pictograph joins too (GB11; ``joiningPictographs``, ``textPictographs``,
    ///   © and ®).
    ///
    /// A cluster of one scalar takes its scalar's columns (1 below U+0800,
    /// 2 for the three-byte ideographic sets and regional indicators, the
    /// table's for pictographs). A longer one takes 2 when its base
    /// has Emoji_Presentation and VS15 does not follow it, or when VS16
    /// follows a text-default pictograph: what `clusterColumns`, the rules
    /// the full walk applies, answers there; any other is handed to
    /// `clusterColumns`. The pictograph lists are read as bitmaps
    /// (``ScalarBits``). The tests check every scalar
    /// of the alphabet against the table and the standard library's
    /// segmentation, and every title of up to four scalars over a sample of
    /// each kind against the full walk.
    ///
    /// The plain prefix (`plainColumns(_:)`) is counted first; the rest,
    /// from the first scalar that may start a longer cluster, by
    /// `simpleClusterColumns(_:from:counted:)`.
    /// - Complexity: O(n) in the UTF-8 length.
    static func simpleClusterColumns(_ utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        let plain = plainColumns(utf8)
        if plain.isWhole { return plain.columns }
        return simpleClusterColumns(utf8, from: plain.end, counted: plain.columns)
    }

    /// `counted` plus the columns of `utf8[boundary...]` by the fast path
    /// (see `simpleClusterColumns(_:)`), or `nil` as soon as a scalar
    /// outside its alphabet appears. `boundary` must be a cluster boundary,
    /// as the end of the plain prefix (`plainColumns(_:)`) is.
    /// - Complexity: O(n − boundary).
    static func simpleClusterColumns(_ utf8: UnsafeBufferPointer<UInt8>, from boundary: Int, counted: Int) -> Int? {
        let n = utf8.count
        var total = counted
        var i = boundary
        while i < n {
            // Where the cluster's first scalar starts (a run of single
            // scalars below moves it to the run's last one).
            var start = i
            let lead = utf8[i]
            // The cluster's first scalar and its columns alone.
            let first: UInt32
            let single: Int
            var scalars = 1
            // Whether the first scalar is one of ``textPictographs``.
            var isTextPictograph = false
            if lead < 0x80 {
                // A run of printable ASCII, one column each. Only the run's
                // last character can take an extender after it (every
                // extender and the joiner take three or four bytes, led by
                // 0xE2, 0xEF or 0xF0): it goes on as a cluster's base when
                // one follows.
                var end = i
                while end < n, utf8[end] &- 0x20 < 0x5F { end &+= 1 }
                guard end > i else { return nil } // a control character or DEL
                if end == n || !mayStartExtender(utf8[end]) {
                    total &+= end &- i
                    i = end
                    continue
                }
                total &+= end &- i &- 1
                i = end
                start = end &- 1
                first = UInt32(utf8[start])
                single = 1
            } else if i &+ 2 < n, isSimpleWide(lead, utf8[i &+ 1], utf8[i &+ 2]) {
                // A run of CJK ideographs, Hangul syllables and kana, two
                // columns each, nothing to decode; only the last can take
                // an extender after it.
                var end = i
                var columns = 0
                repeat {
                    end &+= 3
                    columns &+= 2
                } while end &+ 2 < n && isSimpleWide(utf8[end], utf8[end &+ 1], utf8[end &+ 2])
                if end == n || !mayStartExtender(utf8[end]) {
                    total &+= columns
                    i = end
                    continue
                }
                total &+= columns &- 2
                i = end
                start = end &- 3
                guard let (value, _) = decodeScalar(utf8, at: start) else { return nil }
                first = value
                single = 2
            } else if lead < 0xE0 {
                guard i &+ 1 < n else { return nil }
                let value = UInt32(lead & 0x1F) << 6 | UInt32(utf8[i &+ 1] & 0x3F)
                i &+= 2
                guard isPlainTwoByte(value) else { return nil }
                first = value
                single = 1
            } else if lead < 0xF0 {
                guard i &+ 2 < n else { return nil }
                let value = UInt32(lead & 0x0F) << 12 | UInt32(utf8[i &+ 1] & 0x3F) << 6 | UInt32(utf8[i &+ 2] & 0x3F)
                i &+= 3
                first = value
                if (value >= 0x4E00 && value <= 0x9FFF) || (value >= 0xAC00 && value <= 0xD7A3)
                    || (value >= 0x3041 && value <= 0x3096) || (value >= 0x30A0 && value <= 0x30FF)
                    || (value >= 0x3001 && value <= 0x3003) || (value >= 0x300C && value <= 0x3011)
                    || (value >= 0xFF01 && value <= 0xFF60)
                {
                    single = 2
                } else if textPictographBits.contains(value) {
                    single = wideTextPictographBits.contains(value) ? 2 : 1
                    isTextPictograph = true
                } else {
                    return nil
                }
            } else {
                guard i &+ 3 < n else { return nil }
                let value =
                    UInt32(lead & 0x07) << 18 | UInt32(utf8[i &+ 1] & 0x3F) << 12 | UInt32(utf8[i &+ 2] & 0x3F) << 6
                    | UInt32(utf8[i &+ 3] & 0x3F)
                i &+= 4
                first = value
                if (value >= 0x1F300 && value <= 0x1F3FA) || (value >= 0x1F400 && value <= 0x1F64F)
                    || (value >= 0x1F680 && value <= 0x1F6FF) || (value >= 0x1F900 && value <= 0x1F9FF)
                {
                    single = wideAstralPictographBits.contains(value) ? 2 : 1
                } else if value >= 0x1F1E6 && value <= 0x1F1FF {
                    single = 2
                    // A flag: the next regional indicator pairs with this
                    // one (a run pairs up from its start, which is here).
                    if i < n, let (next, nextLength) = decodeScalar(utf8, at: i), next >= 0x1F1E6, next <= 0x1F1FF {
                        i &+= nextLength
                        scalars = 2
                    }
                } else {
                    return nil
                }
            }
            // Extenders and joiners join the cluster (GB9); after a joiner
            // that follows a pictograph and its extenders, so does the next
            // pictograph (GB11). `linkFrom` is the pictograph a joiner would
            // link from, `nil` once a joiner linked nothing.
            var linkFrom: UInt32? = first
            // The scalar after the first, when it is an extender.
            var second: UInt32 = 0
            while i < n {
                guard mayStartExtender(utf8[i]) else { break }
                guard let (value, length) = decodeScalar(utf8, at: i) else { return nil }
                if value == 0xFE0E || value == 0xFE0F || (0x1F3FB...0x1F3FF).contains(value) {
                    if scalars == 1 { second = value }
                    i &+= length
                    scalars &+= 1
                    continue
                }
                guard value == 0x200D else { break }
                i &+= length
                scalars &+= 1
                if let from = linkFrom, linksAcrossJoiner(from), i < n,
                    let (after, afterLength) = decodeScalar(utf8, at: i), linksAcrossJoiner(after)
                {
                    i &+= afterLength
                    scalars &+= 1
                    linkFrom = after
                } else {
                    linkFrom = nil
                }
            }
            if scalars == 1 {
                total &+= single
            } else if second != 0xFE0E && first >= 0x10000
                && ((first >= 0x1F1E6 && first <= 0x1F1FF) || astralPresentationBits.contains(first))
            {
                // By the cluster rules: an emoji base with
                // Emoji_Presentation (a flag, 👍🏽, 👨‍👩‍👧) not directly
                // followed by VS15 takes 2 columns, whatever follows.
                total &+= 2
            } else if second == 0xFE0F && isTextPictograph {
                // A text-default emoji base (all of ``textPictographs``
                // are emoji) directly followed by VS16 (❤️, ❤️‍🔥): 2.
                total &+= 2
            } else {
                guard scalars <= fastClusterLimit else { return nil }
                total &+= multiScalarColumns(utf8, from: start, to: i, scalars: scalars)
            }
        }
        return total
    }

    /// Whether the three bytes `b0 b1 b2` encode a scalar that is two
    /// columns wide and joins no neighbour on either side: a CJK unified
    /// ideograph (U+4E00-U+9FFF), a precomposed Hangul syllable
    /// (U+AC00-U+D7A3), hiragana U+3041-U+3096 or katakana U+30A0-U+30FF.
    /// Read from the lead and the next bytes' top bits, without decoding:
    /// E5-E9 and EB-EC throughout; E4 from B8 on (U+4E00); EA from B0 on
    /// (U+AC00); ED up to 9E A3 (U+D7A3); E3 81 81 to E3 83 BF, but the
    /// combining sound marks and U+3097-U+309F (E3 82 97 to 9F).
    @inline(__always)
    static func isSimpleWide(_ b0: UInt8, _ b1: UInt8, _ b2: UInt8) -> Bool {
        switch b0 {
        case 0xE5...0xE9, 0xEB, 0xEC: return true
        case 0xE4: return b1 >= 0xB8
        case 0xEA: return b1 >= 0xB0
        case 0xED: return b1 < 0x9E || (b1 == 0x9E && b2 <= 0xA3)
        case 0xE3:
            switch b1 {
            case 0x81: return b2 >= 0x81
            case 0x82: return b2 <= 0x96 || b2 >= 0xA0
            case 0x83: return true
            default: return false
            }
        default: return false
        }
    }

    /// Whether `value`, a scalar encoded in two UTF-8 bytes, is one of the
    /// fast path's scalars that never join a neighbour and take one
    /// column: Latin-1 and the Latin extensions (U+00A0–U+02FF but the
    /// soft hyphen), Arabic letters and digits without harakat
    /// (U+0620–U+064A, U+0660–U+066F, U+0671–U+06D3).
    @inline(__always)
    static func isPlainTwoByte(_ value: UInt32) -> Bool {
        (value >= 0xA0 && value <= 0x2FF && value != 0xAD) || (value >= 0x620 && value <= 0x64A)
            || (value >= 0x660 && value <= 0x66F) || (value >= 0x671 && value <= 0x6D3)
    }

    /// Whether `byte` may lead the UTF-8 encoding of an extender or a
    /// joiner that joins the cluster before it (VS15, VS16 and the skin
    /// tones, the zero-width joiner): they all take three or four bytes,
    /// led by 0xE2, 0xEF or 0xF0.
    @inline(__always)
    static func mayStartExtender(_ byte: UInt8) -> Bool {
        byte == 0xE2 || byte == 0xEF || byte == 0xF0
    }

    /// Whether `value`, a scalar of the fast path's alphabet, is a GB11
    /// pictograph: one that a zero-width joiner links to a pictograph
    /// before it (and, before a joiner, links to the one after it).
    @inline(__always)
    static func linksAcrossJoiner(_ value: UInt32) -> Bool {
        value < 0x10000 ? isBasicPlanePictograph(value) : joiningPictographBits.contains(value)
    }

    /// Whether `value`, below U+10000, is ©, ® or one of
    /// ``textPictographs``: there, exactly the scalars of the fast path's
    /// alphabet that link across a joiner, and exactly those with the Emoji
    /// property (``FastPathEmoji``).
    @inline(__always)
    static func isBasicPlanePictograph(_ value: UInt32) -> Bool {
        value == 0xA9 || value == 0xAE || textPictographBits.contains(value)
    }

    /// The scalar whose UTF-8 encoding starts at `i`, and its length in
    /// bytes; `nil` when the buffer ends inside it (never for a `String`'s
    /// own storage, which is valid UTF-8).
    @inline(__always)
    static func decodeScalar(_ utf8: UnsafeBufferPointer<UInt8>, at i: Int) -> (value: UInt32, length: Int)? {
        let n = utf8.count
        let lead = utf8[i]
        if lead < 0x80 { return (UInt32(lead), 1) }
        if lead < 0xE0 {
            guard i &+ 1 < n else { return nil }
            return (UInt32(lead & 0x1F) << 6 | UInt32(utf8[i &+ 1] & 0x3F), 2)
        }
        if lead < 0xF0 {
            guard i &+ 2 < n else { return nil }
            return (UInt32(lead & 0x0F) << 12 | UInt32(utf8[i &+ 1] & 0x3F) << 6 | UInt32(utf8[i &+ 2] & 0x3F), 3)
        }
        guard i &+ 3 < n else { return nil }
        let value =
            UInt32(lead & 0x07) << 18 | UInt32(utf8[i &+ 1] & 0x3F) << 12 | UInt32(utf8[i &+ 2] & 0x3F) << 6
            | UInt32(utf8[i &+ 3] & 0x3F)
        return (value, 4)
    }

    /// The columns of the cluster of `scalars` scalars (at most
    /// ``fastClusterLimit``) encoded in `utf8[start..<end]`, by the cluster
    /// rules of the full walk; the scalars are decoded into stack storage.
    static func multiScalarColumns(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, scalars: Int)
        -> Int
    {
        withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: scalars) { buffer in
            var i = start
            var k = 0
            while i < end, k < scalars, let (value, length) = decodeScalar(utf8, at: i),
                let scalar = Unicode.Scalar(value)
            {
                buffer.initializeElement(at: k, to: scalar)
                k &+= 1
                i &+= length
            }
            return clusterColumns(UnsafeBufferPointer(rebasing: buffer[..<k]), FastPathEmoji.self)
        }
    }

    /// The display columns of one grapheme cluster.
    ///
    /// - Complexity: O(k) in the number of scalars of the cluster.
    package static func columns(of character: Character) -> Int {
        clusterColumns(character.unicodeScalars)
    }

    /// The display columns of a single scalar, without cluster context:
    /// 0, 1 or 2 (see the per-scalar rules on `DisplayColumns`).
    ///
    /// - Complexity: O(1) below U+0300 and for CJK ideographs and Hangul
    ///   syllables, else O(log r) with r ≈ 1,000 runs.
    package static func columns(of scalar: Unicode.Scalar) -> Int {
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
