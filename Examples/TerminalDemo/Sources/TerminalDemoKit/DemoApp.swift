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
    /// The sync type of the demo.
    public typealias Sync = PagerSync<TerminalTabHost, DemoPages>

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
    /// The strip and its cells.
    public let virtualizer: TabStripVirtualizer<TerminalTabHost>
    /// Strip and pager in step (rebuilt when the terminal is resized).
    public private(set) var sync: Sync
    /// `m`: drag the selected tab to another place (the channel editor).
    public let reorder: TabReorder<TerminalTabHost>
    /// The finger of a drag to reorder, in screen columns.
    public private(set) var finger: Double?
    /// Columns one arrow key moves the finger of a drag to reorder.
    public static let fingerStep = 3.0
    /// What the page provider did.
    public let pageLog = PageLog()
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
    /// Each tab's ID, once a server update gave the tabs identities (the
    /// tab numbers until then).
    private var tabIDs: [Int]?
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
    public init(titleCount: Int, columns: Int, rows: Int, showsEngineTime: Bool = true, lazy: Bool = false) throws {
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
        let strip =
            lazy
            ? try TabStrip(
                tabCount: titleCount, titleSource: DemoTitleSource(), sizing: Self.sizing,
                estimate: .width(Self.estimatedWidth), layout: layout, viewport: viewport,
                titleStyle: Self.titleStyle, indicatorStyle: Self.indicatorStyle, revealMargin: 4)
            : try TabStrip(
                titles: DemoTitles.titles(count: titleCount), sizing: Self.sizing, layout: layout,
                viewport: viewport, titleStyle: Self.titleStyle, indicatorStyle: Self.indicatorStyle,
                revealMargin: 4)
        self.lazy = lazy
        virtualizer = try TabStripVirtualizer(strip: strip, host: host)
        sync = try Self.makeSync(virtualizer, columns: columns, provider: DemoPages(log: pageLog))
        reorder = try TabReorder(virtualizer: virtualizer)
    }

    /// The width of a tab not yet measured in `--lazy` mode: a title of
    /// eight columns and its padding.
    static let estimatedWidth = 8 + 2 * padding

    /// Tab `i`'s title is ``DemoTitles/title(_:)`` of `i`.
    struct DemoTitleSource: TabTitleSource {
        func title(ofTab index: Int) -> String? { DemoTitles.title(index) }
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

    static func makeSync(_ virtualizer: TabStripVirtualizer<TerminalTabHost>, columns: Int, provider: DemoPages)
        throws(TabStripError) -> Sync
    {
        try Sync(
            virtualizer: virtualizer, pageWidth: Double(columns), provider: provider,
            pagingRule: pagingRule, stripPhysics: physics(columns: columns))
    }

    /// The strip as the engine has it.
    public var strip: TabStrip { virtualizer.strip }

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
            perform { () throws(TabStripError) in try sync.selectTab(0, animated: true, at: t) }
        case .key(.end):
            perform { () throws(TabStripError) in try sync.selectTab(strip.tabCount - 1, animated: true, at: t) }
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
            if let focus = virtualizer.accessibilityFocus {
                perform { () throws(TabStripError) in try sync.selectTab(focus, animated: true, at: t) }
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
                perform { () throws(TabStripError) in try sync.selectTab(n - 1, animated: true, at: t) }
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
        perform { () throws(TabStripError) in spoken = try virtualizer.moveAccessibilityFocus(move).announcement }
    }

    /// Runs an engine call; an error becomes the status note.
    private func perform(_ body: () throws(TabStripError) -> Void) {
        do { try body() } catch { note = "engine: \(error)" }
    }

    private func selectNeighbour(_ step: Int, at t: Double) {
        guard let selected = strip.selectedIndex else { return }
        // During a jump the pager is already on its target: step from there.
        let from = sync.jump?.to ?? selected
        let target = Swift.min(Swift.max(from + step, 0), strip.tabCount - 1)
        guard target != from || sync.jump != nil else { return }
        perform { () throws(TabStripError) in try sync.selectTab(target, animated: true, at: t) }
    }

    /// The position a finger would have to drag the strip to for it to show
    /// its current offset (the inverse of the rubber band past an edge).
    private var draggedPosition: Double {
        let shown = strip.contentOffset
        return sync.stripPhysics.bounce?.rubberBand.draggedPosition(forDisplayed: shown, in: strip.contentOffsetRange)
            ?? shown
    }

    private func fling(velocity: Double, at t: Double) {
        wheel = nil
        perform { () throws(TabStripError) in
            // Touch the strip first, so a fling still running hands its
            // velocity on (carried momentum), then let go.
            try sync.dragStrip(to: draggedPosition, at: t)
            try sync.releaseStrip(velocityPerSecond: velocity, at: t)
        }
    }

    private func toggleBadge(at t: Double) {
        guard let selected = strip.selectedIndex else { return }
        perform { () throws(TabStripError) in
            let badge: TabBadge =
                try strip.badge(ofTab: selected) == .none ? .count(Self.badgeCount(forTab: selected)) : .none
            try virtualizer.setBadge(badge, ofTab: selected)
        }
    }

    private func insertTab(at t: Double) {
        guard !lazy else {
            note = "insert needs stored titles: run without --lazy"
            return
        }
        guard let selected = strip.selectedIndex else { return }
        let title = DemoTitles.title(nextTitle)
        nextTitle += 1
        resetGestures(at: t)
        perform { () throws(TabStripError) in
            try virtualizer.insertTabs(CollectionOfOne(title), at: selected + 1)
            tabIDs?.insert(nextTitle - 1, at: selected + 1)
            pageLog.forgetIndices()
            try sync.tabsDidChange(at: t)
        }
        note = "inserted “\(title)” as tab \(grouped(selected + 2))"
    }

    private func deleteTab(at t: Double) {
        guard !lazy else {
            note = "delete needs stored titles: run without --lazy"
            return
        }
        guard let selected = strip.selectedIndex else { return }
        guard strip.tabCount > 1 else {
            note = "the last tab stays"
            return
        }
        let victim = selected + 1 < strip.tabCount ? selected + 1 : selected - 1
        let title = strip.titles[victim]
        resetGestures(at: t)
        perform { () throws(TabStripError) in
            try virtualizer.removeTabs(in: victim..<(victim + 1))
            tabIDs?.remove(at: victim)
            pageLog.forgetIndices()
            try sync.tabsDidChange(at: t)
        }
        note = "deleted “\(title)”"
    }

    /// `u`: the server sends a new channel list, with the tabs around the
    /// viewport shuffled (three moved), one removed, two inserted and one
    /// renamed. The list is applied by tab identity: the selection, the
    /// badges, the cells on screen, the cached pages and any motion stay
    /// with their tabs.
    private func serverUpdate(at t: Double) {
        guard !lazy else {
            note = "a server update needs stored titles: run without --lazy"
            return
        }
        let ids = tabIDs ?? Array(0..<strip.tabCount)
        var list = Array(zip(ids, strip.titles))
        // A small seeded generator, so a scripted session repeats exactly.
        updates += 1
        var state = updates &* 0x9E37_79B9_7F4A_7C15
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(Swift.max(bound, 1)))
        }
        let shown = virtualizer.visibleTabs.isEmpty ? 0..<Swift.min(list.count, 8) : virtualizer.visibleTabs
        func near() -> Int { Swift.min(list.count, Swift.max(0, shown.lowerBound + random(shown.count + 1))) }
        for _ in 0..<3 where list.count > 1 {
            let tab = list.remove(at: Swift.min(near(), list.count - 1))
            list.insert(tab, at: Swift.min(near(), list.count))
        }
        if list.count > 1 { list.remove(at: Swift.min(near(), list.count - 1)) }
        for _ in 0..<2 {
            list.insert((nextTitle, DemoTitles.title(nextTitle)), at: Swift.min(near(), list.count))
            nextTitle += 1
        }
        let renamed = Swift.min(near(), list.count - 1)
        list[renamed].1 = DemoTitles.title(nextTitle)
        nextTitle += 1
        perform { () throws(TabStripError) in
            let changes = try strip.changes(from: ids, to: list, id: { $0.0 }, title: { $0.1 })
            try sync.apply(changes, at: t)
            tabIDs = list.map(\.0)
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
        perform { () throws(TabStripError) in try virtualizer.setPinnedTabs(pins) }
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
        guard !lazy else {
            note = "reorder needs stored titles: run without --lazy"
            return
        }
        guard let selected = strip.selectedIndex else { return }
        guard !sync.needsFrames, swipe == nil, hold == nil, wheel == nil else {
            note = "reorder: wait until nothing moves"
            return
        }
        perform { () throws(TabStripError) in
            let x = try strip.frame(ofTab: selected).midX - strip.contentOffset
            try reorder.begin(tab: selected, at: x, time: t)
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
                try reorder.move(to: moved, at: t)
                finger = moved
            }
            if let tab = reorder.draggedTab, let to = reorder.destination {
                note = "reorder “\(strip.titles[tab])” to tab \(grouped(to + 1)): Enter drops, Esc cancels"
            }
        case .key(.enter):
            guard let from = reorder.draggedTab else { return endReorder() }
            let title = strip.titles[from]
            perform { () throws(TabStripError) in
                let to = try reorder.drop(at: t)
                if to != from {
                    try sync.tabDidMove(from: from, to: to, at: t)
                    if var ids = tabIDs {
                        ids.insert(ids.remove(at: from), at: to)
                        tabIDs = ids
                    }
                    pageLog.forgetIndices()
                }
                note = "moved “\(title)” from tab \(grouped(from + 1)) to \(grouped(to + 1))"
            }
            endReorder()
        case .key(.escape):
            perform { () throws(TabStripError) in try reorder.cancel(at: t) }
            endReorder()
            note = "reorder cancelled"
        default:
            note = "reordering: ← → move, Enter drops, Esc cancels"
        }
    }

    private func endReorder() {
        finger = nil
        if reorder.draggedTab != nil { _ = try? reorder.cancel(at: time) }
    }

    private func toggleDirection(at t: Double) {
        guard let selected = strip.selectedIndex else { return }
        resetGestures(at: t)
        var layout = strip.layout
        layout.direction = layout.direction == .leftToRight ? .rightToLeft : .leftToRight
        perform { () throws(TabStripError) in
            try virtualizer.setLayout(layout)
            // The engine restarts at tab 0's end; bring the selection back.
            try sync.selectTab(selected, animated: true, at: t)
        }
    }

    /// Lands jumps and drops the host's own gestures (before an edit, a
    /// direction change or a resize).
    private func resetGestures(at t: Double) {
        swipe = nil
        hold = nil
        wheel = nil
        queuedStep = nil
        if case .dragging = sync.pager.phase { _ = try? sync.cancelPageDrag(at: t) }
    }

    private func stepPage(_ direction: Int, at t: Double) {
        guard swipe == nil, hold == nil else { return }
        perform { () throws(TabStripError) in
            switch try sync.beginPageDrag(at: t) {
            case .accepted: swipe = (direction, t)
            default: queuedStep = direction
            }
        }
    }

    private func holdDrag(_ step: Double, at t: Double) {
        guard swipe == nil else { return }
        perform { () throws(TabStripError) in
            if hold == nil {
                guard try sync.beginPageDrag(at: t) == .accepted else { return }
                hold = (0, t)
            }
            guard var h = hold else { return }
            h.translation += step
            h.lastPress = t
            hold = h
            try sync.movePageDrag(translation: h.translation, at: t)
        }
    }

    private func handleMouse(_ mouse: MouseEvent, at t: Double) {
        let ltr = strip.layout.direction == .leftToRight
        switch mouse.action {
        case .press:
            guard mouse.row < Self.stripRows, mouse.column >= 0, mouse.column < columns else { return }
            perform { () throws(TabStripError) in
                let x = Double(mouse.column) + 0.5 + Double(scrollColumn)
                if let tab = try strip.tab(atContentX: x) { try sync.tapTab(tab, at: t) }
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
        perform { () throws(TabStripError) in try sync.dragStrip(to: w.position, at: t) }
    }

    // MARK: - Frames

    /// Whether anything still moves as of the last frame, so that frames
    /// must keep coming (otherwise the live loop blocks until the next
    /// event): the demo's own scripted gestures, or the engine's
    /// ``PagerSync/needsFrames`` (a jump, a strip animation or fling, a pager
    /// drag or settle, press feedback, or a settle that ended since the last
    /// frame and still needs the frame that selects its tab).
    public var isMoving: Bool {
        if isTooSmall { return false }
        if swipe != nil || hold != nil || wheel != nil || queuedStep != nil { return true }
        return sync.needsFrames || reorder.needsFrames
    }

    /// The time of the last frame.
    public private(set) var lastFrameTime: Double = 0

    /// Advances everything to the frame at `time`: the demo's scripted
    /// gestures, then ``PagerSync/advance(to:)``. The engine time spent
    /// (with that of the events since the last frame) is recorded.
    public func frame(at time: Double) {
        self.time = Swift.max(self.time, time)
        let t = self.time
        lastFrameTime = t
        guard !isTooSmall else { return }
        let started = monotonicSeconds()
        perform { () throws(TabStripError) in
            try runGestures(at: t)
            try reorder.advance(to: t)
            try sync.advance(to: t)
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
            try sync.movePageDrag(translation: translation, at: t)
            if f >= 1 {
                try sync.endPageDrag(
                    translation: translation,
                    velocityPerMillisecond: translation / (duration * 1000), at: t)
                swipe = nil
            }
        }
        if let h = hold, t - h.lastPress >= Self.holdRelease {
            try sync.endPageDrag(translation: h.translation, velocityPerMillisecond: 0, at: t)
            hold = nil
        }
        if let w = wheel, t - w.last >= 0.08 {
            var velocity = 0.0
            if w.samples.count >= 3, let first = w.samples.first, let last = w.samples.last {
                velocity = (last.1 - first.1) / Swift.max(0.03, last.0 - first.0)
            }
            wheel = nil
            try sync.releaseStrip(velocityPerSecond: velocity, at: t)
        }
        if let step = queuedStep, !sync.pager.isSettling(at: t) {
            queuedStep = nil
            if case .accepted = try sync.beginPageDrag(at: t) { swipe = (step, t) }
        }
    }

    /// The terminal changed size: the strip's viewport and the pager's page
    /// width follow, the selected tab stays in view.
    public func resize(columns: Int, rows: Int, at time: Double) {
        self.time = Swift.max(self.time, time)
        let t = self.time
        resetGestures(at: t)
        endReorder()
        self.columns = columns
        self.rows = rows
        guard !isTooSmall else { return }
        perform { () throws(TabStripError) in
            if let jump = sync.jump { try virtualizer.select(jump.to, scroll: .none) }
            virtualizer.endTransition()
            try virtualizer.setViewport(Viewport(width: Double(columns), height: Double(Self.stripRows)))
            // The pager's page width is fixed when a sync is made: make a new
            // one (the provider and its log carry over).
            sync = try Self.makeSync(virtualizer, columns: columns, provider: sync.provider)
        }
    }
}
