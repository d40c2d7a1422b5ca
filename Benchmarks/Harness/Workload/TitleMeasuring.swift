/// The measured size of one title.
public struct TitleMeasurement: Sendable, Equatable {
    /// Terminal-style display columns: 2 for East Asian wide characters and
    /// emoji, 0 for combining marks, 1 otherwise.
    public var columns: Int
    /// The tab's width in points (the title's width plus padding).
    public var width: Double

    /// Creates a measurement.
    public init(columns: Int, width: Double) {
        self.columns = columns
        self.width = width
    }
}

/// Measures titles for a workload. The seam where the engine's title
/// measurer plugs in; until it does, ``ColumnTitleMeasurer`` stands in.
public protocol TitleMeasuring {
    /// The display columns and tab width of `title`.
    func measure(_ title: String) -> TitleMeasurement
}

/// A stand-in measurer: counts display columns per grapheme cluster and
/// gives each column a fixed width, plus padding on both sides (the seeds'
/// tab width = title width + 2 × 20 pt padding).
public struct ColumnTitleMeasurer: TitleMeasuring, Sendable {
    /// Points per display column (about half a 17 pt CJK glyph).
    public var pointsPerColumn: Double
    /// Padding on each side of the title, in points.
    public var padding: Double

    /// Creates a measurer.
    public init(pointsPerColumn: Double = 8.5, padding: Double = 20) {
        self.pointsPerColumn = pointsPerColumn
        self.padding = padding
    }

    /// Columns of `title` times ``pointsPerColumn`` plus twice the padding.
    public func measure(_ title: String) -> TitleMeasurement {
        let columns = title.reduce(0) { $0 + Self.columns(of: $1) }
        return TitleMeasurement(columns: columns, width: Double(columns) * pointsPerColumn + 2 * padding)
    }

    /// Display columns of one grapheme cluster.
    public static func columns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.allSatisfy({ $0.properties.generalCategory == .nonspacingMark
            || $0.properties.generalCategory == .enclosingMark }) { return 0 }
        if scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D })
            || first.properties.isEmojiPresentation
            || isRegionalIndicator(first)
            || isWide(first) {
            return 2
        }
        return 1
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    /// East Asian Wide and Fullwidth ranges (the common blocks).
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
