import TabStripTestSupport
import Testing

@testable import TabStripCore

/// `VisibleCells` is the virtualiser's raw-pointer ring buffer. These tests
/// drive it directly against a plain array: every initial capacity from 1 to
/// 5, every head position the ring can wrap to, and every sequence of up to
/// five operations from each such state, checking the whole contents, the
/// tab indices and the lifetime of every cell after each step.
@Suite struct VisibleCellsTests {
    /// A cell that counts how many of its kind are alive, so a leak or a
    /// double release in the raw storage shows up as a wrong count.
    final class Cell {
        let id: Int
        let tracker: Tracker
        init(_ id: Int, _ tracker: Tracker) {
            self.id = id
            self.tracker = tracker
            tracker.alive += 1
        }
        deinit { tracker.alive -= 1 }
    }

    final class Tracker {
        var alive = 0
        var nextID = 0
    }

    enum Operation: CaseIterable, CustomStringConvertible {
        case append, prepend, removeFirst, removeLast, modifyFirst, reset, popLast, swapEnds

        var description: String {
            switch self {
            case .append: "append"
            case .prepend: "prepend"
            case .removeFirst: "removeFirst"
            case .removeLast: "removeLast"
            case .modifyFirst: "modifyFirst"
            case .reset: "reset"
            case .popLast: "popLast"
            case .swapEnds: "swapEnds"
            }
        }
    }

    /// The reference: the entries' cell ids in tab order and the first tab.
    struct Model {
        var ids: [Int] = []
        var firstIndex = 0
    }

    static func entry(_ id: Int, _ tracker: Tracker) -> VisibleCells<Cell>.Entry {
        VisibleCells<Cell>.Entry(
            cell: Cell(id, tracker), kind: .standard,
            frame: Rect(x: Double(id), y: 0, width: 1, height: 1),
            selection: 0, isSelected: false)
    }

    /// Applies `operation` to both; returns false when it does not apply
    /// (removing from an empty buffer, resetting a non-empty one).
    static func apply(
        _ operation: Operation, to cells: VisibleCells<Cell>, _ model: inout Model,
        _ tracker: Tracker
    ) -> Bool {
        switch operation {
        case .append:
            let id = tracker.nextID
            tracker.nextID += 1
            cells.append(entry(id, tracker))
            model.ids.append(id)
        case .prepend:
            let id = tracker.nextID
            tracker.nextID += 1
            cells.prepend(entry(id, tracker))
            model.ids.insert(id, at: 0)
            model.firstIndex -= 1
        case .removeFirst:
            guard !model.ids.isEmpty else { return false }
            let removed = cells.removeFirst()
            #expect(removed.cell.id == model.ids.removeFirst())
            model.firstIndex += 1
        case .removeLast:
            guard !model.ids.isEmpty else { return false }
            let removed = cells.removeLast()
            #expect(removed.cell.id == model.ids.removeLast())
        case .modifyFirst:
            guard !model.ids.isEmpty else { return false }
            cells[tab: model.firstIndex].selection = 0.5
            cells[tab: model.firstIndex].selection = 0
        case .reset:
            guard model.ids.isEmpty else { return false }
            cells.reset(startingAt: 7)
            model.firstIndex = 7
        case .popLast:
            // Applies to an empty buffer too: nil, and nothing changes.
            #expect(cells.popLast()?.cell.id == model.ids.popLast())
        case .swapEnds:
            guard !model.ids.isEmpty else { return false }
            cells.swapAt(model.firstIndex, model.firstIndex + model.ids.count - 1)
            model.ids.swapAt(0, model.ids.count - 1)
        }
        return true
    }

    /// Everything observable matches the model; records one issue naming
    /// the trace on the first mismatch (cheap enough for every step of every
    /// sequence).
    static func check(
        _ cells: VisibleCells<Cell>, _ model: Model, _ tracker: Tracker,
        _ trace: @autoclosure () -> String
    ) {
        func fail(_ what: String) { Issue.record("\(what): \(trace())") }
        guard cells.count == model.ids.count, cells.isEmpty == model.ids.isEmpty else {
            return fail("count \(cells.count), expected \(model.ids.count)")
        }
        guard cells.tabs == model.firstIndex..<(model.firstIndex + model.ids.count) else {
            return fail("tabs \(cells.tabs), expected first \(model.firstIndex)")
        }
        guard tracker.alive == model.ids.count else {
            return fail("\(tracker.alive) cells alive, expected \(model.ids.count)")
        }
        guard cells.capacity >= cells.count, (0..<cells.capacity).contains(cells.head) else {
            return fail("head \(cells.head) / capacity \(cells.capacity)")
        }
        for (offset, id) in model.ids.enumerated() {
            let entry = cells[tab: model.firstIndex + offset]
            guard entry.cell.id == id, entry.frame.x == Double(id), entry.selection == 0 else {
                return fail("tab \(model.firstIndex + offset) holds cell \(entry.cell.id), expected \(id)")
            }
        }
    }

    /// Every operation sequence of length `depth` from a buffer of
    /// `capacity` whose head has been rotated to `rotation`.
    @Test(arguments: 1...5)
    func everySequenceFromEveryWrapPosition(capacity: Int) {
        let depth = 5
        for rotation in 0..<capacity {
            for code in 0..<Self.power(Operation.allCases.count, depth) {
                let tracker = Tracker()
                do {
                    let cells = VisibleCells<Cell>(capacity: capacity)
                    var model = Model()
                    // Rotate the head: push and pop at the front `rotation`
                    // times, leaving an empty buffer whose head is there.
                    for _ in 0..<rotation {
                        _ = Self.apply(.append, to: cells, &model, tracker)
                        _ = Self.apply(.removeFirst, to: cells, &model, tracker)
                    }
                    #expect(cells.head == rotation % capacity)
                    var trace = "capacity \(capacity), rotation \(rotation):"
                    var rest = code
                    for _ in 0..<depth {
                        let operation = Operation.allCases[rest % Operation.allCases.count]
                        rest /= Operation.allCases.count
                        guard Self.apply(operation, to: cells, &model, tracker) else { continue }
                        trace += " \(operation)"
                        Self.check(cells, model, tracker, trace)
                    }
                }
                // The buffer is gone: its deinit released every live cell.
                #expect(tracker.alive == 0, "capacity \(capacity), rotation \(rotation), code \(code): leak")
            }
        }
    }

    /// Long random runs grow the buffer many times while it wraps.
    @Test func randomRunsGrowWhileWrapped() {
        let seed = TestSeed.value(default: 0x5EED_CE11)
        var random = SeededGenerator(seed: seed)
        let tracker = Tracker()
        do {
            let cells = VisibleCells<Cell>(capacity: 1)
            var model = Model()
            for step in 0..<20_000 {
                // Drift: grow to about 40 entries, shrink back, repeat.
                let phase = (step / 500) % 2 == 0
                let operation: Operation
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<3: operation = phase ? .append : .removeFirst
                case 3..<6: operation = phase ? .prepend : .removeLast
                case 6..<8: operation = .removeFirst
                case 8: operation = [.modifyFirst, .swapEnds, .popLast][Int.random(in: 0..<3, using: &random)]
                default: operation = .append
                }
                guard Self.apply(operation, to: cells, &model, tracker) else { continue }
                if step % 97 == 0 || cells.count < 4 {
                    Self.check(cells, model, tracker, "seed \(seed), step \(step) \(operation)")
                }
            }
            Self.check(cells, model, tracker, "seed \(seed), end")
        }
        #expect(tracker.alive == 0, "seed \(seed): cells leaked by deinit")
    }

    static func power(_ base: Int, _ exponent: Int) -> Int {
        (0..<exponent).reduce(1) { result, _ in result * base }
    }
}
