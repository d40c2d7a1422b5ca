import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// Seeded random sequences through a virtualiser over a strip whose titles
/// come from a source that breaks its contract at random: wrong loans,
/// missing titles, answers that change from call to call, reads of the
/// engine from inside its callbacks; and now and then a measurer that
/// writes bad widths or none. Checked at every step: a call that throws
/// leaves the strip and the cells exactly as they were; one that returns
/// leaves every shown tab measured; the cells match the strip (the
/// virtualiser's invariants, compiled in by `TABSTRIP_INTERNAL_CHECKS`, and
/// the host's record); the source is never asked for a tab outside the
/// strip; and a read from a callback sees a whole strip.
@Suite struct HostileSequencesTests {
    struct Snapshot: Equatable {
        var tabCount: Int
        var offset: Double
        var widths: TabWidths
        var unmeasured: Int
        var selected: Int?

        init(_ strip: TabStrip) {
            tabCount = strip.tabCount
            offset = strip.contentOffset
            widths = strip.geometry.widths
            unmeasured = strip.unmeasuredTabCount
            selected = strip.selectedIndex
        }
    }

    @Test(arguments: 0..<4)
    func randomSequences(block: Int) throws {
        var thrown = 0
        var kinds = Set<String>()
        for k in 0..<60 {
            let seed = TestSeed.value(default: 0x4057_1000) &+ UInt64(block * 1_000 + k)
            let result = try Self.run(seed: seed)
            thrown += result.thrown
            kinds.formUnion(result.kinds)
            if !result.failures.isEmpty {
                Issue.record("seed \(seed): \(result.failures.joined(separator: "; "))")
                return
            }
        }
        // The sequences met the failures they are for.
        #expect(thrown > 0, "block \(block): no call was refused")
        for kind in ["wrongTitleCount", "titleUnavailable", "invalidWidth"] {
            #expect(kinds.contains(kind), "block \(block): no \(kind)")
        }
    }

    final class Box: @unchecked Sendable { var v: TabStripVirtualizer<RecordingHost>? }

    static func run(seed: UInt64) throws -> (failures: [String], thrown: Int, kinds: Set<String>) {
        var rng = SeededGenerator(seed: seed, stream: "hostile")
        var failures: [String] = []
        var thrown = 0
        var kinds = Set<String>()
        let count = [0, 5, 60, 900][rng.next(below: 4)]
        let source = HostileSource((0..<count).map { "台\($0)" + String(repeating: "k", count: $0 % 7) })
        let box = Box()
        source.onRequest = { _ in
            guard let v = box.v else { return }
            let strip = v.strip
            if strip.geometry.tabCount != strip.tabCount {
                failures.append("a read from the source saw \(strip.tabCount) tabs, \(strip.geometry.tabCount) widths")
            }
        }
        let measurer = FaultyColumns()
        var layout = TabStripLayout(spacing: [0, 6][rng.next(below: 2)])
        layout.direction = rng.next(below: 3) == 0 ? .rightToLeft : .leftToRight
        layout.contentInsets = HorizontalInsets(leading: Double(rng.next(below: 3) * 8), trailing: 0)
        let strip = try TabStrip(
            source: source, sizing: .measured(by: measurer), estimate: .width([24, 80][rng.next(below: 2)]),
            layout: layout, viewport: Viewport(width: [160, 390][rng.next(below: 2)], height: 44))
        let host = RecordingHost()
        let v = try TabStripVirtualizer(strip: strip, host: host)
        box.v = v
        if count > 3, rng.next(below: 2) == 0 { try v.setPinnedTabs(PinnedTabs(leading: 1, trailing: 1)) }
        var history: [String] = []
        for step in 0..<30 {
            // The faults for this step.
            source.loan =
                [.honest, .none, .off(by: 1), .off(by: -1), .off(by: 300), .withoutBody][
                    rng.next(below: 6) < 3 ? rng.next(below: 2) : 2 + rng.next(below: 4)]
            source.missing = []
            let n = v.strip.tabCount
            if n > 0, rng.next(below: 3) == 0 {
                for _ in 0..<(1 + rng.next(below: 20)) { source.missing.insert(rng.next(below: n)) }
            }
            source.fickle = rng.next(below: 8) == 0
            measurer.fault = rng.next(below: 10) == 0 ? [.nan, .unwritten][rng.next(below: 2)] : .none
            let before = Snapshot(v.strip)
            let cellsBefore = v.visibleTabs
            let op = rng.next(below: 7)
            let note =
                "step \(step) (operation \(op), loan \(source.loan), \(source.missing.count) missing, \(measurer.fault))"
            history.append(note)
            do {
                switch op {
                case 0, 1:
                    let range = v.strip.contentOffsetRange
                    let x = Double(rng.next(below: Int(range.upperBound) + 200)) - 100
                    try v.setContentOffset(x)
                case 2:
                    guard n > 0 else { break }
                    let scrolls: [SelectionScroll] = [.center, .reveal, .none]
                    try v.select(rng.next(below: n), scroll: scrolls[rng.next(below: 3)])
                case 3:
                    try v.measurePendingTabs(limit: [1, 64, 600][rng.next(below: 3)])
                case 4:
                    guard n < 2_000 else { break }
                    let at = rng.next(below: n + 1)
                    let added = 1 + rng.next(below: 4)
                    let first = 100_000 + step * 10
                    try v.insertTabs(Array(first..<(first + added)), id: { $0 }, title: { "新\($0)" }, at: at)
                case 5:
                    guard n > 0 else { break }
                    let lower = rng.next(below: n)
                    let upper = Swift.min(n, lower + 1 + rng.next(below: 3))
                    try v.removeTabs(in: lower..<upper)
                default:
                    // The source's tab renamed (the host's model changed):
                    // the strip is told through a new list by ID.
                    guard n > 0 else { break }
                    let i = rng.next(below: n)
                    try v.renameTab(i, to: "改\(step)")
                }
                // Returned: every tab shown is measured.
                for tab in v.visibleTabs where !((try? v.strip.isMeasured(tab: tab)) ?? false) {
                    failures.append(
                        "\(note): tab \(tab) shown, not measured (offset \(v.strip.contentOffset) of \(v.strip.contentOffsetRange), \(v.strip.tabCount) tabs, cells \(v.visibleTabs), before \(before.offset) cells \(cellsBefore), pins \(v.strip.pinnedTabRanges))"
                    )
                }
            } catch {
                thrown += 1
                switch error {
                case .wrongTitleCount: kinds.insert("wrongTitleCount")
                case .titleUnavailable: kinds.insert("titleUnavailable")
                case .invalidWidth: kinds.insert("invalidWidth")
                default: break
                }
                if Snapshot(v.strip) != before { failures.append("\(note): \(error) changed the strip") }
                if v.visibleTabs != cellsBefore { failures.append("\(note): \(error) changed the cells") }
            }
            v._checkInvariants()
            if !source.outOfRange.isEmpty { failures.append("\(note): source asked for \(source.outOfRange)") }
            if !host.protocolViolations.isEmpty { failures.append("\(note): \(host.protocolViolations)") }
            if !failures.isEmpty {
                failures.append("after \(history.suffix(4))")
                break
            }
        }
        box.v = nil
        return (failures, thrown, kinds)
    }
}

/// The display-column measurer with a fault switched on and off by the
/// test (a class: the strip keeps its own copy of the sizing).
final class FaultyColumns: TitleMeasurer, @unchecked Sendable {
    var fault = HostileMeasurer.Fault.none

    func width(of title: String) -> Double {
        HostileMeasurer(fault: fault).width(of: title)
    }

    func measureWidths(of titles: UnsafeBufferPointer<String>, into widths: UnsafeMutableBufferPointer<Double>) {
        HostileMeasurer(fault: fault).measureWidths(of: titles, into: widths)
    }
}
