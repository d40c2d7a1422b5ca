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
                switch Int.random(in: 0..<4, using: &rng) {
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
            }
        }
    }
}
