// The fast path's pictograph lists as bitmaps: one bit per scalar of a
// span, read in O(1) where a binary search over the sorted ranges takes
// six to ten dependent steps. The lists stay the definition (the tests
// check them against the standard library); the bitmaps are built from
// them once and checked against them scalar by scalar.

/// The members of a set of scalars that lie in `span`, one bit each.
struct ScalarBits: Sendable {
    /// The scalars the bits cover.
    let span: Range<UInt32>
    /// Bit `v - span.lowerBound` is set for each member `v`.
    let words: [UInt64]

    /// The members of `ranges` (sorted or not) within `span`.
    /// - Complexity: O(total size of the ranges within the span).
    init(_ ranges: [ClosedRange<UInt32>], within span: Range<UInt32>) {
        self.span = span
        var words = [UInt64](repeating: 0, count: (span.count + 63) / 64)
        for range in ranges {
            for value in range where span.contains(value) {
                let offset = Int(value - span.lowerBound)
                words[offset >> 6] |= 1 << UInt64(offset & 63)
            }
        }
        self.words = words
    }

    /// The members of `members` that the run table
    /// (``ColumnCounter/scalarWidthRuns``) makes `width` columns wide,
    /// over the same span: one pass over the table's runs, not a lookup
    /// per scalar.
    /// - Complexity: O(runs + the span's scalars in runs of that width).
    init(_ members: ScalarBits, tableWidth width: UInt32) {
        let span = members.span
        var words = [UInt64](repeating: 0, count: members.words.count)
        ColumnCounter.scalarWidthRuns.withUnsafeBufferPointer { runs in
            for k in runs.indices where runs[k] & 3 == width {
                let runEnd = k + 1 < runs.count ? runs[k + 1] >> 2 : 0x11_0000
                let low = Swift.max(runs[k] >> 2, span.lowerBound)
                let high = Swift.min(runEnd, span.upperBound)
                guard low < high else { continue }
                for value in low..<high where members.contains(value) {
                    let offset = Int(value - span.lowerBound)
                    words[offset >> 6] |= 1 << UInt64(offset & 63)
                }
            }
        }
        self.span = span
        self.words = words
    }

    /// Whether `value` is a member; `false` outside the span.
    /// - Complexity: O(1).
    @inline(__always)
    func contains(_ value: UInt32) -> Bool {
        let offset = value &- span.lowerBound // wraps below the span
        guard offset < UInt32(truncatingIfNeeded: span.count) else { return false }
        return words.withUnsafeBufferPointer { words in
            words[Int(offset &>> 6)] &>> UInt64(offset & 63) & 1 != 0
        }
    }
}

extension ColumnCounter {
    /// The basic-plane span of ``textPictographs`` (U+2000–U+33FF).
    static let basicPlanePictographSpan: Range<UInt32> = 0x2000..<0x3400
    /// The span of the fast path's astral pictograph ranges
    /// (U+1F300–U+1F9FF).
    static let astralPictographSpan: Range<UInt32> = 0x1F300..<0x1FA00

    /// The fast path's astral pictograph ranges.
    static let astralPictographs: [ClosedRange<UInt32>] = [
        0x1F300...0x1F3FA, 0x1F400...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF,
    ]

    /// ``textPictographs`` as bits.
    static let textPictographBits = ScalarBits(textPictographs, within: basicPlanePictographSpan)
    /// The ``textPictographs`` that the run table makes two columns wide.
    static let wideTextPictographBits = ScalarBits(textPictographBits, tableWidth: 2)
    /// The ``astralPictographs`` that the run table makes two columns wide.
    static let wideAstralPictographBits = ScalarBits(
        ScalarBits(astralPictographs, within: astralPictographSpan), tableWidth: 2)
    /// ``emojiPresentationScalars`` of the astral span, as bits.
    static let astralPresentationBits = ScalarBits(emojiPresentationScalars, within: astralPictographSpan)
    /// ``joiningPictographs`` as bits.
    static let joiningPictographBits = ScalarBits(joiningPictographs, within: astralPictographSpan)
}
