import Foundation
import Testing

@testable import BenchCLI
@testable import BenchGate
@testable import BenchInstruments
@testable import BenchReports
@testable import BenchSuite

@Suite("Noise-resistant timing")
struct NoiseTests {
    @Test func shortestTimeIgnoresTheSlowRuns() {
        var run = 0
        let best = shortestTime(of: 4) {
            run += 1
            // The second run is disturbed (sleeps 20 ms); the others spin briefly.
            if run == 2 { usleep(20_000) } else { blackHole((0..<1_000).reduce(0, &+)) }
        }
        #expect(run == 4)
        #expect(best < 20_000_000)
        #expect(shortestTime(of: 0) { run += 1 } < 20_000_000) // at least one run
        #expect(run == 5)
    }

    @Test func threadCPUTimeDoesNotAdvanceWhileWaiting() {
        let cpuStart = ThreadCPUClock.now()
        let wallStart = MonotonicClock.now()
        usleep(50_000)
        let waitedCPU = ThreadCPUClock.now() - cpuStart
        let waitedWall = MonotonicClock.elapsed(since: wallStart)
        #expect(waitedWall >= 50_000_000)
        #expect(waitedCPU < 10_000_000, "a sleeping thread used \(waitedCPU) ns of CPU")
        let busyStart = ThreadCPUClock.now()
        var sum = 0
        for value in 0..<5_000_000 { sum &+= value &* value }
        blackHole(sum)
        #expect(ThreadCPUClock.now() - busyStart > 0)
    }

    @Test func chunkMeansCoverEveryOperationOnce() {
        var seen: [Int] = []
        let means = FlingScenario.chunkMeans(of: 130, chunk: 64) { range in seen += Array(range) }
        #expect(seen == Array(0..<130))
        #expect(means.count == 3)
        #expect(FlingScenario.chunkMeans(of: 0, chunk: 64) { _ in }.isEmpty)
        #expect(median([5, 1, 900, 2, 3]) == 3) // one disturbed chunk does not move it
        #expect(median([4, 1, 3, 2]) == 2.5)
    }
}
