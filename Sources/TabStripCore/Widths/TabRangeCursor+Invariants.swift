extension TabWidths {
    /// Traps unless `cursor`, just refilled for the span `[start, end)` on
    /// this index, holds what it claims: the plain query's range, spans
    /// that contain the span and whose bounds are the very offsets
    /// ``leadingOffset(ofTab:)`` and ``width(ofTab:)`` give around the tabs
    /// its ends found, those ends' answers, and places equal to a fresh
    /// lookup of those tabs. Compiled only with `TABSTRIP_INTERNAL_CHECKS`;
    /// every query through a cursor that misses its spans runs it in a
    /// checked build.
    /// - Complexity: O(log n) when enabled; an empty, always-inlined no-op
    ///   otherwise.
    @inline(__always)
    func _checkCursor(_ cursor: TabRangeCursor, start: Double, end: Double) {
        #if TABSTRIP_INTERNAL_CHECKS
            precondition(cursor.revision == revision, "cursor revision \(cursor.revision), index \(revision)")
            let found = cursor.found
            let plain =
                spacing == 0
                ? overlapping(start, end, hint: nil, Unspaced.self, PlainRange.self).range
                : overlapping(start, end, hint: nil, Spaced.self, PlainRange.self).range
            precondition(found.range == plain, "cursor answer \(found.range) for \(start)..<\(end), plain \(plain)")
            precondition(
                found.startFrom <= start && start < found.startTo && found.endFrom < end && end <= found.endTo,
                "spans \(found.startFrom)..<\(found.startTo), \(found.endFrom)<..\(found.endTo) miss \(start)..<\(end)")
            func offset(_ tab: Int) -> Double { tab < tabCount ? leadingOffset(unchecked: tab) : .infinity }
            func expectPlace(_ place: TabPlace, _ end: String) {
                guard place.block >= 0 else { return }
                let fresh = self.place(ofTab: place.tab)
                precondition(
                    fresh.block == place.block && fresh.firstTab == place.firstTab
                        && fresh.widthBefore.bitPattern == place.widthBefore.bitPattern
                        && fresh.local.bitPattern == place.local.bitPattern,
                    "the \(end) place \(place), a lookup gives \(fresh)")
            }
            expectPlace(found.lowerPlace, "lower")
            expectPlace(found.upperPlace, "upper")
            if found.hasEnds {
                let lower = found.range.isEmpty ? found.range.upperBound : found.range.lowerBound
                precondition(
                    found.lower < found.upper ? lower == found.lower : lower == found.upper,
                    "cursor ends \(found.lower), \(found.upper) for the range \(found.range)")
                // No lower place only for the starts before the row.
                precondition(
                    found.upperPlace.block >= 0
                        && (found.lowerPlace.block >= 0 || (found.startFrom == -.infinity && found.startTo == 0)),
                    "cursor places \(found.lowerPlace), \(found.upperPlace) for \(start)..<\(end)")
                if found.lowerPlace.block >= 0 {
                    let f = found.lowerPlace.tab
                    let o = offset(f)
                    precondition(
                        found.lower == (o + width(unchecked: f) > start ? f : f + 1),
                        "the start found tab \(f), the cursor's first tab is \(found.lower)")
                } else {
                    precondition(found.lower == 0, "a start before the row gives tab 0, not \(found.lower)")
                }
                precondition(
                    found.upper == found.upperPlace.tab + 1,
                    "the end found tab \(found.upperPlace.tab), the cursor's end is \(found.upper)")
            }
            if found.lowerPlace.block >= 0 {
                let f = found.lowerPlace.tab
                let o = offset(f)
                let e = o + width(unchecked: f)
                let next = offset(f + 1)
                let expected: (Double, Double) =
                    e > start
                    ? (f == 0 ? -.infinity : o, Swift.min(e, next))
                    : (Swift.max(o, e), next)
                precondition(
                    found.startFrom == expected.0 && found.startTo == expected.1,
                    "start span \(found.startFrom)..<\(found.startTo) from tab \(f), expected \(expected)")
            }
            if found.upperPlace.block >= 0 {
                let u = found.upperPlace.tab
                precondition(
                    found.endFrom == offset(u) && found.endTo == offset(u + 1),
                    "end span \(found.endFrom)<..\(found.endTo) from tab \(u), expected \(offset(u))<..\(offset(u + 1))"
                )
            }
        #endif
    }
}
