import TabStrip
import TabStripTestSupport
import Testing

@Suite struct IndicatorStyleTests {
    /// Tab A spans [0, 100], tab B [100, 240]; full-width indicator, 2 tall,
    /// flush with the bottom of a 40-point strip.
    let a = Rect(x: 0, y: 0, width: 100, height: 40)
    let b = Rect(x: 100, y: 0, width: 140, height: 40)

    private func style(_ kind: IndicatorStyle.Kind) throws -> IndicatorStyle {
        try IndicatorStyle(kind: kind, width: .fullTab, height: 2)
    }

    private func span(_ rect: Rect) -> [Double] { [rect.x, rect.width] }

    @Test func douyinRestingFrameMatchesSeed() throws {
        // Seed 000: x = minX + 20, y = strip height − 4, width − 40, height 3.
        let tab = Rect(x: 100, y: 0, width: 120, height: 40)
        let frame = try IndicatorStyle.douyin.restingFrame(underTab: tab, stripHeight: 44)
        #expect(frame == Rect(x: 120, y: 40, width: 80, height: 3))
    }

    @Test func widthRulesAndPlacement() throws {
        let tab = Rect(x: 100, y: 0, width: 120, height: 40)
        let fixed = try IndicatorStyle(width: .fixed(30), height: 4, placement: .top(inset: 2))
        #expect(try fixed.restingFrame(underTab: tab, stripHeight: 44) == Rect(x: 145, y: 2, width: 30, height: 4))
        let full = try IndicatorStyle(width: .fullTab, height: 2, placement: .bottom(inset: 3))
        #expect(try full.restingFrame(underTab: tab, stripHeight: 44) == Rect(x: 100, y: 39, width: 120, height: 2))
        // A tab narrower than twice the padding gets a zero-width line at its centre.
        let narrow = Rect(x: 10, y: 0, width: 30, height: 40)
        #expect(
            try IndicatorStyle.douyin.restingFrame(underTab: narrow, stripHeight: 44)
                == Rect(x: 25, y: 40, width: 0, height: 3))
    }

    @Test(
        arguments: [(0.0, [0.0, 100]), (0.25, [25, 110]), (0.5, [50, 120]), (0.75, [75, 130]), (1, [100, 140])]
            as [(Double, [Double])])
    func lineForward(progress: Double, expected: [Double]) throws {
        let frame = try style(.line).frame(current: a, neighbour: b, progress: progress, stripHeight: 40)
        #expect(span(frame) == expected)
        #expect(frame.y == 38 && frame.height == 2)
    }

    @Test(
        arguments: [
            (0.0, [100.0, 140]), (-0.25, [75, 130]), (-0.5, [50, 120]), (-0.75, [25, 110]), (-1, [0, 100]),
        ] as [(Double, [Double])])
    func lineBackward(progress: Double, expected: [Double]) throws {
        let frame = try style(.line).frame(current: b, neighbour: a, progress: progress, stripHeight: 40)
        #expect(span(frame) == expected)
    }

    /// Lengthen, B to the right: the trailing edge reaches B's end at 0.5,
    /// then the leading edge catches up.
    @Test(
        arguments: [(0.0, [0.0, 100]), (0.25, [0, 170]), (0.5, [0, 240]), (0.75, [50, 190]), (1, [100, 140])]
            as [(Double, [Double])])
    func lengthenForward(progress: Double, expected: [Double]) throws {
        let frame = try style(.lengthen).frame(current: a, neighbour: b, progress: progress, stripHeight: 40)
        #expect(span(frame) == expected)
    }

    /// Lengthen, neighbour to the left: the leading edge goes first.
    @Test(
        arguments: [(0.0, [100.0, 140]), (-0.25, [50, 190]), (-0.5, [0, 240]), (-0.75, [0, 170]), (-1, [0, 100])]
            as [(Double, [Double])])
    func lengthenBackward(progress: Double, expected: [Double]) throws {
        let frame = try style(.lengthen).frame(current: b, neighbour: a, progress: progress, stripHeight: 40)
        #expect(span(frame) == expected)
    }

    /// Right-to-left: page 0's tab is at [300, 400], page 1's at [160, 300];
    /// a forward drag (positive progress) moves the indicator left.
    @Test func rightToLeftLayout() throws {
        let page0 = Rect(x: 300, y: 0, width: 100, height: 40)
        let page1 = Rect(x: 160, y: 0, width: 140, height: 40)
        let lengthen = try style(.lengthen)
        #expect(
            span(try lengthen.frame(current: page0, neighbour: page1, progress: 0.25, stripHeight: 40)) == [230, 170])
        #expect(
            span(try lengthen.frame(current: page0, neighbour: page1, progress: 0.5, stripHeight: 40)) == [160, 240])
        #expect(
            span(try lengthen.frame(current: page0, neighbour: page1, progress: 0.75, stripHeight: 40)) == [160, 190])
        let line = try style(.line)
        #expect(span(try line.frame(current: page0, neighbour: page1, progress: 0.5, stripHeight: 40)) == [230, 120])
    }

    @Test func insetStyleInterpolatesInsetFrames() throws {
        // Indicators: A → [20, 80], B → [120, 220].
        let line = IndicatorStyle.douyin
        #expect(span(try line.frame(current: a, neighbour: b, progress: 0.5, stripHeight: 44)) == [70, 80])
        let lengthen = try IndicatorStyle(kind: .lengthen, width: .inset(by: 20), height: 3)
        #expect(span(try lengthen.frame(current: a, neighbour: b, progress: 0.5, stripHeight: 44)) == [20, 200])
        #expect(span(try lengthen.frame(current: a, neighbour: b, progress: 0.25, stripHeight: 44)) == [20, 130])
    }

    @Test func noNeighbourClampingAndSign() throws {
        for kind in [IndicatorStyle.Kind.line, .lengthen] {
            let s = try style(kind)
            let resting = try s.restingFrame(underTab: a, stripHeight: 40)
            #expect(try s.frame(current: a, neighbour: nil, progress: 0.6, stripHeight: 40) == resting)
            #expect(
                try s.frame(current: a, neighbour: b, progress: 1.7, stripHeight: 40)
                    == s.frame(current: a, neighbour: b, progress: 1, stripHeight: 40))
            #expect(
                try s.frame(current: a, neighbour: b, progress: -0.3, stripHeight: 40)
                    == s.frame(current: a, neighbour: b, progress: 0.3, stripHeight: 40))
        }
    }

    /// Random frames: exact end points, lengthen covers both at 0.5 and is
    /// linear on each half, and going t from a to b equals 1 − t from b to a.
    @Test func randomisedProperties() throws {
        var rng = SeededGenerator(seed: 3)
        func randomTab() -> Rect {
            Rect(
                x: Double.random(in: -500...500, using: &rng), y: 0,
                width: Double.random(in: 0...300, using: &rng), height: 40)
        }
        func close(_ p: Rect, _ q: Rect) -> Bool {
            abs(p.x - q.x) <= 1e-9 && abs(p.width - q.width) <= 1e-9 && p.y == q.y && p.height == q.height
        }
        let widths: [IndicatorStyle.Width] = [.fullTab, .inset(by: 12), .fixed(24)]
        for _ in 0..<1_000 {
            let current = randomTab()
            let neighbour = randomTab()
            let t = Double.random(in: 0...1, using: &rng)
            let width = widths[Int.random(in: 0..<widths.count, using: &rng)]
            for kind in [IndicatorStyle.Kind.line, .lengthen] {
                let s = try IndicatorStyle(kind: kind, width: width, height: 3)
                func f(_ progress: Double) throws -> Rect {
                    try s.frame(current: current, neighbour: neighbour, progress: progress, stripHeight: 50)
                }
                let c = try s.restingFrame(underTab: current, stripHeight: 50)
                let n = try s.restingFrame(underTab: neighbour, stripHeight: 50)
                #expect(try f(0) == c)
                #expect(try f(1) == n)
                let reversed = try s.frame(current: neighbour, neighbour: current, progress: 1 - t, stripHeight: 50)
                #expect(close(try f(t), reversed))
                if kind == .lengthen {
                    let mid = try f(0.5)
                    #expect(mid.x == min(c.x, n.x))
                    #expect(abs(mid.maxX - max(c.maxX, n.maxX)) <= 1e-9)
                    // Linear on each half.
                    let q1 = try f(0.25)
                    let q3 = try f(0.75)
                    #expect(abs(q1.x - (c.x + mid.x) / 2) <= 1e-9 && abs(q1.width - (c.width + mid.width) / 2) <= 1e-9)
                    #expect(abs(q3.x - (mid.x + n.x) / 2) <= 1e-9 && abs(q3.width - (mid.width + n.width) / 2) <= 1e-9)
                    // Continuous at the break.
                    let before = try f(0.5 - 1e-9)
                    let after = try f(0.5 + 1e-9)
                    #expect(abs(before.x - after.x) <= 1e-5 && abs(before.maxX - after.maxX) <= 1e-5)
                } else {
                    let mid = try f(0.5)
                    #expect(abs(mid.x - (c.x + n.x) / 2) <= 1e-9 && abs(mid.width - (c.width + n.width) / 2) <= 1e-9)
                }
            }
        }
    }

    /// Seed 004: equal-width underline at x = buttonWidth · (leftIndex + rightFactor).
    @Test func seed004UnderlineComesOutOfTheSameFunction() throws {
        let buttonWidth = 80.0
        let pageWidth = 320.0
        let count = 8
        let style = try IndicatorStyle.newsTitleBar(height: 2)
        let tab = { (index: Int) in Rect(x: buttonWidth * Double(index), y: 0, width: buttonWidth, height: 40) }
        let hand = try PagerPosition(offset: 1.25 * pageWidth, pageWidth: pageWidth, pageCount: count)
        #expect(try style.frame(in: hand, stripHeight: 42, tabFrame: tab) == Rect(x: 100, y: 40, width: 80, height: 2))
        let half = try PagerPosition(offset: 3.5 * pageWidth, pageWidth: pageWidth, pageCount: count)
        #expect(try style.frame(in: half, stripHeight: 42, tabFrame: tab).x == 280)

        var rng = SeededGenerator(seed: 404)
        for _ in 0..<2_000 {
            let offset = Double.random(in: 0...(Double(count - 1) * pageWidth), using: &rng)
            let position = try PagerPosition(offset: offset, pageWidth: pageWidth, pageCount: count)
            let frame = try style.frame(in: position, stripHeight: 42, tabFrame: tab)
            let seed = buttonWidth * (Double(position.leftIndex) + position.rightFactor)
            #expect(abs(frame.x - seed) <= 1e-9)
            #expect(frame.width == buttonWidth && frame.y == 40 && frame.height == 2)
            // The seed-000 view of the same drag gives the same frame.
            let current = Int.random(
                in: max(0, position.leftIndex - 0)...min(count - 1, position.leftIndex + 1), using: &rng)
            let progress = try position.progress(relativeTo: current)
            let viaProgress = try style.frame(in: progress, stripHeight: 42, tabFrame: tab)
            #expect(abs(viaProgress.x - frame.x) <= 1e-9 && abs(viaProgress.width - frame.width) <= 1e-9)
        }
    }

    @Test func badInputThrows() throws {
        let s = try style(.line)
        #expect(throws: TabStripError.invalidValue(name: "progress", value: .nan)) {
            try s.frame(current: a, neighbour: b, progress: .nan, stripHeight: 40)
        }
        #expect(throws: TabStripError.invalidValue(name: "stripHeight", value: -1)) {
            try s.frame(current: a, neighbour: b, progress: 0, stripHeight: -1)
        }
        #expect(throws: TabStripError.invalidValue(name: "neighbour.width", value: -5)) {
            try s.frame(current: a, neighbour: Rect(x: 0, y: 0, width: -5, height: 40), progress: 0, stripHeight: 40)
        }
        #expect(throws: TabStripError.invalidValue(name: "current.x", value: .infinity)) {
            try s.frame(
                current: Rect(x: .infinity, y: 0, width: 5, height: 40), neighbour: nil, progress: 0, stripHeight: 40)
        }
        #expect(throws: TabStripError.invalidValue(name: "tab.height", value: .nan)) {
            try s.restingFrame(underTab: Rect(x: 0, y: 0, width: 5, height: .nan), stripHeight: 40)
        }
        #expect(throws: TabStripError.invalidValue(name: "height", value: -2)) {
            try IndicatorStyle(height: -2)
        }
        #expect(throws: TabStripError.invalidValue(name: "padding", value: .nan)) {
            try IndicatorStyle(width: .inset(by: .nan))
        }
        #expect(throws: TabStripError.invalidValue(name: "width", value: -1)) {
            try IndicatorStyle(width: .fixed(-1))
        }
        #expect(throws: TabStripError.invalidValue(name: "inset", value: -1)) {
            try IndicatorStyle(placement: .top(inset: -1))
        }
    }
}

@Suite struct SelectionOverlayTests {
    /// Seed 002: x = contentOffset.x · tabWidth / pageWidth, the inner
    /// content scrolled by the same amount.
    @Test func equalWidthFormulaIsExact() throws {
        let position = try PagerPosition(offset: 480, pageWidth: 320, pageCount: 5)
        let overlay = try SelectionOverlay.equalWidthTabs(at: position, tabWidth: 80, tabHeight: 44)
        #expect(overlay.window == Rect(x: 120, y: 0, width: 80, height: 44))
        #expect(overlay.contentOffset == 120)
        let early = try SelectionOverlay.equalWidthTabs(
            at: PagerPosition(offset: 100, pageWidth: 320, pageCount: 5), tabWidth: 80, tabHeight: 44)
        #expect(early.window.x == 25 && early.contentOffset == 25)
        let odd = try SelectionOverlay.equalWidthTabs(
            at: PagerPosition(offset: 937.5, pageWidth: 375, pageCount: 5), tabWidth: 75, tabHeight: 44)
        #expect(odd.window.x == 187.5)

        var rng = SeededGenerator(seed: 2)
        for _ in 0..<1_000 {
            let pageWidth = Double.random(in: 200...500, using: &rng)
            let tabWidth = Double.random(in: 40...120, using: &rng)
            let offset = Double.random(in: 0...(4 * pageWidth), using: &rng)
            let overlay = try SelectionOverlay.equalWidthTabs(
                at: PagerPosition(offset: offset, pageWidth: pageWidth, pageCount: 5), tabWidth: tabWidth, tabHeight: 30
            )
            #expect(overlay.window.x == offset * tabWidth / pageWidth)
            #expect(overlay.contentOffset == overlay.window.x)
            #expect(overlay.window.width == tabWidth)
        }
    }

    @Test func offsetsOutsideThePagerClamp() throws {
        let before = try SelectionOverlay.equalWidthTabs(
            at: PagerPosition(offset: -50, pageWidth: 320, pageCount: 5), tabWidth: 80, tabHeight: 44)
        #expect(before.window.x == 0)
        let after = try SelectionOverlay.equalWidthTabs(
            at: PagerPosition(offset: 9_000, pageWidth: 320, pageCount: 5), tabWidth: 80, tabHeight: 44)
        #expect(after.window.x == 320)
    }

    @Test func variableWidthsInterpolateBetweenTabs() throws {
        let frames = [
            Rect(x: 0, y: 0, width: 100, height: 44), Rect(x: 100, y: 0, width: 140, height: 44),
            Rect(x: 240, y: 0, width: 60, height: 44),
        ]
        let quarter = try SelectionOverlay(at: PagerPosition(offset: 80, pageWidth: 320, pageCount: 3)) { frames[$0] }
        #expect(quarter.window == Rect(x: 25, y: 0, width: 110, height: 44))
        #expect(quarter.contentOffset == 25)
        let settled = try SelectionOverlay(at: PagerPosition(offset: 640, pageWidth: 320, pageCount: 3)) { frames[$0] }
        #expect(settled.window == frames[2])
        #expect(throws: TabStripError.invalidValue(name: "right.width", value: -1)) {
            try SelectionOverlay(at: PagerPosition(offset: 80, pageWidth: 320, pageCount: 3)) { index in
                index == 0 ? frames[0] : Rect(x: 100, y: 0, width: -1, height: 44)
            }
        }
    }

    @Test func variableFormulaAgreesWithEqualWidthFormula() throws {
        var rng = SeededGenerator(seed: 22)
        for _ in 0..<1_000 {
            let tabWidth = Double.random(in: 40...120, using: &rng)
            let position = try PagerPosition(
                offset: Double.random(in: 0...3_000, using: &rng), pageWidth: 375, pageCount: 9)
            let equal = try SelectionOverlay.equalWidthTabs(at: position, tabWidth: tabWidth, tabHeight: 44)
            let general = try SelectionOverlay(at: position) {
                Rect(x: tabWidth * Double($0), y: 0, width: tabWidth, height: 44)
            }
            #expect(abs(equal.window.x - general.window.x) <= 1e-9 && abs(general.window.width - tabWidth) <= 1e-9)
        }
    }

    @Test func badSizesThrow() throws {
        let position = try PagerPosition(offset: 0, pageWidth: 320, pageCount: 5)
        #expect(throws: TabStripError.invalidValue(name: "tabWidth", value: -1)) {
            try SelectionOverlay.equalWidthTabs(at: position, tabWidth: -1, tabHeight: 44)
        }
        #expect(throws: TabStripError.invalidValue(name: "tabHeight", value: .nan)) {
            try SelectionOverlay.equalWidthTabs(at: position, tabWidth: 80, tabHeight: .nan)
        }
    }
}
