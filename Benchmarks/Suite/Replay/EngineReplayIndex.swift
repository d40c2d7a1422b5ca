import TabStrip
import TabStripTestSupport

/// A width index (``TabWidthIndex``: the engine's `TabWidths`, or the test support's flat reference `FlatTabWidths`) as
/// a replay index, with zero spacing.
///
/// The replay validates its inputs first (widths finite and `>= 0`, offsets finite, viewport finite and `> 0`), so the
/// engine's checks never fire here; if one did, the query would report no tabs rather than trap.
package struct EngineReplayIndex<Index: TabWidthIndex>: ReplayIndex {
    /// The index type's name with its module's: `TabStripCore.TabWidths`, `TabStripTestSupport.FlatTabWidths`.
    package static var strategyName: String { String(reflecting: Index.self) }

    package let index: Index

    package init(validatedWidths widths: [Double]) { index = (try? Index(widths: widths, spacing: 0)) ?? Index() }

    package var count: Int { index.count }
    package var totalWidth: Double { index.totalWidth }

    package func tabs(overlapping start: Double, length: Double) -> Range<Int> {
        (try? index.tabs(overlapping: start, length: length)) ?? 0..<0
    }

    /// The engine's `tabs(overlapping:length:near:)` (finger search from the
    /// previous answer where the index supports it).
    package func tabs(overlapping start: Double, length: Double, near hint: Range<Int>) -> Range<Int> {
        (try? index.tabs(overlapping: start, length: length, near: hint)) ?? 0..<0
    }

    /// The engine's `tabs(overlapping:length:cursor:)` (the previous answer and where it holds, for `TabWidths`; the
    /// previous range as a hint for the others).
    package func tabs(overlapping start: Double, length: Double, cursor: inout TabRangeCursor) -> Range<Int> {
        (try? index.tabs(overlapping: start, length: length, cursor: &cursor)) ?? 0..<0
    }
}
