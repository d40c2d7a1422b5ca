/// The IDs of a strip's tabs, kept by the strip as compactly as its titles:
/// runs stored in chunks (a tab inserted by the host) and runs read from
/// the strip's ``TabSource`` by index (none stored), in a ``TabRope``; plus
/// an index of the stored IDs by the key of the piece holding them (the
/// parts of a chunk cut by edits share its key), so that the index of an
/// ID is found without a scan of the strip.
///
/// A value: a strip's copy shares its storage until either edits it.
@usableFromInline
struct TabIDColumn<ID: Hashable & Sendable>: TabIDStore {
    @usableFromInline var rope: TabRope<ID>
    /// The piece key of every stored ID.
    @usableFromInline var keys: KeyIndex
    /// Where the source runs' IDs come from.
    @usableFromInline var source: (any TabSource<ID>)?

    /// Follows the rope's stored IDs into ``keys``.
    @usableFromInline
    struct KeyIndex: TabRopeObserver, Sendable {
        @usableFromInline var keyOfID: [ID: Int32] = [:]
        @usableFromInline init() {}
        @inlinable mutating func keyed(_ values: ArraySlice<ID>, key: Int32) {
            for id in values { keyOfID[id] = key }
        }
        @inlinable mutating func removed(_ values: ArraySlice<ID>) {
            for id in values { keyOfID[id] = nil }
        }
    }

    /// The IDs `ids`, stored (the caller checked that none repeats).
    /// - Complexity: O(n) hashing.
    @inlinable
    init(storing ids: [ID], chunkSize: Int = TabTitles.defaultChunkSize) {
        keys = KeyIndex()
        keys.keyOfID.reserveCapacity(ids.count)
        rope = TabRope(storing: ids, chunkSize: chunkSize, observer: &keys)
        source = nil
    }

    /// The IDs of `source`'s tabs, none stored.
    /// - Complexity: O(1).
    @inlinable
    init(source: any TabSource<ID>, chunkSize: Int = TabTitles.defaultChunkSize) {
        keys = KeyIndex()
        rope = TabRope(sourceCount: source.tabCount, chunkSize: chunkSize)
        self.source = source
    }

    @usableFromInline var count: Int { rope.total }
    @usableFromInline var idTypeName: String { "\(ID.self)" }

    /// The ID of tab `index` (`0..<count`).
    /// - Complexity: O(log(n / C)), plus the source's call.
    @inlinable func id(ofTab index: Int) -> ID {
        switch rope.slot(at: index) {
        case .stored(let id): return id
        case .source(let s): return source!.id(ofTab: s)
        }
    }

    /// The index of the tab with ID `id`, if any.
    /// - Complexity: O(p + s) for a stored ID (the pieces searched for its
    ///   key, then the s values of the pieces holding that key: the parts
    ///   of a chunk cut by edits share its key); O(p) plus the source's
    ///   lookup otherwise.
    @inlinable
    func index(ofID id: ID) -> Int? {
        if let key = keys.keyOfID[id] {
            for (p, piece) in rope.pieces.enumerated() {
                guard case .stored(let values, let k) = piece, k == key, let at = values.firstIndex(of: id) else {
                    continue
                }
                return rope.starts[p] + (at - values.startIndex)
            }
            return nil
        }
        guard let source, let s = source.index(ofID: id) else { return nil }
        for (p, piece) in rope.pieces.enumerated() {
            if case .source(let range) = piece, range.contains(s) { return rope.starts[p] + (s - range.lowerBound) }
        }
        return nil
    }

    /// Inserts `ids`, stored, so that the first gets index `index`.
    /// - Complexity: O(k + C + p) for k IDs.
    @inlinable
    mutating func insert(_ ids: [ID], at index: Int) {
        rope.insert(contentsOf: ids, at: index, observer: &keys)
    }

    /// Gives tab `index` the stored ID `id`.
    @inlinable
    mutating func replace(at index: Int, with id: ID) {
        rope.replace(at: index, with: id, observer: &keys)
    }

    /// Removes the tabs of `departures`, then inserts `ids[range]` at each
    /// range of `arrivals`, as one edit (see
    /// ``TabRope/edit(removing:inserting:from:observer:)``).
    /// - Complexity: O(r (log p + C) + k + p) for r ranges of k tabs.
    @inlinable
    mutating func edit(removing departures: [Range<Int>], inserting arrivals: [Range<Int>], from ids: [ID]) {
        rope.edit(removing: departures, inserting: arrivals, from: ids, observer: &keys)
    }

    @inlinable
    mutating func removeTabs(in range: Range<Int>) {
        rope.remove(range, observer: &keys)
    }

    @inlinable
    mutating func moveTab(from source: Int, to destination: Int) {
        guard source != destination else { return }
        let moved = rope.removeSubrange(source..<(source + 1), observer: &keys)
        rope.insert(moved, at: destination, observer: &keys)
    }

    /// Calls `body` with the IDs of `range` in order, a buffer per run,
    /// while it returns `true`: stored runs in place, source runs lent by
    /// the source or read one at a time into `scratch`.
    /// - Complexity: O(k + p) plus the source's calls.
    @inlinable
    func forEachRun(in range: Range<Int>, scratch: inout [ID], _ body: (UnsafeBufferPointer<ID>) -> Bool) {
        guard !range.isEmpty else { return }
        var p = rope.piece(containing: range.lowerBound)
        var index = range.lowerBound
        while index < range.upperBound {
            let offset = index - rope.starts[p]
            let take = Swift.min(rope.pieces[p].count - offset, range.upperBound - index)
            let goesOn: Bool
            switch rope.pieces[p] {
            case .stored(let values, _):
                let first = values.startIndex + offset
                goesOn = values[first..<(first + take)].withUnsafeBufferPointer(body)
            case .source(let sources):
                let run = (sources.lowerBound + offset)..<(sources.lowerBound + offset + take)
                let lent: Bool? =
                    source!.withContiguousIDs(ofTabs: run) { ids in
                        ids.count == run.count ? body(ids) : nil
                    } ?? nil
                if let lent {
                    goesOn = lent
                } else {
                    scratch.removeAll(keepingCapacity: true)
                    for s in run { scratch.append(source!.id(ofTab: s)) }
                    goesOn = scratch.withUnsafeBufferPointer(body)
                }
            }
            guard goesOn else { return }
            index += take
            p += 1
        }
    }

    /// Whether a tab has ID `id`.
    /// - Complexity: as ``index(ofID:)``, O(1) for a stored ID.
    @inlinable
    func contains(_ id: ID) -> Bool {
        keys.keyOfID[id] != nil || index(ofID: id) != nil
    }

    /// A description of tab `index`'s ID, for error messages.
    @usableFromInline
    func describeID(ofTab index: Int) -> String { String(describing: id(ofTab: index)) }

    @usableFromInline func _checkInvariants(tabCount: Int) {
        #if TABSTRIP_INTERNAL_CHECKS
            rope._checkInvariants()
            precondition(rope.total == tabCount, "\(rope.total) IDs for \(tabCount) tabs")
            var stored = 0
            for piece in rope.pieces {
                guard case .stored(let values, let key) = piece else {
                    precondition(source != nil, "a source run without a source")
                    continue
                }
                for id in values {
                    precondition(keys.keyOfID[id] == key, "ID \(id) indexed under another piece")
                    stored += 1
                }
            }
            precondition(stored == keys.keyOfID.count, "\(keys.keyOfID.count) keys for \(stored) stored IDs")
        #endif
    }
}

/// A strip's IDs with their type erased (the strip is not generic): what
/// the strip's own edits need.
@usableFromInline
protocol TabIDStore: Sendable {
    var count: Int { get }
    /// The IDs' type, as errors name it.
    var idTypeName: String { get }
    mutating func removeTabs(in range: Range<Int>)
    mutating func moveTab(from source: Int, to destination: Int)
    func describeID(ofTab index: Int) -> String
    func _checkInvariants(tabCount: Int)
}
