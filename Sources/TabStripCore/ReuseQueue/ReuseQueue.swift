/// Pools of idle cells, one pool per ``TabCellKind``, each holding at most
/// ``poolLimit`` cells.
///
/// The virtualiser puts the cell of a tab that leaves the visible range (plus
/// overscan) into the pool of its kind, and takes a cell from there when a
/// tab enters; only when the pool is empty does it ask the host to make a new
/// one. A cell offered to a full pool is discarded instead, so the number of
/// idle cells stays bounded however far the strip scrolls.
///
/// `Cell` is whatever the host uses for a tab: a `UIView`, an `NSView`, a
/// handle into a terminal screen.
///
/// - Complexity: every operation is O(k) for k kinds in use (kinds are
///   searched linearly; hosts use a handful), and allocates nothing once each
///   pool has reached its limit.
@usableFromInline package struct ReuseQueue<Cell> {
    /// What the queue has done so far.
    @usableFromInline package struct Counters: Hashable, Sendable {
        /// Cells the host was asked to make because no idle cell was available.
        @usableFromInline package var created = 0
        /// Cells handed out again instead of being made.
        @usableFromInline package var reused = 0
        /// Cells that were offered to a full pool and dropped.
        @usableFromInline package var discarded = 0

        /// Creates zeroed counters.
        @usableFromInline package init() {}
    }

    @usableFromInline
    struct Pool {
        @usableFromInline var kind: TabCellKind
        @usableFromInline var cells: [Cell]

        @inlinable
        init(kind: TabCellKind, cells: [Cell]) {
            self.kind = kind
            self.cells = cells
        }
    }

    @usableFromInline var pools: [Pool] = []

    /// The most idle cells kept per kind. Extra cells are discarded.
    @inlinable package var poolLimit: Int { _poolLimit }
    @usableFromInline var _poolLimit: Int

    /// What the queue has done so far.
    @inlinable package var counters: Counters { _counters }
    @usableFromInline var _counters = Counters()

    /// Creates an empty queue.
    /// - Parameter poolLimit: the most idle cells kept per kind, in
    ///   `0...`\ ``TabStripLimits/maximumPoolSize``.
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` (name
    ///   `"poolLimit"`) when negative,
    ///   ``TabStripError/countExceedsLimit(name:value:limit:)`` above the
    ///   bound.
    @usableFromInline package init(poolLimit: Int = 8) throws(TabStripError) {
        try TabStripError.requireCount(poolLimit, atMost: TabStripLimits.maximumPoolSize, "poolLimit")
        self._poolLimit = poolLimit
    }

    /// The number of idle cells of `kind`.
    /// - Complexity: O(k) for k kinds.
    @usableFromInline package func idleCount(of kind: TabCellKind) -> Int {
        pools.first { $0.kind == kind }?.cells.count ?? 0
    }

    /// The number of idle cells of every kind.
    /// - Complexity: O(k) for k kinds.
    @usableFromInline package var idleCount: Int {
        pools.reduce(0) { $0 + $1.cells.count }
    }

    /// Takes an idle cell of `kind`, or makes one with `make` when there is
    /// none. Counts the cell as reused or created.
    /// - Complexity: O(k) for k kinds, plus the cost of `make`.
    @inlinable
    package mutating func dequeue(_ kind: TabCellKind, orMake make: () -> Cell) -> Cell {
        if let p = poolIndex(of: kind), let cell = pools[p].cells.popLast() {
            _counters.reused += 1
            return cell
        }
        _counters.created += 1
        return make()
    }

    /// Offers an idle cell to the pool of `kind`.
    ///
    /// - Returns: `nil` when the pool kept the cell; the cell itself when the
    ///   pool was full and it was discarded (the caller tells the host).
    /// - Complexity: O(k) for k kinds; amortised O(1) allocation-free once
    ///   the pool has reached its limit.
    @inlinable
    package mutating func enqueue(_ cell: Cell, kind: TabCellKind) -> Cell? {
        let p: Int
        if let existing = poolIndex(of: kind) {
            p = existing
        } else {
            var cells = [Cell]()
            // Grows with use: a large limit reserves nothing up front.
            cells.reserveCapacity(Swift.min(_poolLimit, 16))
            pools.append(Pool(kind: kind, cells: cells))
            p = pools.count - 1
        }
        guard pools[p].cells.count < _poolLimit else {
            _counters.discarded += 1
            return cell
        }
        pools[p].cells.append(cell)
        return nil
    }

    /// Counts a cell that was handed straight from a tab leaving the visible
    /// range to a tab entering it, without passing through a pool.
    /// - Complexity: O(1).
    @inlinable
    package mutating func noteDirectReuse() {
        _counters.reused += 1
    }

    /// Changes the limit; pools above the new limit drop their newest cells,
    /// which are returned so the caller can tell the host.
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` when negative,
    ///   ``TabStripError/countExceedsLimit(name:value:limit:)`` above
    ///   ``TabStripLimits/maximumPoolSize``; nothing changes.
    /// - Complexity: O(k + d) for k kinds and d dropped cells.
    @usableFromInline package mutating func setPoolLimit(_ limit: Int) throws(TabStripError) -> [Cell] {
        try TabStripError.requireCount(limit, atMost: TabStripLimits.maximumPoolSize, "poolLimit")
        _poolLimit = limit
        var dropped = [Cell]()
        for p in pools.indices where pools[p].cells.count > limit {
            dropped.append(contentsOf: pools[p].cells[limit...])
            pools[p].cells.removeSubrange(limit...)
        }
        _counters.discarded += dropped.count
        return dropped
    }

    /// Removes every idle cell and returns them (for the host to destroy).
    /// Counters are kept.
    /// - Complexity: O(c) for c idle cells.
    @usableFromInline package mutating func removeAll() -> [Cell] {
        let cells = pools.flatMap(\.cells)
        for p in pools.indices { pools[p].cells.removeAll(keepingCapacity: true) }
        return cells
    }

    @inlinable
    func poolIndex(of kind: TabCellKind) -> Int? {
        var p = 0
        while p < pools.count {
            if pools[p].kind == kind { return p }
            p += 1
        }
        return nil
    }
}

extension ReuseQueue: Sendable where Cell: Sendable {}
extension ReuseQueue.Pool: Sendable where Cell: Sendable {}
