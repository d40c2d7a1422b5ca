import BenchInstruments
import TabStrip

/// One way of showing a strip at a content offset, frame after frame: the engine's virtualiser, or a baseline it is
/// compared with. A frame is everything a host does when the content offset changes.
package protocol FrameStrategy: AnyObject, CellMaking {
    var strategyName: String { get }
    func showFrame(atContentOffset offset: Double)
    /// Cells configured for a tab so far (cells that entered), or 0 when the strategy does not track it.
    var cellsConfigured: Int { get }
}

extension FrameStrategy { package var cellsConfigured: Int { 0 } }

package enum FrameStrategyKind: String, Sendable, CaseIterable {
    case virtualized, eager, linearScan
    /// The engine's frame plus one extra visible-range query: a deliberate
    /// regression of a few per cent, for tests of the instruction check.
    case virtualizedExtraQuery

    package var strategyName: String {
        switch self {
        case .virtualized: return "virtualised (TabStripCore)"
        case .eager: return "eager (a cell per tab)"
        case .linearScan: return "linear scan (visible cells)"
        case .virtualizedExtraQuery: return "virtualised + one extra range query (deliberate regression)"
        }
    }

    package func make(titles: [String], selected: Int = 0) throws(ScenarioError) -> any FrameStrategy {
        switch self {
        case .virtualized: return VirtualizedFrames(try EngineFixture(titles: titles, selected: selected))
        case .eager: return try EagerStrip(titles: titles, selected: selected)
        case .linearScan: return try LinearScanStrip(titles: titles, selected: selected)
        case .virtualizedExtraQuery: return ExtraRangeQueryFrames(try EngineFixture(titles: titles, selected: selected))
        }
    }

    /// A strategy of this kind over an already built `strip` (its selection
    /// kept): the engine's strategies reuse it, the baselines read its titles.
    package func make(strip: TabStrip) throws(ScenarioError) -> any FrameStrategy {
        switch self {
        case .virtualized: return VirtualizedFrames(try EngineFixture(strip: strip))
        case .virtualizedExtraQuery: return ExtraRangeQueryFrames(try EngineFixture(strip: strip))
        case .eager, .linearScan: return try make(titles: Array(strip.titles), selected: strip.selectedIndex ?? 0)
        }
    }
}

/// The engine's frame followed by one more visible-range query than it needs: a deliberately heavier frame (a few per
/// cent more work, no extra allocation, same growth), which the instruction limits must catch. Bench-only code.
package final class ExtraRangeQueryFrames: FrameStrategy {
    package let fixture: EngineFixture
    private let virtualizer: TabStripVirtualizer<BenchHost>
    private let geometry: TabStripGeometry
    private let overscan: Double

    package init(_ fixture: EngineFixture) {
        self.fixture = fixture
        virtualizer = fixture.virtualizer
        geometry = fixture.strip.geometry
        overscan = fixture.strip.layout.overscan
    }

    package var strategyName: String { FrameStrategyKind.virtualizedExtraQuery.strategyName }

    /// `setContentOffset(offset)` on the virtualiser, then the same visible range computed once more and thrown away.
    package func showFrame(atContentOffset offset: Double) {
        try? virtualizer.setContentOffset(offset)
        blackHole(try? geometry.visibleTabs(atContentOffset: offset, overscan: overscan))
    }

    package var cellsCreated: Int { fixture.host.cellsMade }

    package var cellsConfigured: Int { fixture.virtualizer.counters.configured }
}

/// The engine's frame: `setContentOffset` on the virtualiser, which finds the visible range, recycles the cells that
/// left, configures those that entered and moves the indicator when it changed.
package final class VirtualizedFrames: FrameStrategy {
    package let fixture: EngineFixture
    /// The fixture's virtualiser, held here as an app's view holds its own: a frame reads one stored reference (through
    /// `fixture` it would also retain and release the fixture, instructions that are the harness's, not the engine's).
    let virtualizer: TabStripVirtualizer<BenchHost>

    package init(_ fixture: EngineFixture) {
        self.fixture = fixture
        self.virtualizer = fixture.virtualizer
    }

    package var strategyName: String { FrameStrategyKind.virtualized.strategyName }

    /// `setContentOffset(offset)` on the virtualiser; an offset it rejects (not finite) leaves the strip as it was.
    @inline(__always)
    package func showFrame(atContentOffset offset: Double) { try? virtualizer.setContentOffset(offset) }

    package var cellsCreated: Int { fixture.host.cellsMade }

    package var cellsConfigured: Int { fixture.virtualizer.counters.configured }
}

/// The widths and appearances the baselines lay out: the same measuring and title style as the engine's strip.
struct BaselineLayout {
    let titles: [String]
    let widths: [Double]
    let selected: Int
    let height: Double
    let overscan: Double
    let viewportWidth: Double
    let rest: TitleAppearance
    let chosen: TitleAppearance
    let indicatorStyle: IndicatorStyle

    init(titles: [String], selected: Int) throws(ScenarioError) {
        let strip = try EngineFixture.strip(titles: titles, selected: selected)
        self.titles = titles
        widths = (0..<titles.count).map { (try? strip.frame(ofTab: $0).width) ?? 0 }
        self.selected = selected
        height = strip.viewport.height
        overscan = strip.layout.overscan
        viewportWidth = strip.viewport.width
        rest = strip.titleStyle.appearance(selection: 0)
        chosen = strip.titleStyle.appearance(selection: 1)
        indicatorStyle = strip.indicatorStyle
    }
}

/// The approach of the seeds and of most tab-strip libraries (see `peers.md`): one cell per tab, made up front, and on
/// every layout pass every tab's frame computed by accumulating the widths before it, every cell updated. Bench-only
/// code. O(n) per frame.
package final class EagerStrip: FrameStrategy {
    let layout: BaselineLayout
    let cells: [BenchCell]
    package private(set) var indicatorFrame: Rect?

    package init(titles: [String], selected: Int = 0) throws(ScenarioError) {
        layout = try BaselineLayout(titles: titles, selected: selected)
        cells = titles.indices.map { index in
            let cell = BenchCell()
            cell.index = index
            cell.title = titles[index]
            cell.tabCount = titles.count
            cell.isSelected = index == selected
            return cell
        }
    }

    package var strategyName: String { FrameStrategyKind.eager.strategyName }

    /// Lays out every tab whatever the offset: each cell's frame from the widths before it, each cell's appearance, and
    /// the indicator under the selected tab.
    package func showFrame(atContentOffset offset: Double) {
        var x = 0.0
        let height = layout.height
        let selected = layout.selected
        for index in cells.indices {
            let width = layout.widths[index]
            let frame = Rect(x: x, y: 0, width: width, height: height)
            let cell = cells[index]
            cell.frame = frame
            cell.appearance = index == selected ? layout.chosen : layout.rest
            if index == selected {
                indicatorFrame = try? layout.indicatorStyle.frame(
                    current: frame, neighbour: nil, progress: 0, stripHeight: height)
            }
            x += width
        }
    }

    package var cellsCreated: Int { cells.count }
}

/// Cells for the visible tabs only (plus overscan), like the engine, but the visible range is found by walking the
/// widths from the first tab on every frame, as list engines without an offset index do (react-window v2, Flutter's
/// `itemExtentBuilder`; see `peers.md`). Bench-only code. O(n) per frame.
package final class LinearScanStrip: FrameStrategy {
    let layout: BaselineLayout
    var cells: [BenchCell] = []
    package private(set) var cellsCreated = 0
    package private(set) var shownCells = 0
    package private(set) var indicatorFrame: Rect?

    package init(titles: [String], selected: Int = 0) throws(ScenarioError) {
        layout = try BaselineLayout(titles: titles, selected: selected)
        cells.reserveCapacity(256)
    }

    package var strategyName: String { FrameStrategyKind.linearScan.strategyName }

    /// Walks the widths from the first tab to the far edge of the viewport plus overscan, giving each tab inside that
    /// window a cell (the first ones, reconfigured when they showed another tab), its frame and its appearance; moves
    /// the indicator when the selected tab is among them.
    package func showFrame(atContentOffset offset: Double) {
        let start = offset - layout.overscan
        let end = offset + layout.viewportWidth + layout.overscan
        let height = layout.height
        var x = 0.0
        var slot = 0
        var selectedFrame: Rect?
        for index in layout.widths.indices {
            if x >= end { break }
            let width = layout.widths[index]
            if x + width > start {
                if slot == cells.count {
                    cells.append(BenchCell())
                    cellsCreated += 1
                }
                let cell = cells[slot]
                if cell.index != index {
                    cell.index = index
                    cell.title = layout.titles[index]
                    cell.tabCount = layout.titles.count
                    cell.isSelected = index == layout.selected
                }
                let frame = Rect(x: x, y: 0, width: width, height: height)
                cell.frame = frame
                cell.appearance = index == layout.selected ? layout.chosen : layout.rest
                if index == layout.selected { selectedFrame = frame }
                slot += 1
            }
            x += width
        }
        shownCells = slot
        if let selectedFrame {
            indicatorFrame = try? layout.indicatorStyle.frame(
                current: selectedFrame, neighbour: nil, progress: 0, stripHeight: height)
        }
    }
}
