import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// The checks every mutation ends with, in builds with
/// `TABSTRIP_INTERNAL_CHECKS`: each test corrupts one piece of internal
/// state behind the type's back, then makes one ordinary, valid call, and
/// expects the check after that call to stop the process. The same calls on
/// intact state are what every other test makes, so a check that fired
/// wrongly would fail the whole suite.
#if TABSTRIP_INTERNAL_CHECKS
    @Suite struct InternalChecksTests {
        /// Whether a child process's standard error holds `message`.
        static func says(_ result: ExitTest.Result?, _ message: String) -> Bool {
            guard let result else { return false }
            return String(decoding: result.standardErrorContent, as: UTF8.self).contains(message)
        }

        @Test func aSmallWidthIndexIsCheckedInFull() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                // Three blocks of two tabs; the edit is in the first.
                var widths = try TabWidths(widths: [10, 20, 30, 40, 50, 60], spacing: 0, blockSize: 2)
                widths.blocks[2].total += 1 // only re-adding the widths notices this
                try widths.setWidth(15, ofTab: 1)
            }
            #expect(Self.says(result, "block 2 total is 111.0, expected 110.0"))
        }

        @Test func aLargeWidthIndexKeepsItsBoundedChecks() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                var widths = try TabWidths(widths: Array(repeating: 50.0, count: 5_000))
                widths.spacing = -1
                try widths.setWidth(60, ofTab: 0)
            }
            #expect(Self.says(result, "invalid spacing -1.0"))
        }

        @Test func theStripChecksItsSelectionAfterAScroll() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                var strip = try TabStrip(titles: ["a", "b", "c"], viewport: Viewport(width: 100, height: 40))
                strip.selectedIndex = 7
                try strip.setContentOffset(0)
            }
            #expect(Self.says(result, "selection Optional(7) of 3"))
        }

        @Test func theVirtualizerChecksItsCellsAgainstTheStrip() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let titles = (0..<50).map { "tab \($0)" }
                let strip = try TabStrip(titles: titles, viewport: Viewport(width: 300, height: 40))
                let host = RecordingHost()
                let virtualizer = try TabStripVirtualizer(strip: strip, host: host)
                // The strip's selection moves without the cells hearing of it.
                virtualizer._strip.selectedIndex = 1
                try virtualizer.setContentOffset(virtualizer.strip.contentOffset)
            }
            #expect(Self.says(result, "tab 0: stale appearance"))
        }

        @Test func thePageCacheChecksItsVisiblePages() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                var cache = try PageCache<TestPage>(pageCount: 20)
                cache._visiblePages = 3..<9
                cache.cancelJump()
            }
            #expect(Self.says(result, "more than two visible pages"))
        }
    }
#endif
