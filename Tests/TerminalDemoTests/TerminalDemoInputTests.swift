import TabStripTestSupport
import TerminalDemoKit
import Testing

/// What the user types reaches the terminal only escaped, and the headless
/// screen is bounded to what a terminal can be.
@Suite("Demo input")
struct TerminalDemoInputTests {
    /// The message of the error `body` throws, or `nil` when it throws none.
    func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Whether `text` holds a C0 or C1 control character or DEL, which a
    /// terminal would act on.
    func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    @Test func theOffendingScriptIsEscapedAsTheBenchDoes() {
        #expect(message { _ = try KeyScript(parsing: "a\r\nb") } == #"key script: unknown key '\r\n'"#)
        #expect(
            message { _ = try KeyScript(parsing: "<\u{1B}[2J") }
                == #"key script: unclosed '<' in '<\u{1b}[2J'"#)
        #expect(
            message { _ = try KeyScript(parsing: "<wait:\u{7}>") }
                == #"key script: <wait:S> needs seconds in 0…600, got '\u{7}'"#)
        #expect(
            message { _ = try DemoOptions(arguments: ["--titles", "1\u{1B}]0;x\u{7}"]) }
                == #"--titles needs a number, got '1\u{1b}]0;x\u{7}'"#)
        #expect(
            message { _ = try DemoOptions(arguments: ["--bo'gus\\"]) }
                == #"unknown argument '--bo\'gus\\' (see --help)"#)
        // A long script is cut.
        let long = "<" + String(repeating: "x", count: 100_000)
        let cut = message { _ = try KeyScript(parsing: long) } ?? ""
        #expect(cut.count < 200 && cut.hasSuffix("… (100001 characters)"), "\(cut.prefix(300))")
    }

    /// Seeded random scripts and arguments full of control characters: every
    /// refusal is one line, free of control characters, and bounded.
    @Test func randomInputNeverReachesTheTerminalRaw() {
        let seed = TestSeed.value(default: 0xDE70)
        var generator = SeededGenerator(seed: seed)
        let pieces: [String] = [
            "\u{1B}", "\u{1B}[2J", "\r", "\n", "\r\n", "\t", "\0", "\u{7}", "\u{7F}", "\u{85}", "\u{9B}", "<", ">",
            "<wait:", "<frames:", "<resize:", "<click:", "x", ",", "é", "⇧", "→", "1", "'", "\\", " ", "--size",
            "--titles", "--keys",
        ]
        var refused = 0
        for step in 0..<2_000 {
            var text = ""
            for _ in 0..<generator.next(in: 1...12) { text += generator.pick(pieces) }
            let found: String?
            switch generator.next(below: 4) {
            case 0: found = message { _ = try KeyScript(parsing: text) }
            case 1: found = message { _ = try DemoOptions(arguments: ["--titles", text]) }
            case 2: found = message { _ = try DemoOptions(arguments: ["--size", text, "--dump"]) }
            default: found = message { _ = try DemoOptions(arguments: [text]) }
            }
            guard let found else { continue }
            refused += 1
            let good = !hasControlCharacters(found) && found.count < 300
            #expect(good, "seed \(seed), step \(step): \(found.debugDescription)")
            if !good { return }
        }
        #expect(refused > 1_000, "seed \(seed)")
    }

    @Test func theHeadlessSizeIsBoundedToATerminal() throws {
        let options = try DemoOptions(arguments: ["--size", "1000x500", "--dump"])
        #expect(options.size?.columns == 1_000 && options.size?.rows == 500)
        let expected =
            "--size needs WxH with 1…1000 columns and 1…500 rows (such as 100x12), got "
        for size in [
            "10000x10000", "1001x12", "100x501", "0x12", "100x0", "-1x5", "1x", "x1", "99999999999999999999x1",
        ] {
            #expect(
                message { _ = try DemoOptions(arguments: ["--size", size, "--dump"]) } == expected + "'\(size)'")
        }
        #expect(
            message { _ = try KeyScript(parsing: "<resize:1001x10>") }
                == "key script: <resize:WxH> needs WxH with 1…1000 columns and 1…500 rows (such as 80x12), got '1001x10'"
        )
        #expect(try KeyScript(parsing: "<resize:1000x500>").steps == [.resize(columns: 1_000, rows: 500)])
        #expect(DemoOptions.helpText.contains("1…1000 columns") && DemoOptions.helpText.contains("1…500 rows"))
    }
}
