/// The titles of a strip, in tab order: a random-access collection stored in
/// chunks, so inserting or removing a tab in the middle of a million does
/// not move every title after it.
///
/// Built from an array, the titles share the caller's buffer (no copy, no
/// extra memory): the chunks are slices of it, about ``defaultChunkSize``
/// titles each (between a quarter and twice that), cut in O(n / chunk)
/// without touching a title. An insert or remove copies at most the one
/// chunk it edits (a slice shared with the caller copies its own titles
/// only, the first time) and renumbers the chunk starts after it, instead
/// of moving every later title as a flat array does. Reading a title is a
/// binary search over the chunk starts.
///
/// The titles of a strip built from a count and a ``TabTitleSource`` are
/// not stored: reading one asks the source (an empty string where the
/// source has none), and edits only change the count.
///
/// `TabTitles` compares equal to another with the same titles in the same
/// order, whatever the chunking; it can be written as an array literal.
public struct TabTitles: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral, CustomStringConvertible
{
    /// The number of titles a chunk is built with by default.
    public static let defaultChunkSize = 2048

    /// The number of titles a chunk is built with (tests use tiny chunks so
    /// that splits and merges happen often).
    @usableFromInline let chunkSize: Int

    /// The chunks; none is empty. Each is a slice (of the array the titles
    /// were built from, or of its own storage once edited).
    @usableFromInline var chunks: [ArraySlice<String>]
    /// `starts[c]` is the index of `chunks[c][0]`.
    @usableFromInline var starts: [Int]
    /// The number of titles.
    @usableFromInline var total: Int
    /// Where the titles come from when they are not stored (then `chunks`
    /// is empty whatever the count); a source without titles when they
    /// are stored. (Not optional: a call on an optional existential copies
    /// it first, a call on this one reads it in place.)
    @usableFromInline var source: any TabTitleSource
    /// Whether the titles come from ``source`` (not stored): one flag, so
    /// that the stored titles' paths test a byte, not an existential.
    @usableFromInline var isFromSource: Bool

    /// No titles.
    /// - Complexity: O(1).
    public init() {
        self.init(chunkSize: Self.defaultChunkSize)
    }

    init(chunkSize: Int) {
        precondition(chunkSize >= 4, "chunks of at least 4 titles")
        self.chunkSize = chunkSize
        chunks = []
        starts = []
        total = 0
        source = NoTitleSource()
        isFromSource = false
    }

    /// `count` titles read from `source` when needed, none stored.
    /// - Complexity: O(1).
    init(count: Int, source: any TabTitleSource) {
        self.init(chunkSize: Self.defaultChunkSize)
        self.total = count
        self.source = source
        self.isFromSource = true
    }

    /// Whether the titles come from a ``TabTitleSource`` (not stored).

    /// The title of tab `index` (in `0..<count`), from the chunks or the
    /// source; `nil` when the source cannot give it.
    /// - Complexity: as the subscript, plus the source's call.
    @inlinable func title(ofTab index: Int) -> String? {
        if isFromSource { return sourceTitle(ofTab: index) }
        return self[index]
    }

    /// The source's title of tab `index`, kept out of line so that the
    /// stored titles' subscript stays small enough to inline.
    @usableFromInline @inline(never)
    func sourceTitle(ofTab index: Int) -> String? {
        source.title(ofTab: index)
    }

    /// The given titles, in order.
    /// - Complexity: O(n).
    public init<S: Sequence>(_ titles: S) where S.Element == String {
        self.init(titles, chunkSize: Self.defaultChunkSize)
    }

    init<S: Sequence>(_ titles: S, chunkSize: Int) where S.Element == String {
        self.init(chunkSize: chunkSize)
        // Slices of the caller's array: no copy (the buffer is shared until
        // either side writes, and then only the written chunk is copied).
        let all = Array(titles)
        guard !all.isEmpty else { return }
        let pieces = (all.count + chunkSize - 1) / chunkSize
        chunks.reserveCapacity(pieces)
        starts.reserveCapacity(pieces)
        var start = 0
        for p in 0..<pieces {
            let end = all.count * (p + 1) / pieces
            append(chunk: all[start..<end])
            start = end
        }
    }

    /// The given titles, in order.
    public init(arrayLiteral elements: String...) {
        self.init(elements)
    }

    private mutating func append(chunk: ArraySlice<String>) {
        starts.append(total)
        chunks.append(chunk)
        total += chunk.count
    }

    /// 0.
    @inlinable public var startIndex: Int { 0 }
    /// The number of titles.
    @inlinable public var endIndex: Int { total }
    /// The number of titles.
    /// - Complexity: O(1).
    @inlinable public var count: Int { total }

    /// The title of tab `index`, which must be in `0..<count`.
    /// - Complexity: O(log(n / chunkSize)).
    @inlinable public subscript(index: Int) -> String {
        get {
            if _slowPath(isFromSource) { return sourceTitle(ofTab: index) ?? "" }
            let c = chunk(containing: index)
            return chunks[c][chunks[c].startIndex + (index - starts[c])]
        }
        set {
            // Titles from a source are the source's to change.
            guard !isFromSource else { return }
            let c = chunk(containing: index)
            chunks[c][chunks[c].startIndex + (index - starts[c])] = newValue
        }
    }

    /// The chunk holding `index` (`0 <= index < count`): the last chunk
    /// starting at or before it. A build cuts the chunks evenly, so the
    /// chunk a uniform cut puts `index` in, `index * chunks / count`, holds
    /// it or is the one before; edits move the starts, and a bisection
    /// answers when neither holds it.
    /// - Complexity: O(1) on a freshly built collection; O(log(n /
    ///   chunkSize)) otherwise.
    @inlinable func chunk(containing index: Int) -> Int {
        precondition(index >= 0 && index < total, "title index \(index) out of range 0..<\(total)")
        let count = starts.count
        let (product, overflow) = index.multipliedReportingOverflow(by: count)
        let guess = overflow ? 0 : Swift.min(product / total, count - 1)
        if starts[guess] <= index {
            if guess + 1 == count || index < starts[guess + 1] { return guess }
            if guess + 2 == count || index < starts[guess + 2] { return guess + 1 }
        }
        var low = 0
        var high = count
        while high - low > 1 {
            let mid = (low + high) / 2
            if starts[mid] <= index { low = mid } else { high = mid }
        }
        return low
    }

    /// The titles as an array literal, for logs and test failures.
    /// - Complexity: O(n).
    public var description: String { Array(self).description }

    /// Whether both hold the same titles in the same order, however they
    /// are chunked.
    /// - Complexity: O(n).
    public static func == (lhs: TabTitles, rhs: TabTitles) -> Bool {
        lhs.total == rhs.total && lhs.elementsEqual(rhs)
    }
}

extension TabTitles {
    /// Calls `body` with each stored title of `range` (within
    /// `0...count`), in order, reading chunk by chunk.
    /// - Complexity: O(log(n / C) + k) for k titles.
    func forEach(in range: Range<Int>, _ body: (String) -> Void) {
        guard !range.isEmpty, !isFromSource else { return }
        var c = chunk(containing: range.lowerBound)
        var index = range.lowerBound
        while index < range.upperBound {
            let chunk = chunks[c]
            let first = chunk.startIndex + (index - starts[c])
            let last = Swift.min(chunk.endIndex, first + (range.upperBound - index))
            for k in first..<last { body(chunk[k]) }
            index += last - first
            c += 1
        }
    }
}

// MARK: - Edits

extension TabTitles {
    /// The most titles a chunk holds before it splits.
    var maximumChunk: Int { 2 * chunkSize }
    /// The fewest titles a chunk holds (when there is more than one) before
    /// it merges with a neighbour.
    var minimumChunk: Int { chunkSize / 4 }

    /// Inserts `titles` so that the first gets index `index` (`0...count`).
    /// - Complexity: O(k + chunkSize + n / chunkSize) for k new titles.
    mutating func insert(contentsOf titles: [String], at index: Int) {
        precondition(index >= 0 && index <= total, "insertion index \(index) out of range 0...\(total)")
        guard !titles.isEmpty else { return }
        if isFromSource {
            total += titles.count
            return
        }
        guard !chunks.isEmpty else {
            self = TabTitles(titles, chunkSize: chunkSize)
            return
        }
        let c = index == total ? chunks.count - 1 : chunk(containing: index)
        chunks[c].insert(contentsOf: titles, at: chunks[c].startIndex + (index - starts[c]))
        if chunks[c].count > maximumChunk {
            chunks.replaceSubrange(c...c, with: evenPieces(of: chunks[c]))
        }
        total += titles.count
        renumber(from: c)
    }

    /// Adds `count` titles that the source gives (titles from a source
    /// only).
    mutating func insert(count added: Int) {
        precondition(isFromSource, "only titles from a source are inserted by count")
        total += added
    }

    /// Inserts one title at `index` (`0...count`).
    mutating func insert(_ title: String, at index: Int) {
        insert(contentsOf: [title], at: index)
    }

    /// Removes the titles in `range` (within `0...count`).
    /// - Complexity: O(k + chunkSize + n / chunkSize) for k removed titles.
    mutating func removeSubrange(_ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= total, "range \(range) out of 0...\(total)")
        guard !range.isEmpty else { return }
        if isFromSource {
            total -= range.count
            return
        }
        let first = chunk(containing: range.lowerBound)
        let last = chunk(containing: range.upperBound - 1)
        if first == last {
            let base = starts[first] - chunks[first].startIndex
            chunks[first].removeSubrange((range.lowerBound - base)..<(range.upperBound - base))
        } else {
            let lastBase = chunks[last].startIndex
            chunks[last].removeSubrange(lastBase..<(lastBase + range.upperBound - starts[last]))
            chunks[first].removeSubrange((chunks[first].startIndex + range.lowerBound - starts[first])...)
            if last > first + 1 { chunks.removeSubrange((first + 1)..<last) }
        }
        total -= range.count
        normalize(around: first)
    }

    /// Removes and returns the title at `index`.
    mutating func remove(at index: Int) -> String {
        let title = self[index]
        removeSubrange(index..<(index + 1))
        return title
    }

    /// Drops empty chunks at and after `c`, merges an undersized chunk `c`
    /// into a neighbour, and renumbers the starts from there.
    private mutating func normalize(around c: Int) {
        // Only chunks from `c` on changed, so only they can be empty.
        var k = c
        while k < chunks.count, chunks[k].isEmpty { chunks.remove(at: k) }
        if k + 1 < chunks.count, chunks[k + 1].isEmpty { chunks.remove(at: k + 1) }
        k = Swift.min(c, chunks.count - 1)
        var from = Swift.max(0, k)
        // A chunk shared with the caller's array is cut on the first edit.
        if k >= 0, chunks[k].count > maximumChunk {
            chunks.replaceSubrange(k...k, with: evenPieces(of: chunks[k]))
        }
        // The chunk after `c` may have been trimmed too.
        if k >= 0, k + 1 < chunks.count, chunks[k + 1].count < minimumChunk {
            chunks[k].append(contentsOf: chunks[k + 1])
            chunks.remove(at: k + 1)
            if chunks[k].count > maximumChunk {
                chunks.replaceSubrange(k...k, with: evenPieces(of: chunks[k]))
            }
        }
        if chunks.count > 1, k >= 0, k < chunks.count, chunks[k].count < minimumChunk {
            let neighbour = k + 1 < chunks.count ? k + 1 : k - 1
            let (low, high) = (Swift.min(k, neighbour), Swift.max(k, neighbour))
            chunks[low].append(contentsOf: chunks[high])
            chunks.remove(at: high)
            if chunks[low].count > maximumChunk {
                chunks.replaceSubrange(low...low, with: evenPieces(of: chunks[low]))
            }
            from = low
        }
        renumber(from: Swift.min(from, chunks.count))
    }

    /// `titles` cut into the fewest pieces of at most ``chunkSize``, all of
    /// nearly equal size (so none is tiny).
    private func evenPieces(of titles: ArraySlice<String>) -> [ArraySlice<String>] {
        let pieces = (titles.count + chunkSize - 1) / chunkSize
        var result: [ArraySlice<String>] = []
        result.reserveCapacity(pieces)
        var start = 0
        let base = titles.startIndex
        for p in 0..<pieces {
            let end = titles.count * (p + 1) / pieces
            // Each piece in its own storage, so that editing one never
            // copies its neighbours' titles again.
            result.append(ArraySlice(Array(titles[(base + start)..<(base + end)])))
            start = end
        }
        return result
    }

    /// Recomputes `starts` from chunk `c` on.
    private mutating func renumber(from c: Int) {
        if starts.count > chunks.count { starts.removeLast(starts.count - chunks.count) }
        while starts.count < chunks.count { starts.append(0) }
        var running = c == 0 ? 0 : starts[c - 1] + chunks[c - 1].count
        for k in c..<chunks.count {
            starts[k] = running
            running += chunks[k].count
        }
    }
}

/// The source of a strip that stores its titles: it has none to give.
struct NoTitleSource: TabTitleSource {
    func title(ofTab index: Int) -> String? { nil }
}
