import TabStripCore

/// What the pager did with a gesture event. Refusals are ordinary
/// outcomes, not errors: the pager's state is unchanged.
public enum PagerResponse: Hashable, Sendable {
    /// The event was applied.
    case accepted
    /// The pager is settling onto a page and takes no new gesture before
    /// `until` (seconds), when the settle completes (as a video feed does).
    case refusedWhileSettling(until: Double)
    /// A drag move or end arrived with no drag in progress.
    case noDragInProgress
    /// A drag began, or a page was selected, while a drag was in progress.
    case dragInProgress
}
