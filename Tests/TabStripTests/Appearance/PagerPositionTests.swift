import TabStrip
import TabStripTestSupport
import Testing

@Suite struct PagerPositionTests {
    @Test func leftAndRightFactorsFollowSeed004() throws {
        let position = try PagerPosition(offset: 500, pageWidth: 400, pageCount: 5)
        #expect(position.leftIndex == 1)
        #expect(position.rightIndex == 2)
        #expect(position.rightFactor == 0.25)
        #expect(position.leftFactor == 0.75)
        #expect(position.page == 1.25)
        #expect(!position.isSettled)
        #expect(position.nearestPage == 1)
        #expect(position.visibleFraction(ofPage: 1) == 0.75)
        #expect(position.visibleFraction(ofPage: 2) == 0.25)
        #expect(position.visibleFraction(ofPage: 0) == 0)
        #expect(position.visibleFraction(ofPage: 3) == 0)
    }

    @Test func exactPageBoundaryIsSettled() throws {
        let position = try PagerPosition(offset: 800, pageWidth: 400, pageCount: 5)
        #expect(position.leftIndex == 2)
        #expect(position.rightFactor == 0)
        #expect(position.isSettled)
        #expect(position.visibleFraction(ofPage: 2) == 1)
        #expect(position.visibleFraction(ofPage: 3) == 0)
        #expect(position.nearestPage == 2)
        let half = try PagerPosition(offset: 1000, pageWidth: 400, pageCount: 5)
        #expect(half.nearestPage == 3)
    }

    @Test func outOfRangeOffsetsClamp() throws {
        let before = try PagerPosition(offset: -120, pageWidth: 400, pageCount: 5)
        #expect(before.offset == 0 && before.leftIndex == 0 && before.rightFactor == 0)
        #expect(before.offset.sign == .plus)
        let after = try PagerPosition(offset: 2_000, pageWidth: 400, pageCount: 5)
        #expect(after.offset == 1_600)
        #expect(after.leftIndex == 4 && after.rightIndex == nil && after.rightFactor == 0)
        #expect(after.visibleFraction(ofPage: 5) == 0)
        let single = try PagerPosition(offset: 300, pageWidth: 400, pageCount: 1)
        #expect(single.offset == 0 && single.leftIndex == 0 && single.rightIndex == nil)
    }

    @Test func roundingNoiseSnapsToThePage() throws {
        // 0.1 * 3 is 0.30000000000000004: three pages up to rounding.
        let noisy = try PagerPosition(offset: 0.1 * 3, pageWidth: 0.1, pageCount: 10)
        #expect(noisy.leftIndex == 3 && noisy.rightFactor == 0)
        let justBelow = try PagerPosition(offset: 375 * (1 - 1e-13), pageWidth: 375, pageCount: 10)
        #expect(justBelow.leftIndex == 1 && justBelow.rightFactor == 0)
        // A real sliver (a thousandth of a point) does not snap.
        let sliver = try PagerPosition(offset: 375.001, pageWidth: 375, pageCount: 10)
        #expect(sliver.leftIndex == 1 && sliver.rightFactor > 0)
    }

    @Test func settledInitialiser() throws {
        let position = try PagerPosition(settledOn: 3, pageWidth: 320, pageCount: 10)
        #expect(position.offset == 960 && position.leftIndex == 3 && position.rightFactor == 0)
        #expect(throws: TabStripError.indexOutOfRange(index: 10, count: 10)) {
            try PagerPosition(settledOn: 10, pageWidth: 320, pageCount: 10)
        }
        #expect(throws: TabStripError.invalidValue(name: "pageWidth", value: 0)) {
            try PagerPosition(settledOn: 0, pageWidth: 0, pageCount: 10)
        }
    }

    @Test func badInputThrows() {
        #expect(throws: TabStripError.invalidOffset(.nan)) {
            try PagerPosition(offset: .nan, pageWidth: 400, pageCount: 5)
        }
        #expect(throws: TabStripError.invalidOffset(.infinity)) {
            try PagerPosition(offset: .infinity, pageWidth: 400, pageCount: 5)
        }
        #expect(throws: TabStripError.invalidValue(name: "pageWidth", value: 0)) {
            try PagerPosition(offset: 0, pageWidth: 0, pageCount: 5)
        }
        #expect(throws: TabStripError.invalidValue(name: "pageWidth", value: -3)) {
            try PagerPosition(offset: 0, pageWidth: -3, pageCount: 5)
        }
        #expect(throws: TabStripError.invalidValue(name: "pageWidth", value: .nan)) {
            try PagerPosition(offset: 0, pageWidth: .nan, pageCount: 5)
        }
        #expect(throws: TabStripError.invalidValue(name: "pageCount", value: 0)) {
            try PagerPosition(offset: 0, pageWidth: 400, pageCount: 0)
        }
    }

    @Test func randomOffsetsMatchTheFormula() throws {
        var rng = SeededGenerator(seed: 4)
        for _ in 0..<2_000 {
            let count = Int.random(in: 1...50, using: &rng)
            let width = Double.random(in: 1...1_000, using: &rng)
            let offset = Double.random(in: -width...(Double(count) * width), using: &rng)
            let position = try PagerPosition(offset: offset, pageWidth: width, pageCount: count)
            let expected = min(max(offset / width, 0), Double(count - 1))
            #expect(abs(position.page - expected) <= 1e-9 * max(1, expected))
            #expect(position.leftIndex >= 0 && position.leftIndex < count)
            #expect(position.rightFactor >= 0 && position.rightFactor < 1)
            let total = (0..<count).reduce(0.0) { $0 + position.visibleFraction(ofPage: $1) }
            #expect(abs(total - 1) <= 1e-12)
        }
    }
}

@Suite struct PagerProgressTests {
    @Test func seed000FormulaWithNeighbours() throws {
        let width = 375.0
        let forward = try PagerProgress(offset: 3.25 * width, pageWidth: width, pageCount: 10, currentIndex: 3)
        #expect(forward.progress == 0.25 && forward.neighbourIndex == 4 && forward.fraction == 0.25)
        let backward = try PagerProgress(offset: 2.5 * width, pageWidth: width, pageCount: 10, currentIndex: 3)
        #expect(backward.progress == -0.5 && backward.neighbourIndex == 2)
        let resting = try PagerProgress(offset: 3 * width, pageWidth: width, pageCount: 10, currentIndex: 3)
        #expect(resting.progress == 0 && resting.neighbourIndex == nil)
        #expect(resting.progress.sign == .plus)
    }

    @Test func flingsBeyondAPageClamp() throws {
        let width = 375.0
        let far = try PagerProgress(offset: 5.7 * width, pageWidth: width, pageCount: 10, currentIndex: 3)
        #expect(far.progress == 1 && far.neighbourIndex == 4)
        let farBack = try PagerProgress(offset: 1.3 * width, pageWidth: width, pageCount: 10, currentIndex: 3)
        #expect(farBack.progress == -1 && farBack.neighbourIndex == 2)
        #expect(try PagerProgress(currentIndex: 3, progress: 1.7, pageCount: 10).progress == 1)
        #expect(try PagerProgress(currentIndex: 3, progress: -1.7, pageCount: 10).progress == -1)
    }

    @Test func endsHaveNoNeighbourBeyond() throws {
        let first = try PagerProgress(currentIndex: 0, progress: -0.4, pageCount: 10)
        #expect(first.progress == 0 && first.neighbourIndex == nil)
        let last = try PagerProgress(currentIndex: 9, progress: 0.4, pageCount: 10)
        #expect(last.progress == 0 && last.neighbourIndex == nil)
        let bounce = try PagerProgress(offset: -80, pageWidth: 320, pageCount: 10, currentIndex: 0)
        #expect(bounce.progress == 0)
        let only = try PagerProgress(currentIndex: 0, progress: 0.9, pageCount: 1)
        #expect(only.progress == 0 && only.neighbourIndex == nil)
    }

    @Test func selectionOfTabs() throws {
        let progress = try PagerProgress(currentIndex: 3, progress: -0.25, pageCount: 10)
        #expect(progress.selection(ofTab: 3) == 0.75)
        #expect(progress.selection(ofTab: 2) == 0.25)
        #expect(progress.selection(ofTab: 4) == 0)
        #expect(progress.selection(ofTab: 0) == 0)
    }

    @Test func badInputThrows() {
        #expect(throws: TabStripError.invalidValue(name: "progress", value: .nan)) {
            try PagerProgress(currentIndex: 0, progress: .nan, pageCount: 3)
        }
        #expect(throws: TabStripError.invalidValue(name: "progress", value: -.infinity)) {
            try PagerProgress(currentIndex: 0, progress: -.infinity, pageCount: 3)
        }
        #expect(throws: TabStripError.indexOutOfRange(index: 3, count: 3)) {
            try PagerProgress(currentIndex: 3, progress: 0, pageCount: 3)
        }
        #expect(throws: TabStripError.indexOutOfRange(index: -1, count: 3)) {
            try PagerProgress(offset: 0, pageWidth: 10, pageCount: 3, currentIndex: -1)
        }
        #expect(throws: TabStripError.invalidValue(name: "pageCount", value: 0)) {
            try PagerProgress(currentIndex: 0, progress: 0, pageCount: 0)
        }
        #expect(throws: TabStripError.invalidOffset(.nan)) {
            try PagerProgress(offset: .nan, pageWidth: 10, pageCount: 3, currentIndex: 0)
        }
    }

    @Test func randomOffsetsMatchTheClampedFormula() throws {
        var rng = SeededGenerator(seed: 0)
        for _ in 0..<2_000 {
            let count = Int.random(in: 1...30, using: &rng)
            let width = Double.random(in: 1...800, using: &rng)
            let current = Int.random(in: 0..<count, using: &rng)
            let offset = Double.random(in: 0...(Double(count - 1) * width), using: &rng)
            let progress = try PagerProgress(offset: offset, pageWidth: width, pageCount: count, currentIndex: current)
            let expected = min(max(offset / width - Double(current), -1), 1)
            #expect(abs(progress.progress - expected) <= 1e-9 * Double(count))
            let viaPosition = try PagerPosition(offset: offset, pageWidth: width, pageCount: count)
                .progress(relativeTo: current)
            #expect(viaPosition == progress)
            if let neighbour = progress.neighbourIndex {
                #expect(neighbour >= 0 && neighbour < count && abs(neighbour - current) == 1)
            }
        }
    }
}
