import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

@Suite struct TabReorderTests {
    typealias Reorder = TabReorder<RecordingHost>

    static func make(
        count: Int = 60, direction: LayoutDirection = .leftToRight, spacing: Double = 8, titles: [String]? = nil
    ) throws -> (Reorder, RecordingHost) {
        let host = RecordingHost()
        let names = titles ?? (0..<count).map { "tab\($0)" + String(repeating: "x", count: $0 % 5) }
        let strip = try TabStrip(
            tabs: names, id: { $0 }, title: { $0 }, layout: TabStripLayout(spacing: spacing, direction: direction),
            viewport: Viewport(width: 320, height: 44))
        return (try Reorder(virtualizer: TabStripVirtualizer(strip: strip, host: host)), host)
    }

    /// The reference for a drag: what the finger and the strip say, by
    /// formulas written out here (a linear scan where the engine searches).
    struct DragModel {
        var tab: Int
        var cell: RecordingCell
        var grab: Double
        var location: Double
        var anchorOffset: Double
        var anchorTime: Double
        /// The time of the last change of destination (the shifts are at
        /// rest `shiftDuration` after it).
        var lastRetarget: Double
        var destination: Int

        func liftedFrame(_ strip: TabStrip, offset: Double? = nil) throws -> Rect {
            var frame = try strip.frame(ofTab: tab)
            let first = try strip.frame(ofTab: 0)
            let last = try strip.frame(ofTab: strip.tabCount - 1)
            let low = min(first.minX, last.minX)
            let high = max(low, max(first.maxX, last.maxX) - frame.width)
            frame.x = min(max((offset ?? strip.contentOffset) + location - grab, low), high)
            return frame
        }

        func expectedDestination(_ strip: TabStrip, offset: Double? = nil) throws -> Int {
            let center = try liftedFrame(strip, offset: offset).midX
            let ltr = strip.layout.direction == .leftToRight
            var before = 0
            for j in 0..<strip.tabCount where j != tab {
                let c = try strip.frame(ofTab: j).midX
                if ltr ? c < center : c > center { before += 1 }
            }
            return before
        }

        /// The shift tab `j` rests at.
        func target(_ j: Int, _ strip: TabStrip) throws -> Double {
            var room = try strip.frame(ofTab: tab).width + strip.layout.spacing
            if strip.layout.direction == .rightToLeft { room = -room }
            if j > tab, j <= destination { return -room }
            if j < tab, j >= destination { return room }
            return 0
        }

        static func speed(at x: Double, _ strip: TabStrip, _ r: Reorder) -> Double {
            guard strip.contentOffsetRange.upperBound > 0 else { return 0 }
            let left = min(max((r.edgeWidth - x) / r.edgeWidth, 0), 1)
            let right = min(max((x - (strip.viewport.width - r.edgeWidth)) / r.edgeWidth, 0), 1)
            return r.maximumScrollSpeed * (right * right - left * left)
        }
    }

    /// Checks the screen during a drag against the model: the lifted cell
    /// under the finger, the destination, every other cell in view at its
    /// strip frame moved along x only, by at most the room and only
    /// towards the dragged tab's place (exactly the room once the shifts
    /// rest), and the indicator moved with the selected tab.
    static func expectDrag(_ r: Reorder, _ host: RecordingHost, _ m: DragModel, at time: Double, _ note: String) throws
    {
        let v = r.virtualizer
        let strip = v.strip
        v._checkInvariants()
        #expect(host.protocolViolations.isEmpty, "\(note): \(host.protocolViolations)")
        #expect(r.draggedTab == m.tab, "\(note)")
        #expect(r.destination == m.destination, "\(note): destination \(String(describing: r.destination))")
        #expect(try r.destination == m.expectedDestination(strip), "\(note): destination vs the scan")
        #expect(v.cell(ofTab: m.tab) === m.cell, "\(note): the lifted cell changed")
        #expect(m.cell.state == .shown, "\(note): the lifted cell is not shown")
        let lifted = try m.liftedFrame(strip)
        #expect(
            m.cell.frame == lifted,
            "\(note): lifted at \(String(describing: m.cell.frame)), model \(lifted), offset \(strip.contentOffset)")
        let atRest = (r.lastTime ?? time) >= m.lastRetarget + r.shiftDuration
        for j in v.visibleTabs where j != m.tab {
            let cell = try #require(v.cell(ofTab: j))
            let rest = try strip.frame(ofTab: j)
            let shown = try #require(cell.frame)
            #expect(shown.y == rest.y && shown.width == rest.width && shown.height == rest.height, "\(note): tab \(j)")
            let shift = shown.x - rest.x
            let target = try m.target(j, strip)
            var room = try strip.frame(ofTab: m.tab).width + strip.layout.spacing
            if strip.layout.direction == .rightToLeft { room = -room }
            let allowed = j > m.tab ? min(-room, 0)...max(-room, 0) : min(room, 0)...max(room, 0)
            #expect(allowed.contains(shift), "\(note): tab \(j) shifted by \(shift), room \(room)")
            if atRest {
                #expect(
                    abs(shift - target) <= 1e-9,
                    "\(note): tab \(j) at \(shift), target \(target), last retarget \(m.lastRetarget), \(r.shifts.map { ($0.tab, $0.animation.startTime, $0.animation.to) })"
                )
            }
            #expect(try r.shownFrame(ofTab: j) == shown, "\(note): shownFrame(ofTab: \(j))")
        }
        if let selected = strip.selectedIndex, let cell = v.cell(ofTab: selected), let frame = strip.indicatorFrame,
            case .some(.some(let indicator)) = host.indicator
        {
            let moved = try #require(cell.frame).x - strip.frame(ofTab: selected).x
            #expect(abs(indicator.x - (frame.x + moved)) <= 1e-9, "\(note): indicator at \(indicator.x)")
        }
    }

    /// At rest (no drag, nothing moving): every cell in view at its strip
    /// frame, the indicator at the strip's.
    static func expectRest(_ r: Reorder, _ host: RecordingHost, _ note: String, alsoMadeBy others: [RecordingHost] = [])
        throws
    {
        #expect(!r.needsFrames, "\(note): still needs frames")
        #expect(r.draggedTab == nil && r.virtualizer._heldCellTab == nil, "\(note): still dragging")
        try TabStripVirtualizerTests.expectScreenMatches(r.virtualizer, host, note, alsoMadeBy: others)
        if case .some(let indicator) = host.indicator {
            #expect(indicator == r.virtualizer.strip.indicatorFrame, "\(note): indicator")
        }
    }

    /// Seeded random drags in both directions with random spacing, widths
    /// and selection: begins, moves (inside and outside the viewport, in
    /// the auto-scroll zones), frames, drops, cancels, edits made mid-drag
    /// and bad calls, checked against the model after every step; after
    /// each drop the strip's titles are the model's list with one move, and
    /// no cell was made by the drop.
    @Test func randomDragsMatchTheModel() throws {
        // How often each path ran (the sequences must reach them all).
        var movedDrops = 0
        var keptThroughApply = 0
        var scrolledFrames = 0
        var editCancels = 0
        for seed in ModelScale.seeds(120, salt: 0x2E0_4DE2) {
            var rng = SeededGenerator(seed: seed)
            let count = rng.next(in: 2...150)
            var titles = (0..<count).map { "t\($0)" + String(repeating: "w", count: rng.next(in: 0...9)) }
            let direction: LayoutDirection = rng.chance(0.5) ? .leftToRight : .rightToLeft
            let (r, host) = try Self.make(direction: direction, spacing: Double(rng.next(in: 0...12)), titles: titles)
            let v = r.virtualizer
            try v.select(rng.next(below: count), scroll: .center)
            var t = 1.0
            var model: DragModel?
            for step in 0..<80 {
                t += rng.chance(0.3) ? 0 : rng.next(in: 0.0...0.12)
                let op = rng.next(below: 11)
                let note =
                    "seed \(seed) step \(step) op \(op) drag \(String(describing: model?.tab)) -> \(String(describing: model?.destination)) visible \(v.visibleTabs)"
                switch op {
                case 0, 1:
                    // Begin on a tab in view (or a bad tab).
                    let visible = v.visibleTabs
                    let x = rng.next(in: -40.0...360.0)
                    if let m = model {
                        #expect(throws: TabStripError.reorderInProgress(tab: m.tab)) {
                            try r.begin(tab: visible.lowerBound, at: x, time: t)
                        }
                        try Self.expectDrag(r, host, m, at: t, note)
                    } else if rng.chance(0.1) {
                        let bad = rng.chance(0.5) ? titles.count + rng.next(below: 3) : -1
                        #expect(throws: TabStripError.indexOutOfRange(index: bad, count: titles.count)) {
                            try r.begin(tab: bad, at: x, time: t)
                        }
                    } else if rng.chance(0.1), visible.upperBound < titles.count {
                        #expect(throws: TabStripError.tabNotShown(index: titles.count - 1)) {
                            try r.begin(tab: titles.count - 1, at: x, time: t)
                        }
                    } else if !visible.isEmpty {
                        let tab = rng.next(in: visible.lowerBound...(visible.upperBound - 1))
                        let frame = try v.strip.frame(ofTab: tab)
                        let cell = try #require(v.cell(ofTab: tab))
                        try r.begin(tab: tab, at: x, time: t)
                        let offset = v.strip.contentOffset
                        model = DragModel(
                            tab: tab, cell: cell, grab: x - (frame.minX - offset), location: x,
                            anchorOffset: offset, anchorTime: t, lastRetarget: -1, destination: tab)
                    }
                case 2, 3, 4:
                    // The finger moves, sometimes into an edge zone.
                    let x =
                        rng.chance(0.3) ? rng.pick([-30.0, 2.0, 20.0, 300.0, 318.0, 350.0]) : rng.next(in: 0.0...320.0)
                    guard var m = model else {
                        #expect(throws: TabStripError.noReorderInProgress(operation: "move(to:at:)")) {
                            try r.move(to: x, at: t)
                        }
                        continue
                    }
                    try Self.scroll(&m, to: t, r, note)
                    try r.move(to: x, at: t)
                    m.location = x
                    m.anchorOffset = v.strip.contentOffset
                    m.anchorTime = t
                    Self.retarget(&m, r, at: t)
                    try Self.expectDrag(r, host, m, at: t, note)
                    model = m
                case 5, 6:
                    let before = v.strip.contentOffset
                    try r.advance(to: t)
                    if v.strip.contentOffset != before { scrolledFrames += 1 }
                    if var m = model {
                        try Self.scroll(&m, to: t, r, note, advanced: true)
                        Self.retarget(&m, r, at: t)
                        try Self.expectDrag(r, host, m, at: t, note)
                        model = m
                    }
                case 7:
                    // Drop: one move, cells kept.
                    guard var m = model else {
                        #expect(throws: TabStripError.noReorderInProgress(operation: "drop(at:)")) { try r.drop(at: t) }
                        continue
                    }
                    // The offset the drop scrolls to first, and where the
                    // lifted tab's centre then is.
                    let speed = DragModel.speed(at: m.location, v.strip, r)
                    let range = v.strip.contentOffsetRange
                    let raw = m.anchorOffset + speed * (t - m.anchorTime)
                    let offset =
                        speed == 0
                        ? v.strip.contentOffset
                        : speed > 0
                            ? max(v.strip.contentOffset, min(raw, range.upperBound))
                            : min(v.strip.contentOffset, max(raw, range.lowerBound))
                    m.destination = try m.expectedDestination(v.strip, offset: offset)
                    let made = host.made.count
                    var cellsBefore: [String: ObjectIdentifier] = [:]
                    for i in v.visibleTabs { cellsBefore[titles[i]] = ObjectIdentifier(try #require(v.cell(ofTab: i))) }
                    let landed = try r.drop(at: t)
                    if landed != m.tab { movedDrops += 1 }
                    #expect(landed == m.destination, "\(note): dropped at \(landed)")
                    titles.insert(titles.remove(at: m.tab), at: landed)
                    #expect(Array(v.strip.titles) == titles, "\(note): titles after the drop")
                    #expect(v.cell(ofTab: landed) === m.cell, "\(note): the dropped cell changed")
                    // Every tab that had a cell keeps it; only tabs new to
                    // the view may need one.
                    var entering = 0
                    for i in v.visibleTabs {
                        let cell = ObjectIdentifier(try #require(v.cell(ofTab: i)))
                        if let before = cellsBefore[titles[i]] {
                            #expect(cell == before, "\(note): tab \(titles[i]) got another cell")
                        } else {
                            entering += 1
                        }
                    }
                    #expect(
                        host.made.count - made <= entering,
                        "\(note): the drop made cells; now visible \(v.visibleTabs), landed \(landed), held \(String(describing: v._heldCellTab)), made before \(made)"
                    )
                    t = try Self.finish(r, from: t)
                    try Self.expectRest(r, host, note)
                    model = nil
                case 8:
                    guard model != nil else {
                        #expect(throws: TabStripError.noReorderInProgress(operation: "cancel(at:)")) {
                            try r.cancel(at: t)
                        }
                        continue
                    }
                    try r.cancel(at: t)
                    #expect(Array(v.strip.titles) == titles, "\(note): titles after a cancel")
                    t = try Self.finish(r, from: t)
                    try Self.expectRest(r, host, note)
                    model = nil
                case 10:
                    // A new list by identity (the titles are the IDs): a
                    // few removed, a few inserted, a shuffle of a window.
                    var fresh = titles
                    for _ in 0..<rng.next(in: 0...2) where fresh.count > 2 {
                        fresh.remove(at: rng.next(below: fresh.count))
                    }
                    for k in 0..<rng.next(in: 0...2) {
                        fresh.insert("s\(step)-\(k)", at: rng.next(in: 0...fresh.count))
                    }
                    let start = rng.next(below: fresh.count)
                    let end = min(fresh.count, start + rng.next(in: 1...8))
                    fresh[start..<end].shuffle(using: &rng)
                    let changes = try v.strip.changes(to: fresh, id: { $0 }, title: { $0 })
                    // As the tab bar applies a list: the strip, then the drag.
                    try v.apply(changes)
                    try r.follow(newIndex: { changes.newIndex(ofOldIndex: $0) }, at: t)
                    #expect(Array(v.strip.titles) == fresh, "\(note): titles after the apply")
                    if let m = model, let tab = fresh.firstIndex(of: titles[m.tab]) {
                        keptThroughApply += 1
                        model = DragModel(
                            tab: tab, cell: m.cell, grab: m.grab, location: m.location,
                            anchorOffset: v.strip.contentOffset, anchorTime: t, lastRetarget: t,
                            destination: r.destination ?? -1)
                        titles = fresh
                        try Self.expectDrag(r, host, model!, at: t, note)
                    } else {
                        titles = fresh
                        model = nil
                        #expect(r.draggedTab == nil && v._heldCellTab == nil, "\(note): the removed tab's drag")
                        t = try Self.finish(r, from: t)
                        try Self.expectRest(r, host, note)
                    }
                default:
                    // A new viewport (or layout, or pins) cancels the drag,
                    // as the tab bar does.
                    try v.setViewport(Viewport(width: rng.chance(0.5) ? 300 : 320, height: 44))
                    r.cancelForRelayout()
                    try r.advance(to: t)
                    try Self.expectRest(r, host, note)
                    if model != nil {
                        editCancels += 1
                        #expect(throws: TabStripError.noReorderInProgress(operation: "move(to:at:)")) {
                            try r.move(to: 100, at: t)
                        }
                    }
                    model = nil
                }
            }
        }
        if ModelScale.runs(base: 120) >= 120 {
            #expect(
                movedDrops >= 20 && keptThroughApply >= 5 && scrolledFrames >= 20 && editCancels >= 5,
                "paths reached: \(movedDrops) drops that moved, \(keptThroughApply) drags kept through an apply, \(scrolledFrames) auto-scrolled frames, \(editCancels) drags cancelled by an edit"
            )
        }
    }

    /// The auto-scroll the model expects up to `time` (the engine scrolled
    /// as the finger's position says), then checks the strip's offset.
    static func scroll(_ m: inout DragModel, to time: Double, _ r: Reorder, _ note: String, advanced: Bool = false)
        throws
    {
        let strip = r.virtualizer.strip
        let speed = DragModel.speed(at: m.location, strip, r)
        guard speed != 0 else { return }
        let range = strip.contentOffsetRange
        let raw = m.anchorOffset + speed * (time - m.anchorTime)
        let wanted =
            speed > 0
            ? max(m.anchorOffset, min(raw, range.upperBound)) : min(m.anchorOffset, max(raw, range.lowerBound))
        if advanced {
            #expect(strip.contentOffset == wanted, "\(note): offset \(strip.contentOffset), wanted \(wanted)")
        }
    }

    static func retarget(_ m: inout DragModel, _ r: Reorder, at time: Double) {
        if let d = r.destination, d != m.destination {
            m.destination = d
            m.lastRetarget = time
        }
    }

    /// Frames until nothing moves.
    static func finish(_ r: Reorder, from time: Double) throws -> Double {
        var t = time
        for _ in 0..<40 where r.needsFrames {
            t += 1.0 / 60
            try r.advance(to: t)
        }
        return t
    }

    /// A drag past two neighbours to the right and back, left to right:
    /// each neighbour gives way once the lifted centre passes its middle,
    /// moving by the lifted width plus the spacing along the ease-out curve.
    @Test func neighboursGiveWayAlongTheCurve() throws {
        let (r, host) = try Self.make(count: 20, spacing: 8)
        let v = r.virtualizer
        let f2 = try v.strip.frame(ofTab: 1)
        let f3 = try v.strip.frame(ofTab: 2)
        try r.begin(tab: 1, at: f2.midX, time: 0)
        #expect(r.destination == 1)
        // Centre just short of tab 2's middle, then just past it.
        try r.move(to: f3.midX - 1, at: 0.1)
        #expect(r.destination == 1)
        try r.move(to: f3.midX + 1, at: 0.2)
        #expect(r.destination == 2)
        let cell3 = try #require(v.cell(ofTab: 2))
        let room = f2.width + 8
        let reference = try TimedAnimation(from: 0, to: -room, startTime: 0.2, duration: 0.2, curve: .easeOut)
        for k in 1...14 {
            let t = 0.2 + Double(k) / 60
            try r.advance(to: t)
            #expect(cell3.frame!.x == f3.x + reference.value(at: t), "frame \(k)")
        }
        #expect(cell3.frame!.x == f3.x - room)
        #expect(!r.needsFrames)
        let landed = try r.drop(at: 1)
        #expect(landed == 2)
        #expect(v.strip.titles[2] == "tab1x")
        _ = try Self.finish(r, from: 1)
        try Self.expectRest(r, host, "after the drop")
    }

    /// The finger held in the right edge zone scrolls the strip at the
    /// maximum speed times the depth squared; the lifted tab's cell stays
    /// the same while its own place scrolls out of view, and the drop far
    /// away moves it with one edit.
    @Test func autoScrollCarriesTheTabFarAway() throws {
        let (r, host) = try Self.make(count: 400)
        let v = r.virtualizer
        let cell = try #require(v.cell(ofTab: 1))
        let f1 = try v.strip.frame(ofTab: 1)
        try r.begin(tab: 1, at: f1.midX, time: 0)
        // 3/4 of the way into the 48-point zone: 1200 * 0.75^2 = 675 pt/s.
        try r.move(to: 320 - 12, at: 0)
        #expect(r.needsFrames)
        var t = 0.0
        for _ in 0..<120 {
            t += 1.0 / 60
            try r.advance(to: t)
        }
        #expect(abs(v.strip.contentOffset - 675 * t) < 1e-6)
        #expect(!v.visibleTabs.contains(1))
        #expect(v.cell(ofTab: 1) === cell)
        #expect(v._heldCellTab == 1)
        let destination = try #require(r.destination)
        #expect(destination > 10)
        let edits = v.strip.editGeneration
        let landed = try r.drop(at: t)
        #expect(landed == destination)
        #expect(v.strip.editGeneration != edits, "one edit: the drop")
        #expect(v.cell(ofTab: landed) === cell)
        _ = try Self.finish(r, from: t)
        try Self.expectRest(r, host, "after the drop")
    }

    /// Calls from inside host callbacks are refused and change nothing;
    /// bad values name the parameter.
    @Test func badCallsAreRefused() throws {
        let (r, host) = try Self.make()
        #expect(throws: TabStripError.invalidValue(name: "x", value: .nan)) { try r.begin(tab: 1, at: .nan, time: 0) }
        #expect(throws: TabStripError.invalidValue(name: "time", value: .infinity)) {
            try r.begin(tab: 1, at: 10, time: .infinity)
        }
        #expect(throws: TabStripError.invalidValue(name: "shiftDuration", value: -1)) {
            try Reorder(virtualizer: r.virtualizer, shiftDuration: -1)
        }
        try r.begin(tab: 1, at: 10, time: 1)
        #expect(throws: TabStripError.timeBeforeLastEvent(time: 0.5, lastTime: 1)) { try r.move(to: 200, at: 0.5) }
        var refused: [TabStripError] = []
        host.onCallback = { _ in
            do { try r.move(to: 0, at: 2) } catch let error as TabStripError { refused.append(error) } catch {}
        }
        try r.move(to: 200, at: 1.5)
        host.onCallback = nil
        #expect(!refused.isEmpty)
        #expect(refused.allSatisfy { $0 == .reentrantCall(operation: "move(to:at:)") })
        #expect(r.lastTime == 1.5)
        try r.cancel(at: 2)
        _ = try Self.finish(r, from: 2)
        try Self.expectRest(r, host, "after the cancel")
    }
}

extension TabReorderTests {
    /// A host detached mid-drag and another attached: the new host takes
    /// the cells over (the virtualiser hands them on), the lifted tab out
    /// of view keeps one, and the drop lands with every cell at its frame.
    @Test func hostSwappedMidDrag() throws {
        let (r, host) = try Self.make(count: 200)
        let v = r.virtualizer
        let f1 = try v.strip.frame(ofTab: 1)
        try r.begin(tab: 1, at: f1.midX, time: 0)
        try r.move(to: 316, at: 0)
        try r.advance(to: 0.5)
        #expect(!v.visibleTabs.contains(1))
        v.host = nil
        try r.advance(to: 0.6)
        #expect(v.cell(ofTab: 1) == nil)
        let second = RecordingHost(firstSerial: 1000)
        v.host = second
        v._checkInvariants()
        let lifted = try #require(v.cell(ofTab: 1))
        try r.advance(to: 0.7)
        #expect(lifted.frame == (try r.shownFrame(ofTab: 1)))
        let landed = try r.drop(at: 0.7)
        #expect(landed > 1)
        #expect(v.cell(ofTab: landed) === lifted)
        _ = try Self.finish(r, from: 0.7)
        try Self.expectRest(r, second, "after the drop", alsoMadeBy: [host])
        #expect(host.protocolViolations.isEmpty)
    }

    /// Every call of a drag, made from inside each host callback, is
    /// refused with `reentrantCall` and changes nothing; the virtualiser
    /// refuses its own mutating calls from the callbacks this object runs.
    @Test func callsFromCallbacksAreRefused() throws {
        for callback in RecordingHost.Callback.allCases {
            let (r, host) = try Self.make(count: 200)
            let v = r.virtualizer
            var refusals: [String] = []
            var virtualizerRefusals = 0
            host.onCallback = { kind in
                guard kind == callback else { return }
                let calls: [(String, () throws(TabStripError) -> Void)] = [
                    ("begin(tab:at:time:)", { () throws(TabStripError) in try r.begin(tab: 1, at: 10, time: 100) }),
                    ("move(to:at:)", { () throws(TabStripError) in try r.move(to: 10, at: 100) }),
                    ("advance(to:)", { () throws(TabStripError) in try r.advance(to: 100) }),
                    ("drop(at:)", { () throws(TabStripError) in _ = try r.drop(at: 100) }),
                    ("cancel(at:)", { () throws(TabStripError) in try r.cancel(at: 100) }),
                ]
                for (name, call) in calls {
                    do { try call() } catch let error as TabStripError {
                        if error == .reentrantCall(operation: name) { refusals.append(name) }
                    } catch {}
                }
                do { try v.setContentOffset(0) } catch { virtualizerRefusals += 1 }
            }
            let f1 = try v.strip.frame(ofTab: 1)
            try r.begin(tab: 1, at: f1.midX, time: 0)
            try r.move(to: 316, at: 0.1)
            for k in 1...30 { try r.advance(to: 0.1 + Double(k) / 60) }
            let landed = try r.drop(at: 1)
            var t = 1.0
            while r.needsFrames {
                t += 1.0 / 60
                try r.advance(to: t)
            }
            host.onCallback = nil
            #expect(r.lastTime == t, "\(callback)")
            #expect(v.strip.titles[landed] == "tab1x", "\(callback)")
            try Self.expectRest(r, host, "\(callback)")
            if !refusals.isEmpty {
                #expect(refusals.count % 5 == 0, "\(callback): \(refusals)")
                #expect(virtualizerRefusals * 5 == refusals.count, "\(callback)")
            }
            // The callbacks this test drives: place and placeIndicator run
            // from the drag itself; the others from the virtualiser.
            if callback == .place || callback == .configure { #expect(!refusals.isEmpty, "\(callback)") }
        }
    }
}

extension TabReorderTests {
    /// With a pager: the selected tab dragged and dropped one place on
    /// through the tab bar: one call. The cached pages follow their tabs
    /// without loading again, and the pager rests on the selected tab's
    /// new page.
    @Test func pagesFollowADroppedTab() throws {
        let (bar, host) = try TabBarEditTests.makeBar(count: 60, budget: 5)
        let v = bar.virtualizer
        try bar.select(1, animated: false, at: 0)
        // HookedPages' page is the index it was loaded for: the tab's
        // identity here (no tab moved yet).
        var cached: [Int: Int] = [:]
        for i in 0..<60 { if let page = bar.page(at: i) { cached[i] = page } }
        #expect(cached[1] == 1 && cached[2] == 2)
        let loaded = bar.provider.hooks.loaded
        let f1 = try v.strip.frame(ofTab: 1)
        let f2 = try v.strip.frame(ofTab: 2)
        try bar.beginReorder(tab: 1, at: f1.midX - bar.strip.contentOffset, time: 1)
        try bar.moveReorder(to: f2.midX - bar.strip.contentOffset + 1, at: 1.1)
        #expect(bar.reorderDestination == 2)
        #expect(try bar.dropReorder(at: 1.2) == 2)
        #expect(v.strip.selectedIndex == 2 && bar.currentPage == 2)
        // Each page cached before is at its tab's new index, and none was
        // loaded again (HookedPages counts loads; neighbours are preloaded).
        for i in 0..<60 {
            guard let page = bar.page(at: i) else { continue }
            let old = TabStripGeometry.index(i, afterMovingFrom: 2, to: 1)
            if let before = cached[old] { #expect(page == before, "page at \(i)") }
        }
        #expect(bar.page(at: 2) == 1)
        #expect(bar.provider.hooks.loaded == loaded)
        var t = 1.2
        while bar.needsFrames {
            t += 1.0 / 60
            try bar.advance(to: t)
        }
        try Self.expectRest(bar.reorder, host, "after the drop")
    }
}

extension TabReorderTests {
    /// The drop made while no host is attached: the held tab follows the
    /// move, and a host attached during the settle holds the dropped tab's
    /// cell, not another tab's.
    @Test func dropWhileDetached() throws {
        let (r, host) = try Self.make(count: 200)
        let v = r.virtualizer
        let f1 = try v.strip.frame(ofTab: 1)
        try r.begin(tab: 1, at: f1.midX, time: 0)
        try r.move(to: f1.midX + 150, at: 0.1)
        v.host = nil
        let landed = try r.drop(at: 0.2)
        #expect(landed > 1)
        #expect(v._heldCellTab == landed)
        v.host = host
        v._checkInvariants()
        #expect(v.cell(ofTab: landed)?.content?.title == "tab1x")
        _ = try Self.finish(r, from: 0.2)
        try Self.expectRest(r, host, "after the settle")
    }
}
