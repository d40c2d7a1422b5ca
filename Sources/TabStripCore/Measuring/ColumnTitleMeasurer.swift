internal import TabStripDisplayColumns

/// The built-in ``TitleMeasurer``: a title's display columns times a fixed
/// advance per column.
///
/// `width = DisplayColumns.columns(of: title) × advance`. With the default
/// advance of 8 points a CJK title such as 推荐 (4 columns) measures 32
/// points, about its width in a 16-point system font, and `"News"` measures
/// 32 as well. Use it for terminals (advance 1 gives cells), tests, servers
/// that lay out without fonts, or as a fast first estimate before a real
/// font measurement.
public struct ColumnTitleMeasurer: TitleMeasurer, Hashable {
    /// The default advance per display column, in points: 8.
    public static let defaultAdvance: Double = 8

    /// Points per display column; finite and `> 0`.
    public let advance: Double

    /// Creates a measurer with the default advance of 8 points per column.
    public init() {
        advance = Self.defaultAdvance
    }

    /// Creates a measurer with the given advance per display column.
    ///
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` (name
    ///   `"advance"`) unless `advance` is finite and `> 0`.
    public init(advance: Double) throws(TabStripError) {
        try TabStripError.requirePositive(advance, "advance")
        self.advance = advance
    }

    /// The title's display columns times ``advance``; 0 for the empty title.
    ///
    /// - Complexity: O(n) in the title's length; no allocation.
    public func width(of title: String) -> Double {
        Double(ColumnCounter.columns(of: title)) * advance
    }

    /// Writes ``width(of:)`` of each title to the same position of
    /// `widths`, reading the titles in place: no title is copied (retained)
    /// to be measured.
    ///
    /// This is how the engine measures a whole strip with the built-in
    /// measurer, a run of titles per call.
    ///
    /// With buffers of different lengths (the engine never passes such),
    /// only the positions both have are measured: it never writes past
    /// `widths`.
    ///
    /// - Complexity: O(n) in the titles' total UTF-8 length; no allocation.
    public func measureWidths(
        of titles: UnsafeBufferPointer<String>, into widths: UnsafeMutableBufferPointer<Double>
    ) {
        let count = Swift.min(titles.count, widths.count)
        // Doubles are trivial: initialising an element overwrites it.
        ColumnCounter.initializeWidths(
            of: UnsafeBufferPointer(rebasing: titles[..<count]), advance: advance,
            into: UnsafeMutableBufferPointer(rebasing: widths[..<count]), from: 0)
    }
}
