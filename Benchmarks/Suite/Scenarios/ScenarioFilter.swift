/// Which scenarios a `--filter` selects: a scenario is selected when its
/// name contains any of the patterns (case-sensitive); no patterns select
/// every scenario.
package enum ScenarioFilter {
    /// Whether `name` is selected by `patterns` (`nil` or empty: all).
    package static func selects(_ name: String, patterns: [String]?) -> Bool {
        guard let patterns, !patterns.isEmpty else { return true }
        return patterns.contains { name.contains($0) }
    }
}
