import BenchInstruments
import TabStrip
import TabStripTestSupport

/// The width-index benchmarks: a width change, an insert or a remove on a width index, each followed by the range query
/// of the next frame, the work a strip's layout does when a badge changes a tab's width or a tab comes or goes. Generic
/// over the engine's indices, so `TabWidths` and the flat prefix-sum index `FlatTabWidths` replay the same operations.
package enum WidthEdits {
    /// One edit and the query after it.
    package struct Operation: Sendable {
        var index: Int
        var width: Double
        var offset: Double
    }

    /// The kinds of edit, named as their figures are.
    package enum Kind: String, CaseIterable, Sendable {
        case widthChange = "width-change"
        case insert, remove
    }

    /// The window of the range query after each edit: a 390 pt viewport plus 2 × 60 pt overscan.
    static let window = 510.0

    /// Widths uniform in 56–255 pt for `tabs` tabs and `count` operations
    /// on them, from the streams `widths` and `operations`.
    static func inputs(
        tabs: Int, count: Int, seed: UInt64, widths: String, operations: String
    ) -> (widths: [Double], operations: [Operation]) {
        var random = SeededGenerator(seed: seed, stream: widths)
        let values = (0..<tabs).map { _ in Double(56 + random.next(below: 200)) }
        let contentWidth = values.reduce(0, +)
        random = SeededGenerator(seed: seed, stream: operations)
        let edits = (0..<count).map { _ in
            Operation(
                index: random.next(below: Swift.max(1, tabs)), width: Double(56 + random.next(below: 200)),
                offset: random.nextUnit() * Swift.max(0, contentWidth - 510))
        }
        return (values, edits)
    }

    @inline(__always)
    static func widthChange<Index: TabWidthIndex>(_ index: inout Index, _ operation: Operation) {
        try? index.setWidth(operation.width, ofTab: operation.index)
        blackHole(try? index.tabs(overlapping: operation.offset, length: window))
    }

    /// An insert of one width (through `one`) at `operation.index`, then the next range query.
    @inline(__always)
    static func insert<Index: TabWidthIndex>(_ index: inout Index, _ operation: Operation, using one: inout [Double]) {
        one[0] = operation.width
        try? index.insertTabs(widths: one, at: operation.index)
        blackHole(try? index.tabs(overlapping: operation.offset, length: window))
    }

    @inline(__always)
    static func remove<Index: TabWidthIndex>(_ index: inout Index, _ operation: Operation) {
        try? index.removeTabs(in: operation.index..<(operation.index + 1))
        blackHole(try? index.tabs(overlapping: operation.offset, length: window))
    }

    /// An index the edits of every kind replay on, in turn.
    final class Shared<Index: TabWidthIndex> {
        var index: Index?
        init(_ index: Index) { self.index = index }
    }

    /// The benchmark's body: every operation as an edit of `kind` with the next query, measured; an insert is undone
    /// and a remove prepared, unmeasured, so the index keeps its tab count.
    struct Edits<Index: TabWidthIndex>: Operations {
        let kind: Kind
        let shared: Shared<Index>
        let operations: [Operation]

        func run<M: Measure>(_ measure: inout M) {
            // Moved out of the box, so the edits work on storage of their own.
            guard var index = shared.index.take() else { return }
            var one = [0.0]
            for operation in operations {
                switch kind {
                case .widthChange: measure.measure(false) { widthChange(&index, operation) }
                case .insert:
                    measure.measure(false) { insert(&index, operation, using: &one) }
                    remove(&index, operation)
                case .remove:
                    insert(&index, operation, using: &one)
                    measure.measure(false) { remove(&index, operation) }
                }
            }
            shared.index = index
        }
    }

    /// The edits of `kind` on `shared` as a benchmark named `name`, one operation each.
    static func workload<Index: TabWidthIndex>(
        _ kind: Kind, _ shared: Shared<Index>, _ operations: [Operation], name: String = ""
    ) -> Workload {
        Workload(
            name, operations: operations.count, each: true, Edits(kind: kind, shared: shared, operations: operations))
    }

    /// The three benchmarks on `index`, named `KIND-plus-query-LABEL`, after one unmeasured edit of each kind (which
    /// copies storage the index shares with the array it was built from).
    static func workloads<Index: TabWidthIndex>(_ index: Index, operations: [Operation], label: String) -> [Workload] {
        let shared = Shared(index)
        if let first = operations.first {
            for kind in Kind.allCases { workload(kind, shared, [first]).run() }
        }
        return Kind.allCases.map { workload($0, shared, operations, name: "\($0.rawValue)-plus-query-\(label)") }
    }

    /// Per-operation timings of each kind, and the width changes' allocations counted in a pass of their own.
    struct Timed {
        var histograms: [Kind: LatencyHistogram] = [:]
        var allocations = AllocationFigures(allocations: nil, bytes: nil)
        var operations = 0
    }

    static func time<Index: TabWidthIndex>(_ kind: Kind, _ shared: Shared<Index>, operations: [Operation])
        -> LatencyHistogram
    {
        var histogram = LatencyHistogram()
        workload(kind, shared, operations).time { _, elapsed in histogram.record(elapsed) }
        return histogram
    }

    /// Times every kind's benchmark on `shared`, then counts the allocations of a pass of width changes.
    static func measure<Index: TabWidthIndex>(
        _ shared: Shared<Index>, operations: [Operation], probe: any AllocationProbe
    ) -> Timed {
        var timed = Timed(operations: operations.count)
        for kind in Kind.allCases { timed.histograms[kind] = time(kind, shared, operations: operations) }
        timed.allocations = probe.measure(workload(.widthChange, shared, operations).run).figures
        return timed
    }
}
