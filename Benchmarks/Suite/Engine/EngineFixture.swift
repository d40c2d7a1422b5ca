import BenchInstruments
import TabStrip
import TabStripTestSupport

/// The plain cell object a benchmark host shows for one tab: what a real
/// host's cell would hold after the engine configured, placed and styled it.
package final class BenchCell {
    @exclusivity(unchecked) package var index = -1
    @exclusivity(unchecked) package var title = ""
    @exclusivity(unchecked) package var badge = TabBadge.none
    @exclusivity(unchecked) package var isSelected = false
    @exclusivity(unchecked) package var tabCount = 0
    @exclusivity(unchecked) package var frame = Rect.zero
    @exclusivity(unchecked) package var appearance = TitleAppearance(selection: 0, color: .white, scale: 1)
    @exclusivity(unchecked) package var configurations = 0
}

/// A host as the engine sees it, with nothing but plain stores behind each callback: a benchmark's frame costs the
/// engine's work plus the field writes a real host makes anyway.
///
/// Its and its cells' stored properties skip Swift's dynamic exclusivity checks (`@exclusivity(unchecked)`): a checked
/// write to a class's property costs a `swift_beginAccess`, an access-set insert and a thread-local lookup, a large
/// share of a frame that would measure this stand-in's bookkeeping rather than the engine. Nothing here is accessed
/// overlappingly: the engine calls one callback at a time and each callback writes its own fields.
package final class BenchHost: TabStripHost {
    @exclusivity(unchecked) package private(set) var cellsMade = 0
    @exclusivity(unchecked) package private(set) var cellsDiscarded = 0
    @exclusivity(unchecked) package private(set) var indicatorFrame: Rect?
    @exclusivity(unchecked) package private(set) var indicatorMoves = 0

    /// A blank cell, counted: the one allocation a benchmark host adds.
    package func makeCell(of kind: TabCellKind) -> BenchCell {
        cellsMade += 1
        return BenchCell()
    }

    package func configure(_ cell: BenchCell, with content: TabCellContent) {
        cell.index = content.index
        cell.title = content.title
        cell.badge = content.badge
        cell.isSelected = content.isSelected
        cell.tabCount = content.tabCount
        cell.configurations &+= 1
    }

    package func place(_ cell: BenchCell, at frame: Rect) { cell.frame = frame }

    package func apply(_ appearance: TitleAppearance, to cell: BenchCell) { cell.appearance = appearance }

    package func discard(_ cell: BenchCell) { cellsDiscarded += 1 }

    package func placeIndicator(at frame: Rect?) {
        indicatorFrame = frame
        indicatorMoves &+= 1
    }
}

/// Stands in for a host's pages: a page is its index (nothing to build).
package struct BenchPageProvider: PageProvider { package mutating func loadPage(at index: Int) -> Int { index } }

/// A strip as a host runs it: the engine's strip, a virtualiser and the benchmark host behind it. Every benchmark of
/// the engine starts from one, so the engine's API is used in one place per kind of object.
package final class EngineFixture {
    package static let viewport = Viewport(width: 390, height: 44)
    package static let poolLimit = 8

    package let host: BenchHost
    package let virtualizer: TabStripVirtualizer<BenchHost>

    package convenience init(titles: [String], selected: Int = 0) throws(ScenarioError) {
        try self.init(strip: Self.strip(titles: titles, selected: selected))
    }

    package init(strip: TabStrip, host: BenchHost = BenchHost()) throws(ScenarioError) {
        self.host = host
        do {
            virtualizer = try Self.virtualizer(strip, host: host)
        } catch { throw ScenarioError("the virtualiser rejected the strip: \(error)") }
    }

    /// A virtualiser showing `strip` through `host`: every benchmark's virtualiser is made here.
    package static func virtualizer<Host: TabStripHost>(_ strip: TabStrip, host: Host) throws(TabStripError)
        -> TabStripVirtualizer<Host>
    { try TabStripVirtualizer(strip: strip, host: host, poolLimit: poolLimit) }

    /// The engine's strip over `titles`, measured with `TabSizing.measured()`.
    package static func strip(titles: [String], selected: Int = 0) throws(ScenarioError) -> TabStrip {
        do {
            return try TabStrip(titles: titles, sizing: .measured(), viewport: viewport, selectedIndex: selected)
        } catch { throw ScenarioError("the engine rejected \(titles.count) titles: \(error)") }
    }

    /// A strip of `titles` from a source, every tab at an `estimate` until it is measured with `measurer`.
    package static func lazyStrip(titles: [String], measurer: some TitleMeasurer, estimate: Double)
        throws(ScenarioError) -> TabStrip
    {
        do {
            return try TabStrip(
                source: ListSource(titles: titles), sizing: .measured(by: measurer), estimate: .width(estimate),
                viewport: viewport, selectedIndex: 0)
        } catch { throw ScenarioError("the lazy strip of \(titles.count) tabs: \(error)") }
    }

    /// A ``PagerSync`` over this fixture's virtualiser, one page per tab, pages as wide as the viewport: built as an
    /// app builds it when its view loads, never inlined into a frame's callback, so that a pager frame's figures are
    /// those of the frame alone.
    @inline(never)
    package func pagerSync() throws(ScenarioError) -> PagerSync<BenchHost, BenchPageProvider> {
        do {
            return try PagerSync(
                virtualizer: virtualizer, pageWidth: Self.viewport.width, provider: BenchPageProvider())
        } catch { throw ScenarioError("PagerSync rejected the strip: \(error)") }
    }

    package var strip: TabStrip { virtualizer.strip }

    /// Cells made, reused and discarded, and the visible maximum, so far.
    package var cellCounts: CellCounts {
        CellCounts(
            created: host.cellsMade, reused: virtualizer.reuseCounters.reused,
            discarded: virtualizer.reuseCounters.discarded, visibleMaximum: virtualizer.counters.maximumVisible)
    }
}

package struct CellCounts: Sendable, Equatable {
    package var created: Int
    package var reused: Int
    package var discarded: Int
    package var visibleMaximum: Int

    /// The cell figures every frame scenario reports: the cells made after
    /// `before` of them, the reused, the visible maximum and the bound.
    func metrics(createdBefore before: Int) -> [Metric] {
        [
            .count("cells-created", Double(created), unit: "cells"),
            .count(
                "cells-created-after-warm-up", Double(created - before), unit: "cells",
                note: "cells made in the timing and allocation passes"),
            .count("cells-reused", Double(reused), unit: "cells"),
            .count("visible-maximum", Double(visibleMaximum), unit: "cells"),
            .count(
                "cells-bound", Double(visibleMaximum + EngineFixture.poolLimit), unit: "cells",
                note: "visible maximum + pool limit (\(EngineFixture.poolLimit))"),
        ]
    }
}
