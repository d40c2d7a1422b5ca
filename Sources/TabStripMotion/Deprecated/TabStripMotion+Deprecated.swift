import TabStripCore

// Names replaced when the API was made consistent (see the API conventions
// article in TabStripCore). Each forwards to its replacement and goes away in
// a later release; the compiler's fix-it applies the new name.

extension Fling {
    /// Renamed ``init(position:velocityPerSecond:startTime:bounds:physics:carriedVelocityPerSecond:)``.
    @available(
        *, deprecated, renamed: "init(position:velocityPerSecond:startTime:bounds:physics:carriedVelocityPerSecond:)"
    )
    public init(
        position: Double, velocity: Double, time: Double, bounds: ClosedRange<Double>,
        physics: ScrollPhysics = .standard, carriedVelocity: Double = 0
    ) throws(TabStripError) {
        try self.init(
            position: position, velocityPerSecond: velocity, startTime: time, bounds: bounds,
            physics: physics, carriedVelocityPerSecond: carriedVelocity)
    }
}

extension Deceleration {
    /// Renamed ``init(position:velocityPerSecond:startTime:rate:restThreshold:)``.
    @available(*, deprecated, renamed: "init(position:velocityPerSecond:startTime:rate:restThreshold:)")
    public init(
        position: Double, velocity: Double, time: Double, rate: DecelerationRate = .normal,
        restThreshold: Double = 0.5
    ) throws(TabStripError) {
        try self.init(
            position: position, velocityPerSecond: velocity, startTime: time, rate: rate,
            restThreshold: restThreshold)
    }
}

extension TapFeedback {
    /// Renamed ``init(startTime:initialScale:pressedScale:pressDuration:releaseDuration:curve:)``.
    @available(*, deprecated, renamed: "init(startTime:initialScale:pressedScale:pressDuration:releaseDuration:curve:)")
    public init(
        tapTime: Double, initialScale: Double = 1, pressedScale: Double = 0.95, pressDuration: Double = 0.1,
        releaseDuration: Double = 0.1, curve: TimingCurve = .easeInOut
    ) throws(TabStripError) {
        try self.init(
            startTime: tapTime, initialScale: initialScale, pressedScale: pressedScale,
            pressDuration: pressDuration, releaseDuration: releaseDuration, curve: curve)
    }

    /// Renamed ``startTime``.
    @available(*, deprecated, renamed: "startTime")
    public var tapTime: Double { startTime }
}

extension Pager {
    /// Renamed ``init(pageWidth:pageCount:currentPage:rule:settleDuration:settleCurve:)``.
    @available(*, deprecated, renamed: "init(pageWidth:pageCount:currentPage:rule:settleDuration:settleCurve:)")
    public init(
        pageSize: Double, pageCount: Int, currentPage: Int = 0, rule: PagingRule = .standard,
        settleDuration: Double = 0.15, settleCurve: TimingCurve = .easeOut
    ) throws(TabStripError) {
        try self.init(
            pageWidth: pageSize, pageCount: pageCount, currentPage: currentPage, rule: rule,
            settleDuration: settleDuration, settleCurve: settleCurve)
    }

    /// Renamed ``pageWidth``.
    @available(*, deprecated, renamed: "pageWidth")
    public var pageSize: Double { pageWidth }

    /// Renamed ``setPageWidth(_:)``.
    @available(*, deprecated, renamed: "setPageWidth(_:)")
    public mutating func setPageSize(_ newPageSize: Double) throws(TabStripError) {
        try setPageWidth(newPageSize)
    }

    /// Renamed ``selectPage(_:animated:at:)``.
    @available(*, deprecated, renamed: "selectPage(_:animated:at:)")
    @discardableResult
    public mutating func select(page: Int, at time: Double, animated: Bool = true) throws(TabStripError)
        -> PagerResponse
    {
        try selectPage(page, animated: animated, at: time)
    }
}
