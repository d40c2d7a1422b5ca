import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// A page provider whose callbacks can call back into the `PagerSync`.
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

@Suite struct PagerSyncEditTests {
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
        // 0.1 s frames for 6 s: every jump, settle, animation and fling ends.
        for _ in 0..<60 {
            t += 0.1
            try sync.advance(to: t)
        }
        sync._checkInvariants()
        let selected = try #require(sync.strip.selectedIndex)
        #expect(sync.jump == nil && !sync.pager.isSettling(at: t) && sync.stripMotion == .none, "\(note): still moving")
        if case .dragging = sync.pager.phase { Issue.record("\(note): still dragging") }
        #expect(sync.pager.currentPage == selected, "\(note): pager on \(sync.pager.currentPage), selected \(selected)")
        let frame = try sync.strip.frame(ofTab: selected)
        let offset = sync.strip.contentOffset
        #expect(
            !onScreen || frame.minX >= offset - 1e-6 && frame.maxX <= offset + sync.strip.viewport.width + 1e-6,
            "\(note): selected tab \(selected) at \(frame) is off screen (offset \(offset))")
        try TabStripVirtualizerTests.expectScreenMatches(sync.virtualizer, host, note)
        return t
    }

    /// The reported case: a tap jump, an insert before the target and
    /// `tabsDidChange`; the jump is cancelled and the strip heads back to
    /// the selected tab instead of the old target offset.
    @Test func insertDuringAJumpCancelsItCleanly() throws {
        let (sync, host) = try Self.makeSync()
        try sync.tapTab(40, at: 0)
        try sync.advance(to: 0.05)
        let selectedTitle = sync.strip.titles[sync.strip.selectedIndex!]
        try sync.virtualizer.insertTabs(["x", "y", "z"], at: 10)
        #expect(throws: TabStripError.countMismatch(expected: 63, actual: 60)) { try sync.advance(to: 0.06) }
        try sync.tabsDidChange(at: 0.06)
        #expect(sync.jump == nil)
        #expect(sync.strip.titles[sync.strip.selectedIndex!] == selectedTitle)
        _ = try Self.settle(sync, host, from: 0.06, "after the jump was cancelled")
    }

    /// The reported case: `moveTab` during a pager drag is noticed by
    /// `advance` (same count), and `tabsDidChange` cancels the drag.
    @Test func moveDuringADragIsNoticed() throws {
        let (sync, host) = try Self.makeSync()
        try sync.selectTab(20, animated: false, at: 0)
        try sync.beginPageDrag(at: 0.1)
        try sync.movePageDrag(translation: -150, at: 0.12)
        try sync.advance(to: 0.12)
        try sync.virtualizer.moveTab(from: 21, to: 3)
        #expect(throws: TabStripError.tabsChangedWithoutSync) { try sync.advance(to: 0.13) }
        #expect(throws: TabStripError.tabsChangedWithoutSync) {
            try sync.endPageDrag(translation: -300, velocityPerMillisecond: -2, at: 0.13)
        }
        #expect(throws: TabStripError.tabsChangedWithoutSync) { try sync.tapTab(3, at: 0.13) }
        try sync.tabsDidChange(at: 0.13)
        // Tab 20 moved up to index 21 (tab 21 went before it) and stays selected.
        #expect(sync.pager.phase == .idle && sync.strip.selectedIndex == 21)
        #expect(sync.strip.titles[21] == "tab 20")
        _ = try Self.settle(sync, host, from: 0.13, "after the drag was cancelled")
    }

    /// Seeded sequences of gestures, taps, frames and every kind of edit
    /// (with and without `tabsDidChange`, down to no tabs at all), and
    /// selections made on the virtualiser behind the sync's back, checked
    /// at every step: the invariants hold, the screen matches the strip, a
    /// refused call names the stale edit, a selection behind the back is
    /// followed by the next frame, an empty strip rests, and at rest the
    /// pager is on the selected tab, which is the tab the strip's edits kept
    /// selected.
    @Test func randomEditsDuringMotion() throws {
        // 800 sequences of 40 steps (32,000 operations) by default.
        for seed in ModelScale.seeds(800, salt: 0x5EED_0051) {
            var rng = SeededGenerator(seed: seed)
            let (sync, host) = try Self.makeSync(
                count: Int.random(in: 1...40, using: &rng), budget: Int.random(in: 5...9, using: &rng))
            var t = 0.0
            var synced = true
            for step in 0..<40 {
                let note = "seed \(seed) step \(step)"
                t += Double.random(in: 0...0.05, using: &rng)
                let n = sync.strip.tabCount
                var selectedTitle = sync.strip.selectedIndex.map { sync.strip.titles[$0] }
                do throws(TabStripError) {
                    switch Int.random(in: 0..<13, using: &rng) {
                    case 0 where n > 0: try sync.tapTab(Int.random(in: 0..<n, using: &rng), at: t)
                    case 1: try sync.beginPageDrag(at: t)
                    case 2: try sync.movePageDrag(translation: Double.random(in: -900...900, using: &rng), at: t)
                    case 3:
                        try sync.endPageDrag(
                            translation: Double.random(in: -900...900, using: &rng),
                            velocityPerMillisecond: Double.random(in: -3...3, using: &rng), at: t)
                    case 4: try sync.insertAndMaybeSync(&rng, at: t, synced: &synced)
                    case 5 where n > 0:
                        let a = Int.random(in: 0..<n, using: &rng)
                        let all = Int.random(in: 0..<8, using: &rng) == 0
                        try sync.virtualizer.removeTabs(
                            in: all ? 0..<n : a..<Swift.min(n, a + Int.random(in: 1...3, using: &rng)))
                        synced = false
                    case 6 where n > 1:
                        try sync.virtualizer.moveTab(
                            from: Int.random(in: 0..<n, using: &rng), to: Int.random(in: 0..<n, using: &rng))
                        synced = false
                    case 7:
                        try sync.virtualizer.replaceAllTabs(
                            with: (0..<Int.random(in: 1...30, using: &rng)).map { "new \($0)" })
                        synced = false
                        selectedTitle = nil
                    case 8: try sync.dragStrip(to: Double.random(in: -200...3_000, using: &rng), at: t)
                    case 9:
                        try sync.releaseStrip(velocityPerSecond: Double.random(in: -3_000...3_000, using: &rng), at: t)
                    case 10:
                        try sync.tabsDidChange(at: t)
                        synced = true
                    case 11 where synced && n > 0:
                        // Selected on the virtualiser behind the sync's back:
                        // the next frame follows it instead of reverting it.
                        // (Selecting the selected tab again is no change: a
                        // jump or settle under way goes on.)
                        let k = Int.random(in: 0..<n, using: &rng)
                        let changed = k != sync.strip.selectedIndex
                        try sync.virtualizer.select(k)
                        try sync.advance(to: t)
                        #expect(
                            !changed
                                || sync.strip.selectedIndex == k && sync.pager.currentPage == k && sync.jump == nil,
                            "\(note): selected \(k) behind the back, now \(String(describing: sync.strip.selectedIndex)), pager on \(sync.pager.currentPage)"
                        )
                        #expect(
                            !changed || sync.pageCache.currentPage == k,
                            "\(note): cache on \(String(describing: sync.pageCache.currentPage))")
                    default: try sync.advance(to: t)
                    }
                } catch .tabsChangedWithoutSync {
                    #expect(!synced, "\(note): refused while synced")
                } catch .countMismatch {
                    #expect(!synced, "\(note): count mismatch while synced")
                } catch {
                    // Gesture refusals (a settle running, no drag) are fine.
                    if case .reentrantCall = error { Issue.record("\(note): \(error)") }
                }
                if synced, sync.strip.tabCount == 0 {
                    // An empty strip is a resting state.
                    #expect(sync.jump == nil && sync.pageCache.pageCount == 0, "\(note): empty but not at rest")
                    if sync.stripMotion == .none, case .idle = sync.pager.phase {
                        #expect(!sync.needsFrames, "\(note): empty but needs frames")
                    }
                }
                if synced {
                    sync._checkInvariants()
                } else {
                    sync.virtualizer._checkInvariants()
                }
                try TabStripVirtualizerTests.expectScreenMatches(sync.virtualizer, host, note)
                _ = selectedTitle
            }
            if sync.strip.tabCount == 0 {
                try sync.virtualizer.insertTabs(["again"], at: 0)
                synced = false
            }
            if !synced { try sync.tabsDidChange(at: t) }
            _ = try Self.settle(sync, host, from: t, "seed \(seed) at the end", onScreen: false)
        }
    }

    /// The changes that reverse `strip`'s tabs (IDs are the tab numbers,
    /// titles kept), found without changing anything.
    static func reversal(_ strip: TabStrip) throws(TabStripError) -> TabListChanges {
        let ids = Array(0..<strip.tabCount)
        return try strip.changes(from: ids, to: ids.reversed(), id: { $0 }, title: { strip.titles[$0] })
    }

    /// Every provider callback (and every host callback) calls every
    /// mutating call of the sync and of its virtualiser: refused with
    /// `reentrantCall`, no exclusivity abort, the state consistent after.
    @Test func providerAndHostCallbacksAgainstEveryMutatingCall() throws {
        typealias Inner = (name: String, call: (Sync) throws(TabStripError) -> Void)
        let inners: [Inner] = [
            ("advance(to:)", { s throws(TabStripError) in try s.advance(to: 50) }),
            ("tabsDidChange(at:)", { s throws(TabStripError) in try s.tabsDidChange(at: 50) }),
            ("beginPageDrag(at:)", { s throws(TabStripError) in try s.beginPageDrag(at: 50) }),
            (
                "movePageDrag(translation:at:)",
                { s throws(TabStripError) in try s.movePageDrag(translation: -10, at: 50) }
            ),
            (
                "endPageDrag(translation:velocityPerMillisecond:at:)",
                { s throws(TabStripError) in
                    try s.endPageDrag(translation: -10, velocityPerMillisecond: 0, at: 50)
                }
            ),
            ("cancelPageDrag(at:)", { s throws(TabStripError) in try s.cancelPageDrag(at: 50) }),
            ("tapTab(_:at:)", { s throws(TabStripError) in try s.tapTab(3, at: 50) }),
            ("selectTab(_:animated:at:)", { s throws(TabStripError) in try s.selectTab(4, at: 50) }),
            ("dragStrip(to:at:)", { s throws(TabStripError) in try s.dragStrip(to: 100, at: 50) }),
            (
                "releaseStrip(velocityPerSecond:at:)",
                { s throws(TabStripError) in try s.releaseStrip(velocityPerSecond: 100, at: 50) }
            ),
            ("insertTabs(_:at:)", { s throws(TabStripError) in try s.virtualizer.insertTabs(["x"], at: 0) }),
            ("removeTabs(in:)", { s throws(TabStripError) in try s.virtualizer.removeTabs(in: 0..<s.strip.tabCount) }),
            ("select(_:scroll:)", { s throws(TabStripError) in try s.virtualizer.select(9) }),
            ("reveal(_:scroll:)", { s throws(TabStripError) in try s.virtualizer.reveal(12, scroll: .center) }),
            (
                "moveAccessibilityFocus(_:)",
                { s throws(TabStripError) in try s.virtualizer.moveAccessibilityFocus(.to(5)) }
            ),
            ("setContentOffset(_:)", { s throws(TabStripError) in try s.virtualizer.setContentOffset(500) }),
            ("apply(_:at:)", { s throws(TabStripError) in try s.apply(Self.reversal(s.strip), at: 50) }),
            ("apply(_:)", { s throws(TabStripError) in try s.virtualizer.apply(Self.reversal(s.strip)) }),
        ]
        typealias Outer = (name: String, call: (Sync, Double) throws(TabStripError) -> Void)
        let outers: [Outer] = [
            ("tap", { s, t throws(TabStripError) in try s.tapTab(30, at: t) }),
            (
                "tap and land",
                { s, t throws(TabStripError) in
                    try s.tapTab(30, at: t)
                    try s.advance(to: t + 1)
                    try s.tapTab(2, at: t + 1.1)
                    try s.advance(to: t + 2)
                }
            ),
            ("select", { s, t throws(TabStripError) in try s.selectTab(45, animated: false, at: t) }),
            (
                "drag and settle",
                { s, t throws(TabStripError) in
                    try s.beginPageDrag(at: t)
                    try s.movePageDrag(translation: -300, at: t + 0.05)
                    try s.advance(to: t + 0.05)
                    try s.endPageDrag(translation: -300, velocityPerMillisecond: -1, at: t + 0.1)
                    try s.advance(to: t + 1)
                }
            ),
            (
                "shrink the strip",
                { s, t throws(TabStripError) in
                    try s.virtualizer.setViewport(Viewport(width: 40, height: 44))
                }
            ),
            (
                "edit and sync",
                { s, t throws(TabStripError) in
                    try s.virtualizer.insertTabs(["a", "b"], at: 0)
                    try s.tabsDidChange(at: t)
                }
            ),
            ("apply a list", { s, t throws(TabStripError) in try s.apply(Self.reversal(s.strip), at: t) }),
        ]
        var fired = Set<String>()
        for callback in HookedPages.Callback.allCases.map(\.rawValue)
            + RecordingHost.Callback.allCases.map({ "host." + $0.rawValue })
        {
            for inner in inners {
                for outer in outers {
                    let (sync, host) = try Self.makeSync()
                    var result: Result<Void, TabStripError>?
                    let hook: (String) -> Void = { [unowned sync] seen in
                        guard seen == callback, result == nil else { return }
                        fired.insert(callback)
                        do throws(TabStripError) {
                            try inner.call(sync)
                            result = .success(())
                        } catch {
                            result = .failure(error)
                        }
                    }
                    sync.provider.hooks.onCallback = { hook($0.rawValue) }
                    host.onCallback = { hook("host." + $0.rawValue) }
                    let note = "\(callback) -> \(inner.name) during \(outer.name)"
                    let count = sync.strip.tabCount
                    do throws(TabStripError) {
                        try outer.call(sync, 1)
                    } catch {
                        Issue.record("\(note): the outer call failed: \(error)")
                    }
                    sync.provider.hooks.onCallback = nil
                    host.onCallback = nil
                    guard let result else { continue }
                    guard case .failure(let error) = result else {
                        Issue.record("\(note): accepted from inside a callback")
                        continue
                    }
                    #expect(error == .reentrantCall(operation: inner.name), "\(note): \(error)")
                    let expectedCount = outer.name == "edit and sync" ? count + 2 : count
                    #expect(sync.strip.tabCount == expectedCount, "\(note): tab count")
                    sync._checkInvariants()
                    _ = try Self.settle(sync, host, from: 3, note, onScreen: false)
                }
            }
        }
        let all = Set(
            HookedPages.Callback.allCases.map(\.rawValue)
                + RecordingHost.Callback.allCases.map({ "host." + $0.rawValue }))
        #expect(fired == all, "never fired: \(all.subtracting(fired))")
    }
}

extension PagerSync where Host == RecordingHost, Provider == HookedPages {
    func insertAndMaybeSync(_ rng: inout SeededGenerator, at time: Double, synced: inout Bool) throws(TabStripError) {
        let n = strip.tabCount
        try virtualizer.insertTabs(
            (0..<Int.random(in: 1...3, using: &rng)).map { "ins \($0)" }, at: Int.random(in: 0...n, using: &rng))
        synced = false
        if Bool.random(using: &rng) {
            try tabsDidChange(at: time)
            synced = true
        }
    }
}
