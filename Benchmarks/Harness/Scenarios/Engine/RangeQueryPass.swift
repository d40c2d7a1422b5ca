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

extension RangeQueryPass {
    /// Every offset queried from scratch on the width index alone:
    /// `TabWidths.tabs(overlapping:length:)` over `[offset, offset + length)`.
    /// The like-for-like figure for other engines' range computations
    /// (TanStack Virtual's `calculateRangeImpl` takes a scroll offset and
    /// a viewport size, and neither validates them nor maps a layout).
    /// - Complexity: one query per offset.
    package static func index(_ widths: TabWidths, offsets: [Double], length: Double) {
        var sink = 0
        for offset in offsets {
            sink &+= (try? widths.tabs(overlapping: offset, length: length))?.upperBound ?? 0
        }
        blackHole(sink)
    }

    /// Every offset queried on the width index alone through one
    /// `TabRangeCursor` for the whole trace:
    /// `TabWidths.tabs(overlapping:length:cursor:)`.
    /// - Complexity: one query per offset.
    package static func indexThroughCursor(_ widths: TabWidths, offsets: [Double], length: Double) {
        var cursor = TabRangeCursor()
        var sink = 0
        for offset in offsets {
            sink &+= (try? widths.tabs(overlapping: offset, length: length, cursor: &cursor))?.upperBound ?? 0
        }
        blackHole(sink)
    }
}
