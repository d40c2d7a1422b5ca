/// The cells of the visible tabs, in tab order: a ring buffer so that tabs
/// entering or leaving at either end cost O(1) each, and nothing is
/// allocated once the buffer has grown to the largest visible count.
@usableFromInline
struct VisibleCells<Cell> {
    @usableFromInline
    struct Entry {
        @usableFromInline var cell: Cell
        @usableFromInline var kind: TabCellKind
        @usableFromInline var frame: Rect
        @usableFromInline var appearance: TitleAppearance
        @usableFromInline var isSelected: Bool

        @inlinable
        init(cell: Cell, kind: TabCellKind, frame: Rect, appearance: TitleAppearance, isSelected: Bool) {
            self.cell = cell
            self.kind = kind
            self.frame = frame
            self.appearance = appearance
            self.isSelected = isSelected
        }
    }

    @usableFromInline var storage: [Entry?] = []
    @usableFromInline var head = 0
    @usableFromInline var count = 0
    /// The tab index of the first entry.
    @usableFromInline var firstIndex = 0

    @inlinable
    init() {}

    @inlinable var tabs: Range<Int> { firstIndex..<(firstIndex + count) }
    @inlinable var isEmpty: Bool { count == 0 }

    @inlinable func slot(_ offset: Int) -> Int {
        let s = head + offset
        return s >= storage.count ? s - storage.count : s
    }

    /// The entry of tab `index` (which must be in ``tabs``).
    @inlinable subscript(tab index: Int) -> Entry {
        get { storage[slot(index - firstIndex)]! }
        set { storage[slot(index - firstIndex)] = newValue }
    }

    @inlinable mutating func removeFirst() -> Entry {
        let s = slot(0)
        let entry = storage[s]!
        storage[s] = nil
        head = head + 1 == storage.count ? 0 : head + 1
        count -= 1
        firstIndex += 1
        return entry
    }

    @inlinable mutating func removeLast() -> Entry {
        let s = slot(count - 1)
        let entry = storage[s]!
        storage[s] = nil
        count -= 1
        return entry
    }

    @inlinable mutating func append(_ entry: Entry) {
        growIfFull()
        storage[slot(count)] = entry
        count += 1
    }

    @inlinable mutating func prepend(_ entry: Entry) {
        growIfFull()
        head = head == 0 ? storage.count - 1 : head - 1
        storage[head] = entry
        count += 1
        firstIndex -= 1
    }

    /// Empties the buffer (keeping its capacity) and sets the index the next
    /// appended entry gets.
    @inlinable mutating func reset(startingAt index: Int) {
        precondition(count == 0, "reset a non-empty buffer")
        head = 0
        firstIndex = index
    }

    @inlinable mutating func growIfFull() {
        guard count == storage.count else { return }
        var grown = [Entry?](repeating: nil, count: Swift.max(16, storage.count * 2))
        for k in 0..<count { grown[k] = storage[slot(k)] }
        storage = grown
        head = 0
    }
}
