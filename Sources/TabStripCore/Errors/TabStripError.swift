/// The error thrown by every fallible operation in TabStripCore.
///
/// Each case names the offending value (and, where there is one, the index),
/// so a host can report exactly what was wrong. An operation that throws
/// leaves the value it was called on exactly as it was before the call.
///
/// Two errors compare equal when their cases and payloads match; a NaN payload
/// equals another NaN payload, so tests can compare thrown errors directly.
public enum TabStripError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A tab width (given directly, or returned by a ``TitleMeasurer``) was
    /// negative, NaN or infinite.
    case invalidWidth(index: Int, value: Double)
    /// An index was outside the valid range `0..<count` (or `0...count`
    /// where an insertion position is expected).
    case indexOutOfRange(index: Int, count: Int)
    /// A content or pager offset was NaN or infinite.
    case invalidOffset(Double)
    /// A viewport had a zero, negative, NaN or infinite dimension.
    case invalidViewport(width: Double, height: Double)
    /// A named parameter (spacing, inset, padding, rate, duration, velocity,
    /// progress, ...) had a value outside its documented domain.
    case invalidValue(name: String, value: Double)
    /// Two collaborating components disagree on how many items there are
    /// (for example a pager with a different page count than the strip's
    /// tab count).
    case countMismatch(expected: Int, actual: Int)
    /// A length (named by its argument label) was above its documented
    /// bound, ``TabStripLimits/maximumLength`` or
    /// ``TabStripLimits/maximumContentWidth``; `limit` is that bound.
    case lengthExceedsLimit(name: String, value: Double, limit: Double)
    /// A count (named by its argument label: `poolLimit`, `budget`,
    /// `preloadRadius`, `pageCount`, `tabCount`, ...) was above its
    /// documented bound (see ``TabStripLimits``); `limit` is that bound.
    case countExceedsLimit(name: String, value: Int, limit: Int)
    /// A host or page-provider callback called a mutating method of the
    /// engine that is calling it (`operation` names the method, e.g.
    /// `"select(_:scroll:)"`). The call is refused and nothing changes; see
    /// ``TabStripHost`` for what a callback may do.
    case reentrantCall(operation: String)
    /// An event or frame time was earlier than the time of the last event
    /// or frame the same object accepted (`lastTime`); times must never go
    /// backwards. Nothing changes.
    case timeBeforeLastEvent(time: Double, lastTime: Double)
    /// The strip needed the title of tab `index` to measure it and its
    /// ``TabSource`` returned `nil` (or the strip stores its own
    /// titles and was asked to take one from a source). The tab keeps its
    /// estimated width and nothing changes.
    case titleUnavailable(index: Int)
    /// A list of tabs named the same tab identifier twice: `id` (as the
    /// identifier describes itself) at position `index` of the list named
    /// `name` (`"newTabs"` or `"oldIDs"`) repeats an earlier one. Every tab
    /// of a list needs its own identifier. Nothing changes.
    case duplicateTabID(name: String, id: String, index: Int)
    /// ``TabListChanges`` were applied to a strip edited since they were
    /// computed (or to another strip): compute them again from the strip
    /// as it is. Nothing changes.
    case staleTabListChanges
    /// A drag to reorder began on tab `index`, which has no cell: a drag
    /// begins on a tab in view (in `TabBar.visibleTabs`).
    /// Nothing changes.
    case tabNotShown(index: Int)
    /// A drag to reorder began while another one, of tab `tab`, is under
    /// way: drop or cancel it first. Nothing changes.
    case reorderInProgress(tab: Int)
    /// `operation` continues or ends a drag to reorder, and none is under
    /// way (none began, it ended, or an edit of the tabs cancelled it).
    /// Nothing changes.
    case noReorderInProgress(operation: String)
    /// Tab `index` is pinned (see ``PinnedTabs``): pinned tabs stay where
    /// they are, so a drag to reorder neither begins on one nor drops
    /// among them. Nothing changes.
    case tabPinned(index: Int)
    /// More tabs pinned (`leading` plus `trailing`) than the strip has
    /// (`tabCount`). Nothing changes.
    case tooManyPinnedTabs(leading: Int, trailing: Int, tabCount: Int)
    /// A ``TabSource`` asked to lend the titles (or IDs) of the tabs `tabs`
    /// (``TabSource/withContiguousTitles(ofTabs:_:)``) lent `lent`
    /// titles instead of `tabs.count`, or returned a result without
    /// lending any (`lent` is `nil`). Nothing was measured and nothing
    /// changes.
    case wrongTitleCount(tabs: Range<Int>, lent: Int?)
    /// `operation` asked for the tabs' IDs as type `asked`, and the strip
    /// keeps IDs of type `kept`, or none (`kept` is `nil`: it was built
    /// from titles alone). Nothing changes.
    case tabIDsUnavailable(operation: String, asked: String, kept: String?)
    /// `operation` adds tabs without IDs to a strip that keeps IDs: add
    /// them with their IDs. Nothing changes.
    case tabIDsRequired(operation: String)
    /// No tab has the ID `id` (as the ID describes itself). Nothing
    /// changes.
    case unknownTabID(id: String)
    /// A ``TabSource`` answered differently while a list was compared and
    /// applied: its tab count, or the ID of tab `index`, changed (a source
    /// is a snapshot). Nothing changes.
    case sourceChanged(index: Int)

    /// A one-line message naming the offending index and value, and what
    /// is allowed instead.
    public var description: String {
        switch self {
        case .invalidWidth(let index, let value):
            return "invalid width \(value) for tab \(index): widths must be finite and >= 0"
        case .indexOutOfRange(let index, let count):
            return "index \(index) is out of range for \(count) tab(s)"
        case .invalidOffset(let value):
            return "invalid offset \(value): offsets must be finite"
        case .invalidViewport(let width, let height):
            return "invalid viewport \(width) x \(height): both dimensions must be finite and > 0"
        case .invalidValue(let name, let value):
            return "invalid \(name): \(Self.format(value)) (allowed: \(Self.allowedDomain(ofValueNamed: name)))"
        case .countMismatch(let expected, let actual):
            return
                "count mismatch: expected \(expected), got \(actual): a pager's page count must equal the strip's tab count"
        case .lengthExceedsLimit(let name, let value, let limit):
            return
                "invalid \(name): \(Self.format(value)) exceeds the maximum \(Self.format(limit)) (TabStripLimits); pass a smaller value"
        case .countExceedsLimit(let name, let value, let limit):
            return "invalid \(name): \(value) exceeds the maximum \(limit) (TabStripLimits); pass a smaller value"
        case .timeBeforeLastEvent(let time, let lastTime):
            return
                "invalid time \(Self.format(time)): earlier than the last event at \(Self.format(lastTime)); times must not go backwards"
        case .titleUnavailable(let index):
            return "no title for tab \(index): the title source must give a title for every tab in 0..<tabCount"
        case .duplicateTabID(let name, let id, let index):
            return "duplicate tab ID \(id) at \(name)[\(index)]: every tab in a list needs its own ID"
        case .staleTabListChanges:
            return
                "stale tab list changes: the strip was edited since they were computed; compute them again from the strip as it is"
        case .tabNotShown(let index):
            return "tab \(index) is not in view: a drag to reorder begins on a tab that has a cell (in visibleTabs)"
        case .reorderInProgress(let tab):
            return "a drag of tab \(tab) is under way: drop or cancel it before beginning another"
        case .noReorderInProgress(let operation):
            return
                "\(operation): no drag to reorder is under way (none began, it ended, or an edit of the tabs cancelled it); begin one first"
        case .tabPinned(let index):
            return
                "tab \(index) is pinned: pinned tabs stay in place; a drag to reorder moves an unpinned tab among unpinned ones"
        case .tooManyPinnedTabs(let leading, let trailing, let tabCount):
            return
                "invalid pinned tabs: \(leading) leading and \(trailing) trailing, more than the \(tabCount) tabs; pin at most tabCount together"
        case .wrongTitleCount(let tabs, let lent):
            let answer = lent.map { "lent \($0) title(s)" } ?? "returned a result without calling body"
            return
                "the title source \(answer) for tabs \(tabs.lowerBound)..<\(tabs.upperBound) (\(tabs.count) asked): withContiguousTitles must call body with exactly the titles of the tabs asked, or return nil"
        case .tabIDsUnavailable(let operation, let asked, let kept?):
            return "\(operation) asked for IDs of type \(asked); this strip keeps IDs of type \(kept)"
        case .tabIDsUnavailable(let operation, let asked, nil):
            return
                "\(operation) asked for IDs of type \(asked); this strip keeps no IDs: build it with them (TabStrip(tabs:id:title:) or a TabSource)"
        case .tabIDsRequired(let operation):
            return
                "\(operation) adds tabs without IDs, and this strip keeps the IDs of its tabs: insert them with their IDs (insertTabs(_:id:title:at:))"
        case .unknownTabID(let id):
            return "no tab has the ID \(id)"
        case .sourceChanged(let index):
            return
                "the tab source changed while a list was applied (tab \(index), or its count): a source is a snapshot; compute the changes again from a source that does not change"
        case .reentrantCall(let operation):
            return
                "re-entrant call: \(operation) was called from inside a callback of the engine it mutates; call it after the callback returns"
        }
    }

    /// Whether two errors have the same case and payloads (NaN payloads
    /// compare equal).
    public static func == (lhs: TabStripError, rhs: TabStripError) -> Bool {
        switch (lhs, rhs) {
        case (.invalidWidth(let i1, let v1), .invalidWidth(let i2, let v2)):
            return i1 == i2 && Self.same(v1, v2)
        case (.indexOutOfRange(let i1, let c1), .indexOutOfRange(let i2, let c2)):
            return i1 == i2 && c1 == c2
        case (.invalidOffset(let v1), .invalidOffset(let v2)):
            return Self.same(v1, v2)
        case (.invalidViewport(let w1, let h1), .invalidViewport(let w2, let h2)):
            return Self.same(w1, w2) && Self.same(h1, h2)
        case (.invalidValue(let n1, let v1), .invalidValue(let n2, let v2)):
            return n1 == n2 && Self.same(v1, v2)
        case (.countMismatch(let e1, let a1), .countMismatch(let e2, let a2)):
            return e1 == e2 && a1 == a2
        case (.lengthExceedsLimit(let n1, let v1, let l1), .lengthExceedsLimit(let n2, let v2, let l2)):
            return n1 == n2 && Self.same(v1, v2) && l1 == l2
        case (.countExceedsLimit(let n1, let v1, let l1), .countExceedsLimit(let n2, let v2, let l2)):
            return n1 == n2 && v1 == v2 && l1 == l2
        case (.reentrantCall(let o1), .reentrantCall(let o2)):
            return o1 == o2
        case (.duplicateTabID(let n1, let d1, let i1), .duplicateTabID(let n2, let d2, let i2)):
            return n1 == n2 && d1 == d2 && i1 == i2
        case (.staleTabListChanges, .staleTabListChanges):
            return true
        case (.titleUnavailable(let i1), .titleUnavailable(let i2)):
            return i1 == i2
        case (.tabNotShown(let i1), .tabNotShown(let i2)):
            return i1 == i2
        case (.reorderInProgress(let t1), .reorderInProgress(let t2)):
            return t1 == t2
        case (.noReorderInProgress(let o1), .noReorderInProgress(let o2)):
            return o1 == o2
        case (.timeBeforeLastEvent(let t1, let l1), .timeBeforeLastEvent(let t2, let l2)):
            return Self.same(t1, t2) && Self.same(l1, l2)
        case (.tabPinned(let i1), .tabPinned(let i2)):
            return i1 == i2
        case (.tooManyPinnedTabs(let l1, let t1, let c1), .tooManyPinnedTabs(let l2, let t2, let c2)):
            return l1 == l2 && t1 == t2 && c1 == c2
        case (.wrongTitleCount(let t1, let l1), .wrongTitleCount(let t2, let l2)):
            return t1 == t2 && l1 == l2
        case (.tabIDsUnavailable(let o1, let a1, let k1), .tabIDsUnavailable(let o2, let a2, let k2)):
            return o1 == o2 && a1 == a2 && k1 == k2
        case (.tabIDsRequired(let o1), .tabIDsRequired(let o2)):
            return o1 == o2
        case (.unknownTabID(let i1), .unknownTabID(let i2)):
            return i1 == i2
        case (.sourceChanged(let i1), .sourceChanged(let i2)):
            return i1 == i2
        default:
            return false
        }
    }

    /// Hashes the case and payloads, consistently with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .invalidWidth(let index, let value):
            hasher.combine(0)
            hasher.combine(index)
            hasher.combine(Self.hashable(value))
        case .indexOutOfRange(let index, let count):
            hasher.combine(1)
            hasher.combine(index)
            hasher.combine(count)
        case .invalidOffset(let value):
            hasher.combine(2)
            hasher.combine(Self.hashable(value))
        case .invalidViewport(let width, let height):
            hasher.combine(3)
            hasher.combine(Self.hashable(width))
            hasher.combine(Self.hashable(height))
        case .invalidValue(let name, let value):
            hasher.combine(4)
            hasher.combine(name)
            hasher.combine(Self.hashable(value))
        case .countMismatch(let expected, let actual):
            hasher.combine(5)
            hasher.combine(expected)
            hasher.combine(actual)
        case .lengthExceedsLimit(let name, let value, let limit):
            hasher.combine(6)
            hasher.combine(name)
            hasher.combine(Self.hashable(value))
            hasher.combine(limit)
        case .countExceedsLimit(let name, let value, let limit):
            hasher.combine(7)
            hasher.combine(name)
            hasher.combine(value)
            hasher.combine(limit)
        case .reentrantCall(let operation):
            hasher.combine(8)
            hasher.combine(operation)
        case .timeBeforeLastEvent(let time, let lastTime):
            hasher.combine(10)
            hasher.combine(Self.hashable(time))
            hasher.combine(Self.hashable(lastTime))
        case .titleUnavailable(let index):
            hasher.combine(11)
            hasher.combine(index)
        case .duplicateTabID(let name, let id, let index):
            hasher.combine(12)
            hasher.combine(name)
            hasher.combine(id)
            hasher.combine(index)
        case .staleTabListChanges:
            hasher.combine(13)
        case .tabNotShown(let index):
            hasher.combine(15)
            hasher.combine(index)
        case .reorderInProgress(let tab):
            hasher.combine(16)
            hasher.combine(tab)
        case .noReorderInProgress(let operation):
            hasher.combine(17)
            hasher.combine(operation)
        case .tabPinned(let index):
            hasher.combine(18)
            hasher.combine(index)
        case .tooManyPinnedTabs(let leading, let trailing, let tabCount):
            hasher.combine(19)
            hasher.combine(leading)
            hasher.combine(trailing)
            hasher.combine(tabCount)
        case .wrongTitleCount(let tabs, let lent):
            hasher.combine(20)
            hasher.combine(tabs)
            hasher.combine(lent)
        case .tabIDsUnavailable(let operation, let asked, let kept):
            hasher.combine(21)
            hasher.combine(operation)
            hasher.combine(asked)
            hasher.combine(kept)
        case .unknownTabID(let id):
            hasher.combine(22)
            hasher.combine(id)
        case .sourceChanged(let index):
            hasher.combine(23)
            hasher.combine(index)
        case .tabIDsRequired(let operation):
            hasher.combine(24)
            hasher.combine(operation)
        }
    }

    /// A value as a message shows it: a whole number within ±2^53 without a
    /// fractional part ("-1", not "-1.0"), anything else as Swift prints it.
    static func format(_ value: Double) -> String {
        if value.isFinite, value.magnitude <= 9_007_199_254_740_992, Double(Int64(value)) == value {
            return String(Int64(value))
        }
        return "\(value)"
    }

    private static func same(_ a: Double, _ b: Double) -> Bool {
        a == b || (a.isNaN && b.isNaN)
    }

    private static func hashable(_ value: Double) -> Double {
        value.isNaN ? .nan : value
    }
}

extension TabStripError {
    /// The tab this error is about, when it names one that could not be
    /// measured (``titleUnavailable(index:)``,
    /// ``invalidWidth(index:value:)``).
    package var tab: Int? {
        switch self {
        case .titleUnavailable(let index), .invalidWidth(let index, _): return index
        default: return nil
        }
    }

    /// Throws ``invalidValue(name:value:)`` unless `value` is finite.
    @inlinable @inline(__always)
    package static func requireFinite(_ value: Double, _ name: String) throws(TabStripError) {
        guard value.isFinite else { throw invalidValueError(value, name) }
    }

    /// Throws ``invalidValue(name:value:)`` unless `value` is finite and `>= 0`.
    @inlinable @inline(__always)
    package static func requireNonNegative(_ value: Double, _ name: String) throws(TabStripError) {
        guard value >= 0, value <= .greatestFiniteMagnitude else { throw invalidValueError(value, name) }
    }

    /// ``invalidValue(name:value:)``, built out of line so that the checks
    /// above cost a comparison on the valid path.
    @usableFromInline @inline(never)
    package static func invalidValueError(_ value: Double, _ name: String) -> TabStripError {
        .invalidValue(name: name, value: value)
    }

    /// Throws ``invalidValue(name:value:)`` unless `value` is finite and `> 0`
    /// (a page width, a frame rate, a threshold: quantities that divide or
    /// scale something).
    @inlinable @inline(__always)
    package static func requirePositive(_ value: Double, _ name: String) throws(TabStripError) {
        guard value > 0, value <= .greatestFiniteMagnitude else { throw invalidValueError(value, name) }
    }

    /// Throws ``countExceedsLimit(name:value:limit:)`` unless `count +
    /// added` is at most `limit`, compared without computing a sum that
    /// could overflow (`added` may be anything a caller passes, `Int.max`
    /// included; `count` is already within `0...limit`). The error's value
    /// is the sum, or `Int.max` where it overflows.
    /// - Complexity: O(1).
    @inlinable
    package static func requireCount(_ count: Int, adding added: Int, atMost limit: Int, _ name: String)
        throws(TabStripError)
    {
        guard added <= limit - count else {
            let (sum, overflow) = count.addingReportingOverflow(added)
            throw .countExceedsLimit(name: name, value: overflow ? .max : sum, limit: limit)
        }
    }

    /// Throws ``indexOutOfRange(index:count:)`` unless `0 <= index < count`.
    @inlinable
    package static func requireIndex(_ index: Int, in count: Int) throws(TabStripError) {
        guard index >= 0, index < count else { throw .indexOutOfRange(index: index, count: count) }
    }

    /// Throws ``indexOutOfRange(index:count:)`` unless `0 <= index <= count`
    /// (a valid insertion position).
    @inlinable
    package static func requireInsertionIndex(_ index: Int, in count: Int) throws(TabStripError) {
        guard index >= 0, index <= count else { throw .indexOutOfRange(index: index, count: count) }
    }
}
