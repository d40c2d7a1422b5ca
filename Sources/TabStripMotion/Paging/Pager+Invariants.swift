import TabStripCore

extension Pager {
    /// Checks the pager's consistency (debug builds only).
    @usableFromInline package func _checkInvariants() {
        #if TABSTRIP_INTERNAL_CHECKS
            precondition(pageWidth.isFinite && pageWidth > 0, "bad page size")
            precondition(pageCount >= 1, "no pages")
            precondition(currentPage >= 0 && currentPage < pageCount, "current page out of range")
            precondition(settleDuration.isFinite && settleDuration >= 0, "bad settle duration")
            switch phase {
            case .idle:
                break
            case .dragging(let startOffset, let translation):
                precondition(startOffset.isFinite && translation.isFinite, "non-finite drag")
            case .settling(let animation):
                precondition(animation.to == offset(ofPage: currentPage), "settle does not end on the current page")
            }
            if let lastEventTime {
                precondition(lastEventTime.isFinite, "non-finite event time")
            }
        #endif
    }
}
