import TabStripCore

/// A source of `tabCount` tabs whose IDs are their indices and whose titles are made from them when asked
/// (`Channel 12`): none is stored, as an app's source over a database reads a row when the strip asks for it.
package struct NumberedSource: TabSource {
    package let tabCount: Int
    package init(tabCount: Int) { self.tabCount = tabCount }
    package func id(ofTab index: Int) -> Int { index }
    package func title(ofTab index: Int) -> String? { index >= 0 && index < tabCount ? "Channel \(index)" : nil }
    package func index(ofID id: Int) -> Int? { id >= 0 && id < tabCount ? id : nil }
}

/// The relayouts an app makes often: a font change (Dynamic Type), a rotation, a switch to right to left.
package enum Relayout: String, CaseIterable, Sendable {
    case sizing, viewport, direction

    /// Makes this relayout on `strip`: `sizing` the new sizing, the viewport rotated from 390 to 844 pt, or the
    /// layout switched to right to left.
    package func apply(to strip: inout TabStrip, sizing: TabSizing) throws(TabStripError) {
        switch self {
        case .sizing:
            try strip.setSizing(sizing)
        case .viewport:
            try strip.setViewport(Viewport(width: 844, height: 44))
        case .direction:
            var layout = strip.layout
            layout.direction = .rightToLeft
            try strip.setLayout(layout)
        }
    }
}
