extension TabStrip {
    /// Traps if the strip is inconsistent: titles and widths disagree in
    /// count, the selection is out of range (or missing with tabs present),
    /// a badge belongs to no tab, a drag does not start at the selected tab,
    /// or the geometry's own invariants fail.
    package func _checkInvariants() {
        #if TABSTRIP_INTERNAL_CHECKS
            geometry._checkInvariants()
            titles._checkInvariants()
            _checkOwnState()
        #endif
    }

    /// The check after every mutation (see `_InternalChecks`): the strip's
    /// own state (selection, transition, badges, counts), the geometry's
    /// offset, viewport and layout, and the title chunks up to
    /// `_InternalChecks.fullCheckLimit` tabs. The width index checks itself
    /// after its own mutations.
    /// - Complexity: O(b) for b badged tabs; O(n) for the titles up to the
    ///   limit.
    @usableFromInline @inline(__always)
    package func _checkAfterMutation() {
        #if TABSTRIP_INTERNAL_CHECKS
            geometry._checkAfterMutation()
            if titles.count <= _InternalChecks.fullCheckLimit { titles._checkInvariants() }
            _checkOwnState()
        #endif
    }

    /// A copy of the strip for ``_checkUnchanged(since:)``, in builds with
    /// internal checks and up to `_InternalChecks.fullCheckLimit` tabs
    /// (larger strips keep their storage unshared, as in a release build);
    /// `nil` otherwise.
    @inline(__always)
    func _stateForChecks() -> TabStrip? {
        #if TABSTRIP_INTERNAL_CHECKS
            return tabCount <= _InternalChecks.fullCheckLimit ? self : nil
        #else
            return nil
        #endif
    }

    /// Traps unless the strip is as `before` (from ``_stateForChecks()``)
    /// was: its titles, widths, offset, selection and badges. A failed
    /// apply of a stored list keeps no copy to undo with: it must fail
    /// before it changes anything.
    /// - Complexity: O(n).
    func _checkUnchanged(since before: TabStrip?) {
        #if TABSTRIP_INTERNAL_CHECKS
            guard let before else { return }
            precondition(
                titles == before.titles && geometry.contentOffset == before.geometry.contentOffset
                    && selectedIndex == before.selectedIndex
                    && (0..<tabCount).allSatisfy {
                        geometry.widths.width(unchecked: $0) == before.geometry.widths.width(unchecked: $0)
                            && badges[$0] == before.badges[$0]
                    },
                "a failed apply changed the strip")
        #endif
    }

    /// The unmeasured set's list of measured tabs, when it has one, is
    /// every measured tab once; with a constant estimate, an unmeasured tab
    /// has it as its width (a new sizing puts back only the measured ones).
    /// - Complexity: O(n).
    func _checkUnmeasuredTabs() {
        #if TABSTRIP_INTERNAL_CHECKS
            if let list = unmeasured.measuredList {
                precondition(Set(list).count == list.count, "a tab listed measured twice: \(list)")
                precondition(list.count == tabCount - unmeasured.count, "\(list.count) tabs listed measured")
                for i in list {
                    precondition(i >= 0 && i < tabCount && !unmeasured.contains(i), "tab \(i) listed measured")
                }
            }
            if titles.isFromSource, sizing.measuresTitles, case .width(let estimated)? = estimate {
                for i in 0..<tabCount where unmeasured.contains(i) {
                    let width = geometry.widths.width(unchecked: i)
                    precondition(width == estimated, "unmeasured tab \(i) of width \(width), not \(estimated)")
                }
            }
        #endif
    }

    /// The strip's own fields, against its titles' count.
    /// - Complexity: O(b) for b badged tabs.
    func _checkOwnState() {
        #if TABSTRIP_INTERNAL_CHECKS
            precondition(geometry.tabCount == titles.count, "\(geometry.tabCount) widths for \(titles.count) titles")
            if titles.isEmpty {
                precondition(selectedIndex == nil, "selection \(String(describing: selectedIndex)) in an empty strip")
                precondition(transition == nil, "transition in an empty strip")
            } else {
                precondition(
                    selectedIndex.map { $0 >= 0 && $0 < titles.count } == true,
                    "selection \(String(describing: selectedIndex)) of \(titles.count)")
            }
            if let transition {
                precondition(transition.from == selectedIndex, "transition not from the selected tab")
                precondition(
                    transition.to >= 0 && transition.to < titles.count && transition.to != transition.from,
                    "transition to \(transition.to)")
                precondition(
                    transition.fraction > 0 && transition.fraction <= 1, "transition fraction \(transition.fraction)")
            }
            badges._checkInvariants(tabCount: titles.count)
            if titles.count <= _InternalChecks.fullCheckLimit { _checkUnmeasuredTabs() }
            precondition(revealMargin.isFinite && revealMargin >= 0, "reveal margin \(revealMargin)")
            _checkMeasuredWindow()
        #endif
    }

    /// The ``measuredWindow``, when current: at the first and the last
    /// offset it takes for inside, every tab shown is measured.
    /// - Complexity: O(v) for v tabs shown.
    func _checkMeasuredWindow() {
        #if TABSTRIP_INTERNAL_CHECKS
            guard let window = measuredWindow, window.revision == geometry.widths.revision, unmeasured.count != 0
            else { return }
            // The tabs shown at an offset inside lie between the first shown
            // at the lowest offset inside and the last shown at the highest.
            let lowest = Swift.max(window.lowestOffset.nextUp, -TabStripLimits.maximumLength)
            let highest = Swift.min(window.highestOffset.nextDown, TabStripLimits.maximumLength)
            guard window.covers(lowest, revision: window.revision), window.covers(highest, revision: window.revision)
            else { return }
            let overscan = geometry.layout.overscan
            let first = geometry.visibleTabs(uncheckedOffset: lowest, overscan: overscan)
            let last = geometry.visibleTabs(uncheckedOffset: highest, overscan: overscan)
            let span = Swift.min(first.lowerBound, last.lowerBound)..<Swift.max(first.upperBound, last.upperBound)
            precondition(
                unmeasured.first(in: span) == nil,
                "a tab of \(span) unmeasured inside the measured window (offsets \(lowest) to \(highest))")
        #endif
    }
}
