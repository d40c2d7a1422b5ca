import TabStripTestSupport
import Testing

@testable import TabStripMotion

/// `PageSlotTable` against a `Dictionary` under seeded random inserts,
/// overwrites and removals, compared after every step (keys drawn from a
/// small range so that probe runs collide and wrap, and from a huge one).
@Suite struct PageSlotTableTests {
    @Test(arguments: 0..<24)
    func matchesADictionary(run: Int) {
        let seed = TestSeed.value(default: 0x5107_7AB1E) &+ UInt64(run)
        var rng = SeededGenerator(seed: seed)
        var table = PageSlotTable()
        var reference: [Int: Int] = [:]
        let keyRange = run % 3 == 0 ? 0..<1_000_000_000 : 0..<(8 + run * 4)
        for step in 0..<2_000 {
            let key = Int.random(in: keyRange, using: &rng)
            let context = Comment(rawValue: "seed \(seed) step \(step) key \(key)")
            if Bool.random(using: &rng) || reference.count < 4 {
                let value = Int.random(in: 0..<1_000, using: &rng)
                table[key] = value
                reference[key] = value
            } else {
                let victim = reference.keys.sorted()[Int.random(in: 0..<reference.count, using: &rng)]
                table[victim] = nil
                reference[victim] = nil
                table[key] = nil
                reference[key] = nil
            }
            #expect(table.count == reference.count, context)
            #expect(2 * table.count <= table.keys.count, "at most half full: \(context.rawValue)")
            for (k, v) in reference where table[k] != v {
                Issue.record("key \(k): table \(String(describing: table[k])), dictionary \(v); \(context)")
            }
            #expect(table[key] == reference[key], context)
            #expect(table[-1] == nil && table[Int.min] == nil, "negative keys are never present: \(context.rawValue)")
            #expect(table.keys.filter { $0 != PageSlotTable.empty }.count == table.count, context)
        }
    }

    /// Once the table has room for the most entries it ever held, churn
    /// among that many keys does not grow it.
    @Test func stopsGrowingAtItsHighWaterMark() {
        var table = PageSlotTable()
        for key in 0..<16 { table[key * 7] = key }
        let capacity = table.keys.count
        for round in 0..<1_000 {
            table[(round % 16) * 7] = nil
            table[(round % 16) * 7 + 1_000 * (round + 1)] = round
            table[(round % 16) * 7 + 1_000 * (round + 1)] = nil
            table[(round % 16) * 7] = round
        }
        #expect(table.keys.count == capacity && table.count == 16)
    }
}
