import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// Seeded random gesture sequences checked step by step against a plain
/// reference model of the pager (`PagerModel`).
@Suite struct PagerModelTests {
    @Test func randomGestureSequencesMatchTheModel() throws {
        // 1,500 sequences of 300 steps (450,000 operations) by default.
        for seed in ModelScale.seeds(1_500, first: 1, salt: 0x9A6E) {
            var rng = SeededGenerator(seed: seed)
            let count = Int.random(in: 1...12, using: &rng)
            let size = MotionTest.random(in: 200...1200, using: &rng)
            let start = Int.random(in: 0..<count, using: &rng)
            var pager = try Pager(pageWidth: size, pageCount: count, currentPage: start)
            var model = PagerModel(page: start, count: count, size: size)
            var t = 0.0
            for step in 0..<300 {
                t += [0.0, 0.01, 0.05, 0.149, 0.15, 0.3][Int.random(in: 0..<6, using: &rng)]
                let translation = [
                    -60.0, (-60.0).nextDown, -8, (-8.0).nextDown, 0, 8, 8.0.nextUp, 60, 60.0.nextUp,
                    MotionTest.random(in: -2000...2000, using: &rng),
                ][Int.random(in: 0..<10, using: &rng)]
                let velocity = [0.4, -0.4, 0.4.nextUp, -(0.4.nextUp), 0, MotionTest.random(in: -5...5, using: &rng)][
                    Int.random(in: 0..<6, using: &rng)]
                let expected: PagerResponse
                let actual: PagerResponse
                switch Int.random(in: 0..<10, using: &rng) {
                case 0, 1:
                    expected = model.begin(at: t)
                    actual = try pager.beginDrag(at: t)
                case 2, 3, 4:
                    expected = model.move(translation)
                    actual = try pager.moveDrag(translation: translation, at: t)
                case 5, 6:
                    expected = model.end(translation, velocity: velocity, at: t)
                    actual = try pager.endDrag(translation: translation, velocityPerMillisecond: velocity, at: t)
                case 7:
                    expected = model.cancel(at: t)
                    actual = try pager.cancelDrag(at: t)
                default:
                    let target = Int.random(in: 0..<count, using: &rng)
                    let animated = Bool.random(using: &rng)
                    expected = model.select(target, animated: animated, at: t)
                    actual = try pager.selectPage(target, animated: animated, at: t)
                }
                pager._checkInvariants()
                #expect(actual == expected, "seed \(seed) step \(step)")
                #expect(pager.currentPage == model.page, "seed \(seed) step \(step)")
                #expect(pager.isSettling(at: t) == model.settling(at: t), "seed \(seed) step \(step)")
                if let offset = model.restingOffset(at: t) {
                    #expect(pager.offset(at: t) == offset, "seed \(seed) step \(step)")
                } else {
                    let shown = pager.offset(at: t)
                    #expect(shown >= 0 && shown <= Double(count - 1) * size)
                }
                // Whatever happens, the page's own offset is reached by the settle's end.
                let later = t + 0.15
                if !model.dragging {
                    #expect(pager.offset(at: later) == Double(model.page) * size)
                }
                // A refused or failed bad event leaves everything as it was.
                let before = pager
                let badTime = pager.lastEventTime.map { $0.nextDown } ?? .nan
                let expectedError =
                    pager.lastEventTime.map { TabStripError.timeBeforeLastEvent(time: badTime, lastTime: $0) }
                    ?? .invalidValue(name: "time", value: .nan)
                #expect(throws: expectedError) {
                    try pager.beginDrag(at: badTime)
                }
                #expect(pager == before)
            }
        }
    }
}
