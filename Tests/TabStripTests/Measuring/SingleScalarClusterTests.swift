import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripDisplayColumns

/// The fast path of `ColumnCounter.columns(of:)` (`simpleClusterColumns`)
/// against the full grapheme-cluster walk (`clusteredColumns`), which is
/// the definition: the scalars that never join a neighbour, the emoji
/// sequences built on them (extenders, joiners, flags), and the standard
/// library's segmentation of every scalar the fast path links.
@Suite struct SingleScalarClusterTests {
    /// The scalars the fast path accepts, by range.
    static let acceptedRanges: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x620...0x64A, 0x660...0x66F, 0x671...0x6D3,
        0x3001...0x3003, 0x300C...0x3011, 0x3041...0x3096, 0x30A0...0x30FF, 0x4E00...0x9FFF,
        0xAC00...0xD7A3, 0xFF01...0xFF60, 0x1F300...0x1F3FA, 0x1F400...0x1F64F, 0x1F680...0x1F6FF,
        0x1F900...0x1F9FF,
    ]

    /// No accepted scalar can join a neighbour: none is a mark, a format or
    /// control character, a grapheme extender, a regional indicator, a
    /// conjoining jamo or an emoji modifier; and two accepted scalars side by
    /// side are always two clusters.
    @Test func noAcceptedScalarJoinsANeighbour() {
        var failures: [String] = []
        let excluded: Set<Unicode.GeneralCategory> = [
            .nonspacingMark, .spacingMark, .enclosingMark, .format, .control, .lineSeparator, .paragraphSeparator,
        ]
        var samples: [Unicode.Scalar] = []
        for range in Self.acceptedRanges {
            for value in range {
                let scalar = Unicode.Scalar(value)!
                let p = scalar.properties
                if excluded.contains(p.generalCategory) || p.isGraphemeExtend || p.isEmojiModifier
                    || (0x1100...0x11FF).contains(value) || (0x1F1E6...0x1F1FF).contains(value) || value == 0x200D
                {
                    failures.append("U+\(String(value, radix: 16)) \(p.generalCategory)")
                }
            }
            samples += [range.lowerBound, range.upperBound, (range.lowerBound + range.upperBound) / 2].compactMap(
                Unicode.Scalar.init)
        }
        for range in Self.acceptedRanges {
            for value in stride(from: range.lowerBound, through: range.upperBound, by: 7) {
                let a = Unicode.Scalar(value)!
                for b in samples {
                    var pair = ""
                    pair.unicodeScalars.append(contentsOf: [a, b])
                    var reversed = ""
                    reversed.unicodeScalars.append(contentsOf: [b, a])
                    if pair.count != 2 || reversed.count != 2 {
                        failures.append("U+\(String(value, radix: 16)) joins U+\(String(b.value, radix: 16))")
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    static func fast(_ title: String) -> Int? {
        var copy = title
        copy.makeContiguousUTF8()
        return copy.utf8.withContiguousStorageIfAvailable(ColumnCounter.simpleClusterColumns) ?? nil
    }

    /// Every accepted scalar alone: the fast path gives its table columns,
    /// which is what the cluster walk gives for a one-scalar title.
    @Test func everyAcceptedScalarMatchesTheTable() {
        var failures: [String] = []
        for range in Self.acceptedRanges {
            for value in range {
                let scalar = Unicode.Scalar(value)!
                let title = String(Character(scalar))
                let expected = ColumnCounter.clusteredColumns(of: title)
                if Self.fast(title) != expected || ColumnCounter.tableColumns(value) != expected
                    || ColumnCounter.columns(of: title) != expected
                {
                    failures.append(
                        "U+\(String(value, radix: 16)): fast \(String(describing: Self.fast(title))), walk \(expected)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    /// The bitmaps the fast path reads its pictograph lists from agree
    /// with the lists over their whole span, and say no outside it.
    @Test func scalarBitsMatchTheirLists() {
        var failures: [String] = []
        func isWide(_ value: UInt32) -> Bool { ColumnCounter.tableColumns(value) == 2 }
        func any(_ value: UInt32) -> Bool { true }
        typealias Case = (name: String, bits: ScalarBits, list: [ClosedRange<UInt32>], isMember: (UInt32) -> Bool)
        let cases: [Case] = [
            ("text pictographs", ColumnCounter.textPictographBits, ColumnCounter.textPictographs, any),
            ("wide text", ColumnCounter.wideTextPictographBits, ColumnCounter.textPictographs, isWide),
            ("wide astral", ColumnCounter.wideAstralPictographBits, ColumnCounter.astralPictographs, isWide),
            ("presentation", ColumnCounter.astralPresentationBits, ColumnCounter.emojiPresentationScalars, any),
            ("joining", ColumnCounter.joiningPictographBits, ColumnCounter.joiningPictographs, any),
        ]
        for (name, bits, list, isMember) in cases {
            for value in bits.span
            where bits.contains(value) != (ColumnCounter.contains(list, value) && isMember(value)) {
                failures.append("\(name): U+\(String(value, radix: 16))")
            }
            for value: UInt32 in [0, 0xA9, bits.span.lowerBound &- 1, bits.span.upperBound, 0x1FA70, 0x10FFFF]
            where bits.contains(value) {
                failures.append("\(name): U+\(String(value, radix: 16)) outside")
            }
        }
        // Every listed scalar lies in its bitmap's span, and the astral
        // pictographs are the fast path's accepted astral ranges.
        #expect(
            ColumnCounter.textPictographs.allSatisfy {
                ColumnCounter.basicPlanePictographSpan.contains($0.lowerBound)
                    && ColumnCounter.basicPlanePictographSpan.contains($0.upperBound)
            })
        #expect(ColumnCounter.astralPictographs == Array(Self.acceptedRanges.suffix(4)))
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    /// The scalars that may start a cluster on the fast path besides the
    /// ones that never join: text-default pictographs and regional
    /// indicators.
    static let pictographStarts: [ClosedRange<UInt32>] = ColumnCounter.textPictographs + [0x1F1E6...0x1F1FF]

    /// Whether the standard library links `value` across a zero-width
    /// joiner to a pictograph (GB11's Extended_Pictographic, as it applies
    /// the rule).
    static func linksAcrossJoiner(_ value: UInt32) -> Bool {
        var title = ""
        title.unicodeScalars.append(contentsOf: [Unicode.Scalar(value)!, "\u{200D}", "\u{1F600}"])
        return title.count == 1
    }

    /// Every scalar that may start a cluster on the fast path: the fast
    /// path's idea of whether a joiner links it is the standard library's,
    /// and alone it measures what the cluster walk measures.
    @Test func everyClusterStartLinksAsTheStandardLibraryDoes() {
        var failures: [String] = []
        for range in Self.acceptedRanges + Self.pictographStarts {
            for value in range {
                if ColumnCounter.linksAcrossJoiner(value) != Self.linksAcrossJoiner(value) {
                    failures.append("U+\(String(value, radix: 16)) links: \(ColumnCounter.linksAcrossJoiner(value))")
                }
                let title = String(Character(Unicode.Scalar(value)!))
                if Self.fast(title) != ColumnCounter.clusteredColumns(of: title) {
                    failures.append("U+\(String(value, radix: 16)) alone: fast \(String(describing: Self.fast(title)))")
                }
            }
        }
        // The extenders and the joiner join whatever precedes them.
        for value: UInt32 in [0xFE0E, 0xFE0F, 0x1F3FB, 0x1F3FC, 0x1F3FD, 0x1F3FE, 0x1F3FF, 0x200D] {
            var title = "a"
            title.unicodeScalars.append(Unicode.Scalar(value)!)
            if title.count != 1 { failures.append("U+\(String(value, radix: 16)) does not extend") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    /// The fast path's emoji property tables agree with the standard
    /// library on every scalar its clusters can hold (the alphabet and the
    /// extenders) at or above U+00A9, where the cluster rules read them.
    @Test func emojiPropertyTablesMatchTheStandardLibrary() {
        var failures: [String] = []
        let extenders: [ClosedRange<UInt32>] = [0xFE0E...0xFE0F, 0x1F3FB...0x1F3FF, 0x200D...0x200D]
        for range in Self.acceptedRanges + Self.pictographStarts + extenders {
            for value in range where value >= 0xA9 {
                let scalar = Unicode.Scalar(value)!
                if FastPathEmoji.isEmoji(scalar) != scalar.properties.isEmoji
                    || FastPathEmoji.isEmojiPresentation(scalar) != scalar.properties.isEmojiPresentation
                {
                    failures.append("U+\(String(value, radix: 16))")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    /// Every title of up to four scalars over a sample of each kind the
    /// fast path treats differently (plain scalars, © and a linking and a
    /// non-linking pictograph, text-default pictographs, regional
    /// indicators, the extenders, the joiner, a keycap base) and a few it
    /// must refuse: the public entry point equals the cluster walk, and the
    /// fast path, when it answers, too.
    @Test func exhaustiveEmojiSequencesMatchTheClusterWalk() {
        let pieces: [UInt32] = [
            0x61, 0x31, 0xE9, 0xA9, 0x63A8, 0x30A2, 0xAC00, 0x2764, 0x26BD, 0x1F600, 0x1F525, 0x1F322,
            0x1F1E8, 0x1F1F3, 0xFE0E, 0xFE0F, 0x1F3FD, 0x200D, 0x20E3, 0x0301,
        ]
        let scalars = pieces.compactMap(Unicode.Scalar.init)
        var checker = TitleChecker()
        for a in scalars {
            for b in scalars {
                checker.check([a, b])
                for c in scalars {
                    checker.check([a, b, c])
                    for d in scalars { checker.check([a, b, c, d]) }
                }
            }
        }
        #expect(checker.fastAnswers > 50_000, "the fast path answered \(checker.fastAnswers) titles")
        #expect(checker.failures.isEmpty, "\(checker.failures.prefix(10))")
    }

    /// Every scalar outside the fast path's alphabet below U+20000, and a
    /// sample above, makes the fast path give up (so the full path
    /// decides); so does an extender or a joiner at the start of a title.
    @Test func everyOtherScalarFallsBack() {
        var failures: [String] = []
        var values = Array(UInt32(0)...0x1FFFF)
        values += [0x20000, 0xE0041, 0x10FFFF]
        for value in values {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if (Self.acceptedRanges + Self.pictographStarts).contains(where: { $0.contains(value) }) { continue }
            let title = String(Character(scalar))
            if Self.fast(title) != nil { failures.append("U+\(String(value, radix: 16)) accepted") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    /// Every title of up to three scalars drawn from the edges of each
    /// accepted range and from the scalars that join clusters (combining
    /// marks, joiners, variation selectors, jamo, regional indicators,
    /// emoji, modifiers, controls): the public entry point equals the walk.
    @Test func exhaustiveShortTitlesMatchTheClusterWalk() {
        var pieces: [UInt32] = [
            0x0D, 0x0A, 0x09, 0x7F, 0xAD, 0x0301, 0x0308, 0x200D, 0xFE0E, 0xFE0F, 0x20E3,
            0x3099, 0x309A, 0x1100, 0x1161, 0x11A8, 0xD7B0, 0x1F1E8, 0x1F1F3, 0x1F600,
            0x1F3FD, 0x2764, 0x0E33, 0x0915, 0x093F, 0x0600, 0x0023, 0x0031, 0x00E9,
        ]
        for range in Self.acceptedRanges {
            pieces += [range.lowerBound, range.upperBound, (range.lowerBound + range.upperBound) / 2]
            if range.lowerBound > 0 { pieces.append(range.lowerBound - 1) }
            pieces.append(range.upperBound + 1)
        }
        let scalars = pieces.compactMap(Unicode.Scalar.init)
        var checker = TitleChecker()
        for a in scalars {
            checker.check([a])
            for b in scalars {
                checker.check([a, b])
                for c in scalars { checker.check([a, b, c]) }
            }
        }
        #expect(checker.checked > 100_000)
        #expect(checker.failures.isEmpty, "\(checker.failures.prefix(10))")
    }

    /// The byte test for runs of wide scalars, over every scalar of three
    /// UTF-8 bytes: true exactly for CJK unified ideographs, precomposed
    /// Hangul syllables, hiragana U+3041-U+3096 and katakana U+30A0-U+30FF.
    @Test func simpleWideBytesAreExactlyTheWideRanges() {
        let wide: [ClosedRange<UInt32>] = [0x3041...0x3096, 0x30A0...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3]
        var failures: [String] = []
        for value in UInt32(0x800)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let bytes = Array(String(Character(scalar)).utf8)
            let found = ColumnCounter.isSimpleWide(bytes[0], bytes[1], bytes[2])
            if found != wide.contains(where: { $0.contains(value) }) {
                failures.append(String(value, radix: 16))
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(20))")
    }

    /// Every scalar led by E3, E4, EA or ED (the leads whose runs need
    /// their next bytes), in runs of two before an extender, a joiner, a
    /// letter and a combining mark, and alone: the public entry point and
    /// the fast path equal the walk.
    @Test func everyThreeByteRunMatchesTheClusterWalk() {
        var checker = TitleChecker()
        let after: [Unicode.Scalar] = ["\u{FE0F}", "\u{200D}", "a", "\u{3099}", "\u{1F3FD}"]
        for lead: UInt32 in [0x3000, 0x4000, 0xA000, 0xD000] {
            for value in lead...(lead + 0xFFF) {
                guard let scalar = Unicode.Scalar(value) else { continue }
                checker.check([scalar])
                for next in after { checker.check([scalar, scalar, next]) }
            }
        }
        #expect(checker.checked > 80_000)
        #expect(checker.failures.isEmpty, "\(checker.failures.prefix(10))")
    }

    /// Compares titles built from scalars with the cluster walk, the
    /// definition: the public entry point always, the fast path when it
    /// answers; collects what differs.
    struct TitleChecker {
        /// One line per title that differs: its scalars and both answers.
        var failures: [String] = []
        /// Titles checked.
        var checked = 0
        /// Titles the fast path answered (it gives up on the rest).
        var fastAnswers = 0

        /// Checks the title made of `values`.
        mutating func check(_ values: [Unicode.Scalar]) {
            var title = ""
            title.unicodeScalars.append(contentsOf: values)
            checked += 1
            let expected = ColumnCounter.clusteredColumns(of: title)
            let name = values.map { String($0.value, radix: 16) }
            let columns = ColumnCounter.columns(of: title)
            if columns != expected { failures.append("\(name): \(columns) vs \(expected)") }
            if let fast = SingleScalarClusterTests.fast(title) {
                fastAnswers += 1
                if fast != expected { failures.append("\(name): fast \(fast) vs \(expected)") }
            }
            if let problem = SingleScalarClusterTests.plainPrefixProblem(title) {
                failures.append("\(name): plain prefix \(problem)")
            }
        }
    }

    /// What is wrong with the plain prefix of `title` (`plainColumns`), or
    /// `nil`: it must end on a scalar boundary that is also a cluster
    /// boundary of the title (or before a scalar on which the rest of the
    /// fast path gives up), each of its scalars must be a cluster, its
    /// columns must be the walk's, and `isWhole` must say whether it is
    /// the whole title.
    static func plainPrefixProblem(_ title: String) -> String? {
        var copy = title
        copy.makeContiguousUTF8()
        let bytes = Array(copy.utf8)
        guard let plain = copy.utf8.withContiguousStorageIfAvailable(ColumnCounter.plainColumns) else {
            return "no contiguous storage"
        }
        guard plain.end >= 0, plain.end <= bytes.count, plain.end == bytes.count || bytes[plain.end] & 0xC0 != 0x80
        else { return "ends at \(plain.end), inside a scalar" }
        guard plain.isWhole == (plain.end == bytes.count) else { return "isWhole \(plain.isWhole) at \(plain.end)" }
        let prefix = String(decoding: bytes[..<plain.end], as: UTF8.self)
        let suffix = String(decoding: bytes[plain.end...], as: UTF8.self)
        if prefix.count != prefix.unicodeScalars.count {
            return "\(prefix.count) clusters of \(prefix.unicodeScalars.count) scalars"
        }
        if prefix.count + suffix.count != title.count {
            // Only before a scalar that joins the one before it and that
            // the rest of the fast path gives up on (a combining mark):
            // the whole title is then walked.
            let rest = copy.utf8.withContiguousStorageIfAvailable {
                ColumnCounter.simpleClusterColumns($0, from: plain.end, counted: plain.columns)
            }
            if rest != .some(nil) { return "ends inside a cluster, at byte \(plain.end), and the fast path goes on" }
        }
        let expected = ColumnCounter.clusteredColumns(of: prefix)
        if plain.columns != expected { return "\(plain.columns) columns, the walk \(expected)" }
        return nil
    }

    /// The scalars that each form a cluster of their own (one per range of
    /// the plain alphabet: its ends and middle), and scalars that do not:
    /// extenders, the joiner, combining marks, controls, regional
    /// indicators, pictographs, conjoining jamo, the soft hyphen, a
    /// prepended concatenation mark.
    static let plainSamples: [Unicode.Scalar] = [
        0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x620...0x64A, 0x660...0x66F, 0x671...0x6D3, 0x3001...0x3003,
        0x300C...0x3011, 0x3041...0x3096, 0x30A0...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF60,
    ].flatMap { (range: ClosedRange<UInt32>) in
        [range.lowerBound, range.upperBound, (range.lowerBound + range.upperBound) / 2].map { Unicode.Scalar($0)! }
    }
    static let joiningSamples: [Unicode.Scalar] = [
        "\u{FE0E}", "\u{FE0F}", "\u{1F3FB}", "\u{1F3FF}", "\u{200D}", "\u{301}", "\u{64B}", "\u{3099}", "\u{20E3}",
        "\t", "\r", "\n", "\u{7F}", "\u{1F1E8}", "\u{1F1F3}", "\u{1F600}", "\u{2764}", "\u{A9}", "\u{1100}",
        "\u{1161}", "\u{AD}", "\u{600}", "\u{2014}", "\u{E0067}",
    ]

    /// Seeded random titles of plain and joining scalars: the plain prefix
    /// ends where the rest of the fast path may take over (a cluster
    /// boundary) and measures what the walk measures,
    /// every title measures what the walk measures, and a title of plain
    /// scalars alone is counted whole by the plain pass (unless a
    /// fullwidth form, led by 0xEF like VS16, follows another scalar).
    @Test func plainPrefixEndsOnAClusterBoundary() {
        for seed in ModelScale.seeds(8, salt: 0x9_1A1F) {
            checkPlainPrefixes(seed: seed)
        }
    }

    func checkPlainPrefixes(seed: UInt64) {
        var generator = SeededGenerator(seed: seed, stream: "plain prefix")
        var checker = TitleChecker()
        var wholeFailures: [String] = []
        for _ in 0..<4_000 {
            let length = generator.next(in: 1...8)
            let plainOnly = generator.next(below: 3) == 0
            var values: [Unicode.Scalar] = []
            for _ in 0..<length {
                if plainOnly || generator.next(below: 4) != 0 {
                    values.append(Self.plainSamples[generator.next(below: Self.plainSamples.count)])
                } else {
                    values.append(Self.joiningSamples[generator.next(below: Self.joiningSamples.count)])
                }
            }
            checker.check(values)
            if plainOnly, !values.dropFirst().contains(where: { $0.value >= 0xF000 }) {
                var title = ""
                title.unicodeScalars.append(contentsOf: values)
                let plain = title.utf8.withContiguousStorageIfAvailable(ColumnCounter.plainColumns)
                if plain?.isWhole != true {
                    wholeFailures.append("\(values.map { String($0.value, radix: 16) }): \(String(describing: plain))")
                }
            }
        }
        #expect(checker.failures.isEmpty, "seed \(seed): \(checker.failures.prefix(10))")
        #expect(wholeFailures.isEmpty, "seed \(seed): \(wholeFailures.prefix(10))")
    }
}
