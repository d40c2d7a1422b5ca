import TabStrip

/// The demo's ``TabStripHost``: a cell is a region of the strip's rows on
/// the screen, holding what the virtualiser last told it (content, frame in
/// content columns, title appearance). The renderer draws the screen from
/// these cells, so what is seen is exactly what the engine handed the host.
public final class TerminalTabHost: TabStripHost {
    /// One tab's screen region.
    public final class Cell {
        /// A serial number, in order of creation.
        public let serial: Int
        /// The tab content last configured.
        public internal(set) var content: TabCellContent?
        /// The frame last placed, in content columns and strip rows.
        public internal(set) var frame = Rect.zero
        /// The title colour and scale last applied.
        public internal(set) var appearance: TitleAppearance?
        /// Whether the cell is on screen (false once recycled or discarded).
        public internal(set) var isShown = false

        init(serial: Int) { self.serial = serial }
    }

    /// Cells made so far.
    public private(set) var made = 0
    /// The indicator frame last placed (content columns, strip rows).
    public private(set) var indicatorFrame: Rect?
    /// `configure`, `place` and `apply` calls since the last ``resetCallCounts()``.
    public private(set) var calls = (configure: 0, place: 0, apply: 0)

    /// A host with no cells.
    public init() {}

    /// Zeroes ``calls``.
    public func resetCallCounts() { calls = (0, 0, 0) }

    /// A new, empty region (numbered in order of creation).
    public func makeCell(of kind: TabCellKind) -> Cell {
        made += 1
        return Cell(serial: made)
    }

    /// Records the tab the region shows and puts it on screen.
    public func configure(_ cell: Cell, with content: TabCellContent) {
        calls.configure += 1
        cell.content = content
        cell.isShown = true
    }

    /// Records where the region is (content columns; the renderer shifts
    /// it by ``DemoApp/scrollColumn``).
    public func place(_ cell: Cell, at frame: Rect) {
        calls.place += 1
        cell.frame = frame
    }

    /// Records the title colour and scale the region draws with.
    public func apply(_ appearance: TitleAppearance, to cell: Cell) {
        calls.apply += 1
        cell.appearance = appearance
    }

    /// Takes the region off screen (kept for reuse).
    public func recycle(_ cell: Cell) { cell.isShown = false }

    /// Takes the region off screen for good.
    public func discard(_ cell: Cell) { cell.isShown = false }

    /// Records the indicator's frame, which the renderer draws as `━`.
    public func placeIndicator(at frame: Rect?) { indicatorFrame = frame }
}
