extension IndicatorStyle {
    /// The indicator's frame when it rests under the tab whose frame is
    /// `tab`, in a strip `stripHeight` points tall.
    ///
    /// Horizontally it follows ``width``; vertically ``placement`` and
    /// ``height`` (the tab frame's own `y` and `height` are not used).
    ///
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` for a tab frame
    ///   with a non-finite origin or a negative or non-finite size (names
    ///   `"tab.x"`, `"tab.width"`, ...), or a negative or non-finite
    ///   `stripHeight` (name `"stripHeight"`).
    /// - Complexity: O(1).
    public func restingFrame(underTab tab: Rect, stripHeight: Double) throws(TabStripError) -> Rect {
        try TabStripError.requireValidFrame(tab, "tab")
        try TabStripError.requireLength(stripHeight, "stripHeight")
        let span = horizontalSpan(under: tab)
        return Rect(x: span.x, y: top(inStripOfHeight: stripHeight), width: span.width, height: height)
    }

    /// The indicator's frame during a drag from the tab framed `current`
    /// towards the tab framed `neighbour`, `|progress|` of the way.
    ///
    /// Only `|progress|` is used (clamped to 1): the direction of travel
    /// comes from the two frames, so the same call serves a neighbour on
    /// either side, including right-to-left layouts where the next page's
    /// tab is to the left. With `neighbour == nil` (no drag, or the current
    /// tab is at an end) the result is the current tab's resting frame.
    ///
    /// With `c` and `n` the two resting frames and `t = |progress|`:
    /// - ``Kind/line``: `x = lerp(c.x, n.x, t)`,
    ///   `width = lerp(c.width, n.width, t)`.
    /// - ``Kind/lengthen``: with `u` the span from `min(c.minX, n.minX)` to
    ///   `max(c.maxX, n.maxX)`, `lerp(c, u, 2t)` for `t <= 0.5` and
    ///   `lerp(u, n, 2t − 1)` after.
    ///
    /// `t = 0` gives exactly `c`, `t = 1` exactly `n`. For equal-width tabs
    /// laid edge to edge, the `.line` of a ``IndicatorStyle/Width/fullTab``
    /// style at `t = rightFactor` between tabs `leftIndex` and
    /// `leftIndex + 1` is a news title bar's `x = tabWidth · (leftIndex + rightFactor)`.
    ///
    /// - Throws: ``TabStripError/invalidValue(name:value:)`` for an invalid
    ///   frame (names `"current.x"`, `"neighbour.width"`, ...), a NaN or
    ///   infinite `progress` (name `"progress"`), or a negative or
    ///   non-finite `stripHeight`.
    /// - Complexity: O(1).
    public func frame(
        current: Rect,
        neighbour: Rect?,
        progress: Double,
        stripHeight: Double
    ) throws(TabStripError) -> Rect {
        try TabStripError.requireValidFrame(current, "current")
        if let neighbour { try TabStripError.requireValidFrame(neighbour, "neighbour") }
        try TabStripError.requireFinite(progress, "progress")
        try TabStripError.requireLength(stripHeight, "stripHeight")
        return frame(uncheckedCurrent: current, neighbour: neighbour, progress: progress, stripHeight: stripHeight)
    }

    /// ``frame(current:neighbour:progress:stripHeight:)`` for inputs the
    /// caller knows are valid (the strip's own frames, fraction and
    /// height; checked only in builds with `TABSTRIP_INTERNAL_CHECKS`): the
    /// engine's own path.
    /// - Complexity: O(1).
    func frame(uncheckedCurrent current: Rect, neighbour: Rect?, progress: Double, stripHeight: Double) -> Rect {
        _checkFrameInputs(current: current, neighbour: neighbour, progress: progress, stripHeight: stripHeight)
        let y = top(inStripOfHeight: stripHeight)
        let from = horizontalSpan(under: current)
        guard let neighbour else {
            return Rect(x: from.x, y: y, width: from.width, height: height)
        }
        let to = horizontalSpan(under: neighbour)
        let t = Swift.min(abs(progress), 1)
        let span: (x: Double, width: Double)
        switch kind {
        case .line:
            span = Self.interpolate(from, to, t)
        case .lengthen:
            let minX = Swift.min(from.x, to.x)
            let maxX = Swift.max(from.x + from.width, to.x + to.width)
            let union = (x: minX, width: maxX - minX)
            span =
                t <= 0.5
                ? Self.interpolate(from, union, 2 * t)
                : Self.interpolate(union, to, 2 * t - 1)
        }
        return Rect(x: span.x, y: y, width: span.width, height: height)
    }

    /// The indicator's frame during the drag `progress` (relative to the settled tab): from the
    /// current tab towards ``PagerProgress/neighbourIndex``.
    ///
    /// - Parameters:
    ///   - progress: The drag, relative to the settled tab.
    ///   - stripHeight: The strip's height in points, finite and `>= 0`.
    ///   - tabFrame: The frame of a tab by index (typically the strip
    ///     layout's frame query); called for the current tab and, during a
    ///     drag, the neighbour.
    /// - Throws: whatever `tabFrame` throws, and the errors of
    ///   ``frame(current:neighbour:progress:stripHeight:)``.
    /// - Complexity: O(1) plus two `tabFrame` calls.
    public func frame(
        in progress: PagerProgress,
        stripHeight: Double,
        tabFrame: (Int) throws(TabStripError) -> Rect
    ) throws(TabStripError) -> Rect {
        let current = try tabFrame(progress.currentIndex)
        let neighbour: Rect? = if let index = progress.neighbourIndex { try tabFrame(index) } else { nil }
        return try frame(current: current, neighbour: neighbour, progress: progress.progress, stripHeight: stripHeight)
    }

    /// The indicator's frame at the pager `position` (left and right factors): from the left
    /// tab towards the right one, ``PagerPosition/rightFactor`` of the way.
    ///
    /// The result equals the `PagerProgress` overload
    /// for any settled page the position is within one page of (both kinds
    /// are symmetric: going `t` from `a` to `b` is going `1 − t` from `b`
    /// to `a`), up to floating-point rounding.
    ///
    /// - Parameters:
    ///   - position: The pager's position.
    ///   - stripHeight: The strip's height in points, finite and `>= 0`.
    ///   - tabFrame: The frame of a tab by index; called for the left tab
    ///     and, mid-transition, the right one.
    /// - Throws: whatever `tabFrame` throws, and the errors of
    ///   ``frame(current:neighbour:progress:stripHeight:)``.
    /// - Complexity: O(1) plus two `tabFrame` calls.
    public func frame(
        in position: PagerPosition,
        stripHeight: Double,
        tabFrame: (Int) throws(TabStripError) -> Rect
    ) throws(TabStripError) -> Rect {
        let left = try tabFrame(position.leftIndex)
        let right: Rect? =
            if position.rightFactor > 0, let index = position.rightIndex { try tabFrame(index) } else { nil }
        return try frame(current: left, neighbour: right, progress: position.rightFactor, stripHeight: stripHeight)
    }

    private func horizontalSpan(under tab: Rect) -> (x: Double, width: Double) {
        switch width {
        case .inset(let padding):
            let inner = tab.width - 2 * padding
            return inner >= 0 ? (tab.x + padding, inner) : (tab.x + tab.width / 2, 0)
        case .fixed(let value):
            return (tab.x + (tab.width - value) / 2, value)
        case .fullTab:
            return (tab.x, tab.width)
        }
    }

    private func top(inStripOfHeight stripHeight: Double) -> Double {
        switch placement {
        case .bottom(let inset): return stripHeight - inset - height
        case .top(let inset): return inset
        }
    }

    private static func interpolate(
        _ a: (x: Double, width: Double),
        _ b: (x: Double, width: Double),
        _ t: Double
    ) -> (x: Double, width: Double) {
        (TabStripCore.interpolate(a.x, b.x, t), TabStripCore.interpolate(a.width, b.width, t))
    }
}
