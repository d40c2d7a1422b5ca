import TabStrip

/// One pass of visible-range queries over a trace of content offsets, in
/// each of the ways a host can ask: the loops the fling scenario times and
/// the instruction pass counts, written once so that both measure the same
/// code. Each pass folds its answers into a value it hands to
/// ``blackHole(_:)``, so the queries cannot be optimised away.
package enum RangeQueryPass {
    /// Every offset queried from scratch:
    /// `visibleTabs(atContentOffset:overscan:)`.
    /// - Complexity: one query per offset.
    package static func plain(_ geometry: TabStripGeometry, offsets: [Double], overscan: Double) {
        for offset in offsets { blackHole(try? geometry.visibleTabs(atContentOffset: offset, overscan: overscan)) }
    }

    /// Every offset queried through one `TabRangeCursor` for the whole
    /// trace, as the virtualiser does:
    /// `visibleTabs(atContentOffset:overscan:cursor:)`.
    /// - Complexity: one query per offset.
    package static func throughCursor(_ geometry: TabStripGeometry, offsets: [Double], overscan: Double) {
        var cursor = TabRangeCursor()
        var sink = 0
        for offset in offsets {
            sink &+=
                (try? geometry.visibleTabs(atContentOffset: offset, overscan: overscan, cursor: &cursor))?
                .upperBound ?? 0
        }
        blackHole(sink)
    }

    /// Every offset queried from the previous answer given as a hint:
    /// `visibleTabs(atContentOffset:overscan:near:)`.
    /// - Complexity: one query per offset.
    package static func fromHint(_ geometry: TabStripGeometry, offsets: [Double], overscan: Double) {
        var previous = 0..<0
        for offset in offsets {
            previous =
                (try? geometry.visibleTabs(atContentOffset: offset, overscan: overscan, near: previous)) ?? previous
        }
        blackHole(previous)
    }
}
