import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// A page provider whose callbacks can call back into the tab bar.
struct HookedPages: PageProvider {
    enum Callback: String, CaseIterable { case load, preload, evict }
    final class Hooks {
        var onCallback: ((Callback) -> Void)?
        var loaded = 0
    }
    let hooks = Hooks()
    mutating func loadPage(at index: Int) -> Int {
        hooks.loaded += 1
        hooks.onCallback?(.load)
        return index
    }
    mutating func preloadPage(at index: Int) -> Int {
        hooks.onCallback?(.preload)
        return index
    }
    mutating func evictPage(_ page: Int, at index: Int) { hooks.onCallback?(.evict) }
}

@Suite struct TabBarEditTests {
    typealias Bar = TabBar<RecordingHost, HookedPages>

    static func makeBar(count: Int = 60, budget: Int = 5) throws -> (Bar, RecordingHost) {
        let host = RecordingHost()
        let strip = try TabStrip(
            tabs: 0..<count, id: { $0 }, title: { "tab \($0)" }, viewport: Viewport(width: 320, height: 44))
        let bar = try Bar(
            strip: strip, host: host,
            pages: TabBarPages(width: 400, provider: HookedPages(), budget: budget, preloadRadius: 1), poolLimit: 1)
        return (bar, host)
    }

    /// Brings everything to rest and checks the pager, the strip and the
    /// screen agree: the pager on the selected tab's page, that tab inside
    /// the viewport, the cells matching the strip.
    static func settle(_ bar: Bar, _ host: RecordingHost, from time: Double, _ note: String, onScreen: Bool = true)
        throws -> Double
    {
        var t = time
        try bar.cancelPageDrag(at: t)
        if bar.draggedTab != nil { try bar.cancelReorder(at: t) }
        if bar.sync.stripMotion == .dragging { try bar.releaseStrip(velocityPerSecond: 0, at: t) }
        // 0.1 s frames for 6 s: every jump, settle, animation and fling ends.
        for _ in 0..<60 {
            t += 0.1
            try bar.advance(to: t)
        }
        bar.sync._checkInvariants()
        #expect(!bar.needsFrames, "\(note): still moving")
        guard let selected = bar.strip.selectedIndex else {
            #expect(bar.strip.tabCount == 0, "\(note): no selection")
            return t
        }
        #expect(bar.currentPage == selected, "\(note): pager on \(bar.currentPage), selected \(selected)")
        let frame = try bar.strip.frame(ofTab: selected)
        let offset = bar.strip.contentOffset
        #expect(
            !onScreen || frame.minX >= offset - 1e-6 && frame.maxX <= offset + bar.strip.viewport.width + 1e-6,
            "\(note): selected tab \(selected) at \(frame) is off screen (offset \(offset))")
        try TabStripVirtualizerTests.expectScreenMatches(bar.virtualizer, host, note)
        return t
    }

    /// A tap's jump, then tabs inserted before its target: the jump goes on
    /// to its tab, at its new index, and lands there.
    @Test func insertDuringAJumpFollowsItsTab() throws {
        let (bar, host) = try Self.makeBar()
        try bar.tapTab(40, at: 0)
        try bar.advance(to: 0.05)
        try bar.insertTabs([100, 101, 102], id: { $0 }, title: { "new \($0)" }, at: 10, time: 0.05)
        #expect(bar.pageJump?.to == 43)
        _ = try Self.settle(bar, host, from: 0.06, "after the jump")
        #expect(bar.strip.titles[bar.strip.selectedIndex!] == "tab 40")
    }

    /// A page drag, then the page's tab moved: the drag goes on with its
    /// page at its new index, and settles in agreement with the strip.
    @Test func moveDuringADragFollowsItsPage() throws {
        let (bar, host) = try Self.makeBar()
        try bar.select(20, animated: false, at: 0)
        try bar.beginPageDrag(at: 0.1)
        try bar.movePageDrag(translation: -150, at: 0.12)
        try bar.advance(to: 0.12)
        try bar.moveTab(from: 20, to: 3, at: 0.12)
        #expect(bar.currentPage == 3 && bar.strip.selectedIndex == 3)
        try bar.endPageDrag(translation: -300, velocityPerMillisecond: -2, at: 0.13)
        _ = try Self.settle(bar, host, from: 0.13, "after the drag")
        #expect(bar.strip.selectedIndex == 4 && bar.strip.titles[3] == "tab 20")
    }

    /// Removing every tab mid-jump brings the bar to rest, empty (a sync
    /// once kept `needsFrames` true and failed every call); gestures on the
    /// empty bar come to rest too, and tabs inserted later bring the pages
    /// back.
    @Test func removingEveryTabMidJumpComesToRest() throws {
        let (bar, host) = try Self.makeBar()
        try bar.tapTab(40, at: 0)
        try bar.advance(to: 0.05)
        #expect(bar.needsFrames)
        try bar.removeTabs(in: 0..<60, at: 0.06)
        #expect(!bar.needsFrames)
        #expect(bar.pageJump == nil && bar.livePages.indices.isEmpty && bar.strip.selectedIndex == nil)
        bar.sync._checkInvariants()
        try bar.advance(to: 0.1)
        #expect(!bar.needsFrames)
        #expect(throws: TabStripError.indexOutOfRange(index: 0, count: 0)) { try bar.tapTab(0, at: 0.2) }
        try bar.beginPageDrag(at: 0.2)
        try bar.movePageDrag(translation: -100, at: 0.25)
        try bar.advance(to: 0.25)
        try bar.endPageDrag(translation: -100, velocityPerMillisecond: -2, at: 0.3)
        try bar.dragStrip(to: 50, at: 0.3)
        try bar.releaseStrip(velocityPerSecond: 500, at: 0.35)
        var t = 0.35
        for _ in 0..<30 {
            t += 0.1
            try bar.advance(to: t)
        }
        #expect(!bar.needsFrames)
        bar.sync._checkInvariants()
        try bar.insertTabs([7, 8, 9], id: { $0 }, title: { "back \($0)" }, at: 0, time: t)
        #expect(bar.sync.pager.pageCount == 3 && bar.currentPage == bar.strip.selectedIndex)
        _ = try Self.settle(bar, host, from: t, "after the tabs came back")
    }

    /// Seeded sequences of gestures, taps, frames and every kind of edit
    /// through the bar (down to no tabs at all), checked at every step: the
    /// invariants hold, the screen matches the strip, no call is refused
    /// for an edit (every edit keeps every part in step), an empty strip
    /// rests, and at rest the pager is on the selected tab.
    @Test func randomEditsDuringMotion() throws {
        // 800 sequences of 40 steps (32,000 operations) by default.
        for seed in ModelScale.seeds(800, salt: 0x5EED_0051) {
            var rng = SeededGenerator(seed: seed)
            let (bar, host) = try Self.makeBar(
                count: Int.random(in: 1...40, using: &rng), budget: Int.random(in: 5...9, using: &rng))
            var t = 0.0
            var nextID = 1_000
            for step in 0..<40 {
                let note = "seed \(seed) step \(step)"
                t += Double.random(in: 0...0.05, using: &rng)
                let n = bar.strip.tabCount
                var op = ""
                do throws(TabStripError) {
                    switch Int.random(in: 0..<12, using: &rng) {
                    case 0 where n > 0:
                        let tab = Int.random(in: 0..<n, using: &rng)
                        op = "tapTab(\(tab))"
                        try bar.tapTab(tab, at: t)
                    case 1:
                        op = "beginPageDrag"
                        try bar.beginPageDrag(at: t)
                    case 2:
                        op = "movePageDrag"
                        try bar.movePageDrag(translation: Double.random(in: -900...900, using: &rng), at: t)
                    case 3:
                        op = "endPageDrag"
                        try bar.endPageDrag(
                            translation: Double.random(in: -900...900, using: &rng),
                            velocityPerMillisecond: Double.random(in: -3...3, using: &rng), at: t)
                    case 4:
                        op = "insertTabs"
                        let added = Int.random(in: 1...3, using: &rng)
                        try bar.insertTabs(
                            Array(nextID..<(nextID + added)), id: { $0 }, title: { "ins \($0)" },
                            at: Int.random(in: 0...n, using: &rng), time: t)
                        nextID += added
                    case 5 where n > 0:
                        op = "removeTabs"
                        let a = Int.random(in: 0..<n, using: &rng)
                        let all = Int.random(in: 0..<8, using: &rng) == 0
                        try bar.removeTabs(
                            in: all ? 0..<n : a..<Swift.min(n, a + Int.random(in: 1...3, using: &rng)), at: t)
                    case 6 where n > 1:
                        op = "moveTab"
                        try bar.moveTab(
                            from: Int.random(in: 0..<n, using: &rng), to: Int.random(in: 0..<n, using: &rng), at: t)
                    case 7:
                        op = "apply"
                        // A new list from the server: some kept, some new.
                        var list = (0..<n).map { (try? bar.id(ofTab: $0, as: Int.self)) ?? -1 }
                        list.shuffle(using: &rng)
                        list.removeLast(Swift.min(list.count, Int.random(in: 0...3, using: &rng)))
                        list.append(contentsOf: nextID..<(nextID + Int.random(in: 0...3, using: &rng)))
                        nextID += 4
                        try bar.apply(bar.strip.changes(to: list, id: { $0 }, title: { "list \($0)" }), at: t)
                    case 8:
                        op = "dragStrip"
                        try bar.dragStrip(to: Double.random(in: -200...3_000, using: &rng), at: t)
                    case 9:
                        op = "releaseStrip"
                        try bar.releaseStrip(velocityPerSecond: Double.random(in: -3_000...3_000, using: &rng), at: t)
                    case 10 where n > 0:
                        op = "select"
                        try bar.select(Int.random(in: 0..<n, using: &rng), animated: Bool.random(using: &rng), at: t)
                    default:
                        op = "advance"
                        try bar.advance(to: t)
                    }
                } catch {
                    // Gesture refusals are return values; a throw is a bug.
                    Issue.record("\(note): \(op) at \(t): \(error)")
                }
                if bar.strip.tabCount == 0 {
                    // An empty strip is a resting state.
                    #expect(bar.pageJump == nil && bar.livePages.indices.isEmpty, "\(note): empty but not at rest")
                }
                bar.sync._checkInvariants()
                try TabStripVirtualizerTests.expectScreenMatches(bar.virtualizer, host, note)
            }
            if bar.strip.tabCount == 0 {
                try bar.insertTabs(CollectionOfOne(nextID), id: { $0 }, title: { _ in "again" }, at: 0, time: t)
            }
            _ = try Self.settle(bar, host, from: t, "seed \(seed) at the end", onScreen: false)
        }
    }

    /// The changes that reverse `strip`'s tabs (titles kept), found without
    /// changing anything.
    static func reversal(_ strip: TabStrip) throws(TabStripError) -> TabListChanges {
        let ids = (0..<strip.tabCount).compactMap { try? strip.id(ofTab: $0, as: Int.self) }
        return try strip.changes(to: ids.reversed(), id: { $0 }, title: { "tab \($0)" })
    }

    /// Every provider callback (and every host callback) calls every
    /// mutating call of the bar: refused with `reentrantCall`, no
    /// exclusivity abort, the state consistent after.
    @Test func providerAndHostCallbacksAgainstEveryMutatingCall() throws {
        typealias Inner = (name: String, call: (Bar) throws(TabStripError) -> Void)
        let inners: [Inner] = [
            ("advance(to:)", { b throws(TabStripError) in try b.advance(to: 50) }),
            ("beginPageDrag(at:)", { b throws(TabStripError) in try b.beginPageDrag(at: 50) }),
            (
                "movePageDrag(translation:at:)",
                { b throws(TabStripError) in try b.movePageDrag(translation: -10, at: 50) }
            ),
            (
                "endPageDrag(translation:velocityPerMillisecond:at:)",
                { b throws(TabStripError) in try b.endPageDrag(translation: -10, velocityPerMillisecond: 0, at: 50) }
            ),
            ("cancelPageDrag(at:)", { b throws(TabStripError) in try b.cancelPageDrag(at: 50) }),
            ("tapTab(_:at:)", { b throws(TabStripError) in try b.tapTab(3, at: 50) }),
            ("select(_:animated:at:)", { b throws(TabStripError) in try b.select(4, at: 50) }),
            ("reveal(_:scroll:animated:at:)", { b throws(TabStripError) in try b.reveal(12, at: 50) }),
            ("dragStrip(to:at:)", { b throws(TabStripError) in try b.dragStrip(to: 100, at: 50) }),
            (
                "releaseStrip(velocityPerSecond:at:)",
                { b throws(TabStripError) in try b.releaseStrip(velocityPerSecond: 100, at: 50) }
            ),
            ("setContentOffset(_:at:)", { b throws(TabStripError) in try b.setContentOffset(500, at: 50) }),
            (
                "insertTabs(_:id:title:at:time:)",
                { b throws(TabStripError) in try b.insertTabs([999], id: { $0 }, title: { _ in "x" }, at: 0, time: 50) }
            ),
            ("removeTabs(in:at:)", { b throws(TabStripError) in try b.removeTabs(in: 0..<b.strip.tabCount, at: 50) }),
            ("moveTab(from:to:at:)", { b throws(TabStripError) in try b.moveTab(from: 0, to: 5, at: 50) }),
            ("renameTab(_:to:)", { b throws(TabStripError) in try b.renameTab(2, to: "renamed") }),
            ("setBadge(_:ofTab:)", { b throws(TabStripError) in try b.setBadge(.dot, ofTab: 2) }),
            ("setPinnedTabs(_:)", { b throws(TabStripError) in try b.setPinnedTabs(PinnedTabs(leading: 1)) }),
            ("setLayout(_:)", { b throws(TabStripError) in try b.setLayout(TabStripLayout(spacing: 4)) }),
            (
                "setViewport(_:pageWidth:at:)",
                { b throws(TabStripError) in try b.setViewport(Viewport(width: 200, height: 44), at: 50) }
            ),
            ("moveAccessibilityFocus(_:)", { b throws(TabStripError) in try b.moveAccessibilityFocus(.to(5)) }),
            ("apply(_:at:)", { b throws(TabStripError) in try b.apply(Self.reversal(b.strip), at: 50) }),
            (
                "beginReorder(tab:at:time:)",
                { b throws(TabStripError) in try b.beginReorder(tab: b.visibleTabs.lowerBound, at: 10, time: 50) }
            ),
        ]
        typealias Outer = (name: String, call: (Bar, Double) throws(TabStripError) -> Void)
        let outers: [Outer] = [
            ("tap", { b, t throws(TabStripError) in try b.tapTab(30, at: t) }),
            (
                "tap and land",
                { b, t throws(TabStripError) in
                    try b.tapTab(30, at: t)
                    try b.advance(to: t + 1)
                    try b.tapTab(2, at: t + 1.1)
                    try b.advance(to: t + 2)
                }
            ),
            ("select", { b, t throws(TabStripError) in try b.select(45, animated: false, at: t) }),
            (
                "drag and settle",
                { b, t throws(TabStripError) in
                    try b.beginPageDrag(at: t)
                    try b.movePageDrag(translation: -300, at: t + 0.05)
                    try b.advance(to: t + 0.05)
                    try b.endPageDrag(translation: -300, velocityPerMillisecond: -1, at: t + 0.1)
                    try b.advance(to: t + 1)
                }
            ),
            (
                "shrink the strip",
                { b, t throws(TabStripError) in try b.setViewport(Viewport(width: 40, height: 44), at: t) }
            ),
            (
                "insert",
                { b, t throws(TabStripError) in
                    try b.insertTabs([500, 501], id: { $0 }, title: { "n\($0)" }, at: 0, time: t)
                }
            ),
            ("apply a list", { b, t throws(TabStripError) in try b.apply(Self.reversal(b.strip), at: t) }),
        ]
        var fired = Set<String>()
        for callback in HookedPages.Callback.allCases.map(\.rawValue)
            + RecordingHost.Callback.allCases.map({ "host." + $0.rawValue })
        {
            for inner in inners {
                for outer in outers {
                    let (bar, host) = try Self.makeBar()
                    var result: Result<Void, TabStripError>?
                    let hook: (String) -> Void = { [unowned bar] seen in
                        guard seen == callback, result == nil else { return }
                        fired.insert(callback)
                        do throws(TabStripError) {
                            try inner.call(bar)
                            result = .success(())
                        } catch {
                            result = .failure(error)
                        }
                    }
                    bar.provider.hooks.onCallback = { hook($0.rawValue) }
                    host.onCallback = { hook("host." + $0.rawValue) }
                    let note = "\(callback) -> \(inner.name) during \(outer.name)"
                    let count = bar.strip.tabCount
                    do throws(TabStripError) {
                        try outer.call(bar, 1)
                    } catch {
                        Issue.record("\(note): the outer call failed: \(error)")
                    }
                    bar.provider.hooks.onCallback = nil
                    host.onCallback = nil
                    guard let result else { continue }
                    guard case .failure(let error) = result else {
                        Issue.record("\(note): accepted from inside a callback")
                        continue
                    }
                    guard case .reentrantCall = error else {
                        Issue.record("\(note): \(error)")
                        continue
                    }
                    let expectedCount = outer.name == "insert" ? count + 2 : count
                    #expect(bar.strip.tabCount == expectedCount, "\(note): tab count")
                    bar.sync._checkInvariants()
                    _ = try Self.settle(bar, host, from: 3, note, onScreen: false)
                }
            }
        }
        let all = Set(
            HookedPages.Callback.allCases.map(\.rawValue)
                + RecordingHost.Callback.allCases.map({ "host." + $0.rawValue }))
        #expect(fired == all, "never fired: \(all.subtracting(fired))")
    }
}

/// The sync on its own (a package part of `TabBar`), for the tests of its
/// bounds and rest states.
enum PagerSyncEditTests {
    typealias Sync = PagerSync<RecordingHost, HookedPages>

    static func makeSync(count: Int = 60, budget: Int = 5) throws -> (Sync, RecordingHost) {
        let host = RecordingHost()
        let titles = (0..<count).map { "tab \($0)" }
        let strip = try TabStrip(titles: titles, viewport: Viewport(width: 320, height: 44))
        let v = try TabStripVirtualizer(strip: strip, host: host, poolLimit: 1)
        let sync = try Sync(
            virtualizer: v, pageWidth: 400, provider: HookedPages(), pageBudget: budget, preloadRadius: 1)
        return (sync, host)
    }

    /// Brings everything to rest and checks the pager, the strip and the
    /// screen agree: the pager on the selected tab's page, that tab inside
    /// the viewport, the cells matching the strip.
    static func settle(_ sync: Sync, _ host: RecordingHost, from time: Double, _ note: String, onScreen: Bool = true)
        throws -> Double
    {
        var t = time
        if case .dragging = sync.pager.phase { try sync.cancelPageDrag(at: t) }
        if sync.stripMotion == .dragging { try sync.releaseStrip(velocityPerSecond: 0, at: t) }
        for _ in 0..<60 {
            t += 0.1
            try sync.advance(to: t)
        }
        sync._checkInvariants()
        let selected = try #require(sync.strip.selectedIndex)
        #expect(sync.jump == nil && !sync.pager.isSettling(at: t) && sync.stripMotion == .none, "\(note): still moving")
        #expect(sync.pager.currentPage == selected, "\(note): pager on \(sync.pager.currentPage), selected \(selected)")
        let frame = try sync.strip.frame(ofTab: selected)
        let offset = sync.strip.contentOffset
        #expect(
            !onScreen || frame.minX >= offset - 1e-6 && frame.maxX <= offset + sync.strip.viewport.width + 1e-6,
            "\(note): selected tab \(selected) at \(frame) is off screen (offset \(offset))")
        try TabStripVirtualizerTests.expectScreenMatches(sync.virtualizer, host, note)
        return t
    }
}
