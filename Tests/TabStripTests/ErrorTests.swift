import Foundation
import TabStrip
import Testing

@testable import TabStripCore

@Suite struct TabStripErrorTests {
    @Test func nanPayloadsCompareEqual() {
        #expect(TabStripError.invalidWidth(index: 3, value: .nan) == .invalidWidth(index: 3, value: .nan))
        #expect(TabStripError.invalidWidth(index: 3, value: .nan) != .invalidWidth(index: 4, value: .nan))
        #expect(TabStripError.invalidOffset(1) != .invalidOffset(.nan))
        #expect(
            TabStripError.timeBeforeLastEvent(time: .nan, lastTime: 1) == .timeBeforeLastEvent(time: .nan, lastTime: 1))
        #expect(
            TabStripError.timeBeforeLastEvent(time: 0.5, lastTime: 1) != .timeBeforeLastEvent(time: 0.5, lastTime: 2))
        #expect(TabStripError.timeBeforeLastEvent(time: 0.5, lastTime: 1) != .invalidValue(name: "time", value: 0.5))
        let set: Set<TabStripError> = [
            .timeBeforeLastEvent(time: .nan, lastTime: 1), .timeBeforeLastEvent(time: .nan, lastTime: 1),
            .invalidValue(name: "time", value: .nan),
        ]
        #expect(set.count == 2)
    }

    @Test func descriptionNamesIndexAndValue() {
        let text = TabStripError.invalidWidth(index: 7, value: -2).description
        #expect(text.contains("7") && text.contains("-2"))
    }

    /// A time that goes backwards names the time it was compared with.
    @Test func aBackwardsTimeNamesTheLastEvent() {
        #expect(
            TabStripError.timeBeforeLastEvent(time: 0.5, lastTime: 1).description
                == "invalid time 0.5: earlier than the last event at 1; times must not go backwards")
    }

    /// Issue 28 item 8: an `invalidValue` message says what is allowed.
    @Test func invalidValueMessagesSayWhatIsAllowed() {
        #expect(
            TabStripError.invalidValue(name: "badgeCount", value: -1).description
                == "invalid badgeCount: -1 (allowed: an integer >= 0)")
        #expect(
            TabStripError.invalidValue(name: "duration", value: -1).description
                == "invalid duration: -1 (allowed: a finite duration in seconds >= 0, at most 1e15)")
        #expect(
            TabStripError.invalidValue(name: "width", value: .nan).description
                == "invalid width: nan (allowed: a finite length >= 0, at most 1e15 (TabStripLimits.maximumLength))")
        // A component name built at run time falls back to its last part.
        #expect(
            TabStripError.invalidValue(name: "tabFrame.x", value: .infinity).description
                == "invalid tabFrame.x: inf (allowed: a finite value)")
        #expect(TabStripError.invalidValue(name: "nonsense", value: 1).description.contains("see the documentation"))
    }

    /// Every parameter name a thrower in `Sources/` passes as a literal has
    /// an entry in the table of allowed domains, so no message falls back
    /// to "see the documentation".
    @Test func everyThrownNameHasAnAllowedDomain() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let helpers = [
            "invalidValue(name: \"", "requireFinite(", "requireNonNegative(", "requirePositive(",
            "requireLength(", "requireMagnitude(", "requireCount(", "requireUnit(", "invalidValueError(",
        ]
        var names = Set<String>()
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        for case let url as URL in files where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for line in text.split(separator: "\n") where !line.contains("///") {
                guard helpers.contains(where: { line.contains($0) }) else { continue }
                // The last string literal on the line is the parameter's name.
                let parts = line.split(separator: "\"", omittingEmptySubsequences: false)
                guard parts.count >= 3 else { continue }
                let name = String(parts[parts.count - 2])
                if name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." }), !name.isEmpty { names.insert(name) }
            }
        }
        #expect(names.count > 40, "found only \(names.sorted())")
        for name in names.sorted() {
            let message = TabStripError.invalidValue(name: name, value: -1).description
            #expect(!message.contains("see the documentation"), "no allowed domain for \(name)")
        }
    }
}
