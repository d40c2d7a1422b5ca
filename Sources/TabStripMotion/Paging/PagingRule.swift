import TabStripCore

/// How a pager picks the page to settle on when a drag ends.
///
/// Inputs are in gesture terms: `translation` is how far the finger moved
/// along the paging axis since the drag began (a pan recognizer's
/// `translation(in:)`), negative when it moved towards later pages (up in a
/// vertical feed, left in a horizontal one); `velocityPerMillisecond` is the
/// finger's velocity with the same sign convention, in points per
/// **millisecond**. (`UIScrollView`'s `scrollViewWillEndDragging` reports the
/// content offset's velocity in points per millisecond, with the opposite
/// sign: negate it.)
public enum PagingRule: Hashable, Sendable {
    /// Seed 003's rule: a distance threshold that depends on the speed.
    case swipe(SwipePagingRule)
    /// Snap to the page nearest to where the content would come to rest.
    case projection(ProjectionPagingRule)

    /// Seed 003's numbers: 8 pt when faster than 0.4 pt/ms, else 60 pt.
    public static let standard = PagingRule.swipe(.standard)

    /// The page to settle on.
    ///
    /// - Parameters:
    ///   - currentPage: the page the drag began on, in `0..<pageCount`.
    ///   - pageCount: the number of pages, at least 1.
    ///   - pageWidth: the distance between consecutive pages, positive.
    ///   - releaseOffset: the content offset at release (page `i` rests at
    ///     `i · pageWidth`).
    ///   - translation: the finger's translation since the drag began.
    ///   - velocityPerMillisecond: the finger's velocity at release, in
    ///     points per millisecond.
    /// - Returns: a page in `0..<pageCount`. NaN never traps: a NaN
    ///   translation or projected offset keeps `currentPage`, a NaN velocity
    ///   counts as slow. With `pageCount < 1` it returns `currentPage`.
    /// - Complexity: O(1).
    public func targetPage(
        currentPage: Int,
        pageCount: Int,
        pageWidth: Double,
        releaseOffset: Double,
        translation: Double,
        velocityPerMillisecond: Double
    ) -> Int {
        switch self {
        case .swipe(let rule):
            return rule.targetPage(
                currentPage: currentPage, pageCount: pageCount,
                translation: translation, velocityPerMillisecond: velocityPerMillisecond)
        case .projection(let rule):
            return rule.targetPage(
                currentPage: currentPage, pageCount: pageCount, pageWidth: pageWidth,
                releaseOffset: releaseOffset, velocityPerMillisecond: velocityPerMillisecond)
        }
    }
}

/// Seed 003's paging decision: the translation needed to change page is
/// small after a quick flick and large after a slow drag.
///
/// `threshold = fastTranslation` if `|v| > fastSpeedPerMillisecond`, else
/// `slowTranslation`. Then `translation < −threshold` moves to the next page
/// (unless on the last), `translation > threshold` to the previous one
/// (unless on the first); otherwise the pager stays. Comparisons are strict:
/// exactly 0.4 pt/ms counts as slow, exactly −8 pt does not turn the page.
public struct SwipePagingRule: Hashable, Sendable {
    /// The speed, in points per millisecond, above which a release counts
    /// as a flick (0.4).
    public let fastSpeedPerMillisecond: Double
    /// The translation, in points, a flick must exceed (8).
    public let fastTranslation: Double
    /// The translation, in points, a slow drag must exceed (60).
    public let slowTranslation: Double

    /// Creates a rule.
    /// - Throws: `TabStripError/invalidValue(name:value:)` naming the first
    ///   parameter that is negative, NaN or infinite.
    /// - Complexity: O(1).
    public init(fastSpeedPerMillisecond: Double = 0.4, fastTranslation: Double = 8, slowTranslation: Double = 60)
        throws(TabStripError)
    {
        try TabStripError.requireLength(fastSpeedPerMillisecond, "fastSpeedPerMillisecond")
        try TabStripError.requireLength(fastTranslation, "fastTranslation")
        try TabStripError.requireLength(slowTranslation, "slowTranslation")
        self.fastSpeedPerMillisecond = fastSpeedPerMillisecond
        self.fastTranslation = fastTranslation
        self.slowTranslation = slowTranslation
    }

    private init(unchecked speed: Double, _ fast: Double, _ slow: Double) {
        fastSpeedPerMillisecond = speed
        fastTranslation = fast
        slowTranslation = slow
    }

    /// Seed 003's numbers: 0.4 pt/ms, 8 pt, 60 pt.
    public static let standard = SwipePagingRule(unchecked: 0.4, 8, 60)

    /// The translation a release at `velocityPerMillisecond` must exceed.
    /// - Complexity: O(1).
    public func threshold(forVelocityPerMillisecond velocity: Double) -> Double {
        velocity.magnitude > fastSpeedPerMillisecond ? fastTranslation : slowTranslation
    }

    /// The page to settle on; see ``PagingRule/targetPage(currentPage:pageCount:pageWidth:releaseOffset:translation:velocityPerMillisecond:)``.
    /// - Complexity: O(1).
    public func targetPage(currentPage: Int, pageCount: Int, translation: Double, velocityPerMillisecond: Double) -> Int
    {
        guard pageCount >= 1 else { return currentPage }
        let threshold = threshold(forVelocityPerMillisecond: velocityPerMillisecond)
        if translation < -threshold, currentPage < pageCount - 1 {
            return currentPage + 1
        }
        if translation > threshold, currentPage > 0 {
            return currentPage - 1
        }
        return currentPage
    }
}

/// Snap to the page nearest to the projected resting offset: the release
/// offset plus ``DecelerationRate/projectedDistance(forVelocity:)`` of the
/// content's velocity (the WWDC 2018 projection), limited to
/// ``maximumPageStep`` pages away from the page the drag began on and to the
/// existing pages.
public struct ProjectionPagingRule: Hashable, Sendable {
    /// The deceleration the projection assumes.
    public let rate: DecelerationRate
    /// How many pages one release may move at most (at least 1).
    public let maximumPageStep: Int

    /// Creates a rule.
    /// - Throws: `TabStripError/invalidValue(name:value:)` (name
    ///   `"maximumPageStep"`) when the step is below 1.
    /// - Complexity: O(1).
    public init(rate: DecelerationRate = .normal, maximumPageStep: Int = 1) throws(TabStripError) {
        try TabStripError.requireCount(
            maximumPageStep, atLeast: 1, atMost: TabStripLimits.maximumCount, "maximumPageStep")
        self.rate = rate
        self.maximumPageStep = maximumPageStep
    }

    /// The page to settle on; see ``PagingRule/targetPage(currentPage:pageCount:pageWidth:releaseOffset:translation:velocityPerMillisecond:)``.
    /// - Complexity: O(1).
    public func targetPage(
        currentPage: Int, pageCount: Int, pageWidth: Double, releaseOffset: Double, velocityPerMillisecond: Double
    ) -> Int {
        guard pageCount >= 1, pageWidth > 0 else { return currentPage }
        // The content moves opposite to the finger.
        let contentVelocity = -velocityPerMillisecond * 1000
        let projected = releaseOffset + rate.projectedDistance(forVelocity: contentVelocity)
        let pagePosition = projected / pageWidth
        guard pagePosition.isFinite else { return currentPage }
        let step = Double(maximumPageStep)
        let lowest = max(0, Double(currentPage) - step)
        let highest = min(Double(pageCount - 1), Double(currentPage) + step)
        // Clamp before rounding so the value fits an Int.
        let nearest = MotionMath.roundedToNearest(min(max(pagePosition, lowest - 1), highest + 1))
        return Int(min(max(nearest, lowest), highest))
    }
}
