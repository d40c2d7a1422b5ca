import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripDisplayColumns
@testable import TabStripMotion
@testable import TabStripSync

/// Pinned tabs: seeded random sequences of scrolls (past the ends too),
/// pins, edits, selections, viewport and layout changes through a
/// virtualiser, checked after every step against a model written from the
/// documentation of ``PinnedTabs`` (linear scans over frames accumulated
/// left to right); the host's cells against the model; bad pins refused
/// with nothing changed.
@Suite struct PinnedTabsTests {
    /// The reference: natural frames from ``GeometryModel``, pinned tabs
    /// shifted as documented.
    struct Model {
        var titles: [String]
        var layout: TabStripLayout
        var viewport: Viewport
        var offset: Double
        var pins: PinnedTabs

        var geometry: GeometryModel {
            GeometryModel(
                widths: titles.map { Double(ColumnCounter.columns(of: $0)) * 8 + 40 }, layout: layout,
                viewport: viewport, contentOffset: offset)
        }
        var n: Int { titles.count }
        var leading: Int { min(pins.leading, n) }
        var trailing: Int { min(pins.trailing, n - leading) }
        func isPinned(_ i: Int) -> Bool { i < leading || i >= n - trailing }

        /// The covers as targets use them (pinned tabs stuck to their
        /// edges), physical: left and right.
        func cover(_ g: GeometryModel, _ frames: [Rect]) -> (left: Double, right: Double) {
            let ltr = layout.direction == .leftToRight
            var lead = 0.0
            var trail = 0.0
            if leading > 0 {
                let f = frames[leading - 1]
                lead = (ltr ? f.maxX : g.content - f.minX) + layout.spacing
            }
            if trailing > 0 {
                let f = frames[n - trailing]
                trail = (ltr ? g.content - f.minX : f.maxX) + layout.spacing
            }
            return ltr ? (lead, trail) : (trail, lead)
        }

        /// A physical rect's span in logical terms (distances from the
        /// content's leading end).
        func logical(_ f: Rect, _ g: GeometryModel) -> (low: Double, high: Double) {
            layout.direction == .leftToRight ? (f.minX, f.maxX) : (g.content - f.maxX, g.content - f.minX)
        }

        /// The viewport's leading edge, logical.
        func viewportStart(_ g: GeometryModel) -> Double {
            layout.direction == .leftToRight ? offset : g.content - offset - viewport.width
        }

        /// Every tab's shown frame, as PinnedTabs documents it: the leading
        /// pinned tabs moved forward by `clamp(start, 0, room)`, the
        /// trailing ones back by `clamp(room - start, 0, room)` but never
        /// nearer the leading ones than the spacing.
        func shownFrames(_ g: GeometryModel, _ frames: [Rect]) -> [Rect] {
            let ltr = layout.direction == .leftToRight
            let start = viewportStart(g)
            let room = max(0, g.content - viewport.width)
            let leadShift = leading > 0 ? min(max(start, 0), room) : 0
            var trailShift = trailing > 0 ? min(max(room - start, 0), room) : 0
            if leading > 0, trailing > 0 {
                let leadEnd = logical(frames[leading - 1], g).high + leadShift + layout.spacing
                let trailStart = logical(frames[n - trailing], g).low
                trailShift = min(trailShift, max(0, trailStart - leadEnd))
            }
            return frames.indices.map { i in
                var f = frames[i]
                if i < leading { f.x += ltr ? leadShift : -leadShift }
                if i >= n - trailing { f.x += ltr ? -trailShift : trailShift }
                return f
            }
        }

        /// What the pinned tabs hide from each edge of the viewport
        /// (physical left, right): up to the far side of the last pinned
        /// tab of that end plus the spacing, when they reach the edge.
        func hidden(_ g: GeometryModel, _ shown: [Rect]) -> (left: Double, right: Double) {
            let start = viewportStart(g)
            let end = start + viewport.width
            var lead = 0.0
            var trail = 0.0
            if leading > 0, logical(shown[0], g).low <= start {
                lead = max(0, logical(shown[leading - 1], g).high + layout.spacing - start)
            }
            if trailing > 0, logical(shown[n - 1], g).high >= end {
                trail = max(0, end - (logical(shown[n - trailing], g).low - layout.spacing))
            }
            return layout.direction == .leftToRight ? (lead, trail) : (trail, lead)
        }

        func visible(_ g: GeometryModel, _ frames: [Rect]) -> [Int] {
            let c = hidden(g, shownFrames(g, frames))
            let start = offset - layout.overscan + c.left
            let end = offset + viewport.width + layout.overscan - c.right
            // Pinned tabs wider than the viewport and its overscan leave no span.
            guard end > start else { return [] }
            return frames.indices.filter { !isPinned($0) && frames[$0].minX < end && frames[$0].maxX > start }
        }

        /// The unpinned tabs a user sees some of: their frames inside the
        /// viewport, less the blocks of pinned tabs (from the first to the
        /// last of each end, with the spacing on the unpinned side).
        func seen(_ g: GeometryModel, _ shown: [Rect], _ frames: [Rect]) -> [Int] {
            var blocks: [(low: Double, high: Double)] = []
            for run in [0..<leading, (n - trailing)..<n] where !run.isEmpty {
                var low = run.map { shown[$0].minX }.min()!
                var high = run.map { shown[$0].maxX }.max()!
                // The spacing on the side of the unpinned tabs.
                let towardsHigh = (run.lowerBound == 0) == (layout.direction == .leftToRight)
                if towardsHigh { high += layout.spacing } else { low -= layout.spacing }
                blocks.append((low, high))
            }
            return frames.indices.filter { i in
                guard !isPinned(i) else { return false }
                var pieces = [(max(frames[i].minX, offset), min(frames[i].maxX, offset + viewport.width))]
                for block in blocks {
                    pieces = pieces.flatMap { piece -> [(Double, Double)] in
                        [(piece.0, min(piece.1, block.low)), (max(piece.0, block.high), piece.1)]
                    }
                }
                return pieces.contains { $0.1 > $0.0 }
            }
        }

        func hit(_ x: Double, _ shown: [Rect], _ frames: [Rect]) -> Int? {
            for run in [0..<leading, (n - trailing)..<n] where !run.isEmpty {
                if let i = run.first(where: { shown[$0].minX <= x && x < shown[$0].maxX }) { return i }
                let low = run.map { shown[$0].minX }.min()!
                let high = run.map { shown[$0].maxX }.max()!
                if low <= x, x < high { return nil }
            }
            return frames.indices.first { !isPinned($0) && frames[$0].minX <= x && x < frames[$0].maxX }
        }
    }

    /// How often the checks met each case (the test requires every one).
    final class Coverage {
        var shiftedLeading = 0, shiftedTrailing = 0, pinnedHits = 0, coveredMisses = 0
        var rightToLeft = 0, emptySpan = 0, refused = 0, bounced = 0
        var shortBounces = 0, insetPins = 0, unfitting = 0
    }

    struct Session {
        let coverage: Coverage
        var rng: SeededGenerator
        let seed: UInt64
        var model: Model
        let host = RecordingHost()
        var virtualizer: TabStripVirtualizer<RecordingHost>
        var step = 0
        /// Each tab's ID, for new lists applied by identity.
        var ids: [Int]
        var nextID: Int

        init(seed: UInt64, coverage: Coverage) throws {
            self.coverage = coverage
            self.seed = seed
            var g = SeededGenerator(seed: seed)
            let n = Int.random(in: 0...40, using: &g)
            var titles: [String] = []
            for _ in 0..<n { titles.append(Self.title(&g)) }
            let layout = Self.layout(&g)
            let viewport = Viewport(width: Double(Int.random(in: 1...40, using: &g) * 16), height: 44)
            let strip = try TabStrip(
                tabs: titles.indices, id: { $0 }, title: { titles[$0] }, layout: layout, viewport: viewport)
            let leading = Int.random(in: 0...min(3, n), using: &g)
            let pins = PinnedTabs(leading: leading, trailing: Int.random(in: 0...min(2, n - leading), using: &g))
            rng = g
            ids = Array(0..<n)
            nextID = n
            virtualizer = try TabStripVirtualizer(strip: strip, host: host)
            model = Model(titles: titles, layout: layout, viewport: viewport, offset: strip.contentOffset, pins: pins)
            try virtualizer.setPinnedTabs(pins)
        }

        static func title(_ rng: inout SeededGenerator) -> String {
            String((0..<Int.random(in: 0...9, using: &rng)).map { _ in "abcdefgh推荐".randomElement(using: &rng)! })
        }

        static func layout(_ rng: inout SeededGenerator) -> TabStripLayout {
            TabStripLayout(
                contentInsets: .init(
                    leading: Double(Int.random(in: 0...3, using: &rng) * 4),
                    trailing: Double(Int.random(in: 0...3, using: &rng) * 4)),
                spacing: Double(Int.random(in: 0...3, using: &rng) * 4),
                direction: Bool.random(using: &rng) ? .leftToRight : .rightToLeft,
                alignment: Bool.random(using: &rng) ? .leading : .center,
                overscan: Double(Int.random(in: 0...2, using: &rng) * 24))
        }

        var context: String { "seed \(seed) step \(step)" }

        /// Checks the strip and the host's cells against the model.
        func check() throws {
            let strip = virtualizer.strip
            let g = model.geometry
            let frames = g.frames
            let shown = model.shownFrames(g, frames)
            #expect(strip.tabCount == model.n, "\(context)")
            #expect(strip.contentOffset == model.offset, "\(context): offset")
            let pinned = strip.pinnedTabRanges
            #expect(pinned.leading == 0..<model.leading, "\(context): leading pins")
            #expect(pinned.trailing == (model.n - model.trailing)..<model.n, "\(context): trailing pins")
            let cover = strip.geometry.pinnedCover
            let expectedCover = model.cover(g, frames)
            #expect(cover.left == expectedCover.left && cover.right == expectedCover.right, "\(context): cover")
            for i in 0..<model.n {
                #expect(try strip.frame(ofTab: i) == shown[i], "\(context): frame of tab \(i)")
                #expect(strip.isPinned(i) == model.isPinned(i), "\(context): pinned \(i)")
            }
            let visible = model.visible(g, frames)
            let range = strip.visibleTabs
            #expect(Array(range) == visible, "\(context): visible \(range), model \(visible)")
            // Every tab a user sees some of has a cell: the range holds it.
            for tab in model.seen(g, shown, frames) where !range.contains(tab) {
                Issue.record("\(context): tab \(tab) is partly shown, without a cell (visible \(range))")
            }
            var cursor = TabRangeCursor()
            #expect(strip.visibleTabs(cursor: &cursor) == range, "\(context): visible through a cursor")
            // Hit testing across the viewport and a little beyond.
            var x = model.offset - 20
            while x < model.offset + model.viewport.width + 20 {
                let hit = model.hit(x, shown, frames)
                #expect(try strip.tab(atContentX: x) == hit, "\(context): hit at \(x)")
                if let hit, model.isPinned(hit) { coverage.pinnedHits += 1 }
                if hit == nil, frames.contains(where: { $0.minX <= x && x < $0.maxX }) { coverage.coveredMisses += 1 }
                x += 7
            }
            if model.leading > 0, shown[0] != frames[0] { coverage.shiftedLeading += 1 }
            if model.trailing > 0, shown[model.n - 1] != frames[model.n - 1] { coverage.shiftedTrailing += 1 }
            if model.leading + model.trailing > 0, model.layout.direction == .rightToLeft { coverage.rightToLeft += 1 }
            if model.leading + model.trailing > 0, model.offset < 0 || model.offset > g.maxOffset {
                coverage.bounced += 1
                if g.fits { coverage.shortBounces += 1 }
            }
            let insets = model.layout.contentInsets
            if model.leading > 0, insets.leading > 0, shown[0] != frames[0] { coverage.insetPins += 1 }
            if model.trailing > 0, insets.trailing > 0, shown[model.n - 1] != frames[model.n - 1] {
                coverage.insetPins += 1
            }
            if model.leading > 0, model.trailing > 0,
                expectedCover.left + expectedCover.right - model.layout.spacing
                    > model.viewport.width
            {
                coverage.unfitting += 1
            }
            if visible.isEmpty, model.n > model.leading + model.trailing { coverage.emptySpan += 1 }
            // The indicator under the selected tab where it is shown.
            if let selected = strip.selectedIndex, strip.transition == nil {
                let expected = strip.indicatorStyle.frame(
                    uncheckedCurrent: shown[selected], neighbour: nil, progress: 0, stripHeight: model.viewport.height)
                #expect(strip.indicatorFrame == expected, "\(context): indicator")
            }
            // Scroll targets: pinned tabs keep the offset; the others are
            // centred, revealed or aligned in the window the pins leave.
            if model.n > 0 {
                let tab = (step &* 7_919) % model.n
                try checkTargets(tab, strip: strip, frames: frames, cover: expectedCover, g: g)
            }
            // The host's cells: one for each visible and pinned tab, where
            // the tab is shown, showing its title.
            var expectedTabs = visible
            for i in 0..<model.n where model.isPinned(i) { expectedTabs.append(i) }
            let shownCells = host.made.filter { $0.state == .shown }
            #expect(shownCells.count == expectedTabs.count, "\(context): \(shownCells.count) cells shown")
            var seen = Set<ObjectIdentifier>()
            for tab in expectedTabs {
                guard let cell = virtualizer.cell(ofTab: tab) else {
                    Issue.record("\(context): tab \(tab) has no cell")
                    continue
                }
                #expect(seen.insert(ObjectIdentifier(cell)).inserted, "\(context): tab \(tab) shares a cell")
                #expect(cell.state == .shown, "\(context): cell of tab \(tab) is shown")
                #expect(cell.frame == shown[tab], "\(context): cell of tab \(tab) at \(String(describing: cell.frame))")
                #expect(cell.content?.title == model.titles[tab], "\(context): cell of tab \(tab) shows its title")
            }
            #expect(host.protocolViolations.isEmpty, "\(context): \(host.protocolViolations)")
        }

        func checkTargets(
            _ tab: Int, strip: TabStrip, frames: [Rect], cover: (left: Double, right: Double), g: GeometryModel
        )
            throws
        {
            let f = frames[tab]
            let v = model.viewport.width
            let ltr = model.layout.direction == .leftToRight
            for scroll in [SelectionScroll.center, .leading, .trailing, .reveal, .none] {
                let target = try strip.targetContentOffset(forSelecting: tab, scroll: scroll)
                if scroll == .none || model.isPinned(tab) {
                    let expected = scroll == .none ? model.offset : g.clamp(model.offset)
                    #expect(target == expected, "\(context): \(scroll) of pinned tab \(tab)")
                    continue
                }
                let free = (low: target + cover.left, high: target + v - cover.right)
                let clampedLow = target == 0
                let clampedHigh = target == g.maxOffset
                switch scroll {
                case .center:
                    #expect(target == g.clamp(f.midX - (cover.left + (v - cover.left - cover.right) / 2)), "\(context)")
                    if !clampedLow, !clampedHigh {
                        #expect(abs((free.low + free.high) / 2 - f.midX) < 1e-6, "\(context): centred \(tab)")
                    }
                case .leading, .trailing:
                    let leftEdge = (scroll == .leading) == ltr
                    if !clampedLow, !clampedHigh {
                        if leftEdge {
                            #expect(f.minX == free.low, "\(context): \(scroll) \(tab)")
                        } else {
                            #expect(f.maxX == free.high, "\(context): \(scroll) \(tab)")
                        }
                    }
                case .reveal:
                    // Revealed whole within the window when it fits and
                    // nothing clamps; a tab already inside keeps the offset.
                    let margin = strip.revealMargin
                    let window = max(0, v - cover.left - cover.right)
                    let spare = min(margin, max(0, (window - f.width) / 2))
                    let inside =
                        f.minX - spare >= model.offset + cover.left
                        && f.maxX + spare <= model.offset + v - cover.right
                    if inside, f.width + 2 * spare <= window {
                        #expect(target == g.clamp(model.offset), "\(context): reveal of a tab in view")
                    } else if !clampedLow, !clampedHigh, f.width + 2 * spare <= window {
                        #expect(
                            f.minX - spare >= free.low - 1e-9 && f.maxX + spare <= free.high + 1e-9,
                            "\(context): revealed \(tab) in \(free)")
                    }
                default: break
                }
            }
        }

        mutating func randomStep() throws {
            step += 1
            let n = model.n
            switch Int.random(in: 0..<13, using: &rng) {
            case 0, 1, 2:
                // A scroll, past the ends now and then (a bounce).
                let g = model.geometry
                let offset =
                    Bool.random(using: &rng)
                    ? Double(Int.random(in: Int(-120)...Int(g.maxOffset + 120), using: &rng))
                    : Double(Int.random(in: 0...Int(g.maxOffset), using: &rng))
                try virtualizer.setContentOffset(offset)
                model.offset = offset
            case 3:
                // New pins, valid or not.
                let pins = PinnedTabs(
                    leading: Int.random(in: -1...min(4, n + 1), using: &rng),
                    trailing: Int.random(in: -1...3, using: &rng))
                let error: TabStripError? =
                    pins.leading < 0
                    ? .invalidValue(name: "pinnedTabs.leading", value: Double(pins.leading))
                    : pins.trailing < 0
                        ? .invalidValue(name: "pinnedTabs.trailing", value: Double(pins.trailing))
                        : pins.leading > n || pins.trailing > n - pins.leading
                            ? .tooManyPinnedTabs(leading: pins.leading, trailing: pins.trailing, tabCount: n) : nil
                let before = virtualizer.strip
                if let error {
                    coverage.refused += 1
                    #expect(throws: error, "\(context)") { try virtualizer.setPinnedTabs(pins) }
                    #expect(virtualizer.strip.pinnedTabs == before.pinnedTabs, "\(context): pins kept")
                    #expect(virtualizer.strip.contentOffset == before.contentOffset, "\(context): offset kept")
                } else {
                    try virtualizer.setPinnedTabs(pins)
                    model.pins = pins
                }
            case 4:
                guard n < 60 else { fallthrough }
                let count = Int.random(in: 1...4, using: &rng)
                let titles = (0..<count).map { _ in Self.title(&rng) }
                let index = Int.random(in: 0...n, using: &rng)
                try virtualizer.insertTabs(
                    Array(zip(nextID..<(nextID + count), titles)), id: { $0.0 }, title: { $0.1 }, at: index)
                model.titles.insert(contentsOf: titles, at: index)
                ids.insert(contentsOf: nextID..<(nextID + count), at: index)
                nextID += count
                model.offset = virtualizer.strip.contentOffset
            case 5:
                guard n > 0 else { return }
                let lower = Int.random(in: 0..<n, using: &rng)
                let upper = Int.random(in: (lower + 1)...min(n, lower + 3), using: &rng)
                try virtualizer.removeTabs(in: lower..<upper)
                model.titles.removeSubrange(lower..<upper)
                ids.removeSubrange(lower..<upper)
                model.offset = virtualizer.strip.contentOffset
            case 6:
                guard n > 1 else { return }
                let from = Int.random(in: 0..<n, using: &rng)
                let to = Int.random(in: 0..<n, using: &rng)
                try virtualizer.moveTab(from: from, to: to)
                model.titles.insert(model.titles.remove(at: from), at: to)
                ids.insert(ids.remove(at: from), at: to)
                model.offset = virtualizer.strip.contentOffset
            case 7, 8:
                guard n > 0 else { return }
                let tab = Int.random(in: 0..<n, using: &rng)
                let scroll = [SelectionScroll.center, .leading, .trailing, .reveal, .none].randomElement(using: &rng)!
                let expected = try virtualizer.strip.targetContentOffset(forSelecting: tab, scroll: scroll)
                try virtualizer.select(tab, scroll: scroll)
                #expect(virtualizer.strip.contentOffset == expected, "\(context): select lands on its target")
                model.offset = expected
            case 9:
                let viewport = Viewport(width: Double(Int.random(in: 1...40, using: &rng) * 16), height: 44)
                try virtualizer.setViewport(viewport)
                model.viewport = viewport
                model.offset = virtualizer.strip.contentOffset
            case 10:
                let layout = Self.layout(&rng)
                try virtualizer.setLayout(layout)
                model.layout = layout
                model.offset = virtualizer.strip.contentOffset
            case 11:
                // A new list applied by identity: one removed, one
                // inserted, one moved, one renamed (pinned tabs among them
                // at random).
                var list = Array(zip(ids, model.titles))
                if !list.isEmpty { list.remove(at: Int.random(in: 0..<list.count, using: &rng)) }
                list.insert((nextID, Self.title(&rng)), at: Int.random(in: 0...list.count, using: &rng))
                nextID += 1
                let from = Int.random(in: 0..<list.count, using: &rng)
                let moved = list.remove(at: from)
                list.insert(moved, at: Int.random(in: 0...list.count, using: &rng))
                let renamed = Int.random(in: 0..<list.count, using: &rng)
                list[renamed].1 = Self.title(&rng)
                let changes = try virtualizer.strip.changes(to: list, id: { $0.0 }, title: { $0.1 })
                try virtualizer.apply(changes)
                ids = list.map(\.0)
                model.titles = list.map(\.1)
                model.offset = virtualizer.strip.contentOffset
            default:
                // Detach and reattach the host now and then.
                let host = virtualizer.host
                virtualizer.host = nil
                if Bool.random(using: &rng) {
                    let g = model.geometry
                    let offset = Double(Int.random(in: 0...Int(g.maxOffset), using: &rng))
                    try virtualizer.setContentOffset(offset)
                    model.offset = offset
                }
                virtualizer.host = host
            }
        }
    }

    @Test(arguments: 0..<4)
    func randomSequencesMatchTheModel(block: Int) throws {
        let coverage = Coverage()
        for k in 0..<60 {
            let seed = TestSeed.value(default: 0x9174_0000 + UInt64(block * 60 + k))
            var session = try Session(seed: seed, coverage: coverage)
            try session.check()
            for _ in 0..<40 {
                try session.randomStep()
                try session.check()
            }
        }
        // Every case the model describes was met.
        let c = coverage
        for (name, count) in [
            ("leading tabs held in view", c.shiftedLeading), ("trailing tabs held in view", c.shiftedTrailing),
            ("taps on pinned tabs", c.pinnedHits), ("taps on covered tabs", c.coveredMisses),
            ("right to left", c.rightToLeft), ("pins covering the span", c.emptySpan), ("bad pins", c.refused),
            ("bounces", c.bounced), ("bounces of short strips", c.shortBounces),
            ("pinned tabs stuck beside an inset", c.insetPins), ("pinned tabs wider than the viewport", c.unfitting),
        ] {
            #expect(count > 0, "block \(block): no \(name)")
        }
    }

    /// Drags with pinned tabs: a drag on a pinned tab is refused with
    /// nothing changed; a drag of an unpinned tab, moved and auto-scrolled
    /// at random, lands among the unpinned tabs, and the pinned tabs keep
    /// their titles and places.
    @Test func dragsStayAmongTheUnpinnedTabs() throws {
        var destinations = Set<Int>()
        for k in 0..<80 {
            let seed = TestSeed.value(default: 0x9174_1000 + UInt64(k))
            var rng = SeededGenerator(seed: seed)
            let n = Int.random(in: 4...60, using: &rng)
            let titles = (0..<n).map { "t\($0)" + String(repeating: "x", count: Int.random(in: 0...5, using: &rng)) }
            let direction: LayoutDirection = Bool.random(using: &rng) ? .leftToRight : .rightToLeft
            let strip = try TabStrip(
                titles: titles, layout: TabStripLayout(spacing: 8, direction: direction),
                viewport: Viewport(width: 320, height: 44))
            let host = RecordingHost()
            let virtualizer = try TabStripVirtualizer(strip: strip, host: host)
            let leading = Int.random(in: 0...2, using: &rng)
            let pins = PinnedTabs(leading: leading, trailing: Int.random(in: 0...min(2, n - leading - 2), using: &rng))
            try virtualizer.setPinnedTabs(pins)
            let reorder = try TabReorder(virtualizer: virtualizer)
            let movable = pins.leading..<(n - pins.trailing)
            // A drag on a pinned tab.
            for pinned in Array(0..<pins.leading) + Array((n - pins.trailing)..<n) {
                let before = virtualizer.strip.contentOffset
                #expect(throws: TabStripError.tabPinned(index: pinned), "seed \(seed)") {
                    try reorder.begin(tab: pinned, at: 10, time: 0)
                }
                #expect(reorder.draggedTab == nil && virtualizer.strip.contentOffset == before, "seed \(seed)")
            }
            let candidates = virtualizer.visibleTabs.filter { movable.contains($0) }
            guard let tab = candidates.randomElement(using: &rng) else { continue }
            let frame = try virtualizer.strip.frame(ofTab: tab)
            var x = frame.midX - virtualizer.strip.contentOffset
            var time = 0.0
            try reorder.begin(tab: tab, at: x, time: time)
            for _ in 0..<Int.random(in: 1...12, using: &rng) {
                time += Double.random(in: 0.01...0.3, using: &rng)
                x = Double.random(in: -40...360, using: &rng)
                try reorder.move(to: x, at: time)
                let destination = try #require(reorder.destination)
                #expect(movable.contains(destination), "seed \(seed): destination \(destination) outside \(movable)")
            }
            time += 0.05
            let to = try reorder.drop(at: time)
            destinations.insert(to - movable.lowerBound == 0 ? 0 : to == movable.upperBound - 1 ? 2 : 1)
            #expect(movable.contains(to), "seed \(seed): dropped at \(to)")
            var expected = titles
            expected.insert(expected.remove(at: tab), at: to)
            #expect(Array(virtualizer.strip.titles) == expected, "seed \(seed)")
            for i in 0..<n where virtualizer.strip.isPinned(i) {
                #expect(virtualizer.strip.titles[i] == titles[i], "seed \(seed): pinned tab \(i) kept")
            }
        }
        // Drops reached the first and last unpinned places, and between.
        #expect(destinations == [0, 1, 2])
    }

    /// A strip whose titles come from a source measures its pinned tabs
    /// when they are pinned and keeps them measured wherever it scrolls;
    /// they have cells, shown at the edges.
    @Test func lazyStripsMeasureTheirPinnedTabs() throws {
        let count = 1_000_000
        let titles = GeneratedSource(count: count) { "channel \($0)" + String(repeating: "y", count: $0 % 7) }
        let strip = try TabStrip(source: titles, estimate: .width(90), viewport: Viewport(width: 390, height: 44))
        let host = RecordingHost()
        let virtualizer = try TabStripVirtualizer(strip: strip, host: host)
        #expect(try !virtualizer.strip.isMeasured(tab: count - 1))
        try virtualizer.setPinnedTabs(PinnedTabs(leading: 2, trailing: 1))
        for tab in [0, 1, count - 1] { #expect(try virtualizer.strip.isMeasured(tab: tab), "tab \(tab)") }
        for offset in [5_000.0, 40_000_000, virtualizer.strip.contentOffsetRange.upperBound] {
            try virtualizer.setContentOffset(offset)
            let now = virtualizer.strip
            let first = try now.frame(ofTab: 0)
            let last = try now.frame(ofTab: count - 1)
            #expect(first.minX == now.contentOffset, "offset \(offset)")
            #expect(last.maxX == now.contentOffset + 390, "offset \(offset)")
            #expect(virtualizer.cell(ofTab: 1)?.frame == (try now.frame(ofTab: 1)))
            #expect(virtualizer.cell(ofTab: count - 1)?.content?.title == titles.title(ofTab: count - 1))
            for tab in now.visibleTabs { #expect(try now.isMeasured(tab: tab)) }
        }
    }

    /// Bad pins name the value and change nothing, on the strip and on
    /// the virtualiser.
    @Test func badPinsAreRefused() throws {
        let strip = try TabStrip(
            source: GeneratedSource(count: 20_002) { "t\($0)" }, estimate: .width(50),
            viewport: Viewport(width: 390, height: 44))
        let virtualizer = try TabStripVirtualizer(strip: strip, host: RecordingHost())
        try virtualizer.setPinnedTabs(PinnedTabs(leading: 1))
        let cases: [(PinnedTabs, TabStripError)] = [
            (PinnedTabs(leading: -1), .invalidValue(name: "pinnedTabs.leading", value: -1)),
            (PinnedTabs(trailing: -3), .invalidValue(name: "pinnedTabs.trailing", value: -3)),
            (PinnedTabs(leading: 20_003), .tooManyPinnedTabs(leading: 20_003, trailing: 0, tabCount: 20_002)),
            (
                PinnedTabs(leading: 1, trailing: 20_002),
                .tooManyPinnedTabs(leading: 1, trailing: 20_002, tabCount: 20_002)
            ),
            (
                PinnedTabs(leading: .max, trailing: .max),
                .tooManyPinnedTabs(leading: .max, trailing: .max, tabCount: 20_002)
            ),
            (
                PinnedTabs(leading: 5_000, trailing: 5_001),
                .countExceedsLimit(name: "pinnedTabs", value: 10_001, limit: 10_000)
            ),
        ]
        for (pins, error) in cases {
            var copy = virtualizer.strip
            #expect(throws: error) { try copy.setPinnedTabs(pins) }
            #expect(copy.pinnedTabs == PinnedTabs(leading: 1))
            #expect(throws: error) { try virtualizer.setPinnedTabs(pins) }
            #expect(virtualizer.strip.pinnedTabs == PinnedTabs(leading: 1))
            #expect(virtualizer.cell(ofTab: 0) != nil)
        }
        #expect(TabStripError.tabPinned(index: 3).description.contains("tab 3 is pinned"))
        #expect(
            TabStripError.tooManyPinnedTabs(leading: .max, trailing: .max, tabCount: 1).description.contains("leading"))
        #expect(
            TabStripError.tooManyPinnedTabs(leading: 2, trailing: 3, tabCount: 4).description.contains(
                "2 leading and 3 trailing, more than the 4 tabs"))
    }
}
