import TabStripCore
import TabStripMotion
import TabStripSync

/// A cell that remembers everything the virtualiser told it.
package final class RecordingCell {
    package enum State { case shown, idle, discarded }
    package let serial: Int
    package let kind: TabCellKind
    package var content: TabCellContent?
    package var frame: Rect?
    package var appearance: TitleAppearance?
    package var state: State = .shown

    package init(serial: Int, kind: TabCellKind) {
        self.serial = serial
        self.kind = kind
    }
}

/// A host that records every call, so tests can compare what a screen would
/// show with the strip, and count how much work each update caused.
package final class RecordingHost: TabStripHost {
    package var made: [RecordingCell] = []
    package var indicator: Rect?? = .none
    package var configures = 0
    package var places = 0
    package var applies = 0
    package var recycles = 0
    package var discards = 0
    package var protocolViolations: [String] = []
    /// Tabs whose title starts with "★" use a second kind of cell.
    package var usesKinds = false
    /// The host callbacks, for re-entrancy tests.
    package enum Callback: String, CaseIterable {
        case makeCell, cellKind, configure, place, apply, recycle, discard, placeIndicator
    }
    /// Called at the start of every callback (re-entrancy tests call back
    /// into the engine from here).
    package var onCallback: ((Callback) -> Void)?

    /// The serial of the first cell this host makes (tests with two hosts
    /// give them disjoint serials).
    package let firstSerial: Int

    package init(usesKinds: Bool = false, firstSerial: Int = 0) {
        self.usesKinds = usesKinds
        self.firstSerial = firstSerial
    }

    package func makeCell(of kind: TabCellKind) -> RecordingCell {
        onCallback?(.makeCell)
        let cell = RecordingCell(serial: firstSerial + made.count, kind: kind)
        made.append(cell)
        return cell
    }

    package func cellKind(for content: TabCellContent) -> TabCellKind {
        onCallback?(.cellKind)
        return usesKinds && content.title.hasPrefix("★") ? TabCellKind(rawValue: 1) : .standard
    }

    /// Whether this host made `cell` (a host is never handed another's).
    func owns(_ cell: RecordingCell) -> Bool {
        cell.serial >= firstSerial && cell.serial - firstSerial < made.count
            && made[cell.serial - firstSerial] === cell
    }

    package func configure(_ cell: RecordingCell, with content: TabCellContent) {
        onCallback?(.configure)
        if !owns(cell) { protocolViolations.append("configured cell \(cell.serial), made by another host") }
        if cell.state == .discarded { protocolViolations.append("configured discarded cell \(cell.serial)") }
        configures += 1
        cell.content = content
        cell.state = .shown
    }

    package func place(_ cell: RecordingCell, at frame: Rect) {
        onCallback?(.place)
        if !owns(cell) { protocolViolations.append("placed cell \(cell.serial), made by another host") }
        if cell.state != .shown { protocolViolations.append("placed hidden cell \(cell.serial)") }
        places += 1
        cell.frame = frame
    }

    package func apply(_ appearance: TitleAppearance, to cell: RecordingCell) {
        onCallback?(.apply)
        if cell.state != .shown { protocolViolations.append("styled hidden cell \(cell.serial)") }
        applies += 1
        cell.appearance = appearance
    }

    package func recycle(_ cell: RecordingCell) {
        onCallback?(.recycle)
        if cell.state != .shown { protocolViolations.append("recycled hidden cell \(cell.serial)") }
        recycles += 1
        cell.state = .idle
    }

    package func discard(_ cell: RecordingCell) {
        onCallback?(.discard)
        // A shown cell, or an idle one handed back when another host
        // replaces this one; never one discarded already, or another
        // host's.
        if cell.state == .discarded { protocolViolations.append("discarded cell \(cell.serial) twice") }
        if !owns(cell) { protocolViolations.append("discarded cell \(cell.serial), made by another host") }
        discards += 1
        cell.state = .discarded
    }

    package func placeIndicator(at frame: Rect?) {
        onCallback?(.placeIndicator)
        indicator = .some(frame)
    }

    package func resetCounts() {
        configures = 0
        places = 0
        applies = 0
        recycles = 0
        discards = 0
    }
}
