/// The largest values the engine accepts, in one place.
///
/// Every quantity that enters through the public API is checked against
/// these bounds where it enters, so that every sum, product and conversion
/// the engine makes with accepted values stays finite and in range:
///
/// - a length (a tab width, spacing, an inset, overscan, a margin, padding,
///   a badge metric, a viewport or page dimension) is at most
///   ``maximumLength`` points;
/// - the scrollable content (insets, tabs and the gaps between them) is at
///   most ``maximumContentWidth`` points wide;
/// - a tab or page count is at most ``maximumCount``;
/// - a pool limit, page budget or preload radius is at most
///   ``maximumPoolSize``;
/// - a tab bar (`TabBar`) gives cells to at most ``maximumVisibleCells``
///   tabs at once.
///
/// No real host comes near these values (a 1e15 pt strip is 350 million
/// kilometres at 1 pt = 0.35 mm), yet `maximumCount · maximumLength` is
/// 1e24, far from overflow, and every page or tab index computed from a
/// position fits an `Int` exactly. A value past a bound is refused with
/// ``TabStripError/lengthExceedsLimit(name:value:limit:)`` or
/// ``TabStripError/countExceedsLimit(name:value:limit:)`` naming the
/// parameter, and nothing changes.
public enum TabStripLimits {
    /// The longest accepted length, in points: 10^15.
    @inlinable public static var maximumLength: Double { 1e15 }
    /// The widest accepted content (leading inset + tabs + spacing +
    /// trailing inset), in points: 10^15. At this size a Double still
    /// resolves 1/8 pt.
    @inlinable public static var maximumContentWidth: Double { 1e15 }
    /// The largest magnitude of an accepted content offset, pager offset,
    /// animation end point, fling position or bound (points), or velocity
    /// (points per second): 10^30, above the largest pager offset
    /// (`maximumCount · maximumLength` = 10^24) with room for overshoot;
    /// squared, it is still finite.
    @inlinable public static var maximumOffset: Double { 1e30 }
    /// The most tabs in a strip or pages in a pager: 10^9 (an index below
    /// it converts exactly to and from `Double`).
    @inlinable public static var maximumCount: Int { 1_000_000_000 }
    /// The largest pool limit (idle cells per kind), page budget and
    /// preload radius: 10^6.
    @inlinable public static var maximumPoolSize: Int { 1_000_000 }
    /// The most tabs a tab bar (`TabBar`) gives cells to at once: 10,000.
    /// When more tabs are in the viewport plus overscan (say 10 million
    /// tabs sharing the width by equal division), the cells go to the
    /// first 10,000 tabs in the viewport and the rest of the range gets
    /// none; see `TabBar.visibleTabs`.
    @inlinable public static var maximumVisibleCells: Int { 10_000 }
    /// The largest magnitude of an accepted event or frame time, in
    /// seconds: 10^10 (about 317 years), so a host may pass the time since
    /// boot, since the app started or since 1970 (about 1.8 · 10^9 today).
    /// A larger time would stop every later call with a real clock time
    /// (times never go backwards); at 10^10 a `Double` still resolves 2 µs.
    @inlinable public static var maximumTime: Double { 1e10 }
}

extension TabStripError {
    /// The error for an event or frame time `time` that is refused: NaN or
    /// infinite (``invalidValue(name:value:)``, name `"time"`), beyond
    /// ``TabStripLimits/maximumTime``
    /// (``lengthExceedsLimit(name:value:limit:)``), or earlier than
    /// `lastTime` (``timeBeforeLastEvent(time:lastTime:)``).
    @usableFromInline @inline(never)
    package static func timeError(_ time: Double, lastTime: Double? = nil) -> TabStripError {
        guard time.isFinite else { return .invalidValue(name: "time", value: time) }
        guard time.magnitude <= TabStripLimits.maximumTime else {
            return .lengthExceedsLimit(name: "time", value: time, limit: TabStripLimits.maximumTime)
        }
        return .timeBeforeLastEvent(time: time, lastTime: lastTime ?? time)
    }

    /// Throws ``timeError(_:lastTime:)`` unless `time` is finite, within
    /// ``TabStripLimits/maximumTime`` and not earlier than `lastTime`.
    @inlinable @inline(__always)
    package static func requireTime(_ time: Double, notBefore lastTime: Double?) throws(TabStripError) {
        guard time.magnitude <= TabStripLimits.maximumTime else { throw timeError(time) }
        if let lastTime, time < lastTime { throw timeError(time, lastTime: lastTime) }
    }

    /// Throws ``invalidValue(name:value:)`` unless `value` is finite and
    /// `>= 0`, then ``lengthExceedsLimit(name:value:limit:)`` when it is
    /// above ``TabStripLimits/maximumLength``.
    @inlinable @inline(__always)
    package static func requireLength(_ value: Double, _ name: String) throws(TabStripError) {
        // One comparison pair on the valid path (NaN fails both); the error
        // is built out of line.
        guard value >= 0, value <= TabStripLimits.maximumLength else { throw lengthError(value, name) }
    }

    /// The error ``requireLength(_:_:)`` throws for `value`.
    @usableFromInline @inline(never)
    package static func lengthError(_ value: Double, _ name: String) -> TabStripError {
        guard value.isFinite, value >= 0 else { return .invalidValue(name: name, value: value) }
        return .lengthExceedsLimit(name: name, value: value, limit: TabStripLimits.maximumLength)
    }

    /// Throws ``invalidValue(name:value:)`` unless `value` is finite, then
    /// ``lengthExceedsLimit(name:value:limit:)`` when its magnitude is above
    /// `limit`.
    @inlinable
    package static func requireMagnitude(_ value: Double, atMost limit: Double, _ name: String) throws(TabStripError) {
        guard value.isFinite else { throw .invalidValue(name: name, value: value) }
        guard value.magnitude <= limit else {
            throw .lengthExceedsLimit(name: name, value: value, limit: limit)
        }
    }

    /// Throws ``invalidValue(name:value:)`` when `value` is below `minimum`,
    /// ``countExceedsLimit(name:value:limit:)`` when it is above `limit`.
    @inlinable
    package static func requireCount(_ value: Int, atLeast minimum: Int = 0, atMost limit: Int, _ name: String)
        throws(TabStripError)
    {
        guard value >= minimum else { throw .invalidValue(name: name, value: Double(value)) }
        guard value <= limit else { throw .countExceedsLimit(name: name, value: value, limit: limit) }
    }
}
