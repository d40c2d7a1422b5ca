import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

@Suite struct TabStripGeometryTests {
    /// Widths in quarter points: every sum is exact, so the engine and the
    /// model can be compared with `==`.
    static func quarterWidth(_ rng: inout SeededGenerator) -> Double {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: return 0
        case 1: return Double(Int.random(in: 1...4, using: &rng)) / 4
        default: return Double(Int.random(in: 160...1200, using: &rng)) / 4
        }
    }

    static func quarter(_ range: ClosedRange<Int>, _ rng: inout SeededGenerator) -> Double {
        Double(Int.random(in: range, using: &rng)) / 4
    }

    static func randomLayout(_ rng: inout SeededGenerator) -> TabStripLayout {
        TabStripLayout(
            contentInsets: HorizontalInsets(leading: quarter(0...80, &rng), trailing: quarter(0...80, &rng)),
            spacing: [0, 0, 4, 12.5][Int.random(in: 0..<4, using: &rng)],
            direction: Bool.random(using: &rng) ? .leftToRight : .rightToLeft,
            alignment: [.leading, .center, .fill][Int.random(in: 0..<3, using: &rng)],
            overscan: [0, 30, 60][Int.random(in: 0..<3, using: &rng)]
        )
    }

    /// Compares every query of the geometry with the model.
    /// Compares every query of the geometry with the model; `cursor` is
    /// carried from call to call (across edits, layout and viewport
    /// changes), and every answer through it must equal the plain query's.
    static func expectMatches(
        _ g: TabStripGeometry, _ m: GeometryModel, _ rng: inout SeededGenerator, seed: UInt64,
        cursor: inout TabRangeCursor
    ) throws {
        g._checkInvariants()
        #expect(g.tabCount == m.widths.count, "seed \(seed)")
        #expect(g.contentWidth == m.content, "seed \(seed)")
        #expect(g.contentOffset == m.contentOffset, "seed \(seed)")
        let exact = !(m.fits && m.layout.alignment == .fill)
        let frames = m.frames
        // Frames of a random window, through both access paths.
        if !frames.isEmpty {
            let lo = Int.random(in: 0..<frames.count, using: &rng)
            let hi = min(frames.count, lo + Int.random(in: 0...6, using: &rng))
            var visited: [Int] = []
            try g.forEachFrame(in: lo..<hi) { i, f in
                visited.append(i)
                expectClose(f, frames[i], exact: exact, "seed \(seed) frame \(i)")
            }
            #expect(visited == Array(lo..<hi), "seed \(seed)")
            expectClose(try g.frame(ofTab: lo), frames[lo], exact: exact, "seed \(seed)")
            #expect(abs(try g.contentOffset(centeringTab: lo) - m.centering(lo)) <= 1e-9, "seed \(seed)")
        }
        // Visible ranges at the current offset and at random ones, including
        // offsets exactly on frame edges.
        var offsets = [m.contentOffset, -quarter(0...400, &rng), m.maxOffset + quarter(0...400, &rng)]
        if !frames.isEmpty {
            let f = frames[Int.random(in: 0..<frames.count, using: &rng)]
            offsets += [f.minX, f.maxX, f.minX - m.viewport.width, f.maxX - m.viewport.width]
        }
        for offset in offsets {
            for overscan in [0.0, m.layout.overscan] {
                let expected = m.visible(offset: offset, overscan: overscan, frames: frames)
                let got = try g.visibleTabs(atContentOffset: offset, overscan: overscan)
                let fromCursor = try g.visibleTabs(atContentOffset: offset, overscan: overscan, cursor: &cursor)
                #expect(fromCursor == got, "seed \(seed) offset \(offset) overscan \(overscan): cursor")
                // Asked again: the cursor's own answer, unchanged.
                let again = try g.visibleTabs(atContentOffset: offset, overscan: overscan, cursor: &cursor)
                #expect(again == got, "seed \(seed) offset \(offset) overscan \(overscan): cursor, again")
                if exact {
                    #expect(Array(got) == expected, "seed \(seed) offset \(offset) overscan \(overscan)")
                } else {
                    // Stretched tabs: rounding in the division may move an
                    // exact-touch boundary by one tab.
                    #expect(abs(got.count - expected.count) <= 2, "seed \(seed)")
                }
            }
        }
        #expect(g.visibleTabs == (try g.visibleTabs(atContentOffset: g.contentOffset, overscan: g.layout.overscan)))
        #expect(g.visibleTabs(cursor: &cursor) == g.visibleTabs, "seed \(seed): visibleTabs(cursor:)")
        // Hit testing at edges and inside.
        if exact, !frames.isEmpty {
            let i = Int.random(in: 0..<frames.count, using: &rng)
            for x in [frames[i].minX, frames[i].midX, frames[i].maxX, frames[i].maxX.nextDown, -1, m.content + 1] {
                let got = try g.tab(atContentX: x)
                #expect(
                    got == m.hit(x, frames: frames),
                    "seed \(seed) x \(x) got \(String(describing: got)) model \(String(describing: m.hit(x, frames: frames))) frames \(frames[max(0, i - 1)...min(frames.count - 1, i + 1)])"
                )
            }
        }
    }

    static func expectClose(_ a: Rect, _ b: Rect, exact: Bool, _ comment: Comment) {
        if exact {
            #expect(a == b, comment)
        } else {
            #expect(abs(a.x - b.x) <= 1e-9 && abs(a.width - b.width) <= 1e-9 && a.height == b.height, comment)
        }
    }

    @Test func randomizedSequencesMatchTheModel() throws {
        for seed in UInt64(0)..<400 {
            var rng = SeededGenerator(seed: seed)
            let count = [0, 1, 2, 5, 40, 300][Int.random(in: 0..<6, using: &rng)]
            let widths = (0..<count).map { _ in Self.quarterWidth(&rng) }
            let layout = Self.randomLayout(&rng)
            let viewport = Viewport(width: Self.quarter(400...6000, &rng), height: 44)
            var g = try TabStripGeometry(widths: widths, layout: layout, viewport: viewport)
            var m = GeometryModel(widths: widths, layout: layout, viewport: viewport, contentOffset: 0)
            m.contentOffset = layout.direction == .leftToRight ? 0 : m.maxOffset
            var cursor = TabRangeCursor()
            try Self.expectMatches(g, m, &rng, seed: seed, cursor: &cursor)
            for _ in 0..<25 {
                try Self.step(&g, &m, &rng, seed: seed)
                try Self.expectMatches(g, m, &rng, seed: seed, cursor: &cursor)
            }
        }
    }

    /// One random operation on both the geometry and the model.
    static func step(_ g: inout TabStripGeometry, _ m: inout GeometryModel, _ rng: inout SeededGenerator, seed: UInt64)
        throws
    {
        let n = m.widths.count
        let anchor = m.anchor()
        var mapping: ((Int) -> Int)? = nil
        switch Int.random(in: 0..<9, using: &rng) {
        case 0, 1:
            let x = Self.quarter(-400...Int(m.content * 4) + 400, &rng)
            try g.setContentOffset(x)
            m.contentOffset = x
            return
        case 2 where n > 0:
            let i = Int.random(in: 0..<n, using: &rng)
            let w = Self.quarterWidth(&rng)
            try g.setWidth(w, ofTab: i)
            m.widths[i] = w
            mapping = { $0 }
        case 3:
            let i = Int.random(in: 0...n, using: &rng)
            let new = (0..<Int.random(in: 1...4, using: &rng)).map { _ in Self.quarterWidth(&rng) }
            try g.insertTabs(widths: new, at: i)
            m.widths.insert(contentsOf: new, at: i)
            mapping = { $0 >= i ? $0 + new.count : $0 }
        case 4 where n > 0:
            let lo = Int.random(in: 0..<n, using: &rng)
            let hi = min(n, lo + Int.random(in: 1...3, using: &rng))
            try g.removeTabs(in: lo..<hi)
            m.widths.removeSubrange(lo..<hi)
            mapping = { $0 < lo ? $0 : ($0 >= hi ? $0 - (hi - lo) : lo) }
        case 5 where n > 1:
            let from = Int.random(in: 0..<n, using: &rng)
            let to = Int.random(in: 0..<n, using: &rng)
            try g.moveTab(from: from, to: to)
            if from == to { return } // documented no-op: nothing moves, nothing is clamped
            let w = m.widths.remove(at: from)
            m.widths.insert(w, at: to)
            mapping = { TabStripGeometry.index($0, afterMovingFrom: from, to: to) }
        case 6:
            let v = Viewport(width: Self.quarter(400...6000, &rng), height: 44)
            try g.setViewport(v)
            m.viewport = v
            mapping = { $0 }
        case 7:
            var layout = Self.randomLayout(&rng)
            layout.direction = m.layout.direction
            try g.setLayout(layout)
            m.layout = layout
            mapping = { $0 }
        default:
            let w = (0..<Int.random(in: 0...30, using: &rng)).map { _ in Self.quarterWidth(&rng) }
            try g.replaceAllWidths(w)
            m.widths = w
            m.contentOffset = m.clamp(m.contentOffset)
            return
        }
        // Scroll anchoring, from the model's point of view: the anchored tab
        // keeps its distance from the viewport's leading edge unless the
        // offset had to be clamped.
        guard let mapping else { return }
        guard let anchor, !m.widths.isEmpty else {
            m.contentOffset = m.clamp(m.contentOffset)
            return
        }
        let tab = min(mapping(anchor.tab), m.widths.count - 1)
        let f = m.frames[tab]
        let desired =
            m.layout.direction == .leftToRight
            ? f.minX - anchor.distance
            : f.maxX + anchor.distance - m.viewport.width
        m.contentOffset = m.clamp(desired)
        if abs(g.contentOffset - m.contentOffset) <= 1e-9 { m.contentOffset = g.contentOffset }
    }

    @Test func revealingWithAMarginScrollsAsLittleAsPossible() throws {
        // Ten 100 pt tabs, viewport 350: seed 000's 30 pt margin.
        var g = try TabStripGeometry(
            widths: Array(repeating: 100, count: 10), viewport: Viewport(width: 350, height: 44))
        #expect(try g.contentOffset(revealingTab: 0, margin: 30) == 0)
        // Tab 3 spans 300..<400: needs 430 visible, so offset 80.
        #expect(try g.contentOffset(revealingTab: 3, margin: 30) == 80)
        try g.setContentOffset(500)
        // Tab 4 spans 400..<500: its leading margin starts at 370.
        #expect(try g.contentOffset(revealingTab: 4, margin: 30) == 370)
        // Already visible with margins: no movement.
        #expect(try g.contentOffset(revealingTab: 6, margin: 30) == 500)
        // Clamped at the end: content 1000, max offset 650.
        #expect(try g.contentOffset(revealingTab: 9, margin: 30) == 650)
        #expect(throws: TabStripError.invalidValue(name: "margin", value: -1)) {
            try g.contentOffset(revealingTab: 1, margin: -1)
        }
    }

    @Test func centringClampsLikeSeed004() throws {
        // Seed 004: fixed-width buttons; delta = centerX - viewport/2 clamped
        // to [0, content - viewport]. Eight 80 pt tabs, viewport 320.
        let g = try TabStripGeometry(widths: Array(repeating: 80, count: 8), viewport: Viewport(width: 320, height: 40))
        #expect(try g.contentOffset(centeringTab: 0) == 0) // 40 - 160 < 0
        #expect(try g.contentOffset(centeringTab: 3) == 120) // 280 - 160
        #expect(try g.contentOffset(centeringTab: 5) == 280) // 440 - 160
        #expect(try g.contentOffset(centeringTab: 7) == 320) // 600 - 160 = 440 > 320
    }

    @Test func alignmentWhenEverythingFits() throws {
        let widths = [50.0, 70, 80] // 200 pt, viewport 400
        var layout = TabStripLayout(contentInsets: HorizontalInsets(leading: 10, trailing: 30), spacing: 10)
        // natural = 10 + 200 + 20 + 30 = 260
        var g = try TabStripGeometry(widths: widths, layout: layout, viewport: Viewport(width: 400, height: 30))
        #expect(g.allTabsFit && g.contentWidth == 400 && g.contentOffsetRange == 0...0)
        #expect(try g.frame(ofTab: 1) == Rect(x: 70, y: 0, width: 70, height: 30))
        layout.alignment = .center // shift (400 - 260) / 2 = 70
        try g.setLayout(layout)
        #expect(try g.frame(ofTab: 0) == Rect(x: 80, y: 0, width: 50, height: 30))
        layout.alignment = .fill // each tab + 140 / 3
        try g.setLayout(layout)
        let f2 = try g.frame(ofTab: 2)
        #expect(abs(f2.maxX - 370) < 1e-9) // right inset 30 preserved
        layout.direction = .rightToLeft
        layout.alignment = .leading
        try g.setLayout(layout)
        // Mirrored: tab 0 at the right, after the 10 pt leading inset.
        #expect(try g.frame(ofTab: 0) == Rect(x: 340, y: 0, width: 50, height: 30))
        #expect(try g.tab(atContentX: 340) == 0)
        #expect(try g.tab(atContentX: 335) == nil) // in the gap
    }

    @Test func rightToLeftStartsAtTheEndOfTheContent() throws {
        let layout = TabStripLayout(direction: .rightToLeft)
        let g = try TabStripGeometry(
            widths: Array(repeating: 100, count: 10), layout: layout, viewport: Viewport(width: 250, height: 44))
        #expect(g.contentOffset == 750)
        #expect(g.visibleTabs == 0..<4) // [690, 1060) with 60 pt overscan reaches tab 3 at [600, 700)
        #expect(try g.frame(ofTab: 0).x == 900)
    }

    @Test func badInputThrowsAndChangesNothing() throws {
        var g = try TabStripGeometry(widths: [10, 20, 30], viewport: Viewport(width: 25, height: 10))
        try g.setContentOffset(12)
        let before = g
        func unchanged() {
            #expect(
                g.widths == before.widths && g.contentOffset == before.contentOffset && g.viewport == before.viewport
                    && g.layout == before.layout)
        }
        #expect(throws: TabStripError.invalidOffset(.nan)) { try g.setContentOffset(.nan) }
        unchanged()
        #expect(throws: TabStripError.invalidOffset(.infinity)) { try g.setContentOffset(.infinity) }
        #expect(throws: TabStripError.invalidViewport(width: 0, height: 10)) {
            try g.setViewport(Viewport(width: 0, height: 10))
        }
        #expect(throws: TabStripError.invalidViewport(width: 10, height: -1)) {
            try g.setViewport(Viewport(width: 10, height: -1))
        }
        #expect(throws: TabStripError.invalidViewport(width: .nan, height: 1)) {
            try g.setViewport(Viewport(width: .nan, height: 1))
        }
        unchanged()
        #expect(throws: TabStripError.invalidWidth(index: 1, value: -3)) { try g.setWidth(-3, ofTab: 1) }
        #expect(throws: TabStripError.invalidWidth(index: 4, value: .nan)) {
            try g.insertTabs(widths: [1, .nan], at: 3)
        }
        #expect(throws: TabStripError.indexOutOfRange(index: 4, count: 3)) { try g.insertTabs(widths: [1], at: 4) }
        #expect(throws: TabStripError.indexOutOfRange(index: 5, count: 3)) { try g.removeTabs(in: 2..<5) }
        #expect(throws: TabStripError.indexOutOfRange(index: 3, count: 3)) { try g.moveTab(from: 3, to: 0) }
        #expect(throws: TabStripError.indexOutOfRange(index: -1, count: 3)) { try g.moveTab(from: 0, to: -1) }
        #expect(throws: TabStripError.invalidWidth(index: 2, value: .infinity)) {
            try g.replaceAllWidths([1, 2, .infinity])
        }
        #expect(throws: TabStripError.invalidValue(name: "spacing", value: -1)) {
            try g.setLayout(TabStripLayout(spacing: -1))
        }
        #expect(throws: TabStripError.invalidValue(name: "overscan", value: .nan)) {
            try g.setLayout(TabStripLayout(overscan: .nan))
        }
        #expect(throws: TabStripError.indexOutOfRange(index: 3, count: 3)) { try g.frame(ofTab: 3) }
        #expect(throws: TabStripError.invalidOffset(.nan)) { try g.visibleTabs(atContentOffset: .nan, overscan: 0) }
        #expect(throws: TabStripError.invalidValue(name: "overscan", value: -1)) {
            try g.visibleTabs(atContentOffset: 0, overscan: -1)
        }
        #expect(throws: TabStripError.invalidOffset(-.infinity)) { try g.tab(atContentX: -.infinity) }
        unchanged()
        g._checkInvariants()
    }

    @Test func emptyAndSingleTabStrips() throws {
        var g = try TabStripGeometry(widths: [], viewport: Viewport(width: 100, height: 10))
        #expect(g.visibleTabs.isEmpty && g.contentWidth == 100 && g.contentOffset == 0)
        #expect(try g.tab(atContentX: 5) == nil)
        try g.insertTabs(widths: [40], at: 0)
        #expect(g.visibleTabs == 0..<1)
        #expect(try g.contentOffset(centeringTab: 0) == 0)
        try g.removeTabs(in: 0..<1)
        #expect(g.tabCount == 0 && g.contentOffset == 0)
        g._checkInvariants()
    }
}
