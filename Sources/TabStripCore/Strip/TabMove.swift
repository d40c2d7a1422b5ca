/// Where indices go when one tab moves.
package enum TabMove {
    /// Where index `i` ends up when the tab at `source` moves to
    /// `destination`.
    @inlinable package static func index(_ i: Int, afterMovingFrom source: Int, to destination: Int) -> Int {
        if i == source { return destination }
        if source < destination, i > source, i <= destination { return i - 1 }
        if destination < source, i >= destination, i < source { return i + 1 }
        return i
    }
}
