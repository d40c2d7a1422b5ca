import TabStripCore
import TabStripMotion

/// A page as the tests see it: the index it was made for and a serial number
/// unique to each creation, so a reloaded page is told apart from the old one.
package struct TestPage: Hashable, Sendable {
    package var index: Int
    package var serial: Int

    package init(index: Int, serial: Int) {
        self.index = index
        self.serial = serial
    }
}

/// A callback the provider received.
package enum PageEvent: Hashable, Sendable, CustomStringConvertible {
    case load(Int)
    case preload(Int)
    case evict(Int, serial: Int)

    package var description: String {
        switch self {
        case .load(let index): "load \(index)"
        case .preload(let index): "preload \(index)"
        case .evict(let index, let serial): "evict \(index)#\(serial)"
        }
    }
}

/// A provider that records every callback and how many pages it has alive.
package struct RecordingProvider: PageProvider {
    package var nextSerial = 0
    package var events: [PageEvent] = []
    package var recordsEvents = true
    /// Pages created minus pages evicted.
    package var live = 0
    /// The most pages alive at once since the last reset.
    package var peakLive = 0
    /// Set when an evicted page does not match its index.
    package var mismatch = false

    package init(recordsEvents: Bool = true) {
        self.recordsEvents = recordsEvents
    }

    package mutating func loadPage(at index: Int) -> TestPage {
        if recordsEvents { events.append(.load(index)) }
        return make(index)
    }

    package mutating func preloadPage(at index: Int) -> TestPage {
        if recordsEvents { events.append(.preload(index)) }
        return make(index)
    }

    package mutating func evictPage(_ page: TestPage, at index: Int) {
        if recordsEvents { events.append(.evict(index, serial: page.serial)) }
        if page.index != index { mismatch = true }
        live -= 1
    }

    private mutating func make(_ index: Int) -> TestPage {
        nextSerial += 1
        live += 1
        peakLive = max(peakLive, live)
        return TestPage(index: index, serial: nextSerial)
    }
}

/// The reference model of `PageCache`: the same rules, stated as directly as
/// possible with plain arrays and linear scans.
package struct PageCacheModel {
    package var pageCount: Int
    package var budget: Int
    package var radius: Int
    package var threshold: Double
    package var current: Int?
    package var visible: [Int] = []
    package var target: Int?
    /// Live pages, most recently used first.
    package var lru: [TestPage] = []
    package var counters = PageCacheCounters()
    package var nextSerial = 0
    package var events: [PageEvent] = []

    package init(pageCount: Int, budget: Int, radius: Int, threshold: Double) {
        self.pageCount = pageCount
        self.budget = budget
        self.radius = radius
        self.threshold = threshold
    }

    package struct Focus {
        package var visible: [Int]
        package var current: Int?
        package var target: Int?
        package func contains(_ index: Int) -> Bool { visible.contains(index) || current == index || target == index }
    }

    package var focus: Focus { Focus(visible: visible, current: current, target: target) }

    package func isLive(_ index: Int) -> Bool { lru.contains { $0.index == index } }

    package func inWindow(_ index: Int) -> Bool {
        guard let current else { return false }
        return abs(index - current) <= radius
    }

    package func isPinned(_ index: Int) -> Bool {
        index >= 0 && index < pageCount && (visible.contains(index) || index == target || inWindow(index))
    }

    package static func minimumBudget(_ radius: Int) -> Int { 2 * radius + 3 }

    // MARK: - Building blocks

    private mutating func evict(at position: Int) {
        let page = lru.remove(at: position)
        events.append(.evict(page.index, serial: page.serial))
        counters.evicted += 1
    }

    private mutating func evictOneUnpinned() -> Bool {
        guard let position = lru.lastIndex(where: { !isPinned($0.index) }) else { return false }
        evict(at: position)
        return true
    }

    private mutating func create(_ index: Int, preload: Bool) {
        nextSerial += 1
        events.append(preload ? .preload(index) : .load(index))
        if preload { counters.preloaded += 1 } else { counters.loaded += 1 }
        lru.insert(TestPage(index: index, serial: nextSerial), at: 0)
    }

    /// The settled page's window in request order: the page, then c−1, c+1,
    /// c−2, c+2, ... within the pager, skipping `listed`.
    private func windowRequests(skipping listed: [Int]) -> [Int] {
        guard let current else { return [] }
        var order = [current]
        if radius > 0 {
            for distance in 1...radius { order += [current - distance, current + distance] }
        }
        var result: [Int] = []
        for index in order where index >= 0 && index < pageCount && !listed.contains(index) && !result.contains(index) {
            result.append(index)
        }
        return result
    }

    private mutating func fulfil(_ requests: [Int], previous: Focus) {
        let missing = requests.filter { !isLive($0) }.count
        while lru.count + missing > budget, evictOneUnpinned() {}
        for index in requests {
            if isLive(index) {
                if focus.contains(index) && !previous.contains(index) { counters.hits += 1 }
            } else {
                create(index, preload: !focus.contains(index))
            }
        }
        let moved = requests.map { index in lru.first { $0.index == index }! }
        lru.removeAll { requests.contains($0.index) }
        lru = moved + lru
    }

    // MARK: - Operations

    package mutating func updateVisibility(_ position: PagerPosition) throws(TabStripError) {
        guard position.pageCount == pageCount else {
            throw .countMismatch(expected: pageCount, actual: position.pageCount)
        }
        let previous = focus
        visible = (0..<pageCount).filter { index in
            position.visibleFraction(ofPage: index) > threshold && (target == nil || index == target || inWindow(index))
        }
        fulfil(visible, previous: previous)
    }

    package mutating func completeTransition(to page: Int) throws(TabStripError) {
        guard page >= 0, page < pageCount else { throw .indexOutOfRange(index: page, count: pageCount) }
        let previous = focus
        target = nil
        current = page
        visible = [page]
        fulfil([page] + windowRequests(skipping: [page]), previous: previous)
    }

    package mutating func beginJump(to page: Int) throws(TabStripError) {
        guard page >= 0, page < pageCount else { throw .indexOutOfRange(index: page, count: pageCount) }
        let previous = focus
        target = page
        visible = visible.filter { $0 == page || inWindow($0) }
        fulfil([page], previous: previous)
    }

    package mutating func cancelJump() {
        target = nil
    }

    package mutating func setPageCount(_ count: Int) throws(TabStripError) {
        guard count >= 0 else { throw .invalidValue(name: "pageCount", value: Double(count)) }
        let previous = focus
        if count < pageCount {
            var position = lru.count - 1
            while position >= 0 {
                if lru[position].index >= count { evict(at: position) }
                position -= 1
            }
            visible = visible.filter { $0 < count }
            if let t = target, t >= count { target = nil }
            if let c = current, c >= count { current = count > 0 ? count - 1 : nil }
        }
        pageCount = count
        fulfil(windowRequests(skipping: []), previous: previous)
    }

    package mutating func setBudget(_ newBudget: Int) throws(TabStripError) {
        guard newBudget >= 1, newBudget >= Self.minimumBudget(radius) else {
            throw .invalidValue(name: "budget", value: Double(newBudget))
        }
        budget = newBudget
        while lru.count > budget, evictOneUnpinned() {}
    }

    package mutating func setPreloadRadius(_ newRadius: Int) throws(TabStripError) {
        guard newRadius >= 0, Self.minimumBudget(newRadius) <= budget else {
            throw .invalidValue(name: "preloadRadius", value: Double(newRadius))
        }
        let previous = focus
        radius = newRadius
        fulfil(windowRequests(skipping: []), previous: previous)
    }

    package mutating func setThreshold(_ value: Double) throws(TabStripError) {
        guard value >= 0, value < 1 else { throw .invalidValue(name: "visibilityThreshold", value: value) }
        threshold = value
    }

    package mutating func evictUnpinned() {
        var position = lru.count - 1
        while position >= 0 {
            if !isPinned(lru[position].index) { evict(at: position) }
            position -= 1
        }
    }

    package mutating func removeAll() {
        current = nil
        target = nil
        visible = []
        while !lru.isEmpty { evict(at: lru.count - 1) }
    }
}
