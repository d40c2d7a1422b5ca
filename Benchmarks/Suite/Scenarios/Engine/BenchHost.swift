import TabStrip

/// The plain cell object a benchmark host shows for one tab: what a real
/// host's cell would hold after the engine configured, placed and styled it.
package final class BenchCell {
    /// The tab it shows.
    @exclusivity(unchecked) package var index = -1
    /// The tab's title.
    @exclusivity(unchecked) package var title = ""
    /// The tab's badge.
    @exclusivity(unchecked) package var badge = TabBadge.none
    /// Whether the tab is selected.
    @exclusivity(unchecked) package var isSelected = false
    /// "3 of 100,000": the tab count, for the accessibility position.
    @exclusivity(unchecked) package var tabCount = 0
    /// Where the cell is, in content coordinates.
    @exclusivity(unchecked) package var frame = Rect.zero
    /// The title's colour and scale.
    @exclusivity(unchecked) package var appearance = TitleAppearance(selection: 0, color: .white, scale: 1)
    /// How many times the host configured it.
    @exclusivity(unchecked) package var configurations = 0

    /// Creates an unconfigured cell.
    package init() {}
}

/// A host as the engine sees it, with nothing but plain stores behind each
/// callback: the cost of a frame in a benchmark is the engine's, plus a
/// handful of field writes a real host would make anyway.
///
/// The host's and its cells' stored properties skip Swift's dynamic
/// exclusivity checks (`@exclusivity(unchecked)`): each checked write to a
/// class's property costs a `swift_beginAccess`, an access-set insert and a
/// thread-local lookup: about 370 of a fling frame's 1,900 instructions and
/// 4,900 of a jump frame's 12,800 (a jump reconfigures every visible cell),
/// which measured this stand-in's bookkeeping rather than the engine. Nothing here is accessed overlappingly: the engine calls one
/// callback at a time and each callback writes its own fields.
package final class BenchHost: TabStripHost {
    /// Cells the host made (the engine asked for a new one).
    @exclusivity(unchecked) package private(set) var cellsMade = 0
    /// Cells the engine gave back for good (pool full).
    @exclusivity(unchecked) package private(set) var cellsDiscarded = 0
    /// Where the indicator is, in content coordinates.
    @exclusivity(unchecked) package private(set) var indicatorFrame: Rect?
    /// How many times the engine moved the indicator.
    @exclusivity(unchecked) package private(set) var indicatorMoves = 0

    /// Creates a host.
    package init() {}

    /// Makes a blank cell and counts it in ``cellsMade``: the one
    /// allocation a benchmark host adds to the engine's.
    package func makeCell(of kind: TabCellKind) -> BenchCell {
        cellsMade += 1
        return BenchCell()
    }

    /// Copies the tab's content into `cell` and counts the configuration.
    package func configure(_ cell: BenchCell, with content: TabCellContent) {
        cell.index = content.index
        cell.title = content.title
        cell.badge = content.badge
        cell.isSelected = content.isSelected
        cell.tabCount = content.tabCount
        cell.configurations &+= 1
    }

    /// Stores `frame` in `cell`.
    package func place(_ cell: BenchCell, at frame: Rect) {
        cell.frame = frame
    }

    /// Stores `appearance` in `cell`.
    package func apply(_ appearance: TitleAppearance, to cell: BenchCell) {
        cell.appearance = appearance
    }

    /// Drops `cell` and counts it in ``cellsDiscarded``.
    package func discard(_ cell: BenchCell) {
        cellsDiscarded += 1
    }

    /// Stores the indicator's frame (`nil`: hidden) and counts the move.
    package func placeIndicator(at frame: Rect?) {
        indicatorFrame = frame
        indicatorMoves &+= 1
    }
}
