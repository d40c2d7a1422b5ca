import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

@Suite struct PagerTests {
    @Test func dragFollowsTheFingerWithinThePages() throws {
        var pager = try Pager(pageWidth: 800, pageCount: 5, currentPage: 2)
        #expect(pager.offset(at: 0) == 1600)
        #expect(try pager.beginDrag(at: 1) == .accepted)
        #expect(try pager.moveDrag(translation: -120, at: 1.05) == .accepted)
        #expect(pager.offset(at: 1.05) == 1720)
        #expect(pager.pagePosition(at: 1.05) == 2.15)
        try pager.moveDrag(translation: 5000, at: 1.1)
        #expect(pager.offset(at: 1.1) == 0) // clamped, no bounce
        try pager.moveDrag(translation: -5000, at: 1.15)
        #expect(pager.offset(at: 1.15) == 3200)
        #expect(try pager.beginDrag(at: 1.16) == .dragInProgress)
        pager._checkInvariants()
    }

    @Test func releaseSettlesInAHundredAndFiftyMillisecondsEaseOut() throws {
        var pager = try Pager(pageWidth: 800, pageCount: 5, currentPage: 2)
        try pager.beginDrag(at: 10)
        try pager.moveDrag(translation: -30, at: 10.1)
        #expect(try pager.endDrag(translation: -30, velocityPerMillisecond: 0.9, at: 10.2) == .accepted)
        #expect(pager.currentPage == 3)
        let settle = try #require(pager.settle)
        #expect(settle.from == 1630 && settle.to == 2400 && settle.startTime == 10.2 && settle.duration == 0.15)
        #expect(settle.curve == .easeOut)
        #expect(pager.offset(at: 10.2) == 1630)
        // Ease-out reaches half way at progress 0.3425 (hand-computed).
        #expect(MotionTest.close(pager.offset(at: 10.2 + 0.3425 * 0.15), (1630 + 2400) / 2, absolute: 1e-8))
        #expect(pager.isSettling(at: 10.2 + 0.149))
        #expect(!pager.isSettling(at: 10.2 + 0.15))
        #expect(pager.offset(at: 10.2 + 0.15) == 2400)
        #expect(pager.velocity(at: 10.25) > 0 && pager.velocity(at: 10.36) == 0)
    }

    @Test func gesturesAreRefusedUntilTheSettleCompletes() throws {
        var pager = try Pager(pageWidth: 600, pageCount: 3)
        try pager.beginDrag(at: 0)
        try pager.endDrag(translation: -100, velocityPerMillisecond: 0, at: 0.5)
        let end = 0.5 + 0.15
        let before = pager
        #expect(try pager.beginDrag(at: 0.6) == .refusedWhileSettling(until: end))
        #expect(try pager.beginDrag(at: end.nextDown) == .refusedWhileSettling(until: end))
        #expect(pager == before)
        #expect(try pager.moveDrag(translation: 3, at: 0.61) == .noDragInProgress)
        #expect(try pager.endDrag(translation: 3, velocityPerMillisecond: 1, at: 0.62) == .noDragInProgress)
        #expect(pager == before)
        #expect(try pager.beginDrag(at: end) == .accepted)
        #expect(pager.offset(at: end) == 600)
    }

    @Test func velocityPerSecondOverload() throws {
        var slow = try Pager(pageWidth: 500, pageCount: 4, currentPage: 1)
        try slow.beginDrag(at: 0)
        try slow.endDrag(translation: 30, velocityPerSecond: 400, at: 0.2) // 0.4 pt/ms: slow, 30 < 60
        #expect(slow.currentPage == 1)
        var fast = try Pager(pageWidth: 500, pageCount: 4, currentPage: 1)
        try fast.beginDrag(at: 0)
        try fast.endDrag(translation: 30, velocityPerSecond: 401, at: 0.2)
        #expect(fast.currentPage == 0)
        #expect(throws: TabStripError.invalidValue(name: "velocity", value: .infinity)) {
            try fast.endDrag(translation: 0, velocityPerSecond: .infinity, at: 1)
        }
    }

    @Test func cancelSettlesBack() throws {
        var pager = try Pager(pageWidth: 400, pageCount: 3, currentPage: 1)
        try pager.beginDrag(at: 0)
        try pager.moveDrag(translation: -90, at: 0.1)
        #expect(try pager.cancelDrag(at: 0.2) == .accepted)
        #expect(pager.currentPage == 1)
        #expect(pager.offset(at: 0.2) == 490 && pager.offset(at: 0.35) == 400)
        #expect(try pager.cancelDrag(at: 0.4) == .noDragInProgress)
    }

    @Test func selectingAPageIsNotAGesture() throws {
        var pager = try Pager(pageWidth: 400, pageCount: 10)
        try pager.selectPage(7, at: 1)
        #expect(pager.currentPage == 7 && pager.isSettling(at: 1.1))
        // Selecting again mid-settle starts from the shown offset.
        let shown = pager.offset(at: 1.05)
        #expect(try pager.selectPage(2, at: 1.05) == .accepted)
        #expect(pager.offset(at: 1.05) == shown && pager.offset(at: 1.2) == 800)
        try pager.selectPage(9, animated: false, at: 1.3)
        #expect(pager.phase == .idle && pager.offset(at: 1.3) == 3600)
        try pager.beginDrag(at: 2)
        #expect(try pager.selectPage(0, at: 2.1) == .dragInProgress)
        #expect(pager.currentPage == 9)
        #expect(throws: TabStripError.indexOutOfRange(index: 10, count: 10)) { try pager.selectPage(10, at: 3) }
    }

    @Test func resizingKeepsThePage() throws {
        var pager = try Pager(pageWidth: 400, pageCount: 5, currentPage: 1)
        try pager.beginDrag(at: 0)
        try pager.endDrag(translation: -100, velocityPerMillisecond: 0, at: 0.1)
        try pager.setPageWidth(800) // rotation mid-settle
        #expect(pager.currentPage == 2 && pager.offset(at: 0.1) == 1000 && pager.offset(at: 0.3) == 1600)
        try pager.setPageCount(2) // page 2 removed: clamp to the last page
        #expect(pager.currentPage == 1 && pager.offset(at: 0.3) == 800)
        let before = pager
        #expect(throws: TabStripError.invalidValue(name: "pageWidth", value: 0)) { try pager.setPageWidth(0) }
        #expect(throws: TabStripError.invalidValue(name: "pageCount", value: 0)) { try pager.setPageCount(0) }
        #expect(pager == before)
        try pager.beginDrag(at: 1)
        try pager.moveDrag(translation: 200, at: 1.1)
        try pager.setPageWidth(500)
        #expect(pager.offset(at: 1.1) == 300)
    }

    @Test func rejectsBadInputAndStaysIntact() throws {
        for bad in [0.0, -10, .nan, .infinity] {
            #expect(throws: TabStripError.invalidValue(name: "pageWidth", value: bad)) {
                try Pager(pageWidth: bad, pageCount: 3)
            }
        }
        for bad in [0, -1] {
            #expect(throws: TabStripError.invalidValue(name: "pageCount", value: Double(bad))) {
                try Pager(pageWidth: 100, pageCount: bad)
            }
        }
        #expect(throws: TabStripError.indexOutOfRange(index: 3, count: 3)) {
            try Pager(pageWidth: 100, pageCount: 3, currentPage: 3)
        }
        #expect(throws: TabStripError.indexOutOfRange(index: -1, count: 3)) {
            try Pager(pageWidth: 100, pageCount: 3, currentPage: -1)
        }
        #expect(throws: TabStripError.invalidValue(name: "settleDuration", value: -0.15)) {
            try Pager(pageWidth: 100, pageCount: 3, settleDuration: -0.15)
        }

        var pager = try Pager(pageWidth: 100, pageCount: 3)
        try pager.beginDrag(at: 5)
        try pager.moveDrag(translation: -20, at: 5.1)
        let before = pager
        #expect(throws: TabStripError.timeBeforeLastEvent(time: 5.05, lastTime: 5.1)) {
            try pager.moveDrag(translation: 1, at: 5.05)
        }
        #expect(throws: TabStripError.invalidValue(name: "time", value: .nan)) {
            try pager.moveDrag(translation: 1, at: .nan)
        }
        #expect(throws: TabStripError.invalidValue(name: "translation", value: .nan)) {
            try pager.moveDrag(translation: .nan, at: 6)
        }
        #expect(throws: TabStripError.invalidValue(name: "translation", value: .infinity)) {
            try pager.endDrag(translation: .infinity, velocityPerMillisecond: 0, at: 6)
        }
        #expect(throws: TabStripError.invalidValue(name: "velocity", value: .nan)) {
            try pager.endDrag(translation: 0, velocityPerMillisecond: .nan, at: 6)
        }
        #expect(throws: TabStripError.timeBeforeLastEvent(time: 1, lastTime: 5.1)) {
            try pager.endDrag(translation: 0, velocityPerMillisecond: 0, at: 1)
        }
        #expect(throws: TabStripError.invalidValue(name: "time", value: -.infinity)) {
            try pager.beginDrag(at: -.infinity)
        }
        #expect(throws: TabStripError.timeBeforeLastEvent(time: 0, lastTime: 5.1)) { try pager.cancelDrag(at: 0) }
        #expect(pager == before)
    }

    @Test func singlePageNeverMoves() throws {
        var pager = try Pager(pageWidth: 300, pageCount: 1)
        try pager.beginDrag(at: 0)
        try pager.moveDrag(translation: -250, at: 0.1)
        #expect(pager.offset(at: 0.1) == 0)
        try pager.endDrag(translation: -250, velocityPerMillisecond: 5, at: 0.2)
        #expect(pager.currentPage == 0 && pager.offset(at: 0.2) == 0 && pager.offset(at: 1) == 0)
    }

    @Test func noReferenceTypesInside() {
        #expect(_isPOD(Pager.self))
        #expect(_isPOD(TimedAnimation.self))
        #expect(_isPOD(TimingCurve.self))
        #expect(_isPOD(TapFeedback.self))
        #expect(_isPOD(HostFrameClock.self))
        #expect(_isPOD(SimulatedFrameClock.self))
    }
}
