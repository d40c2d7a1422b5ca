import TabStripTestSupport
import Testing

@testable import TabStripCore

/// A host's channel model, given to a strip as its title source: the test
/// edits it before telling the strip, as an app would, and it records any
/// request outside `0..<count` and can refuse one tab.
final class ChannelModel: TabSource, @unchecked Sendable {
    let titles: [String]
    /// The tab the model has no title for (a failing source), if any.
    var missing: Int?
    /// Requests for an index outside `0..<titles.count`.
    var outOfRange: [Int] = []
    /// How many titles were asked for.
    var requests = 0
    /// Whether the model lends runs of titles from its storage (the strip
    /// then measures them in place); it lends none that holds ``missing``.
    var lends = false
    /// How many runs it lent.
    var lentRuns = 0

    /// Tab `i`'s ID (its index when not given).
    let ids: [Int]

    init(_ titles: [String], ids: [Int]? = nil) {
        self.titles = titles
        self.ids = ids ?? Array(titles.indices)
    }

    var tabCount: Int { titles.count }
    func id(ofTab index: Int) -> Int { ids[index] }
    func index(ofID id: Int) -> Int? { ids.firstIndex(of: id) }

    func title(ofTab index: Int) -> String? {
        requests += 1
        guard titles.indices.contains(index) else {
            outOfRange.append(index)
            return nil
        }
        return index == missing ? nil : titles[index]
    }

    func withContiguousTitles<Result, Failure: Error>(
        ofTabs tabs: Range<Int>, _ body: (UnsafeBufferPointer<String>) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        guard lends, missing.map({ tabs.contains($0) }) != true else { return nil }
        guard tabs.lowerBound >= 0, tabs.upperBound <= titles.count else {
            outOfRange.append(tabs.lowerBound < 0 ? tabs.lowerBound : tabs.upperBound)
            return nil
        }
        lentRuns += 1
        return try titles.withUnsafeBufferPointer { (all) throws(Failure) -> Result in
            try body(UnsafeBufferPointer(rebasing: all[tabs]))
        }
    }
}

/// Seeded random sequences on a strip whose titles come from a source and
/// whose widths start as estimates, checked after every step against a
/// strip built eagerly from the same titles with the same edits: every tab
/// in view, the selected tab and a transition's target are measured; a
/// measured tab's width is bit-identical to the eager strip's, an
/// unmeasured one has its estimate; tabs shown before and after a call
/// keep their place on screen exactly (widths are whole points); a
/// selection lands where the eager strip's does; a failing source leaves
/// the strip as it was. At the end, everything measured, the width index
/// equals the eager one.
@Suite struct LazyStripRandomizedTests {
    static let sequences = 240
    static let steps = 40

    @Test(arguments: 0..<4)
    func randomSequences(block: Int) {
        let base = TestSeed.value(default: 0x1A2_0000) &+ UInt64(block * 1_000)
        var lentRuns = 0
        for k in 0..<(Self.sequences / 4) {
            let seed = base &+ UInt64(k)
            var session = LazySession(seed: seed)
            session.run(steps: Self.steps)
            lentRuns += session.model.lentRuns
            if !session.failures.isEmpty {
                Issue.record(
                    "seed \(seed) (TABSTRIP_SEED=\(base)): \(session.failures.prefix(8).joined(separator: "; ")); after \(session.log.suffix(6))"
                )
                return
            }
        }
        // Half the sequences measure runs in the model's storage.
        #expect(lentRuns > 0, "no run of titles was lent (TABSTRIP_SEED=\(base))")
    }
}

struct LazySession {
    var rng: SeededGenerator
    let seed: UInt64
    /// The source the strip was built from (a snapshot: the strip's own
    /// edits keep their tabs beside it), replaced by each new list.
    var model: ChannelModel
    /// The reference list: every tab's ID and title, edited as the strip.
    var ids: [Int]
    var titles: [String]
    var nextID: Int
    var lazy: TabStrip
    var eager: TabStrip
    let estimateWidth: Double
    var failures: [String] = []
    var log: [String] = []
    /// A batch taken for measuring off the owner's thread, applied by a
    /// later step (edits and scrolls may come in between).
    var taken: TabsToMeasure?

    static let alphabet: [String] = ["a", "b", "推", "荐", "新", "闻", "W", "ä", "🎉", " "]

    static func title(_ rng: inout SeededGenerator) -> String {
        let length = rng.next(below: 7)
        return (0..<length).map { _ in alphabet[rng.next(below: alphabet.count)] }.joined()
    }

    init(seed: UInt64) {
        self.seed = seed
        var rng = SeededGenerator(seed: seed, stream: "lazy-strip")
        let count = [0, 1, 3, 40, 300][rng.next(below: 5)]
        let titles = (0..<count).map { _ in Self.title(&rng) }
        model = ChannelModel(titles)
        self.titles = titles
        ids = Array(0..<count)
        nextID = count
        model.lends = seed % 2 == 0
        estimateWidth = [8, 40, 72, 96, 240][rng.next(below: 5)]
        var layout = TabStripLayout()
        layout.spacing = [0, 8, 4.5][rng.next(below: 3)]
        layout.overscan = [0, 30, 200][rng.next(below: 3)]
        layout.direction = rng.next(below: 4) == 0 ? .rightToLeft : .leftToRight
        let viewport = Viewport(width: [120, 390, 1_000][rng.next(below: 3)], height: 44)
        let selected = count == 0 ? 0 : rng.next(below: count)
        do {
            lazy = try TabStrip(
                source: model, estimate: .width(estimateWidth), layout: layout, viewport: viewport,
                selectedIndex: selected)
            eager = try TabStrip(titles: titles, layout: layout, viewport: viewport, selectedIndex: selected)
        } catch {
            preconditionFailure("seed \(seed): building failed: \(error)")
        }
        self.rng = rng
        check("build")
    }

    mutating func run(steps: Int) {
        for _ in 0..<steps {
            step()
            if !failures.isEmpty { return }
        }
        finish()
    }

    /// Screen x of every tab of `range`.
    func screen(_ strip: TabStrip, _ range: Range<Int>) -> [Int: Double] {
        var result: [Int: Double] = [:]
        for i in range { result[i] = (try? strip.frame(ofTab: i)).map { $0.minX - strip.contentOffset } }
        return result
    }

    /// After a jump to `offset` from the strip `estimated` (the strip
    /// before it, at `offset` without measuring): the selected tab if the
    /// jump shows it, or else the first measured tab in the viewport (the
    /// first tab in it when none is), is where the jump put it.
    mutating func expectJumpAnchored(_ estimated: TabStrip, offset: Double, _ what: String) {
        let inView = estimated.geometry.visibleTabs
        guard !inView.isEmpty else { return }
        let anchor: Int
        if let selected = estimated.selectedIndex, inView.contains(selected) {
            anchor = selected
        } else {
            // The first tab in the viewport already measured, or else the
            // first tab in it.
            let first = estimated.geometry.visibleTabs(uncheckedOffset: offset, overscan: 0)
            guard !first.isEmpty else { return }
            anchor = first.first { (try? estimated.isMeasured(tab: $0)) == true } ?? first.lowerBound
        }
        let expected = (try? estimated.frame(ofTab: anchor)).map { $0.minX - offset }
        let now = (try? lazy.frame(ofTab: anchor)).map { $0.minX - lazy.contentOffset }
        if now != expected {
            failures.append(
                "\(what): anchor tab \(anchor) at \(String(describing: now)), jump put it at \(String(describing: expected))"
            )
        }
    }

    mutating func expectStill(_ before: [Int: Double], shift: Double, _ what: String) {
        for i in lazy.visibleTabs {
            guard let x = before[i] else { continue }
            let now = (try? lazy.frame(ofTab: i)).map { $0.minX - lazy.contentOffset }
            if now != x - shift {
                failures.append("\(what): tab \(i) moved on screen from \(x - shift) to \(String(describing: now))")
            }
        }
    }

    mutating func step() {
        let n = lazy.tabCount
        switch rng.next(below: 15) {
        case 0, 1, 2:
            // A scroll, small or far.
            let range = lazy.contentOffsetRange
            let x: Double =
                rng.next(below: 3) == 0
                ? Double(rng.next(below: Int(range.upperBound) + 100)) - 50
                : lazy.contentOffset + Double(rng.next(below: 121)) - 60
            let before = screen(lazy, lazy.visibleTabs)
            let old = lazy.contentOffset
            // Where the tabs are by the widths before the scroll: a jump's
            // anchor stays there.
            var estimated = lazy
            estimated.geometry.contentOffset = x
            log.append("offset \(x)")
            do {
                let inEffect = try lazy.setContentOffset(x)
                if inEffect != lazy.contentOffset {
                    failures.append("offset returned \(inEffect), strip has \(lazy.contentOffset)")
                }
                if (x - old).magnitude < lazy.viewport.width {
                    expectStill(before, shift: x - old, "scroll to \(x)")
                } else {
                    // A jump keeps the selected tab where the scroll puts it
                    // when it shows it, or else the first tab in view.
                    expectJumpAnchored(estimated, offset: x, "jump to \(x)")
                }
            } catch { failures.append("scroll threw \(error)") }
        case 3:
            guard n > 0 else { return }
            let i = rng.next(below: n)
            let scroll: SelectionScroll = [.center, .leading, .trailing, .reveal, .none][rng.next(below: 5)]
            // A third of the time scrolled to without being selected.
            let selecting = rng.next(below: 3) != 0
            log.append("\(selecting ? "select" : "reveal") \(i) \(scroll)")
            do {
                if selecting {
                    try lazy.select(i, scroll: scroll)
                    try eager.select(i, scroll: scroll)
                } else {
                    let inEffect = try lazy.reveal(i, scroll: scroll)
                    if inEffect != lazy.contentOffset {
                        failures.append("reveal returned \(inEffect), strip has \(lazy.contentOffset)")
                    }
                    try eager.reveal(i, scroll: scroll)
                }
                if scroll == .center || scroll == .leading || scroll == .trailing {
                    let l = try lazy.frame(ofTab: i).minX - lazy.contentOffset
                    let e = try eager.frame(ofTab: i).minX - eager.contentOffset
                    if l != e {
                        failures.append(
                            "select \(i) \(scroll): on screen at \(l), eager at \(e) (offset \(lazy.contentOffset), eager \(eager.contentOffset))"
                        )
                    }
                }
            } catch { failures.append("select or reveal threw \(error)") }
        case 4:
            guard n > 1, let selected = lazy.selectedIndex else { return }
            let target = rng.next(below: n)
            let fraction = Double(rng.next(below: 5)) / 4
            let before = screen(lazy, lazy.visibleTabs)
            log.append("transition \(target) \(fraction)")
            do {
                try lazy.setTransition(to: target, fraction: fraction)
                try eager.setTransition(to: target, fraction: fraction)
                expectStill(before, shift: 0, "transition from \(selected) to \(target)")
            } catch { failures.append("transition threw \(error)") }
        case 5:
            let limit = [1, 7, 64, 600][rng.next(below: 4)]
            let before = screen(lazy, lazy.visibleTabs)
            let pending = lazy.unmeasuredTabCount
            log.append("pending \(limit)")
            do {
                let measured = try lazy.measurePendingTabs(limit: limit)
                if measured != Swift.min(limit, pending) || lazy.unmeasuredTabCount != pending - measured {
                    failures.append("measurePendingTabs(\(limit)) measured \(measured) of \(pending)")
                }
                expectStill(before, shift: 0, "background measuring")
            } catch { failures.append("pending threw \(error)") }
        case 6:
            guard n < 400 else { return }
            let count = rng.next(below: 4) + 1
            let index = rng.next(below: n + 1)
            let titles = (0..<count).map { _ in Self.title(&rng) }
            let newIDs = Array(nextID..<(nextID + count))
            nextID += count
            log.append("insert \(count) at \(index)")
            do {
                try lazy.insertTabs(Array(zip(newIDs, titles)), id: { $0.0 }, title: { $0.1 }, at: index)
                try eager.insertTabs(titles, at: index)
                self.titles.insert(contentsOf: titles, at: index)
                ids.insert(contentsOf: newIDs, at: index)
            } catch { failures.append("insert threw \(error)") }
        case 7:
            guard n > 0 else { return }
            let lower = rng.next(below: n)
            let upper = Swift.min(n, lower + rng.next(below: 4) + 1)
            log.append("remove \(lower)..<\(upper)")
            do {
                try lazy.removeTabs(in: lower..<upper)
                try eager.removeTabs(in: lower..<upper)
                titles.removeSubrange(lower..<upper)
                ids.removeSubrange(lower..<upper)
            } catch { failures.append("remove threw \(error)") }
        case 8:
            guard n > 1 else { return }
            let from = rng.next(below: n)
            let to = rng.next(below: n)
            log.append("move \(from) \(to)")
            do {
                try lazy.moveTab(from: from, to: to)
                try eager.moveTab(from: from, to: to)
                titles.insert(titles.remove(at: from), at: to)
                ids.insert(ids.remove(at: from), at: to)
            } catch { failures.append("move threw \(error)") }
        case 9:
            guard n > 0 else { return }
            let i = rng.next(below: n)
            let title = Self.title(&rng)
            log.append("rename \(i)")
            do {
                if rng.next(below: 2) == 0 {
                    // A new list from the server: every tab as it is, one
                    // renamed, as a new source applied by ID.
                    var renamed = titles
                    renamed[i] = title
                    let source = ChannelModel(renamed, ids: ids)
                    source.lends = model.lends
                    let changes = try lazy.changes(toSource: source)
                    // Under a constant estimate, a tab never measured is not
                    // compared: its width does not depend on its title.
                    let compared = !lazy.unmeasured.contains(i)
                    let expected = titles[i] != title && compared ? 1 : 0
                    if changes.renameCount != expected || changes.changeCount != changes.renameCount {
                        failures.append(
                            "a new list with one rename gave \(changes.changeCount) changes, \(changes.renameCount) renames (expected \(expected))"
                        )
                    }
                    try lazy.apply(changes)
                    model = source
                } else {
                    try lazy.renameTab(i, to: title)
                }
                try eager.renameTab(i, to: title)
                titles[i] = title
            } catch { failures.append("rename threw \(error)") }
        case 10:
            guard n > 0 else { return }
            let i = rng.next(below: n)
            let badge: TabBadge = [.none, .dot, .count(3), .count(120)][rng.next(below: 4)]
            log.append("badge \(i)")
            do {
                try lazy.setBadge(badge, ofTab: i)
                try eager.setBadge(badge, ofTab: i)
            } catch { failures.append("badge threw \(error)") }
        case 11:
            let limit = [1, 7, 64, 600][rng.next(below: 4)]
            log.append("take \(limit)")
            do {
                let batch = try lazy.tabsToMeasure(limit: limit)
                let pending = (0..<n).filter { lazy.unmeasured.contains($0) }
                if batch.tabs.count != Swift.min(limit, pending.count) || !batch.tabs.allSatisfy(pending.contains)
                    || batch.titles != batch.tabs.map({ titles[$0] })
                {
                    failures.append("took \(batch.tabs) of \(pending.count) pending")
                }
                taken = batch
            } catch { failures.append("take threw \(error)") }
        case 12:
            guard let batch = taken else { return }
            taken = nil
            // Still applicable: in the strip, unmeasured, the same title.
            let expected = zip(batch.tabs, batch.titles).filter { i, title in
                i < n && lazy.unmeasured.contains(i) && titles[i] == title
            }.count
            let before = screen(lazy, lazy.visibleTabs)
            log.append("apply \(batch.tabs.count) taken, \(expected) applicable")
            do {
                let applied = try lazy.applyMeasurements(batch.measure())
                if applied != expected { failures.append("applied \(applied), expected \(expected)") }
                expectStill(before, shift: 0, "applying measurements")
            } catch { failures.append("apply threw \(error)") }
        case 13:
            // A rotation or a new layout: the tabs then shown are measured
            // (a scroll's knowledge of where tabs are measured is dropped).
            do {
                if rng.next(below: 2) == 0 {
                    let viewport = Viewport(width: [120, 390, 1_000][rng.next(below: 3)], height: 44)
                    log.append("viewport \(viewport.width)")
                    try lazy.setViewport(viewport)
                    try eager.setViewport(viewport)
                } else {
                    var layout = lazy.layout
                    layout.overscan = [0, 30, 200][rng.next(below: 3)]
                    if rng.next(below: 2) == 0 {
                        layout.direction = layout.direction == .leftToRight ? .rightToLeft : .leftToRight
                    }
                    layout.contentInsets.leading = Double(rng.next(below: 3) * 16)
                    log.append("layout overscan \(layout.overscan) \(layout.direction)")
                    try lazy.setLayout(layout)
                    try eager.setLayout(layout)
                }
            } catch { failures.append("viewport or layout threw \(error)") }
        default:
            // A source that cannot give a title the strip needs: the call
            // throws, names the tab, and nothing changes.
            guard n > 0, lazy.unmeasuredTabCount > 0 else { return }
            let far = Double(rng.next(below: Int(lazy.contentOffsetRange.upperBound) + 1))
            let saved = lazy
            var probe = lazy
            guard (try? probe.setContentOffset(far)) != nil else { return }
            // The first tab that this scroll measured and shows: make it
            // fail. (A tab it measured ahead only keeps its estimate: see
            // the hostile sequences.) Only a tab the source gives can.
            let shown = probe.visibleTabs
            guard
                let victim = shown.first(where: { lazy.unmeasured.contains($0) && !probe.unmeasured.contains($0) }),
                case .source(let s) = lazy.titles.rope.slot(at: victim)
            else { return }
            model.missing = s
            log.append("failing source at \(victim), scroll to \(far)")
            do {
                try lazy.setContentOffset(far)
                failures.append("scroll over a missing title did not throw")
            } catch {
                if error != .titleUnavailable(index: victim) {
                    failures.append("threw \(error), expected tab \(victim)")
                }
            }
            model.missing = nil
            if lazy.contentOffset != saved.contentOffset || lazy.unmeasured != saved.unmeasured
                || lazy.geometry.widths != saved.geometry.widths || lazy.anchoringShift != saved.anchoringShift
            {
                failures.append("a failed scroll changed the strip")
            }
        }
        check(log.last ?? "")
    }

    mutating func check(_ what: String) {
        lazy._checkInvariants()
        if !model.outOfRange.isEmpty { failures.append("\(what): source asked for \(model.outOfRange)") }
        guard lazy.tabCount == eager.tabCount, lazy.selectedIndex == eager.selectedIndex else {
            failures.append(
                "\(what): \(lazy.tabCount) tabs, selection \(String(describing: lazy.selectedIndex)); eager \(eager.tabCount), \(String(describing: eager.selectedIndex))"
            )
            return
        }
        var mustBeMeasured = Array(lazy.visibleTabs)
        if let s = lazy.selectedIndex { mustBeMeasured.append(s) }
        if let t = lazy.transition?.to { mustBeMeasured.append(t) }
        for i in mustBeMeasured where lazy.unmeasured.contains(i) {
            failures.append("\(what): tab \(i) is shown but not measured")
        }
        for i in 0..<lazy.tabCount {
            let l = lazy.geometry.widths.width(unchecked: i)
            let e = eager.geometry.widths.width(unchecked: i)
            if lazy.unmeasured.contains(i) {
                if l != estimateWidth {
                    failures.append("\(what): unmeasured tab \(i) is \(l) wide, estimate \(estimateWidth)")
                }
            } else if l.bitPattern != e.bitPattern {
                failures.append("\(what): measured tab \(i) is \(l) wide, eager \(e)")
            }
        }
    }

    mutating func finish() {
        do {
            try lazy.measurePendingTabs(limit: .max)
        } catch { failures.append("final measuring threw \(error)") }
        check("all measured")
        if lazy.unmeasuredTabCount != 0 { failures.append("\(lazy.unmeasuredTabCount) tabs left unmeasured") }
        if lazy.geometry.widths != eager.geometry.widths {
            failures.append("all measured: width index differs from the eager one")
        }
        if lazy.contentWidth != eager.contentWidth {
            failures.append("content width \(lazy.contentWidth) vs \(eager.contentWidth)")
        }
    }
}
