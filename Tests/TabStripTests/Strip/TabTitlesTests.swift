import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

@Suite struct TabTitlesTests {
    static func expectEqual(_ titles: TabTitles, _ model: [String], _ note: String) {
        titles._checkInvariants()
        #expect(titles.count == model.count, "\(note)")
        #expect(Array(titles) == model, "\(note)")
        if !model.isEmpty {
            // Random access agrees with iteration at both ends.
            #expect(titles[0] == model[0] && titles[model.count - 1] == model[model.count - 1], "\(note)")
        }
        // Every title by its index, and every index's chunk against a
        // linear scan of the chunk starts (the guess of an evenly cut
        // build, and the bisection once edits moved the starts).
        let misread = model.indices.filter { titles[$0] != model[$0] }
        #expect(misread.isEmpty, "\(note): titles read wrong at \(misread.prefix(5))")
        let misplaced = model.indices.filter { index in
            titles.rope.piece(containing: index) != titles.rope.starts.lastIndex(where: { $0 <= index })
        }
        #expect(misplaced.isEmpty, "\(note): chunks found wrong for \(misplaced.prefix(5))")
    }

    /// Evenly cut builds of every size up to 300 titles in chunks of 4 to
    /// 9, and larger ones: the chunk of every index, found from the guess,
    /// against a linear scan.
    @Test func chunkOfEveryIndexAfterABuild() {
        var failures: [String] = []
        for chunkSize in 4...9 {
            for count in [Array(1...300), [1_000, 4_097, 10_001]].joined() {
                let titles = TabTitles((0..<count).map { "t\($0)" }, chunkSize: chunkSize)
                for index in 0..<count {
                    let expected = titles.rope.starts.lastIndex(where: { $0 <= index })
                    if titles.rope.piece(containing: index) != expected {
                        failures.append("chunks of \(chunkSize), \(count) titles: index \(index)")
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    /// Seeded sequences of inserts (single and runs), removes (inside a chunk
    /// and across several), renames and moves on tiny chunks, so splits and
    /// merges happen all the time, checked against a plain array.
    @Test func randomizedEditsMatchAnArray() {
        var label = 0
        func fresh() -> String {
            label += 1
            return "t\(label)"
        }
        for seed in UInt64(0)..<400 {
            var rng = SeededGenerator(seed: seed)
            let chunk = [4, 5, 8, 16][Int.random(in: 0..<4, using: &rng)]
            var model = (0..<Int.random(in: 0...60, using: &rng)).map { _ in fresh() }
            var titles = TabTitles(model, chunkSize: chunk)
            Self.expectEqual(titles, model, "seed \(seed) start")
            for step in 0..<40 {
                let n = model.count
                switch Int.random(in: 0..<5, using: &rng) {
                case 0, 1:
                    let at = Int.random(in: 0...n, using: &rng)
                    let run = (0..<[1, 1, 3, 20, 70][Int.random(in: 0..<5, using: &rng)]).map { _ in fresh() }
                    titles.insert(contentsOf: run, at: at)
                    model.insert(contentsOf: run, at: at)
                case 2 where n > 0:
                    let lo = Int.random(in: 0..<n, using: &rng)
                    let hi = min(n, lo + [1, 2, 9, 40][Int.random(in: 0..<4, using: &rng)])
                    titles.remove(lo..<hi)
                    model.removeSubrange(lo..<hi)
                case 3 where n > 0:
                    let i = Int.random(in: 0..<n, using: &rng)
                    let t = fresh()
                    titles.rename(i, to: t)
                    model[i] = t
                case 4 where n > 1:
                    let from = Int.random(in: 0..<n, using: &rng)
                    let to = Int.random(in: 0..<n, using: &rng)
                    titles.insert(titles.removeSubrange(from..<(from + 1)), at: to)
                    model.insert(model.remove(at: from), at: to)
                default:
                    let t = fresh()
                    titles.insert(t, at: n)
                    model.append(t)
                }
                Self.expectEqual(titles, model, "seed \(seed) step \(step)")
            }
        }
    }

    /// Every insertion position and every removal range for up to 14 titles
    /// in chunks of 4.
    @Test func everyPositionAndRangeOnSmallCollections() {
        for count in 0...14 {
            let model = (0..<count).map { "x\($0)" }
            let base = TabTitles(model, chunkSize: 4)
            for at in 0...count {
                var titles = base
                var expected = model
                titles.insert(contentsOf: ["a", "b"], at: at)
                expected.insert(contentsOf: ["a", "b"], at: at)
                Self.expectEqual(titles, expected, "insert at \(at) of \(count)")
            }
            for lo in 0...count {
                for hi in lo...count {
                    var titles = base
                    var expected = model
                    titles.remove(lo..<hi)
                    expected.removeSubrange(lo..<hi)
                    Self.expectEqual(titles, expected, "remove \(lo)..<\(hi) of \(count)")
                }
            }
        }
    }

    @Test func equalityIgnoresChunkingAndLiteralsWork() {
        let a = TabTitles((0..<100).map { "\($0)" }, chunkSize: 4)
        let b = TabTitles((0..<100).map { "\($0)" }, chunkSize: 16)
        #expect(a == b)
        let c: TabTitles = ["推荐", "关注"]
        #expect(c == TabTitles(["推荐", "关注"]) && c != TabTitles(["推荐"]))
        #expect(c.description == #"["推荐", "关注"]"#)
    }

    @Test func buildingSlicesTheCallersArrayAndAnEditCopiesOneChunk() {
        let source = (0..<1_000_000).map { _ in "频道" }
        var titles = TabTitles(source)
        // No copy: every chunk is a slice of the caller's buffer.
        let base = source.withUnsafeBufferPointer { $0.baseAddress! }
        let sharedChunks = titles.storedChunks.filter { chunk in
            chunk.withUnsafeBufferPointer { $0.baseAddress } == base + chunk.startIndex
        }
        #expect(sharedChunks.count == titles.storedChunks.count && titles.storedChunks.count > 400)
        #expect(titles.storedChunks.allSatisfy { $0.count <= TabTitles.defaultChunkSize })
        titles._checkInvariants()
        // The first edit copies only the chunk it changes: every other chunk
        // still lies in the caller's buffer.
        titles.insert("a", at: 10)
        let stillShared = titles.storedChunks.filter { chunk in
            chunk.withUnsafeBufferPointer { $0.baseAddress } == base + chunk.startIndex
        }
        #expect(stillShared.count == titles.storedChunks.count - 1)
        // From now on an insert in the middle changes one chunk only.
        let before = titles.storedChunks.map { $0.count }
        titles.insert("新", at: 500_000)
        let after = titles.storedChunks.map { $0.count }
        #expect(before.count == after.count)
        #expect(zip(before, after).filter { $0 != $1 }.count == 1)
        #expect(titles[500_000] == "新" && titles[10] == "a" && titles.count == 1_000_002)
        titles.remove(3..<5)
        #expect(titles[8] == "a" && titles.count == 1_000_000)
        titles._checkInvariants()
        // The caller's array is untouched.
        #expect(source.count == 1_000_000 && source[10] == "频道")
    }
}
