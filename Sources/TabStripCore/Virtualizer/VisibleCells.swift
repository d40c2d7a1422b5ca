/// The cells of the visible tabs, in tab order: a ring buffer so that tabs
/// entering or leaving at either end cost O(1) each, and nothing is
/// allocated once the buffer has grown to the largest visible count.
struct VisibleCells<Cell> {
    struct Entry {
        var cell: Cell
        var kind: TabCellKind
        var frame: Rect
        var appearance: TitleAppearance
        var isSelected: Bool
    }

    private var storage: [Entry?] = []
    private var head = 0
    private(set) var count = 0
    /// The tab index of the first entry.
    private(set) var firstIndex = 0

    var tabs: Range<Int> { firstIndex..<(firstIndex + count) }
    var isEmpty: Bool { count == 0 }

    private func slot(_ offset: Int) -> Int {
        let s = head + offset
        return s >= storage.count ? s - storage.count : s
    }

    /// The entry of tab `index` (which must be in ``tabs``).
    subscript(tab index: Int) -> Entry {
        get { storage[slot(index - firstIndex)]! }
        set { storage[slot(index - firstIndex)] = newValue }
    }

    mutating func removeFirst() -> Entry {
        let s = slot(0)
        let entry = storage[s]!
        storage[s] = nil
        head = head + 1 == storage.count ? 0 : head + 1
        count -= 1
        firstIndex += 1
        return entry
    }

    mutating func removeLast() -> Entry {
        let s = slot(count - 1)
        let entry = storage[s]!
        storage[s] = nil
        count -= 1
        return entry
    }

    mutating func append(_ entry: Entry) {
        growIfFull()
        storage[slot(count)] = entry
        count += 1
    }

    mutating func prepend(_ entry: Entry) {
        growIfFull()
        head = head == 0 ? storage.count - 1 : head - 1
        storage[head] = entry
        count += 1
        firstIndex -= 1
    }

    /// Empties the buffer (keeping its capacity) and sets the index the next
    /// appended entry gets.
    mutating func reset(startingAt index: Int) {
        precondition(count == 0, "reset a non-empty buffer")
        head = 0
        firstIndex = index
    }

    private mutating func growIfFull() {
        guard count == storage.count else { return }
        var grown = [Entry?](repeating: nil, count: Swift.max(16, storage.count * 2))
        for k in 0..<count { grown[k] = storage[slot(k)] }
        storage = grown
        head = 0
    }
}
