import TabStripTestSupport
import Testing

@testable import TabStripCore

/// A host replaced by another (issue 44): the old host gets back every cell
/// it made (`discard`, idle ones included) and hides its indicator; the new
/// host shows only cells it made, one per visible and pinned tab. Two hosts
/// count the cells they show.
@Suite struct HostReplacementTests {
    static func shown(_ host: RecordingHost) -> Int { host.made.filter { $0.state == .shown }.count }
    static func held(_ host: RecordingHost) -> Int { host.made.filter { $0.state != .discarded }.count }

    static func make(_ host: RecordingHost, pins: Bool) throws -> TabStripVirtualizer<RecordingHost> {
        let strip = try TabStrip(titles: (0..<400).map { "频道\($0)" }, viewport: Viewport(width: 390, height: 44))
        let v = try TabStripVirtualizer(strip: strip, host: host, poolLimit: 4)
        if pins { try v.setPinnedTabs(PinnedTabs(leading: 1, trailing: 1)) }
        return v
    }

    /// The cells a virtualiser gives out: one per visible tab, plus the
    /// pinned ones.
    static func expected(_ v: TabStripVirtualizer<RecordingHost>) -> Int {
        let pinned = v.strip.pinnedTabRanges
        return v.visibleTabs.count + pinned.leading.count + pinned.trailing.count
    }

    @Test(arguments: [false, true], ["direct", "detached", "callback"])
    func theOldHostGetsItsCellsBack(pins: Bool, how: String) throws {
        let a = RecordingHost()
        let b = RecordingHost(firstSerial: 1_000_000)
        let v = try Self.make(a, pins: pins)
        // Fill the idle pool: a narrower viewport leaves cells idle.
        try v.setContentOffset(3_000)
        try v.setViewport(Viewport(width: 200, height: 44))
        #expect(a.made.contains { $0.state == .idle }, "some idle cells to hand back")
        #expect(Self.shown(a) == Self.expected(v))
        switch how {
        case "direct":
            v.host = b
        case "detached":
            v.host = nil
            try v.setContentOffset(3_500)
            v.host = b
        default:
            var swapped = false
            a.onCallback = { [unowned v] callback in
                guard !swapped, callback == .place else { return }
                swapped = true
                v.host = b
            }
            try v.setContentOffset(4_200)
            #expect(swapped)
        }
        let note = "\(how), pins \(pins)"
        #expect(v.host === b, "\(note)")
        #expect(Self.held(a) == 0, "\(note): \(Self.held(a)) of the old host's cells not handed back")
        #expect(a.indicator == .some(nil), "\(note): the old host's indicator hidden")
        #expect(Self.shown(b) == Self.expected(v), "\(note): the new host shows \(Self.shown(b))")
        #expect(a.protocolViolations.isEmpty, "\(note): \(a.protocolViolations)")
        #expect(b.protocolViolations.isEmpty, "\(note): \(b.protocolViolations)")
        // From then on, only the new host hears of cells.
        a.resetCounts()
        try v.setContentOffset(12_000)
        try v.select(350)
        #expect(a.configures + a.places + a.applies + a.recycles + a.discards == 0, "\(note)")
        #expect(Self.shown(b) == Self.expected(v), "\(note): after a scroll")
        v._checkInvariants()
        if !pins { try TabStripVirtualizerTests.expectScreenMatches(v, b, note) }
    }

    /// The host that made the cells, set again after a detach, keeps them:
    /// nothing is handed back, nothing made again.
    @Test func theSameHostSetAgainKeepsItsCells() throws {
        let a = RecordingHost()
        let v = try Self.make(a, pins: true)
        try v.setContentOffset(2_000)
        let made = a.made.count
        v.host = nil
        v.host = a
        #expect(a.discards == 0)
        #expect(a.made.count == made)
        #expect(Self.shown(a) == Self.expected(v))
        #expect(a.protocolViolations.isEmpty, "\(a.protocolViolations)")
    }

    /// Seeded sequences alternating two hosts (detached in between or
    /// not) with scrolls, edits and pins: after every step each host shows
    /// exactly the cells it should (the attached one one per visible and
    /// pinned tab, the other none) and neither saw a protocol violation.
    @Test func randomSequencesWithTwoHosts() throws {
        for seed in ModelScale.seeds(200, salt: 0x4057_4057) {
            var rng = SeededGenerator(seed: seed)
            let hosts = [RecordingHost(), RecordingHost(firstSerial: 1_000_000)]
            let v = try Self.make(hosts[0], pins: rng.next(below: 2) == 0)
            var attached: Int? = 0
            for step in 0..<40 {
                let note = "seed \(seed) step \(step)"
                switch rng.next(below: 6) {
                case 0:
                    attached = [nil, 0, 1][rng.next(below: 3)]
                    v.host = attached.map { hosts[$0] }
                case 1:
                    try v.insertTabs(["新\(step)"], at: rng.next(below: v.strip.tabCount + 1))
                case 2:
                    if v.strip.tabCount > 3 { try v.removeTabs(in: 1..<2) }
                case 3:
                    let leading = rng.next(below: 2)
                    try v.setPinnedTabs(PinnedTabs(leading: leading, trailing: rng.next(below: 2)))
                default:
                    try v.setContentOffset(Double(rng.next(below: Int(v.strip.contentOffsetRange.upperBound) + 1)))
                }
                for (k, host) in hosts.enumerated() {
                    #expect(host.protocolViolations.isEmpty, "\(note): host \(k): \(host.protocolViolations)")
                    if k == attached {
                        #expect(Self.shown(host) == Self.expected(v), "\(note): host \(k) shows \(Self.shown(host))")
                    } else if attached != nil {
                        #expect(Self.held(host) == 0, "\(note): host \(k) still holds \(Self.held(host)) cells")
                    }
                }
                if attached != nil { v._checkInvariants() }
            }
        }
    }
}
