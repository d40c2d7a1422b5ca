import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

@Suite struct PagingRuleTests {
    let rule = SwipePagingRule.standard

    func target(_ page: Int, of count: Int = 10, translation: Double, velocity: Double) -> Int {
        PagingRule.standard.targetPage(
            currentPage: page, pageCount: count, pageWidth: 800, releaseOffset: Double(page) * 800,
            translation: translation, velocityPerMillisecond: velocity)
    }

    @Test func speedThresholdIsStrict() {
        #expect(rule.threshold(forVelocityPerMillisecond: 0.4) == 60)
        #expect(rule.threshold(forVelocityPerMillisecond: -0.4) == 60)
        #expect(rule.threshold(forVelocityPerMillisecond: 0.4.nextUp) == 8)
        #expect(rule.threshold(forVelocityPerMillisecond: -(0.4.nextUp)) == 8)
        #expect(rule.threshold(forVelocityPerMillisecond: 0) == 60)
        #expect(rule.threshold(forVelocityPerMillisecond: 3) == 8)
        #expect(rule.threshold(forVelocityPerMillisecond: .nan) == 60)
    }

    @Test func fastReleaseNeedsMoreThanEightPoints() {
        let fast = 0.4.nextUp
        #expect(target(3, translation: -8, velocity: fast) == 3)
        #expect(target(3, translation: (-8.0).nextDown, velocity: fast) == 4)
        #expect(target(3, translation: 8, velocity: fast) == 3)
        #expect(target(3, translation: 8.0.nextUp, velocity: fast) == 2)
        // The velocity's sign does not matter, only its magnitude.
        #expect(target(3, translation: -9, velocity: -fast) == 4)
        // Exactly 0.4 is slow: 9 pt is not enough.
        #expect(target(3, translation: -9, velocity: 0.4) == 3)
        #expect(target(3, translation: 9, velocity: -0.4) == 3)
    }

    @Test func slowReleaseNeedsMoreThanSixtyPoints() {
        #expect(target(3, translation: -60, velocity: 0.1) == 3)
        #expect(target(3, translation: (-60.0).nextDown, velocity: 0.1) == 4)
        #expect(target(3, translation: 60, velocity: 0.1) == 3)
        #expect(target(3, translation: 60.0.nextUp, velocity: 0.1) == 2)
        #expect(target(3, translation: -59, velocity: 0.4) == 3)
        #expect(target(3, translation: -61, velocity: 0.4) == 4)
    }

    @Test func firstAndLastPagesClamp() {
        #expect(target(0, translation: 500, velocity: 2) == 0)
        #expect(target(0, translation: -500, velocity: 2) == 1)
        #expect(target(9, translation: -500, velocity: 2) == 9)
        #expect(target(9, translation: 500, velocity: 2) == 8)
        #expect(target(0, of: 1, translation: -500, velocity: 2) == 0)
        #expect(target(0, of: 1, translation: 500, velocity: 2) == 0)
        #expect(target(4, translation: .nan, velocity: 2) == 4)
    }

    @Test func customThresholds() throws {
        let custom = try SwipePagingRule(fastSpeedPerMillisecond: 1, fastTranslation: 20, slowTranslation: 100)
        #expect(custom.targetPage(currentPage: 1, pageCount: 3, translation: -21, velocityPerMillisecond: 1.5) == 2)
        #expect(custom.targetPage(currentPage: 1, pageCount: 3, translation: -21, velocityPerMillisecond: 1) == 1)
        #expect(custom.targetPage(currentPage: 1, pageCount: 3, translation: 101, velocityPerMillisecond: 0) == 0)
        for bad in [-1.0, .nan, .infinity] {
            #expect(throws: TabStripError.invalidValue(name: "fastSpeedPerMillisecond", value: bad)) {
                try SwipePagingRule(fastSpeedPerMillisecond: bad)
            }
            #expect(throws: TabStripError.invalidValue(name: "fastTranslation", value: bad)) {
                try SwipePagingRule(fastTranslation: bad)
            }
            #expect(throws: TabStripError.invalidValue(name: "slowTranslation", value: bad)) {
                try SwipePagingRule(slowTranslation: bad)
            }
        }
    }

    @Test func projectionSnapsToTheNearestProjectedPage() throws {
        // Finger moving towards later pages at 0.5 pt/ms: the content moves
        // +500 pt/s and projects 0.5 · 0.998 / 0.002 = 249.5 pt further.
        let wide = PagingRule.projection(try ProjectionPagingRule(maximumPageStep: 10))
        let pick = { (rule: PagingRule, page: Int, offset: Double, velocity: Double) in
            rule.targetPage(
                currentPage: page, pageCount: 10, pageWidth: 100, releaseOffset: offset,
                translation: 0, velocityPerMillisecond: velocity)
        }
        #expect(pick(wide, 1, 120, -0.5) == 4) // 369.5 → 3.695 → 4
        #expect(pick(wide, 1, 90, -0.5) == 3) // 339.5 → 3
        #expect(pick(wide, 1, 120, 0) == 1) // 1.2 → 1
        #expect(pick(wide, 1, 160, 0) == 2) // 1.6 → 2
        #expect(pick(wide, 1, 120, 0.5) == 0) // −129.5 → clamped to 0
        #expect(pick(wide, 8, 880, -5) == 9) // far past the last page
        let adjacent = PagingRule.projection(try ProjectionPagingRule())
        #expect(pick(adjacent, 1, 120, -0.5) == 2)
        #expect(pick(adjacent, 5, 480, 3) == 4)
        #expect(pick(adjacent, 5, 480, .nan) == 5)
        #expect(throws: TabStripError.invalidValue(name: "maximumPageStep", value: 0)) {
            try ProjectionPagingRule(maximumPageStep: 0)
        }
    }
}
