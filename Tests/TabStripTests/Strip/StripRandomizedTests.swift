import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// Seeded random operation sequences on a ``TabStrip``, checked against
/// ``StripModel`` after every step: titles, badges, selection, transition,
/// widths, frames, visible range, content offset (scroll anchoring), title
/// appearance, indicator, selection overlay, accessibility, content layout,
/// and for every bad input the exact error with the strip left untouched.
@Suite struct StripRandomizedTests {
    /// 4,496 sequences of 26 steps by default (116,896 operations); see
    /// ``ModelScale`` for new seeds and soaks.
    static let sequences = 4_496
    static let blocks = 8
    static let steps = 26

    @Test(arguments: 0..<blocks)
    func randomSequences(block: Int) {
        let perBlock = Self.sequences / Self.blocks
        for seed in ModelScale.seeds(perBlock, first: block * perBlock, salt: 0x5731_0000 + UInt64(block)) {
            var session = StripSession(seed: seed)
            if session.report() { return }
            for _ in 0..<Self.steps {
                session.randomStep()
                if session.report() { return }
            }
        }
    }
}

extension StripSession {
    enum Operation: CaseIterable {
        case insert, remove, rename, badge, move, replaceAll, sizing, viewport, layout
        case offset, select, pager, transition, endTransition, margin, style
    }

    static let weights: [(Operation, Int)] = [
        (.insert, 14), (.remove, 10), (.rename, 6), (.badge, 9), (.move, 6), (.replaceAll, 2),
        (.sizing, 3), (.viewport, 4), (.layout, 4), (.offset, 10), (.select, 9), (.pager, 9),
        (.transition, 6), (.endTransition, 2), (.margin, 1), (.style, 1),
    ]

    static func operation(_ rng: inout RNG) -> Operation {
        var r = Int.random(in: 0..<weights.reduce(0) { $0 + $1.1 }, using: &rng)
        for (op, w) in weights {
            if r < w { return op }
            r -= w
        }
        return .offset
    }

    mutating func randomStep() {
        let n = strip.tabCount
        let bad = Self.chance(12, &rng)
        var op = Self.operation(&rng)
        if n > 60, op == .insert { op = .remove }
        // An empty strip refuses most operations: refill it more often.
        if n == 0, Self.chance(60, &rng) { op = .insert }
        switch op {
        case .insert:
            let count = Self.pick([0, 1, 1, 1, 1, 1, 2, 3, 5, 8, 20], &rng)
            let titles = Self.titles(count, &rng)
            var index = Self.pick([0, n, Int.random(in: 0...n, using: &rng), Int.random(in: 0...n, using: &rng)], &rng)
            if bad { index = Self.pick([-1, -5, n + 1, n + 7], &rng) }
            apply(
                "insertTabs(\(titles), at: \(index))",
                model: { m throws(TabStripError) in try m.insertTabs(titles, at: index) },
                engine: { s throws(TabStripError) in try s.insertTabs(titles, at: index) })

        case .remove:
            var range = 0..<0
            let sel = strip.selectedIndex ?? 0
            if n > 0 {
                switch Int.random(in: 0..<8, using: &rng) {
                case 0: range = sel..<(sel + 1)
                case 1: range = Self.chance(50, &rng) ? 0..<n : 0..<(n / 2)
                case 2: range = 0..<sel
                case 3: range = min(sel + 1, n)..<n
                case 4:
                    let k = Int.random(in: 0...n, using: &rng)
                    range = k..<k
                case 5:
                    let k = Int.random(in: 0..<n, using: &rng)
                    range = k..<(k + 1)
                default:
                    let a = Int.random(in: 0...n, using: &rng)
                    let b = Int.random(in: 0...n, using: &rng)
                    range = min(a, b)..<max(a, b)
                }
            }
            if bad { range = Self.pick([-2..<1, -1..<0, n..<(n + 2), 0..<(n + 1), max(0, n - 1)..<(n + 5)], &rng) }
            apply(
                "removeTabs(in: \(range))",
                model: { m throws(TabStripError) in try m.removeTabs(in: range) },
                engine: { s throws(TabStripError) in try s.removeTabs(in: range) })

        case .rename:
            var index = n > 0 ? Int.random(in: 0..<n, using: &rng) : 0
            if bad { index = Self.pick([-1, n, n + 2], &rng) }
            let title =
                Self.chance(8, &rng) ? Self.pick(Array(ProbeMeasurer.poison.keys).sorted(), &rng) : Self.title(&rng)
            apply(
                "renameTab(\(index), to: \(title))",
                model: { m throws(TabStripError) in try m.renameTab(index, to: title) },
                engine: { s throws(TabStripError) in try s.renameTab(index, to: title) })

        case .badge:
            var index =
                n > 0 ? (Self.chance(30, &rng) ? (strip.selectedIndex ?? 0) : Int.random(in: 0..<n, using: &rng)) : 0
            var badge = Self.badge(&rng)
            if bad {
                if Self.chance(50, &rng) {
                    index = Self.pick([-1, n, n + 2], &rng)
                } else {
                    badge = .count(Self.pick([-1, -100], &rng))
                }
            }
            apply(
                "setBadge(\(badge), ofTab: \(index))",
                model: { m throws(TabStripError) in try m.setBadge(badge, at: index) },
                engine: { s throws(TabStripError) in try s.setBadge(badge, ofTab: index) })

        case .move:
            var source =
                n > 0 ? (Self.chance(30, &rng) ? (strip.selectedIndex ?? 0) : Int.random(in: 0..<n, using: &rng)) : 0
            var destination = n > 0 ? (Self.chance(10, &rng) ? source : Int.random(in: 0..<n, using: &rng)) : 0
            if bad {
                if Self.chance(50, &rng) {
                    source = Self.pick([-1, n], &rng)
                } else {
                    destination = Self.pick([-1, n, n + 4], &rng)
                }
            }
            apply(
                "moveTab(from: \(source), to: \(destination))",
                model: { m throws(TabStripError) in try m.moveTab(from: source, to: destination) },
                engine: { s throws(TabStripError) in try s.moveTab(from: source, to: destination) })

        case .replaceAll:
            let titles = Self.titles(Self.pick([0, 1, 3, 8, 16], &rng), &rng)
            apply(
                "replaceAllTabs(with: \(titles))",
                model: { m throws(TabStripError) in try m.replaceAllTabs(with: titles) },
                engine: { s throws(TabStripError) in try s.replaceAllTabs(with: titles) })

        case .sizing:
            var (sizing, advance) = Self.sizing(layout: model.layout, &rng)
            if bad {
                switch Int.random(in: 0..<8, using: &rng) {
                case 0: sizing.rule = .measured(padding: -1, minimum: nil, maximum: nil)
                case 1: sizing.rule = .measured(padding: 20, minimum: .nan, maximum: nil)
                case 2: sizing.rule = .measured(padding: 20, minimum: 100, maximum: 99.5)
                case 3: sizing.rule = .fixed(width: Self.pick([0, -1, .infinity], &rng))
                case 4: sizing.rule = .equalDivision(spacing: -0.25, minimum: nil)
                case 5: sizing.badgeStyle.dotDiameter = -1
                case 6: sizing.badgeStyle.maximumCount = 0
                default: sizing.badgeStyle.verticalOffset = .nan
                }
            }
            apply(
                "setSizing(\(sizing.rule), advance \(advance))",
                model: { m throws(TabStripError) in try m.setSizing(sizing, advance: advance) },
                engine: { s throws(TabStripError) in try s.setSizing(sizing) })

        case .viewport:
            var viewport = Self.viewport(&rng)
            if bad {
                switch Int.random(in: 0..<5, using: &rng) {
                case 0: viewport.width = 0
                case 1: viewport.width = Self.pick([-5, .nan, .infinity], &rng)
                case 2: viewport.height = 0
                case 3: viewport.height = Self.pick([-1, .nan], &rng)
                default: viewport = Viewport(width: .nan, height: .nan)
                }
            }
            apply(
                "setViewport(\(viewport))",
                model: { m throws(TabStripError) in try m.setViewport(viewport) },
                engine: { s throws(TabStripError) in try s.setViewport(viewport) })

        case .layout:
            var layout = strip.layout
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: layout = Self.layout(&rng)
            case 1: layout.direction = layout.direction == .leftToRight ? .rightToLeft : .leftToRight
            case 2: layout.alignment = Self.pick([.leading, .center, .fill], &rng)
            case 3:
                layout.contentInsets = HorizontalInsets(
                    leading: Self.quarter(0...80, &rng), trailing: Self.quarter(0...80, &rng))
            case 4: layout.spacing = Self.pick([0, 4, 12.5], &rng)
            default: layout.overscan = Self.pick([0, 30, 60, 200], &rng)
            }
            if bad {
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: layout.contentInsets.leading = -1
                case 1: layout.contentInsets.trailing = .nan
                case 2: layout.spacing = -0.5
                default: layout.overscan = .infinity
                }
            }
            apply(
                "setLayout(\(layout))",
                model: { m throws(TabStripError) in try m.setLayout(layout) },
                engine: { s throws(TabStripError) in try s.setLayout(layout) })

        case .offset:
            let top = Int(model.maxOffset * 4)
            var offset: Double
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: offset = 0
            case 1: offset = model.maxOffset
            case 2: offset = Self.quarter(-1200...(-1), &rng)
            case 3: offset = model.maxOffset + Self.quarter(1...1200, &rng)
            default: offset = Self.quarter(0...max(0, top), &rng)
            }
            if bad { offset = Self.pick([.nan, .infinity, -.infinity], &rng) }
            apply(
                "setContentOffset(\(offset))",
                model: { m throws(TabStripError) in try m.setContentOffset(offset) },
                engine: { s throws(TabStripError) in try s.setContentOffset(offset) })

        case .select:
            var index = n > 0 ? Int.random(in: 0..<n, using: &rng) : 0
            if bad || n == 0 { index = Self.pick([-1, n, n + 3], &rng) }
            let scroll = Self.pick([SelectionScroll.none, .reveal, .center, .leading, .trailing], &rng)
            if Self.chance(30, &rng) {
                // Scrolled to without being selected.
                apply(
                    "reveal(\(index), scroll: \(scroll))",
                    model: { m throws(TabStripError) in try m.reveal(index, scroll: scroll) },
                    engine: { s throws(TabStripError) in try s.reveal(index, scroll: scroll) })
            } else {
                apply(
                    "select(\(index), scroll: \(scroll))",
                    model: { m throws(TabStripError) in try m.select(index, scroll: scroll) },
                    engine: { s throws(TabStripError) in try s.select(index, scroll: scroll) })
            }

        case .pager:
            let current = strip.selectedIndex ?? 0
            var pages = max(n, 1)
            var page = current
            if bad {
                if Self.chance(50, &rng) || n < 2 {
                    pages = n + Self.pick([1, 2], &rng)
                } else {
                    page = (current + Int.random(in: 1..<n, using: &rng)) % n
                }
            }
            let raw = Self.pick(
                [0, 0.25, -0.25, 0.5, -0.5, 0.75, -0.75, 1, -1, 1.5, -1.5, Self.quarter(-4...4, &rng) / 4], &rng)
            let progress: PagerProgress
            if Self.chance(50, &rng) {
                guard let p = try? PagerProgress(currentIndex: page, progress: raw, pageCount: pages) else { return }
                progress = p
            } else {
                // Seed 000's formula from a pager offset: offset / width − index.
                guard
                    let p = try? PagerProgress(
                        offset: (Double(page) + raw) * 375, pageWidth: 375, pageCount: pages, currentIndex: page)
                else { return }
                progress = p
            }
            apply(
                "setPagerProgress(\(progress))",
                model: { m throws(TabStripError) in try m.setPagerProgress(progress) },
                engine: { s throws(TabStripError) in try s.setPagerProgress(progress) })

        case .transition:
            var target = n > 0 ? Int.random(in: 0..<n, using: &rng) : 0
            var fraction = Self.pick(
                [0, 0.25, 0.5, 1, -0.5, 1.5, Double(Int.random(in: 1...15, using: &rng)) / 16], &rng)
            if bad {
                if Self.chance(50, &rng) { target = Self.pick([-1, n], &rng) } else { fraction = .nan }
            }
            apply(
                "setTransition(to: \(target), fraction: \(fraction))",
                model: { m throws(TabStripError) in try m.setTransition(to: target, fraction: fraction) },
                engine: { s throws(TabStripError) in try s.setTransition(to: target, fraction: fraction) })

        case .endTransition:
            apply("endTransition()", model: { m in m.transition = nil }, engine: { s in s.endTransition() })

        case .margin:
            var margin = Self.pick([0, 12.5, 30, 100], &rng)
            if bad { margin = Self.pick([-1, .nan, .infinity], &rng) }
            apply(
                "setRevealMargin(\(margin))",
                model: { m throws(TabStripError) in try m.setRevealMargin(margin) },
                engine: { s throws(TabStripError) in try s.setRevealMargin(margin) })

        case .style:
            let title = Self.titleStyle(&rng)
            let indicator = Self.indicatorStyle(&rng)
            apply(
                "styles",
                model: { m in
                    m.titleStyle = title
                    m.indicatorStyle = indicator
                },
                engine: { s in
                    s.titleStyle = title
                    s.indicatorStyle = indicator
                })
        }
    }
}
