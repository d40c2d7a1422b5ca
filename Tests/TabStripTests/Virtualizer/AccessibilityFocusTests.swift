import TabStripTestSupport
import Testing

@testable import TabStripCore

/// The screen reader's focus against a model that knows each tab by an
/// identity: seeded sequences of focus moves (by 1, 10, 100 and far, to a
/// tab, out of range), edits (insert, remove, move, replace all), scrolls
/// and selections, on strips measured eagerly and strips of estimated
/// widths, checked after every step: the focus stays on its tab through
/// edits (or takes the documented fallback), a move lands where the model
/// says, shows the tab in the viewport, measured, and announces its title,
/// badge, position and selection; a refused move changes nothing.
@Suite struct AccessibilityFocusTests {
    typealias Virtualizer = TabStripVirtualizer<RecordingHost>

    struct Session {
        var rng: SeededGenerator
        let seed: UInt64
        let virtualizer: Virtualizer
        /// Tab identities in order; the title of identity `id` is `"t\(id)"`.
        var ids: [Int]
        var nextID: Int
        var focusID: Int?
        /// The host's model, when the strip's titles come from it.
        let source: ChannelModel?
        var failures: [String] = []

        static func title(_ id: Int) -> String { "t\(id)" + String(repeating: "宽", count: id % 5) }

        init(seed: UInt64) throws {
            self.seed = seed
            var rng = SeededGenerator(seed: seed)
            let count = [1, 2, 37, 900, 5_000][Int.random(in: 0..<5, using: &rng)]
            let initial = Array(0..<count)
            ids = initial
            nextID = count
            let titles = initial.map(Self.title)
            var layout = TabStripLayout()
            layout.direction = Bool.random(using: &rng) ? .leftToRight : .rightToLeft
            let viewport = Viewport(width: [160, 390][Int.random(in: 0..<2, using: &rng)], height: 44)
            let strip: TabStrip
            if Bool.random(using: &rng) {
                strip = try TabStrip(
                    tabs: initial, id: { $0 }, title: { Self.title($0) }, layout: layout, viewport: viewport)
                source = nil
            } else {
                let model = ChannelModel(titles, ids: initial)
                strip = try TabStrip(
                    source: model, estimate: .width(Double.random(in: 20...90, using: &rng)),
                    layout: layout, viewport: viewport)
                source = model
            }
            virtualizer = try Virtualizer(strip: strip, host: RecordingHost())
            self.rng = rng
        }

        var strip: TabStrip { virtualizer.strip }

        mutating func fail(_ text: String) { failures.append("seed \(seed): \(text)") }

        /// The model's focus as an index.
        var focusIndex: Int? { focusID.flatMap { ids.firstIndex(of: $0) } }

        mutating func step(_ k: Int) throws {
            let n = ids.count
            switch Int.random(in: 0..<10, using: &rng) {
            case 0, 1, 2, 3:
                let move: TabFocusMove
                let expected: Int?
                let start = focusIndex ?? strip.selectedIndex ?? 0
                if Bool.random(using: &rng) {
                    let step = [1, -1, 10, -10, 100, -100, Int.max, Int.min, 0][Int.random(in: 0..<9, using: &rng)]
                    move = .by(step)
                    let (sum, overflow) = start.addingReportingOverflow(step)
                    expected = n == 0 ? nil : overflow ? (step > 0 ? n - 1 : 0) : min(max(sum, 0), n - 1)
                } else {
                    let index = [Int.random(in: 0..<max(n, 1), using: &rng), -1, n][Int.random(in: 0..<3, using: &rng)]
                    move = .to(index)
                    expected = (0..<n).contains(index) ? index : nil
                }
                let offset = strip.contentOffset
                let focus = virtualizer.accessibilityFocus
                do {
                    let said = try virtualizer.moveAccessibilityFocus(move)
                    guard let expected else { return fail("step \(k): \(move) did not throw") }
                    focusID = ids[expected]
                    try expectShown(expected, said, "step \(k): \(move)")
                } catch {
                    if expected != nil { fail("step \(k): \(move) threw \(error)") }
                    if strip.contentOffset != offset || virtualizer.accessibilityFocus != focus {
                        fail("step \(k): the refused \(move) changed the strip or the focus")
                    }
                }
            case 4 where n < 6_000:
                let at = Int.random(in: 0...n, using: &rng)
                let added = (0..<Int.random(in: 1...30, using: &rng)).map { _ -> Int in
                    nextID += 1
                    return nextID
                }
                ids.insert(contentsOf: added, at: at)
                try virtualizer.insertTabs(added, id: { $0 }, title: { Self.title($0) }, at: at)
            case 5 where n > 0:
                let lower = Int.random(in: 0..<n, using: &rng)
                let range = lower..<min(n, lower + Int.random(in: 1...40, using: &rng))
                let focus = focusIndex
                ids.removeSubrange(range)
                if let focus, range.contains(focus) {
                    // The first tab after the removed ones, or the last.
                    focusID = ids.isEmpty ? nil : ids[min(range.lowerBound, ids.count - 1)]
                }
                try virtualizer.removeTabs(in: range)
            case 6 where n > 1:
                let source = Int.random(in: 0..<n, using: &rng)
                let destination = Int.random(in: 0..<n, using: &rng)
                ids.insert(ids.remove(at: source), at: destination)
                try virtualizer.moveTab(from: source, to: destination)
            case 7:
                // A whole new list by ID: the focus follows its tab, or goes
                // where the selection's rule sends a removed tab.
                let count = Int.random(in: 0...60, using: &rng)
                let fresh = (0..<count).map { _ in
                    nextID += 1
                    return nextID
                }
                var list = Array(ids.shuffled(using: &rng).prefix(Int.random(in: 0...ids.count, using: &rng)))
                list.insert(contentsOf: fresh, at: Int.random(in: 0...list.count, using: &rng))
                let changes =
                    source == nil
                    ? try virtualizer.strip.changes(to: list, id: { $0 }, title: { Self.title($0) })
                    : try virtualizer.strip.changes(toSource: ChannelModel(list.map(Self.title), ids: list))
                let focus = focusIndex
                try virtualizer.apply(changes)
                ids = list
                focusID = focus.flatMap { changes.survivor(ofOldIndex: $0) }.map { ids[$0] }
            case 8 where n > 0:
                try virtualizer.select(Int.random(in: 0..<n, using: &rng), scroll: .center)
            default:
                let range = strip.contentOffsetRange
                try virtualizer.setContentOffset(Double.random(in: range.lowerBound...range.upperBound, using: &rng))
            }
            if virtualizer.accessibilityFocus != focusIndex {
                fail(
                    "step \(k): focus \(String(describing: virtualizer.accessibilityFocus)), model \(String(describing: focusIndex))"
                )
            }
            virtualizer._checkInvariants()
        }

        mutating func expectShown(_ index: Int, _ said: TabAccessibility, _ note: String) throws {
            if virtualizer.accessibilityFocus != index {
                fail("\(note): focus \(String(describing: virtualizer.accessibilityFocus)), expected \(index)")
            }
            let expected = TabAccessibility(
                label: Self.title(ids[index]), value: nil, role: .tab, isSelected: index == strip.selectedIndex,
                position: index + 1, count: ids.count)
            if said != expected { fail("\(note): said \(said), expected \(expected)") }
            let selected = index == strip.selectedIndex ? ", selected" : ""
            let text =
                "\(Self.title(ids[index])), tab \(StripModel.grouped(index + 1)) of \(StripModel.grouped(ids.count))\(selected)"
            if said.announcement != text { fail("\(note): announced \(said.announcement), expected \(text)") }
            if !(try strip.isMeasured(tab: index)) { fail("\(note): the focused tab is not measured") }
            if !virtualizer.visibleTabs.contains(index) { fail("\(note): the focused tab has no cell") }
            // Shown whole when it fits, with the reveal margin when that fits.
            let frame = try strip.frame(ofTab: index)
            let left = frame.minX - strip.contentOffset
            let right = frame.maxX - strip.contentOffset
            if frame.width <= strip.viewport.width, left < -1e-9 || right > strip.viewport.width + 1e-9 {
                fail("\(note): the focused tab at \(left)...\(right) is not in the viewport")
            }
        }
    }

    @Test func focusFollowsItsTabAndMovesShowIt() throws {
        for seed in ModelScale.seeds(160, salt: 0xACCE_5510) {
            var session = try Session(seed: seed)
            for k in 0..<60 {
                try session.step(k)
                if !session.failures.isEmpty { break }
            }
            for failure in session.failures.prefix(4) { Issue.record(Comment(rawValue: failure)) }
        }
    }

    @Test func announcementsSayTitleBadgePositionAndSelection() throws {
        var strip = try TabStrip(
            titles: ["推荐", "关注", "同城"], viewport: Viewport(width: 390, height: 44), selectedIndex: 1)
        try strip.setBadge(.count(3), ofTab: 0)
        try strip.setBadge(.dot, ofTab: 1)
        #expect(try strip.accessibility(ofTab: 0).announcement == "推荐, 3, tab 1 of 3")
        #expect(try strip.accessibility(ofTab: 1).announcement == "关注, new, tab 2 of 3, selected")
        #expect(try strip.accessibility(ofTab: 2).announcement == "同城, tab 3 of 3")
    }

    @Test func aScreenReaderWalksAHundredThousandTabs() throws {
        let strip = try TabStrip(
            titles: (0..<100_000).map { "频道 \($0)" }, viewport: Viewport(width: 390, height: 44), selectedIndex: 2)
        let virtualizer = try TabStripVirtualizer(strip: strip, host: RecordingHost())
        // A swipe down on the strip's adjustable element, then a rotor step of 100:
        var said = try virtualizer.moveAccessibilityFocus(.by(1))
        #expect(said.announcement == "频道 3, tab 4 of 100,000")
        said = try virtualizer.moveAccessibilityFocus(.by(100))
        #expect(said.announcement == "频道 103, tab 104 of 100,000")
        // "Go to tab 100,000", then activate: the host selects the focused tab.
        said = try virtualizer.moveAccessibilityFocus(.to(99_999))
        #expect(said.announcement == "频道 99999, tab 100,000 of 100,000")
        try virtualizer.select(try #require(virtualizer.accessibilityFocus), scroll: .reveal)
        #expect(try virtualizer.strip.accessibility(ofTab: 99_999).isSelected)
        #expect(virtualizer.visibleTabs.contains(99_999))
        #expect(throws: TabStripError.indexOutOfRange(index: 100_000, count: 100_000)) {
            try virtualizer.moveAccessibilityFocus(.to(100_000))
        }
        #expect(virtualizer.reuseCounters.created < 30)
    }
}
