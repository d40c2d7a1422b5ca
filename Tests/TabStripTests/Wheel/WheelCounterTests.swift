import TabStrip
import TabStripTestSupport
import Testing

@Suite struct WheelCounterTests {
    /// Four entries, 20 points tall: position = clamp(4 · progress, 0, 3).
    let wheel = try! WheelCounter(contents: ["0", "1", "2", "3"], height: 20)

    private struct Expected: Sendable, CustomTestStringConvertible {
        var progress: Double
        var position: Double
        var top: (index: Int, scaleY: Double, translateY: Double)
        var bottom: (index: Int, scaleY: Double, translateY: Double)
        var testDescription: String { "progress \(progress)" }
    }

    private static let cases: [Expected] = [
        // Start: top entry 0 whole, bottom entry 1 flat and half a label down.
        Expected(progress: 0, position: 0, top: (0, 1, 0), bottom: (1, 0, 10)),
        // 4 · 0.0625 = 0.25: offset 0.25.
        Expected(progress: 0.0625, position: 0.25, top: (0, 0.75, -2.5), bottom: (1, 0.25, 7.5)),
        Expected(progress: 0.125, position: 0.5, top: (0, 0.5, -5), bottom: (1, 0.5, 5)),
        // Exact boundary: entry 1 whole.
        Expected(progress: 0.25, position: 1, top: (1, 1, 0), bottom: (2, 0, 10)),
        Expected(progress: 0.5, position: 2, top: (2, 1, 0), bottom: (3, 0, 10)),
        Expected(progress: 0.6875, position: 2.75, top: (2, 0.25, -7.5), bottom: (3, 0.75, 2.5)),
        // From (count − 1) / count on, the last entry shows whole.
        Expected(progress: 0.75, position: 3, top: (3, 1, 0), bottom: (3, 0, 10)),
        Expected(progress: 0.8125, position: 3, top: (3, 1, 0), bottom: (3, 0, 10)),
        Expected(progress: 1, position: 3, top: (3, 1, 0), bottom: (3, 0, 10)),
        // Clamped progress.
        Expected(progress: -0.5, position: 0, top: (0, 1, 0), bottom: (1, 0, 10)),
        Expected(progress: 1.5, position: 3, top: (3, 1, 0), bottom: (3, 0, 10)),
        Expected(progress: .infinity, position: 3, top: (3, 1, 0), bottom: (3, 0, 10)),
        Expected(progress: -.infinity, position: 0, top: (0, 1, 0), bottom: (1, 0, 10)),
    ]

    @Test(arguments: cases)
    private func handComputedStates(_ expected: Expected) throws {
        let state = try wheel.state(at: expected.progress)
        #expect(state.position == expected.position)
        #expect(state.top.index == expected.top.index)
        #expect(state.top.content == String(expected.top.index))
        #expect(state.top.scaleY == expected.top.scaleY)
        #expect(state.top.translateY == expected.top.translateY)
        #expect(state.top.translateY.sign == (expected.top.translateY < 0 ? .minus : .plus))
        #expect(state.bottom.index == expected.bottom.index)
        #expect(state.bottom.content == String(expected.bottom.index))
        #expect(state.bottom.scaleY == expected.bottom.scaleY)
        #expect(state.bottom.translateY == expected.bottom.translateY)
    }

    @Test func singleEntryNeverRolls() throws {
        let one = try WheelCounter(contents: [42], height: 10)
        for progress in [0, 0.3, 0.99, 1] {
            let state = try one.state(at: progress)
            #expect(state.top.content == 42 && state.bottom.content == 42)
            #expect(state.offset == 0 && state.top.scaleY == 1 && state.bottom.scaleY == 0)
        }
    }

    @Test func randomProgressMatchesSeedFormulas() throws {
        var rng = SeededGenerator(seed: 1)
        for _ in 0..<2_000 {
            let count = Int.random(in: 1...40, using: &rng)
            let height = Double.random(in: 0...80, using: &rng)
            let counter = try WheelCounter(contents: Array(0..<count), height: height)
            let progress = Double.random(in: -0.2...1.2, using: &rng)
            let state = try counter.state(at: progress)
            let p = min(max(progress, 0), 1)
            let topIndex = min(max(Double(count) * p, 0), Double(count - 1))
            var whole = 0
            while Double(whole + 1) <= topIndex { whole += 1 }
            let offset = topIndex - Double(whole)
            #expect(state.position == topIndex)
            #expect(state.offset == offset)
            #expect(state.top.index == whole && state.top.content == whole)
            #expect(state.bottom.index == min(whole + 1, count - 1))
            #expect(state.top.scaleY == 1 - offset)
            #expect(state.top.translateY == -(height / 2) * offset)
            #expect(state.bottom.scaleY == offset)
            #expect(state.bottom.translateY == (height / 2) * (1 - offset))
        }
    }

    @Test func badInputThrows() {
        #expect(throws: TabStripError.invalidValue(name: "contents.count", value: 0)) {
            try WheelCounter<String>(contents: [], height: 20)
        }
        #expect(throws: TabStripError.invalidValue(name: "height", value: -1)) {
            try WheelCounter(contents: [1], height: -1)
        }
        #expect(throws: TabStripError.invalidValue(name: "progress", value: .nan)) {
            try wheel.state(at: .nan)
        }
    }
}
