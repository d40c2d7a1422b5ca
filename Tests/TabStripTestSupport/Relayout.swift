import TabStripCore

/// A source of `tabCount` tabs whose IDs are their indices and whose titles are made from them when asked
/// (`Channel 12`): none is stored, as an app's source over a database reads a row when the strip asks for it.
package struct NumberedSource: TabSource {
    package let tabCount: Int
    package init(tabCount: Int) { self.tabCount = tabCount }
    package func id(ofTab index: Int) -> Int { index }
    package func title(ofTab index: Int) -> String? { index >= 0 && index < tabCount ? "Channel \(index)" : nil }
    package func index(ofID id: Int) -> Int? { id >= 0 && id < tabCount ? id : nil }
}

/// The relayouts an app makes often: a font change (Dynamic Type), a rotation, a switch to right to left.
package enum Relayout: String, CaseIterable, Sendable {
    case sizing, viewport, direction

    /// Makes this relayout on `strip`: `sizing` the new sizing, the viewport rotated from 390 to 844 pt, or the
    /// layout switched to right to left.
    package func apply(to strip: inout TabStrip, sizing: TabSizing) throws(TabStripError) {
        switch self {
        case .sizing:
            try strip.setSizing(sizing)
        case .viewport:
            try strip.setViewport(Viewport(width: 844, height: 44))
        case .direction:
            var layout = strip.layout
            layout.direction = .rightToLeft
            try strip.setLayout(layout)
        }
    }
}

/// A measurer that counts the titles it measures (9 pt a character), and keeps the last ones, so that a test or a
/// benchmark can say how many tabs a change measured, and which. Not for use from two threads at once.
package final class CountingMeasurer: TitleMeasurer, @unchecked Sendable {
    package var calls = 0
    /// The titles measured since ``reset()``, up to ``kept`` of them.
    package private(set) var titles: [String] = []
    package let kept = 64
    package init() {}
    package func width(of title: String) -> Double {
        calls += 1
        if titles.count < kept { titles.append(title) }
        return 9 * Double(title.count)
    }
    /// Starts counting from 0 (the kept titles' storage stays, so that measuring allocates nothing).
    package func reset() {
        calls = 0
        titles.removeAll(keepingCapacity: true)
        titles.reserveCapacity(kept)
    }
}

/// A ``NumberedSource`` of `count` tabs after a server's update: `percent` % of its tabs changed, split equally between
/// removals, insertions (IDs from `count` up), moves and renames (`Channel 12 (new)`), each at a random place; plus,
/// around tab `around`, a rename of the tab after it and an insertion before it, so that changes stand in view there.
/// Its IDs are lent side by side, as a source over an array of rows lends them.
package struct EditedNumberedSource: TabSource {
    package let ids: [Int]
    /// The number of tabs before the update (an ID from it up is an inserted tab's).
    package let oldCount: Int
    /// The IDs whose title changed.
    package let renamed: Set<Int>

    package init(count: Int, percent: Int, around: Int, seed: UInt64) {
        var random = SeededGenerator(seed: seed, stream: "edited-source-\(count)-\(percent)")
        let quarter = count * percent / 100 / 4
        // Distinct tabs to remove, move and rename, none next to `around`.
        var picked = Set<Int>()
        while picked.count < 3 * quarter {
            let tab = random.next(below: count)
            if abs(tab - around) > 2 { picked.insert(tab) }
        }
        let chosen = picked.sorted()
        var shuffled = chosen
        for k in shuffled.indices.dropLast() { shuffled.swapAt(k, k + random.next(below: shuffled.count - k)) }
        // What leaves each old tab's place: 1 removed, 2 moved.
        var leaves = [UInt8](repeating: 0, count: count)
        for tab in shuffled.prefix(quarter) { leaves[tab] = 1 }
        let moved = Array(shuffled.dropFirst(quarter).prefix(quarter))
        for tab in moved { leaves[tab] = 2 }
        var renamed = Set(shuffled.dropFirst(2 * quarter))
        renamed.insert(around + 1)
        var arriving = moved + (0..<quarter).map { count + 1 + $0 }
        for k in arriving.indices.dropLast() { arriving.swapAt(k, k + random.next(below: arriving.count - k)) }
        let staying = count - 2 * quarter
        var positions = arriving.indices.map { _ in random.next(below: staying + 1) }
        positions.sort()
        var ids: [Int] = []
        ids.reserveCapacity(count + quarter + 1)
        var a = 0
        var kept = 0
        for tab in 0..<count where leaves[tab] == 0 {
            while a < positions.count, positions[a] <= kept {
                ids.append(arriving[a])
                a += 1
            }
            if tab == around { ids.append(count) }
            ids.append(tab)
            kept += 1
        }
        ids += arriving[a...]
        self.ids = ids
        self.renamed = renamed
        oldCount = count
    }

    package var tabCount: Int { ids.count }
    package func id(ofTab index: Int) -> Int { ids[index] }
    package func title(ofTab index: Int) -> String? {
        guard index >= 0, index < ids.count else { return nil }
        return renamed.contains(ids[index]) ? "Channel \(ids[index]) (new)" : "Channel \(ids[index])"
    }
    /// Whether `title` is one this source changed: an inserted tab's or a renamed one's.
    package func isChanged(title: String) -> Bool {
        title.hasSuffix(" (new)") || (Int(title.dropFirst("Channel ".count)).map { $0 >= oldCount } ?? false)
    }
    /// - Complexity: O(n) (a search: this source serves tests and benchmarks).
    package func index(ofID id: Int) -> Int? { ids.firstIndex(of: id) }
    package func withContiguousIDs<Result, Failure: Error>(
        ofTabs tabs: Range<Int>, _ body: (UnsafeBufferPointer<Int>) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        try ids[tabs].withUnsafeBufferPointer { (buffer) throws(Failure) -> Result in try body(buffer) }
    }
}
