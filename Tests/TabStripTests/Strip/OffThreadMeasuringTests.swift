import TabStripTestSupport
import Testing

@testable import TabStripCore

/// Measures like the column measurer, except that one title measures NaN.
private struct PoisonedMeasurer: TitleMeasurer {
    let poison: String
    func width(of title: String) -> Double {
        title == poison ? .nan : ColumnTitleMeasurer().width(of: title)
    }
}

/// A host that records the offsets the virtualiser reports.
private final class OffsetHost: TabStripHost {
    final class Cell {}
    var offsets: [Double] = []
    func makeCell(of kind: TabCellKind) -> Cell { Cell() }
    func configure(_ cell: Cell, with content: TabCellContent) {}
    func place(_ cell: Cell, at frame: Rect) {}
    func apply(_ appearance: TitleAppearance, to cell: Cell) {}
    func recycle(_ cell: Cell) {}
    func contentOffsetDidChange(to offset: Double) { offsets.append(offset) }
}

/// Measuring in the background: batches taken from a strip, measured on
/// another thread and applied on the owner, and measuring until a
/// deadline. (Randomised sequences that take and apply batches between
/// edits are in ``LazyStripRandomizedTests``.)
@Suite struct OffThreadMeasuringTests {
    static let titles = (0..<5_000).map { "频道 \($0)" + String(repeating: "a", count: $0 % 7) }
    static let viewport = Viewport(width: 390, height: 44)

    static func lazyStrip(
        measurer: some TitleMeasurer = ColumnTitleMeasurer(), selected: Int = 2_000
    ) throws -> TabStrip {
        try TabStrip(
            source: ListSource(titles: titles), sizing: .measured(by: measurer), estimate: .width(40),
            viewport: viewport, selectedIndex: selected)
    }

    /// Screen x of every tab in view.
    static func screen(_ strip: TabStrip) -> [Int: Double] {
        var result: [Int: Double] = [:]
        for i in strip.visibleTabs { result[i] = (try? strip.frame(ofTab: i)).map { $0.minX - strip.contentOffset } }
        return result
    }

    @Test func batchesMeasuredOnAnotherThreadEndEqualToEager() async throws {
        var strip = try Self.lazyStrip()
        try strip.select(2_000, scroll: .center)
        let eager = try TabStrip(
            titles: Self.titles, sizing: .measured(by: ColumnTitleMeasurer()), viewport: Self.viewport,
            selectedIndex: 2_000)
        var batches = 0
        while strip.unmeasuredTabCount > 0 {
            let pending = strip.unmeasuredTabCount
            let unmeasuredBefore = strip.unmeasured
            let batch = try strip.tabsToMeasure(limit: 700)
            #expect(strip.unmeasured == unmeasuredBefore) // taking changes nothing
            #expect(batch.tabs.count == Swift.min(700, pending))
            #expect(batch.titles == batch.tabs.map { Self.titles[$0] })
            let measurements = await Task.detached { batch.measure() }.value
            #expect(measurements.tabs == batch.tabs)
            let before = Self.screen(strip)
            let applied = try strip.applyMeasurements(measurements)
            #expect(applied == batch.tabs.count)
            #expect(strip.unmeasuredTabCount == pending - applied)
            #expect(Self.screen(strip) == before) // nothing on screen moved
            // The same measurements again: every tab is measured already.
            #expect(try strip.applyMeasurements(measurements) == 0)
            batches += 1
        }
        #expect(batches == (Self.titles.count - 1 + 699) / 700 || batches == (Self.titles.count + 699) / 700)
        #expect(strip.geometry.widths == eager.geometry.widths)
        #expect(strip.contentWidth == eager.contentWidth)
        #expect(try strip.tabsToMeasure(limit: 10).isEmpty)
        strip._checkInvariants()
    }

    @Test func theFirstBatchStartsAtTheViewport() throws {
        var strip = try Self.lazyStrip()
        try strip.setContentOffset(30_000)
        let first = strip.visibleTabs.lowerBound
        let batch = try strip.tabsToMeasure(limit: 10_000)
        #expect(batch.tabs.count == strip.unmeasuredTabCount)
        let resume = try #require(batch.tabs.firstIndex { $0 < first })
        #expect(batch.tabs[..<resume].allSatisfy { $0 > first })
        #expect(batch.tabs[..<resume] == batch.tabs[..<resume].sorted()[...])
        #expect(batch.tabs[resume...] == batch.tabs[resume...].sorted()[...])
    }

    @Test func batchesFromAnotherStripOrAnotherSizingApplyNothing() throws {
        var strip = try Self.lazyStrip()
        let other = try Self.lazyStrip()
        let foreign = try other.tabsToMeasure(limit: 100).measure()
        let pending = strip.unmeasuredTabCount
        #expect(try strip.applyMeasurements(foreign) == 0)
        #expect(strip.unmeasuredTabCount == pending)

        let old = try strip.tabsToMeasure(limit: 100).measure()
        try strip.setSizing(.measured(by: ColumnTitleMeasurer(), padding: 12))
        let afterSizing = strip.unmeasuredTabCount
        let widths = strip.geometry.widths
        #expect(try strip.applyMeasurements(old) == 0)
        #expect(strip.unmeasuredTabCount == afterSizing && strip.geometry.widths == widths)
        // A copy of the strip shares its measurer: its batches apply.
        let copy = strip
        #expect(try strip.applyMeasurements(copy.tabsToMeasure(limit: 100).measure()) == 100)
    }

    @Test func aTabRenamedWhileMeasuringKeepsItsEstimate() throws {
        var strip = try TabStrip(source: ListSource(titles: Self.titles), estimate: .width(40), viewport: Self.viewport)
        let batch = try strip.tabsToMeasure(limit: 50)
        let renamed = batch.tabs[10]
        // The server renamed the channel: a new list by ID.
        var fresh = Self.titles
        fresh[renamed] = "改名了"
        try strip.apply(strip.changes(toSource: ListSource(titles: fresh)))
        #expect(try strip.applyMeasurements(batch.measure()) == 49)
        #expect(try !strip.isMeasured(tab: renamed))
        try strip.measurePendingTabs(limit: .max)
        var titles = Self.titles
        titles[renamed] = "改名了"
        #expect(strip.geometry.widths == (try TabStrip(titles: titles, viewport: Self.viewport)).geometry.widths)
    }

    @Test func aBadWidthThrowsNamingTheTabAndChangesNothing() throws {
        var strip = try Self.lazyStrip(measurer: PoisonedMeasurer(poison: Self.titles[4_321]), selected: 0)
        let batch = try strip.tabsToMeasure(limit: .max)
        let saved = strip
        #expect {
            try strip.applyMeasurements(batch.measure())
        } throws: { error in
            guard case .invalidWidth(let index, let value) = error as? TabStripError else { return false }
            return index == 4_321 && value.isNaN
        }
        #expect(strip.geometry.widths == saved.geometry.widths)
        #expect(strip.unmeasured == saved.unmeasured)
        #expect(strip.contentOffset == saved.contentOffset && strip.anchoringShift == saved.anchoringShift)
        strip._checkInvariants()
    }

    @Test func aNegativeLimitIsRejected() throws {
        var strip = try Self.lazyStrip()
        #expect(throws: TabStripError.invalidValue(name: "limit", value: -1)) { try strip.tabsToMeasure(limit: -1) }
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            #expect(throws: TabStripError.invalidValue(name: "limit", value: -1)) {
                try strip.measurePendingTabs(until: .now + .seconds(60), limit: -1)
            }
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func measuringUntilADeadline() throws {
        var strip = try Self.lazyStrip()
        try strip.setContentOffset(30_000)
        let pending = strip.unmeasuredTabCount
        // A deadline already passed measures nothing.
        #expect(try strip.measurePendingTabs(until: .now - .seconds(1)) == 0)
        #expect(strip.unmeasuredTabCount == pending)
        let before = Self.screen(strip)
        #expect(try strip.measurePendingTabs(until: .now + .seconds(600), limit: 100) == 100)
        #expect(strip.unmeasuredTabCount == pending - 100)
        #expect(try strip.measurePendingTabs(until: .now + .seconds(600)) == pending - 100)
        #expect(strip.unmeasuredTabCount == 0)
        #expect(Self.screen(strip) == before)
        let eager = try TabStrip(titles: Self.titles, viewport: Self.viewport)
        #expect(strip.geometry.widths == eager.geometry.widths)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func aFailureBeforeTheDeadlineChangesNothing() throws {
        var strip = try Self.lazyStrip(measurer: PoisonedMeasurer(poison: Self.titles[4_321]), selected: 0)
        let saved = strip
        #expect(throws: TabStripError.self) { try strip.measurePendingTabs(until: .now + .seconds(600)) }
        #expect(strip.geometry.widths == saved.geometry.widths && strip.unmeasured == saved.unmeasured)
        #expect(strip.contentOffset == saved.contentOffset)
    }

    @Test func theVirtualizerAppliesMeasurementsAndTellsTheHostTheOffset() throws {
        let host = OffsetHost()
        let virtualizer = try TabStripVirtualizer(strip: Self.lazyStrip(selected: 0), host: host)
        try virtualizer.setContentOffset(60_000)
        let offset = virtualizer.strip.contentOffset
        let batch = try virtualizer.strip.tabsToMeasure(limit: .max)
        let applied = try virtualizer.applyMeasurements(batch.measure())
        #expect(applied == batch.tabs.count && virtualizer.strip.unmeasuredTabCount == 0)
        // The tabs before the view were wider than estimated: the offset
        // moved, and the host heard of it.
        #expect(virtualizer.strip.contentOffset != offset)
        #expect(host.offsets.last == virtualizer.strip.contentOffset)
        virtualizer._checkInvariants()
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            #expect(try virtualizer.measurePendingTabs(until: .now + .seconds(60)) == 0)
        }
    }
}
