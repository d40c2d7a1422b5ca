import TabStripCore
import TabStripMotion

/// A plain reference model of the default `Pager`: a page index, a drag
/// translation and the end time of a settle, with the default paging rule's
/// thresholds (8 pt after a flick faster than 0.4, else 60 pt) and its
/// 0.15 s settle written out.
package struct PagerModel {
    package var page: Int
    package let count: Int
    package let size: Double
    package var dragging = false
    package var translation = 0.0
    package var settleEnd: Double?

    package init(page: Int, count: Int, size: Double) {
        self.page = page
        self.count = count
        self.size = size
    }

    package func settling(at t: Double) -> Bool {
        settleEnd.map { t < $0 } ?? false
    }

    package mutating func begin(at t: Double) -> PagerResponse {
        if let end = settleEnd, t < end { return .refusedWhileSettling(until: end) }
        if dragging { return .dragInProgress }
        dragging = true
        translation = 0
        settleEnd = nil
        return .accepted
    }

    package mutating func move(_ translation: Double) -> PagerResponse {
        guard dragging else { return .noDragInProgress }
        self.translation = translation
        return .accepted
    }

    package mutating func end(_ translation: Double, velocity: Double, at t: Double) -> PagerResponse {
        guard dragging else { return .noDragInProgress }
        let threshold = abs(velocity) > 0.4 ? 8.0 : 60.0
        if translation < -threshold && page < count - 1 {
            page += 1
        } else if translation > threshold && page > 0 {
            page -= 1
        }
        dragging = false
        settleEnd = t + 0.15
        return .accepted
    }

    package mutating func cancel(at t: Double) -> PagerResponse {
        guard dragging else { return .noDragInProgress }
        dragging = false
        settleEnd = t + 0.15
        return .accepted
    }

    package mutating func select(_ target: Int, animated: Bool, at t: Double) -> PagerResponse {
        if dragging { return .dragInProgress }
        page = target
        settleEnd = animated ? t + 0.15 : nil
        return .accepted
    }

    package func restingOffset(at t: Double) -> Double? {
        if dragging { return min(max(Double(page) * size - translation, 0), Double(count - 1) * size) }
        if settling(at: t) { return nil }
        return Double(page) * size
    }
}
