import TabStripCore
import TabStripMotion
import TabStripSync

/// A reference model of the strip's geometry: plain arrays and linear scans,
/// written straight from the definitions in the documentation.
package struct GeometryModel {
    package var widths: [Double]
    package var layout: TabStripLayout
    package var viewport: Viewport
    package var contentOffset: Double

    package init(widths: [Double], layout: TabStripLayout, viewport: Viewport, contentOffset: Double) {
        self.widths = widths
        self.layout = layout
        self.viewport = viewport
        self.contentOffset = contentOffset
    }

    package var natural: Double {
        let run = widths.isEmpty ? 0 : widths.reduce(0, +) + Double(widths.count - 1) * layout.spacing
        return layout.contentInsets.leading + run + layout.contentInsets.trailing
    }
    package var fits: Bool { natural <= viewport.width }
    package var content: Double { max(natural, viewport.width) }
    package var maxOffset: Double { content - viewport.width }

    /// Every frame, by accumulating widths left to right.
    package var frames: [Rect] {
        var origin = layout.contentInsets.leading
        var extra = 0.0
        if fits, layout.alignment == .center { origin += (viewport.width - natural) / 2 }
        if fits, layout.alignment == .fill, !widths.isEmpty {
            extra = (viewport.width - natural) / Double(widths.count)
        }
        var result: [Rect] = []
        var x = origin
        for w in widths {
            let width = w + extra
            let physical = layout.direction == .leftToRight ? x : content - x - width
            result.append(Rect(x: physical, y: 0, width: width, height: viewport.height))
            x += width + layout.spacing
        }
        return result
    }

    package func visible(offset: Double, overscan: Double, frames all: [Rect]? = nil) -> [Int] {
        let start = offset - overscan
        let end = offset + viewport.width + overscan
        let all = all ?? frames
        return all.indices.filter { all[$0].minX < end && all[$0].maxX > start }
    }

    package func hit(_ x: Double, frames all: [Rect]? = nil) -> Int? {
        let all = all ?? frames
        return all.indices.first { all[$0].minX <= x && x < all[$0].maxX }
    }

    package func clamp(_ x: Double) -> Double { min(max(x, 0), maxOffset) }

    package func centering(_ i: Int) -> Double { clamp(frames[i].midX - viewport.width / 2) }

    /// The first tab overlapping the viewport, and the logical distance of
    /// its leading edge from the viewport's leading edge.
    package func anchor() -> (tab: Int, distance: Double)? {
        guard let first = visible(offset: contentOffset, overscan: 0).first else { return nil }
        let f = frames[first]
        if layout.direction == .leftToRight {
            return (first, f.minX - contentOffset)
        }
        return (first, (contentOffset + viewport.width) - f.maxX)
    }
}
