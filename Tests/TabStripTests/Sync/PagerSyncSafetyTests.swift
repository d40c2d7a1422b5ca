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
