import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// Titles "t0", "t1", ... from a source (tab `i` has ID `i`).
struct NumberedTitles: TabSource {
    var tabCount: Int
    func id(ofTab index: Int) -> Int { index }
    func title(ofTab index: Int) -> String? { "t\(index)" }
    func index(ofID id: Int) -> Int? { id >= 0 && id < tabCount ? id : nil }
}

/// A tab as a host's channel list holds it.
struct Channel: Hashable {
    var id: Int
    var name: String
}

/// The two kinds of strip every list test runs on: titles stored, or
/// titles (and IDs) from a source.
enum StripKind: CaseIterable, Sendable {
    case stored, source

    /// A strip of `list` of this kind; a source strip has every tab
    /// measured, so that it is comparable with a rebuilt stored strip.
    func strip(_ list: [Channel], sizing: TabSizing = .measured(), viewport: Viewport, selectedIndex: Int = 0)
        throws -> TabStrip
    {
        switch self {
        case .stored:
            return try TabStrip(
                tabs: list, id: \.id, title: \.name, sizing: sizing, viewport: viewport, selectedIndex: selectedIndex)
        case .source:
            var strip = try TabStrip(
                source: Self.source(list), sizing: sizing, estimate: .width(64), viewport: viewport,
                selectedIndex: selectedIndex)
            try strip.measurePendingTabs(limit: .max)
            return strip
        }
    }

    /// The changes from `strip` to `next`, found the way this kind takes
    /// a list.
    func changes(_ strip: TabStrip, to next: [Channel]) throws -> TabListChanges {
        switch self {
        case .stored:
            // An array is read in place; any other collection element by
            // element: lists of odd length take that way.
            guard next.count % 2 == 1 else { return try strip.changes(to: next, id: \.id, title: \.name) }
            return try strip.changes(to: next.lazy.map { $0 }, id: \.id, title: \.name)
        case .source: return try strip.changes(toSource: Self.source(next))
        }
    }

    static func source(_ list: [Channel]) -> ListSource {
        ListSource(titles: list.map(\.name), ids: list.map(\.id), lends: list.count % 2 == 0)
    }
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

    @Test(arguments: [TabSizing.measured(), .equalDivision(spacing: 0, minimum: 60)], StripKind.allCases)
    func randomListsMatchARebuildFromScratch(sizing: TabSizing, kind: StripKind) throws {
        for seedOffset in UInt64(0)..<60 {
            let seed = TestSeed.value(default: 0x7AB1_1570 &+ seedOffset)
            var lists = ChannelLists(seed: seed)
            var list = lists.fresh(Int.random(in: 0..<50, using: &lists.generator))
            var badges: [Int: TabBadge] = [:]
            let host = RecordingHost()
            let strip = try kind.strip(list, sizing: sizing, viewport: Self.viewport)
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

                let changes = try kind.changes(before, to: next)
                #expect(changes.oldCount == list.count && changes.newCount == next.count, "\(note)")
                #expect(changes.moveCount == Self.fewestMoves(old: list, new: next), "\(note): moves")
                try virtualizer.apply(changes)
                // The strip keeps the new list's IDs, in order.
                for (j, channel) in next.enumerated() {
                    #expect(try virtualizer.strip.id(ofTab: j, as: Int.self) == channel.id, "\(note): ID of \(j)")
                    #expect(virtualizer.strip.index(ofID: channel.id) == j, "\(note): index of \(channel.id)")
                }
                #expect(throws: TabStripError.staleTabListChanges) { try virtualizer.apply(changes) }
                if kind == .source { try virtualizer.measurePendingTabs(limit: .max) }
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
                    try other.measurePendingTabs(limit: .max)
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

    /// Applying through a tab bar in random states (mid-drag, mid-jump,
    /// mid-fling, host detached), on both kinds of strip: cached pages stay
    /// with their tabs' IDs and kept pages are not loaded again.
    @Test(arguments: StripKind.allCases)
    func pagesFollowTheirTabsThroughATabBar(kind: StripKind) throws {
        for seedOffset in UInt64(0)..<40 {
            let seed = TestSeed.value(default: 0x9A6E_5000 &+ seedOffset)
            var lists = ChannelLists(seed: seed)
            var list = lists.fresh(Int.random(in: 1..<50, using: &lists.generator))
            let host = RecordingHost()
            let pages = IdentifiedPages()
            pages.box.ids = list.map(\.id)
            let bar = try TabBar<RecordingHost, IdentifiedPages>(
                strip: kind.strip(list, viewport: Self.viewport), host: host,
                pages: TabBarPages(width: 400, provider: pages, budget: 7, preloadRadius: 1), poolLimit: 2)
            var t = 1.0
            for step in 0..<30 {
                let note = "seed \(seed) step \(step)"
                let count = bar.strip.tabCount
                if count > 0 {
                    switch Int.random(in: 0..<6, using: &lists.generator) {
                    case 0: try bar.tapTab(Int.random(in: 0..<count, using: &lists.generator), at: t)
                    case 1:
                        try bar.beginPageDrag(at: t)
                        try bar.movePageDrag(
                            translation: Double.random(in: -300...300, using: &lists.generator), at: t)
                    case 2:
                        try bar.dragStrip(to: Double.random(in: 0...2_000, using: &lists.generator), at: t)
                        try bar.releaseStrip(velocityPerSecond: 3_000, at: t + 0.01)
                        t += 0.01
                    case 3: bar.host = Bool.random(using: &lists.generator) ? nil : host
                    default: break
                    }
                    t += Double.random(in: 0...0.1, using: &lists.generator)
                    try bar.advance(to: t)
                }
                let next = lists.successor(of: list)
                let changes = try kind.changes(bar.strip, to: next)
                let keptIDs = Set(list.map(\.id)).intersection(next.map(\.id))
                let liveKeptBefore = bar.livePages.indices.filter { keptIDs.contains(list[$0].id) }.count
                let jumpTargetID = bar.pageJump.map { list[$0.to].id }
                bar.provider.box.ids = next.map(\.id)
                try bar.apply(changes, at: t)
                bar.sync._checkInvariants()
                // Every live page is the page of the tab now at its index.
                for index in bar.livePages.indices {
                    let page = bar.page(at: index)
                    #expect(page == next[index].id, "\(note): page at \(index) belongs to \(page ?? -1)")
                }
                let liveKeptAfter = bar.livePages.indices.filter { keptIDs.contains(next[$0].id) }.count
                #expect(
                    liveKeptAfter >= Swift.min(liveKeptBefore, bar.livePages.budget - 3), "\(note): kept pages lost")
                if let selected = bar.strip.selectedIndex, bar.pageJump == nil, !next.isEmpty,
                    case .idle = bar.sync.pager.phase
                {
                    #expect(bar.currentPage == selected, "\(note): pager on another page")
                }
                // Runs on to rest without throwing; a jump lands on its tab.
                for _ in 0..<4 {
                    t += 0.1
                    try bar.advance(to: t)
                }
                if let jumpTargetID, let target = next.firstIndex(where: { $0.id == jumpTargetID }) {
                    #expect(
                        bar.strip.selectedIndex == target, "\(note): the jump to \(jumpTargetID) did not land on it")
                }
                list = next
            }
        }
    }

    /// An animated selection of a tab bar without pages, under way when a
    /// new list arrives, lands that tab where the same call without
    /// animation puts it.
    @Test(arguments: StripKind.allCases)
    func aSelectionAnimationKeepsItsTab(kind: StripKind) throws {
        for seedOffset in UInt64(0)..<40 {
            let seed = TestSeed.value(default: 0x5C2_0000 &+ seedOffset)
            var lists = ChannelLists(seed: seed)
            let list = lists.fresh(Int.random(in: 20..<200, using: &lists.generator))
            let bar = try TabBar<RecordingHost, NoPages>(
                strip: kind.strip(list, viewport: Self.viewport), host: RecordingHost())
            let tab = Int.random(in: 0..<list.count, using: &lists.generator)
            try bar.select(tab, at: 1)
            try bar.advance(to: 1.1)
            var next = lists.successor(of: list)
            if !next.contains(where: { $0.id == list[tab].id }) { next.insert(list[tab], at: 0) }
            try bar.apply(kind.changes(bar.strip, to: next), at: 1.15)
            try bar.advance(to: 1.2)
            try bar.advance(to: 1.5)
            #expect(!bar.needsFrames, "seed \(seed)")
            let target = try #require(next.firstIndex { $0.id == list[tab].id })
            let expected = try bar.strip.targetContentOffset(forSelecting: target, scroll: .center)
            #expect(
                bar.strip.selectedIndex == target && bar.strip.contentOffset == expected,
                "seed \(seed): offset \(bar.strip.contentOffset), expected \(expected)")
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
            var strip = try TabStrip(tabs: list, id: \.id, title: \.name, viewport: Self.viewport, selectedIndex: 3)
            let changes = try strip.changes(to: next, id: \.id, title: \.name)
            #expect(changes.moveCount == Self.fewestMoves(old: list, new: next), "seed \(seed): moves")
            #expect(changes.removalCount == 200 && changes.insertionCount == 300, "seed \(seed)")
            let expected = Self.expectedSelection(old: list, new: next, selected: 3)
            try strip.apply(changes)
            try Self.expectMatches(
                strip, Self.rebuilt(next, sizing: .measured(), badges: [:], selected: expected), "seed \(seed)")
            var repeated = next
            repeated[1_200].id = repeated[5].id
            #expect(throws: TabStripError.duplicateTabID(name: "tabs", id: "\(next[5].id)", index: 1_200)) {
                try strip.changes(to: repeated, id: \.id, title: \.name)
            }
            // A repeat in a shuffled list (the hashing path).
            var shuffled = next.shuffled(using: &lists.generator)
            shuffled[900].id = shuffled[100].id
            do {
                _ = try strip.changes(to: shuffled, id: \.id, title: \.name)
                Issue.record("seed \(seed): a repeated ID in a shuffled list was accepted")
            } catch {
                guard case .duplicateTabID("tabs", "\(shuffled[100].id)", let index) = error,
                    [100, 900].contains(index)
                else { return #expect(Bool(false), "seed \(seed): \(error)") }
            }
        }
    }

    @Test func badInputThrowsANamedErrorAndChangesNothing() throws {
        let list = (0..<10).map { Channel(id: $0, name: "t\($0)") }
        var strip = try TabStrip(tabs: list, id: \.id, title: \.name, viewport: Self.viewport, selectedIndex: 3)
        let before = strip
        var duplicate = list
        duplicate.append(Channel(id: 4, name: "again"))
        #expect(throws: TabStripError.duplicateTabID(name: "tabs", id: "4", index: 10)) {
            try strip.changes(to: duplicate, id: \.id, title: \.name)
        }
        let inserted = [Channel(id: 99, name: "x"), Channel(id: 99, name: "y")]
        #expect(throws: TabStripError.duplicateTabID(name: "tabs", id: "99", index: 1)) {
            try strip.changes(to: inserted, id: \.id, title: \.name)
        }
        var early = list
        early.insert(Channel(id: 7, name: "again"), at: 0)
        #expect(throws: TabStripError.duplicateTabID(name: "tabs", id: "7", index: 0)) {
            try strip.changes(to: early, id: \.id, title: \.name)
        }
        // IDs of another type, or a strip without IDs.
        #expect(
            throws: TabStripError.tabIDsUnavailable(operation: "changes(to:id:title:)", asked: "String", kept: "Int")
        ) {
            try strip.changes(to: list, id: \.name, title: \.name)
        }
        #expect(
            throws: TabStripError.tabIDsUnavailable(operation: "id(ofTab:as:)", asked: "Optional<Int>", kept: "Int")
        ) {
            try strip.id(ofTab: 0, as: Int?.self)
        }
        let anonymous = try TabStrip(titles: list.map(\.name), viewport: Self.viewport)
        #expect(throws: TabStripError.tabIDsUnavailable(operation: "changes(to:id:title:)", asked: "Int", kept: nil)) {
            try anonymous.changes(to: list, id: \.id, title: \.name)
        }
        #expect(throws: TabStripError.tabIDsUnavailable(operation: "id(ofTab:as:)", asked: "Int", kept: nil)) {
            try anonymous.id(ofTab: 0, as: Int.self)
        }
        // Tabs without IDs are refused by a strip that keeps them; IDs a
        // tab has are refused too.
        #expect(throws: TabStripError.tabIDsRequired(operation: "insertTabs(_:at:)")) {
            try strip.insertTabs(["x"], at: 0)
        }
        #expect(throws: TabStripError.duplicateTabID(name: "tabs", id: "3", index: 0)) {
            try strip.insertTabs([Channel(id: 3, name: "again")], id: \.id, title: \.name, at: 0)
        }
        // Changes computed before another edit are stale.
        let changes = try strip.changes(to: list.reversed(), id: \.id, title: \.name)
        try strip.setBadge(.dot, ofTab: 2)
        let badged = strip
        #expect(throws: TabStripError.staleTabListChanges) { try strip.apply(changes) }
        #expect(strip.titles == badged.titles && strip.selectedIndex == badged.selectedIndex)
        #expect(before.tabCount == strip.tabCount)
        // A source whose count or IDs changed between compare and apply.
        final class Box: @unchecked Sendable { var ids = Array(0..<10) }
        struct Changing: TabSource {
            let box: Box
            var tabCount: Int { box.ids.count }
            func id(ofTab index: Int) -> Int { box.ids[index] }
            func title(ofTab index: Int) -> String? { "t\(index)" }
            func index(ofID id: Int) -> Int? { box.ids.firstIndex(of: id) }
        }
        let box = Box()
        box.ids[9] = 50
        var sourced = try TabStrip(source: NumberedTitles(tabCount: 10), estimate: .width(80), viewport: Self.viewport)
        let sourceChanges = try sourced.changes(toSource: Changing(box: box))
        box.ids[9] = 51
        let saved = sourced
        #expect(throws: TabStripError.sourceChanged(index: 9)) { try sourced.apply(sourceChanges) }
        #expect(sourced.tabCount == saved.tabCount && sourced.index(ofID: 9) == 9)
        #expect(
            TabStripError.duplicateTabID(name: "tabs", id: "4", index: 10).description
                == "duplicate tab ID 4 at tabs[10]: every tab in a list needs its own ID")
    }

    /// An apply that fails after the changes were checked (a measurer
    /// that refuses a new title) leaves the strip as it was: a stored
    /// list's apply measures every width before it changes anything, and
    /// the IDs are edited last and put back when anything fails. Above
    /// 256 tabs no copy of the strip is kept (in checked builds too), so
    /// nothing would put back a width edited in place.
    @Test(arguments: [(200, 1), (200, 40), (3_000, 40), (3_000, 600)])
    func aFailedApplyLeavesTheStrip(tabs: Int, changedTabs: Int) throws {
        struct Refusing: TitleMeasurer {
            func width(of title: String) -> Double { title.hasPrefix("bad") ? .nan : Double(title.count) * 8 }
        }
        let list = (0..<tabs).map { Channel(id: $0, name: "t\($0)") }
        var strip = try TabStrip(
            tabs: list, id: \.id, title: \.name, sizing: .measured(by: Refusing()), viewport: Self.viewport)
        _ = try strip.setContentOffset(strip.contentOffsetRange.upperBound / 3)
        var next = Array(list.dropFirst(changedTabs))
        // The refused title last, after every other new one.
        next.append(
            contentsOf: (0..<changedTabs).map {
                Channel(id: 100_000 + $0, name: $0 == changedTabs - 1 ? "bad" : "n\($0)")
            })
        let changes = try strip.changes(to: next, id: \.id, title: \.name)
        let (titles, offset) = (Array(strip.titles), strip.contentOffset)
        let frames = try (0..<tabs).map { i throws(TabStripError) in try strip.frame(ofTab: i) }
        #expect(throws: TabStripError.self) { try strip.apply(changes) }
        #expect(Array(strip.titles) == titles && strip.contentOffset == offset)
        #expect(try (0..<tabs).map { i throws(TabStripError) in try strip.frame(ofTab: i) } == frames)
        for channel in list {
            #expect(strip.index(ofID: channel.id) == channel.id, "index of \(channel.id)")
            #expect(try strip.id(ofTab: channel.id, as: Int.self) == channel.id)
        }
        #expect(strip.index(ofID: 100_000) == nil)
        strip._checkInvariants()
    }

    @Test func movesAreTheFewestThatReorderTheKeptTabs() throws {
        let list = (0..<8).map { Channel(id: $0, name: "t\($0)") }
        let strip = try TabStrip(tabs: list, id: \.id, title: \.name, viewport: Self.viewport)
        // One tab moved to the front: one move, not seven.
        var moved = list
        moved.insert(moved.remove(at: 6), at: 0)
        let one = try strip.changes(to: moved, id: \.id, title: \.name)
        #expect(one.moveCount == 1 && one.insertionCount == 0 && one.removalCount == 0 && one.renameCount == 0)
        let reversed = try strip.changes(to: list.reversed(), id: \.id, title: \.name)
        #expect(reversed.moveCount == 7)
        let same = try strip.changes(to: list, id: \.id, title: \.name)
        #expect(same.isEmpty && same.changeCount == 0)
        var renamed = list
        renamed[2].name = "new"
        renamed.remove(at: 5)
        renamed.append(Channel(id: 50, name: "t1"))
        let mixed = try strip.changes(to: renamed, id: \.id, title: \.name)
        #expect(mixed.renameCount == 1 && mixed.removalCount == 1 && mixed.insertionCount == 1 && mixed.moveCount == 0)
        #expect(mixed.newIndex(ofOldIndex: 5) == nil && mixed.newIndex(ofOldIndex: 6) == 5)
        #expect(mixed.oldIndex(ofNewIndex: 7) == nil && mixed.oldIndex(ofNewIndex: 2) == 2)
    }

    /// The two ways of applying (edits per run and one pass) give the same
    /// strip, at a size where both are taken, for the widths (edited one
    /// by one or block by block) and for the titles (edited, or taken
    /// from the list).
    @Test func editingAndRebuildingAgree() throws {
        var lists = ChannelLists(seed: TestSeed.value(default: 0x5EED_A991))
        let list = lists.fresh(40_000)
        var strip = try TabStrip(tabs: list, id: \.id, title: \.name, viewport: Self.viewport)
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
            let changes = try applied.changes(to: next, id: \.id, title: \.name)
            try applied.apply(changes)
            let reference = try Self.rebuilt(next, sizing: .measured(), badges: [:], selected: applied.selectedIndex)
            try Self.expectMatches(applied, reference, "step \(step), \(changes.changeCount) changes")
        }
        _ = strip
    }
}
