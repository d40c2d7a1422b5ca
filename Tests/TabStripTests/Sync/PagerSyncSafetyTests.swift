import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// A class a page provider captures, so that its lifetime shows whether the
/// provider that captured it is still alive.
final class ProviderWitness {
    var loads: [Int] = []
}

/// A struct provider with value state (counts) and a class it holds (the
/// hooks), so that a test sees which provider's code wrote where.
struct CountingPages: PageProvider {
    final class Hooks {
        var onEvict: (() -> Void)?
    }
    let id: Int
    let hooks = Hooks()
    var loads = 0
    var evictions = 0
    init(id: Int) { self.id = id }
    mutating func loadPage(at index: Int) -> Int {
        loads += 1
        return index
    }
    mutating func evictPage(_ page: Int, at index: Int) {
        hooks.onEvict?()
        evictions += 1
    }
}

/// Replacing a `PagerSync`'s provider, or dropping the last reference to
/// the sync, from inside one of the provider's own callbacks.
@Suite struct PagerSyncLifetimeTests {
    typealias Sync = PagerSync<RecordingHost, ClosurePageProvider<Int>>

    static func makeVirtualizer(count: Int = 60) throws -> TabStripVirtualizer<RecordingHost> {
        let strip = try TabStrip(titles: (0..<count).map { "tab \($0)" }, viewport: Viewport(width: 320, height: 44))
        return try TabStripVirtualizer(strip: strip, host: RecordingHost(), poolLimit: 1)
    }

    /// The reported pattern: the first provider's `load` replaces
    /// `sync.provider` and then uses the class it captured. The running
    /// provider (and what it captured) stays alive until its callback
    /// returns; the replacement takes effect when the cache operation ends.
    @Test func replacingTheProviderFromItsOwnLoadKeepsTheRunningOneAlive() throws {
        var syncRef: Sync?
        weak var firstWitness: ProviderWitness?
        var aliveAfterReplacing: [Bool] = []
        var loadsBySecond: [Int] = []
        func make(_ id: Int) -> ClosurePageProvider<Int> {
            let witness = ProviderWitness()
            if id == 1 { firstWitness = witness }
            return ClosurePageProvider(load: { index in
                if id == 1, let sync = syncRef {
                    syncRef = nil
                    sync.provider = make(2)
                    let alive = firstWitness != nil
                    aliveAfterReplacing.append(alive)
                    if alive { witness.loads.append(index) }
                } else if id == 2 {
                    loadsBySecond.append(index)
                }
                return index
            })
        }
        let sync = try Sync(virtualizer: Self.makeVirtualizer(), pageWidth: 400, provider: make(1), pageBudget: 5)
        syncRef = sync
        try sync.tapTab(50, at: 1)
        #expect(aliveAfterReplacing == [true], "the running provider was freed inside its own callback")
        // The replacement is in place once the call returned, and the first
        // provider (with what it captured) is gone.
        #expect(firstWitness == nil)
        try sync.advance(to: 2)
        try sync.tapTab(10, at: 2.1)
        try sync.advance(to: 3)
        #expect(loadsBySecond.contains(10), "loads after the call go to the new provider: \(loadsBySecond)")
        sync._checkInvariants()
    }

    /// A struct provider holding a class, replaced from an eviction: the
    /// running provider finishes its callback on its own storage (before,
    /// its last write after the callback landed in the replacement), and
    /// reads from inside the callback see the replacement.
    @Test func replacingAStructProviderFromItsEvictionIsDeferred() throws {
        let strip = try TabStrip(titles: (0..<60).map { "tab \($0)" }, viewport: Viewport(width: 320, height: 44))
        let v = try TabStripVirtualizer(strip: strip, host: RecordingHost(), poolLimit: 1)
        let sync = try PagerSync(
            virtualizer: v, pageWidth: 400, provider: CountingPages(id: 1), pageBudget: 5, preloadRadius: 1)
        weak var firstHooks: CountingPages.Hooks?
        firstHooks = sync.provider.hooks
        var seen: [Bool] = []
        sync.provider.hooks.onEvict = { [unowned sync] in
            guard seen.isEmpty else { return }
            let replacement = CountingPages(id: 2)
            sync.provider = replacement
            seen.append(firstHooks != nil)
            seen.append(sync.provider.id == 2)
        }
        // Taps and frames until the first eviction, which replaces the provider.
        var t = 1.0
        for tab in [30, 5, 50, 12, 44] where seen.isEmpty {
            try sync.tapTab(tab, at: t)
            if seen.isEmpty { try sync.advance(to: t + 1) }
            t += 2
        }
        #expect(seen == [true, true])
        #expect(sync.provider.id == 2)
        #expect(
            sync.provider.evictions == 0 && sync.provider.loads == 0,
            "the replaced provider's writes reached the new one: \(sync.provider.evictions) evictions, \(sync.provider.loads) loads"
        )
        #expect(firstHooks == nil)
        try sync.advance(to: t)
        try sync.tapTab(7, at: t + 0.1)
        try sync.advance(to: t + 1)
        #expect(sync.provider.id == 2 && sync.provider.loads > 0)
        sync._checkInvariants()
    }

    /// The provider's `load` drops the last outside reference to the sync:
    /// the call runs to completion on a live object, which goes away after.
    @Test func droppingTheSyncFromItsProviderCallbackIsSafe() throws {
        var syncRef: Sync?
        weak var weakSync: Sync?
        var aliveInside: [Bool] = []
        let provider = ClosurePageProvider<Int>(load: { index in
            if syncRef != nil {
                syncRef = nil
                aliveInside.append(weakSync != nil)
            }
            return index
        })
        syncRef = try Sync(virtualizer: Self.makeVirtualizer(), pageWidth: 400, provider: provider)
        weakSync = syncRef
        try syncRef?.tapTab(50, at: 1)
        #expect(aliveInside == [true])
        #expect(weakSync == nil)
    }
}

/// Bounds on the sync's inputs: offsets and times.
@Suite struct PagerSyncBoundsTests {
    typealias Sync = PagerSyncEditTests.Sync

    /// A snapshot of what a refused call must leave as it was.
    static func state(_ sync: Sync) -> [String] {
        [
            "\(sync.strip.contentOffset)", "\(sync.stripMotion)", "\(String(describing: sync.lastTime))",
            "\(String(describing: sync.strip.selectedIndex))", "\(sync.pager)", "\(String(describing: sync.jump))",
        ]
    }

    /// `dragStrip(to: 1e308)` was accepted and the next `releaseStrip`
    /// failed naming a parameter it does not have, leaving the sync
    /// dragging: now the drag itself is refused, with nothing changed.
    @Test func aStripDragBeyondTheOffsetBoundIsRefused() throws {
        let (sync, host) = try PagerSyncEditTests.makeSync()
        try sync.dragStrip(to: 100, at: 1)
        let before = Self.state(sync)
        for bad in [1e308, -1e308, 1.000_000_1e30, -.greatestFiniteMagnitude] {
            #expect(throws: TabStripError.lengthExceedsLimit(name: "offset", value: bad, limit: 1e30)) {
                try sync.dragStrip(to: bad, at: 2)
            }
            #expect(Self.state(sync) == before)
        }
        // The bound itself is accepted, and the release after it works.
        try sync.dragStrip(to: 1e30, at: 2)
        try sync.releaseStrip(velocityPerSecond: 0, at: 2.1)
        _ = try PagerSyncEditTests.settle(sync, host, from: 2.1, "after a drag to the bound", onScreen: false)
        #expect(!sync.needsFrames)
    }

    /// One huge timestamp locked the sync for good; now it is refused, and
    /// a time that goes backwards names the last event's time.
    @Test func aHugeTimeIsRefusedAndABackwardsTimeNamesTheLastOne() throws {
        let (sync, host) = try PagerSyncEditTests.makeSync()
        try sync.advance(to: 1)
        let before = Self.state(sync)
        func call(_ kind: Int, _ t: Double) throws(TabStripError) {
            switch kind {
            case 0: _ = try sync.tapTab(40, at: t)
            case 1: try sync.advance(to: t)
            case 2: try sync.didEdit(newIndex: { $0 }, at: t)
            case 3: _ = try sync.beginPageDrag(at: t)
            default: try sync.dragStrip(to: 10, at: t)
            }
        }
        for kind in 0..<5 {
            for bad in [1e300, -1e300, 1.000_001e10, -.greatestFiniteMagnitude] {
                #expect(throws: TabStripError.lengthExceedsLimit(name: "time", value: bad, limit: 1e10)) {
                    try call(kind, bad)
                }
            }
            #expect(throws: TabStripError.invalidValue(name: "time", value: .nan)) { try call(kind, .nan) }
            #expect(throws: TabStripError.timeBeforeLastEvent(time: 0.5, lastTime: 1)) { try call(kind, 0.5) }
            #expect(Self.state(sync) == before, "call \(kind)")
        }
        let error = TabStripError.timeBeforeLastEvent(time: 0.5, lastTime: 1)
        #expect(error.description.hasPrefix("invalid time 0.5: earlier than the last event at 1"))
        // A real clock time still works after the refusals, up to the bound.
        try sync.tapTab(40, at: 1.5)
        let t = try PagerSyncEditTests.settle(sync, host, from: 1.5, "after huge times were refused")
        try sync.advance(to: 1e10)
        try sync.tapTab(3, at: 1e10)
        #expect(throws: TabStripError.timeBeforeLastEvent(time: t, lastTime: 1e10)) { try sync.advance(to: t) }
        // The pager on its own says the same.
        var pager = try Pager(pageWidth: 100, pageCount: 3, currentPage: 0)
        try pager.beginDrag(at: 2)
        #expect(throws: TabStripError.timeBeforeLastEvent(time: 1, lastTime: 2)) { try pager.cancelDrag(at: 1) }
        #expect(throws: TabStripError.lengthExceedsLimit(name: "time", value: 1e11, limit: 1e10)) {
            try pager.cancelDrag(at: 1e11)
        }
    }
}

/// Selections made behind the sync's back, and a strip emptied under it.
@Suite struct PagerSyncRestTests {
    /// `virtualizer.select(10)` used to be reverted by the next frame; now
    /// the pager follows it, from rest, during a jump and during a drag.
    @Test func aSelectionMadeOnTheVirtualizerIsFollowed() throws {
        let (sync, host) = try PagerSyncEditTests.makeSync()
        try sync.advance(to: 1)
        try sync.virtualizer.select(10)
        // Never at rest in disagreement: the host's display link runs
        // until a frame brings the pager to the selection.
        #expect(sync.needsFrames)
        try sync.advance(to: 1.1)
        #expect(sync.strip.selectedIndex == 10 && sync.pager.currentPage == 10 && sync.pageCache.currentPage == 10)
        #expect(!sync.needsFrames)
        var t = try PagerSyncEditTests.settle(sync, host, from: 1.1, "after a selection at rest")
        #expect(sync.strip.selectedIndex == 10)
        // During a jump: the jump stops, the pager rests on the new tab.
        try sync.tapTab(40, at: t)
        try sync.advance(to: t + 0.05)
        try sync.virtualizer.select(20)
        try sync.advance(to: t + 0.06)
        #expect(sync.jump == nil && sync.strip.selectedIndex == 20 && sync.pager.currentPage == 20)
        t = try PagerSyncEditTests.settle(sync, host, from: t + 0.06, "after a selection during a jump")
        #expect(sync.strip.selectedIndex == 20)
        // During a page drag: the drag ends, the next move finds none.
        try sync.beginPageDrag(at: t)
        try sync.movePageDrag(translation: -150, at: t + 0.02)
        try sync.virtualizer.select(3)
        #expect(try sync.movePageDrag(translation: -200, at: t + 0.04) == .noDragInProgress)
        #expect(sync.strip.selectedIndex == 3 && sync.pager.currentPage == 3)
        t = try PagerSyncEditTests.settle(sync, host, from: t + 0.04, "after a selection during a drag")
        #expect(sync.strip.selectedIndex == 3)
        // A tap right after one: the tap wins, from the followed tab.
        try sync.virtualizer.select(30)
        try sync.tapTab(31, at: t)
        #expect(sync.jump?.from == 30 && sync.jump?.to == 31)
        _ = try PagerSyncEditTests.settle(sync, host, from: t, "after a tap")
        #expect(sync.strip.selectedIndex == 31)
    }
}
