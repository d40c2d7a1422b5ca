extension TabSizing {
    /// This sizing as a strip with `spacing` between its tabs applies it: an
    /// equal-division rule divides with the strip's own spacing, so the tabs
    /// and the gaps between them always fill the available width; the other
    /// rules do not depend on spacing and are returned as they are.
    /// - Complexity: O(1).
    func adopting(spacing: Double) -> TabSizing {
        guard case .equalDivision(_, let minimum) = rule else { return self }
        var sizing = self
        sizing.rule = .equalDivision(spacing: spacing, minimum: minimum)
        return sizing
    }
}
