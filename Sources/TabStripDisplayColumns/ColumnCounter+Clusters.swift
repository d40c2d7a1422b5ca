extension ColumnCounter {
    /// The columns of one grapheme cluster given as its scalars (see the
    /// cluster rules on ``ColumnCounter``).
    static func clusterColumns<Scalars: Collection>(_ scalars: Scalars) -> Int
    where Scalars.Element == Unicode.Scalar {
        clusterColumns(scalars, StandardLibraryEmoji.self)
    }

    /// ``clusterColumns(_:)`` with the emoji properties taken from
    /// `Properties`: the standard library's, or the fast path's tables for
    /// the scalars of its alphabet (the same answers, checked scalar by
    /// scalar by the tests).
    static func clusterColumns<Scalars: Collection, Properties: EmojiProperties>(
        _ scalars: Scalars, _: Properties.Type
    ) -> Int
    where Scalars.Element == Unicode.Scalar {
        var iterator = scalars.makeIterator()
        guard let base = iterator.next() else { return 0 }
        guard let second = iterator.next() else { return columns(of: base) }

        let value = base.value
        if isKeycapBase(value) {
            // `#`, `*` and the digits are emoji only as keycaps.
            if second == variationSelector15 { return 1 }
            if scalars.contains(combiningEnclosingKeycap) { return 2 }
        } else if value >= 0xA9, Properties.isEmoji(base) {
            if second == variationSelector15 { return 1 }
            if Properties.isEmojiPresentation(base) { return 2 }
            if presentsAsEmoji(scalars, Properties.self) { return 2 }
        } else if isHangulLeadingJamo(value) {
            return 2
        }

        var total = 0
        for scalar in scalars {
            total += columns(of: scalar)
        }
        return total
    }

    /// Whether the marks after a text-default emoji base ask for emoji
    /// presentation: VS16, an emoji modifier, or a zero-width joiner followed
    /// by another emoji.
    private static func presentsAsEmoji<Scalars: Collection, Properties: EmojiProperties>(
        _ scalars: Scalars, _: Properties.Type
    ) -> Bool
    where Scalars.Element == Unicode.Scalar {
        var afterJoiner = false
        for scalar in scalars.dropFirst() {
            let value = scalar.value
            if scalar == variationSelector16 || (0x1F3FB...0x1F3FF).contains(value) {
                return true
            }
            if afterJoiner, value >= 0xA9, Properties.isEmoji(scalar) {
                return true
            }
            afterJoiner = scalar == zeroWidthJoiner
        }
        return false
    }

    private static let variationSelector15: Unicode.Scalar = "\u{FE0E}"
    private static let variationSelector16: Unicode.Scalar = "\u{FE0F}"
    private static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"
    private static let combiningEnclosingKeycap: Unicode.Scalar = "\u{20E3}"

    /// `#`, `*` and `0`–`9`: the bases of keycap sequences.
    private static func isKeycapBase(_ value: UInt32) -> Bool {
        value == 0x23 || value == 0x2A || (0x30...0x39).contains(value)
    }

    /// Hangul choseong (leading consonants), which start a syllable block.
    private static func isHangulLeadingJamo(_ value: UInt32) -> Bool {
        (0x1100...0x115F).contains(value) || (0xA960...0xA97F).contains(value)
    }
}

/// Where the cluster rules read a scalar's Emoji and Emoji_Presentation
/// properties from.
protocol EmojiProperties {
    static func isEmoji(_ scalar: Unicode.Scalar) -> Bool
    static func isEmojiPresentation(_ scalar: Unicode.Scalar) -> Bool
}

/// The standard library's properties: the definition.
enum StandardLibraryEmoji: EmojiProperties {
    @inline(__always) static func isEmoji(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isEmoji }
    @inline(__always) static func isEmojiPresentation(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isEmojiPresentation
    }
}

/// The fast path's tables (``ColumnCounter/textPictographs`` and
/// ``ColumnCounter/astralEmojiScalars``,
/// ``ColumnCounter/emojiPresentationScalars``): exact for the scalars of
/// its alphabet and the extenders at or above U+00A9, the only ones its
/// clusters hold, where a property lookup in the standard library costs
/// a few hundred instructions.
enum FastPathEmoji: EmojiProperties {
    @inline(__always) static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 0x10000 else { return ColumnCounter.isBasicPlanePictograph(value) }
        return ColumnCounter.contains(ColumnCounter.astralEmojiScalars, value)
    }
    @inline(__always) static func isEmojiPresentation(_ scalar: Unicode.Scalar) -> Bool {
        ColumnCounter.contains(ColumnCounter.emojiPresentationScalars, scalar.value)
    }
}
