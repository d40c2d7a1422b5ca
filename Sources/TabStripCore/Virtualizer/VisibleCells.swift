/// The cells of the visible tabs, in tab order: a ring buffer so that tabs
/// entering or leaving at either end cost O(1) each, and nothing is
/// allocated once the buffer has grown to the largest visible count.
///
/// Entries are moved in and out of raw storage rather than copied through
/// optionals, so a frame that replaces every visible cell retains and
/// releases nothing but the cells the host itself touches. A class, owned
/// by one virtualiser: the storage is never shared. The virtualiser also
/// uses it as a stack (the scrap of released cells, and the entries parked
/// while tabs enter at the front): positions from 0, `append` and
/// `popLast`.
@usableFromInline
final class VisibleCells<Cell> {
    @usableFromInline
    struct Entry {
        @usableFromInline var cell: Cell
        @usableFromInline var kind: TabCellKind
        @usableFromInline var frame: Rect
        /// How selected the title was drawn, in `[0, 1]` (the appearance is
        /// derived from it and the strip's title style).
        @usableFromInline var selection: Double
        @usableFromInline var isSelected: Bool

        @inlinable
        init(cell: Cell, kind: TabCellKind, frame: Rect, selection: Double, isSelected: Bool) {
            self.cell = cell
            self.kind = kind
            self.frame = frame
            self.selection = selection
            self.isSelected = isSelected
        }
    }

    /// `capacity` slots; the live ones are `count` slots from `head`,
    /// wrapping around.
    @exclusivity(unchecked) @usableFromInline var storage: UnsafeMutablePointer<Entry>
    @exclusivity(unchecked) @usableFromInline var capacity: Int
    @exclusivity(unchecked) @usableFromInline var head = 0
    @exclusivity(unchecked) @usableFromInline var count = 0
    /// The tab index of the first entry.
    @exclusivity(unchecked) @usableFromInline var firstIndex = 0

    /// An empty buffer with room for `capacity` entries (at least 1) before
    /// it first grows; the virtualiser uses 16, tests use every small size.
    @inlinable
    init(capacity: Int = 16) {
        precondition(capacity > 0, "VisibleCells needs a positive capacity")
        self.capacity = capacity
        storage = .allocate(capacity: capacity)
    }

    deinit {
        for k in 0..<count { (storage + slot(k)).deinitialize(count: 1) }
        storage.deallocate()
    }

    @inlinable var tabs: Range<Int> { firstIndex..<(firstIndex + count) }
    @inlinable var isEmpty: Bool { count == 0 }

    @inlinable func slot(_ offset: Int) -> Int {
        let s = head + offset
        return s >= capacity ? s - capacity : s
    }

    /// The entry of tab `index` (which must be in ``tabs``), in place.
    @inlinable subscript(tab index: Int) -> Entry {
        _read { yield storage[slot(index - firstIndex)] }
        _modify { yield &storage[slot(index - firstIndex)] }
    }

    @inlinable func removeFirst() -> Entry {
        let entry = (storage + head).move()
        head = head + 1 == capacity ? 0 : head + 1
        count -= 1
        firstIndex += 1
        return entry
    }

    @inlinable func removeLast() -> Entry {
        count -= 1
        return (storage + slot(count)).move()
    }

    @inlinable func append(_ entry: consuming Entry) {
        growIfFull()
        (storage + slot(count)).initialize(to: entry)
        count += 1
    }

    @inlinable func prepend(_ entry: consuming Entry) {
        growIfFull()
        head = head == 0 ? capacity - 1 : head - 1
        (storage + head).initialize(to: entry)
        count += 1
        firstIndex -= 1
    }

    /// The last entry, removed; `nil` when empty.
    @inlinable func popLast() -> Entry? {
        count == 0 ? nil : removeLast()
    }

    /// Exchanges the entries of tabs `i` and `j` (both in ``tabs``).
    @inlinable func swapAt(_ i: Int, _ j: Int) {
        guard i != j else { return }
        let a = storage + slot(i - firstIndex)
        let b = storage + slot(j - firstIndex)
        let entry = a.move()
        a.moveInitialize(from: b, count: 1)
        b.initialize(to: entry)
    }

    /// Sets the index the next appended entry gets; the buffer must be
    /// empty.
    @inlinable func reset(startingAt index: Int) {
        precondition(count == 0, "reset a non-empty buffer")
        head = 0
        firstIndex = index
    }

    @inlinable func growIfFull() {
        guard count == capacity else { return }
        let grown = UnsafeMutablePointer<Entry>.allocate(capacity: capacity * 2)
        for k in 0..<count { (grown + k).moveInitialize(from: storage + slot(k), count: 1) }
        storage.deallocate()
        storage = grown
        capacity *= 2
        head = 0
    }
}
