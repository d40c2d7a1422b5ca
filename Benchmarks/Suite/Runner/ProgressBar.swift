import BenchInstruments

/// The progress bar drawn on standard error while a scenario runs: it appears only on a terminal and only once the
/// scenario has taken more than ``delaySeconds``, and is redrawn at most ten times a second.
final class ProgressBar {
    static let delaySeconds = 2.0

    private let sink: any OutputSink
    private let label: String
    private let delaySeconds: Double
    private let start = MonotonicClock.now()
    private var lastDraw: UInt64 = 0
    private var drawn = false

    init(sink: any OutputSink, label: String, delaySeconds: Double = ProgressBar.delaySeconds) {
        (self.sink, self.label, self.delaySeconds) = (sink, label, delaySeconds)
    }

    /// Shows `fraction` (0...1) done.
    func update(_ fraction: Double) {
        guard sink.isTerminal else { return }
        let now = MonotonicClock.now()
        let elapsed = Double(now &- start) / 1e9
        guard elapsed >= delaySeconds, !drawn || now &- lastDraw >= 100_000_000 else { return }
        lastDraw = now
        drawn = true
        let width = 30
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let percent = Int((fraction * 100).rounded(.down))
        sink.write("\r  [\(bar)] \(percent)% \(label) \(Format.seconds(elapsed))\u{1B}[K")
    }

    func finish() { if drawn { sink.write("\r\u{1B}[K") } }
}
