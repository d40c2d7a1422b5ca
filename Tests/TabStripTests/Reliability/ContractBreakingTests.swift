import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// A title source that breaks its contract on demand: lends more or fewer
/// titles than asked, answers `withContiguousTitles` without calling its
/// body, has no title for some tabs, answers differently on each call, and
/// reads the engine from inside its callbacks.
final class HostileSource: TabSource, @unchecked Sendable {
    enum Loan: Equatable {
        /// Lends exactly the titles asked.
        case honest
        /// Lends none (the strip reads titles one at a time).
        case none
        /// Lends this many titles more (negative: fewer) than asked.
        case off(by: Int)
        /// Returns a result without calling `body` (possible when the
        /// result type is `Void`).
        case withoutBody
    }

    var titles: [String]
    var loan: Loan = .honest
    /// Tabs the source has no title for.
    var missing: Set<Int> = []
    /// When set, every answer gets a suffix that changes on each call.
    var fickle = false
    var calls = 0
    /// Called on every title request (a test reads the engine from here).
    var onRequest: ((Int) -> Void)?
    /// Requests outside `0..<titles.count`.
    var outOfRange: [Int] = []

    init(_ titles: [String]) { self.titles = titles }

    var tabCount: Int { titles.count }
    func id(ofTab index: Int) -> Int { index }
    func index(ofID id: Int) -> Int? { titles.indices.contains(id) ? id : nil }

    func title(ofTab index: Int) -> String? {
        calls += 1
        onRequest?(index)
        guard titles.indices.contains(index) else {
            outOfRange.append(index)
            return nil
        }
        if missing.contains(index) { return nil }
        return fickle ? titles[index] + String(repeating: "x", count: calls % 3) : titles[index]
    }

    func withContiguousTitles<Result, Failure: Error>(
        ofTabs tabs: Range<Int>, _ body: (UnsafeBufferPointer<String>) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        onRequest?(tabs.lowerBound)
        guard tabs.lowerBound >= 0, tabs.upperBound <= titles.count else {
            outOfRange.append(tabs.upperBound)
            return nil
        }
        switch loan {
        case .honest:
            return try titles.withUnsafeBufferPointer { (all) throws(Failure) -> Result in
                try body(UnsafeBufferPointer(rebasing: all[tabs]))
            }
        case .none:
            return nil
        case .off(let by):
            // A buffer of its own, longer or shorter than asked.
            let count = Swift.max(0, tabs.count + by)
            let lent = (0..<count).map { titles[(tabs.lowerBound + $0) % titles.count] }
            return try lent.withUnsafeBufferPointer { (buffer) throws(Failure) -> Result in try body(buffer) }
        case .withoutBody:
            if let result = () as? Result { return result }
            return nil
        }
    }
}

/// A measurer that breaks its contract: NaN, negative or infinite widths,
/// or widths left unwritten by its batch method.
struct HostileMeasurer: TitleMeasurer {
    enum Fault: Sendable { case none, nan, negative, infinite, unwritten, halfWritten }
    var fault: Fault

    func width(of title: String) -> Double {
        switch fault {
        case .nan: return .nan
        case .negative: return -1
        case .infinite: return .infinity
        default: return Double(title.count) * 8
        }
    }

    func measureWidths(of titles: UnsafeBufferPointer<String>, into widths: UnsafeMutableBufferPointer<Double>) {
        switch fault {
        case .unwritten: return
        case .halfWritten:
            for i in 0..<(Swift.min(titles.count, widths.count) / 2) { widths[i] = width(of: titles[i]) }
        default:
            for i in 0..<Swift.min(titles.count, widths.count) { widths[i] = width(of: titles[i]) }
        }
    }
}

/// The third adversarial round's findings (issue 44), each reproduced as it
/// was reported: every one fails without its fix.
@Suite struct ContractBreakingTests {
    static func titles(_ n: Int) -> [String] { (0..<n).map { "频道\($0)" } }

    static func lazyStrip(_ source: HostileSource, sizing: TabSizing = .measured()) throws -> TabStrip {
        try TabStrip(source: source, sizing: sizing, estimate: .width(80), viewport: Viewport(width: 390, height: 44))
    }

    /// Finding 1: counts whose sum with the tab count overflows are refused
    /// (no arithmetic trap), on every path that adds tabs.
    @Test func countsThatWouldOverflowAreRefused() throws {
        let source = HostileSource(Self.titles(100))
        var strip = try Self.lazyStrip(source)
        let before = strip
        let refused = TabStripError.countExceedsLimit(
            name: "tabCount", value: .max, limit: TabStripLimits.maximumCount)
        let huge = repeatElement(0, count: .max)
        #expect(throws: refused) { try strip.insertTabs(huge, id: { $0 }, title: { _ in "x" }, at: 0) }
        #expect(throws: refused) {
            try strip.insertTabs(repeatElement(0, count: .max - 50), id: { $0 }, title: { _ in "x" }, at: 100)
        }
        #expect(strip.tabCount == before.tabCount && strip.geometry.widths == before.geometry.widths)
        let bar = try TabBar<RecordingHost, NoPages>(strip: strip, host: RecordingHost())
        #expect(throws: refused) { try bar.insertTabs(huge, id: { $0 }, title: { _ in "x" }, at: 0, time: 0) }
        // A collection that claims `Int.max` elements is refused before a
        // title is read.
        var stored = try TabStrip(titles: Self.titles(10), viewport: Viewport(width: 390, height: 44))
        #expect(throws: refused) { try stored.insertTabs(repeatElement("x", count: .max), at: 0) }
        var geometry = stored.geometry
        #expect(throws: refused) { try geometry.insertTabs(widths: repeatElement(1.0, count: .max), at: 0) }
        var widths = stored.geometry.widths
        #expect(throws: refused) { try widths.insertTabs(widths: repeatElement(1.0, count: .max), at: 0) }
        #expect(stored.tabCount == 10 && geometry.tabCount == 10 && widths.tabCount == 10)
    }

    /// Findings 2 and 3: a source that lends more or fewer titles than
    /// asked, or answers without calling `body`, is refused with an error
    /// naming its answer and what was asked; nothing is measured or
    /// changed. (Under AddressSanitizer, the longer loan was a heap
    /// overflow write: `.ci/sanitizers` runs this test.)
    @Test(arguments: [
        HostileSource.Loan.off(by: 1), .off(by: 200_000), .off(by: -1), .off(by: -4_000), .withoutBody,
    ])
    func aWrongLoanIsRefused(loan: HostileSource.Loan) throws {
        let source = HostileSource(Self.titles(5_000))
        var strip = try Self.lazyStrip(source)
        source.loan = loan
        let before = strip
        var caught: TabStripError?
        do {
            // Far enough that the run measured lies past the view.
            try strip.setContentOffset(strip.contentOffset + 120)
            _ = try strip.measurePendingTabs(limit: 4_000)
        } catch {
            caught = error
        }
        guard case .wrongTitleCount(let tabs, let lent)? = caught else {
            Issue.record("\(loan): threw \(String(describing: caught)), expected wrongTitleCount")
            return
        }
        switch loan {
        case .off(let by): #expect(lent == tabs.count + by || (lent == 0 && tabs.count + by <= 0))
        default: #expect(lent == nil)
        }
        #expect(caught?.description.contains("\(tabs.count) asked") == true)
        // Nothing changed by the refused call; earlier calls may have
        // measured by the single-title path (a source lending nothing).
        #expect(strip.unmeasuredTabCount <= before.unmeasuredTabCount)
        strip._checkInvariants()
        // The measurer never sees a wrong count: the built-in one measures
        // only what both buffers hold.
        let titles = ["a", "bb", "ccc"]
        var out = [Double](repeating: -7, count: 2)
        titles.withUnsafeBufferPointer { t in
            out.withUnsafeMutableBufferPointer { ColumnTitleMeasurer().measureWidths(of: t, into: $0) }
        }
        #expect(out == [8, 16])
        var wide = [Double](repeating: -7, count: 5)
        titles.withUnsafeBufferPointer { t in
            wide.withUnsafeMutableBufferPointer { HostileMeasurer(fault: .none).measureWidths(of: t, into: $0) }
        }
        #expect(wide == [8, 16, 24, -7, -7])
    }

    /// A measurer that leaves widths unwritten (or writes bad ones) is
    /// refused naming the tab, never read as a width.
    @Test(arguments: [HostileMeasurer.Fault.unwritten, .halfWritten, .nan, .negative, .infinite])
    func aMeasurerThatLeavesWidthsUnwrittenIsRefused(fault: HostileMeasurer.Fault) throws {
        let titles = Self.titles(4_000)
        let sizing = TabSizing.measured(by: HostileMeasurer(fault: fault))
        // Built eagerly: the whole batch.
        #expect(throws: TabStripError.self) {
            _ = try TabStrip(titles: titles, sizing: sizing, viewport: Viewport(width: 390, height: 44))
        }
        // Lazily, from a source that lends its titles, and from one that
        // does not.
        for loan in [HostileSource.Loan.honest, .none] {
            let source = HostileSource(titles)
            source.loan = loan
            do {
                _ = try Self.lazyStrip(source, sizing: sizing)
                Issue.record("\(fault), \(loan): built")
            } catch {
                guard case .invalidWidth? = error as? TabStripError else {
                    Issue.record("\(fault), \(loan): threw \(error)")
                    continue
                }
            }
        }
    }

    /// Findings 4 and 5: measuring ahead never fails a call for a tab it
    /// does not need. A fling over a source missing titles off screen runs
    /// every frame; the missing tabs keep their estimates until a call
    /// shows them, and that call throws naming the tab.
    @Test func aMissingTitleAheadFailsNoFrame() throws {
        let source = HostileSource(Self.titles(20_000))
        source.loan = .none
        var strip = try Self.lazyStrip(source)
        // Missing titles 8 to 250 tabs past the view, as reported.
        let firstMissing = strip.visibleTabs.upperBound + 8
        source.missing = Set([firstMissing, firstMissing + 40, firstMissing + 242])
        var offset = strip.contentOffset
        var frames = 0
        // Frame by frame up to the first missing tab's view.
        let stop = try strip.frame(ofTab: firstMissing).minX - strip.viewport.width - strip.layout.overscan - 40
        while offset < stop {
            offset = try strip.setContentOffset(Swift.min(offset + 12, stop))
            frames += 1
        }
        #expect(frames > 10)
        for tab in source.missing { #expect(try !strip.isMeasured(tab: tab), "tab \(tab) keeps its estimate") }
        // The call that shows one throws, naming it, and changes nothing.
        let before = strip
        #expect(throws: TabStripError.titleUnavailable(index: firstMissing)) {
            try strip.reveal(firstMissing, scroll: .center)
        }
        #expect(strip.contentOffset == before.contentOffset && strip.geometry.widths == before.geometry.widths)
    }

    /// Finding 5: a drag whose auto-scroll runs into a tab that cannot be
    /// measured can still be moved, dropped and cancelled.
    @Test(arguments: [false, true])
    func aDragOverAnUnmeasurableTabCanAlwaysEnd(drop: Bool) throws {
        let source = HostileSource(Self.titles(2_000))
        source.loan = .none
        let strip = try Self.lazyStrip(source)
        let host = RecordingHost()
        let v = try TabStripVirtualizer(strip: strip, host: host)
        let reorder = try TabReorder(virtualizer: v)
        let tab = v.visibleTabs.lowerBound + 1
        try reorder.begin(tab: tab, at: 40, time: 0)
        // Every tab past the view is missing: the auto-scroll stops at the
        // first one it would show.
        source.missing = Set((v.visibleTabs.upperBound)..<2_000)
        try reorder.move(to: 385, at: 0.01)
        var time = 0.01
        for _ in 0..<120 {
            time += 1.0 / 60
            try reorder.advance(to: time)
        }
        #expect(reorder.draggedTab == tab)
        try reorder.move(to: 300, at: time + 0.01)
        if drop {
            _ = try reorder.drop(at: time + 0.02)
        } else {
            try reorder.cancel(at: time + 0.02)
        }
        #expect(reorder.draggedTab == nil)
        v._checkInvariants()
        #expect(host.protocolViolations.isEmpty, "\(host.protocolViolations)")
    }

    /// Finding 6: changes computed on one strip are refused by another with
    /// the same tab count and as many edits behind it.
    @Test func changesFromAnotherStripAreRefused() throws {
        let ids = Array(0..<19)
        let a = try TabStrip(tabs: ids, id: { $0 }, title: { "a\($0)" }, viewport: Viewport(width: 390, height: 44))
        var b = try TabStrip(tabs: ids, id: { $0 }, title: { "b\($0)" }, viewport: Viewport(width: 390, height: 44))
        let fresh = ids.reversed().map { ($0, "a\($0)") }
        let changes = try a.changes(to: fresh, id: { $0.0 }, title: { $0.1 })
        let before = b
        #expect(throws: TabStripError.staleTabListChanges) { try b.apply(changes) }
        #expect(b.geometry.widths == before.geometry.widths && Array(b.titles) == Array(before.titles))
        // A copy of the strip the changes came from takes them: the same
        // state; the changes then belong to nothing else.
        var copy = a
        try copy.apply(changes)
        var original = a
        try original.apply(changes)
        #expect(throws: TabStripError.staleTabListChanges) { try copy.apply(changes) }
    }

    /// Finding 7: changes applied once are refused the second time, empty
    /// ones included, so the IDs the strip remembers always name its tabs.
    @Test func changesAreAppliedOnce() throws {
        let ids = Array(0..<8)
        var strip = try TabStrip(tabs: ids, id: { $0 }, title: { "t\($0)" }, viewport: Viewport(width: 390, height: 44))
        let same = try strip.changes(to: ids.map { ($0, "t\($0)") }, id: { $0.0 }, title: { $0.1 })
        #expect(same.isEmpty)
        try strip.apply(same)
        #expect(throws: TabStripError.staleTabListChanges) { try strip.apply(same) }
        let moved = [7] + Array(0..<7)
        let changes = try strip.changes(to: moved.map { ($0, "t\($0)") }, id: { $0.0 }, title: { $0.1 })
        try strip.apply(changes)
        #expect(throws: TabStripError.staleTabListChanges) { try strip.apply(changes) }
        // A list naming an ID twice is refused.
        #expect(throws: TabStripError.duplicateTabID(name: "tabs", id: "1", index: 1)) {
            _ = try strip.changes(to: [(1, "x"), (1, "y")], id: { $0.0 }, title: { $0.1 })
        }
    }

    /// A source that reads the strip from inside its callbacks during an
    /// edit sees the strip before the edit or after it (with the tabs not
    /// yet measured at their estimates), never a mix: its tab count matches
    /// its widths, and every tab has a frame.
    @Test func aSourceReadingTheStripMidEditSeesAWholeState() throws {
        final class Box: @unchecked Sendable { var v: TabStripVirtualizer<RecordingHost>? }
        let box = Box()
        let source = HostileSource(Self.titles(300))
        source.loan = .none
        var seen = 0
        var mixed: [String] = []
        source.onRequest = { _ in
            guard let v = box.v else { return }
            let strip = v.strip
            seen += 1
            if strip.geometry.tabCount != strip.tabCount {
                mixed.append("\(strip.tabCount) tabs, \(strip.geometry.tabCount) widths")
            }
            if strip.tabCount > 0, (try? strip.frame(ofTab: strip.tabCount - 1)) == nil {
                mixed.append("no frame for the last tab of \(strip.tabCount)")
            }
        }
        let strip = try TabStrip(
            source: source, estimate: .measured(by: ColumnTitleMeasurer()), viewport: Viewport(width: 390, height: 44))
        let v = try TabStripVirtualizer(strip: strip, host: RecordingHost())
        box.v = v
        try v.insertTabs([1_000, 1_001, 1_002], id: { $0 }, title: { "新\($0)" }, at: 0)
        try v.removeTabs(in: 10..<20)
        try v.setContentOffset(4_000)
        try v.moveTab(from: 40, to: 2)
        try v.insertTabs(Array(2_000..<2_050), id: { $0 }, title: { "尾\($0)" }, at: v.strip.tabCount)
        try v.setSizing(.measured(padding: 12))
        let newList = HostileSource((0..<250).map { "新闻\($0)" })
        newList.onRequest = source.onRequest
        try v.apply(v.strip.changes(toSource: newList))
        #expect(seen > 0)
        #expect(mixed.isEmpty, "\(mixed.prefix(4))")
        #expect(source.outOfRange.isEmpty)
    }
}
