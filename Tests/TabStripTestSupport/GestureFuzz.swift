import TabStripCore
import TabStripMotion
import TabStripSync

/// A page of the fuzzer's feed: its serial names it through moves.
package struct FuzzPage: Hashable, Sendable {
    package let serial: Int
    package init(serial: Int) { self.serial = serial }
}

/// Every appearance step the bar told, checked one by one against the
/// step machine of `PageAppearance`: hidden → willAppear → appearing →
/// didAppear → shown → willDisappear → disappearing → didDisappear →
/// hidden, with a cancelled appearance (appearing → willDisappear) and a
/// page that stays (disappearing → willAppear). A page evicted with a step
/// open, or told a step out of order, is a violation.
package final class AppearanceLedger {
    package enum Step: Hashable, Sendable { case appearing, shown, disappearing }

    /// The open step of each page, by serial.
    package private(set) var steps: [Int: Step] = [:]
    /// The steps told since the last ``takeTold()``: step, index, serial.
    package private(set) var told: [(step: PageAppearance, index: Int, serial: Int)] = []
    package private(set) var violations: [String] = []
    package private(set) var stepsTold = 0
    private var nextSerial = 0

    package init() {}

    func make() -> FuzzPage {
        nextSerial += 1
        return FuzzPage(serial: nextSerial)
    }

    package func record(_ step: PageAppearance, of page: FuzzPage, at index: Int) {
        stepsTold += 1
        told.append((step, index, page.serial))
        let before = steps[page.serial]
        let after: Step?
        switch (before, step) {
        case (nil, .willAppear), (.disappearing, .willAppear): after = .appearing
        case (.appearing, .didAppear): after = .shown
        case (.shown, .willDisappear), (.appearing, .willDisappear): after = .disappearing
        case (.disappearing, .didDisappear): after = nil
        default:
            violations.append("page #\(page.serial) at \(index): \(step) after \(before.map { "\($0)" } ?? "nothing")")
            return
        }
        steps[page.serial] = after
    }

    func evicted(_ page: FuzzPage, at index: Int) {
        if let step = steps[page.serial] {
            violations.append("page #\(page.serial) at \(index) evicted while \(step)")
        }
    }

    /// The steps told since the last call.
    package func takeTold() -> [(step: PageAppearance, index: Int, serial: Int)] {
        defer { told.removeAll(keepingCapacity: true) }
        return told
    }

    package func reset() {
        steps = [:]
        told = []
        violations = []
    }
}

/// A feed whose pages report to an ``AppearanceLedger``.
package struct LedgerPages: PageProvider {
    package let ledger: AppearanceLedger
    package init(ledger: AppearanceLedger) { self.ledger = ledger }
    package mutating func loadPage(at index: Int) -> FuzzPage { ledger.make() }
    package mutating func evictPage(_ page: FuzzPage, at index: Int) { ledger.evicted(page, at: index) }
    package mutating func pageAppearance(_ step: PageAppearance, of page: FuzzPage, at index: Int) {
        ledger.record(step, of: page, at: index)
    }
}

/// Random gesture runs against a `TabBar`, checked after every call and
/// every frame: the pages' appearance steps (balanced, in order, exactly
/// one page appeared at rest, the selected tab's, none for the pages a
/// jump passes), the indicator between the tabs it moves between, the
/// selection and the pager agreeing at rest, and the cells against a
/// recomputation from the frames. A failing run is shrunk to the fewest
/// operations that still fail.
package enum GestureFuzz {
    /// How the frames are spaced.
    package enum FrameRate: Int, CaseIterable, Sendable, CustomStringConvertible {
        case hz60, hz120, variable, jittered
        package var description: String { ["60 Hz", "120 Hz", "variable", "jittered 120 Hz"][rawValue] }
    }

    /// One call. Tab indices and offsets are fractions of what the bar has
    /// when the call runs, so that a run stays valid when operations are
    /// taken out of it.
    package enum Op: Hashable, Sendable, CustomStringConvertible {
        case frames(Int)
        case tap(Double)
        case select(Double, animated: Bool)
        case reveal(Double)
        case beginPageDrag
        case movePageDrag(Double)
        case endPageDrag(translation: Double, velocity: Double)
        case cancelPageDrag
        case dragStrip(Double)
        case releaseStrip(Double)
        case insert(Double, count: Int)
        case remove(Double, count: Int)
        case move(Double, Double)
        case newList(UInt64)
        case pins(leading: Int, trailing: Int)
        case beginReorder(Double)
        case moveReorder(Double)
        case dropReorder
        case cancelReorder
        case detachHost
        case attachHost
        case resize(Double)
        case direction(rightToLeft: Bool)

        package var description: String {
            switch self {
            case .frames(let n): "frames(\(n))"
            case .tap(let f): "tap(\(f))"
            case .select(let f, let animated): "select(\(f), animated: \(animated))"
            case .reveal(let f): "reveal(\(f))"
            case .beginPageDrag: "beginPageDrag"
            case .movePageDrag(let x): "movePageDrag(\(x))"
            case .endPageDrag(let x, let v): "endPageDrag(translation: \(x), velocity: \(v))"
            case .cancelPageDrag: "cancelPageDrag"
            case .dragStrip(let f): "dragStrip(\(f))"
            case .releaseStrip(let v): "releaseStrip(\(v))"
            case .insert(let f, let count): "insert(\(f), count: \(count))"
            case .remove(let f, let count): "remove(\(f), count: \(count))"
            case .move(let a, let b): "move(\(a), \(b))"
            case .newList(let seed): "newList(\(seed))"
            case .pins(let l, let t): "pins(leading: \(l), trailing: \(t))"
            case .beginReorder(let f): "beginReorder(\(f))"
            case .moveReorder(let x): "moveReorder(\(x))"
            case .dropReorder: "dropReorder"
            case .cancelReorder: "cancelReorder"
            case .detachHost: "detachHost"
            case .attachHost: "attachHost"
            case .resize(let w): "resize(\(w))"
            case .direction(let rtl): "direction(rightToLeft: \(rtl))"
            }
        }
    }

    /// A run: the bar it starts from and its calls.
    package struct Run: Hashable, Sendable, CustomStringConvertible {
        package var seed: UInt64
        package var tabCount: Int
        package var budget: Int
        package var rate: FrameRate
        package var ops: [Op]

        package var description: String {
            "seed \(seed): \(tabCount) tabs, page budget \(budget), \(rate) frames, \(ops.count) calls: "
                + ops.map(\.description).joined(separator: "; ")
        }
    }

    /// A violation: the call (index into the run's ops, or -1 for the
    /// bar's creation) and what broke.
    package struct Failure: Hashable, Sendable, CustomStringConvertible {
        package var step: Int
        package var message: String
        package var description: String { "call \(step): \(message)" }
    }

    // MARK: Generating

    /// The run of `seed`: `steps` calls.
    package static func generate(seed: UInt64, steps: Int = 60) -> Run {
        var rng = SeededGenerator(seed: seed, stream: "gesture-fuzz")
        let tabCount = [1, 2, 3, 5, 12, 40, 300][rng.next(below: 7)]
        let budget = rng.next(in: 5...9)
        let rate = FrameRate(rawValue: rng.next(below: 4))!
        var ops: [Op] = []
        func unit() -> Double { rng.nextUnit() }
        // Releases at the paging rule's thresholds (60 pt, 0.4 pt/ms) and
        // around them, and anywhere.
        func translation() -> Double {
            switch rng.next(below: 4) {
            case 0: return [-60, 60, -59.999, 60.001, -8, 8][rng.next(below: 6)]
            case 1: return (unit() - 0.5) * 120
            default: return (unit() - 0.5) * 1_600
            }
        }
        func velocity() -> Double {
            switch rng.next(below: 3) {
            case 0: return [-0.4, 0.4, -0.40001, 0.39999, 0][rng.next(below: 5)]
            default: return (unit() - 0.5) * 6
            }
        }
        for _ in 0..<steps {
            let op: Op
            switch rng.next(below: 28) {
            case 0...5: op = .frames([1, 1, 2, 3, 8, 30, 90][rng.next(below: 7)])
            case 6: op = .tap(unit())
            case 7: op = .select(unit(), animated: rng.next(below: 3) != 0)
            case 8: op = .reveal(unit())
            case 9: op = .beginPageDrag
            case 10, 11: op = .movePageDrag(translation())
            case 12: op = .endPageDrag(translation: translation(), velocity: velocity())
            case 13: op = .cancelPageDrag
            case 14: op = .dragStrip(unit() * 1.2 - 0.1)
            case 15: op = .releaseStrip((unit() - 0.5) * 6_000)
            case 16: op = .insert(unit(), count: rng.next(in: 1...3))
            case 17: op = .remove(unit(), count: rng.next(below: 10) == 0 ? 1_000 : rng.next(in: 1...3))
            case 18: op = .move(unit(), unit())
            case 19: op = .newList(rng.next())
            case 20: op = .pins(leading: rng.next(below: 3), trailing: rng.next(below: 2))
            case 21: op = .beginReorder(unit())
            case 22: op = .moveReorder(unit() * 360 - 20)
            case 23: op = rng.next(below: 3) == 0 ? .cancelReorder : .dropReorder
            case 24: op = .detachHost
            case 25: op = .attachHost
            case 26: op = .resize([200, 320, 390, 1_024][rng.next(below: 4)])
            default: op = .direction(rightToLeft: rng.next(below: 2) == 0)
            }
            ops.append(op)
        }
        ops.append(.frames(600))
        return Run(seed: seed, tabCount: tabCount, budget: budget, rate: rate, ops: ops)
    }

    // MARK: Running

    /// Runs `run`; the first violation, or `nil`.
    package static func execute(_ run: Run) -> Failure? {
        var frames = 0
        var steps = 0
        return execute(run, counting: &frames, steps: &steps)
    }

    /// Runs `run`, adding the frames it played and the appearance steps
    /// told to `frames` and `steps`; the first violation, or `nil`.
    package static func execute(_ run: Run, counting frames: inout Int, steps: inout Int) -> Failure? {
        var state: State
        do {
            state = try State(run)
        } catch {
            return Failure(step: -1, message: "the bar was refused: \(error)")
        }
        defer {
            frames += state.frames
            steps += state.ledger.stepsTold
        }
        if let message = state.check(passing: nil) { return Failure(step: -1, message: message) }
        for (k, op) in run.ops.enumerated() {
            if let message = state.perform(op) { return Failure(step: k, message: message) }
        }
        return nil
    }

    /// The shortest run found that still fails (dropping calls one at a
    /// time, then in halves, while it fails), with its failure.
    package static func shrink(_ run: Run, _ failure: Failure) -> (Run, Failure) {
        var best = run
        var bestFailure = failure
        best.ops = Array(best.ops.prefix(failure.step + 1))
        var chunk = Swift.max(1, best.ops.count / 2)
        while chunk >= 1 {
            var start = 0
            var shrunk = false
            while start < best.ops.count {
                var candidate = best
                candidate.ops.removeSubrange(start..<Swift.min(best.ops.count, start + chunk))
                if let f = execute(candidate) {
                    candidate.ops = Array(candidate.ops.prefix(f.step + 1))
                    best = candidate
                    bestFailure = f
                    shrunk = true
                } else {
                    start += chunk
                }
            }
            if !shrunk { chunk /= 2 }
        }
        return (best, bestFailure)
    }

    /// The bar of a run and what the checks need between calls.
    struct State {
        let bar: TabBar<RecordingHost, LedgerPages>
        let host: RecordingHost
        let ledger: AppearanceLedger
        let rate: FrameRate
        var rng: SeededGenerator
        var time = 0.0
        var nextID = 1_000_000
        var attached = true
        var frames = 0

        init(_ run: Run) throws(TabStripError) {
            ledger = AppearanceLedger()
            host = RecordingHost()
            rate = run.rate
            rng = SeededGenerator(seed: run.seed, stream: "gesture-fuzz-frames")
            let strip = try TabStrip(
                tabs: 0..<run.tabCount, id: { $0 }, title: { Self.title($0) },
                viewport: Viewport(width: 320, height: 44))
            bar = try TabBar(
                strip: strip, host: host,
                pages: TabBarPages(
                    width: 400, provider: LedgerPages(ledger: ledger), budget: run.budget, preloadRadius: 1),
                poolLimit: 2)
        }

        static func title(_ id: Int) -> String { id % 7 == 3 ? "频道 \(id)" : "tab \(id)" }

        var frameInterval: Double {
            mutating get {
                switch rate {
                case .hz60: return 1.0 / 60
                case .hz120: return 1.0 / 120
                case .variable: return 1.0 / 240 + rng.nextUnit() * (1.0 / 30 - 1.0 / 240)
                case .jittered: return (1.0 / 120) * (0.7 + 0.6 * rng.nextUnit())
                }
            }
        }

        func index(_ fraction: Double, in count: Int) -> Int {
            Swift.min(count - 1, Swift.max(0, Int(fraction * Double(count))))
        }

        /// Runs `op`; a violation's message, or `nil`.
        mutating func perform(_ op: Op) -> String? {
            let n = bar.strip.tabCount
            time += 0.004
            let t = time
            do throws(TabStripError) {
                switch op {
                case .frames(let count):
                    for _ in 0..<count {
                        guard bar.needsFrames else { break }
                        time += frameInterval
                        frames += 1
                        let passing = bar.pageJump
                        try bar.advance(to: time)
                        if let message = check(passing: passing) { return "frame at \(time): \(message)" }
                    }
                    return nil
                case .tap(let f):
                    guard n > 0 else { return nil }
                    try bar.tapTab(index(f, in: n), at: t)
                case .select(let f, let animated):
                    guard n > 0 else { return nil }
                    try bar.select(index(f, in: n), animated: animated, at: t)
                case .reveal(let f):
                    guard n > 0 else { return nil }
                    try bar.reveal(index(f, in: n), at: t)
                case .beginPageDrag: try bar.beginPageDrag(at: t)
                case .movePageDrag(let x): try bar.movePageDrag(translation: x, at: t)
                case .endPageDrag(let x, let v):
                    try bar.endPageDrag(translation: x, velocityPerMillisecond: v, at: t)
                case .cancelPageDrag: try bar.cancelPageDrag(at: t)
                case .dragStrip(let f):
                    let range = bar.strip.contentOffsetRange
                    let span = range.upperBound - range.lowerBound + bar.strip.viewport.width
                    try bar.dragStrip(to: range.lowerBound + f * span, at: t)
                case .releaseStrip(let v): try bar.releaseStrip(velocityPerSecond: v, at: t)
                case .insert(let f, let count):
                    let ids = Array(nextID..<(nextID + count))
                    nextID += count
                    try bar.insertTabs(
                        ids, id: { $0 }, title: { Self.title($0) }, at: Int(f * Double(n + 1)) % (n + 1), time: t)
                case .remove(let f, let count):
                    guard n > 0 else { return nil }
                    let lower = index(f, in: n)
                    try bar.removeTabs(in: lower..<Swift.min(n, lower + count), at: t)
                case .move(let a, let b):
                    guard n > 1 else { return nil }
                    try bar.moveTab(from: index(a, in: n), to: index(b, in: n), at: t)
                case .newList(let seed):
                    var rng = SeededGenerator(seed: seed)
                    var ids: [Int] = []
                    for tab in 0..<n { ids.append(try bar.id(ofTab: tab, as: Int.self)) }
                    for _ in 0..<rng.next(below: 4) where !ids.isEmpty { ids.remove(at: rng.next(below: ids.count)) }
                    for _ in 0..<rng.next(below: 3) where ids.count > 1 {
                        ids.swapAt(rng.next(below: ids.count), rng.next(below: ids.count))
                    }
                    for _ in 0..<rng.next(below: 4) {
                        ids.insert(nextID, at: rng.next(below: ids.count + 1))
                        nextID += 1
                    }
                    let renamed = rng.next(below: 2) == 0 ? ids.first : nil
                    try bar.apply(
                        bar.strip.changes(to: ids, id: { $0 }, title: { $0 == renamed ? "改 \($0)" : Self.title($0) }),
                        at: t)
                case .pins(let leading, let trailing):
                    guard leading + trailing <= n else { return nil }
                    try bar.setPinnedTabs(PinnedTabs(leading: leading, trailing: trailing))
                case .beginReorder(let f):
                    let shown = bar.visibleTabs
                    guard !shown.isEmpty, bar.draggedTab == nil else { return nil }
                    let tab = shown.lowerBound + index(f, in: shown.count)
                    guard !bar.strip.isPinned(tab) else { return nil }
                    let frame = try bar.strip.frame(ofTab: tab)
                    try bar.beginReorder(tab: tab, at: frame.midX - bar.strip.contentOffset, time: t)
                case .moveReorder(let x):
                    guard bar.draggedTab != nil else { return nil }
                    try bar.moveReorder(to: x, at: t)
                case .dropReorder:
                    guard bar.draggedTab != nil else { return nil }
                    _ = try bar.dropReorder(at: t)
                case .cancelReorder:
                    guard bar.draggedTab != nil else { return nil }
                    try bar.cancelReorder(at: t)
                case .detachHost:
                    bar.host = nil
                    attached = false
                case .attachHost:
                    bar.host = host
                    attached = true
                case .resize(let width):
                    try bar.setViewport(Viewport(width: width, height: 44), pageWidth: width + 80, at: t)
                case .direction(let rightToLeft):
                    var layout = bar.strip.layout
                    layout.direction = rightToLeft ? .rightToLeft : .leftToRight
                    try bar.setLayout(layout)
                }
            } catch {
                switch error {
                case .tabNotShown, .tabPinned, .reorderInProgress, .noReorderInProgress, .tooManyPinnedTabs:
                    break // refusals the calls document
                default:
                    return "\(op) threw \(error)"
                }
            }
            // A jump's frames are checked above; a call may end a jump and
            // start something else (a selection, a drag, an edit).
            return check(passing: nil)
        }

        /// The checks after a call or a frame; `passing`: the jump under way
        /// before it. A violation's message, or `nil`.
        func check(passing: PageJump?) -> String? {
            let told = ledger.takeTold()
            if let violation = ledger.violations.first { return violation }
            let strip = bar.strip
            let n = strip.tabCount
            // No step for a page a jump passes.
            if let passing, bar.pageJump == passing || bar.pageJump == nil {
                let between = Swift.min(passing.from, passing.to) + 1..<Swift.max(passing.from, passing.to)
                if let step = told.first(where: { between.contains($0.index) }) {
                    return
                        "\(step.step) told to page \(step.index), which the jump \(passing.from)→\(passing.to) passes"
                }
            }
            // At rest: the pager on the selected tab, and its page the one
            // that has appeared.
            if !bar.needsFrames {
                if let selected = strip.selectedIndex {
                    if bar.currentPage != selected {
                        return "at rest, the pager is on page \(bar.currentPage), the strip selects \(selected)"
                    }
                    let open = ledger.steps
                    guard let page = bar.page(at: selected) else { return "at rest, page \(selected) is not loaded" }
                    if open.count != 1 || open[page.serial] != .shown {
                        return "at rest on page \(selected) (#\(page.serial)), the open steps are \(open)"
                    }
                } else if !ledger.steps.isEmpty {
                    return "no tabs, but steps are open: \(ledger.steps)"
                }
            }
            // The indicator between the tabs it moves between.
            if let indicator = strip.indicatorFrame, let selected = strip.selectedIndex, bar.draggedTab == nil,
                !bar.reorder.needsFrames
            {
                let from = strip.transition?.from ?? selected
                let to = strip.transition?.to ?? from
                guard let a = try? strip.frame(ofTab: from), let b = try? strip.frame(ofTab: to) else {
                    return "no frame for the indicator's tabs \(from), \(to)"
                }
                let low = Swift.min(a.minX, b.minX) - 1e-6
                let high = Swift.max(a.maxX, b.maxX) + 1e-6
                if indicator.minX < low || indicator.maxX > high {
                    return "indicator \(indicator) outside tabs \(from) \(a) and \(to) \(b)"
                }
            }
            guard attached else { return nil }
            return checkCells(strip, count: n)
        }

        /// Every tab in the visible range, every pinned tab and the lifted
        /// tab has a shown cell with its title; no other cell is shown; and
        /// (without pins) the visible range is exactly the tabs whose frames
        /// overlap the viewport and its overscan.
        func checkCells(_ strip: TabStrip, count n: Int) -> String? {
            if let violation = host.protocolViolations.first { return "host: \(violation)" }
            let visible = strip.visibleTabs
            let pins = strip.pinnedTabRanges
            var withCells = Set(visible)
            withCells.formUnion(pins.leading)
            withCells.formUnion(pins.trailing)
            if let lifted = bar.draggedTab { withCells.insert(lifted) }
            var serials = Set<Int>()
            for tab in withCells {
                guard let cell = bar.cell(ofTab: tab) else {
                    if bar.draggedTab == tab { continue }
                    return "tab \(tab) has no cell (visible \(visible), pins \(pins))"
                }
                if cell.state != .shown { return "tab \(tab)'s cell is \(cell.state)" }
                if cell.content?.title != strip.titles[tab] {
                    return "tab \(tab)'s cell shows \(cell.content?.title ?? "nothing"), not \(strip.titles[tab])"
                }
                serials.insert(cell.serial)
            }
            let strays = host.made.filter { $0.state == .shown && !serials.contains($0.serial) }
            // (A dropped tab's cell settles into its place, shown or not.)
            if !strays.isEmpty, bar.draggedTab == nil, !bar.reorder.needsFrames {
                return "\(strays.count) cells shown for no tab in view"
            }
            guard pins.leading.isEmpty, pins.trailing.isEmpty, n > 0 else { return nil }
            let lower = strip.contentOffset - strip.layout.overscan
            let upper = strip.contentOffset + strip.viewport.width + strip.layout.overscan
            var first = -1
            var last = -1
            for tab in 0..<n {
                guard let frame = try? strip.frame(ofTab: tab) else { return "no frame for tab \(tab)" }
                if frame.minX < upper, frame.maxX > lower {
                    if first < 0 { first = tab }
                    last = tab
                }
            }
            let expected = first < 0 ? visible.lowerBound..<visible.lowerBound : first..<(last + 1)
            if first >= 0 ? expected != visible : !visible.isEmpty {
                return "visible range \(visible), the frames say \(expected)"
            }
            return nil
        }
    }
}
