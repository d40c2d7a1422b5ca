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

    /// Random ranges apart (not touching) in `0..<total`, ascending.
    static func rangesApart(in total: Int, count: Int, using rng: inout SeededGenerator) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var at = 0
        for _ in 0..<count {
            let start = at + Int.random(in: 0...6, using: &rng)
            let end = start + Int.random(in: 1...[1, 3, 12][Int.random(in: 0..<3, using: &rng)], using: &rng)
            guard end <= total else { break }
            ranges.append(start..<end)
            at = end + 1
        }
        return ranges
    }

    /// One batch edit (departures removed, arrivals inserted, as an apply
    /// makes it) on the IDs and on stored titles, between ordinary edits
    /// that cut and join pieces, against arrays: every value, every key
    /// and every piece start checked after each.
    @Test func batchEditsMatchAnArray() {
        var next = 0
        func fresh(_ count: Int) -> [Int] {
            defer { next += count }
            return Array(next..<(next + count))
        }
        // Titles long enough to be stored on the heap, so that a value
        // retained or released once too often shows.
        func title(_ id: Int) -> String { "a title long enough for the heap \(id)" }
        for seedOffset in UInt64(0)..<300 {
            let seed = TestSeed.value(default: 0xBA7C_4000 &+ seedOffset)
            var rng = SeededGenerator(seed: seed)
            let chunk = [4, 5, 8, 16][Int.random(in: 0..<4, using: &rng)]
            var model = fresh(Int.random(in: 0...90, using: &rng))
            var column = TabIDColumn(storing: model, chunkSize: chunk)
            var titles = TabTitles(model.map(title), chunkSize: chunk)
            for step in 0..<12 {
                let n = model.count
                if step % 3 == 2, n > 0 {
                    // An ordinary edit, so that pieces are cut and share keys.
                    let at = Int.random(in: 0..<n, using: &rng)
                    let run = fresh(Int.random(in: 1...9, using: &rng))
                    column.insert(run, at: at)
                    titles.insert(contentsOf: run.map(title), at: at)
                    model.insert(contentsOf: run, at: at)
                    continue
                }
                let departures = Self.rangesApart(in: n, count: Int.random(in: 0...8, using: &rng), using: &rng)
                var kept: [Int] = []
                var d = 0
                for i in 0..<n {
                    while d < departures.count, departures[d].upperBound <= i { d += 1 }
                    if d < departures.count, departures[d].contains(i) { continue }
                    kept.append(i)
                }
                // The arrivals among the kept tabs, apart: at least one
                // kept tab between two of them.
                var arrivals: [Range<Int>] = []
                var (j, keptLeft) = (0, kept.count)
                for _ in 0..<Int.random(in: 0...8, using: &rng) {
                    let gap = Int.random(in: (arrivals.isEmpty ? 0 : 1)...6, using: &rng)
                    guard gap <= keptLeft else { break }
                    keptLeft -= gap
                    j += gap
                    let length = Int.random(in: 1...[1, 3, 12][Int.random(in: 0..<3, using: &rng)], using: &rng)
                    arrivals.append(j..<(j + length))
                    j += length
                }
                let arrived = arrivals.reduce(0) { $0 + $1.count }
                var newList: [Int] = []
                var k = 0
                var a = 0
                while newList.count < kept.count + arrived {
                    let j = newList.count
                    if a < arrivals.count, arrivals[a].contains(j) {
                        newList.append(contentsOf: fresh(arrivals[a].count))
                        a += 1
                    } else {
                        newList.append(model[kept[k]])
                        k += 1
                    }
                }
                column.edit(removing: departures, inserting: arrivals, from: newList)
                titles.edit(removing: departures, inserting: arrivals, from: newList.map(title))
                model = newList
                let note = "seed \(seed) step \(step): \(departures) out, \(arrivals) in"
                Self.expectEqual(column, model, note)
                TabTitlesTests.expectEqual(titles, model.map(title), note)
                column.rope._checkInvariants()
                for (p, start) in column.rope.starts.enumerated() where p > 0 {
                    #expect(start == column.rope.starts[p - 1] + column.rope.pieces[p - 1].count, "\(note): piece \(p)")
                }
            }
        }
    }

    /// The comparison reads the old IDs a run at a time, in place: over
    /// chunks of 1 to 16 IDs it finds the same kept runs, insertions and
    /// repeated IDs as over one chunk holding them all (one run, as when
    /// it read a copy of the whole list). Seeded lists with a few changes
    /// (the side-by-side walk), many (the walk gives up and hashes every
    /// tab) and a repeated new ID.
    @Test func matchingRunByRunMatchesOneRun() {
        typealias Found = (runs: [[Int]], inserted: Int)
        func found(_ new: [Int], _ column: TabIDColumn<Int>) -> Result<Found, TabStripError> {
            Result { () throws(TabStripError) -> Found in
                let matched = try TabStrip.match(newIDs: new, column: column)
                return (matched.runs.map { [$0.old, $0.new, $0.count] }, matched.inserted)
            }
        }
        for seedOffset in UInt64(0)..<400 {
            let seed = TestSeed.value(default: 0x5EC0_2000 &+ seedOffset)
            var rng = SeededGenerator(seed: seed)
            let old = Array(0..<Int.random(in: 0...300, using: &rng))
            var new = old
            let changes = [0, 1, 3, 10, 200][Int.random(in: 0..<5, using: &rng)]
            for _ in 0..<changes {
                let n = new.count
                switch Int.random(in: 0..<4, using: &rng) {
                case 0 where n > 0: new.remove(at: Int.random(in: 0..<n, using: &rng))
                case 1: new.insert(1000 + Int.random(in: 0..<5000, using: &rng), at: Int.random(in: 0...n, using: &rng))
                case 2 where n > 1:
                    new.insert(
                        new.remove(at: Int.random(in: 0..<n, using: &rng)), at: Int.random(in: 0..<n, using: &rng))
                default: new.append(2000 + n)
                }
            }
            if Int.random(in: 0..<8, using: &rng) == 0, !new.isEmpty {
                new.insert(
                    new[Int.random(in: 0..<new.count, using: &rng)], at: Int.random(in: 0...new.count, using: &rng))
            }
            let reference = found(new, TabIDColumn(storing: old, chunkSize: Swift.max(4, old.count)))
            for chunk in [4, 5, 8, 16] {
                let runByRun = found(new, TabIDColumn(storing: old, chunkSize: chunk))
                switch (reference, runByRun) {
                case (.success(let a), .success(let b)):
                    #expect(a.runs == b.runs && a.inserted == b.inserted, "seed \(seed), chunks of \(chunk)")
                case (.failure(let a), .failure(let b)):
                    #expect(a == b, "seed \(seed), chunks of \(chunk)")
                default:
                    Issue.record("seed \(seed), chunks of \(chunk): \(reference) vs \(runByRun)")
                }
            }
        }
    }
}
