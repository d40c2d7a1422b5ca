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
/// The titles of a strip built from a ``TabSource`` are not stored: reading
/// one asks the source (an empty string where the source has none). Edits
/// store only what they add: titles inserted or renamed stand in stored
/// runs between the source's runs (see `TabRope`).
///
/// `TabTitles` compares equal to another with the same titles in the same
/// order, whatever the chunking; it can be written as an array literal.
public struct TabTitles: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral, CustomStringConvertible
{
    /// The number of titles a chunk is built with by default.
    public static let defaultChunkSize = 2048

    /// The titles: stored runs (chunked) and runs the source gives.
    @usableFromInline var rope: TabRope<String>
    /// Where the source runs' titles come from; a source without titles
    /// when none is set. (Not optional: a call on an optional existential
    /// copies it first, a call on this one reads it in place.)
    @usableFromInline var source: any TabSource
    /// Whether some titles come from ``source``: one flag, so that the
    /// stored titles' paths test a byte, not the pieces.
    @usableFromInline var isFromSource: Bool

    /// No titles.
    /// - Complexity: O(1).
    public init() {
        self.init(chunkSize: Self.defaultChunkSize)
    }

    init(chunkSize: Int) {
        rope = TabRope(chunkSize: chunkSize)
        source = NoTabSource()
        isFromSource = false
    }

    /// The `source.tabCount` titles of `source`, none stored.
    /// - Complexity: O(1).
    @usableFromInline
    init(source: any TabSource, chunkSize: Int = Self.defaultChunkSize) {
        rope = TabRope(sourceCount: source.tabCount, chunkSize: chunkSize)
        self.source = source
        isFromSource = true
    }

    /// The number of titles a chunk is built with (tests use tiny chunks so
    /// that splits and merges happen often).
    var chunkSize: Int { rope.chunkSize }

    /// The title of tab `index` (in `0..<count`), stored or from the
    /// source; `nil` when the source cannot give it.
    /// - Complexity: as the subscript, plus the source's call.
    @inlinable func title(ofTab index: Int) -> String? {
        switch rope.slot(at: index) {
        case .stored(let title): return title
        case .source(let s): return sourceTitle(at: s)
        }
    }

    /// The source's title at source index `s`, kept out of line so that
    /// the stored titles' subscript stays small enough to inline.
    @usableFromInline @inline(never)
    func sourceTitle(at s: Int) -> String? {
        source.title(ofTab: s)
    }

    /// The given titles, in order.
    /// - Complexity: O(n).
    public init<S: Sequence>(_ titles: S) where S.Element == String {
        self.init(titles, chunkSize: Self.defaultChunkSize)
    }

    init<S: Sequence>(_ titles: S, chunkSize: Int) where S.Element == String {
        // Slices of the caller's array: no copy (the buffer is shared until
        // either side writes, and then only the written chunk is copied).
        var none = NoRopeObserver<String>()
        rope = TabRope(storing: Array(titles), chunkSize: chunkSize, observer: &none)
        source = NoTabSource()
        isFromSource = false
    }

    /// The given titles, in order.
    public init(arrayLiteral elements: String...) {
        self.init(elements)
    }

    /// 0.
    @inlinable public var startIndex: Int { 0 }
    /// The number of titles.
    @inlinable public var endIndex: Int { rope.total }
    /// The number of titles.
    /// - Complexity: O(1).
    @inlinable public var count: Int { rope.total }

    /// The title of tab `index`, which must be in `0..<count` (the empty
    /// string where a source has none).
    /// - Complexity: O(log(n / chunkSize)).
    @inlinable public subscript(index: Int) -> String {
        switch rope.slot(at: index) {
        case .stored(let title): return title
        case .source(let s): return source.title(ofTab: s) ?? ""
        }
    }

    /// The titles as an array literal, for logs and test failures.
    /// - Complexity: O(n).
    public var description: String { Array(self).description }

    /// Whether both hold the same titles in the same order, however they
    /// are chunked.
    /// - Complexity: O(n).
    public static func == (lhs: TabTitles, rhs: TabTitles) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}

extension TabTitles {
    /// Calls `body` with each stored title of `range` (within
    /// `0...count`), in order, reading piece by piece (source runs are
    /// skipped).
    /// - Complexity: O(log(n / C) + k) for k titles.
    func forEachStored(in range: Range<Int>, _ body: (String) -> Void) {
        rope.forEach(in: range) { slot in
            if case .stored(let title) = slot { body(title) }
        }
    }

    /// The stored chunks, in order (a strip built from titles has only
    /// these), for a whole strip measured a chunk at a time.
    @usableFromInline var storedChunks: [ArraySlice<String>] {
        rope.pieces.compactMap {
            if case .stored(let titles, _) = $0 { return titles }
            return nil
        }
    }
}

// MARK: - Edits

extension TabTitles {
    /// Inserts `titles`, stored, so that the first gets index `index`
    /// (`0...count`).
    /// - Complexity: O(k + C + p) for k new titles and p pieces.
    mutating func insert(contentsOf titles: [String], at index: Int) {
        var none = NoRopeObserver<String>()
        rope.insert(contentsOf: titles, at: index, observer: &none)
    }

    /// Inserts one title at `index` (`0...count`).
    mutating func insert(_ title: String, at index: Int) {
        insert(contentsOf: [title], at: index)
    }

    /// Inserts runs taken out of the titles (stored or from the source) at
    /// `index`.
    mutating func insert(_ pieces: [TabRope<String>.Piece], at index: Int) {
        var none = NoRopeObserver<String>()
        rope.insert(pieces, at: index, observer: &none)
    }

    /// Removes the titles in `range` (within `0...count`) and returns them
    /// as runs (to insert elsewhere: a move).
    /// - Complexity: O(k + C + p) for k removed titles.
    mutating func removeSubrange(_ range: Range<Int>) -> [TabRope<String>.Piece] {
        var none = NoRopeObserver<String>()
        return rope.removeSubrange(range, observer: &none)
    }

    /// Removes the titles of `departures`, then inserts `titles[range]` at
    /// each range of `arrivals`, as one edit (see
    /// ``TabRope/edit(removing:inserting:from:observer:)``).
    /// - Complexity: O(r (log p + C) + k + p) for r ranges of k titles.
    mutating func edit(removing departures: [Range<Int>], inserting arrivals: [Range<Int>], from titles: [String]) {
        var none = NoRopeObserver<String>()
        rope.edit(removing: departures, inserting: arrivals, from: titles, observer: &none)
    }

    /// Removes the titles in `range` (within `0...count`).
    /// - Complexity: O(k + C + p) for k removed titles.
    mutating func remove(_ range: Range<Int>) {
        var none = NoRopeObserver<String>()
        rope.remove(range, observer: &none)
    }

    /// Gives tab `index` the stored title `title` (from now on the source
    /// is not asked for it).
    /// - Complexity: O(C + p).
    mutating func rename(_ index: Int, to title: String) {
        var none = NoRopeObserver<String>()
        rope.replace(at: index, with: title, observer: &none)
    }
}

/// The source of a strip that stores its titles: it has no tab.
struct NoTabSource: TabSource {
    var tabCount: Int { 0 }
    func id(ofTab index: Int) -> Int { index }
    func title(ofTab index: Int) -> String? { nil }
    func index(ofID id: Int) -> Int? { nil }
}
