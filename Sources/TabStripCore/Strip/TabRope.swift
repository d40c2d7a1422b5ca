/// The values of a strip's tabs (titles, IDs) in tab order, in pieces: runs
/// of values stored here, chunked, and runs read from a ``TabSource`` by
/// index. A strip built from values is one stored run cut into chunks of
/// about ``chunkSize``; a strip built from a source is one source run,
/// whatever its length, and stores nothing. Edits split and join pieces:
/// values inserted into a source run stand in a stored piece between its
/// two halves, a moved tab of the source becomes a source piece of one, so
/// every edit costs O(k + C + p) for k values and p pieces, never O(n).
///
/// Stored pieces carry keys that stay with their values as pieces split
/// and merge, so that an index of values by key (the ID column's) is
/// updated for the values that change pieces only: both parts of a split
/// keep the key (several pieces may share one), neighbours that share a
/// key merge as they are, and of two that do not, the smaller takes the
/// larger's. A ``TabRopeObserver`` hears of every value that gets a key
/// and of every value removed.
@usableFromInline
struct TabRope<Element: Sendable>: Sendable {
    /// A run of tabs.
    @usableFromInline
    enum Piece: Sendable {
        /// Values stored here, with the piece's key.
        case stored(ArraySlice<Element>, key: Int32)
        /// Tabs whose values the source gives, by source index.
        case source(Range<Int>)

        @inlinable var count: Int {
            switch self {
            case .stored(let values, _): return values.count
            case .source(let range): return range.count
            }
        }
    }

    /// Where a tab's value is: stored, or the source's at an index.
    @usableFromInline
    enum Slot {
        case stored(Element)
        case source(Int)
    }

    @usableFromInline var pieces: [Piece] = []
    /// `starts[p]` is the index of piece `p`'s first tab.
    @usableFromInline var starts: [Int] = []
    @usableFromInline var total = 0
    /// The number of values a stored chunk is built with.
    @usableFromInline let chunkSize: Int
    /// The key the next stored piece gets.
    @usableFromInline var nextKey: Int32 = 0

    /// No values.
    @inlinable init(chunkSize: Int) {
        precondition(chunkSize >= 4, "chunks of at least 4 values")
        self.chunkSize = chunkSize
    }

    /// `values`, stored: slices of the array (no copy), cut evenly.
    /// - Complexity: O(n / C).
    @inlinable init<O: TabRopeObserver>(storing values: [Element], chunkSize: Int, observer: inout O)
    where O.Element == Element {
        self.init(chunkSize: chunkSize)
        guard !values.isEmpty else { return }
        let count = (values.count + chunkSize - 1) / chunkSize
        pieces.reserveCapacity(count)
        starts.reserveCapacity(count)
        var start = 0
        for p in 0..<count {
            let end = values.count * (p + 1) / count
            let key = newKey()
            observer.keyed(values[start..<end], key: key)
            appendPiece(.stored(values[start..<end], key: key))
            start = end
        }
    }

    /// `count` tabs read from the source at indices `0..<count`.
    /// - Complexity: O(1).
    @inlinable init(sourceCount count: Int, chunkSize: Int) {
        self.init(chunkSize: chunkSize)
        if count > 0 { appendPiece(.source(0..<count)) }
    }

    @inlinable mutating func appendPiece(_ piece: Piece) {
        starts.append(total)
        pieces.append(piece)
        total += piece.count
    }

    @inlinable mutating func newKey() -> Int32 {
        defer { nextKey &+= 1 }
        return nextKey
    }

    /// The most values a stored piece holds before it splits.
    @inlinable var maximumChunk: Int { 2 * chunkSize }
    /// The fewest values a stored piece holds next to another stored piece
    /// before the two merge.
    @inlinable var minimumChunk: Int { chunkSize / 4 }

    /// Whether every tab's value is stored (no source piece).
    /// - Complexity: O(p).
    @inlinable var isStored: Bool {
        pieces.allSatisfy {
            if case .stored = $0 { return true }
            return false
        }
    }

    /// The piece holding `index` (`0 <= index < total`): the last piece
    /// starting at or before it. A build cuts stored pieces evenly, so the
    /// piece a uniform cut puts `index` in holds it or is the one before;
    /// otherwise a bisection.
    /// - Complexity: O(1) on a freshly built rope; O(log p) otherwise.
    @inlinable func piece(containing index: Int) -> Int {
        precondition(index >= 0 && index < total, "tab \(index) out of range 0..<\(total)")
        let count = starts.count
        let (product, overflow) = index.multipliedReportingOverflow(by: count)
        let guess = overflow ? 0 : Swift.min(product / total, count - 1)
        if starts[guess] <= index {
            if guess + 1 == count || index < starts[guess + 1] { return guess }
            if guess + 2 == count || index < starts[guess + 2] { return guess + 1 }
        }
        return piece(containing: index, below: count)
    }

    /// Where tab `index`'s value is (`0 <= index < total`).
    /// - Complexity: as ``piece(containing:)``.
    @inlinable func slot(at index: Int) -> Slot {
        // One piece (a strip from a source not edited, or a short list):
        // no search.
        let p = pieces.count == 1 && index >= 0 && index < total ? 0 : piece(containing: index)
        switch pieces[p] {
        case .stored(let values, _): return .stored(values[values.startIndex + (index - starts[p])])
        case .source(let range): return .source(range.lowerBound + (index - starts[p]))
        }
    }

    /// The run of source indices behind the tabs `run` when they all lie in
    /// one source piece; `nil` otherwise.
    /// - Complexity: as ``piece(containing:)``.
    func sourceRun(of run: Range<Int>) -> Range<Int>? {
        guard !run.isEmpty else { return nil }
        let p = piece(containing: run.lowerBound)
        guard case .source(let range) = pieces[p], run.upperBound - starts[p] <= range.count else { return nil }
        let first = range.lowerBound + (run.lowerBound - starts[p])
        return first..<(first + run.count)
    }

    /// Calls `body` with each slot of `range` (within `0...total`), in
    /// order, piece by piece.
    /// - Complexity: O(log p + k) for k tabs.
    @usableFromInline
    func forEach(in range: Range<Int>, _ body: (Slot) -> Void) {
        guard !range.isEmpty else { return }
        var p = piece(containing: range.lowerBound)
        var index = range.lowerBound
        while index < range.upperBound {
            let offset = index - starts[p]
            let take = Swift.min(pieces[p].count - offset, range.upperBound - index)
            switch pieces[p] {
            case .stored(let values, _):
                let first = values.startIndex + offset
                for k in first..<(first + take) { body(.stored(values[k])) }
            case .source(let sources):
                for s in (sources.lowerBound + offset)..<(sources.lowerBound + offset + take) { body(.source(s)) }
            }
            index += take
            p += 1
        }
    }

    /// Calls `stored` with the values of each stored piece within `range`
    /// (within `0...total`) in place, and `source` with the source indices
    /// of each source piece within it, in order, each with the index of
    /// its first tab.
    /// - Complexity: O(log p + k / C) calls for k tabs.
    @usableFromInline
    func forEachRun(
        in range: Range<Int>, stored: (UnsafeBufferPointer<Element>, Int) -> Void, source: (Range<Int>, Int) -> Void
    ) {
        guard !range.isEmpty else { return }
        var p = piece(containing: range.lowerBound)
        var index = range.lowerBound
        while index < range.upperBound {
            let offset = index - starts[p]
            let take = Swift.min(pieces[p].count - offset, range.upperBound - index)
            switch pieces[p] {
            case .stored(let values, _):
                let first = values.startIndex + offset
                values[first..<(first + take)].withUnsafeBufferPointer { stored($0, index) }
            case .source(let sources):
                source((sources.lowerBound + offset)..<(sources.lowerBound + offset + take), index)
            }
            index += take
            p += 1
        }
    }

    /// The source index of every tab of a source piece, with its tab
    /// index: the inverse map, one run per source piece.
    /// - Complexity: O(p).
    var sourceRuns: [(tabs: Range<Int>, sources: Range<Int>)] {
        var runs: [(tabs: Range<Int>, sources: Range<Int>)] = []
        for (p, piece) in pieces.enumerated() {
            if case .source(let range) = piece { runs.append((starts[p]..<(starts[p] + range.count), range)) }
        }
        return runs
    }
}

/// Hears of the values a ``TabRope`` stores under a key and of those it
/// drops, so that an index of them by key can follow (the ID column's).
@usableFromInline
protocol TabRopeObserver {
    associatedtype Element
    /// `values` are now stored in the piece with `key`.
    mutating func keyed(_ values: ArraySlice<Element>, key: Int32)
    /// `values` are no longer stored.
    mutating func removed(_ values: ArraySlice<Element>)
}

/// An observer that hears nothing (the titles' rope).
@usableFromInline
struct NoRopeObserver<Element>: TabRopeObserver {
    @usableFromInline init() {}
    @inlinable func keyed(_ values: ArraySlice<Element>, key: Int32) {}
    @inlinable func removed(_ values: ArraySlice<Element>) {}
}

// MARK: - Edits

extension TabRope {
    /// Inserts `inserted` (stored values or source runs) so that the first
    /// gets index `index` (`0...total`).
    /// - Complexity: O(k + C + p) for k tabs inserted.
    @inlinable mutating func insert<O: TabRopeObserver>(_ inserted: [Piece], at index: Int, observer: inout O)
    where O.Element == Element {
        precondition(index >= 0 && index <= total, "insertion index \(index) out of range 0...\(total)")
        let added = inserted.reduce(0) { $0 + $1.count }
        guard added > 0 else { return }
        // Stored values into a stored piece that has room: that piece
        // alone changes.
        if index < total, let p = Optional(piece(containing: index)), case .stored(var values, let key) = pieces[p],
            values.count + added <= maximumChunk, inserted.allSatisfy({ if case .stored = $0 { true } else { false } })
        {
            pieces[p] = .source(0..<0) // uniquely referenced while edited
            var at = values.startIndex + (index - starts[p])
            for case .stored(let more, _) in inserted {
                values.insert(contentsOf: more, at: at)
                observer.keyed(more, key: key)
                at += more.count
            }
            pieces[p] = .stored(values, key: key)
            total += added
            renumber(from: p)
            return
        }
        // Where the new pieces go: at a piece boundary, a piece split in
        // two where the index falls inside one.
        var at: Int
        if index == total {
            at = pieces.count
        } else {
            let p = piece(containing: index)
            let offset = index - starts[p]
            if offset == 0 {
                at = p
            } else {
                split(p, at: offset, observer: &observer)
                at = p + 1
            }
        }
        var newPieces: [Piece] = []
        for piece in inserted where piece.count > 0 {
            if case .stored(let values, _) = piece {
                let key = newKey()
                observer.keyed(values, key: key)
                newPieces.append(.stored(values, key: key))
            } else {
                newPieces.append(piece)
            }
        }
        pieces.insert(contentsOf: newPieces, at: at)
        total += added
        normalize(from: Swift.max(0, at - 1), through: at + newPieces.count, observer: &observer)
    }

    /// Inserts stored `values` so that the first gets index `index`.
    /// - Complexity: O(k + C + p) for k values.
    @inlinable mutating func insert<O: TabRopeObserver>(contentsOf values: [Element], at index: Int, observer: inout O)
    where O.Element == Element {
        insert([.stored(values[...], key: 0)], at: index, observer: &observer)
    }

    /// Removes the tabs of `range` (within `0...total`), as
    /// ``removeSubrange(_:observer:)`` without returning them: a range
    /// inside one stored piece is removed from that piece in place (no
    /// cut, no copy of the removed values, and no merge unless the piece
    /// gets small).
    /// - Complexity: O(k + C + p) for k tabs removed.
    @inlinable mutating func remove<O: TabRopeObserver>(_ range: Range<Int>, observer: inout O)
    where O.Element == Element {
        precondition(range.lowerBound >= 0 && range.upperBound <= total, "range \(range) out of 0...\(total)")
        guard !range.isEmpty else { return }
        let p = piece(containing: range.lowerBound)
        if case .stored(var values, let key) = pieces[p], range.count < values.count,
            range.upperBound <= starts[p] + values.count
        {
            pieces[p] = .source(0..<0) // uniquely referenced while edited
            let first = values.startIndex + (range.lowerBound - starts[p])
            observer.removed(values[first..<(first + range.count)])
            values.removeSubrange(first..<(first + range.count))
            pieces[p] = .stored(values, key: key)
            total -= range.count
            normalize(from: Swift.max(0, p - 1), through: p + 1, observer: &observer)
            return
        }
        removeSubrange(range, observer: &observer)
    }

    /// Removes the tabs of `departures` (ascending, apart, within
    /// `0..<total`), then inserts `values[range]` at each range of
    /// `arrivals` (indices after the edit, ascending, apart), as one edit:
    /// one pass over the pieces, where each piece that loses or gains tabs
    /// is written once into new storage (its kept stretches and the
    /// arrivals that land in it, a copy per stretch) and every other piece
    /// stays as it is; then one pass splits, merges and drops pieces and
    /// computes the starts. An arrival lands in the piece holding the kept
    /// tab before it (the first piece for an arrival at 0). A rope with a
    /// source piece is edited range by range.
    /// - Complexity: O(r + k + p + c C) for r ranges of k tabs and c pieces
    ///   changed.
    @inlinable mutating func edit<O: TabRopeObserver>(
        removing departures: [Range<Int>], inserting arrivals: [Range<Int>], from values: [Element],
        observer: inout O
    ) where O.Element == Element {
        guard !pieces.isEmpty, isStored else {
            for range in departures.reversed() { remove(range, observer: &observer) }
            for range in arrivals {
                insert(contentsOf: Array(values[range]), at: range.lowerBound, observer: &observer)
            }
            return
        }
        var walk = TabEditCursor(departures: departures, arrivals: arrivals)
        // The arrivals and their pieces' keys, told to the observer once
        // every departure has been: a tab that moves leaves and arrives
        // with the same value.
        var landed: [(range: Range<Int>, key: Int32)] = []
        for p in pieces.indices {
            guard case .stored(let old, let key) = pieces[p] else { preconditionFailure("a source piece") }
            let start = starts[p]
            let end = start + old.count
            guard walk.touches(from: start, count: old.count) else {
                walk.keep(old.count)
                continue
            }
            var new: [Element] = []
            new.reserveCapacity(old.count + 64)
            func land() {
                while let range = walk.landing() {
                    new.append(contentsOf: values[range])
                    landed.append((range, key))
                }
            }
            if p == 0 { land() }
            // Tab `i` of this piece is `old[local + i]`.
            let local = old.startIndex - start
            var i = start
            while i < end {
                let (stop, isKept) = walk.stretch(from: i, upTo: end)
                if isKept {
                    new.append(contentsOf: old[(local + i)..<(local + stop)])
                    land()
                } else {
                    observer.removed(old[(local + i)..<(local + stop)])
                }
                i = stop
            }
            pieces[p] = .stored(new[...], key: key)
        }
        precondition(walk.isFinished, "a departure or an arrival out of range for \(total) tabs, \(walk.kept) kept")
        total = walk.kept + walk.arrived
        for (range, key) in landed { observer.keyed(values[range], key: key) }
        normalize(from: 0, through: pieces.count, observer: &observer)
    }

    /// The piece holding `index` among the first `count` pieces, whose
    /// starts are right: the last starting at or before it, by bisection.
    /// - Complexity: O(log count).
    @inlinable func piece(containing index: Int, below count: Int) -> Int {
        var low = 0
        var high = count
        while high - low > 1 {
            let mid = (low + high) / 2
            if starts[mid] <= index { low = mid } else { high = mid }
        }
        return low
    }

    /// Removes the tabs of `range` (within `0...total`) and returns them as
    /// pieces (stored values and source runs, in order).
    /// - Complexity: O(k + C + p) for k tabs removed.
    @discardableResult
    @inlinable mutating func removeSubrange<O: TabRopeObserver>(_ range: Range<Int>, observer: inout O) -> [Piece]
    where O.Element == Element {
        precondition(range.lowerBound >= 0 && range.upperBound <= total, "range \(range) out of 0...\(total)")
        guard !range.isEmpty else { return [] }
        // Cut at both ends, then take the whole pieces between.
        let first = cut(at: range.lowerBound, observer: &observer)
        let end = cut(at: range.upperBound, observer: &observer)
        let removed = Array(pieces[first..<end])
        for piece in removed {
            if case .stored(let values, _) = piece { observer.removed(values) }
        }
        pieces.removeSubrange(first..<end)
        total -= range.count
        normalize(from: Swift.max(0, first - 1), through: first + 1, observer: &observer)
        return removed
    }

    /// Replaces tab `index`'s value with the stored `value`.
    /// - Complexity: O(C + p).
    @inlinable mutating func replace<O: TabRopeObserver>(at index: Int, with value: Element, observer: inout O)
    where O.Element == Element {
        let p = piece(containing: index)
        if case .stored(var values, let key) = pieces[p] {
            let k = values.startIndex + (index - starts[p])
            observer.removed(values[k..<(k + 1)])
            pieces[p] = .source(0..<0) // uniquely referenced while edited
            values[k] = value
            pieces[p] = .stored(values, key: key)
            observer.keyed(values[k..<(k + 1)], key: key)
            return
        }
        removeSubrange(index..<(index + 1), observer: &observer)
        insert(contentsOf: [value], at: index, observer: &observer)
    }

    /// Splits piece `p` at `offset` (`0 < offset < count`): two pieces,
    /// both keeping a stored piece's key (no value changes key, so a cut
    /// costs no hashing).
    @inlinable mutating func split<O: TabRopeObserver>(_ p: Int, at offset: Int, observer: inout O)
    where O.Element == Element {
        switch pieces[p] {
        case .stored(let values, let key):
            let tail = values[(values.startIndex + offset)...]
            pieces[p] = .stored(values[..<(values.startIndex + offset)], key: key)
            pieces.insert(.stored(tail, key: key), at: p + 1)
        case .source(let range):
            pieces[p] = .source(range.lowerBound..<(range.lowerBound + offset))
            pieces.insert(.source((range.lowerBound + offset)..<range.upperBound), at: p + 1)
        }
        starts.insert(starts[p] + offset, at: p + 1)
    }

    /// Makes a piece boundary at tab `index` (`0...total`) and returns the
    /// position of the piece that starts there (`pieces.count` at the end).
    @inlinable mutating func cut<O: TabRopeObserver>(at index: Int, observer: inout O) -> Int
    where O.Element == Element {
        if index == total { return pieces.count }
        let p = piece(containing: index)
        let offset = index - starts[p]
        guard offset > 0 else { return p }
        split(p, at: offset, observer: &observer)
        return p + 1
    }

    /// Drops empty pieces among `from...through`, splits stored pieces that
    /// grew past ``maximumChunk``, merges a stored piece under
    /// ``minimumChunk`` into a stored neighbour and adjacent source runs
    /// that continue each other, then renumbers the starts from `from`.
    @inlinable mutating func normalize<O: TabRopeObserver>(from: Int, through: Int, observer: inout O)
    where O.Element == Element {
        var k = Swift.min(from, pieces.count)
        var last = Swift.min(through, pieces.count - 1)
        var p = k
        while p <= last, p < pieces.count {
            if pieces[p].count == 0 {
                pieces.remove(at: p)
                last -= 1
            } else {
                p += 1
            }
        }
        p = k
        while p <= last, p < pieces.count {
            switch pieces[p] {
            case .stored(let values, let key):
                if values.count > maximumChunk {
                    let cut = evenPieces(of: values, firstKey: key, observer: &observer)
                    pieces.replaceSubrange(p...p, with: cut)
                    last += cut.count - 1
                    p += cut.count
                    continue
                }
                if p + 1 < pieces.count, case .stored(let next, let nextKey) = pieces[p + 1],
                    values.count < minimumChunk || next.count < minimumChunk
                {
                    // The smaller one joins the larger one's key (the
                    // parts of one split share theirs already).
                    var joined = Array(values)
                    joined.append(contentsOf: next)
                    let keep = values.count >= next.count ? key : nextKey
                    if key != nextKey { observer.keyed(values.count >= next.count ? next : values, key: keep) }
                    pieces[p] = .stored(joined[...], key: keep)
                    pieces.remove(at: p + 1)
                    last -= 1
                    continue
                }
            case .source(let range):
                if p + 1 < pieces.count, case .source(let next) = pieces[p + 1], range.upperBound == next.lowerBound {
                    pieces[p] = .source(range.lowerBound..<next.upperBound)
                    pieces.remove(at: p + 1)
                    last -= 1
                    continue
                }
            }
            p += 1
        }
        k = Swift.max(0, Swift.min(k, pieces.count))
        renumber(from: k)
    }

    /// `values` cut into the fewest pieces of at most ``chunkSize``, of
    /// nearly equal size, each in its own storage; the first keeps
    /// `firstKey`, the others get new keys (told to the observer).
    @inlinable mutating func evenPieces<O: TabRopeObserver>(
        of values: ArraySlice<Element>, firstKey: Int32, observer: inout O
    ) -> [Piece] where O.Element == Element {
        let count = (values.count + chunkSize - 1) / chunkSize
        var result: [Piece] = []
        result.reserveCapacity(count)
        var start = 0
        let base = values.startIndex
        for p in 0..<count {
            let end = values.count * (p + 1) / count
            let slice = ArraySlice(Array(values[(base + start)..<(base + end)]))
            if p == 0 {
                result.append(.stored(slice, key: firstKey))
            } else {
                let key = newKey()
                observer.keyed(slice, key: key)
                result.append(.stored(slice, key: key))
            }
            start = end
        }
        return result
    }

    /// Recomputes `starts` from piece `p` on.
    @inlinable mutating func renumber(from p: Int) {
        if starts.count > pieces.count { starts.removeLast(starts.count - pieces.count) }
        while starts.count < pieces.count { starts.append(0) }
        var running = p == 0 ? 0 : starts[p - 1] + pieces[p - 1].count
        for k in p..<pieces.count {
            starts[k] = running
            running += pieces[k].count
        }
    }
}

extension TabRope {
    /// Traps if the pieces and starts disagree, a piece is empty, stored
    /// pieces are out of their bounds, or the count is stale.
    func _checkInvariants() {
        #if TABSTRIP_INTERNAL_CHECKS
            precondition(starts.count == pieces.count, "\(starts.count) starts for \(pieces.count) pieces")
            var running = 0
            for (p, piece) in pieces.enumerated() {
                precondition(piece.count > 0, "piece \(p) is empty")
                precondition(starts[p] == running, "piece \(p) starts at \(starts[p]), expected \(running)")
                if case .stored(let values, _) = piece {
                    precondition(pieces.count == 1 || values.count <= maximumChunk, "piece \(p) holds \(values.count)")
                    if values.count < minimumChunk, p + 1 < pieces.count, case .stored = pieces[p + 1] {
                        preconditionFailure("pieces \(p) and \(p + 1) should have merged")
                    }
                }
                running += piece.count
            }
            precondition(running == total, "count \(total), pieces hold \(running)")
        #endif
    }
}
