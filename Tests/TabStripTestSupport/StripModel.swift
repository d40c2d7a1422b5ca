import TabStripCore
import TabStripMotion
import TabStripSync

/// Measures titles as a ``ColumnTitleMeasurer`` does, except for a few
/// poison titles, for which it returns a width the engine must reject.
package struct ProbeMeasurer: TitleMeasurer {
    /// The poison titles and what they measure.
    package static let poison: [String: Double] = ["NaN!": .nan, "negative!": -8, "infinite!": .infinity]

    package let columns: ColumnTitleMeasurer

    package init(advance: Double) {
        columns = (try? ColumnTitleMeasurer(advance: advance)) ?? ColumnTitleMeasurer()
    }

    package func width(of title: String) -> Double {
        Self.poison[title] ?? columns.width(of: title)
    }
}

/// A reference model of a whole ``TabStrip``: plain arrays, every width
/// recomputed from its title by the formulas in the DocC comments, every
/// query a linear scan.
///
/// Tabs carry identities (`ids`) so that "the selection stays on the same
/// tab" and "the first visible tab keeps its place" are stated about tabs,
/// not indices.
package struct StripModel {
    package struct Transition: Equatable {
        package var from: Int
        package var to: Int
        package var fraction: Double

        package init(from: Int, to: Int, fraction: Double) {
            self.from = from
            self.to = to
            self.fraction = fraction
        }
    }

    /// The first tab overlapping the viewport and the logical distance of
    /// its leading edge from the viewport's leading edge.
    package struct Anchor {
        package var id: Int
        package var index: Int
        package var distance: Double
    }

    /// Absolute tolerance for geometry that involves a non-dyadic division
    /// (equal division, fill alignment).
    package static let tolerance = 1e-6

    package var ids: [Int] = []
    package var nextID = 0
    package var titles: [String] = []
    package var badges: [TabBadge] = []
    package var sizing: TabSizing
    /// The advance of the model's own column rule (the measurer's).
    package var advance: Double
    package var layout: TabStripLayout
    package var viewport: Viewport
    package var contentOffset: Double
    package var selectedID: Int?
    package var transition: Transition?
    package var revealMargin: Double
    package var titleStyle: TitleStyle
    package var indicatorStyle: IndicatorStyle

    /// Cached from the state: every width and every frame.
    package private(set) var widths: [Double] = []
    package private(set) var frames: [Rect] = []
    package private(set) var contentWidth = 0.0
    private(set) var fits = true

    /// The content offsets the engine may have after the last step: one,
    /// unless rounding makes the anchored tab ambiguous.
    package var offsetCandidates: [Double] = []
    /// Whether the state before the last step was exact (see ``isStrict``).
    package var wasStrict = true

    // MARK: Creation

    package init(
        titles: [String], sizing: TabSizing, advance: Double, layout: TabStripLayout,
        viewport: Viewport, selectedIndex: Int, titleStyle: TitleStyle,
        indicatorStyle: IndicatorStyle, revealMargin: Double
    ) throws(TabStripError) {
        try Self.validate(layout)
        try Self.validate(viewport)
        try Self.requireNonNegative(revealMargin, "revealMargin")
        if !titles.isEmpty, !(0..<titles.count).contains(selectedIndex) {
            throw .indexOutOfRange(index: selectedIndex, count: titles.count)
        }
        try Self.validate(sizing)
        let badges = [TabBadge](repeating: .none, count: titles.count)
        _ = try Self.widths(
            titles: titles, badges: badges, sizing: sizing, advance: advance, viewport: viewport, layout: layout)
        self.sizing = sizing
        self.advance = advance
        self.layout = layout
        self.viewport = viewport
        self.contentOffset = 0
        self.revealMargin = revealMargin
        self.titleStyle = titleStyle
        self.indicatorStyle = indicatorStyle
        self.titles = titles
        self.badges = badges
        self.ids = Array(0..<titles.count)
        self.nextID = titles.count
        self.selectedID = titles.isEmpty ? nil : selectedIndex
        refresh()
        contentOffset = startOffset
        offsetCandidates = [contentOffset]
    }

    // MARK: Validation, written from the DocC comments

    package static func requireNonNegative(_ v: Double, _ name: String) throws(TabStripError) {
        if !(v.isFinite && v >= 0) { throw .invalidValue(name: name, value: v) }
    }

    package static func validate(_ layout: TabStripLayout) throws(TabStripError) {
        try requireNonNegative(layout.contentInsets.leading, "contentInsets.leading")
        try requireNonNegative(layout.contentInsets.trailing, "contentInsets.trailing")
        try requireNonNegative(layout.spacing, "spacing")
        try requireNonNegative(layout.overscan, "overscan")
    }

    package static func validate(_ viewport: Viewport) throws(TabStripError) {
        guard viewport.width.isFinite, viewport.height.isFinite, viewport.width > 0, viewport.height > 0 else {
            throw .invalidViewport(width: viewport.width, height: viewport.height)
        }
    }

    package static func validate(_ sizing: TabSizing) throws(TabStripError) {
        switch sizing.rule {
        case .measured(let padding, let minimum, let maximum):
            try requireNonNegative(padding, "padding")
            if let minimum { try requireNonNegative(minimum, "minimum") }
            if let maximum { try requireNonNegative(maximum, "maximum") }
            if let minimum, let maximum, maximum < minimum { throw .invalidValue(name: "maximum", value: maximum) }
        case .fixed(let width):
            if !(width.isFinite && width > 0) { throw .invalidValue(name: "width", value: width) }
        case .equalDivision(let spacing, let minimum):
            try requireNonNegative(spacing, "spacing")
            if let minimum { try requireNonNegative(minimum, "minimum") }
        }
        let s = sizing.badgeStyle
        try requireNonNegative(s.dotDiameter, "dotDiameter")
        try requireNonNegative(s.countHeight, "countHeight")
        try requireNonNegative(s.digitAdvance, "digitAdvance")
        try requireNonNegative(s.countPadding, "countPadding")
        try requireNonNegative(s.gap, "gap")
        if !s.verticalOffset.isFinite { throw .invalidValue(name: "verticalOffset", value: s.verticalOffset) }
        if s.maximumCount < 1 { throw .invalidValue(name: "maximumCount", value: Double(s.maximumCount)) }
    }

    package static func validate(_ badge: TabBadge) throws(TabStripError) {
        if case .count(let c) = badge, c < 0 { throw .invalidValue(name: "badgeCount", value: Double(c)) }
    }

    // MARK: Widths

    /// Display columns of the titles the tests use: ASCII is one column, a
    /// CJK ideograph two.
    package static func columns(_ title: String) -> Int {
        title.unicodeScalars.reduce(0) { $0 + ((0x4E00...0x9FFF).contains($1.value) ? 2 : 1) }
    }

    /// The text of a count badge.
    package static func badgeText(_ badge: TabBadge, style: BadgeStyle) -> String? {
        guard case .count(let c) = badge else { return nil }
        return c > style.maximumCount ? "\(style.maximumCount)+" : "\(c)"
    }

    /// The badge's size.
    package static func badgeSize(_ badge: TabBadge, style: BadgeStyle) -> (width: Double, height: Double) {
        switch badge {
        case .none: return (0, 0)
        case .dot: return (style.dotDiameter, style.dotDiameter)
        case .count:
            let text = badgeText(badge, style: style)!
            return (
                max(style.countHeight, Double(text.count) * style.digitAdvance + 2 * style.countPadding),
                style.countHeight
            )
        }
    }

    /// What a badge adds to a measured tab: gap plus badge width.
    package static func extra(_ badge: TabBadge, style: BadgeStyle) -> Double {
        if case .none = badge { return 0 }
        return style.gap + badgeSize(badge, style: style).width
    }

    package static func available(_ viewport: Viewport, _ layout: TabStripLayout) -> Double {
        max(0, viewport.width - layout.contentInsets.leading - layout.contentInsets.trailing)
    }

    /// What the measurer returns for `title`.
    package static func measure(_ title: String, advance: Double) -> Double {
        ProbeMeasurer.poison[title] ?? Double(columns(title)) * advance
    }

    package static func width(
        title: String, badge: TabBadge, index: Int, count: Int, sizing: TabSizing,
        advance: Double, viewport: Viewport, layout: TabStripLayout
    ) throws(TabStripError) -> Double {
        switch sizing.rule {
        case .measured(let padding, let minimum, let maximum):
            let m = measure(title, advance: advance)
            guard m.isFinite, m >= 0 else { throw .invalidWidth(index: index, value: m) }
            var w = m + 2 * padding + extra(badge, style: sizing.badgeStyle)
            if let minimum { w = max(w, minimum) }
            if let maximum { w = min(w, maximum) }
            return w
        case .fixed(let width):
            return width
        case .equalDivision(_, let minimum):
            // A strip divides with its layout's spacing, whatever the rule says.
            let share = (available(viewport, layout) - Double(count - 1) * layout.spacing) / Double(count)
            return max(max(share, 0), minimum ?? 0)
        }
    }

    /// Every width, throwing for the first tab whose title measures badly.
    package static func widths(
        titles: [String], badges: [TabBadge], sizing: TabSizing, advance: Double,
        viewport: Viewport, layout: TabStripLayout
    ) throws(TabStripError) -> [Double] {
        var result: [Double] = []
        result.reserveCapacity(titles.count)
        for i in titles.indices {
            result.append(
                try width(
                    title: titles[i], badge: badges[i], index: i, count: titles.count,
                    sizing: sizing, advance: advance, viewport: viewport, layout: layout
                ))
        }
        return result
    }

    /// Recomputes the cached widths and frames from the state. The state is
    /// always measurable (a title the measurer rejects never gets in while
    /// it is measured).
    package mutating func refresh() {
        widths =
            (try? Self.widths(
                titles: titles, badges: badges, sizing: sizing, advance: advance,
                viewport: viewport, layout: layout
            )) ?? []
        let g = geometry
        frames = g.frames
        contentWidth = g.content
        fits = g.fits
    }

    // MARK: Geometry

    package var geometry: GeometryModel {
        GeometryModel(widths: widths, layout: layout, viewport: viewport, contentOffset: contentOffset)
    }

    package var maxOffset: Double { contentWidth - viewport.width }

    package func clamp(_ x: Double) -> Double { min(max(x, 0), maxOffset) }

    package var startOffset: Double { layout.direction == .leftToRight ? 0 : maxOffset }

    /// Whether frames are exact dyadic sums (no equal division, no fill
    /// stretching).
    package var isExactLayout: Bool {
        if titles.isEmpty { return true }
        if case .equalDivision = sizing.rule { return false }
        return !(fits && layout.alignment == .fill)
    }

    /// Whether the engine and the model must agree bit for bit: exact
    /// frames and a content offset on a 1/1024 grid.
    package var isStrict: Bool {
        isExactLayout && (contentOffset * 1024).rounded() == contentOffset * 1024
    }

    package var selectedIndex: Int? { selectedID.flatMap { ids.firstIndex(of: $0) } }

    /// The tabs overlapping `[start - slack, end + slack)`, as a linear scan.
    package func overlapping(offset: Double, overscan: Double, slack: Double) -> [Int] {
        let start = offset - overscan - slack
        let end = offset + viewport.width + overscan + slack
        return frames.indices.filter { frames[$0].minX < end && frames[$0].maxX > start }
    }

    /// The anchors the engine may pick: the first tab surely overlapping
    /// the viewport and the first possibly overlapping one (the same tab
    /// when the layout is exact); `nil` stands for "no tab in view".
    package func anchorCandidates() -> [Anchor?] {
        let eps = isExactLayout ? 0 : Self.tolerance
        func anchor(_ slack: Double) -> Anchor? {
            guard let i = overlapping(offset: contentOffset, overscan: 0, slack: slack).first else { return nil }
            let f = frames[i]
            let d = layout.direction == .leftToRight ? f.minX - contentOffset : contentOffset + viewport.width - f.maxX
            return Anchor(id: ids[i], index: i, distance: d)
        }
        let sure = anchor(-eps)
        let maybe = anchor(eps)
        return sure?.index == maybe?.index ? [sure] : [sure, maybe]
    }

    /// The offsets that put each anchored tab back at its distance, then
    /// clamp; `fallback` gives the index of a removed anchor's replacement.
    package func restoredOffsets(_ anchors: [Anchor?], from offsets: [Double], fallback: (Anchor) -> Int = { $0.index })
        -> [Double]
    {
        var result: [Double] = []
        for anchor in anchors {
            for offset in offsets {
                guard let anchor, !ids.isEmpty else {
                    result.append(clamp(offset))
                    continue
                }
                let i = ids.firstIndex(of: anchor.id) ?? fallback(anchor)
                let f = frames[i]
                let raw =
                    layout.direction == .leftToRight
                    ? f.minX - anchor.distance : anchor.distance + f.maxX - viewport.width
                result.append(clamp(raw))
            }
        }
        return result
    }

    /// The offset nearest to `offset` that shows tab `i` with `margin` to
    /// spare on each side, clamped.
    package func revealing(_ i: Int, margin: Double, from offset: Double) -> Double {
        let f = frames[i]
        // Margins shrink equally to show the tab whole.
        let spare = min(margin, max(0, (viewport.width - f.width) / 2))
        let low = f.minX - spare
        let high = f.maxX + spare
        // Wider than the viewport: its leading edge wins.
        if high - low > viewport.width {
            return clamp(layout.direction == .leftToRight ? low : high - viewport.width)
        }
        // The offsets that show [low, high] are [high - width, low]; the
        // nearest to `offset` is `offset` clamped into that interval.
        return clamp(min(max(offset, high - viewport.width), low))
    }

    package func centering(_ i: Int) -> Double { clamp(frames[i].midX - viewport.width / 2) }

    package func target(selecting i: Int, scroll: SelectionScroll, from offset: Double) -> Double {
        switch scroll {
        case .none: return offset
        case .reveal: return revealing(i, margin: revealMargin, from: offset)
        case .center: return centering(i)
        case .leading: return clamp(layout.direction == .leftToRight ? frames[i].minX : frames[i].maxX - viewport.width)
        case .trailing:
            return clamp(layout.direction == .leftToRight ? frames[i].maxX - viewport.width : frames[i].minX)
        }
    }

    /// Sets the candidates and the offset (the first candidate until the
    /// checker adopts the engine's).
    package mutating func setOffsets(_ candidates: [Double]) {
        var unique: [Double] = []
        for c in candidates where !unique.contains(c) { unique.append(c) }
        offsetCandidates = unique
        contentOffset = unique[0]
    }

    /// Runs `edit`, then restores the anchor captured before it.
    package mutating func anchored(fallback: (Anchor) -> Int = { $0.index }, _ edit: (inout StripModel) -> Void) {
        let anchors = anchorCandidates()
        let offsets = offsetCandidates.isEmpty ? [contentOffset] : offsetCandidates
        edit(&self)
        refresh()
        setOffsets(restoredOffsets(anchors, from: offsets, fallback: fallback))
    }

    package mutating func beginStep() {
        wasStrict = isStrict
        offsetCandidates = [contentOffset]
    }

    // MARK: Edits, with the validation order of the DocC comments

    package mutating func insertTabs(_ new: [String], at index: Int) throws(TabStripError) {
        guard (0...titles.count).contains(index) else { throw .indexOutOfRange(index: index, count: titles.count) }
        guard !new.isEmpty else { return }
        let newCount = titles.count + new.count
        for (k, title) in new.enumerated() {
            _ = try Self.width(
                title: title, badge: .none, index: index + k, count: newCount, sizing: sizing, advance: advance,
                viewport: viewport, layout: layout)
        }
        let newIDs = Array(nextID..<(nextID + new.count))
        nextID += new.count
        anchored { m in
            m.ids.insert(contentsOf: newIDs, at: index)
            m.titles.insert(contentsOf: new, at: index)
            m.badges.insert(contentsOf: repeatElement(.none, count: new.count), at: index)
            if m.selectedID == nil { m.selectedID = newIDs[0] }
            m.transition = nil
        }
    }

    package mutating func removeTabs(in range: Range<Int>) throws(TabStripError) {
        guard (0...titles.count).contains(range.lowerBound) else {
            throw .indexOutOfRange(index: range.lowerBound, count: titles.count)
        }
        guard (0...titles.count).contains(range.upperBound) else {
            throw .indexOutOfRange(index: range.upperBound, count: titles.count)
        }
        guard !range.isEmpty else { return }
        let removedIDs = Set(ids[range])
        let newCount = titles.count - range.count
        // A removed anchor is replaced by the first tab after the range, or
        // the last tab when the range was at the end.
        anchored(fallback: { _ in min(range.lowerBound, newCount - 1) }) { m in
            m.ids.removeSubrange(range)
            m.titles.removeSubrange(range)
            m.badges.removeSubrange(range)
            if let s = m.selectedID, removedIDs.contains(s) {
                // The tab that takes its index; the one before the range
                // when the range was at the end; none when empty.
                m.selectedID = m.ids.isEmpty ? nil : m.ids[min(range.lowerBound, m.ids.count - 1)]
            }
            m.transition = nil
        }
    }

    package mutating func renameTab(_ index: Int, to title: String) throws(TabStripError) {
        guard titles.indices.contains(index) else { throw .indexOutOfRange(index: index, count: titles.count) }
        _ = try Self.width(
            title: title, badge: badges[index], index: index, count: titles.count, sizing: sizing, advance: advance,
            viewport: viewport, layout: layout)
        anchored { $0.titles[index] = title }
    }

    package mutating func setBadge(_ badge: TabBadge, at index: Int) throws(TabStripError) {
        guard titles.indices.contains(index) else { throw .indexOutOfRange(index: index, count: titles.count) }
        try Self.validate(badge)
        _ = try Self.width(
            title: titles[index], badge: badge, index: index, count: titles.count, sizing: sizing, advance: advance,
            viewport: viewport, layout: layout)
        anchored { $0.badges[index] = badge }
    }

    package mutating func moveTab(from source: Int, to destination: Int) throws(TabStripError) {
        guard titles.indices.contains(source) else { throw .indexOutOfRange(index: source, count: titles.count) }
        guard titles.indices.contains(destination) else {
            throw .indexOutOfRange(index: destination, count: titles.count)
        }
        guard source != destination else { return }
        anchored { m in
            m.ids.insert(m.ids.remove(at: source), at: destination)
            m.titles.insert(m.titles.remove(at: source), at: destination)
            m.badges.insert(m.badges.remove(at: source), at: destination)
            m.transition = nil
        }
    }

    package mutating func replaceAllTabs(with new: [String]) throws(TabStripError) {
        _ = try Self.widths(
            titles: new, badges: Array(repeating: .none, count: new.count), sizing: sizing, advance: advance,
            viewport: viewport, layout: layout)
        let oldSelected = selectedIndex
        let offset = contentOffset
        ids = Array(nextID..<(nextID + new.count))
        nextID += new.count
        titles = new
        badges = Array(repeating: .none, count: new.count)
        selectedID = new.isEmpty ? nil : ids[min(oldSelected ?? 0, new.count - 1)]
        transition = nil
        refresh()
        setOffsets([clamp(offset)])
    }

    package mutating func setSizing(_ new: TabSizing, advance newAdvance: Double) throws(TabStripError) {
        try Self.validate(new)
        // Titles are measured without badges first, then the badged tabs.
        _ = try Self.widths(
            titles: titles, badges: Array(repeating: .none, count: titles.count), sizing: new, advance: newAdvance,
            viewport: viewport, layout: layout)
        _ = try Self.widths(
            titles: titles, badges: badges, sizing: new, advance: newAdvance, viewport: viewport, layout: layout)
        anchored { m in
            m.sizing = new
            m.advance = newAdvance
        }
    }

    package mutating func setViewport(_ new: Viewport) throws(TabStripError) {
        try Self.validate(new)
        anchored { $0.viewport = new }
        if let s = selectedIndex {
            setOffsets(offsetCandidates.map { revealing(s, margin: revealMargin, from: $0) })
        }
    }

    package mutating func setLayout(_ new: TabStripLayout) throws(TabStripError) {
        try Self.validate(new)
        if new.direction != layout.direction {
            // The selected tab keeps its distance from the leading edge
            // (the screen is mirrored around it), clamped, then revealed.
            guard let selected = selectedIndex else {
                layout = new
                refresh()
                setOffsets([startOffset])
                return
            }
            let oldFrame = frames[selected]
            let oldDirection = layout.direction
            let width = viewport.width
            let distances = offsetCandidates.map { offset in
                oldDirection == .leftToRight ? oldFrame.minX - offset : offset + width - oldFrame.maxX
            }
            layout = new
            refresh()
            let f = frames[selected]
            setOffsets(
                distances.map { d in
                    let mirrored = clamp(new.direction == .leftToRight ? f.minX - d : f.maxX + d - width)
                    return revealing(selected, margin: revealMargin, from: mirrored)
                })
        } else {
            anchored { $0.layout = new }
        }
    }

    package mutating func setRevealMargin(_ margin: Double) throws(TabStripError) {
        try Self.requireNonNegative(margin, "revealMargin")
        revealMargin = margin
    }

    package mutating func setContentOffset(_ offset: Double) throws(TabStripError) {
        guard offset.isFinite else { throw .invalidOffset(offset) }
        setOffsets([offset])
    }

    package mutating func select(_ index: Int, scroll: SelectionScroll) throws(TabStripError) {
        guard titles.indices.contains(index) else { throw .indexOutOfRange(index: index, count: titles.count) }
        let offsets = offsetCandidates
        setOffsets(offsets.map { target(selecting: index, scroll: scroll, from: $0) })
        selectedID = ids[index]
        transition = nil
    }

    package mutating func reveal(_ index: Int, scroll: SelectionScroll) throws(TabStripError) {
        guard titles.indices.contains(index) else { throw .indexOutOfRange(index: index, count: titles.count) }
        let offsets = offsetCandidates
        setOffsets(offsets.map { target(selecting: index, scroll: scroll, from: $0) })
    }

    package mutating func setPagerProgress(_ p: PagerProgress) throws(TabStripError) {
        guard p.pageCount == titles.count else { throw .countMismatch(expected: titles.count, actual: p.pageCount) }
        guard p.currentIndex == selectedIndex else {
            throw .invalidValue(name: "currentIndex", value: Double(p.currentIndex))
        }
        if p.progress > 0 {
            transition = Transition(from: p.currentIndex, to: p.currentIndex + 1, fraction: p.progress)
        } else if p.progress < 0 {
            transition = Transition(from: p.currentIndex, to: p.currentIndex - 1, fraction: -p.progress)
        } else {
            transition = nil
        }
    }

    package mutating func setTransition(to target: Int, fraction: Double) throws(TabStripError) {
        guard titles.indices.contains(target) else { throw .indexOutOfRange(index: target, count: titles.count) }
        guard !fraction.isNaN else { throw .invalidValue(name: "fraction", value: fraction) }
        let f = min(max(fraction, 0), 1)
        if let s = selectedIndex, target != s, f > 0 {
            transition = Transition(from: s, to: target, fraction: f)
        } else {
            transition = nil
        }
    }

    // MARK: Appearance

    package static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double {
        a == b ? a : (1 - t) * a + t * b
    }

    package static func lerp(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
        Rect(
            x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t), width: lerp(a.width, b.width, t),
            height: lerp(a.height, b.height, t))
    }

    package func selection(ofTab i: Int) -> Double {
        if let transition {
            if i == transition.from { return 1 - transition.fraction }
            if i == transition.to { return transition.fraction }
            return 0
        }
        return ids[i] == selectedID ? 1 : 0
    }

    package func titleAppearance(ofTab i: Int) -> TitleAppearance {
        let s = selection(ofTab: i)
        let a = titleStyle.restColor
        let b = titleStyle.selectedColor
        let color = RGBA(
            red: Self.lerp(a.red, b.red, s), green: Self.lerp(a.green, b.green, s), blue: Self.lerp(a.blue, b.blue, s),
            alpha: Self.lerp(a.alpha, b.alpha, s))
        return TitleAppearance(
            selection: s, color: color, scale: Self.lerp(titleStyle.restScale, titleStyle.selectedScale, s))
    }

    package func indicatorSpan(_ f: Rect) -> (x: Double, width: Double) {
        switch indicatorStyle.width {
        case .inset(let p):
            return f.width - 2 * p >= 0 ? (f.x + p, f.width - 2 * p) : (f.x + f.width / 2, 0)
        case .fixed(let w):
            return (f.x + (f.width - w) / 2, w)
        case .fullTab:
            return (f.x, f.width)
        }
    }

    package var indicatorFrame: Rect? {
        guard let s = selectedIndex else { return nil }
        let y: Double
        switch indicatorStyle.placement {
        case .bottom(let inset): y = viewport.height - inset - indicatorStyle.height
        case .top(let inset): y = inset
        }
        let a = indicatorSpan(frames[transition?.from ?? s])
        guard let transition else { return Rect(x: a.x, y: y, width: a.width, height: indicatorStyle.height) }
        let b = indicatorSpan(frames[transition.to])
        let t = transition.fraction
        func line(_ p: (x: Double, width: Double), _ q: (x: Double, width: Double), _ t: Double) -> (
            x: Double, width: Double
        ) {
            (Self.lerp(p.x, q.x, t), Self.lerp(p.width, q.width, t))
        }
        let span: (x: Double, width: Double)
        switch indicatorStyle.kind {
        case .line:
            span = line(a, b, t)
        case .lengthen:
            let lo = min(a.x, b.x)
            let hi = max(a.x + a.width, b.x + b.width)
            let union = (x: lo, width: hi - lo)
            span = t <= 0.5 ? line(a, union, 2 * t) : line(union, b, 2 * t - 1)
        }
        return Rect(x: span.x, y: y, width: span.width, height: indicatorStyle.height)
    }

    package var overlayWindow: Rect? {
        guard let s = selectedIndex else { return nil }
        guard let transition else { return frames[s] }
        return Self.lerp(frames[transition.from], frames[transition.to], transition.fraction)
    }

    // MARK: Accessibility

    /// "1,234,567": thousands grouped, written recursively.
    package static func grouped(_ n: Int) -> String {
        if n < 1000 { return String(n) }
        let rest = String(n % 1000)
        return grouped(n / 1000) + "," + String(repeating: "0", count: 3 - rest.count) + rest
    }

    package func accessibility(ofTab i: Int) -> (
        label: String, value: String?, selected: Bool, position: Int, count: Int, description: String
    ) {
        let value: String?
        switch badges[i] {
        case .none: value = nil
        case .dot: value = "new"
        case .count: value = Self.badgeText(badges[i], style: sizing.badgeStyle)
        }
        return (
            titles[i], value, ids[i] == selectedID, i + 1, titles.count,
            "\(Self.grouped(i + 1)) of \(Self.grouped(titles.count))"
        )
    }

    // MARK: Content layout

    /// The title and badge boxes inside tab `i`, from the BadgeStyle
    /// formulas.
    package func contentLayout(ofTab i: Int) -> (title: Rect, badge: Rect?) {
        let f = frames[i]
        let style = sizing.badgeStyle
        let padding: Double
        let titleWidth: Double
        if case .measured(let p, _, _) = sizing.rule {
            padding = p
            titleWidth = Self.measure(titles[i], advance: advance)
        } else {
            padding = 0
            titleWidth = max(0, f.width)
        }
        let extra = Self.extra(badges[i], style: style)
        let inner = max(0, f.width - 2 * padding)
        let shown = min(titleWidth, max(0, inner - extra))
        let start = (f.width - (shown + extra)) / 2
        func place(_ offset: Double, _ width: Double) -> Double {
            layout.direction == .leftToRight ? f.x + offset : f.x + (f.width - offset - width)
        }
        let title = Rect(x: place(start, shown), y: f.y, width: shown, height: f.height)
        if case .none = badges[i] { return (title, nil) }
        let size = Self.badgeSize(badges[i], style: style)
        let badge = Rect(
            x: place(start + shown + style.gap, size.width),
            y: f.midY + style.verticalOffset - size.height / 2,
            width: size.width, height: size.height
        )
        return (title, badge)
    }
}
