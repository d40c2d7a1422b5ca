extension IndicatorStyle {
    /// Traps, in builds with `TABSTRIP_INTERNAL_CHECKS`, unless the inputs
    /// of ``frame(uncheckedCurrent:neighbour:progress:stripHeight:)`` pass
    /// the validation ``frame(current:neighbour:progress:stripHeight:)``
    /// makes; an empty, always-inlined no-op otherwise.
    /// - Complexity: O(1).
    @inline(__always)
    func _checkFrameInputs(current: Rect, neighbour: Rect?, progress: Double, stripHeight: Double) {
        #if TABSTRIP_INTERNAL_CHECKS
            do throws(TabStripError) {
                try TabStripError.requireValidFrame(current, "current")
                if let neighbour { try TabStripError.requireValidFrame(neighbour, "neighbour") }
                try TabStripError.requireFinite(progress, "progress")
                try TabStripError.requireLength(stripHeight, "stripHeight")
            } catch {
                preconditionFailure("invalid indicator inputs: \(error)")
            }
        #endif
    }
}
