import TabStripTestSupport
import Testing

@testable import TabStripCore

/// Switching between left-to-right and right-to-left keeps the selected tab
/// in view (issue 28, item 7): the screen is mirrored around it, then it is
/// revealed if clamping (or being off screen before) leaves it out of view.
@Suite struct StripDirectionSwitchTests {
    /// Seeded strips (every alignment, spacing, sizing, scrolled anywhere,
    /// the selected tab on or off screen) switched back and forth: after
    /// each switch the selected tab is in view, and where the mirrored
    /// position needs no clamping and the tab was in view with its margins,
    /// it sits at exactly the mirrored place.
    @Test func theSelectedTabStaysInViewMirrored() throws {
        let seed = TestSeed.value(default: 0xD1EC)
        var rng = SeededGenerator(seed: seed)
        for round in 0..<2_000 {
            let count = Int.random(in: 1...60, using: &rng)
            let layout = TabStripLayout(
                contentInsets: HorizontalInsets(leading: Double(Int.random(in: 0...20, using: &rng)), trailing: 8),
                spacing: [0, 6][Int.random(in: 0..<2, using: &rng)],
                direction: Bool.random(using: &rng) ? .rightToLeft : .leftToRight,
                alignment: [.leading, .center, .fill][Int.random(in: 0..<3, using: &rng)])
            let sizing: TabSizing = [.measured(), .equalDivision(minimum: 40), .fixed(width: 64)][
                Int.random(in: 0..<3, using: &rng)]
            let viewport = Viewport(width: Double(Int.random(in: 120...600, using: &rng)), height: 44)
            var strip = try TabStrip(
                titles: (0..<count).map { "tab \($0)" + String(repeating: "x", count: $0 % 7) }, sizing: sizing,
                layout: layout, viewport: viewport)
            let selected = Int.random(in: 0..<count, using: &rng)
            try strip.select(selected, scroll: [.none, .reveal, .center][Int.random(in: 0..<3, using: &rng)])
            if Bool.random(using: &rng) {
                let range = strip.contentOffsetRange
                try strip.setContentOffset(Double.random(in: range, using: &rng).rounded())
            }
            for flip in 0..<2 {
                let note = "seed \(seed) round \(round) flip \(flip)"
                let w = viewport.width
                let margin = strip.revealMargin
                let old = try strip.frame(ofTab: selected)
                let oldOffset = strip.contentOffset
                let wasShownWithMargins = old.minX - margin >= oldOffset && old.maxX + margin <= oldOffset + w
                var newLayout = strip.layout
                newLayout.direction = newLayout.direction == .leftToRight ? .rightToLeft : .leftToRight
                try strip.setLayout(newLayout)
                strip._checkInvariants()
                let f = try strip.frame(ofTab: selected)
                let offset = strip.contentOffset
                let tolerance = 1e-9 * max(1, strip.contentWidth)
                // In view with its margins when they fit (a wider tab shows
                // its leading edge, as revealing it does), margins cut at the
                // content's ends.
                if f.width + 2 * margin <= w {
                    let low = max(f.minX - margin, 0)
                    let high = min(f.maxX + margin, strip.contentWidth)
                    #expect(
                        low >= offset - tolerance && high <= offset + w + tolerance,
                        "\(note): tab \(selected) at \(f.minX)...\(f.maxX), viewport \(offset)...\(offset + w)")
                } else {
                    #expect(f.minX < offset + w && f.maxX > offset, "\(note): tab \(selected) out of view")
                }
                // The mirrored position: the tab shown at a...b from the
                // viewport's left edge before is shown at (w - b)...(w - a).
                let mirrored = f.minX - (w - (old.maxX - oldOffset))
                if wasShownWithMargins, strip.contentOffsetRange.contains(mirrored) {
                    #expect(
                        abs(offset - mirrored) <= tolerance, "\(note): offset \(offset), mirrored \(mirrored)")
                }
            }
        }
    }

    /// The virtualiser follows: after a switch the selected tab has a cell.
    @Test func theVirtualizerShowsTheSelectedTabAfterASwitch() throws {
        let host = RecordingHost()
        let strip = try TabStrip(titles: (0..<200).map { "tab \($0)" }, viewport: Viewport(width: 390, height: 44))
        let v = try TabStripVirtualizer(strip: strip, host: host)
        try v.select(120, scroll: .center)
        try v.setLayout(TabStripLayout(direction: .rightToLeft))
        #expect(v.visibleTabs.contains(120))
        #expect(v.cell(ofTab: 120)?.content?.isSelected == true)
        let f = try v.strip.frame(ofTab: 120)
        // Centred before, so centred after (the mirror of the centre).
        #expect(abs(f.midX - (v.strip.contentOffset + 195)) <= 1e-9)
        try TabStripVirtualizerTests.expectScreenMatches(v, host, "after the switch")
    }
}
