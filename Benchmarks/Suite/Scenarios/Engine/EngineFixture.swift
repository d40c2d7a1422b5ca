import TabStrip

/// A strip as a host runs it: titles, the engine's strip, a virtualiser and
/// the benchmark host behind it. Shared by the engine scenarios.
package final class EngineFixture {
    /// The viewport every engine scenario uses: an iPhone-width title bar.
    package static let viewport = Viewport(width: 390, height: 44)
    /// The reuse pool limit per cell kind (the virtualiser's default).
    package static let poolLimit = 8

    /// The host (the virtualiser only holds it weakly).
    package let host: BenchHost
    /// The virtualiser driving the host.
    package let virtualizer: TabStripVirtualizer<BenchHost>

    /// Builds the strip over `titles` (measured with `TabSizing.measured()`)
    /// and a virtualiser showing it, with tab `selected` selected.
    /// - Throws: ``ScenarioError`` when the engine rejects the input.
    /// - Complexity: that of ``strip(titles:selected:)``, plus
    ///   O(log n + v) for the virtualiser's first v visible tabs.
    package convenience init(
        titles: [String], selected: Int = 0,
        poolLimit: Int = EngineFixture.poolLimit
    ) throws(ScenarioError) {
        try self.init(strip: Self.strip(titles: titles, selected: selected), poolLimit: poolLimit)
    }

    /// A virtualiser showing `strip` (already built, for example by a phase
    /// that measured the build), with a new benchmark host.
    /// - Throws: ``ScenarioError`` when the virtualiser rejects the strip.
    /// - Complexity: O(log n + v) for the first v visible tabs.
    package init(strip: TabStrip, poolLimit: Int = EngineFixture.poolLimit) throws(ScenarioError) {
        host = BenchHost()
        do {
            virtualizer = try TabStripVirtualizer(strip: strip, host: host, poolLimit: poolLimit)
        } catch {
            throw ScenarioError("the virtualiser rejected the strip: \(error)")
        }
    }

    /// Builds the engine's strip over `titles`.
    /// - Throws: ``ScenarioError`` naming the engine's error.
    /// - Complexity: O(n): one measurement per title, then the width index.
    package static func strip(titles: [String], selected: Int = 0) throws(ScenarioError) -> TabStrip {
        do {
            return try TabStrip(titles: titles, sizing: .measured(), viewport: viewport, selectedIndex: selected)
        } catch {
            throw ScenarioError("the engine rejected \(titles.count) titles: \(error)")
        }
    }

    /// The strip being shown.
    package var strip: TabStrip { virtualizer.strip }

    /// Cells made, reused and discarded, and the visible maximum, so far.
    package var cellCounts: CellCounts {
        CellCounts(
            created: host.cellsMade, reused: virtualizer.reuseCounters.reused,
            discarded: virtualizer.reuseCounters.discarded,
            visibleMaximum: virtualizer.counters.maximumVisible)
    }
}

/// Cell statistics of a virtualiser run.
package struct CellCounts: Sendable, Equatable {
    /// Cells the host had to make.
    package var created: Int
    /// Cells taken from the pool or handed over directly.
    package var reused: Int
    /// Cells dropped because the pool was full.
    package var discarded: Int
    /// The most cells visible at once.
    package var visibleMaximum: Int
}

/// `1k`, `10k`, `1m`, or the plain number: the size suffix of metric names.
func sizeLabel(_ size: Int) -> String {
    if size >= 1_000_000, size % 1_000_000 == 0 { return "\(size / 1_000_000)m" }
    if size >= 1_000, size % 1_000 == 0 { return "\(size / 1_000)k" }
    return "\(size)"
}
