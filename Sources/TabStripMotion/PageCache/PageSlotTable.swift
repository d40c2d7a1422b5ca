/// The page cache's map from page index to slot: open addressing with
/// linear probing over a power-of-two table kept at most half full, keyed by
/// a multiplicative (Fibonacci) hash of the page index.
///
/// A `Dictionary<Int, Int>` hashes every key with SipHash, which was the
/// largest single cost of a pager frame; a multiply and a shift find the bucket here. The cache holds at
/// most its budget of pages, so the table stops growing once it has room for
/// twice the budget: lookups, inserts and removals then allocate nothing.
/// Removal shifts the following entries of the probe run back (no
/// tombstones), so a run never outgrows the keys in it.
@usableFromInline
struct PageSlotTable: Sendable {
    /// The page index in each bucket, `-1` when the bucket is empty (page
    /// indices are never negative).
    @usableFromInline var keys: [Int] = []
    /// The slot of the page in the same bucket of ``keys``.
    @usableFromInline var values: [Int] = []
    /// `64 - log2(keys.count)`: the hash's top bits pick the bucket.
    @usableFromInline var shift: Int = 64
    /// The number of pages in the table.
    @usableFromInline var count: Int = 0

    @inlinable init() {}

    /// The empty-bucket marker.
    @inlinable static var empty: Int { -1 }

    /// The bucket where the probe for `key` starts.
    @inlinable @inline(__always)
    func home(of key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: key) &* 0x9E37_79B9_7F4A_7C15) &>> UInt64(shift))
    }

    /// The bucket holding `key`, or `nil` when it is absent (always for a
    /// negative key, which no page has and the empty marker must not match).
    /// - Complexity: O(1) expected (the table is at most half full).
    @inlinable
    func bucket(of key: Int) -> Int? {
        guard count > 0, key >= 0 else { return nil }
        let mask = keys.count &- 1
        return keys.withUnsafeBufferPointer { keys in
            var i = home(of: key)
            while true {
                let stored = keys[i]
                if stored == key { return i }
                if stored == Self.empty { return nil }
                i = (i &+ 1) & mask
            }
        }
    }

    /// The slot of page `key`; setting `nil` removes it.
    /// - Complexity: O(1) expected; a set allocates only while the table
    ///   grows (doubling, at most up to twice the most pages ever held).
    @inlinable
    subscript(key: Int) -> Int? {
        get {
            guard let i = bucket(of: key) else { return nil }
            return values[i]
        }
        set {
            if let value = newValue {
                insert(key, value)
            } else if let i = bucket(of: key) {
                removeEntry(at: i)
            }
        }
    }

    /// Stores `value` for `key`, replacing any value it had.
    @inlinable
    mutating func insert(_ key: Int, _ value: Int) {
        precondition(key >= 0, "page indices are never negative")
        if let i = bucket(of: key) {
            values[i] = value
            return
        }
        if 2 * (count + 1) > keys.count { grow() }
        let mask = keys.count &- 1
        var i = home(of: key)
        while keys[i] != Self.empty { i = (i &+ 1) & mask }
        keys[i] = key
        values[i] = value
        count += 1
    }

    /// Empties bucket `i` and moves back the entries after it in the same
    /// probe run whose home lies at or before the hole, so that every
    /// remaining key is still reachable from its home without a gap.
    @inlinable
    mutating func removeEntry(at i: Int) {
        let mask = keys.count &- 1
        var hole = i
        var j = i
        while true {
            j = (j &+ 1) & mask
            let key = keys[j]
            if key == Self.empty { break }
            // Move the entry at j into the hole unless its home lies
            // cyclically in (hole, j]: then it is reachable as it is.
            let home = home(of: key)
            let reachable = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j)
            if !reachable {
                keys[hole] = key
                values[hole] = values[j]
                hole = j
            }
        }
        keys[hole] = Self.empty
        count -= 1
    }

    /// Doubles the table (16 buckets at first) and re-inserts every entry.
    @usableFromInline
    mutating func grow() {
        let capacity = Swift.max(16, 2 * keys.count)
        let oldKeys = keys
        let oldValues = values
        keys = Array(repeating: Self.empty, count: capacity)
        values = Array(repeating: 0, count: capacity)
        shift = 64 - capacity.trailingZeroBitCount
        let mask = capacity - 1
        for (k, key) in oldKeys.enumerated() where key != Self.empty {
            var i = home(of: key)
            while keys[i] != Self.empty { i = (i &+ 1) & mask }
            keys[i] = key
            values[i] = oldValues[k]
        }
    }
}

extension PageSlotTable {
    /// Empties the table, keeping its buckets.
    /// - Complexity: O(buckets).
    @inlinable
    mutating func removeAll() {
        for i in keys.indices { keys[i] = Self.empty }
        count = 0
    }
}
