import TabStripTestSupport
import Testing

/// The test-support combinators themselves: every case runs, in order, and
/// a failure names the case that broke.
@Suite struct WithEveryTests {
    struct Boom: Error, CustomStringConvertible {
        var description: String { "boom" }
    }

    @Test func visitsEveryCombinationInOrder() throws {
        var seen: [String] = []
        try withEvery("a", in: 0..<3, "b", in: ["x", "y"]) { a, b in seen.append("\(a)\(b)") }
        #expect(seen == ["0x", "0y", "1x", "1y", "2x", "2y"])
    }

    @Test func aFailureNamesItsNestedCase() {
        do {
            try withEvery("capacity", in: 1...5) { capacity in
                try withEvery("rotation", in: 0..<capacity) { rotation in
                    if capacity == 3 && rotation == 1 { throw Boom() }
                }
            }
            Issue.record("the failure was swallowed")
        } catch let failure as CaseFailure {
            #expect(failure.cases == ["capacity = 3", "rotation = 1"])
            #expect(failure.description == "capacity = 3, rotation = 1: boom")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
