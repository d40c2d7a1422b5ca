/// A walk over the tabs of a list being edited, in the old order: which
/// stretches are kept and which leave, and where each arrival lands among
/// the kept tabs. The rope of IDs and titles and the width index both
/// write their changed pieces with it, so the two agree on where every
/// tab goes.
///
/// `departures` are ranges of old indices and `arrivals` ranges of new
/// indices, each ascending and apart. An arrival lands once the tabs kept
/// so far reach its index less the tabs arrived before it.
@usableFromInline
struct TabEditCursor {
    @usableFromInline let departures: [Range<Int>]
    @usableFromInline let arrivals: [Range<Int>]
    @usableFromInline var d = 0
    @usableFromInline var a = 0
    /// Old tabs kept so far.
    @usableFromInline var kept = 0
    /// New tabs landed so far.
    @usableFromInline var arrived = 0

    @inlinable init(departures: [Range<Int>], arrivals: [Range<Int>]) {
        (self.departures, self.arrivals) = (departures, arrivals)
    }

    /// Whether every departure has been passed and every arrival landed.
    @inlinable var isFinished: Bool { d == departures.count && a == arrivals.count }

    /// Whether the old tabs `start..<start + count`, the next ones of the
    /// walk, lose a tab or have an arrival land among or right after them.
    /// - Complexity: O(1).
    @inlinable func touches(from start: Int, count: Int) -> Bool {
        (d < departures.count && departures[d].lowerBound < start + count)
            || (a < arrivals.count && arrivals[a].lowerBound - arrived <= kept + count)
    }

    /// Passes `count` old tabs that ``touches(from:count:)`` said are all
    /// kept, with nothing landing among them.
    @inlinable mutating func keep(_ count: Int) { kept += count }

    /// The next stretch of old tabs from `index` up to `end`: where it
    /// stops and whether it is kept. A kept stretch stops where the next
    /// departure begins or the next arrival lands.
    /// - Complexity: O(1).
    @inlinable mutating func stretch(from index: Int, upTo end: Int) -> (stop: Int, isKept: Bool) {
        if d < departures.count, departures[d].lowerBound <= index {
            let stop = Swift.min(end, departures[d].upperBound)
            if stop == departures[d].upperBound { d += 1 }
            return (stop, false)
        }
        var stop = end
        if d < departures.count { stop = Swift.min(stop, departures[d].lowerBound) }
        if a < arrivals.count { stop = Swift.min(stop, index + (arrivals[a].lowerBound - arrived - kept)) }
        kept += stop - index
        return (stop, true)
    }

    /// The next arrival that lands after the tabs kept so far, as its
    /// range of new indices, or `nil`. ``arrived`` counts it.
    /// - Complexity: O(1).
    @inlinable mutating func landing() -> Range<Int>? {
        guard a < arrivals.count, arrivals[a].lowerBound - arrived == kept else { return nil }
        defer { (arrived, a) = (arrived + arrivals[a].count, a + 1) }
        return arrivals[a]
    }
}
