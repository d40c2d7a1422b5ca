import BenchInstruments
import TabStrip
import TabStripTestSupport

/// Edits on a width index followed by the range query of the next frame:
/// the work a strip's layout state does when a badge count changes a tab's
/// width, or a tab is inserted or removed. Generic over the engine's
/// indices, so `TabWidths` and `FlatTabWidths` replay the same operations.
enum WidthEditBench {
    /// Per-operation timings (the edit and the next range query, together).
    struct Result {
        var widthChange = LatencyHistogram()
        var insert = LatencyHistogram()
        var remove = LatencyHistogram()
        var allocations = AllocationFigures(allocations: nil, bytes: nil)
        var operationsCounted = 0
    }

    /// One operation of the replayed sequence.
    struct Operation {
        var index: Int
        var width: Double
        var offset: Double
    }

    /// `count` operations on an index of `tabs` tabs `contentWidth` wide.
    static func operations(count: Int, tabs: Int, contentWidth: Double, generator: SeededGenerator) -> [Operation] {
        var random = generator
        return (0..<count).map { _ in
            Operation(
                index: random.next(below: Swift.max(1, tabs)), width: Double(56 + random.next(below: 200)),
                offset: random.nextUnit() * Swift.max(0, contentWidth - 510))
        }
    }

    /// The window of the range query after each edit: a 390 pt viewport
    /// plus 2 × 60 pt overscan.
    static let window = 510.0

    /// A width change at `operation.index`, then the next frame's range query.
    /// Shared by the timing, allocation and instruction passes.
    /// - Complexity: that of `Index.setWidth(_:ofTab:)` plus `Index.tabs(overlapping:length:)`.
    @inline(__always)
    static func widthChange<Index: TabWidthIndex>(_ index: inout Index, _ operation: Operation) {
        try? index.setWidth(operation.width, ofTab: operation.index)
        blackHole(try? index.tabs(overlapping: operation.offset, length: window))
    }

    /// An insert of one width (`one[0]` is set to it) at `operation.index`,
    /// then the next range query.
    /// - Complexity: that of `Index.insertTabs(widths:at:)` plus a range query.
    @inline(__always)
    static func insert<Index: TabWidthIndex>(_ index: inout Index, _ operation: Operation, using one: inout [Double]) {
        one[0] = operation.width
        try? index.insertTabs(widths: one, at: operation.index)
        blackHole(try? index.tabs(overlapping: operation.offset, length: window))
    }

    /// The removal of the tab at `operation.index` (undoing ``insert(_:_:using:)``),
    /// then the next range query.
    /// - Complexity: that of `Index.removeTabs(in:)` plus a range query.
    @inline(__always)
    static func remove<Index: TabWidthIndex>(_ index: inout Index, _ operation: Operation) {
        try? index.removeTabs(in: operation.index..<(operation.index + 1))
        blackHole(try? index.tabs(overlapping: operation.offset, length: window))
    }

    /// Times each width change of `operations` (with its next query) on
    /// `index`, one clock reading around each.
    /// - Complexity: one width change and one query per operation.
    static func timeWidthChanges<Index: TabWidthIndex>(_ index: inout Index, operations: [Operation])
        -> LatencyHistogram
    {
        var histogram = LatencyHistogram()
        for operation in operations {
            let start = MonotonicClock.now()
            widthChange(&index, operation)
            histogram.record(MonotonicClock.elapsed(since: start))
        }
        return histogram
    }

    /// Times `operations` as width changes, then as insert/remove pairs (the
    /// count stays the same), each followed by the range query a 510 pt
    /// window (390 pt viewport + 2 × 60 pt overscan) makes; then counts the
    /// allocations of the width changes in a separate pass.
    static func measure<Index: TabWidthIndex>(
        _ index: inout Index, operations: [Operation],
        probe: any AllocationProbe
    ) -> Result {
        var result = Result()
        result.widthChange = timeWidthChanges(&index, operations: operations)
        // Inserts, each followed by a remove at the same place.
        var one = [0.0]
        for operation in operations {
            let start = MonotonicClock.now()
            insert(&index, operation, using: &one)
            let inserted = MonotonicClock.now()
            remove(&index, operation)
            let removed = MonotonicClock.now()
            result.insert.record(inserted &- start)
            result.remove.record(removed &- inserted)
        }
        // Allocation pass over the width changes.
        result.allocations =
            probe.measure {
                for operation in operations { widthChange(&index, operation) }
            }.figures
        result.operationsCounted = operations.count
        return result
    }
}
