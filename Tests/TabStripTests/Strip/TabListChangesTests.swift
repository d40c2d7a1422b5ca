import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// Titles "t0", "t1", ... from a source.
struct NumberedTitles: TabTitleSource {
    func title(ofTab index: Int) -> String? { "t\(index)" }
}

/// A tab as a host's channel list holds it.
struct Channel: Hashable {
    var id: Int
    var name: String
}

/// A page provider whose pages are the ID of the tab they were loaded for,
/// so a test can check that every cached page still sits at its tab.
struct IdentifiedPages: PageProvider {
    final class Box {
        var ids: [Int] = []
        var loads = 0
    }
    let box = Box()
    mutating func loadPage(at index: Int) -> Int {
        box.loads += 1
        return box.ids[index]
    }
    mutating func preloadPage(at index: Int) -> Int {
        box.loads += 1
        return box.ids[index]
    }
    mutating func evictPage(_ page: Int, at index: Int) {}
}

/// Random channel lists and their successors: removals, insertions with
/// fresh IDs, moves and renames, titles drawn from a small pool so they
/// repeat (IDs never do).
struct ChannelLists {
    var generator: SeededGenerator
    var nextID = 0
    static let names = ["推荐", "热点", "视频", "体育", "财经", "科技", "Live", "Music", "a", "", "国际新闻频道"]

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    mutating func fresh(_ count: Int) -> [Channel] {
        (0..<count).map { _ in
            nextID += 1
            return Channel(id: nextID, name: Self.names.randomElement(using: &generator)!)
        }
    }

    mutating func successor(of list: [Channel]) -> [Channel] {
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: return fresh(Int.random(in: 0..<40, using: &generator))
        case 1: return list.shuffled(using: &generator)
        case 2: return []
        default: break
        }
        var next = list
        let edits = Int.random(in: 0...6, using: &generator)
        for _ in 0..<edits {
            switch Int.random(in: 0..<4, using: &generator) {
            case 0 where !next.isEmpty:
                let start = Int.random(in: 0..<next.count, using: &generator)
                let end = Swift.min(next.count, start + Int.random(in: 1...3, using: &generator))
                next.removeSubrange(start..<end)
            case 1:
                let at = Int.random(in: 0...next.count, using: &generator)
                next.insert(contentsOf: fresh(Int.random(in: 1...3, using: &generator)), at: at)
            case 2 where !next.isEmpty:
                let tab = next.remove(at: Int.random(in: 0..<next.count, using: &generator))
                next.insert(tab, at: Int.random(in: 0...next.count, using: &generator))
            case 3 where !next.isEmpty:
                let k = Int.random(in: 0..<next.count, using: &generator)
                next[k].name = Self.names.randomElement(using: &generator)!
            default:
                break
            }
        }
        return next
    }
}

@Suite struct TabListChangesTests {
    static let viewport = Viewport(width: 320, height: 44)

    /// The selection the documented rule gives: the same tab when kept,
    /// else the first kept tab after it in the old order, else the last
    /// kept tab before it, else the first tab (none when empty).
    static func expectedSelection(old: [Channel], new: [Channel], selected: Int?) -> Int? {
        guard !new.isEmpty else { return nil }
        guard let selected else { return 0 }
        let position = Dictionary(uniqueKeysWithValues: new.enumerated().map { ($1.id, $0) })
        for k in selected..<old.count { if let j = position[old[k].id] { return j } }
        for k in stride(from: selected - 1, through: 0, by: -1) { if let j = position[old[k].id] { return j } }
        return 0
    }

    /// The fewest kept tabs to move: the kept tabs minus a longest
    /// increasing run of their old positions in new order (quadratic).
    static func fewestMoves(old: [Channel], new: [Channel]) -> Int {
        let position = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1.id, $0) })
        let kept = new.compactMap { position[$0.id] }
        var longest = [Int](repeating: 1, count: kept.count)
        for b in kept.indices {
            for a in 0..<b where kept[a] < kept[b] { longest[b] = Swift.max(longest[b], longest[a] + 1) }
        }
        return kept.count - (longest.max() ?? 0)
    }

    /// The strip a host would build from scratch for `list`, with the
    /// badges of `badges` (by ID) and the tab `selected`.
    static func rebuilt(_ list: [Channel], sizing: TabSizing, badges: [Int: TabBadge], selected: Int?) throws
        -> TabStrip
    {
        var strip = try TabStrip(
            titles: list.map(\.name), sizing: sizing, viewport: viewport, selectedIndex: selected ?? 0)
        for (j, channel) in list.enumerated() {
            if let badge = badges[channel.id] { try strip.setBadge(badge, ofTab: j) }
        }
        return strip
    }

    /// Checks the strip against the rebuilt reference: the same titles,
    /// widths, badges and selection.
    static func expectMatches(_ strip: TabStrip, _ reference: TabStrip, _ note: String) throws {
        #expect(strip.tabCount == reference.tabCount, "\(note): count")
        #expect(Array(strip.titles) == Array(reference.titles), "\(note): titles")
        #expect(strip.selectedIndex == reference.selectedIndex, "\(note): selection")
        #expect(strip.badgedTabs == reference.badgedTabs, "\(note): badged tabs")
        for j in 0..<strip.tabCount {
            let a = try strip.frame(ofTab: j).width
            let b = try reference.frame(ofTab: j).width
            if a != b {
                Issue.record("\(note): tab \(j) is \(a) wide, rebuilt \(b)")
                return
            }
            if try strip.badge(ofTab: j) != reference.badge(ofTab: j) {
                Issue.record("\(note): tab \(j) badge")
                return
            }
        }
    }

    @Test(arguments: [TabSizing.measured(), .equalDivision(spacing: 0, minimum: 60)])
    func randomListsMatchARebuildFromScratch(sizing: TabSizing) throws {
        for seedOffset in UInt64(0)..<60 {
            let seed = TestSeed.value(default: 0x7AB1_1570 &+ seedOffset)
            var lists = ChannelLists(seed: seed)
            var list = lists.fresh(Int.random(in: 0..<50, using: &lists.generator))
            var badges: [Int: TabBadge] = [:]
            let host = RecordingHost()
            let strip = try TabStrip(titles: list.map(\.name), sizing: sizing, viewport: Self.viewport)
            let virtualizer = try TabStripVirtualizer(strip: strip, host: host, poolLimit: 2)
            for step in 0..<25 {
                let note = "seed \(seed) step \(step)"
                // Random state: a scroll, a badge, a selection.
                if virtualizer.strip.tabCount > 0 {
                    let range = virtualizer.strip.contentOffsetRange
                    try virtualizer.setContentOffset(
                        Double.random(in: range.lowerBound...range.upperBound, using: &lists.generator))
                    let k = Int.random(in: 0..<virtualizer.strip.tabCount, using: &lists.generator)
                    if Bool.random(using: &lists.generator) {
                        let badge: TabBadge = Bool.random(using: &lists.generator) ? .dot : .count(k)
                        try virtualizer.setBadge(badge, ofTab: k)
                        badges[list[k].id] = badge
                    } else {
                        try virtualizer.select(k, scroll: .none)
                    }
                }
                let next = lists.successor(of: list)
                let before = virtualizer.strip
                let shownBefore = Dictionary(
                    uniqueKeysWithValues: virtualizer.visibleTabs.map { (list[$0].id, virtualizer.cell(ofTab: $0)!) })
                let configuresBefore = host.configures

                let changes = try before.changes(from: list.map(\.id), to: next, id: \.id, title: \.name)
                #expect(changes.oldCount == list.count && changes.newCount == next.count, "\(note)")
                #expect(changes.moveCount == Self.fewestMoves(old: list, new: next), "\(note): moves")
                try virtualizer.apply(changes)
                virtualizer._checkInvariants()
                #expect(host.protocolViolations.isEmpty, "\(note): \(host.protocolViolations)")

                let expected = Self.expectedSelection(old: list, new: next, selected: before.selectedIndex)
                let reference = try Self.rebuilt(
                    next, sizing: sizing, badges: badges.filter { id, _ in next.contains { $0.id == id } },
                    selected: expected)
                try Self.expectMatches(virtualizer.strip, reference, note)
                // Both ways of applying give that strip.
                for rebuilding in [false, true] {
                    var other = before
                    try other.apply(changes, rebuilding: rebuilding)
                    try Self.expectMatches(other, reference, "\(note), rebuilding \(rebuilding)")
                    let drift = (other.contentOffset - virtualizer.strip.contentOffset).magnitude
                    #expect(drift < 1e-6, "\(note), rebuilding \(rebuilding): offset \(other.contentOffset)")
                }

                // Cells: kept tabs still in view keep their cell, configured
                // again only when the title or the selected state changed.
                var expectedConfigures = 0
                for j in virtualizer.visibleTabs {
                    let cell = try #require(virtualizer.cell(ofTab: j))
                    #expect(cell.content?.title == next[j].name, "\(note): cell of tab \(j) shows another title")
                    if let kept = shownBefore[next[j].id] {
                        #expect(kept === cell, "\(note): tab \(j) got a new cell")
                        let old = try #require(list.firstIndex { $0.id == next[j].id })
                        if list[old].name != next[j].name || (old == before.selectedIndex) != (j == expected) {
                            expectedConfigures += 1
                        }
                    } else {
                        expectedConfigures += 1
                    }
                }
                #expect(host.configures - configuresBefore == expectedConfigures, "\(note): configures")

                // The screen stays still when nothing before the first tab
                // in view changed.
                let inView = try before.geometry.visibleTabs(atContentOffset: before.contentOffset, overscan: 0)
                if let first = inView.first, first < next.count,
                    Array(list[...first]) == Array(next[...first]), case .measured = sizing.rule
                {
                    let was = try before.frame(ofTab: first).minX - before.contentOffset
                    let now = try virtualizer.strip.frame(ofTab: first).minX - virtualizer.strip.contentOffset
                    let range = virtualizer.strip.contentOffsetRange
                    let clamped = [range.lowerBound, range.upperBound].contains(virtualizer.strip.contentOffset)
                    #expect(was == now || clamped, "\(note): tab \(first) moved on screen from \(was) to \(now)")
                }
                list = next
            }
        }
    }

    /// Applying through a `PagerSync` in random states (mid-drag, mid-jump,
    /// mid-fling, host detached): cached pages stay with their tabs' IDs
    /// and kept pages are not loaded again.
    @Test func pagesFollowTheirTabsThroughAPagerSync() throws {
        for seedOffset in UInt64(0)..<40 {
            let seed = TestSeed.value(default: 0x9A6E_5000 &+ seedOffset)
            var lists = ChannelLists(seed: seed)
            var list = lists.fresh(Int.random(in: 1..<50, using: &lists.generator))
            let host = RecordingHost()
            let strip = try TabStrip(titles: list.map(\.name), viewport: Self.viewport)
            let virtualizer = try TabStripVirtualizer(strip: strip, host: host, poolLimit: 2)
            let pages = IdentifiedPages()
            pages.box.ids = list.map(\.id)
            let sync = try PagerSync(
                virtualizer: virtualizer, pageWidth: 400, provider: pages, pageBudget: 7, preloadRadius: 1)
            var t = 1.0
            for step in 0..<30 {
                let note = "seed \(seed) step \(step)"
                let count = sync.strip.tabCount
                if count > 0 {
                    switch Int.random(in: 0..<6, using: &lists.generator) {
                    case 0: try sync.tapTab(Int.random(in: 0..<count, using: &lists.generator), at: t)
                    case 1:
                        try sync.beginPageDrag(at: t)
                        try sync.movePageDrag(
                            translation: Double.random(in: -300...300, using: &lists.generator), at: t)
                    case 2:
                        try sync.dragStrip(to: Double.random(in: 0...2_000, using: &lists.generator), at: t)
                        try sync.releaseStrip(velocityPerSecond: 3_000, at: t + 0.01)
                        t += 0.01
                    case 3: virtualizer.host = Bool.random(using: &lists.generator) ? nil : host
                    default: break
                    }
                    t += Double.random(in: 0...0.1, using: &lists.generator)
                    try sync.advance(to: t)
                }
                let next = lists.successor(of: list.isEmpty ? lists.fresh(3) : list)
                let old = sync.strip.tabCount == list.count ? list : []
                guard sync.strip.tabCount == old.count else { continue }
                let changes = try sync.strip.changes(from: old.map(\.id), to: next, id: \.id, title: \.name)
                let keptIDs = Set(old.map(\.id)).intersection(next.map(\.id))
                let liveKeptBefore = sync.pageCache.liveIndicesByRecency.filter { keptIDs.contains(old[$0].id) }.count
                let jumpTargetID = sync.jump.map { old[$0.to].id }
                sync.provider.box.ids = next.map(\.id)
                try sync.apply(changes, at: t)
                sync._checkInvariants()
                // Every live page is the page of the tab now at its index.
                for index in sync.pageCache.liveIndicesByRecency {
                    let page = try sync.pageCache.page(at: index)
                    #expect(page == next[index].id, "\(note): page at \(index) belongs to \(page ?? -1)")
                }
                let liveKeptAfter = sync.pageCache.liveIndicesByRecency.filter { keptIDs.contains(next[$0].id) }
                    .count
                #expect(
                    liveKeptAfter >= Swift.min(liveKeptBefore, sync.pageCache.budget - 3), "\(note): kept pages lost")
                if let selected = sync.strip.selectedIndex, sync.jump == nil, !next.isEmpty {
                    if case .idle = sync.pager.phase {
                        #expect(sync.pager.currentPage == selected, "\(note): pager on another page")
                    }
                }
                // Runs on to rest without throwing; a jump lands on its tab.
                for _ in 0..<4 {
                    t += 0.1
                    try sync.advance(to: t)
                }
                if let jumpTargetID, let target = next.firstIndex(where: { $0.id == jumpTargetID }) {
                    #expect(
                        sync.strip.selectedIndex == target, "\(note): the jump to \(jumpTargetID) did not land on it")
                }
                list = next
            }
        }
    }

    /// A `StripScroller` animating to a tab when a new list arrives lands
    /// that tab where the same call without animation puts it.
    @Test func aScrollAnimationKeepsItsTab() throws {
        for seedOffset in UInt64(0)..<40 {
            let seed = TestSeed.value(default: 0x5C2_0000 &+ seedOffset)
            var lists = ChannelLists(seed: seed)
            let list = lists.fresh(Int.random(in: 20..<200, using: &lists.generator))
            let strip = try TabStrip(titles: list.map(\.name), viewport: Self.viewport)
            let virtualizer = try TabStripVirtualizer(strip: strip, host: RecordingHost())
            let scroller = try StripScroller(virtualizer: virtualizer)
            let tab = Int.random(in: 0..<list.count, using: &lists.generator)
            try scroller.select(tab, scroll: .center, at: 1)
            try scroller.advance(to: 1.1)
            var next = lists.successor(of: list)
            if !next.contains(where: { $0.id == list[tab].id }) { next.insert(list[tab], at: 0) }
            let changes = try virtualizer.strip.changes(from: list.map(\.id), to: next, id: \.id, title: \.name)
            try scroller.apply(changes, at: 1.15)
            try scroller.advance(to: 1.2)
            try scroller.advance(to: 1.5)
            #expect(!scroller.needsFrames, "seed \(seed)")
            let target = try #require(next.firstIndex { $0.id == list[tab].id })
            let expected = try virtualizer.strip.targetContentOffset(forSelecting: target, scroll: .center)
            #expect(
                virtualizer.strip.selectedIndex == target && virtualizer.strip.contentOffset == expected,
                "seed \(seed): offset \(virtualizer.strip.contentOffset), expected \(expected)")
        }
    }

    /// Lists that differ in most tabs take the path that hashes every tab
    /// (past n / 8 tabs waiting): same result, same errors.
    @Test func listsThatDifferInMostTabsMatchARebuild() throws {
        for seedOffset in UInt64(0)..<6 {
            let seed = TestSeed.value(default: 0xD1FF_0000 &+ seedOffset)
            var lists = ChannelLists(seed: seed)
            let list = lists.fresh(1_500)
            var next = list.shuffled(using: &lists.generator)
            next.removeLast(200)
            next.insert(contentsOf: lists.fresh(300), at: 700)
            for k in stride(from: 0, to: next.count, by: 7) { next[k].name = "renamed" }
            var strip = try TabStrip(titles: list.map(\.name), viewport: Self.viewport, selectedIndex: 3)
            let changes = try strip.changes(from: list.map(\.id), to: next, id: \.id, title: \.name)
            #expect(changes.moveCount == Self.fewestMoves(old: list, new: next), "seed \(seed): moves")
            #expect(changes.removalCount == 200 && changes.insertionCount == 300, "seed \(seed)")
            let expected = Self.expectedSelection(old: list, new: next, selected: 3)
            try strip.apply(changes)
            try Self.expectMatches(
                strip, Self.rebuilt(next, sizing: .measured(), badges: [:], selected: expected), "seed \(seed)")
            var repeated = next
            repeated[1_200].id = repeated[5].id
            #expect(throws: TabStripError.duplicateTabID(name: "newTabs", id: "\(next[5].id)", index: 1_200)) {
                try strip.changes(from: next.map(\.id), to: repeated, id: \.id, title: \.name)
            }
            // A repeat in a shuffled list (the hashing path).
            var shuffled = next.shuffled(using: &lists.generator)
            shuffled[900].id = shuffled[100].id
            do {
                _ = try strip.changes(from: next.map(\.id), to: shuffled, id: \.id, title: \.name)
                Issue.record("seed \(seed): a repeated ID in a shuffled list was accepted")
            } catch {
                guard case .duplicateTabID("newTabs", "\(shuffled[100].id)", let index) = error,
                    [100, 900].contains(index)
                else { return #expect(Bool(false), "seed \(seed): \(error)") }
            }
        }
    }

    @Test func badInputThrowsANamedErrorAndChangesNothing() throws {
        let list = (0..<10).map { Channel(id: $0, name: "t\($0)") }
        var strip = try TabStrip(titles: list.map(\.name), viewport: Self.viewport, selectedIndex: 3)
        let before = strip
        var duplicate = list
        duplicate.append(Channel(id: 4, name: "again"))
        #expect(throws: TabStripError.duplicateTabID(name: "newTabs", id: "4", index: 10)) {
            try strip.changes(from: list.map(\.id), to: duplicate, id: \.id, title: \.name)
        }
        let inserted = [Channel(id: 99, name: "x"), Channel(id: 99, name: "y")]
        #expect(throws: TabStripError.duplicateTabID(name: "newTabs", id: "99", index: 1)) {
            try strip.changes(from: list.map(\.id), to: inserted, id: \.id, title: \.name)
        }
        #expect(throws: TabStripError.duplicateTabID(name: "oldIDs", id: "0", index: 9)) {
            try strip.changes(from: [0, 1, 2, 3, 4, 5, 6, 7, 8, 0], to: list, id: \.id, title: \.name)
        }
        #expect(throws: TabStripError.countMismatch(expected: 10, actual: 3)) {
            try strip.changes(from: [1, 2, 3], to: list, id: \.id, title: \.name)
        }
        // The same checks once the strip remembers the list it applied.
        try strip.apply(strip.changes(from: list.map(\.id), to: list, id: \.id, title: \.name))
        #expect(strip.rememberedIdentities(as: TabIdentities<Int>.self) != nil)
        #expect(throws: TabStripError.duplicateTabID(name: "newTabs", id: "4", index: 10)) {
            try strip.changes(from: list.map(\.id), to: duplicate, id: \.id, title: \.name)
        }
        var early = list
        early.insert(Channel(id: 7, name: "again"), at: 0)
        #expect(throws: TabStripError.duplicateTabID(name: "newTabs", id: "7", index: 0)) {
            try strip.changes(from: list.map(\.id), to: early, id: \.id, title: \.name)
        }
        #expect(throws: TabStripError.duplicateTabID(name: "oldIDs", id: "0", index: 9)) {
            try strip.changes(from: [0, 1, 2, 3, 4, 5, 6, 7, 8, 0], to: list, id: \.id, title: \.name)
        }
        let changes = try strip.changes(from: list.map(\.id), to: list.reversed(), id: \.id, title: \.name)
        try strip.setBadge(.dot, ofTab: 2)
        #expect(strip.rememberedIdentities(as: TabIdentities<Int>.self) == nil)
        let badged = strip
        #expect(throws: TabStripError.staleTabListChanges) { try strip.apply(changes) }
        #expect(strip.titles == badged.titles && strip.selectedIndex == badged.selectedIndex)
        #expect(before.tabCount == strip.tabCount)

        let source = try TabStrip(
            tabCount: 10, titleSource: NumberedTitles(), estimate: .width(80), viewport: Self.viewport)
        #expect(throws: TabStripError.titlesNotStored(operation: "changes(from:to:id:title:)")) {
            try source.changes(from: list.map(\.id), to: list, id: \.id, title: \.name)
        }
        #expect(
            TabStripError.duplicateTabID(name: "newTabs", id: "4", index: 10).description
                == "duplicate tab ID 4 at newTabs[10]: every tab in a list needs its own ID")
    }

    @Test func movesAreTheFewestThatReorderTheKeptTabs() throws {
        let list = (0..<8).map { Channel(id: $0, name: "t\($0)") }
        let strip = try TabStrip(titles: list.map(\.name), viewport: Self.viewport)
        // One tab moved to the front: one move, not seven.
        var moved = list
        moved.insert(moved.remove(at: 6), at: 0)
        let one = try strip.changes(from: list.map(\.id), to: moved, id: \.id, title: \.name)
        #expect(one.moveCount == 1 && one.insertionCount == 0 && one.removalCount == 0 && one.renameCount == 0)
        let reversed = try strip.changes(from: list.map(\.id), to: list.reversed(), id: \.id, title: \.name)
        #expect(reversed.moveCount == 7)
        let same = try strip.changes(from: list.map(\.id), to: list, id: \.id, title: \.name)
        #expect(same.isEmpty && same.changeCount == 0)
        var renamed = list
        renamed[2].name = "new"
        renamed.remove(at: 5)
        renamed.append(Channel(id: 50, name: "t1"))
        let mixed = try strip.changes(from: list.map(\.id), to: renamed, id: \.id, title: \.name)
        #expect(mixed.renameCount == 1 && mixed.removalCount == 1 && mixed.insertionCount == 1 && mixed.moveCount == 0)
        #expect(mixed.newIndex(ofOldIndex: 5) == nil && mixed.newIndex(ofOldIndex: 6) == 5)
        #expect(mixed.oldIndex(ofNewIndex: 7) == nil && mixed.oldIndex(ofNewIndex: 2) == 2)
    }

    /// The two ways of applying (edits per run and one pass) give the same
    /// strip, at a size where both are taken.
    @Test func editingAndRebuildingAgree() throws {
        var lists = ChannelLists(seed: TestSeed.value(default: 0x5EED_A991))
        let list = lists.fresh(5_000)
        var strip = try TabStrip(titles: list.map(\.name), viewport: Self.viewport)
        try strip.setContentOffset(20_000)
        for step in 0..<8 {
            var next = list
            for _ in 0..<(step * step * 3 + 1) {
                switch Int.random(in: 0..<3, using: &lists.generator) {
                case 0: next.remove(at: Int.random(in: 0..<next.count, using: &lists.generator))
                case 1:
                    next.insert(contentsOf: lists.fresh(1), at: Int.random(in: 0...next.count, using: &lists.generator))
                default: next[Int.random(in: 0..<next.count, using: &lists.generator)].name = "renamed"
                }
            }
            var applied = strip
            let changes = try applied.changes(from: list.map(\.id), to: next, id: \.id, title: \.name)
            try applied.apply(changes)
            let reference = try Self.rebuilt(next, sizing: .measured(), badges: [:], selected: applied.selectedIndex)
            try Self.expectMatches(applied, reference, "step \(step), \(changes.changeCount) changes")
        }
        _ = strip
    }
}
