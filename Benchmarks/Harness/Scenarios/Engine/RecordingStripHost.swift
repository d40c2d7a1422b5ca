import TabStrip

/// A host that keeps what the engine told it about every cell and the
/// indicator, so the report's pictures of the strip are drawn from the
/// host's side of ``TabStripHost`` (what a screen would show), never
/// recomputed from the strip.
///
/// It is slower than ``BenchHost`` (it keeps a record per cell) and is not
/// used in timed passes.
package final class RecordingStripHost: TabStripHost {
    /// One cell as the host holds it.
    package final class Cell {
        /// The serial number of the cell, in order of creation.
        package let serial: Int
        /// The content of the last configuration (`nil` before the first).
        package fileprivate(set) var content: TabCellContent?
        /// The frame of the last `place` (content coordinates).
        package fileprivate(set) var frame: Rect?
        /// The last appearance applied.
        package fileprivate(set) var appearance: TitleAppearance?
        /// Whether the cell is on screen (configured and not recycled or
        /// discarded since).
        package fileprivate(set) var isShown = false

        fileprivate init(serial: Int) {
            self.serial = serial
        }
    }

    /// Every cell the host made, in order.
    package private(set) var cells: [Cell] = []
    /// `configure` calls on a cell that had shown a tab before (a reused
    /// cell).
    package private(set) var reconfigurations = 0
    /// `recycle` calls.
    package private(set) var recycles = 0
    /// `discard` calls.
    package private(set) var discards = 0
    /// The indicator's frame as last placed (`nil`: hidden or never placed).
    package private(set) var indicatorFrame: Rect?

    /// Creates a host with no cells.
    package init() {}

    /// The number of cells on screen.
    /// - Complexity: O(cells made).
    package var shownCount: Int { cells.reduce(0) { $0 + ($1.isShown ? 1 : 0) } }

    /// Makes and remembers a new cell.
    package func makeCell(of kind: TabCellKind) -> Cell {
        let cell = Cell(serial: cells.count)
        cells.append(cell)
        return cell
    }

    /// Records the content; the cell is shown from now on.
    package func configure(_ cell: Cell, with content: TabCellContent) {
        if cell.content != nil { reconfigurations += 1 }
        cell.content = content
        cell.isShown = true
    }

    /// Records the frame.
    package func place(_ cell: Cell, at frame: Rect) {
        cell.frame = frame
    }

    /// Records the appearance.
    package func apply(_ appearance: TitleAppearance, to cell: Cell) {
        cell.appearance = appearance
    }

    /// Hides the cell.
    package func recycle(_ cell: Cell) {
        recycles += 1
        cell.isShown = false
    }

    /// Hides the cell for good.
    package func discard(_ cell: Cell) {
        discards += 1
        cell.isShown = false
    }

    /// Records the indicator's frame.
    package func placeIndicator(at frame: Rect?) {
        indicatorFrame = frame
    }

    /// What the host shows now: its shown cells in tab order (by the tab
    /// of their last configuration; the virtualiser keeps cells on their
    /// tabs, and the pictures never edit tabs) and the indicator.
    /// - Complexity: O(c log c) for c cells made.
    package func snapshot(contentOffset: Double, viewport: Viewport) -> StripSnapshot {
        var shown: [StripSnapshot.CellState] = []
        for cell in cells where cell.isShown {
            guard let content = cell.content, let frame = cell.frame, let appearance = cell.appearance else { continue }
            shown.append(
                .init(
                    tab: content.index, title: content.title, isSelected: content.isSelected, frame: frame,
                    color: appearance.color, scale: appearance.scale))
        }
        shown.sort { $0.tab < $1.tab }
        return StripSnapshot(contentOffset: contentOffset, viewport: viewport, cells: shown, indicator: indicatorFrame)
    }
}

/// The strip as a host shows it at one moment: its cells (frame, title,
/// colour, scale) and the indicator, as the engine told a
/// ``RecordingStripHost``.
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
