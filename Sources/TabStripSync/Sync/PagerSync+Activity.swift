import TabStripCore
import TabStripMotion

extension PagerSync {
    /// Whether a display-link tick at `time` or later would still change
    /// something: a page drag or settle, a tap's jump, a strip drag,
    /// animation or fling, or tap feedback is in progress at `time`.
    ///
    /// Start the host's display link when a gesture begins (or a tap
    /// arrives) and stop it once this is `false` after ``advance(to:)``:
    ///
    /// ```swift
    /// try sync.advance(to: link.targetTimestamp)
    /// if !sync.isMoving(at: link.targetTimestamp) { link.isPaused = true }
    /// ```
    ///
    /// A pure query: it changes nothing. Pass the time of the last
    /// ``advance(to:)`` or later; a NaN `time` reads as the far future (every
    /// timed motion finished, drags and a pending jump still count).
    /// - Complexity: O(1).
    public func isMoving(at time: Double) -> Bool {
        let time = time.isNaN ? Double.infinity : time
        if jump != nil { return true }
        switch stripMotion {
        case .none: break
        case .dragging: return true
        case let .animating(animation): if !animation.isFinished(at: time) { return true }
        case let .flinging(fling): if !fling.isFinished(at: time) { return true }
        }
        switch pager.phase {
        case .idle: break
        case .dragging: return true
        case .settling: if pager.isSettling(at: time) { return true }
        }
        // The pager came to rest but the frame that selects its tab has not
        // run yet.
        if pagerWasMoving { return true }
        if let tapFeedback, !tapFeedback.feedback.isFinished(at: time) { return true }
        return false
    }
}
