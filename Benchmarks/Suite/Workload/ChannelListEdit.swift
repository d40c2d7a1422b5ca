import BenchInstruments
import TabStrip
import TabStripTestSupport

/// A server's new channel list for the list-changes figures: `n` channels (IDs `0..<n`, generated titles) and a
/// successor in which a given share of the tabs changed, the changes split equally between removals, insertions of new
/// channels, moves and renames, each at a random place.
package struct ChannelListEdit: Sendable {
    package var oldIDs: [Int]
    package var newTabs: [(id: Int, title: String)]

    /// The list of `titles` (IDs `0..<titles.count`) and its successor with `percent` % of the tabs changed.
    package init(titles: [String], percent: Int, seed: UInt64) {
        let n = titles.count
        var random = SeededGenerator(seed: seed, stream: "list-edit-\(n)-\(percent)")
        let changes = n * percent / 100
        let quarter = changes / 4
        oldIDs = Array(0..<n)
        // Pick distinct tabs for removal, moving and renaming.
        var picked = Array(0..<n)
        for k in 0..<Swift.min(n, 3 * quarter) {
            let other = k + random.next(below: n - k)
            picked.swapAt(k, other)
        }
        // The first quarter is removed, the second moved (both leave the list), the third renamed.
        var leaves = [Bool](repeating: false, count: n)
        var renamed = leaves
        for k in 0..<(2 * quarter) { leaves[picked[k]] = true }
        for k in (2 * quarter)..<(3 * quarter) { renamed[picked[k]] = true }
        var list: [(id: Int, title: String)] = []
        list.reserveCapacity(n)
        var spare = TitleGenerator(seed: seed &+ 7)
        for i in 0..<n where !leaves[i] { list.append((i, renamed[i] ? spare.next() : titles[i])) }
        // Moved and inserted tabs go to random places, one at a time.
        var arriving: [(id: Int, title: String)] = picked[quarter..<(2 * quarter)].map { ($0, titles[$0]) }
        for k in 0..<quarter { arriving.append((n + k, spare.next())) }
        let positions = arriving.indices.map { _ in random.next(below: list.count + arriving.count) }.sorted()
        var merged: [(id: Int, title: String)] = []
        merged.reserveCapacity(list.count + arriving.count)
        var a = 0
        for (j, tab) in list.enumerated() {
            while a < positions.count, positions[a] <= j + a {
                merged.append(arriving[a])
                a += 1
            }
            merged.append(tab)
        }
        newTabs = merged + arriving[a...]
    }
}

/// The list-changes benchmarks: a new list found and applied by identity, against the strip rebuilt from it. The shaper
/// scenario times them with a real font; the instruction pass counts them with display columns.
package enum ListChanges {
    package static let percents = [1, 10, 100]

    /// A strip of `titles` that keeps their IDs (`0..<titles.count`), as a host's strip that takes lists by ID does.
    package static func strip(showing titles: [String], sizing: TabSizing = .measured()) throws(TabStripError)
        -> TabStrip
    {
        try TabStrip(
            tabs: titles.indices, id: { $0 }, title: { titles[$0] }, sizing: sizing, viewport: EngineFixture.viewport)
    }

    /// Finds and applies `edit` on `strip` (which shows `edit.oldIDs`); returns the number of changes (0 with `failure`
    /// set when the engine refused).
    @inline(never)
    package static func apply(_ edit: ChannelListEdit, to strip: inout TabStrip, failure: inout TabStripError?)
        -> Int
    {
        do throws(TabStripError) {
            let changes = try strip.changes(to: edit.newTabs, id: { $0.id }, title: { $0.title })
            try strip.apply(changes)
            return changes.changeCount
        } catch {
            failure = error
            return 0
        }
    }

    /// A strip that applies the lists, and the engine's error if it refused one.
    final class Applying {
        var strip: TabStrip?
        var failure: TabStripError?
        /// The titles the strip showed before the apply, kept past the count as the rebuild's strip is, so that
        /// neither counts the release of the list it replaces.
        var replaced: TabTitles?
        init(_ strip: TabStrip?) { self.strip = strip }
    }

    /// At `inputs.tabs`: the rebuild from the 1 % changed list (with its IDs, as the strip an apply leaves keeps
    /// them), then each changed list found and applied on a strip of
    /// the old list with its IDs, made for it and held by nothing else (as a host holds its strip: an apply edits its
    /// storage in place, where a strip sharing it with a copy would copy every part it edits first). Counted last at
    /// each size: the lists' arrays would otherwise leave the simulated caches colder for the benchmarks after them.
    static func counted(_ inputs: CountedInputs) -> [CountedBenchmark] {
        let (label, tabs) = (sizeLabel(inputs.tabs), Format.integer(inputs.tabs))
        let rebuilt = Applying(nil)
        var benchmarks = [
            CountedBenchmark(
                name: "list-rebuild-\(label)", unit: "instructions/list",
                note:
                    "TabStrip(tabs:id:title:) of the 1 % changed list of \(tabs) tabs: the rebuild from scratch that gives the strip an apply gives, IDs kept"
            ) { () throws(ScenarioError) in
                let newTabs = ChannelListEdit(titles: inputs.titles, percent: percents[0], seed: inputs.seed).newTabs
                let sizing = try inputs.builtStrip().sizing
                // Kept past the count, so that its release is not counted.
                return Workload("list-rebuild-\(label)", operations: 1) {
                    rebuilt.strip = try? TabStrip(
                        tabs: newTabs, id: { $0.id }, title: { $0.title }, sizing: sizing,
                        viewport: EngineFixture.viewport)
                }
            } finish: { () throws(ScenarioError) in
                guard rebuilt.strip != nil else { throw ScenarioError("the engine rejected the new list of \(label)") }
                rebuilt.strip = nil
            }
        ]
        for percent in percents {
            let (applying, shown) = (FailureBox(), Applying(nil))
            benchmarks.append(
                CountedBenchmark(
                    name: "list-apply-\(percent)pct-\(label)", unit: "instructions/change",
                    note:
                        "TabStrip.changes(to:id:title:) + apply(_:) of a list of \(tabs) tabs with \(percent) % of them changed (removed, inserted, moved, renamed in equal shares), per change"
                ) { () throws(ScenarioError) in
                    let edit = ChannelListEdit(titles: inputs.titles, percent: percent, seed: inputs.seed)
                    let sizing = try inputs.builtStrip().sizing
                    do throws(TabStripError) {
                        shown.strip = try strip(showing: inputs.titles, sizing: sizing)
                    } catch { throw ScenarioError("the strip of \(label) with IDs: \(error)") }
                    return Workload("list-apply-\(percent)pct-\(label)") {
                        shown.replaced = shown.strip?.titles
                        let changes = apply(edit, to: &shown.strip!, failure: &shown.failure)
                        applying.error = shown.failure
                        return changes
                    }
                } finish: { () throws(ScenarioError) in
                    try applying.check("applying the list with \(percent) % changed")
                    (shown.strip, shown.replaced) = (nil, nil)
                })
        }
        if inputs.tabs == ShaperScenario.countedTabs(inputs.workload).max() {
            benchmarks += split(inputs)
        }
        return benchmarks
    }

    /// The 1 % changed list's two parts, each counted alone on a strip of their own: the comparison (which may run
    /// off the owner's thread), per tab of the list, then the apply on the owner, per change.
    static func split(_ inputs: CountedInputs) -> [CountedBenchmark] {
        let (label, tabs) = (sizeLabel(inputs.tabs), Format.integer(inputs.tabs))
        let (shown, failure) = (Applying(nil), FailureBox())
        let box = FoundChanges()
        return [
            CountedBenchmark(
                name: "list-compare-per-tab-\(label)", unit: "instructions/tab",
                note:
                    "TabStrip.changes(to:id:title:) alone (the part that may run off the owner's thread) of a list of \(tabs) tabs with 1 % of them changed, per tab of the list"
            ) { () throws(ScenarioError) in
                let edit = ChannelListEdit(titles: inputs.titles, percent: percents[0], seed: inputs.seed)
                let sizing = try inputs.builtStrip().sizing
                do throws(TabStripError) {
                    shown.strip = try strip(showing: inputs.titles, sizing: sizing)
                } catch { throw ScenarioError("the strip of \(label) with IDs: \(error)") }
                return Workload("list-compare-per-tab-\(label)", operations: inputs.tabs) {
                    do throws(TabStripError) {
                        box.changes = try shown.strip!.changes(to: edit.newTabs, id: { $0.id }, title: { $0.title })
                    } catch { failure.error = error }
                }
            } finish: { () throws(ScenarioError) in
                try failure.check("comparing the list with 1 % changed")
            },
            CountedBenchmark(
                name: "list-apply-owner-per-change-\(label)", unit: "instructions/change",
                note:
                    "TabStrip.apply(_:) alone (the owner's part) of the changes of list-compare-per-tab-\(label), per change"
            ) { () throws(ScenarioError) in
                guard let changes = box.changes else { throw ScenarioError("no changes were found at \(label)") }
                return Workload("list-apply-owner-per-change-\(label)") {
                    shown.replaced = shown.strip?.titles
                    do throws(TabStripError) {
                        try shown.strip!.apply(changes)
                    } catch { failure.error = error }
                    return changes.changeCount
                }
            } finish: { () throws(ScenarioError) in
                try failure.check("applying the list with 1 % changed")
                (shown.strip, shown.replaced, box.changes) = (nil, nil, nil)
            },
        ]
    }

    /// The changes the comparison found, for the apply counted after it.
    final class FoundChanges {
        var changes: TabListChanges?
    }
}
