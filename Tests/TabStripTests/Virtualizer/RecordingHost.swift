@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// A cell that remembers everything the virtualiser told it.
final class RecordingCell {
    enum State { case shown, idle, discarded }
    let serial: Int
    let kind: TabCellKind
    var content: TabCellContent?
    var frame: Rect?
    var appearance: TitleAppearance?
    var state: State = .shown

    init(serial: Int, kind: TabCellKind) {
        self.serial = serial
        self.kind = kind
    }
}

/// A host that records every call, so tests can compare what a screen would
/// show with the strip, and count how much work each update caused.
final class RecordingHost: TabStripHost {
    var made: [RecordingCell] = []
    var indicator: Rect?? = .none
    var configures = 0
    var places = 0
    var applies = 0
    var recycles = 0
    var discards = 0
    var protocolViolations: [String] = []
    /// Tabs whose title starts with "★" use a second kind of cell.
    var usesKinds = false
    /// The host callbacks, for re-entrancy tests.
    enum Callback: String, CaseIterable {
        case makeCell, cellKind, configure, place, apply, recycle, discard, placeIndicator
    }
    /// Called at the start of every callback (re-entrancy tests call back
    /// into the engine from here).
    var onCallback: ((Callback) -> Void)?

    func makeCell(of kind: TabCellKind) -> RecordingCell {
        onCallback?(.makeCell)
        let cell = RecordingCell(serial: made.count, kind: kind)
        made.append(cell)
        return cell
    }

    func cellKind(for content: TabCellContent) -> TabCellKind {
        onCallback?(.cellKind)
        return usesKinds && content.title.hasPrefix("★") ? TabCellKind(rawValue: 1) : .standard
    }

    func configure(_ cell: RecordingCell, with content: TabCellContent) {
        onCallback?(.configure)
        if cell.state == .discarded { protocolViolations.append("configured discarded cell \(cell.serial)") }
        configures += 1
        cell.content = content
        cell.state = .shown
    }

    func place(_ cell: RecordingCell, at frame: Rect) {
        onCallback?(.place)
        if cell.state != .shown { protocolViolations.append("placed hidden cell \(cell.serial)") }
        places += 1
        cell.frame = frame
    }

    func apply(_ appearance: TitleAppearance, to cell: RecordingCell) {
        onCallback?(.apply)
        if cell.state != .shown { protocolViolations.append("styled hidden cell \(cell.serial)") }
        applies += 1
        cell.appearance = appearance
    }

    func recycle(_ cell: RecordingCell) {
        onCallback?(.recycle)
        if cell.state != .shown { protocolViolations.append("recycled hidden cell \(cell.serial)") }
        recycles += 1
        cell.state = .idle
    }

    func discard(_ cell: RecordingCell) {
        onCallback?(.discard)
        if cell.state != .shown { protocolViolations.append("discarded hidden cell \(cell.serial)") }
        discards += 1
        cell.state = .discarded
    }

    func placeIndicator(at frame: Rect?) {
        onCallback?(.placeIndicator)
        indicator = .some(frame)
    }

    func resetCounts() {
        configures = 0
        places = 0
        applies = 0
        recycles = 0
        discards = 0
    }
}
