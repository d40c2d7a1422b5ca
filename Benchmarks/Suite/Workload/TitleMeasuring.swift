import BenchInstruments
import TabStrip

package struct TitleMeasurement: Sendable, Equatable {
    /// Display columns: 2 for East Asian wide characters and emoji, 0 for
    /// combining marks, 1 otherwise (the engine's ``DisplayColumns``).
    package var columns: Int
    package var width: Double
}

/// Measures titles for a workload: the seam between the workload writer and the engine's measuring
/// (``EngineTitleMeasuring`` by default; tests inject their own).
package protocol TitleMeasuring {
    /// The display columns and tab width of `title`.
    func measure(_ title: String) throws(TabStripError) -> TitleMeasurement
}

/// The engine's measuring: columns from `DisplayColumns`, widths from a `TabSizing` (by default `.measured()`: 8 points
/// per display column plus 20 points of padding on each side, as in seed 000).
package struct EngineTitleMeasuring: TitleMeasuring {
    package var sizing = TabSizing.measured()

    package func measure(_ title: String) throws(TabStripError) -> TitleMeasurement {
        let width = try sizing.width(ofTitle: title, at: 0, tabCount: 1, availableWidth: 0)
        return TitleMeasurement(columns: DisplayColumns.columns(of: title), width: width)
    }
}
