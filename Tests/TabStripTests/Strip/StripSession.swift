import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// Everything a thrown error must leave untouched.
struct StripSnapshot: Equatable {
    var titles: [String]
    var badgedTabs: [Int]
    var badges: [TabBadge]
    var selectedIndex: Int?
    var transition: TabTransition?
    var contentOffsetBits: UInt64
    var widths: TabWidths
    var viewport: Viewport
    var layout: TabStripLayout
    var rule: TabSizing.Rule
    var badgeStyle: BadgeStyle
    var revealMargin: Double
    var titleStyle: TitleStyle
    var indicatorStyle: IndicatorStyle

    init(_ strip: TabStrip) {
        titles = Array(strip.titles)
        badgedTabs = strip.badgedTabs
        badges = strip.badgedTabs.map { (try? strip.badge(ofTab: $0)) ?? .none }
        selectedIndex = strip.selectedIndex
        transition = strip.transition
        contentOffsetBits = strip.contentOffset.bitPattern
        widths = strip.geometry.widths
        viewport = strip.viewport
        layout = strip.layout
        rule = strip.sizing.rule
        badgeStyle = strip.sizing.badgeStyle
        revealMargin = strip.revealMargin
        titleStyle = strip.titleStyle
        indicatorStyle = strip.indicatorStyle
    }
}

/// Collects mismatches without the cost of one `#expect` per comparison.
struct StripChecker {
    var failures: [String] = []

    mutating func check(_ ok: Bool, _ message: @autoclosure () -> String) {
        if !ok { failures.append(message()) }
    }

    mutating func close(_ a: Double, _ b: Double, exact: Bool, _ message: @autoclosure () -> String) {
        let ok = exact ? a == b : abs(a - b) <= StripModel.tolerance
        if !ok { failures.append("\(message()): \(a) vs model \(b)") }
    }

    mutating func close(_ a: Rect?, _ b: Rect?, exact: Bool, _ message: @autoclosure () -> String) {
        guard let a, let b else {
            if (a == nil) != (b == nil) {
                failures.append("\(message()): \(String(describing: a)) vs model \(String(describing: b))")
            }
            return
        }
        let ok =
            exact
            ? a == b
            : abs(a.x - b.x) <= StripModel.tolerance && abs(a.y - b.y) <= StripModel.tolerance
                && abs(a.width - b.width) <= StripModel.tolerance && abs(a.height - b.height) <= StripModel.tolerance
        if !ok { failures.append("\(message()): \(a) vs model \(b)") }
    }
}

/// A strip and its model driven by the same seeded operations, compared
/// after every step.
struct StripSession {
    typealias RNG = SeededGenerator

    static let pool = ["推荐", "关注", "同城", "热点", "科技前沿", "News", "Sports", "a", "", "Live 直播", "推荐", "World Cup 2026"]

    var strip: TabStrip
    var model: StripModel
    var rng: RNG
    var checker = StripChecker()
    /// The operations so far, described only when a report needs them.
    var log: [() -> String] = []
    let seed: UInt64

    // MARK: Random inputs

    static func pick<T>(_ items: [T], _ rng: inout RNG) -> T { items[Int.random(in: 0..<items.count, using: &rng)] }

    static func chance(_ percent: Int, _ rng: inout RNG) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }

    static func quarter(_ range: ClosedRange<Int>, _ rng: inout RNG) -> Double {
        Double(Int.random(in: range, using: &rng)) / 4
    }

    static func title(_ rng: inout RNG) -> String {
        chance(3, &rng) ? pick(Array(ProbeMeasurer.poison.keys).sorted(), &rng) : pick(pool, &rng)
    }

    static func titles(_ count: Int, _ rng: inout RNG) -> [String] {
        (0..<count).map { _ in title(&rng) }
    }

    static func layout(_ rng: inout RNG) -> TabStripLayout {
        TabStripLayout(
            contentInsets: HorizontalInsets(
                leading: chance(50, &rng) ? 0 : quarter(0...80, &rng),
                trailing: chance(50, &rng) ? 0 : quarter(0...80, &rng)
            ),
            spacing: pick([0, 0, 4, 12.5], &rng),
            direction: chance(70, &rng) ? .leftToRight : .rightToLeft,
            alignment: pick([.leading, .leading, .center, .fill], &rng),
            overscan: pick([0, 30, 60], &rng)
        )
    }

    static func viewport(_ rng: inout RNG) -> Viewport {
        Viewport(
            width: chance(50, &rng) ? pick([375, 390, 320, 812, 200, 1000, 50], &rng) : quarter(200...4000, &rng),
            height: pick([44, 40, 48], &rng)
        )
    }

    static let customBadges = BadgeStyle(
        dotDiameter: 5, countHeight: 14, digitAdvance: 6.5, countPadding: 3, maximumCount: 9, gap: 3, verticalOffset: -5
    )

    static func sizing(layout: TabStripLayout, _ rng: inout RNG) -> (TabSizing, advance: Double) {
        let advance = chance(80, &rng) ? 8 : 7.5
        let badges = chance(80, &rng) ? BadgeStyle.standard : customBadges
        let rule: TabSizing.Rule
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<6:
            let minimum: Double? = pick([nil, nil, 60, 100], &rng)
            var maximum: Double? = pick([nil, nil, 150, 400], &rng)
            if let lo = minimum, let hi = maximum, hi < lo { maximum = nil }
            rule = .measured(padding: pick([20, 20, 12.5, 0], &rng), minimum: minimum, maximum: maximum)
        case 6..<8:
            rule = .fixed(width: pick([80, 92.5, 60, 125], &rng))
        default:
            rule = .equalDivision(
                spacing: chance(80, &rng) ? layout.spacing : pick([0, 8], &rng), minimum: pick([nil, 50, 100], &rng))
        }
        return (TabSizing(rule: rule, measurer: ProbeMeasurer(advance: advance), badgeStyle: badges), advance)
    }

    static func badge(_ rng: inout RNG) -> TabBadge {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<3: return .none
        case 3..<5: return .dot
        case 5: return .count(0)
        case 6: return .count(Int.random(in: 1...9, using: &rng))
        case 7: return .count(Int.random(in: 10...99, using: &rng))
        case 8: return .count(pick([100, 101, 999], &rng))
        default: return .count(Int.random(in: 1000...100_000, using: &rng))
        }
    }

    static func titleStyle(_ rng: inout RNG) -> TitleStyle {
        pick([.douyin, (try? .newsTitleBar(maxScale: 1.25)) ?? .douyin], &rng)
    }

    static func indicatorStyle(_ rng: inout RNG) -> IndicatorStyle {
        pick(
            [
                .douyin,
                (try? .newsTitleBar(height: 2)) ?? .douyin,
                (try? IndicatorStyle(kind: .lengthen, width: .fixed(24), height: 4, placement: .top(inset: 2)))
                    ?? .douyin,
            ], &rng)
    }

    // MARK: Start

    init(seed: UInt64) {
        self.seed = seed
        var rng = RNG(seed: seed)
        // Draw until both sides accept the arguments (a poison title under a
        // measured sizing must be refused by both), at most 50 times.
        for attempt in 0..<50 {
            let count = attempt == 49 ? 0 : (Self.chance(15, &rng) ? 0 : Int.random(in: 1...14, using: &rng))
            let titles = Self.titles(count, &rng)
            let layout = Self.layout(&rng)
            let (sizing, advance) = Self.sizing(layout: layout, &rng)
            let viewport = Self.viewport(&rng)
            let selected = count == 0 ? Int.random(in: -2...2, using: &rng) : Int.random(in: 0..<count, using: &rng)
            let margin = Self.pick([30, 30, 0, 12.5], &rng)
            let titleStyle = Self.titleStyle(&rng)
            let indicatorStyle = Self.indicatorStyle(&rng)
            var expected: TabStripError?
            var model: StripModel?
            do throws(TabStripError) {
                model = try StripModel(
                    titles: titles, sizing: sizing, advance: advance, layout: layout, viewport: viewport,
                    selectedIndex: selected, titleStyle: titleStyle, indicatorStyle: indicatorStyle,
                    revealMargin: margin
                )
            } catch {
                expected = error
            }
            var got: TabStripError?
            var strip: TabStrip?
            do throws(TabStripError) {
                strip = try TabStrip(
                    titles: titles, sizing: sizing, layout: layout, viewport: viewport,
                    selectedIndex: selected, titleStyle: titleStyle, indicatorStyle: indicatorStyle,
                    revealMargin: margin
                )
            } catch {
                got = error
            }
            if got != expected {
                checker.failures.append(
                    "init(\(titles)): threw \(String(describing: got)), model \(String(describing: expected))")
            }
            if let strip, let model {
                self.strip = strip
                self.model = model
                self.rng = rng
                log.append { "init \(titles) \(sizing.rule) \(layout) \(viewport) selected \(selected)" }
                return
            }
        }
        // Only reached when the two sides keep disagreeing (already reported).
        strip = try! TabStrip(titles: [String](), viewport: Viewport(width: 390, height: 44))
        model = try! StripModel(
            titles: [], sizing: .measured(), advance: 8, layout: TabStripLayout(),
            viewport: Viewport(width: 390, height: 44),
            selectedIndex: 0, titleStyle: .douyin, indicatorStyle: .douyin, revealMargin: 30
        )
        self.rng = rng
    }

    // MARK: Running one operation on both

    mutating func apply(
        _ name: @autoclosure @escaping () -> String,
        model modelOp: (inout StripModel) throws(TabStripError) -> Void,
        engine engineOp: (inout TabStrip) throws(TabStripError) -> Void
    ) {
        log.append(name)
        model.beginStep()
        var m = model
        var expected: TabStripError?
        do throws(TabStripError) { try modelOp(&m) } catch { expected = error }
        let before = StripSnapshot(strip)
        var got: TabStripError?
        do throws(TabStripError) { try engineOp(&strip) } catch { got = error }
        strip._checkInvariants()
        checker.check(
            got == expected, "\(name()): threw \(String(describing: got)), model \(String(describing: expected))")
        if expected != nil || got != nil {
            checker.check(StripSnapshot(strip) == before, "\(name()) threw but changed the strip")
            // Both sides stay as they were before the call.
            model.offsetCandidates = [model.contentOffset]
        } else {
            model = m
        }
        compare()
    }

    /// Compares every query of the strip with the model.
    mutating func compare() {
        var c = checker
        defer { checker = c }
        var m = model
        let s = strip
        let n = m.titles.count

        // The content offset first (the model adopts the engine's when
        // rounding leaves more than one acceptable value).
        let strict = m.wasStrict && m.offsetCandidates.count == 1 && m.isStrict
        if strict {
            c.check(s.contentOffset == m.contentOffset, "contentOffset \(s.contentOffset), model \(m.contentOffset)")
        } else if m.offsetCandidates.contains(where: { abs($0 - s.contentOffset) <= StripModel.tolerance }) {
            m.contentOffset = s.contentOffset
        } else {
            c.failures.append("contentOffset \(s.contentOffset), model candidates \(m.offsetCandidates)")
        }
        m.offsetCandidates = [m.contentOffset]
        model = m
        let exact = m.isExactLayout

        c.check(s.tabCount == n, "tabCount \(s.tabCount) vs \(n)")
        c.check(Array(s.titles) == m.titles, "titles \(s.titles) vs \(m.titles)")
        c.check(
            s.badgedTabs == m.badges.indices.filter { m.badges[$0] != .none },
            "badgedTabs \(s.badgedTabs) vs \(m.badges)")
        for i in 0..<n {
            let b = try? s.badge(ofTab: i)
            if b != m.badges[i] {
                c.failures.append("badge of \(i): \(String(describing: b)) vs \(m.badges[i])")
                break
            }
        }
        c.check(
            s.selectedIndex == m.selectedIndex,
            "selectedIndex \(String(describing: s.selectedIndex)) vs \(String(describing: m.selectedIndex))")
        let transition = s.transition.map { StripModel.Transition(from: $0.from, to: $0.to, fraction: $0.fraction) }
        c.check(
            transition == m.transition,
            "transition \(String(describing: transition)) vs \(String(describing: m.transition))")
        c.check(s.viewport == m.viewport, "viewport")
        c.check(s.layout == m.layout, "layout \(s.layout) vs \(m.layout)")
        c.check(s.sizing.rule == m.sizing.rule, "sizing rule")
        c.check(s.revealMargin == m.revealMargin, "revealMargin")

        // Widths (always bit-exact: same formula), then frames.
        var widths: [Double] = []
        try? s.geometry.widths.forEachTab(in: 0..<s.geometry.tabCount) { _, _, w in widths.append(w) }
        c.check(widths == m.widths, "widths \(widths) vs model \(m.widths)")
        c.close(s.contentWidth, m.contentWidth, exact: exact, "contentWidth")
        c.close(s.contentOffsetRange.upperBound, m.maxOffset, exact: exact, "contentOffsetRange")
        var frames: [Rect] = []
        try? s.geometry.forEachFrame(in: 0..<s.geometry.tabCount) { _, f in frames.append(f) }
        if frames.count == m.frames.count {
            for i in frames.indices {
                c.close(frames[i], m.frames[i], exact: exact, "frame \(i)")
            }
        } else {
            c.failures.append("\(frames.count) frames, model \(m.frames.count)")
        }
        if n > 0 {
            let i = Int.random(in: 0..<n, using: &rng)
            c.close(try? s.frame(ofTab: i), m.frames[i], exact: exact, "frame(ofTab: \(i))")
        }

        // The visible range: it must hold every tab surely overlapping the
        // widened viewport and only tabs possibly overlapping it.
        let eps = exact ? 0 : StripModel.tolerance
        let visible = s.visibleTabs
        let sure = m.overlapping(offset: s.contentOffset, overscan: m.layout.overscan, slack: -eps)
        let maybe = m.overlapping(offset: s.contentOffset, overscan: m.layout.overscan, slack: eps)
        c.check(
            sure.allSatisfy(visible.contains) && visible.allSatisfy(maybe.contains)
                && (0...n).contains(visible.lowerBound),
            "visibleTabs \(visible), model \(sure) (maybe \(maybe)) at offset \(s.contentOffset)"
        )

        // Appearance of every visible tab, the selected one and the target.
        var shown = Set(visible)
        if let i = m.selectedIndex { shown.insert(i) }
        if let t = m.transition { shown.insert(t.to) }
        for i in shown.sorted() {
            let a = try? s.titleAppearance(ofTab: i)
            c.check(
                a == m.titleAppearance(ofTab: i),
                "titleAppearance(\(i)) \(String(describing: a)) vs \(m.titleAppearance(ofTab: i))")
        }
        c.close(s.indicatorFrame, m.indicatorFrame, exact: exact, "indicatorFrame")
        c.close(s.selectionOverlay?.window, m.overlayWindow, exact: exact, "selectionOverlay")
        if let overlay = s.selectionOverlay {
            c.check(overlay.contentOffset == overlay.window.x, "overlay content offset")
        }

        // Accessibility of the selected, the first visible and a random tab.
        if n > 0 {
            for i in Set([m.selectedIndex ?? 0, visible.first ?? 0, Int.random(in: 0..<n, using: &rng)]) {
                guard let a = try? s.accessibility(ofTab: i) else {
                    c.failures.append("accessibility(\(i)) threw")
                    continue
                }
                let e = m.accessibility(ofTab: i)
                c.check(
                    a.label == e.label && a.value == e.value && a.isSelected == e.selected && a.position == e.position
                        && a.count == e.count && a.positionDescription == e.description && a.role == .tab,
                    "accessibility(\(i)) \(a) vs \(e)"
                )
            }
            // Where a selection would scroll.
            let i = Int.random(in: 0..<n, using: &rng)
            let scroll = Self.pick([SelectionScroll.none, .reveal, .center], &rng)
            c.close(
                (try? s.targetContentOffset(forSelecting: i, scroll: scroll)) ?? .nan,
                m.target(selecting: i, scroll: scroll, from: m.contentOffset), exact: strict,
                "targetContentOffset(\(i), \(scroll))"
            )
        }

        // Title and badge boxes of a few visible tabs.
        for i in visible.prefix(6) {
            let expected = m.contentLayout(ofTab: i)
            let layout = try? s.contentLayout(ofTab: i)
            c.close(layout?.title, expected.title, exact: exact, "contentLayout(\(i)).title")
            c.close(layout?.badge, expected.badge, exact: exact, "contentLayout(\(i)).badge")
            c.close(try? s.badgeFrame(ofTab: i), expected.badge, exact: exact, "badgeFrame(\(i))")
        }

        // Hit testing where the frames are exact.
        if exact, n > 0 {
            let f = m.frames[Int.random(in: 0..<n, using: &rng)]
            for x in [f.minX, f.midX, f.maxX.nextDown] {
                let expected = m.frames.indices.first { m.frames[$0].minX <= x && x < m.frames[$0].maxX }
                c.check((try? s.tab(atContentX: x)) == expected, "tab(atContentX: \(x))")
            }
        }

        // Queries with bad input, now and then.
        if Self.chance(10, &rng) {
            let bad = Self.pick([n, -1, n + 3], &rng)
            let error = TabStripError.indexOutOfRange(index: bad, count: n)
            c.check(
                Self.error { () throws(TabStripError) in _ = try s.frame(ofTab: bad) } == error, "frame(ofTab: \(bad))")
            c.check(
                Self.error { () throws(TabStripError) in _ = try s.badge(ofTab: bad) } == error, "badge(ofTab: \(bad))")
            c.check(
                Self.error { () throws(TabStripError) in _ = try s.accessibility(ofTab: bad) } == error,
                "accessibility(ofTab: \(bad))")
            c.check(
                Self.error { () throws(TabStripError) in _ = try s.titleAppearance(ofTab: bad) } == error,
                "titleAppearance(ofTab: \(bad))")
            c.check(
                Self.error { () throws(TabStripError) in _ = try s.contentLayout(ofTab: bad) } == error,
                "contentLayout(ofTab: \(bad))")
            c.check(
                Self.error { () throws(TabStripError) in _ = try s.badgeFrame(ofTab: bad) } == error,
                "badgeFrame(ofTab: \(bad))")
            c.check(
                Self.error { () throws(TabStripError) in
                    _ = try s.targetContentOffset(forSelecting: bad, scroll: .reveal)
                } == error, "targetContentOffset(\(bad))")
            let x = Self.pick([Double.nan, .infinity, -.infinity], &rng)
            c.check(
                Self.error { () throws(TabStripError) in _ = try s.tab(atContentX: x) } == .invalidOffset(x),
                "tab(atContentX: \(x))")
        }
    }

    static func error(_ body: () throws(TabStripError) -> Void) -> TabStripError? {
        do throws(TabStripError) { try body() } catch { return error }
        return nil
    }

    /// Reports the first mismatch of the sequence with its operation log.
    mutating func report(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard !checker.failures.isEmpty else { return false }
        let steps = log.suffix(6).map { $0() }.joined(separator: "\n  ")
        Issue.record(
            Comment(
                rawValue:
                    "seed \(seed), step \(log.count - 1):\n  \(checker.failures.prefix(6).joined(separator: "\n  "))\nlast steps:\n  \(steps)"
            ),
            sourceLocation: sourceLocation
        )
        return true
    }
}
