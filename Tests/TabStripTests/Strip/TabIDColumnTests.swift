import TabStripTestSupport
import Testing

@testable import TabStripCore

@Suite struct TabIDColumnTests {
    /// Every ID at its index and every index found from its ID, the key
    /// index checked by the column's invariants.
    static func expectEqual(_ column: TabIDColumn<Int>, _ model: [Int], _ note: String) {
        column._checkInvariants(tabCount: model.count)
        #expect(column.count == model.count, "\(note)")
        for (index, id) in model.enumerated() {
            #expect(column.id(ofTab: index) == id, "\(note): ID of tab \(index)")
            #expect(column.index(ofID: id) == index, "\(note): index of ID \(id)")
        }
        #expect(column.index(ofID: -1) == nil, "\(note): an ID no tab has")
    }

    /// Seeded edits in small chunks (so that cuts make many pieces that
    /// share a key, and merges join them) against an array.
    @Test func randomizedEditsMatchAnArray() {
        var next = 0
        func fresh(_ count: Int) -> [Int] {
            defer { next += count }
            return Array(next..<(next + count))
        }
        for seedOffset in UInt64(0)..<300 {
            let seed = TestSeed.value(default: 0x1DC0_1000 &+ seedOffset)
            var rng = SeededGenerator(seed: seed)
            let chunk = [4, 5, 8, 16][Int.random(in: 0..<4, using: &rng)]
            var model = fresh(Int.random(in: 0...80, using: &rng))
            var column = TabIDColumn(storing: model, chunkSize: chunk)
            Self.expectEqual(column, model, "seed \(seed) start")
            for step in 0..<40 {
                let n = model.count
                switch Int.random(in: 0..<5, using: &rng) {
                case 0, 1:
                    let at = Int.random(in: 0...n, using: &rng)
                    let run = fresh([1, 1, 3, 20, 70][Int.random(in: 0..<5, using: &rng)])
                    column.insert(run, at: at)
                    model.insert(contentsOf: run, at: at)
                case 2 where n > 0:
                    let lo = Int.random(in: 0..<n, using: &rng)
                    let hi = min(n, lo + [1, 2, 9, 40][Int.random(in: 0..<4, using: &rng)])
                    column.removeTabs(in: lo..<hi)
                    model.removeSubrange(lo..<hi)
                case 3 where n > 0:
                    let i = Int.random(in: 0..<n, using: &rng)
                    let id = fresh(1)[0]
                    column.replace(at: i, with: id)
                    model[i] = id
                case 4 where n > 1:
                    let from = Int.random(in: 0..<n, using: &rng)
                    let to = Int.random(in: 0..<n, using: &rng)
                    column.moveTab(from: from, to: to)
                    model.insert(model.remove(at: from), at: to)
                default:
                    let run = fresh(1)
                    column.insert(run, at: n)
                    model.append(contentsOf: run)
                }
                Self.expectEqual(column, model, "seed \(seed) step \(step)")
            }
        }
    }
}
