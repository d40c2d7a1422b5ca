// tabstrip-fuzz: seeded random gesture runs against a TabBar, every
// invariant checked after every call and frame (GestureFuzz in the test
// support module), at full count. The tests run a bounded number
// (PageAppearanceTests); this runs as many as asked:
//
//   swift run -c release tabstrip-fuzz                   # 1,000,000 runs
//   swift run -c release tabstrip-fuzz --runs 50000 --seed 7
//
// A failing run is shrunk to the fewest calls that still fail and printed
// with its seed; the exit status is 1. Bad arguments: one line, status 2.

import TabStripTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func fail(_ message: String) -> Never {
    let line = Array("tabstrip-fuzz: \(message)\n".utf8)
    _ = line.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(2)
}

var runs = 1_000_000
var firstSeed: UInt64 = 0
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
    let name = arguments.removeFirst()
    if name == "--help" || name == "-h" {
        print(
            """
            usage: tabstrip-fuzz [--runs N] [--seed S]
              --runs N  gesture runs to make (default 1,000,000)
              --seed S  seed of the first run; run k uses seed S + k (default 0)
            A failing run is shrunk and printed with its seed and replay (exit 1).
            """
        )
        exit(0)
    }
    guard name == "--runs" || name == "--seed" else {
        fail("unknown argument \(name) (usage: tabstrip-fuzz [--runs N] [--seed S], or --help)")
    }
    guard !arguments.isEmpty else { fail("\(name) needs a value") }
    let text = arguments.removeFirst()
    if name == "--runs" {
        guard let n = Int(text), n >= 1, n <= 1_000_000_000 else {
            fail("--runs needs a count from 1 to 1,000,000,000, got \(text)")
        }
        runs = n
    } else {
        guard let s = UInt64(text) else { fail("--seed needs an unsigned integer, got \(text)") }
        firstSeed = s
    }
}

var calls = 0
var frames = 0
var steps = 0
let start = monotonicNanoseconds()
for k in 0..<runs {
    let seed = firstSeed &+ UInt64(k)
    let run = GestureFuzz.generate(seed: seed)
    calls += run.ops.count
    if let failure = GestureFuzz.execute(run, counting: &frames, steps: &steps) {
        let (shrunk, minimal) = GestureFuzz.shrink(run, failure)
        print("FAIL after \(k) runs: \(minimal)")
        print("replay: \(shrunk)")
        exit(1)
    }
    if (k + 1) % 100_000 == 0 {
        print("\(k + 1) runs, \(calls) calls, \(frames) frames, \(steps) appearance steps: no violation")
    }
}
let seconds = Double(monotonicNanoseconds() - start) / 1e9
print(
    "\(runs) runs from seed \(firstSeed) (\(calls) calls, \(frames) frames, \(steps) appearance steps), every invariant checked after every call and frame: 0 violations in \(Int(seconds)) s"
)

func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}
