/// Which tabs of a strip still have an estimated width: one bit per tab
/// (1 = not measured yet), in words of 64, and how many bits are set.
///
/// A strip whose every tab is measured (every strip built from titles)
/// holds no words at all, so the eager path pays one comparison of
/// ``count`` with 0; the words exist only while some tab is unmeasured.
///
/// While few tabs are measured (a strip from a source shows a few dozen),
/// the set also lists them, so that a new sizing puts back only those
/// (``markAllUnmeasured()``), not every word.
@usableFromInline
struct UnmeasuredTabs: Sendable, Equatable {
    /// Bit `i % 64` of word `i / 64` is set when tab `i` is unmeasured;
    /// empty when no tab is.
    private(set) var words: [UInt64] = []
    /// The number of unmeasured tabs.
    @usableFromInline private(set) var count = 0
    /// Names the measuring these tabs wait for (see
    /// ``TabStrip/tabsToMeasure(limit:)``): a random value drawn whenever
    /// every tab becomes unmeasured (a strip built from a title source, a
    /// new sizing, every tab replaced), kept through edits and freed words,
    /// so that measurements taken before, or from another strip, are not
    /// applied; 0 for a set that never had unmeasured tabs.
    private(set) var session: UInt64 = 0
    /// The measured tabs, in no order, while there are at most
    /// ``measuredListLimit`` and the set knows them all; `nil` otherwise.
    private(set) var measuredList: [Int]?

    /// The most measured tabs ``measuredList`` holds.
    static var measuredListLimit: Int { 256 }

    /// No tab unmeasured.
    init() {}

    /// Equal when the same tabs are unmeasured for the same measuring
    /// (whether the measured ones are listed does not matter).
    @usableFromInline static func == (a: UnmeasuredTabs, b: UnmeasuredTabs) -> Bool {
        a.count == b.count && a.session == b.session && a.words == b.words
    }

    /// Every one of `tabCount` tabs unmeasured.
    /// - Complexity: O(n / 64).
    init(allOf tabCount: Int) {
        session = UInt64.random(in: 1...UInt64.max)
        guard tabCount > 0 else {
            measuredList = []
            return
        }
        // Room for the whole list: measuring a tab allocates nothing.
        measuredList = []
        measuredList!.reserveCapacity(Self.measuredListLimit)
        words = Array(repeating: ~0, count: (tabCount + 63) / 64)
        let tail = tabCount % 64
        if tail != 0 { words[words.count - 1] = (1 << UInt64(tail)) - 1 }
        count = tabCount
    }

    /// Whether tab `index` is unmeasured.
    /// - Complexity: O(1).
    @inline(__always)
    func contains(_ index: Int) -> Bool {
        count != 0 && words[index >> 6] & (1 << UInt64(index & 63)) != 0
    }

    /// Marks tab `index` measured.
    /// - Complexity: O(1); O(n / 64) when it was the last unmeasured tab
    ///   (the words are freed).
    mutating func markMeasured(_ index: Int) {
        guard contains(index) else { return }
        words[index >> 6] &= ~(1 << UInt64(index & 63))
        count -= 1
        if count == 0 { words = [] }
        listMeasured(CollectionOfOne(index))
    }

    /// Marks the tabs `positions` measured (ascending, each unmeasured).
    /// - Complexity: O(k) for k positions; O(n / 64) when no tab is left
    ///   unmeasured (the words are freed).
    mutating func markMeasured(_ positions: UnsafeBufferPointer<Int>) {
        guard !positions.isEmpty else { return }
        words.withUnsafeMutableBufferPointer { words in
            for index in positions {
                #if TABSTRIP_INTERNAL_CHECKS
                    precondition(words[index >> 6] & (1 << UInt64(index & 63)) != 0, "tab \(index) unmeasured")
                #endif
                words[index >> 6] &= ~(1 << UInt64(index & 63))
            }
        }
        count -= positions.count
        if count == 0 { words = [] }
        listMeasured(positions)
    }

    /// Marks the tabs of `range` measured (each unmeasured), a word at a
    /// time.
    /// - Complexity: O(k / 64) for k tabs; O(n / 64) when no tab is left
    ///   unmeasured (the words are freed).
    mutating func markMeasured(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        words.withUnsafeMutableBufferPointer { words in
            var i = range.lowerBound
            while i < range.upperBound {
                let end = Swift.min((i | 63) + 1, range.upperBound)
                // Bits i % 64 ..< i % 64 + (end - i) of the word.
                let bits = (end - i == 64 ? ~UInt64(0) : (1 << UInt64(end - i)) - 1) << UInt64(i & 63)
                #if TABSTRIP_INTERNAL_CHECKS
                    precondition(words[i >> 6] & bits == bits, "tabs \(i)..<\(end) unmeasured")
                #endif
                words[i >> 6] &= ~bits
                i = end
            }
        }
        count -= range.count
        if count == 0 { words = [] }
        listMeasured(range)
    }

    /// Calls `body` with the unmeasured tabs of `range` in ascending
    /// order, until it returns `false` or the range ends.
    /// - Complexity: O(r / 64) for a range of r tabs, plus the calls.
    @inline(__always)
    func forEach<Failure: Error>(
        in range: Range<Int>, _ body: (Int) throws(Failure) -> Bool
    ) throws(Failure) {
        guard count != 0, !range.isEmpty else { return }
        var base = range.lowerBound & ~63
        var word = words[base >> 6] & (~UInt64(0) << UInt64(range.lowerBound & 63))
        while true {
            while word != 0 {
                let index = base + word.trailingZeroBitCount
                guard index < range.upperBound, try body(index) else { return }
                word &= word &- 1
            }
            base += 64
            guard base < range.upperBound else { return }
            word = words[base >> 6]
        }
    }

    /// Marks the tabs of `range` (within a strip of `tabCount` tabs)
    /// unmeasured.
    /// - Complexity: O(k + n / 64) for k tabs, plus O(l) for the l listed
    ///   measured ones.
    mutating func markUnmeasured(_ range: Range<Int>, tabCount: Int) {
        guard !range.isEmpty else { return }
        materialize(tabCount: tabCount)
        for i in range where words[i >> 6] & (1 << UInt64(i & 63)) == 0 {
            words[i >> 6] |= 1 << UInt64(i & 63)
            count += 1
        }
        measuredList?.removeAll { range.contains($0) }
    }

    /// Marks every tab unmeasured for a new measuring, as
    /// ``init(allOf:)`` does, when the measured tabs are listed and some
    /// tab is unmeasured: returns what ``unmarkAllUnmeasured(_:)`` needs to
    /// put the set back. Otherwise changes nothing and returns `nil`.
    /// - Complexity: O(k) for the k measured tabs.
    mutating func markAllUnmeasured() -> (measured: [Int], session: UInt64, count: Int)? {
        guard let list = measuredList, count != 0 else { return nil }
        let undo = (list, session, count)
        for index in list { words[index >> 6] |= 1 << UInt64(index & 63) }
        count += list.count
        session = UInt64.random(in: 1...UInt64.max)
        measuredList!.removeAll(keepingCapacity: true)
        return undo
    }

    /// Puts back the set as it was before ``markAllUnmeasured()``
    /// returned `undo`.
    /// - Complexity: O(k) for the k tabs measured then.
    mutating func unmarkAllUnmeasured(_ undo: (measured: [Int], session: UInt64, count: Int)) {
        for index in undo.measured { words[index >> 6] &= ~(1 << UInt64(index & 63)) }
        (count, session, measuredList) = (undo.count, undo.session, undo.measured)
    }

    /// Adds `tabs`, just measured, to ``measuredList``, which becomes
    /// `nil` past its limit.
    private mutating func listMeasured<Tabs: Collection<Int>>(_ tabs: Tabs) {
        guard measuredList != nil else { return }
        if measuredList!.count + tabs.count > Self.measuredListLimit {
            measuredList = nil
        } else {
            measuredList!.append(contentsOf: tabs)
        }
    }

    /// The first unmeasured tab in `range`, if any.
    /// - Complexity: O(k / 64) for k tabs in the range.
    func first(in range: Range<Int>) -> Int? {
        var found: Int?
        forEach(in: range) { index in
            found = index
            return false
        }
        return found
    }

    /// The first measured tab in `range` (where a run of unmeasured tabs
    /// from its start ends), if any.
    /// - Complexity: O(k / 64) for k tabs in the range.
    func firstMeasured(in range: Range<Int>) -> Int? {
        guard !range.isEmpty else { return nil }
        guard count != 0 else { return range.lowerBound }
        var base = range.lowerBound & ~63
        // The measured tabs are the clear bits: look for a set bit of the
        // complement, from the range's start.
        var word = ~words[base >> 6] & (~UInt64(0) << UInt64(range.lowerBound & 63))
        while word == 0 {
            base += 64
            guard base < range.upperBound else { return nil }
            word = ~words[base >> 6]
        }
        let found = base + word.trailingZeroBitCount
        return found < range.upperBound ? found : nil
    }

    /// The last unmeasured tab in `range`, if any.
    /// - Complexity: O(k / 64) for k tabs in the range.
    func last(in range: Range<Int>) -> Int? {
        guard count != 0, !range.isEmpty else { return nil }
        var i = range.upperBound - 1
        while i >= range.lowerBound {
            let word = words[i >> 6] << UInt64(63 - (i & 63))
            if word != 0 {
                let found = i - word.leadingZeroBitCount
                return found >= range.lowerBound ? found : nil
            }
            i = (i & ~63) - 1
        }
        return nil
    }

    /// Inserts `added` tabs at `index`, unmeasured or measured.
    /// - Complexity: O(n / 64 + k) while some tab is unmeasured (the words
    ///   after `index` shift, a word at a time), O(1) when none is and the
    ///   new tabs are measured; plus O(l) for the l listed measured tabs.
    mutating func insert(count added: Int, at index: Int, unmeasured: Bool, tabCount oldCount: Int) {
        guard added > 0 else { return }
        if measuredList != nil {
            for k in measuredList!.indices where measuredList![k] >= index { measuredList![k] += added }
            if !unmeasured { listMeasured(index..<(index + added)) }
        }
        guard count != 0 || unmeasured else { return }
        let old = words
        let newCount = oldCount + added
        var new = [UInt64](repeating: 0, count: (newCount + 63) / 64)
        for w in new.indices {
            let start = w << 6
            if start + 64 <= index {
                new[w] = Self.bits(old, at: start)
            } else if start >= index + added {
                new[w] = Self.bits(old, at: start - added)
            } else {
                for i in start..<Swift.min(start + 64, newCount) {
                    let set =
                        i < index ? Self.bit(old, i) : (i < index + added ? unmeasured : Self.bit(old, i - added))
                    if set { new[w] |= 1 << UInt64(i & 63) }
                }
            }
        }
        replace(with: new, tabCount: newCount)
    }

    /// Removes the tabs of `range` (within `0...tabCount`).
    /// - Complexity: O(n / 64) while some tab is unmeasured, else O(1);
    ///   plus O(l) for the l listed measured tabs.
    mutating func remove(_ range: Range<Int>, tabCount oldCount: Int) {
        guard !range.isEmpty else { return }
        if measuredList != nil {
            measuredList!.removeAll { range.contains($0) }
            for k in measuredList!.indices where measuredList![k] >= range.upperBound {
                measuredList![k] -= range.count
            }
        }
        guard count != 0 else { return }
        let old = words
        let removed = range.count
        let newCount = oldCount - removed
        var new = [UInt64](repeating: 0, count: (newCount + 63) / 64)
        for w in new.indices {
            let start = w << 6
            if start + 64 <= range.lowerBound {
                new[w] = Self.bits(old, at: start)
            } else if start >= range.lowerBound {
                new[w] = Self.bits(old, at: start + removed)
            } else {
                for i in start..<Swift.min(start + 64, newCount) {
                    if Self.bit(old, i < range.lowerBound ? i : i + removed) { new[w] |= 1 << UInt64(i & 63) }
                }
            }
        }
        // Bits past the new end come from past the old end: zero.
        replace(with: new, tabCount: newCount)
    }

    /// Moves tab `source` to `destination` (both in `0..<tabCount`).
    /// - Complexity: O(n / 64) while some tab is unmeasured, else O(1);
    ///   plus O(l) for the l listed measured tabs.
    mutating func move(from source: Int, to destination: Int, tabCount: Int) {
        guard source != destination else { return }
        guard count != 0 else {
            if measuredList != nil {
                for k in measuredList!.indices {
                    measuredList![k] = TabStripGeometry.index(
                        measuredList![k], afterMovingFrom: source, to: destination)
                }
            }
            return
        }
        let wasUnmeasured = contains(source)
        remove(source..<(source + 1), tabCount: tabCount)
        insert(count: 1, at: destination, unmeasured: wasUnmeasured, tabCount: tabCount - 1)
    }

    /// 64 bits of `words` from bit `position` on; bits past the end read 0.
    private static func bits(_ words: [UInt64], at position: Int) -> UInt64 {
        let w = position >> 6
        let shift = UInt64(position & 63)
        let low = w < words.count ? words[w] >> shift : 0
        guard shift != 0, w + 1 < words.count else { return low }
        return low | (words[w + 1] << (64 - shift))
    }

    /// Bit `i` of `words`; 0 past the end.
    private static func bit(_ words: [UInt64], _ i: Int) -> Bool {
        i >> 6 < words.count && words[i >> 6] & (1 << UInt64(i & 63)) != 0
    }

    /// Takes `new` as the words (freed when no bit is set).
    private mutating func replace(with new: [UInt64], tabCount: Int) {
        let unmeasured = new.reduce(0) { $0 + $1.nonzeroBitCount }
        words = unmeasured == 0 ? [] : new
        count = unmeasured
    }

    /// Gives an empty set its words (all measured) for `tabCount` tabs.
    private mutating func materialize(tabCount: Int) {
        guard count == 0 else { return }
        words = Array(repeating: 0, count: (tabCount + 63) / 64)
    }
}

/// Where scrolling measures nothing: the content offsets at which every
/// tab shown (the viewport and its overscan) is measured, as two exclusive
/// bounds, valid for one state of the width index (its revision) and the
/// layout and viewport it was found with (a strip forgets its window when
/// they change).
///
/// The bounds are found once, from the span of measured tabs, so that the
/// check of a scroll's frame is two comparisons of the offset: an offset
/// is inside exactly when the span the visible range searches at it
/// (`offset - overscan` to `offset + width + overscan`, rounded as the
/// visible range rounds them) lies strictly inside the measured span.
struct MeasuredWindow: Sendable, Equatable {
    /// The largest offset that is not inside (`-infinity` when the
    /// measured span is open at its start).
    var lowestOffset: Double
    /// The smallest offset past the inside (`+infinity` when the measured
    /// span is open at its end).
    var highestOffset: Double
    /// The width index's revision the window was found on.
    var revision: UInt64

    /// The window of the measured span `(lower, upper)` of physical content
    /// coordinates (strictly inside it: a tab touching an end, even one of
    /// width 0, is not taken for inside) for a viewport `width` wide with
    /// `overscan`; `nil` when its bounds cannot be found in a few steps (no
    /// window: every scroll checks).
    init?(lower: Double, upper: Double, overscan: Double, width: Double, revision: UInt64) {
        // Inside at its start: `offset - overscan > lower`, true from some
        // offset on (the rounded difference never decreases as the offset
        // grows): the bound is the last offset where it is false.
        guard
            let lowest = Self.lastOffset(
                startingNear: lower + overscan, where: { $0 - overscan <= lower }),
            // Inside at its end: `offset + width + overscan < upper`, true
            // up to some offset: the bound is the first where it is false.
            let highest = Self.firstOffset(
                startingNear: upper - overscan - width, where: { $0 + width + overscan >= upper })
        else { return nil }
        lowestOffset = lowest
        highestOffset = highest
        self.revision = revision
    }

    /// Whether every tab shown at content offset `offset` is measured:
    /// `false` for NaN and the infinities.
    /// - Complexity: O(1).
    @inline(__always)
    func covers(_ offset: Double, revision current: UInt64) -> Bool {
        current == revision && offset > lowestOffset && offset < highestOffset
    }

    /// The most steps the bounds' search takes from its first guess (a
    /// rounded sum is within an ulp or two of the bound).
    private static var searchSteps: Int { 64 }

    /// The last offset at which `holds` (true up to some offset, then
    /// false), searched one representable value at a time from `guess`;
    /// `nil` when it is not found within ``searchSteps``.
    private static func lastOffset(startingNear guess: Double, where holds: (Double) -> Bool) -> Double? {
        guard !guess.isNaN else { return nil }
        var x = guess
        var steps = 0
        while !holds(x) {
            guard x > -.infinity, steps < searchSteps else { return nil }
            x = x.nextDown
            steps += 1
        }
        while x < .infinity, holds(x.nextUp) {
            guard steps < searchSteps else { return nil }
            x = x.nextUp
            steps += 1
        }
        return x
    }

    /// The first offset at which `holds` (false up to some offset, then
    /// true): the one after the last at which it does not hold.
    private static func firstOffset(startingNear guess: Double, where holds: (Double) -> Bool) -> Double? {
        lastOffset(startingNear: guess, where: { !holds($0) }).map(\.nextUp)
    }
}
