import TabStrip
import TerminalText

/// A bad start: a one-line message for the user.
public struct DemoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message.
    public var message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

/// The demo's model: a strip of channel tabs over a pager of pages, driven
/// through the engine's public API by key and mouse events and frame ticks.
///
/// Units: one strip point is one terminal column (the strip is measured
/// with ``ColumnTitleMeasurer`` at an advance of 1), one strip row is one
/// terminal row. The strip is two rows high (titles, then the indicator);
/// the page fills the rows below it down to the two status lines.
///
/// Everything is a function of the times passed in, so a headless run with
/// a virtual clock (``HeadlessRun``) is reproducible.
public final class DemoApp {
    /// The tab bar type of the demo.
    public typealias Bar = TabBar<TerminalTabHost, DemoPages>

    /// Rows of the strip: titles, indicator.
    public static let stripRows = 2
    /// Rows of status at the bottom.
    public static let statusRows = 2
    /// The fewest rows the demo draws in: the strip, two page rows, status.
    public static let minimumRows = stripRows + 2 + statusRows
    /// Columns of padding on each side of a title.
    public static let padding = 1.0
    /// Badge metrics in columns: a count is its digits after a one-column
    /// gap, a dot one column.
    public static let badgeStyle = BadgeStyle(
        dotDiameter: 1, countHeight: 1, digitAdvance: 1, countPadding: 0,
        maximumCount: 99, gap: 1, verticalOffset: -0.5)
    /// The narrowest terminal that can show any tab: the widest title, its
    /// padding and the widest badge ("99+" after its gap).
    public static let minimumColumns = DemoTitles.maximumColumns + 2 * Int(padding) + 4
    /// Title colours: grey at rest, amber selected; scale 1 → 1.2 (drawn
    /// bold from halfway, see ``isBold(_:)``).
    public static let titleStyle = try! TitleStyle(
        restColor: RGBA(white: 0.62), selectedColor: RGBA(red: 1, green: 0.76, blue: 0.2),
        restScale: 1, selectedScale: 1.2)
    /// A one-row line under the title (inset by the padding), on the strip's
    /// second row.
    public static let indicatorStyle = try! IndicatorStyle(
        kind: .line, width: .inset(by: padding), height: 1, placement: .bottom(inset: 0))
    /// Pager release rule in columns: past 2 columns when faster than
    /// 0.03 columns/ms, else past 8 columns.
    public static let pagingRule = PagingRule.swipe(
        try! SwipePagingRule(fastSpeedPerMillisecond: 0.03, fastTranslation: 2, slowTranslation: 8))
    /// Seconds per frame of the virtual clock and of the live frame timer.
    public static let frameDuration = 1.0 / 120
    /// Columns one wheel notch scrolls.
    public static let wheelStep = 4.0
    /// Columns one `{` or `}` drags the page.
    public static let holdStep = 3.0
    /// Seconds after the last `{`/`}` at which the held drag is released.
    public static let holdRelease = 0.3

    /// Whether a title with `appearance` is drawn bold: from halfway between
    /// the rest and selected scales (a terminal cannot scale glyphs).
    public static func isBold(_ appearance: TitleAppearance) -> Bool {
        appearance.scale >= (titleStyle.restScale + titleStyle.selectedScale) / 2
    }

    /// The badge count `b` gives tab `index` (so that some show "99+").
    public static func badgeCount(forTab index: Int) -> Int { 1 + (index &* 37) % 120 }

    /// The host whose cells the screen is drawn from.
    public let host = TerminalTabHost()
    /// The tab bar: the strip, its cells, the pager under it, the drag to
    /// reorder; every edit and every frame goes through it.
    public let bar: Bar
    /// The finger of a drag to reorder, in screen columns.
    public private(set) var finger: Double?
    /// Columns one arrow key moves the finger of a drag to reorder.
    public static let fingerStep = 3.0
    /// What the page provider did, and the pages' appearance steps.
    public let pageLog: PageLog
    /// The screen size.
    public private(set) var columns: Int
    /// The screen size.
    public private(set) var rows: Int
    /// Whether the screen is too small to draw the demo.
    public var isTooSmall: Bool { columns < Self.minimumColumns || rows < Self.minimumRows }
    /// The `g` prompt's digits while it is open.
    public private(set) var prompt: String?
    /// A note for the status line (an error, a refusal).
    public private(set) var note: String?
    /// What a screen reader says after a focus key (`,` `.` `-` `=` `_`
    /// `+`, `f` N Enter): the status line shows it instead of the
    /// selection, so a terminal screen reader reading that line speaks it.
    public private(set) var spoken: String?
    /// Whether the open prompt moves the screen reader's focus (`f`)
    /// rather than selecting (`g`).
    public private(set) var promptMovesFocus = false
    /// Engine time per frame.
    public private(set) var stats = FrameStats()
    /// Whether the status line shows engine times (off in headless runs,
    /// whose dumps must not depend on the machine).
    public let showsEngineTime: Bool
    /// The time of the last frame or event.
    public private(set) var time: Double = 0

    /// The number the next inserted title takes (and its tab's ID).
    private var nextTitle: Int
    /// How many server updates were applied (each picks its edits from it).
    private var updates: UInt64 = 0
    /// `[`/`]`: a scripted finger swiping a page.
    private var swipe: (direction: Int, start: Double)?
    /// `{`/`}`: a held drag of the pages.
    private var hold: (translation: Double, lastPress: Double)?
    /// A wheel scroll in progress: where the strip was dragged, recent samples.
    private var wheel: (position: Double, samples: [(Double, Double)], last: Double)?
    /// A page step refused while the pager settled, retried when it rests.
    private var queuedStep: Int?
    /// Whether the titles come from a source and are measured as tabs come
    /// into view (`--lazy`).
    public let lazy: Bool
    /// Engine seconds spent handling events since the last frame.
    private var pendingEngineSeconds = 0.0

    /// Builds the demo: `titleCount` generated titles, the first selected.
    /// - Throws: ``DemoError`` for a bad count or a screen too narrow for a
    ///   tab.
    /// `appearance` hears each page's appearance steps as lines of
    /// `<time> <step> <page>` (`--events FILE`).
    public init(
        titleCount: Int, columns: Int, rows: Int, showsEngineTime: Bool = true, lazy: Bool = false,
        appearance: ((String) -> Void)? = nil
    ) throws {
        pageLog = PageLog(onAppearance: appearance)
        guard titleCount >= 1, titleCount <= 10_000_000 else {
            throw DemoError("--titles must be between 1 and 10,000,000 (got \(titleCount))")
        }
        guard columns >= Self.minimumColumns else {
            throw DemoError("the terminal is \(columns) columns wide; a tab needs up to \(Self.minimumColumns)")
        }
        guard rows >= Self.minimumRows else {
            throw DemoError("the terminal is \(rows) rows high; the demo needs \(Self.minimumRows)")
        }
        self.columns = columns
        self.rows = rows
        self.showsEngineTime = showsEngineTime
        nextTitle = titleCount
        let layout = TabStripLayout(overscan: 8)
        let viewport = Viewport(width: Double(columns), height: Double(Self.stripRows))
        // Each tab's ID is its title's number: tab `i` starts as title `i`.
        let strip =
            lazy
            ? try TabStrip(
                source: DemoTitleSource(tabCount: titleCount), sizing: Self.sizing,
                estimate: .width(Self.estimatedWidth), layout: layout, viewport: viewport,
                titleStyle: Self.titleStyle, indicatorStyle: Self.indicatorStyle, revealMargin: 4)
            : try TabStrip(
                tabs: 0..<titleCount, id: { $0 }, title: { DemoTitles.title($0) }, sizing: Self.sizing,
                layout: layout, viewport: viewport, titleStyle: Self.titleStyle, indicatorStyle: Self.indicatorStyle,
                revealMargin: 4)
        self.lazy = lazy
        var motion = TabBarMotion()
        motion.stripPhysics = try Self.physics(columns: columns)
        bar = try Bar(
            strip: strip, host: host,
            pages: TabBarPages(width: Double(columns), provider: DemoPages(log: pageLog), rule: Self.pagingRule),
            motion: motion)
    }

    /// The width of a tab not yet measured in `--lazy` mode: a title of
    /// eight columns and its padding.
    static let estimatedWidth = 8 + 2 * padding

    /// `tabCount` tabs: tab `i` has ID `i` and title ``DemoTitles/title(_:)``
    /// of `i`, made when asked (none stored).
    struct DemoTitleSource: TabSource {
        let tabCount: Int
        func id(ofTab index: Int) -> Int { index }
        func title(ofTab index: Int) -> String? { DemoTitles.title(index) }
        func index(ofID id: Int) -> Int? { id >= 0 && id < tabCount ? id : nil }
    }

    static let sizing = TabSizing.measured(
        by: try! ColumnTitleMeasurer(advance: 1), padding: padding, badgeStyle: badgeStyle)

    /// Strip flings decelerate normally and rubber-band at the ends over the
    /// viewport's width; repeated flings carry momentum.
    static func physics(columns: Int) throws(TabStripError) -> ScrollPhysics {
        try ScrollPhysics(
            decelerationRate: .normal,
            bounce: .init(rubberBand: RubberBand(dimension: Double(columns))),
            carriesMomentum: true)
    }

    /// The strip as the engine has it.
    public var strip: TabStrip { bar.strip }

    /// The screen column shift of the strip this frame: the content offset
    /// rounded to the nearest column. A tab whose frame starts at content x
    /// is drawn from column `x − scrollColumn`.
    public var scrollColumn: Int { Int((strip.contentOffset + 0.5).rounded(.down)) }

    /// The fling speed of Shift+arrows and Page Up/Down, columns per second
    /// (about two screens of travel).
    public var flingSpeed: Double { 4 * Double(columns) }

    // MARK: - Events

    /// Handles one event at `time`.
    /// - Returns: `false` when the event asks to quit.
    @discardableResult
    public func handle(_ event: InputEvent, at time: Double) -> Bool {
        self.time = Swift.max(self.time, time)
        let t = self.time
        pageLog.now = t
        if case .key(.interrupt) = event { return false }
        if prompt != nil {
            handlePrompt(event, at: t)
            return true
        }
        if isTooSmall { return !(event == .character("q")) }
        note = nil
        spoken = nil
        if finger != nil {
            if event == .character("q") { return false }
            handleReorder(event, at: t)
            return true
        }
        let ltr = strip.layout.direction == .leftToRight
        let started = monotonicSeconds()
        defer { pendingEngineSeconds += monotonicSeconds() - started }
        switch event {
        case .character("q"):
            return false
        case .key(.right), .character("l"):
            selectNeighbour(ltr ? 1 : -1, at: t)
        case .key(.left), .character("h"):
            selectNeighbour(ltr ? -1 : 1, at: t)
        case .key(.shiftRight):
            fling(velocity: flingSpeed, at: t)
        case .key(.shiftLeft):
            fling(velocity: -flingSpeed, at: t)
        case .key(.pageDown):
            fling(velocity: ltr ? flingSpeed : -flingSpeed, at: t)
        case .key(.pageUp):
            fling(velocity: ltr ? -flingSpeed : flingSpeed, at: t)
        case .key(.home):
            perform { () throws(TabStripError) in try bar.select(0, animated: true, at: t) }
        case .key(.end):
            perform { () throws(TabStripError) in try bar.select(strip.tabCount - 1, animated: true, at: t) }
        case .character("g"):
            prompt = ""
            promptMovesFocus = false
        case .character(","):
            moveFocus(.by(-1))
        case .character("."):
            moveFocus(.by(1))
        case .character("-"):
            moveFocus(.by(-10))
        case .character("="):
            moveFocus(.by(10))
        case .character("_"):
            moveFocus(.by(-100))
        case .character("+"):
            moveFocus(.by(100))
        case .character("f"):
            prompt = ""
            promptMovesFocus = true
        case .key(.enter):
            // Activates the focused tab, as a double tap does.
            if let focus = bar.accessibilityFocus {
                perform { () throws(TabStripError) in try bar.select(focus, animated: true, at: t) }
            }
        case .character("b"):
            toggleBadge(at: t)
        case .character("i"):
            insertTab(at: t)
        case .character("d"):
            deleteTab(at: t)
        case .character("u"):
            serverUpdate(at: t)
        case .character("m"):
            beginReorder(at: t)
        case .character("p"):
            togglePins()
        case .character("r"):
            toggleDirection(at: t)
        case .character("]"):
            stepPage(1, at: t)
        case .character("["):
            stepPage(-1, at: t)
        case .character("}"):
            holdDrag(-Self.holdStep, at: t)
        case .character("{"):
            holdDrag(Self.holdStep, at: t)
        case .mouse(let mouse):
            handleMouse(mouse, at: t)
        default:
            break
        }
        return true
    }

    private func handlePrompt(_ event: InputEvent, at t: Double) {
        guard var text = prompt else { return }
        switch event {
        case .character(let c) where c.isASCII && c.isNumber:
            if text.count < 9 { text.append(c) }
            prompt = text
        case .key(.backspace):
            if !text.isEmpty { text.removeLast() }
            prompt = text
        case .key(.enter):
            prompt = nil
            guard let n = Int(text), n >= 1, n <= strip.tabCount else {
                note = "no tab \(text.isEmpty ? "?" : text): tabs are 1…\(grouped(strip.tabCount))"
                return
            }
            if promptMovesFocus {
                moveFocus(.to(n - 1))
            } else {
                perform { () throws(TabStripError) in try bar.select(n - 1, animated: true, at: t) }
            }
        case .key(.escape):
            prompt = nil
        default:
            break
        }
    }

    /// Moves the screen reader's focus; its announcement becomes the
    /// spoken status line.
    private func moveFocus(_ move: TabFocusMove) {
        perform { () throws(TabStripError) in spoken = try bar.moveAccessibilityFocus(move).announcement }
    }

    /// Runs an engine call; an error becomes the status note.
    private func perform(_ body: () throws(TabStripError) -> Void) {
        do { try body() } catch { note = "engine: \(error)" }
    }

    private func selectNeighbour(_ step: Int, at t: Double) {
        guard let selected = strip.selectedIndex else { return }
        // During a jump the pager is already on its target: step from there.
        let from = bar.pageJump?.to ?? selected
        let target = Swift.min(Swift.max(from + step, 0), strip.tabCount - 1)
        guard target != from || bar.pageJump != nil else { return }
        perform { () throws(TabStripError) in try bar.select(target, animated: true, at: t) }
    }

    /// The position a finger would have to drag the strip to for it to show
    /// its current offset (the inverse of the rubber band past an edge).
    private var draggedPosition: Double {
        let shown = strip.contentOffset
        return bar.stripPhysics.bounce?.rubberBand.draggedPosition(forDisplayed: shown, in: strip.contentOffsetRange)
            ?? shown
    }

    private func fling(velocity: Double, at t: Double) {
        wheel = nil
        perform { () throws(TabStripError) in
            // Touch the strip first, so a fling still running hands its
            // velocity on (carried momentum), then let go.
            try bar.dragStrip(to: draggedPosition, at: t)
            try bar.releaseStrip(velocityPerSecond: velocity, at: t)
        }
    }

    private func toggleBadge(at t: Double) {
        guard let selected = strip.selectedIndex else { return }
        perform { () throws(TabStripError) in
            let badge: TabBadge =
                try strip.badge(ofTab: selected) == .none ? .count(Self.badgeCount(forTab: selected)) : .none
            try bar.setBadge(badge, ofTab: selected)
        }
    }

    private func insertTab(at t: Double) {
        guard let selected = strip.selectedIndex else { return }
        let title = DemoTitles.title(nextTitle)
        let id = nextTitle
        nextTitle += 1
        resetGestures(at: t)
        perform { () throws(TabStripError) in
            try bar.insertTabs(CollectionOfOne(id), id: { $0 }, title: { _ in title }, at: selected + 1, time: t)
            pageLog.forgetIndices()
            note = "inserted “\(title)” as tab \(grouped(selected + 2))"
        }
    }

    private func deleteTab(at t: Double) {
        guard let selected = strip.selectedIndex else { return }
        guard strip.tabCount > 1 else {
            note = "the last tab stays"
            return
        }
        let victim = selected + 1 < strip.tabCount ? selected + 1 : selected - 1
        let title = strip.titles[victim]
        resetGestures(at: t)
        perform { () throws(TabStripError) in
            try bar.removeTabs(in: victim..<(victim + 1), at: t)
            pageLog.forgetIndices()
            note = "deleted “\(title)”"
        }
    }

    /// `u`: the server sends a new channel list, with the tabs around the
    /// viewport shuffled (three moved), one removed, two inserted and one
    /// renamed: a snapshot of the list the strip shows, edited (see
    /// ``ServerList``). The list is applied by tab identity (the bar knows
    /// the IDs it shows): the selection, the badges, the cells on screen,
    /// the cached pages and any motion stay with their tabs; a strip whose
    /// titles come from a source measures only the new tabs shown.
    private func serverUpdate(at t: Double) {
        updates += 1
        let shown = bar.visibleTabs.isEmpty ? 0..<Swift.min(strip.tabCount, 8) : bar.visibleTabs
        let list = ServerList(
            showing: strip, editedAround: shown, seed: updates, nextID: &nextTitle)
        perform { () throws(TabStripError) in
            let changes = try strip.changes(toSource: list)
            try bar.apply(changes, at: t)
            pageLog.forgetIndices()
            note =
                "server update: \(changes.removalCount) removed, \(changes.insertionCount) inserted, "
                + "\(changes.moveCount) moved, \(changes.renameCount) renamed; selection and pages kept"
        }
    }

    /// `p`: pins the first and the last tab (a "推荐" and a "+" that stay in
    /// view while the rest scrolls under them), or unpins them.
    private func togglePins() {
        let pins = strip.pinnedTabs == .none ? PinnedTabs(leading: 1, trailing: 1) : .none
        perform { () throws(TabStripError) in try bar.setPinnedTabs(pins) }
        guard strip.pinnedTabs == pins else { return }
        note =
            pins == .none
            ? "unpinned: every tab scrolls"
            : "pinned tabs 1 and \(grouped(strip.tabCount)): they stay in view while the rest scrolls under them"
    }

    /// `m`: lifts the selected tab under a finger at its centre; ← → move
    /// the finger (the strip scrolls by itself near its edges), Enter drops
    /// the tab there, Esc puts it back.
    private func beginReorder(at t: Double) {
        guard let selected = strip.selectedIndex else { return }
        guard !bar.needsFrames, swipe == nil, hold == nil, wheel == nil else {
            note = "reorder: wait until nothing moves"
            return
        }
        perform { () throws(TabStripError) in
            let x = try strip.frame(ofTab: selected).midX - strip.contentOffset
            try bar.beginReorder(tab: selected, at: x, time: t)
            finger = x
            note = "reorder “\(strip.titles[selected])”: ← → move, Enter drops, Esc cancels"
        }
    }

    private func handleReorder(_ event: InputEvent, at t: Double) {
        guard let x = finger else { return }
        let limit = -2.0...(Double(columns) + 2)
        switch event {
        case .key(.left), .character("h"), .key(.right), .character("l"):
            let step = event == .key(.left) || event == .character("h") ? -Self.fingerStep : Self.fingerStep
            let moved = Swift.min(Swift.max(x + step, limit.lowerBound), limit.upperBound)
            perform { () throws(TabStripError) in
                try bar.moveReorder(to: moved, at: t)
                finger = moved
            }
            if let tab = bar.draggedTab, let to = bar.reorderDestination {
                note = "reorder “\(strip.titles[tab])” to tab \(grouped(to + 1)): Enter drops, Esc cancels"
            }
        case .key(.enter):
            guard let from = bar.draggedTab else { return endReorder() }
            let title = strip.titles[from]
            perform { () throws(TabStripError) in
                let to = try bar.dropReorder(at: t)
                if to != from { pageLog.forgetIndices() }
                note = "moved “\(title)” from tab \(grouped(from + 1)) to \(grouped(to + 1))"
            }
            endReorder()
        case .key(.escape):
            perform { () throws(TabStripError) in try bar.cancelReorder(at: t) }
            endReorder()
            note = "reorder cancelled"
        default:
            note = "reordering: ← → move, Enter drops, Esc cancels"
        }
    }

    private func endReorder() {
        finger = nil
        if bar.draggedTab != nil { _ = try? bar.cancelReorder(at: time) }
    }

    private func toggleDirection(at t: Double) {
        guard let selected = strip.selectedIndex else { return }
        resetGestures(at: t)
        var layout = strip.layout
        layout.direction = layout.direction == .leftToRight ? .rightToLeft : .leftToRight
        perform { () throws(TabStripError) in
            try bar.setLayout(layout)
            // The engine restarts at tab 0's end; bring the selection back.
            try bar.select(selected, animated: true, at: t)
        }
    }

    /// Lands jumps and drops the host's own gestures (before an edit, a
    /// direction change or a resize).
    private func resetGestures(at t: Double) {
        swipe = nil
        hold = nil
        wheel = nil
        queuedStep = nil
        _ = try? bar.cancelPageDrag(at: t)
    }

    private func stepPage(_ direction: Int, at t: Double) {
        guard swipe == nil, hold == nil else { return }
        perform { () throws(TabStripError) in
            switch try bar.beginPageDrag(at: t) {
            case .accepted: swipe = (direction, t)
            default: queuedStep = direction
            }
        }
    }

    private func holdDrag(_ step: Double, at t: Double) {
        guard swipe == nil else { return }
        perform { () throws(TabStripError) in
            if hold == nil {
                guard try bar.beginPageDrag(at: t) == .accepted else { return }
                hold = (0, t)
            }
            guard var h = hold else { return }
            h.translation += step
            h.lastPress = t
            hold = h
            try bar.movePageDrag(translation: h.translation, at: t)
        }
    }

    private func handleMouse(_ mouse: MouseEvent, at t: Double) {
        let ltr = strip.layout.direction == .leftToRight
        switch mouse.action {
        case .press:
            guard mouse.row < Self.stripRows, mouse.column >= 0, mouse.column < columns else { return }
            perform { () throws(TabStripError) in
                let x = Double(mouse.column) + 0.5 + Double(scrollColumn)
                if let tab = try strip.tab(atContentX: x) { try bar.tapTab(tab, at: t) }
            }
        case .wheelDown: scrollWheel(ltr ? Self.wheelStep : -Self.wheelStep, at: t)
        case .wheelUp: scrollWheel(ltr ? -Self.wheelStep : Self.wheelStep, at: t)
        case .wheelRight: scrollWheel(Self.wheelStep, at: t)
        case .wheelLeft: scrollWheel(-Self.wheelStep, at: t)
        case .release, .other: break
        }
    }

    private func scrollWheel(_ step: Double, at t: Double) {
        var w = wheel ?? (draggedPosition, [], t)
        w.position += step
        w.samples.append((t, w.position))
        w.samples.removeAll { $0.0 < t - 0.15 }
        w.last = t
        wheel = w
        perform { () throws(TabStripError) in try bar.dragStrip(to: w.position, at: t) }
    }

    // MARK: - Frames

    /// Whether anything still moves as of the last frame, so that frames
    /// must keep coming (otherwise the live loop blocks until the next
    /// event): the demo's own scripted gestures, or the bar's
    /// `needsFrames` (a jump, a strip animation or fling, a pager drag or
    /// settle, press feedback, a drag to reorder's motion, or a settle that
    /// ended since the last frame and still needs the frame that selects
    /// its tab).
    public var isMoving: Bool {
        if isTooSmall { return false }
        if swipe != nil || hold != nil || wheel != nil || queuedStep != nil { return true }
        return bar.needsFrames
    }

    /// The time of the last frame.
    public private(set) var lastFrameTime: Double = 0

    /// Advances everything to the frame at `time`: the demo's scripted
    /// gestures, then the bar's `advance(to:)`. The engine time spent
    /// (with that of the events since the last frame) is recorded.
    public func frame(at time: Double) {
        self.time = Swift.max(self.time, time)
        let t = self.time
        pageLog.now = t
        lastFrameTime = t
        guard !isTooSmall else { return }
        let started = monotonicSeconds()
        perform { () throws(TabStripError) in
            try runGestures(at: t)
            try bar.advance(to: t)
        }
        let ended = monotonicSeconds()
        stats.record(seconds: ended - started + pendingEngineSeconds, at: ended)
        pendingEngineSeconds = 0
    }

    private func runGestures(at t: Double) throws(TabStripError) {
        if let s = swipe {
            // A third of a page over 80 ms, then a fast release.
            let distance = Double(columns) / 3
            let duration = 0.08
            let f = Swift.min(1, (t - s.start) / duration)
            let translation = -Double(s.direction) * distance * f
            try bar.movePageDrag(translation: translation, at: t)
            if f >= 1 {
                try bar.endPageDrag(
                    translation: translation,
                    velocityPerMillisecond: translation / (duration * 1000), at: t)
                swipe = nil
            }
        }
        if let h = hold, t - h.lastPress >= Self.holdRelease {
            try bar.endPageDrag(translation: h.translation, velocityPerMillisecond: 0, at: t)
            hold = nil
        }
        if let w = wheel, t - w.last >= 0.08 {
            var velocity = 0.0
            if w.samples.count >= 3, let first = w.samples.first, let last = w.samples.last {
                velocity = (last.1 - first.1) / Swift.max(0.03, last.0 - first.0)
            }
            wheel = nil
            try bar.releaseStrip(velocityPerSecond: velocity, at: t)
        }
        if let step = queuedStep, case .accepted = try bar.beginPageDrag(at: t) {
            // Refused while the pager settles; taken once it rests.
            queuedStep = nil
            swipe = (step, t)
        }
    }

    /// The terminal changed size: the strip's viewport and the pager's page
    /// width follow, the selected tab stays in view.
    public func resize(columns: Int, rows: Int, at time: Double) {
        self.time = Swift.max(self.time, time)
        let t = self.time
        pageLog.now = t
        resetGestures(at: t)
        endReorder()
        self.columns = columns
        self.rows = rows
        guard !isTooSmall else { return }
        perform { () throws(TabStripError) in
            if let jump = bar.pageJump { try bar.select(jump.to, animated: false, at: t) }
            try bar.setViewport(
                Viewport(width: Double(columns), height: Double(Self.stripRows)), pageWidth: Double(columns), at: t)
        }
    }
}
