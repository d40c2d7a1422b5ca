/// The figures of one callgrind profile file (`cg.PID.out.N`) that the instruction pass needs: what triggered the dump
/// and how many instructions it counted.
///
/// The format (callgrind's "profile data file format") is line based; the lines read here are `desc: Trigger: …` (for a
/// client-request dump, `Client Request: NAME`), `events: Ir …` (the event names, `Ir` being executed instructions) and
/// `summary: …` or, failing it, `totals: …` (one count per event, in the order of `events:`). Everything else (cost
/// lines per function and position) is skipped.
package struct CallgrindProfile: Sendable, Equatable {
    package var trigger: String
    package var events: [String]
    package var totals: [UInt64]

    /// The phase name of a `CALLGRIND_DUMP_STATS_AT(name)` dump, or `nil`
    /// for another trigger (program termination, a periodic dump).
    package var clientRequestName: String? {
        let prefix = "Client Request: "
        guard trigger.hasPrefix(prefix) else { return nil }
        return String(trigger.dropFirst(prefix.count))
    }

    /// Executed instructions (`Ir`), or `nil` when the profile did not count them.
    package var instructions: UInt64? { total(of: "Ir") }

    /// The whole-dump count of the event named `name` (`Ir`, `D1mr`), or `nil` when the profile did not count it.
    package func total(of name: String) -> UInt64? {
        guard let index = events.firstIndex(of: name), index < totals.count else { return nil }
        return totals[index]
    }

    /// What callgrind's cache simulation (`--cache-sim=yes`) counted, or
    /// `nil` when the profile has no cache events (a pass without it).
    package var cache: CacheFigures? {
        let names = ["Ir", "Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw"]
        let values = names.compactMap(total(of:))
        guard values.count == names.count else { return nil }
        return CacheFigures(
            accesses: values[0] + values[1] + values[2], l1Misses: values[3] + values[4] + values[5],
            llMisses: values[6] + values[7] + values[8])
    }

    /// Why a profile could not be read: a one-line message naming the line.
    package struct ParseError: Error, Equatable, CustomStringConvertible { package var description: String }

    /// Reads the header and summary of a profile's text.
    package static func parse(_ text: Substring) throws(ParseError) -> CallgrindProfile {
        var trigger = ""
        var events: [String]?
        var summary: [UInt64]?
        var totals: [UInt64]?
        var lineNumber = 0
        func counts(_ rest: Substring) throws(ParseError) -> [UInt64] {
            var result: [UInt64] = []
            for field in rest.split(separator: " ", omittingEmptySubsequences: true) {
                guard let value = UInt64(field) else {
                    throw ParseError(description: "line \(lineNumber): expected whole numbers, found '\(field)'")
                }
                result.append(value)
            }
            return result
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.hasPrefix("desc: Trigger: ") {
                trigger = String(line.dropFirst("desc: Trigger: ".count))
            } else if line.hasPrefix("events:") {
                events = line.dropFirst("events:".count).split(separator: " ").map(String.init)
            } else if line.hasPrefix("summary:") {
                summary = try counts(line.dropFirst("summary:".count))
            } else if line.hasPrefix("totals:") {
                totals = try counts(line.dropFirst("totals:".count))
            }
        }
        guard let events, !events.isEmpty else {
            throw ParseError(description: "not a callgrind profile: no 'events:' line")
        }
        guard var figures = summary ?? totals else { throw ParseError(description: "no 'summary:' or 'totals:' line") }
        guard figures.count <= events.count else {
            throw ParseError(description: "\(figures.count) totals for \(events.count) events")
        }
        // The format lets trailing zero counts be left out.
        figures += [UInt64](repeating: 0, count: events.count - figures.count)
        return CallgrindProfile(trigger: trigger, events: events, totals: figures)
    }
}

/// The figures of callgrind's cache simulation for one dump: memory accesses, first-level misses and last-level misses,
/// and the cycles they are estimated to cost.
///
/// Callgrind simulates a first-level instruction cache (I1), a first-level data cache (D1) and a unified last-level
/// cache (LL), of the shape the instruction pass fixes (``InstructionScenario``); its figures are deterministic for a
/// given binary and input, like the instruction counts.
package struct CacheFigures: Sendable, Equatable {
    package var accesses: UInt64
    package var l1Misses: UInt64
    package var llMisses: UInt64

    /// The cost model's weights: an access that hits L1 costs one cycle, one served by the last-level cache
    /// ``llHitCycles``, one served by memory ``ramCycles`` (iai-callgrind's and gungraun's weights).
    package static let llHitCycles: UInt64 = 5
    package static let ramCycles: UInt64 = 35

    package static let formula =
        "estimated cycles = L1 hits + 5 × LL hits + 35 × RAM accesses, where L1 hits = Ir + Dr + Dw − L1 misses, "
        + "LL hits = L1 misses − LL misses, RAM accesses = LL misses (iai-callgrind's and gungraun's weights)"

    /// Estimated cycles: `L1 hits + 5 × LL hits + 35 × RAM accesses` with `L1 hits = accesses − l1Misses`, `LL hits =
    /// l1Misses − llMisses`, `RAM accesses = llMisses` (each difference floored at 0, should a dump hold inconsistent
    /// figures).
    package var estimatedCycles: UInt64 {
        let l1Hits = accesses > l1Misses ? accesses - l1Misses : 0
        let llHits = l1Misses > llMisses ? l1Misses - llMisses : 0
        return l1Hits + Self.llHitCycles * llHits + Self.ramCycles * llMisses
    }
}
