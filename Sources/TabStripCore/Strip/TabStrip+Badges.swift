/// The badges of a strip, stored only for tabs that have one, sorted by tab
/// index, so a strip of 100,000 tabs with a dozen badges pays for a dozen.
///
/// Lookups are binary searches; structural edits shift the indices after the
/// edit point.
@usableFromInline
struct SparseBadges: Sendable, Equatable {
    @usableFromInline
    struct Entry: Sendable, Equatable {
        @usableFromInline var index: Int
        @usableFromInline var badge: TabBadge
    }

    @usableFromInline var entries: [Entry] = []

    /// The number of badged tabs.
    var count: Int { entries.count }

    /// The first entry position whose index is `>= index`.
    @inlinable
    func position(of index: Int) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let mid = low + (high - low) / 2
            if entries[mid].index < index { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The badge of tab `index` (`.none` when it has none).
    /// - Complexity: O(log b) for b badged tabs.
    @inlinable
    func badge(ofTab index: Int) -> TabBadge {
        let p = position(of: index)
        return p < entries.count && entries[p].index == index ? entries[p].badge : .none
    }

    /// The badge of tab `index` (`.none` when it has none).
    /// - Complexity: O(log b) for b badged tabs.
    subscript(index: Int) -> TabBadge {
        get {
            badge(ofTab: index)
        }
        set {
            let p = position(of: index)
            let present = p < entries.count && entries[p].index == index
            switch (newValue, present) {
            case (.none, true): entries.remove(at: p)
            case (.none, false): break
            case (_, true): entries[p].badge = newValue
            case (_, false): entries.insert(Entry(index: index, badge: newValue), at: p)
            }
        }
    }

    /// Shifts for `count` tabs inserted at `index`.
    /// - Complexity: O(b).
    mutating func insert(count: Int, at index: Int) {
        for p in position(of: index)..<entries.count { entries[p].index += count }
    }

    /// Drops the badges in `range` and shifts the later ones.
    /// - Complexity: O(b).
    mutating func remove(_ range: Range<Int>) {
        let lo = position(of: range.lowerBound)
        let hi = position(of: range.upperBound)
        entries.removeSubrange(lo..<hi)
        for p in lo..<entries.count { entries[p].index -= range.count }
    }

    /// Renumbers every badge with `mapping` (a permutation of indices).
    /// - Complexity: O(b log b).
    mutating func renumber(_ mapping: (Int) -> Int) {
        for p in entries.indices { entries[p].index = mapping(entries[p].index) }
        entries.sort { $0.index < $1.index }
    }

    mutating func removeAll() {
        entries.removeAll()
    }
}

extension TabStrip {
    /// The badge of tab `index` (``TabBadge/none`` when it has none).
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)``.
    /// - Complexity: O(log b) for b badged tabs.
    public func badge(ofTab index: Int) throws(TabStripError) -> TabBadge {
        try TabStripError.requireIndex(index, in: tabCount)
        return badges[index]
    }

    /// The indices of the tabs that have a badge, in order.
    /// - Complexity: O(b).
    public var badgedTabs: [Int] { badges.entries.map(\.index) }

    /// Where the title and the badge of tab `index` go inside its frame
    /// (see ``BadgeStyle/contentLayout(of:inTab:titleWidth:padding:direction:)``).
    /// The badge's frame is `nil` when the tab has none.
    /// - Throws: ``TabStripError/indexOutOfRange(index:count:)``, or
    ///   ``TabStripError/invalidWidth(index:value:)`` if the measurer returns
    ///   a bad width for the title.
    /// - Complexity: O(log n) plus one measurement when the tab is measured.
    public func contentLayout(ofTab index: Int) throws(TabStripError) -> TabContentLayout {
        let frame = try geometry.frame(ofTab: index)
        let badge = badges[index]
        let padding = sizing.contentPadding
        let titleWidth: Double
        if case .measured = sizing.rule {
            titleWidth = sizing.measurer.width(of: titles[index])
            guard titleWidth.isFinite, titleWidth >= 0 else { throw .invalidWidth(index: index, value: titleWidth) }
        } else {
            titleWidth = Swift.max(0, frame.width - 2 * padding)
        }
        return try sizing.badgeStyle.contentLayout(
            of: badge, inTab: frame, titleWidth: titleWidth,
            padding: padding, direction: layout.direction
        )
    }

    /// The frame of tab `index`'s badge, `nil` when it has none.
    /// - Throws: as ``contentLayout(ofTab:)``.
    /// - Complexity: as ``contentLayout(ofTab:)``.
    public func badgeFrame(ofTab index: Int) throws(TabStripError) -> Rect? {
        try TabStripError.requireIndex(index, in: tabCount)
        if case .none = badges[index] { return nil }
        return try contentLayout(ofTab: index).badge
    }
}
