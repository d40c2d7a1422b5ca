import TabStrip
import TerminalText

/// Colours of the demo's chrome.
enum Palette {
    static let strip = TerminalColor(red: 24, green: 26, blue: 33)
    static let status = TerminalColor(red: 44, green: 47, blue: 58)
    static let statusText = TerminalColor(red: 190, green: 194, blue: 204)
    static let badge = TerminalColor(red: 220, green: 50, blue: 47)
    static let badgeText = TerminalColor(red: 255, green: 255, blue: 255)
    static let pageText = TerminalColor(red: 225, green: 228, blue: 235)

    /// A dark background tinted per page, so that sliding pages are told apart.
    static func page(_ index: Int) -> TerminalColor {
        let hue = (index &* 47) % 360
        func channel(_ shift: Int) -> UInt8 {
            let d = Double((hue + shift) % 360)
            let v = Swift.max(0, 1 - Swift.min(abs(d - 180), 180) / 120)
            return UInt8(30 + 30 * v)
        }
        return TerminalColor(red: channel(0), green: channel(120), blue: channel(240))
    }
}

extension DemoApp {
    /// The columns of the strip's indicator row that the indicator covers:
    /// column `c` is drawn when its centre, `c + 0.5`, lies in
    /// `[minX − scrollColumn, maxX − scrollColumn)` of the frame the engine
    /// gave the host (so at rest, with whole-column frames, exactly the
    /// frame's columns).
    public func indicatorColumns() -> Range<Int>? {
        guard let frame = host.indicatorFrame else { return nil }
        let shift = Double(scrollColumn)
        // Clamped to the screen before converting, so a frame far off
        // screen gives an empty range, never an inverted one.
        func column(_ x: Double) -> Int {
            Int(Swift.min(Swift.max((x - shift - 0.5).rounded(.up), 0), Double(columns)))
        }
        let lo = column(frame.minX)
        let range = lo..<Swift.max(lo, column(frame.maxX))
        return range.isEmpty ? nil : range
    }

    /// Draws the screen from the host's cells, the indicator frame, the
    /// pager and the status.
    public func render() -> ScreenBuffer {
        var screen = ScreenBuffer(columns: columns, rows: rows)
        guard !isTooSmall else {
            screen.write("Too small:", row: 0, column: 0, style: .plain)
            screen.write("needs \(Self.minimumColumns)x\(Self.minimumRows)", row: 1, column: 0, style: .plain)
            return screen
        }
        drawStrip(into: &screen)
        drawPages(into: &screen)
        drawStatus(into: &screen)
        return screen
    }

    private func drawStrip(into screen: inout ScreenBuffer) {
        let background = CellStyle(background: Palette.strip)
        for row in 0..<Self.stripRows { screen.fill(row: row, columns: 0..<columns, style: background) }
        let shift = scrollColumn
        // Pinned tabs are drawn over the tabs scrolling under them, and the
        // tab a finger drags last, over the others, even when its own place
        // has scrolled out of view.
        let lifted = bar.draggedTab
        let pinned = strip.pinnedTabRanges
        var tabs = bar.visibleTabs.filter { $0 != lifted }
        tabs += Array(pinned.leading) + Array(pinned.trailing)
        if let lifted { tabs.append(lifted) }
        for tab in tabs {
            guard let cell = bar.cell(ofTab: tab), cell.isShown, let content = cell.content,
                let appearance = cell.appearance, let rest = try? strip.frame(ofTab: tab)
            else { continue }
            // The cell's region on screen; nothing of it is drawn outside.
            let left = Int(cell.frame.minX.rounded(.down)) - shift
            let right = Int(cell.frame.maxX.rounded(.down)) - shift
            let clip = left..<Swift.max(left, right)
            guard let layout = try? strip.contentLayout(ofTab: tab) else { continue }
            // A cell moved from its tab's frame (a drag to reorder) carries
            // its content along.
            let moved = Int(cell.frame.minX.rounded(.down)) - Int(rest.minX.rounded(.down))
            let background = tab == lifted ? Palette.status : Palette.strip
            if tab == lifted || strip.isPinned(tab) {
                screen.fill(row: 0, columns: clip.clamped(to: 0..<columns), style: CellStyle(background: background))
            }
            let style = CellStyle(
                foreground: TerminalColor(appearance.color), background: background,
                bold: Self.isBold(appearance))
            screen.write(
                content.title, row: 0, column: Int(layout.title.minX.rounded(.down)) + moved - shift, style: style,
                clip: clip)
            if let badgeFrame = layout.badge {
                let text = (try? Self.badgeStyle.text(of: content.badge)) ?? nil
                let badgeStyle = CellStyle(foreground: Palette.badgeText, background: Palette.badge, bold: true)
                screen.write(
                    text ?? "•", row: Int(badgeFrame.minY.rounded(.down)),
                    column: Int(badgeFrame.minX.rounded(.down)) + moved - shift,
                    style: text == nil ? CellStyle(foreground: Palette.badge, background: background) : badgeStyle,
                    clip: clip)
            }
        }
        if let range = indicatorColumns(), let frame = host.indicatorFrame {
            let style = CellStyle(foreground: TerminalColor(Self.titleStyle.selectedColor), background: Palette.strip)
            let row = Swift.min(Swift.max(Int(frame.minY.rounded(.down)), 0), Self.stripRows - 1)
            for c in range { screen.write("━", row: row, column: c, style: style) }
        }
    }

    /// The rows of the page area.
    public var pageRows: Range<Int> { Self.stripRows..<(rows - Self.statusRows) }

    private func drawPages(into screen: inout ScreenBuffer) {
        let width = Double(columns)
        let mirrored = strip.layout.direction == .rightToLeft
        func place(_ x: Double) -> Int { Int((mirrored ? -x : x).rounded()) }
        if let jump = bar.pageJump {
            let f = jump.fraction(at: time)
            let sign = jump.isForward ? 1.0 : -1.0
            drawPage(jump.from, at: place(-sign * f * width), into: &screen)
            drawPage(jump.to, at: place(sign * (1 - f) * width), into: &screen)
        } else {
            let offset = bar.pageOffset
            let left = Int((offset / width).rounded(.down))
            drawPage(left, at: place(Double(left) * width - offset), into: &screen)
            if left + 1 < strip.tabCount, Double(left + 1) * width - offset < width {
                drawPage(left + 1, at: place(Double(left + 1) * width - offset), into: &screen)
            }
        }
    }

    /// Draws page `index` with its left edge at screen column `x`.
    private func drawPage(_ index: Int, at x: Int, into screen: inout ScreenBuffer) {
        guard index >= 0, index < strip.tabCount else { return }
        let clip = Swift.max(0, x)..<Swift.min(columns, Swift.max(0, x + columns))
        guard !clip.isEmpty else { return }
        let background = Palette.page(index)
        let style = CellStyle(foreground: Palette.pageText, background: background)
        let bold = CellStyle(foreground: Palette.pageText, background: background, bold: true)
        for row in pageRows { screen.fill(row: row, columns: clip, style: CellStyle(background: background)) }
        var lines: [(String, CellStyle)] = []
        let title = index < strip.tabCount ? strip.titles[index] : ""
        lines.append(("Page \(grouped(index + 1)) · \(title)", bold))
        if let page = bar.page(at: index) {
            lines.append(
                (
                    "loaded \(page.loadCount)× · page #\(page.serial) made\(page.wasPreloaded ? " (preloaded)" : "")",
                    style
                ))
        } else {
            lines.append(("(not loaded)", style))
        }
        let cache = bar.livePages
        let live = cache.indices.sorted().map { String($0 + 1) }
        lines.append(("live pages: \(live.joined(separator: " ")) (\(live.count) of \(cache.budget))", style))
        let c = cache.counters
        lines.append(
            ("cache: \(c.loaded) loaded · \(c.preloaded) preloaded · \(c.evicted) evicted · \(c.hits) hits", style))
        for (k, row) in pageRows.enumerated() where k < lines.count {
            screen.write(lines[k].0, row: row, column: x + 2, style: lines[k].1, clip: clip)
        }
        if x > 0, x < columns {
            for row in pageRows { screen.write("│", row: row, column: x, style: style) }
        }
    }

    /// The index of the page that has appeared (the one the user looks
    /// at), if any: found among the live pages by its serial.
    public var appearedPage: Int? {
        guard let serial = pageLog.appeared else { return nil }
        if let selected = strip.selectedIndex, bar.page(at: selected)?.serial == serial { return selected }
        return bar.livePages.indices.first { bar.page(at: $0)?.serial == serial }
    }

    /// The status lines' text (without styling).
    public func statusLines() -> (String, String) {
        var first = ""
        if let prompt {
            first =
                "\(promptMovesFocus ? "focus" : "go to") tab: \(prompt)▏ (1…\(grouped(strip.tabCount)), Enter, Esc)"
        } else if let spoken {
            first = "says: \(spoken)"
        } else if let selected = strip.selectedIndex, let a11y = try? strip.accessibility(ofTab: selected) {
            first = "\(a11y.positionDescription) · \(a11y.label)"
            if let value = a11y.value { first += " [\(value)]" }
            let visible = bar.visibleTabs
            first += " · visible \(visible.lowerBound)..<\(visible.upperBound)"
            first += strip.layout.direction == .rightToLeft ? " · RTL" : ""
            if let page = appearedPage { first += " · ▶ page \(grouped(page + 1))" }
            if let note { first += " · \(note)" }
        }
        let counts = bar.cellCounts
        var second = "cells \(bar.visibleTabs.count) alive · \(counts.made) created · \(counts.reused) reused"
        if lazy {
            second += " · measured \(grouped(strip.tabCount - strip.unmeasuredTabCount)) of \(grouped(strip.tabCount))"
        }
        if showsEngineTime {
            func ms(_ s: Double?) -> String {
                guard let s else { return "–" }
                let micro = Int((s * 1e6).rounded())
                return "\(micro / 1000).\(String(micro % 1000).leftPadded(to: 3))"
            }
            second +=
                " · engine \(ms(stats.last)) ms (p50 \(ms(stats.quantile(0.5))), p99 \(ms(stats.quantile(0.99))), \(stats.count) frames in 1 s)"
        } else {
            second += " · engine time n/a (virtual clock)"
        }
        return (first, second)
    }

    private func drawStatus(into screen: inout ScreenBuffer) {
        let style = CellStyle(foreground: Palette.statusText, background: Palette.status)
        let (first, second) = statusLines()
        for (k, text) in [first, second].enumerated() {
            let row = rows - Self.statusRows + k
            screen.fill(row: row, columns: 0..<columns, style: style)
            screen.write(text, row: row, column: 1, style: style, clip: 0..<columns)
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
