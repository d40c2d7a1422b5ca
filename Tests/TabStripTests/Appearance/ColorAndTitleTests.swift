import TabStrip
import TabStripTestSupport
import Testing

@Suite struct RGBATests {
    @Test func plainInitialiserClamps() {
        let colour = RGBA(red: 1.5, green: -0.2, blue: .nan, alpha: 0.5)
        #expect(colour == RGBA(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(colour.green.sign == .plus)
        #expect(RGBA(white: 0.25) == RGBA(red: 0.25, green: 0.25, blue: 0.25, alpha: 1))
    }

    @Test func validatingInitialiserThrowsNamingTheComponent() throws {
        #expect(throws: TabStripError.invalidValue(name: "green", value: 1.01)) {
            try RGBA(validatingRed: 0, green: 1.01, blue: 0)
        }
        #expect(throws: TabStripError.invalidValue(name: "alpha", value: .nan)) {
            try RGBA(validatingRed: 0, green: 0, blue: 0, alpha: .nan)
        }
        #expect(throws: TabStripError.invalidValue(name: "red", value: -0.5)) {
            try RGBA(validatingRed: -0.5, green: 0, blue: 0)
        }
        #expect(
            try RGBA(validatingRed: 0.5, green: 1, blue: 0, alpha: 0) == RGBA(red: 0.5, green: 1, blue: 0, alpha: 0))
    }

    @Test func componentwiseInterpolation() {
        let from = RGBA(red: 1, green: 0, blue: 0.5, alpha: 1)
        let to = RGBA(red: 0, green: 1, blue: 0.25, alpha: 0.5)
        #expect(from.interpolated(to: to, fraction: 0) == from)
        #expect(from.interpolated(to: to, fraction: 0.25) == RGBA(red: 0.75, green: 0.25, blue: 0.4375, alpha: 0.875))
        #expect(from.interpolated(to: to, fraction: 0.5) == RGBA(red: 0.5, green: 0.5, blue: 0.375, alpha: 0.75))
        #expect(from.interpolated(to: to, fraction: 1) == to)
        #expect(from.interpolated(to: to, fraction: -0.5) == from)
        #expect(from.interpolated(to: to, fraction: 1.7) == to)
        #expect(from.interpolated(to: to, fraction: .nan) == from)
    }

    @Test func seedColoursAreUIKitValues() {
        #expect(RGBA.lightGray.red == 2.0 / 3.0 && RGBA.lightGray.alpha == 1)
        #expect(RGBA.green == RGBA(red: 0, green: 1, blue: 0))
    }
}

@Suite struct TitleStyleTests {
    private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-12 }

    private func close(_ a: RGBA, _ b: RGBA) -> Bool {
        close(a.red, b.red) && close(a.green, b.green) && close(a.blue, b.blue) && close(a.alpha, b.alpha)
    }

    /// Seed 000's own formulas: the current tab goes white → light grey and
    /// 1.1 → 0.9 as |p| grows, the neighbour the other way.
    @Test(arguments: [0, 0.25, 0.5, 1, -0.5, -0.25, 1.7, -1.7])
    func seed000DragAppearance(rawProgress: Double) throws {
        let style = TitleStyle.douyin
        let progress = try PagerProgress(currentIndex: 4, progress: rawProgress, pageCount: 10)
        let magnitude = min(abs(rawProgress), 1)
        #expect(progress.fraction == magnitude)

        let current = style.appearance(ofTab: 4, in: progress)
        #expect(close(current.scale, 1.1 - 0.2 * magnitude))
        let grey = 2.0 / 3.0
        let fading = 1 + (grey - 1) * magnitude
        #expect(close(current.color, RGBA(red: fading, green: fading, blue: fading)))

        let neighbourIndex = rawProgress > 0 ? 5 : 3
        let otherSide = rawProgress > 0 ? 3 : 5
        let neighbour = style.appearance(ofTab: neighbourIndex, in: progress)
        let brightening = grey + (1 - grey) * magnitude
        if rawProgress != 0 {
            #expect(close(neighbour.scale, 0.9 + 0.2 * magnitude))
            #expect(close(neighbour.color, RGBA(red: brightening, green: brightening, blue: brightening)))
        }
        for index in [0, 1, 2, otherSide, 6, 9] where index != neighbourIndex || rawProgress == 0 {
            let rest = style.appearance(ofTab: index, in: progress)
            #expect(rest.scale == 0.9 && rest.color == .lightGray && rest.selection == 0)
        }
    }

    @Test func exactEndStates() throws {
        let style = TitleStyle.douyin
        let resting = try PagerProgress(currentIndex: 2, progress: 0, pageCount: 5)
        #expect(style.appearance(ofTab: 2, in: resting) == TitleAppearance(selection: 1, color: .white, scale: 1.1))
        let arrived = try PagerProgress(currentIndex: 2, progress: 1, pageCount: 5)
        #expect(style.appearance(ofTab: 3, in: arrived) == TitleAppearance(selection: 1, color: .white, scale: 1.1))
        #expect(style.appearance(ofTab: 2, in: arrived) == TitleAppearance(selection: 0, color: .lightGray, scale: 0.9))
    }

    @Test func selectionClamps() {
        let style = TitleStyle.douyin
        #expect(style.appearance(selection: 1.7) == style.appearance(selection: 1))
        #expect(style.appearance(selection: -0.3) == style.appearance(selection: 0))
        #expect(style.appearance(selection: .nan) == style.appearance(selection: 0))
    }

    /// Seed 004: scale = 1 + factor · (maxScale − 1), green = factor.
    @Test func seed004FactorsAppearance() throws {
        let style = try TitleStyle.newsTitleBar(maxScale: 1.5)
        let position = try PagerPosition(offset: 1.25 * 80, pageWidth: 80, pageCount: 6)
        let left = style.appearance(ofTab: 1, in: position)
        let right = style.appearance(ofTab: 2, in: position)
        #expect(left.scale == 1 + 0.75 * 0.5 && left.color == RGBA(red: 0, green: 0.75, blue: 0))
        #expect(right.scale == 1 + 0.25 * 0.5 && right.color == RGBA(red: 0, green: 0.25, blue: 0))
        let other = style.appearance(ofTab: 4, in: position)
        #expect(other.scale == 1 && other.color == .black)

        var rng = SeededGenerator(seed: 44)
        for _ in 0..<500 {
            let maxScale = Double.random(in: 1...2, using: &rng)
            let news = try TitleStyle.newsTitleBar(maxScale: maxScale)
            let position = try PagerPosition(
                offset: Double.random(in: 0...400, using: &rng), pageWidth: 80, pageCount: 6)
            for (index, factor) in [
                (position.leftIndex, position.leftFactor), (position.leftIndex + 1, position.rightFactor),
            ]
            where index < 6 {
                let look = news.appearance(ofTab: index, in: position)
                #expect(close(look.scale, 1 + factor * (maxScale - 1)))
                #expect(close(look.color.green, factor) && look.color.red == 0 && look.color.blue == 0)
            }
        }
    }

    /// The seed-000 and seed-004 views of the same drag agree.
    @Test func progressAndPositionViewsAgree() throws {
        var rng = SeededGenerator(seed: 45)
        let style = TitleStyle.douyin
        for _ in 0..<1_000 {
            let count = Int.random(in: 2...12, using: &rng)
            let current = Int.random(in: 0..<count, using: &rng)
            let offset = (Double(current) + Double.random(in: -1...1, using: &rng)) * 100
            let position = try PagerPosition(offset: offset, pageWidth: 100, pageCount: count)
            let progress = try position.progress(relativeTo: current)
            for index in 0..<count {
                let a = style.appearance(ofTab: index, in: progress)
                let b = style.appearance(ofTab: index, in: position)
                #expect(close(a.scale, b.scale) && close(a.color, b.color))
            }
        }
    }

    @Test func badScalesThrow() {
        #expect(throws: TabStripError.invalidValue(name: "restScale", value: -1)) {
            try TitleStyle(restColor: .black, selectedColor: .white, restScale: -1)
        }
        #expect(throws: TabStripError.invalidValue(name: "selectedScale", value: .infinity)) {
            try TitleStyle.newsTitleBar(maxScale: .infinity)
        }
    }
}
