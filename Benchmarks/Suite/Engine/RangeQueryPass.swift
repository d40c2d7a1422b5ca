import BenchInstruments
import CRangeReference
import TabStrip

/// One pass of visible-range queries over a trace of content offsets, in each of the ways a host can ask: the loops the
/// fling scenario times and the instruction pass counts, written once so that both measure the same code. Each pass
/// folds its answers into a value it hands to ``blackHole(_:)``, so the queries cannot be optimised away. The passes
/// the optimiser would otherwise inline are kept out of line, so that each compiles to one loop wherever it is called.
package enum RangeQueryPass {
    /// Every offset queried from scratch: `visibleTabs(atContentOffset:overscan:)`.
    @inline(never)
    package static func plain(_ geometry: TabStripGeometry, offsets: [Double], overscan: Double) {
        for offset in offsets { blackHole(try? geometry.visibleTabs(atContentOffset: offset, overscan: overscan)) }
    }

    /// Every offset queried through one `TabRangeCursor` for the whole trace, as the virtualiser does:
    /// `visibleTabs(atContentOffset:overscan:cursor:)`.
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

    /// Every offset queried from the previous answer given as a hint: `visibleTabs(atContentOffset:overscan:near:)`.
    @inline(never)
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
    /// Every offset queried from scratch on the width index alone: `TabWidths.tabs(overlapping:length:)` over `[offset,
    /// offset + length)`. The like-for-like figure for other engines' range computations (TanStack Virtual's
    /// `calculateRangeImpl` takes a scroll offset and a viewport size, and neither validates them nor maps a layout).
    @inline(never)
    package static func index(_ widths: TabWidths, offsets: [Double], length: Double) {
        var sink = 0
        for offset in offsets { sink &+= (try? widths.tabs(overlapping: offset, length: length))?.upperBound ?? 0 }
        blackHole(sink)
    }

    /// Every offset queried on the width index alone through one `TabRangeCursor` for the whole trace:
    /// `TabWidths.tabs(overlapping:length:cursor:)`.
    package static func indexThroughCursor(_ widths: TabWidths, offsets: [Double], length: Double) {
        var cursor = TabRangeCursor()
        var sink = 0
        for offset in offsets {
            sink &+= (try? widths.tabs(overlapping: offset, length: length, cursor: &cursor))?.upperBound ?? 0
        }
        blackHole(sink)
    }
}

extension RangeQueryPass {
    /// The flat array the C reference searches: every tab's leading offset,
    /// as `widths` computes it, then the row's end (`count + 1` values).
    package static func flatOffsets(_ widths: TabWidths) -> [Double] {
        var offsets = [Double]()
        offsets.reserveCapacity(widths.count + 1)
        // Cannot throw: the range is the index's own.
        try? widths.forEachTab(in: 0..<widths.count) { _, leadingOffset, _ in offsets.append(leadingOffset) }
        offsets.append(widths.totalWidth)
        return offsets
    }

    /// Every offset queried from scratch on the flat array by the C reference: a branchless binary search for the first
    /// tab, then a walk to the last.
    package static func flat(_ flatOffsets: [Double], offsets: [Double], length: Double) {
        referencePass(tabstrip_reference_pass, flatOffsets, offsets, length)
    }

    /// Every offset queried on the flat array by the C reference, each
    /// searched outwards from the previous answer (galloping).
    package static func flatNear(_ flatOffsets: [Double], offsets: [Double], length: Double) {
        referencePass(tabstrip_reference_near_pass, flatOffsets, offsets, length)
    }

    /// One of the C reference's passes over `offsets`, its checksum handed to ``blackHole(_:)``.
    @inline(__always)
    private static func referencePass(
        _ pass: (UnsafePointer<Double>?, Int, UnsafePointer<Double>?, Int, Double) -> Int,
        _ flatOffsets: [Double], _ offsets: [Double], _ length: Double
    ) {
        flatOffsets.withUnsafeBufferPointer { flat in
            offsets.withUnsafeBufferPointer { offsets in
                blackHole(pass(flat.baseAddress, flat.count - 1, offsets.baseAddress, offsets.count, length))
            }
        }
    }

    /// The number of `offsets` at which the C reference (from scratch, and from the previous answer) answers
    /// differently from the index's plain query; two empty ranges agree wherever they lie.
    package static func flatMismatches(
        _ widths: TabWidths, flatOffsets: [Double], offsets: [Double], length: Double
    ) -> Int {
        var mismatches = 0
        var near = (lower: 0, upper: 0)
        flatOffsets.withUnsafeBufferPointer { flat in
            for offset in offsets {
                var lower = 0
                var upper = 0
                tabstrip_reference_range(flat.baseAddress, flat.count - 1, offset, length, &lower, &upper)
                tabstrip_reference_range_near(
                    flat.baseAddress, flat.count - 1, offset, length, &near.lower, &near.upper)
                let index = (try? widths.tabs(overlapping: offset, length: length)) ?? 0..<0
                func agrees(_ lower: Int, _ upper: Int) -> Bool {
                    upper <= lower ? index.isEmpty : index == lower..<upper
                }
                if !agrees(lower, upper) || !agrees(near.lower, near.upper) { mismatches += 1 }
            }
        }
        return mismatches
    }
}

extension RangeQueryPass {
    /// The number of `offsets` at which a finger search, through one `TabRangeCursor` for the whole trace or from the
    /// previous answer given as a hint, answers differently from the plain query
    /// `visibleTabs(atContentOffset:overscan:)`: 0 when the three agree.
    package static func fingerMismatches(_ geometry: TabStripGeometry, offsets: [Double], overscan: Double) -> Int {
        var mismatches = 0
        var previous = 0..<0
        var cursor = TabRangeCursor()
        for offset in offsets {
            let plain = try? geometry.visibleTabs(atContentOffset: offset, overscan: overscan)
            let near = try? geometry.visibleTabs(atContentOffset: offset, overscan: overscan, near: previous)
            let fromCursor = try? geometry.visibleTabs(atContentOffset: offset, overscan: overscan, cursor: &cursor)
            if plain != near || plain != fromCursor { mismatches += 1 }
            previous = near ?? previous
        }
        return mismatches
    }

    /// The number of `offsets` at which the width index's query through one `TabRangeCursor` for the whole trace
    /// answers differently from its plain query `tabs(overlapping:length:)`: 0 when they agree.
    package static func cursorMismatches(_ widths: TabWidths, offsets: [Double], length: Double) -> Int {
        var mismatches = 0
        var cursor = TabRangeCursor()
        for offset in offsets {
            let plain = try? widths.tabs(overlapping: offset, length: length)
            let fromCursor = try? widths.tabs(overlapping: offset, length: length, cursor: &cursor)
            if plain != fromCursor { mismatches += 1 }
        }
        return mismatches
    }
}
