/// One curve of the scaling chart: a quantity (``name``) measured for one
/// strategy at several sizes.
///
/// The chart draws one panel per distinct ``name`` (for example
/// `"per-frame time (p50)"` and `"build time"`), with one line per
/// ``strategy`` in each, on log-log axes.
package struct Series: Codable, Sendable, Equatable {
    /// The quantity, shared by the series drawn in one panel.
    package var name: String
    /// The strategy this curve belongs to (`"virtualised"`, `"eager"`).
    package var strategy: String
    /// The unit of x (`"tabs"`).
    package var xUnit: String
    /// The unit of y (`"ns"`, `"bytes"`).
    package var yUnit: String
    /// The measurements, in increasing x.
    package var points: [SeriesPoint]

    /// Creates a series.
    package init(name: String, strategy: String, xUnit: String, yUnit: String, points: [SeriesPoint]) {
        self.name = name
        self.strategy = strategy
        self.xUnit = xUnit
        self.yUnit = yUnit
        self.points = points
    }
}

/// One measurement of a series.
package struct SeriesPoint: Codable, Sendable, Equatable {
    /// The size (for example the tab count).
    package var x: Double
    /// The measured figure, or `nil` when it could not be measured.
    @ExplicitNull package var y: Double?

    /// Creates a point.
    package init(x: Double, y: Double?) {
        self.x = x
        self.y = y
    }

}
