import TabStrip
import TabStripTestSupport

extension RecordingHost {
    /// What the host shows now: its shown cells in tab order (by the tab
    /// of their last configuration; the virtualiser keeps cells on their
    /// tabs, and the pictures never edit tabs) and the indicator. The
    /// report's pictures of the strip are drawn from it: from the host's
    /// side of ``TabStripHost`` (what a screen would show), never
    /// recomputed from the strip.
    /// - Complexity: O(c log c) for c cells made.
    package func snapshot(contentOffset: Double, viewport: Viewport) -> StripSnapshot {
        var shown: [StripSnapshot.CellState] = []
        for cell in made where cell.state == .shown {
            guard let content = cell.content, let frame = cell.frame, let appearance = cell.appearance else { continue }
            shown.append(
                .init(
                    tab: content.index, title: content.title, isSelected: content.isSelected, frame: frame,
                    color: appearance.color, scale: appearance.scale))
        }
        shown.sort { $0.tab < $1.tab }
        return StripSnapshot(
            contentOffset: contentOffset, viewport: viewport, cells: shown, indicator: indicator ?? nil)
    }
}

/// The strip as a host shows it at one moment: its cells (frame, title,
/// colour, scale) and the indicator, as the engine told a
/// `RecordingHost`.
package struct StripSnapshot: Sendable, Equatable {
    /// One cell on screen.
    package struct CellState: Sendable, Equatable {
        /// The tab it shows.
        package var tab: Int
        /// The tab's title.
        package var title: String
        /// Whether the engine configured it as the selected tab.
        package var isSelected: Bool
        /// Its frame, in content coordinates.
        package var frame: Rect
        /// The title colour.
        package var color: RGBA
        /// The title scale.
        package var scale: Double
    }

    /// The strip's content offset (where the host's scroll view is).
    package var contentOffset: Double
    /// The viewport.
    package var viewport: Viewport
    /// The cells on screen, in tab order.
    package var cells: [CellState]
    /// The indicator's frame, in content coordinates (`nil`: hidden).
    package var indicator: Rect?
}
