import Testing

@testable import BenchCLI
@testable import BenchGate
@testable import BenchInstruments
@testable import BenchReports
@testable import BenchSuite

@Suite("Fixed-stack thread")
struct FixedStackThreadTests {
    /// The page offset of a local variable's address, read in a function
    /// the optimizer keeps out of line (so the frame is the same each call).
    @inline(never)
    static func pageOffsetOfALocal() -> UInt {
        var local = 0
        return withUnsafeMutablePointer(to: &local) { UInt(bitPattern: $0) % 4096 }
    }

    @Test func runsTheBodyOnceAndWaitsForIt() {
        var calls = 0
        let status = FixedStackThread.run { calls += 1 }
        #expect(status == 0)
        #expect(calls == 1)
    }

    /// Calls `body` `depth` frames deeper, each frame holding 72 bytes of
    /// its own, so that `body` runs at a different stack address per depth.
    @inline(never)
    static func atDepth(_ depth: Int, _ body: () -> Void) {
        var padding: (Int, Int, Int, Int, Int, Int, Int, Int, Int) = (depth, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutablePointer(to: &padding) { blackHole($0) }
        if depth == 0 { body() } else { atDepth(depth - 1, body) }
    }

    @Test func theStackAlignmentDoesNotDependOnTheCaller() {
        // The point of the thread: the work reaches the same stack addresses
        // modulo the page size however deep the caller's stack is (the main
        // thread's stack moves with the process's environment).
        let depths = [0, 1, 3, 5]
        var direct: [UInt] = []
        var onThread: [UInt] = []
        for depth in depths {
            Self.atDepth(depth) { direct.append(Self.pageOffsetOfALocal()) }
            Self.atDepth(depth) {
                let status = FixedStackThread.run { onThread.append(Self.pageOffsetOfALocal()) }
                #expect(status == 0)
            }
        }
        // The control: called directly, the depth moves the local.
        #expect(Set(direct).count == depths.count, "\(direct)")
        #expect(onThread.count == depths.count)
        #expect(Set(onThread).count == 1, "\(onThread)")
    }
}
