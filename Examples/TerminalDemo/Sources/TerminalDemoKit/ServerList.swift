import TabStrip

/// The channel list a server sends (`u`): the list the strip shows, as a
/// snapshot, with the tabs around the view shuffled (three moved), one
/// removed, two inserted and one renamed. A ``TabSource``, so that even ten
/// million tabs are compared by ID without a copy of the list: it reads the
/// tabs it keeps from the strip value it was made from (a `TabStrip` is a
/// value: the snapshot does not change when the bar goes on).
///
/// The list is runs of the snapshot's tabs and tabs of its own (inserted or
/// renamed), each run at its place; IDs and titles are read through them.
struct ServerList: TabSource {
    /// A run of the new list.
    enum Run {
        /// Tabs of the snapshot, in order.
        case kept(Range<Int>)
        /// A tab of the server's own: new, or renamed (an ID the snapshot
        /// has, with another title).
        case own(id: Int, title: String)

        var count: Int {
            switch self {
            case .kept(let range): return range.count
            case .own: return 1
            }
        }
    }

    let snapshot: TabStrip
    let runs: [Run]
    /// `starts[k]` is the index of run `k`'s first tab.
    let starts: [Int]
    let tabCount: Int

    /// The list `strip` shows, edited around the tabs `shown` (a seeded
    /// generator: a scripted session repeats exactly); new tabs take IDs
    /// from `nextID` on.
    init(showing strip: TabStrip, editedAround shown: Range<Int>, seed: UInt64, nextID: inout Int) {
        snapshot = strip
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(Swift.max(bound, 1)))
        }
        // The tabs around the view, as a small list of single runs; the
        // rest of the snapshot as two long runs around them.
        let count = strip.tabCount
        let window = Swift.max(0, shown.lowerBound - 2)..<Swift.min(count, shown.upperBound + 2)
        var middle: [Run] = window.map { .kept($0..<($0 + 1)) }
        func near() -> Int { random(middle.count + 1) }
        for _ in 0..<3 where middle.count > 1 {
            let tab = middle.remove(at: Swift.min(near(), middle.count - 1))
            middle.insert(tab, at: Swift.min(near(), middle.count))
        }
        if middle.count > 1 { middle.remove(at: Swift.min(near(), middle.count - 1)) }
        for _ in 0..<2 {
            middle.insert(.own(id: nextID, title: DemoTitles.title(nextID)), at: Swift.min(near(), middle.count))
            nextID += 1
        }
        let renamed = Swift.min(near(), middle.count - 1)
        if case .kept(let range) = middle[renamed], let id = try? strip.id(ofTab: range.lowerBound, as: Int.self) {
            middle[renamed] = .own(id: id, title: DemoTitles.title(nextID))
            nextID += 1
        }
        var runs: [Run] = []
        if window.lowerBound > 0 { runs.append(.kept(0..<window.lowerBound)) }
        runs += middle
        if window.upperBound < count { runs.append(.kept(window.upperBound..<count)) }
        var starts: [Int] = []
        var total = 0
        for run in runs {
            starts.append(total)
            total += run.count
        }
        self.runs = runs
        self.starts = starts
        tabCount = total
    }

    /// The run holding tab `index`, and the tab's offset in it.
    private func run(holding index: Int) -> (run: Run, offset: Int) {
        var low = 0
        var high = starts.count
        while high - low > 1 {
            let mid = (low + high) / 2
            if starts[mid] <= index { low = mid } else { high = mid }
        }
        return (runs[low], index - starts[low])
    }

    func id(ofTab index: Int) -> Int {
        switch run(holding: index) {
        case (.kept(let range), let offset):
            return (try? snapshot.id(ofTab: range.lowerBound + offset, as: Int.self)) ?? -1
        case (.own(let id, _), _): return id
        }
    }

    func title(ofTab index: Int) -> String? {
        switch run(holding: index) {
        case (.kept(let range), let offset): return snapshot.titles[range.lowerBound + offset]
        case (.own(_, let title), _): return title
        }
    }

    func index(ofID id: Int) -> Int? {
        for (k, run) in runs.enumerated() {
            if case .own(let own, _) = run, own == id { return starts[k] }
        }
        guard let old = snapshot.index(ofID: id) else { return nil }
        for (k, run) in runs.enumerated() {
            if case .kept(let range) = run, range.contains(old) { return starts[k] + (old - range.lowerBound) }
        }
        return nil
    }
}
