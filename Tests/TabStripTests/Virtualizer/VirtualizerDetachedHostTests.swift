import TabStripTestSupport
import Testing

@testable import TabStripCore

/// A virtualiser whose host is cleared, the strip changed, and a host set
/// again (issue 29, item 3): the read API stays true to the strip while
/// detached, and attaching a host resynchronises every cell.
@Suite struct VirtualizerDetachedHostTests {
    typealias V = TabStripVirtualizer<RecordingHost>

    /// Every cell the read API reports belongs to a tab of the strip and
    /// shows what the strip says (title, badge, selected state, frame,
    /// appearance); the cells cover the strip's visible range or nothing.
    static func expectReadAPITrue(_ v: V, _ note: String) throws {
        let strip = v.strip
        let visible = v.visibleTabs
        #expect(
            visible.isEmpty || visible == TabStripVirtualizer<RecordingHost>.cellRange(of: v._strip),
            "\(note): cells for \(visible), the strip shows \(strip.visibleTabs)")
        for i in visible {
            guard i >= 0, i < strip.tabCount, let cell = v.cell(ofTab: i) else {
                Issue.record("\(note): cell reported for tab \(i) of \(strip.tabCount)")
                continue
            }
            try TabStripVirtualizerTests.expectCell(cell, shows: i, of: strip, note)
        }
        for i in [-1, strip.tabCount, strip.tabCount + 3] {
            #expect(v.cell(ofTab: i) == nil, "\(note): a cell for tab \(i) of \(strip.tabCount)")
        }
    }

    static func makeVirtualizer(_ host: RecordingHost) throws -> V {
        let titles = (0..<30).map { "tab \($0)" }
        let strip = try TabStrip(titles: titles, viewport: Viewport(width: 200, height: 44))
        return try TabStripVirtualizer(strip: strip, host: host)
    }

    /// The issue's sequences: a change made while detached, then the same
    /// host (or another) set again and a scroll.
    @Test(arguments: ["insert", "select", "rename", "sizing", "badge", "removeAll", "scroll", "nothing"])
    func aChangeWhileDetachedIsShownOnceAHostIsBack(change: String) throws {
        for reattachOther in [false, true] {
            let host = RecordingHost()
            let other = RecordingHost(firstSerial: 1_000)
            let v = try Self.makeVirtualizer(host)
            let note = "\(change), \(reattachOther ? "other host" : "same host")"
            v.host = nil
            switch change {
            case "insert": try v.insertTabs(["NEW"], at: 0)
            case "select": try v.select(1, scroll: .none)
            case "rename": try v.renameTab(0, to: "renamed tab zero")
            case "sizing": try v.setSizing(.equalDivision())
            case "badge": try v.setBadge(.count(7), ofTab: 1)
            case "removeAll": try v.removeTabs(in: 0..<v.strip.tabCount)
            case "scroll": try v.setContentOffset(150)
            default: break
            }
            try Self.expectReadAPITrue(v, "\(note), detached")
            let next = reattachOther ? other : host
            v.host = next
            try Self.expectReadAPITrue(v, "\(note), attached")
            try TabStripVirtualizerTests.expectScreenMatches(v, next, "\(note), attached", alsoMadeBy: [host, other])
            try v.setContentOffset(0)
            try Self.expectReadAPITrue(v, "\(note), scrolled")
            try TabStripVirtualizerTests.expectScreenMatches(v, next, "\(note), scrolled", alsoMadeBy: [host, other])
        }
    }

    /// A host callback that sets another host: once the running call has
    /// finished, the new host resynchronises every cell.
    @Test func aHostSetFromACallbackResynchronisesWhenTheCallEnds() throws {
        let host = RecordingHost()
        let other = RecordingHost(firstSerial: 1_000)
        let v = try Self.makeVirtualizer(host)
        var swapped = false
        host.onCallback = { [unowned v] callback in
            guard !swapped, callback == .configure else { return }
            swapped = true
            v.host = other
        }
        try v.setContentOffset(400)
        #expect(swapped)
        #expect(v.host === other)
        #expect(other.configures == v.visibleTabs.count, "the new host configured every visible cell")
        try TabStripVirtualizerTests.expectScreenMatches(v, other, "after the swap", alsoMadeBy: [host])
    }

    /// A host callback that clears the host, or drops the last reference
    /// to the virtualiser itself, while a call runs: the running call
    /// finishes with the host it started with (held for the call), the
    /// cells it made match the strip, and the virtualiser is freed once the
    /// call returns. (Run under `.ci/sanitizers` for the memory side.)
    @Test func aCallbackThatDropsTheHostOrTheVirtualizer() throws {
        final class Owner { var v: V? }
        for callback in RecordingHost.Callback.allCases {
            // The host cleared from inside the callback.
            let host = RecordingHost()
            let v = try Self.makeVirtualizer(host)
            var fired = false
            host.onCallback = { [unowned v] c in
                guard c == callback, !fired else { return }
                fired = true
                v.host = nil
            }
            try v.setContentOffset(500)
            try v.removeTabs(in: 0..<3)
            try v.select(4)
            try Self.expectReadAPITrue(v, "\(callback): host cleared")
            host.onCallback = nil
            v.host = host
            try TabStripVirtualizerTests.expectScreenMatches(v, host, "\(callback): host set again")

            // The last reference to the virtualiser dropped.
            let owner = Owner()
            let other = RecordingHost()
            owner.v = try Self.makeVirtualizer(other)
            weak let freed = owner.v
            var dropped = false
            other.onCallback = { [weak owner] c in
                guard c == callback, !dropped else { return }
                dropped = true
                owner?.v = nil
            }
            try owner.v?.setContentOffset(700)
            if owner.v != nil { try owner.v?.select(20) }
            if owner.v != nil { try owner.v?.insertTabs(["x"], at: 0) }
            #expect(owner.v == nil || !dropped, "\(callback)")
            #expect(freed == nil || !dropped, "\(callback): the virtualiser outlived the call")
            #expect(other.protocolViolations.isEmpty, "\(callback): \(other.protocolViolations)")
        }
    }

    /// Seeded sequences of the virtualiser's randomized model test with the
    /// host cleared and set again (the same one or another) between steps;
    /// after every step the read API is compared with the strip and, while
    /// a host is attached, the screen with the reference model.
    @Test func randomSequencesWithADetachedHost() throws {
        for seed in ModelScale.seeds(3_000, salt: 0xDE7A) {
            var rng = SeededGenerator(seed: seed)
            let hosts = [
                RecordingHost(usesKinds: seed % 3 == 0),
                RecordingHost(usesKinds: seed % 3 == 0, firstSerial: 1_000_000),
            ]
            let count = [0, 1, 3, 12, 40][Int.random(in: 0..<5, using: &rng)]
            let layout = TabStripLayout(
                contentInsets: HorizontalInsets(leading: Double(Int.random(in: 0...20, using: &rng)), trailing: 8),
                spacing: [0, 6][Int.random(in: 0..<2, using: &rng)],
                direction: seed % 4 == 1 ? .rightToLeft : .leftToRight,
                alignment: [.leading, .center, .fill][Int.random(in: 0..<3, using: &rng)],
                overscan: [0, 30, 60][Int.random(in: 0..<3, using: &rng)]
            )
            let titles = (0..<count).map { _ in TabStripVirtualizerTests.randomTitle(&rng) }
            let viewport = Viewport(width: Double(Int.random(in: 120...600, using: &rng)), height: 44)
            let strip = try TabStrip(titles: titles, layout: layout, viewport: viewport)
            var model = try StripModel(
                titles: titles, sizing: .measured(), advance: 8, layout: layout, viewport: viewport,
                selectedIndex: 0, titleStyle: .douyin, indicatorStyle: .douyin, revealMargin: 30
            )
            let v = try TabStripVirtualizer(strip: strip, host: hosts[0], poolLimit: Int.random(in: 0...6, using: &rng))
            var attached: RecordingHost? = hosts[0]
            for step in 0..<16 {
                let note = "seed \(seed) step \(step)"
                model.beginStep()
                if Int.random(in: 0..<4, using: &rng) == 0 {
                    attached = attached == nil ? hosts[Int.random(in: 0..<2, using: &rng)] : nil
                    v.host = attached
                } else {
                    try TabStripVirtualizerTests.randomStep(
                        v, attached ?? hosts[0], &model, &rng, note: note, countsWork: attached != nil)
                }
                try Self.expectReadAPITrue(v, note)
                if let attached {
                    try TabStripVirtualizerTests.expectScreenMatches(v, attached, note, alsoMadeBy: hosts)
                    TabStripVirtualizerTests.expectScreenMatchesModel(v, &model, note)
                } else {
                    v._checkInvariants()
                    #expect(Array(v.strip.titles) == model.titles, "\(note): titles")
                    #expect(v.strip.selectedIndex == model.selectedIndex, "\(note): selection")
                    let offset = v.strip.contentOffset
                    #expect(
                        model.offsetCandidates.contains { abs($0 - offset) <= StripModel.tolerance },
                        "\(note): offset \(offset), model \(model.offsetCandidates)")
                    model.contentOffset = offset
                }
            }
        }
    }
}
