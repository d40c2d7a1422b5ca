import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// Strips of 100,000 and 1,000,000 tabs, scrolled and edited near the
/// viewport, checked against a cheap oracle: the titles repeat a short
/// pattern, so any leading offset is a closed form over a handful of runs.
@Suite struct StripLargeTests {
    /// Widths with the default sizing: 72 72 72 88 48 152 104 (608 a period).
    static let pattern = ["推荐", "关注", "News", "Sports", "a", "World Cup 2026", "科技前沿"]

    static func width(_ title: String) -> Double { Double(StripModel.columns(title)) * 8 + 40 }

    /// The strip as runs: stretches of the repeating pattern (by position
    /// in the pattern's infinite sequence) and explicitly given titles.
    struct Oracle {
        enum Run {
            case pattern(Range<Int>)
            case explicit([String])

            var count: Int {
                switch self {
                case .pattern(let r): return r.count
                case .explicit(let t): return t.count
                }
            }

            var width: Double {
                switch self {
                case .pattern(let r): return Oracle.patternSum(r.upperBound) - Oracle.patternSum(r.lowerBound)
                case .explicit(let t): return t.reduce(0) { $0 + StripLargeTests.width($1) }
                }
            }

            func title(_ k: Int) -> String {
                switch self {
                case .pattern(let r): return StripLargeTests.pattern[(r.lowerBound + k) % StripLargeTests.pattern.count]
                case .explicit(let t): return t[k]
                }
            }

            func prefix(_ k: Int) -> Run {
                switch self {
                case .pattern(let r): return .pattern(r.lowerBound..<(r.lowerBound + k))
                case .explicit(let t): return .explicit(Array(t[..<k]))
                }
            }

            func suffix(from k: Int) -> Run {
                switch self {
                case .pattern(let r): return .pattern((r.lowerBound + k)..<r.upperBound)
                case .explicit(let t): return .explicit(Array(t[k...]))
                }
            }
        }

        static let prefixWidths: [Double] = pattern.reduce(into: [0]) {
            $0.append($0.last! + StripLargeTests.width($1))
        }

        /// The width of the first `k` tabs of the repeating pattern.
        static func patternSum(_ k: Int) -> Double {
            Double(k / pattern.count) * prefixWidths[pattern.count] + prefixWidths[k % pattern.count]
        }

        var runs: [Run]

        var count: Int { runs.reduce(0) { $0 + $1.count } }
        var totalWidth: Double { runs.reduce(0) { $0 + $1.width } }

        /// The run holding tab `i` and the tab's place in it.
        func locate(_ i: Int) -> (run: Int, offset: Int, before: Double) {
            var first = 0
            var before = 0.0
            for (r, run) in runs.enumerated() {
                if i < first + run.count { return (r, i - first, before) }
                first += run.count
                before += run.width
            }
            return (runs.count, 0, before)
        }

        func leadingOffset(_ i: Int) -> Double {
            let (r, k, before) = locate(i)
            return r == runs.count ? before : before + runs[r].prefix(k).width
        }

        func title(_ i: Int) -> String {
            let (r, k, _) = locate(i)
            return runs[r].title(k)
        }

        func frame(_ i: Int, height: Double) -> Rect {
            Rect(x: leadingOffset(i), y: 0, width: StripLargeTests.width(title(i)), height: height)
        }

        /// Splits the runs so that one starts at tab `i`; returns its index.
        mutating func split(at i: Int) -> Int {
            let (r, k, _) = locate(i)
            guard r < runs.count, k > 0 else { return r }
            let run = runs[r]
            runs.replaceSubrange(r...r, with: [run.prefix(k), run.suffix(from: k)])
            return r + 1
        }

        mutating func insert(_ titles: [String], at i: Int) {
            runs.insert(.explicit(titles), at: split(at: i))
        }

        mutating func remove(_ range: Range<Int>) {
            let lo = split(at: range.lowerBound)
            let hi = split(at: range.upperBound)
            runs.removeSubrange(lo..<hi)
        }

        mutating func rename(_ i: Int, _ title: String) {
            remove(i..<(i + 1))
            insert([title], at: i)
        }
    }

    static let viewport = Viewport(width: 390, height: 44)

    @Test(arguments: [100_000, 1_000_000])
    func scrollAndEditAHugeStrip(count: Int) throws {
        var rng = SeededGenerator(seed: UInt64(count))
        let titles = (0..<count).map { Self.pattern[$0 % Self.pattern.count] }
        var strip = try TabStrip(titles: titles, viewport: Self.viewport)
        var oracle = Oracle(runs: [.pattern(0..<count)])
        #expect(strip.tabCount == count)
        #expect(strip.contentWidth == oracle.totalWidth)
        #expect(try strip.accessibility(ofTab: 2).positionDescription == "3 of \(StripModel.grouped(count))")
        #expect(try strip.accessibility(ofTab: 999).positionDescription == "1,000 of \(StripModel.grouped(count))")
        var selected = 0

        func expectVisibleRange() throws {
            let n = oracle.count
            let start = strip.contentOffset - 60
            let end = strip.contentOffset + 390 + 60
            let visible = strip.visibleTabs
            #expect(
                !visible.isEmpty || strip.contentOffset < -60
                    || strip.contentOffset > strip.contentOffsetRange.upperBound)
            guard !visible.isEmpty else { return }
            let first = oracle.frame(visible.lowerBound, height: 44)
            let last = oracle.frame(visible.upperBound - 1, height: 44)
            #expect(first.maxX > start && last.minX < end, "range \(visible) at \(strip.contentOffset)")
            if visible.lowerBound > 0 { #expect(oracle.frame(visible.lowerBound - 1, height: 44).maxX <= start) }
            if visible.upperBound < n { #expect(oracle.frame(visible.upperBound, height: 44).minX >= end) }
            for i in [visible.lowerBound, visible.upperBound - 1, Int.random(in: visible, using: &rng)] {
                #expect(try strip.frame(ofTab: i) == oracle.frame(i, height: 44))
                #expect(strip.titles[i] == oracle.title(i))
            }
        }

        for round in 0..<40 {
            // Scroll somewhere (now and then past an end).
            let total = oracle.totalWidth
            let offset: Double =
                switch round % 8 {
                case 0: -Double(Int.random(in: 1...300, using: &rng))
                case 1: total - 390 + Double(Int.random(in: 1...300, using: &rng))
                default: Double(Int.random(in: 0...Int(total - 390) * 4, using: &rng)) / 4
                }
            try strip.setContentOffset(offset)
            try expectVisibleRange()

            // The anchor: the first tab overlapping the viewport.
            let inView = try strip.geometry.visibleTabs(atContentOffset: strip.contentOffset, overscan: 0)
            guard let anchor = inView.first else { continue }
            #expect(oracle.frame(anchor, height: 44).maxX > strip.contentOffset)
            if anchor > 0 { #expect(oracle.frame(anchor - 1, height: 44).maxX <= strip.contentOffset) }
            let distance = oracle.leadingOffset(anchor) - strip.contentOffset

            // Edit near the viewport.
            let n = oracle.count
            let at = min(n, max(0, Int.random(in: (inView.lowerBound - 2)...(inView.upperBound + 2), using: &rng)))
            let newAnchor: Int
            switch Int.random(in: 0..<3, using: &rng) {
            case 0:
                let added = (0..<Int.random(in: 1...4, using: &rng)).map { _ in Self.pattern.randomElement(using: &rng)!
                }
                try strip.insertTabs(added, at: at)
                oracle.insert(added, at: at)
                newAnchor = anchor >= at ? anchor + added.count : anchor
                if selected >= at { selected += added.count }
            case 1:
                let upper = min(n, at + Int.random(in: 1...5, using: &rng))
                let range = min(at, upper - 1)..<upper
                try strip.removeTabs(in: range)
                oracle.remove(range)
                newAnchor =
                    anchor < range.lowerBound
                    ? anchor : (anchor >= range.upperBound ? anchor - range.count : range.lowerBound)
                if selected >= range.upperBound {
                    selected -= range.count
                } else if selected >= range.lowerBound {
                    selected = range.lowerBound
                }
            default:
                let i = min(at, n - 1)
                let title = ["World Cup 2026 Final", "", "热", "Live 直播"].randomElement(using: &rng)!
                try strip.renameTab(i, to: title)
                oracle.rename(i, title)
                newAnchor = anchor
            }
            // The full consistency check is O(n) (80 ms at a million tabs
            // in debug): every round at 100,000, every tenth at 1,000,000.
            if count <= 100_000 || round % 10 == 9 { strip._checkInvariants() }
            #expect(strip.tabCount == oracle.count)
            #expect(strip.contentWidth == oracle.totalWidth)
            #expect(strip.selectedIndex == selected)
            // Scroll anchoring: the anchored tab keeps its distance unless
            // that would leave the content.
            let maxOffset = oracle.totalWidth - 390
            let expected = min(max(oracle.leadingOffset(newAnchor) - distance, 0), maxOffset)
            #expect(strip.contentOffset == expected, "round \(round)")
            try expectVisibleRange()
        }

        // Selecting a far tab: centred by the formula.
        let far = oracle.count / 2
        try strip.select(far)
        selected = far
        let f = oracle.frame(far, height: 44)
        #expect(strip.contentOffset == min(max(f.midX - 195, 0), oracle.totalWidth - 390))
        #expect(strip.indicatorFrame == Rect(x: f.minX + 20, y: 40, width: f.width - 40, height: 3))
        try expectVisibleRange()
        try strip.select(oracle.count - 1, scroll: .reveal)
        #expect(strip.contentOffset == oracle.totalWidth - 390)
        strip._checkInvariants()
    }
}
