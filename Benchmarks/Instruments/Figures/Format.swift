import Foundation
import TerminalText

/// Number formatting shared by the text, markdown and SVG outputs. Deterministic and locale-independent.
package enum Format {
    /// `1234567` → `"1,234,567"`.
    package static func integer(_ value: Int) -> String { grouped(value) }

    /// A number with up to three significant decimals (`12.5`, `0.125`, `1,234`). Any finite value prints: from 10^15
    /// up, in scientific notation (`1.23e+20`), so no conversion to `Int` can overflow.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value > 0 ? "inf" : "-inf") }
        let magnitude = abs(value)
        if magnitude >= 1e15 { return String(format: "%.3g", value) }
        if value == value.rounded() { return integer(Int(value)) }
        if magnitude >= 100 { return integer(Int(value.rounded())) }
        if magnitude >= 10 { return String(format: "%.1f", value) }
        if magnitude >= 1 { return String(format: "%.2f", value) }
        return String(format: "%.3g", value)
    }

    /// Nanoseconds in the largest unit that keeps three significant digits (`850 ns`, `1.25 µs`, `42.0 ms`, `3.10 s`).
    package static func nanoseconds(_ value: Double) -> String { scaled(value, by: 1_000, ["ns", "µs", "ms", "s"]) }

    /// Bytes in binary units (`512 B`, `1.50 KiB`, `80.0 MiB`).
    package static func bytes(_ value: Double) -> String { scaled(value, by: 1_024, ["B", "KiB", "MiB", "GiB"]) }

    /// `value` in the largest of `units` (each `step` times the one before) below which it stays under `step`.
    private static func scaled(_ value: Double, by step: Double, _ units: [String]) -> String {
        guard value.isFinite else { return number(value) }
        var (scaled, unit) = (value, 0)
        while abs(scaled) >= step, unit < units.count - 1 { (scaled, unit) = (scaled / step, unit + 1) }
        return "\(threeDigits(scaled)) \(units[unit])"
    }

    /// A number with exactly one decimal and no grouping (`91.8`, `4.9`,
    /// `1280.0`), as the replay's pass line prints nanoseconds per query.
    package static func oneDecimal(_ value: Double) -> String { String(format: "%.1f", value) }

    /// Seconds with two decimals (`1.25 s`).
    package static func seconds(_ value: Double) -> String { String(format: "%.2f s", value) }

    /// Three significant digits without grouping: `850`, `1.25`, `42.0`;
    /// integral values below 1,000 print without decimals.
    static func threeDigits(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude == 0 { return "0" }
        if magnitude >= 100 || (value == value.rounded() && magnitude < 1_000) { return String(format: "%.0f", value) }
        if magnitude >= 10 { return String(format: "%.1f", value) }
        if magnitude >= 1 { return String(format: "%.2f", value) }
        return String(format: "%.3g", value)
    }

    /// A metric's scalar value in its unit (`0 allocations`, `8.00 bytes/tab`, `3.2x`), or `"null"` when it is missing.
    package static func metricValue(_ metric: Metric) -> String {
        guard let value = metric.value else { return "null" }
        return figure(value, unit: metric.unit, kind: metric.kind)
    }

    package static func figure(_ value: Double, unit: String, kind: MetricKind) -> String {
        switch kind {
        case .timing, .duration: return nanoseconds(value)
        case .bytes where unit == "bytes": return bytes(value)
        case .ratio: return "\(number(value))x"
        case .instructions where unit == "x": return "\(number(value))x"
        default: return "\(number(value)) \(unit)"
        }
    }
}
