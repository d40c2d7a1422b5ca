/// The figures of one callgrind profile file (`cg.PID.out.N`) that the
/// instruction pass needs: what triggered the dump and how many
/// instructions it counted.
///
/// The format (callgrind's "profile data file format") is line based; the
/// lines read here are `desc: Trigger: …` (for a client-request dump,
/// `Client Request: NAME`), `events: Ir …` (the event names, `Ir` being
/// executed instructions) and `summary: …` or, failing it, `totals: …` (one
/// count per event, in the order of `events:`). Everything else (cost
/// lines per function and position) is skipped.
package struct CallgrindProfile: Sendable, Equatable {
    /// Why callgrind dumped: `Client Request: fling-frame`, `Program termination`.
    package var trigger: String
    /// The event names, in file order (`["Ir"]` by default).
    package var events: [String]
    /// The whole-dump count of each event, in the order of ``events``.
    package var totals: [UInt64]

    /// Creates a profile from its fields.
    package init(trigger: String, events: [String], totals: [UInt64]) {
        self.trigger = trigger
        self.events = events
        self.totals = totals
    }

    /// The phase name of a `CALLGRIND_DUMP_STATS_AT(name)` dump, or `nil`
    /// for another trigger (program termination, a periodic dump).
    package var clientRequestName: String? {
        let prefix = "Client Request: "
        guard trigger.hasPrefix(prefix) else { return nil }
        return String(trigger.dropFirst(prefix.count))
    }

    /// Executed instructions (`Ir`), or `nil` when the profile did not
    /// count them.
    package var instructions: UInt64? {
        guard let index = events.firstIndex(of: "Ir"), index < totals.count else { return nil }
        return totals[index]
    }

    /// Why a profile could not be read: a one-line message naming the line.
    package struct ParseError: Error, Equatable, CustomStringConvertible {
        /// The message.
        package var description: String
    }

    /// Reads the header and summary of a profile's text.
    /// - Throws: ``ParseError`` when the text is not a callgrind profile
    ///   (no `events:` line, no `summary:`/`totals:` line, a count that is
    ///   not a whole number, or more counts than events). Counts left out
    ///   at the end are zeros, as the format allows.
    /// - Complexity: O(n) in the length of the text.
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
        guard var figures = summary ?? totals else {
            throw ParseError(description: "no 'summary:' or 'totals:' line")
        }
        guard figures.count <= events.count else {
            throw ParseError(description: "\(figures.count) totals for \(events.count) events")
        }
        // The format lets trailing zero counts be left out.
        figures += [UInt64](repeating: 0, count: events.count - figures.count)
        return CallgrindProfile(trigger: trigger, events: events, totals: figures)
    }
}
