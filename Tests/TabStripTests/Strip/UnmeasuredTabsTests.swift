import TabStripTestSupport
import Testing

@testable import TabStripCore

/// The set of unmeasured tabs against a set of indices: the batch
/// operations a scroll's measuring uses (walking the tabs of a range,
/// marking a batch measured) next to the single-tab ones, checked after
/// every step.
@Suite struct UnmeasuredTabsTests {
    @Test func randomOperationSequencesMatchASetOfIndices() {
        for seed in ModelScale.seeds(200, salt: 0x0B17_5E75) {
            var rng = SeededGenerator(seed: seed)
            // Word boundaries matter: counts around multiples of 64.
            let tabCount = [1, 63, 64, 65, 130, 200, 513][Int.random(in: 0..<7, using: &rng)]
            var tabs = UnmeasuredTabs(allOf: tabCount)
            var model = Set(0..<tabCount)
            for step in 0..<60 {
                let note = Comment(rawValue: "seed \(seed) step \(step), \(tabCount) tabs")
                let a = Int.random(in: 0...tabCount, using: &rng)
                let b = Int.random(in: 0...tabCount, using: &rng)
                let range = Swift.min(a, b)..<Swift.max(a, b)
                switch Int.random(in: 0..<5, using: &rng) {
                case 0:
                    // A batch: the first `limit` unmeasured tabs of the range.
                    let limit = Int.random(in: 1...70, using: &rng)
                    var walked: [Int] = []
                    tabs.forEach(in: range) { index in
                        walked.append(index)
                        return walked.count < limit
                    }
                    let expected = Array(model.filter { range.contains($0) }.sorted().prefix(limit))
                    #expect(walked == expected, note)
                    walked.withUnsafeBufferPointer { tabs.markMeasured($0) }
                    model.subtract(walked)
                case 1:
                    if let index = range.first {
                        tabs.markMeasured(index)
                        model.remove(index)
                    }
                case 2:
                    tabs.markUnmeasured(range, tabCount: tabCount)
                    model.formUnion(range)
                case 3:
                    // A run of unmeasured tabs measured in place, a word at
                    // a time: from the range's first unmeasured tab to the
                    // next measured one.
                    if let start = model.filter({ range.contains($0) }).min() {
                        let run = start..<((start..<range.upperBound).first { !model.contains($0) } ?? range.upperBound)
                        tabs.markMeasured(run)
                        model.subtract(run)
                    }
                default:
                    // Every tab of the range, walked to its end.
                    var walked: [Int] = []
                    tabs.forEach(in: range) { index in
                        walked.append(index)
                        return true
                    }
                    #expect(walked == model.filter { range.contains($0) }.sorted(), note)
                }
                #expect(tabs.count == model.count, note)
                for index in 0..<tabCount where tabs.contains(index) != model.contains(index) {
                    Issue.record("tab \(index): contains \(tabs.contains(index)), \(note)")
                }
                #expect(tabs.first(in: 0..<tabCount) == model.min(), note)
                #expect(tabs.first(in: range) == model.filter { range.contains($0) }.min(), note)
                #expect(tabs.last(in: range) == model.filter { range.contains($0) }.max(), note)
                #expect(tabs.firstMeasured(in: range) == range.first { !model.contains($0) }, note)
            }
        }
    }

    /// A window's two bounds against the rule they stand for: an offset is
    /// inside exactly when `offset - overscan > lower` and
    /// `offset + width + overscan < upper`, as the visible range rounds
    /// them. Checked at and around each bound (where rounding decides) and
    /// at random offsets, over seeded spans of every magnitude.
    @Test func windowBoundsAreExactlyTheRuleTheyStandFor() {
        for seed in ModelScale.seeds(400, salt: 0x3E17_0B0D) {
            var rng = SeededGenerator(seed: seed)
            func value(_ scale: Double) -> Double {
                // Whole points, fractions and values far from zero, where an
                // ulp is large.
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: return Double(Int.random(in: 0...2_000, using: &rng))
                case 1: return Double.random(in: 0...scale, using: &rng)
                default: return Double.random(in: 0...1, using: &rng) * 1e12
                }
            }
            let lower = Bool.random(using: &rng) ? -Double.infinity : value(1e6) - 5e5
            let upper = Swift.max(lower, 0) + value(1e6)
            let overscan = [0, 60, value(400)][Int.random(in: 0..<3, using: &rng)]
            let width = [320, 0.1, value(2_000)][Int.random(in: 0..<3, using: &rng)]
            let note = Comment(
                rawValue: "seed \(seed): span \(lower) to \(upper), overscan \(overscan), width \(width)")
            func inside(_ offset: Double) -> Bool {
                offset - overscan > lower && offset + width + overscan < upper
            }
            guard let window = MeasuredWindow(lower: lower, upper: upper, overscan: overscan, width: width, revision: 7)
            else {
                // No window only when the bounds are out of reach of the
                // search; never for the ordinary spans above.
                Issue.record("no window, \(note)")
                continue
            }
            var offsets = [window.lowestOffset, window.highestOffset, lower + overscan, upper - overscan - width]
            for _ in 0..<8 { offsets.append(Double.random(in: -1e6...2e12, using: &rng)) }
            for base in offsets where base.isFinite {
                var x = base
                for _ in 0..<3 { x = x.nextDown }
                for _ in 0..<7 {
                    if window.covers(x, revision: 7) != inside(x) {
                        Issue.record("offset \(x): covers \(window.covers(x, revision: 7)), \(note)")
                    }
                    x = x.nextUp
                }
            }
            #expect(!window.covers(.nan, revision: 7), note)
            // Another state of the width index: no offset is inside.
            if let covered = offsets.first(where: { window.covers($0.nextUp, revision: 7) }) {
                #expect(!window.covers(covered.nextUp, revision: 8), note)
            }
        }
    }
}
