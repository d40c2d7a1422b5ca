extension TabStripError {
    /// What ``invalidValue(name:value:)`` allows for the parameter `name`,
    /// as its message shows it (`invalid badgeCount: -1 (allowed: an
    /// integer >= 0)`).
    ///
    /// One table for the whole engine, keyed by the parameter names the
    /// throwers use, so that a thrower names its parameter and nothing else;
    /// `ErrorTests` checks that every name thrown in `Sources/` has an entry.
    /// A name without one (a component name built at run time) falls back
    /// to its suffix (`tabFrame.width` is a length), then to a pointer to
    /// the parameter's documentation.
    static func allowedDomain(ofValueNamed name: String) -> String {
        if let domain = domains[name] { return domain }
        if let dot = name.lastIndex(of: "."), let domain = domains[String(name[name.index(after: dot)...])] {
            return domain
        }
        return "see the documentation of \(name)"
    }

    /// Lengths: finite, `>= 0`; above the bound the error is
    /// ``lengthExceedsLimit(name:value:limit:)`` instead.
    private static let length = "a finite length >= 0, at most 1e15 (TabStripLimits.maximumLength)"
    /// Quantities that divide or scale something.
    private static let positive = "a finite value > 0"
    private static let positiveLength = "a finite length > 0, at most 1e15 (TabStripLimits.maximumLength)"
    /// Positions, offsets, velocities and animation end points.
    private static let offset = "a finite value of magnitude at most 1e30 (TabStripLimits.maximumOffset)"
    private static let time =
        "a finite time in seconds of magnitude at most 1e10 (TabStripLimits.maximumTime), not earlier than the last event"
    private static let finite = "a finite value"
    private static let unit = "a value in 0...1"
    private static let controlY = "a finite value of magnitude at most 1000 (TimingCurve.maximumControlY)"

    private static let domains: [String: String] = [
        // Lengths.
        "availableWidth": length, "countHeight": length, "countPadding": length, "digitAdvance": length,
        "dotDiameter": length, "duration": "a finite duration in seconds >= 0, at most 1e15",
        "fastTranslation": length, "gap": length, "height": length, "inset": length, "leading": length,
        "trailing": length, "length": length, "margin": length, "minimum": length,
        "maximum": "a finite length >= 0 and >= minimum, at most 1e15 (TabStripLimits.maximumLength)",
        "overscan": length, "padding": length, "revealMargin": length, "slowTranslation": length,
        "spacing": length, "stripHeight": length, "tabHeight": length, "tabWidth": length, "titleWidth": length,
        "width": length, "fastSpeedPerMillisecond": length,
        "pressDuration": "a finite duration in seconds >= 0, at most 1e15",
        "releaseDuration": "a finite duration in seconds >= 0, at most 1e15",
        "selectionDuration": "a finite duration in seconds >= 0, at most 1e15",
        "settleDuration": "a finite duration in seconds >= 0, at most 1e15",
        "shiftDuration": "a finite duration in seconds >= 0, at most 1e15", "edgeWidth": length,
        "maximumScrollSpeed": "a finite speed >= 0 in points per second, at most 1e15 (TabStripLimits.maximumLength)",
        "restScale": "a finite scale >= 0, at most 1e15", "selectedScale": "a finite scale >= 0, at most 1e15",
        "pageWidth": positiveLength,
        // Positive quantities.
        "advance": positive, "dimension": positive, "frameDuration": positive,
        "framesPerSecond": positive, "mass": positive,
        "restThreshold": "a finite distance >= 0.001 pt (ScrollPhysics.minimumRestThreshold)", "threshold": positive,
        "maximumSpeed": "a finite speed > 0 in points per second, at most 1e30 (TabStripLimits.maximumOffset)",
        "angularFrequency": "radians per second in 1...10000 (BounceSpring.allowedAngularFrequencies)",
        "stiffness":
            "a finite value > 0 with sqrt(stiffness / mass) in 1...10000 (BounceSpring.allowedAngularFrequencies)",
        "decelerationRate": "a factor per millisecond > 0 and <= 0.9995 (DecelerationRate.slowestPerMillisecond)",
        "coefficient": "a slope in 0.01...10 (RubberBand.allowedCoefficients)",
        // Positions, offsets, velocities.
        "from": offset, "to": offset, "lowerBound": offset, "upperBound": offset, "position": offset,
        "offset": offset, "velocity": finite, "velocityPerSecond": offset, "velocityPerMillisecond": finite,
        "carriedVelocityPerSecond": offset,
        "verticalOffset": "a finite value of magnitude at most 1e15 (TabStripLimits.maximumLength)",
        "translation": finite, "x": finite, "y": finite, "initialScale": finite, "pressedScale": finite,
        // Times.
        "time": time, "startTime": time, "timestamp": time,
        "targetTimestamp": "a finite time not earlier than timestamp",
        // Counts and indices.
        "badgeCount": "an integer >= 0", "tabCount": "an integer >= 0, at most 1e9 (TabStripLimits.maximumCount)",
        "pageCount": "an integer >= 1 (a pager needs a page), at most 1e9 (TabStripLimits.maximumCount)",
        "budget": "an integer >= PageCache.minimumBudget(preloadRadius:) = 2 * preloadRadius + 3, at most 1e6",
        "pageBudget": "an integer >= 1, at most 1e6 (TabStripLimits.maximumPoolSize)",
        "preloadRadius": "an integer >= 0, at most 1e6 (TabStripLimits.maximumPoolSize)",
        "poolLimit": "an integer >= 0, at most 1e6 (TabStripLimits.maximumPoolSize)",
        "maximumCount": "an integer >= 1, at most 1e9 (TabStripLimits.maximumCount)",
        "count": "an integer >= 0", "limit": "an integer >= 0", "estimate": positiveLength,
        "currentIndex": "the strip's selected index",
        // Fractions and colours.
        "fraction": "a number (not NaN)", "progress": "a number (not NaN)",
        "visibilityThreshold": "a fraction in 0..<1", "x1": unit, "x2": unit, "y1": controlY, "y2": controlY,
        "red": unit, "green": unit, "blue": unit, "alpha": unit,
    ]
}
