extension TabSizing {
    /// The width of tab `index` of `tabCount`, with the given title and badge,
    /// in a strip whose available (viewport) width is `availableWidth`.
    ///
    /// Formulas, with ``badgeStyle`` giving `extra`
    /// (``BadgeStyle/extraTabWidth(for:)``: 0 without a badge, else gap +
    /// badge width):
    /// - measured: `clamp(measured + 2 × padding + extra, minimum, maximum)`;
    ///   e.g. 推荐 with the default 8-point column measurer and padding 20:
    ///   32 + 40 = 72; with `.dot` (gap 4, diameter 6): 82;
    /// - fixed: `width`;
    /// - equal division: `max(max((availableWidth − (tabCount − 1) × spacing) / tabCount, 0), minimum ?? 0)`;
    ///   e.g. 375 points, 3 tabs, spacing 0: 125 each.
    ///
    /// `availableWidth` only matters for equal division but is validated
    /// always.
    ///
    /// - Throws, checked in this order (nothing is measured before the
    ///   arguments are valid):
    ///   - ``TabStripError/invalidValue(name:value:)`` for an invalid sizing
    ///     (see ``validate()``), a negative `tabCount` (`"tabCount"`), an
    ///     `availableWidth` that is negative or not finite
    ///     (`"availableWidth"`), or a negative badge count (`"badgeCount"`);
    ///   - ``TabStripError/indexOutOfRange(index:count:)`` unless
    ///     `0 <= index < tabCount`;
    ///   - ``TabStripError/invalidWidth(index:value:)`` naming `index` and the
    ///     measurer's result when it is negative, NaN or infinite, or the
    ///     final width when it is not finite (padding and badge added to a
    ///     huge measurement overflowed and no maximum brought it back).
    /// - Complexity: one call to the measurer for the measured rule; O(1)
    ///   otherwise.
    public func width(
        ofTitle title: String,
        badge: TabBadge = .none,
        at index: Int,
        tabCount: Int,
        availableWidth: Double
    ) throws(TabStripError) -> Double {
        try validate()
        try Self.requireValid(tabCount: tabCount, availableWidth: availableWidth)
        try BadgeStyle.requireValid(badge)
        try TabStripError.requireIndex(index, in: tabCount)
        return try uncheckedWidth(
            ofTitle: title, badge: badge, at: index,
            tabCount: tabCount, availableWidth: availableWidth
        )
    }

    /// The widths of tabs with the given titles and no badges, in order: tab
    /// `i` gets `width(ofTitle: titles[i], at: i, tabCount: titles.count,
    /// availableWidth: availableWidth)`.
    ///
    /// The sizing and the arguments are validated once, not per tab, which
    /// makes this the fast way to size a whole strip. Badged tabs can then be
    /// resized one by one with ``width(ofTitle:badge:at:tabCount:availableWidth:)``.
    ///
    /// For the measured rule, the titles are measured with the measurer's
    /// ``TitleMeasurer/measureWidths(of:into:)``, a run of titles per call:
    /// the collection's own storage where it has one (an array, the strip's
    /// title chunks), read in place; other collections are copied into an
    /// array first.
    ///
    /// - Throws: as ``width(ofTitle:badge:at:tabCount:availableWidth:)``; a bad
    ///   measurement names the first offending tab.
    /// - Complexity: O(n) plus the measurer's batch calls for the measured
    ///   rule (with ``ColumnTitleMeasurer``, O(total UTF-8 length)), O(n)
    ///   otherwise; allocates the result array only (and the copy of a
    ///   collection without contiguous storage). (Inlinable so that the
    ///   code is specialised for the caller's collection: unspecialised
    ///   generic iteration would allocate per element.)
    @inlinable
    public func widths<Titles: Collection>(
        ofTitles titles: Titles,
        availableWidth: Double
    ) throws(TabStripError) -> [Double] where Titles.Element == String {
        try validate()
        let tabCount = titles.count
        try Self.requireValid(tabCount: tabCount, availableWidth: availableWidth)
        if let plan = measuredWidthPlan {
            // Measured into the result's storage, then turned into tab
            // widths there. (No titles, no storage: an array made with
            // capacity 0 is the shared empty array, and setting its count
            // there is a data race ThreadSanitizer reports when tests build
            // strips in parallel.)
            guard tabCount > 0 else { return [] }
            var failure: TabStripError? = nil
            let widths = [Double](unsafeUninitializedCapacity: tabCount) { widths, initialized in
                if let titles = titles as? TabTitles, !titles.isFromSource {
                    for chunk in titles.storedChunks {
                        chunk.withUnsafeBufferPointer { plan.measure($0, into: widths, written: &initialized) }
                    }
                } else if titles.withContiguousStorageIfAvailable({
                    plan.measure($0, into: widths, written: &initialized)
                }) == nil {
                    ContiguousArray(titles).withUnsafeBufferPointer {
                        plan.measure($0, into: widths, written: &initialized)
                    }
                }
                failure = plan.finish(UnsafeMutableBufferPointer(rebasing: widths[..<initialized]))
            }
            if let failure { throw failure }
            return widths
        }
        var result: [Double] = []
        result.reserveCapacity(tabCount)
        var index = 0
        for title in titles {
            result.append(
                try uncheckedWidth(
                    ofTitle: title, badge: .none, at: index,
                    tabCount: tabCount, availableWidth: availableWidth
                ))
            index += 1
        }
        return result
    }

    @usableFromInline
    static func requireValid(tabCount: Int, availableWidth: Double) throws(TabStripError) {
        guard tabCount >= 0 else {
            throw .invalidValue(name: "tabCount", value: Double(tabCount))
        }
        try TabStripError.requireLength(availableWidth, "availableWidth")
    }

    /// The width for validated arguments; only the measurement can fail.
    @usableFromInline
    func uncheckedWidth(
        ofTitle title: String,
        badge: TabBadge,
        at index: Int,
        tabCount: Int,
        availableWidth: Double
    ) throws(TabStripError) -> Double {
        switch rule {
        case .measured:
            return try tabWidth(measuringTitle: measurer.width(of: title), badge: badge, at: index)
        case .fixed(let width):
            return width
        case .equalDivision(let spacing, let minimum):
            let share = (availableWidth - Double(tabCount - 1) * spacing) / Double(tabCount)
            return Swift.max(Swift.max(share, 0), minimum ?? 0)
        }
    }
}

extension TabSizing {
    /// The width of tab `index` under the measured rule when its title
    /// measured `measured` (the same operations, in the same order, as a
    /// whole strip's batch: bit-identical results); any other rule's width
    /// does not depend on a measurement, and this is not called for it.
    /// - Throws: ``TabStripError/invalidWidth(index:value:)`` naming `index`
    ///   and the measurement when it is negative, NaN or infinite, or the
    ///   final width when it is past ``TabStripLimits/maximumLength``.
    /// - Complexity: O(1).
    @usableFromInline
    func tabWidth(measuringTitle measured: Double, badge: TabBadge, at index: Int) throws(TabStripError) -> Double {
        guard case .measured(let padding, let minimum, let maximum) = rule else {
            preconditionFailure("only the measured rule measures titles")
        }
        guard measured.isFinite, measured >= 0 else {
            throw .invalidWidth(index: index, value: measured)
        }
        var width = measured + 2 * padding + badgeStyle.uncheckedExtraTabWidth(for: badge)
        if let minimum { width = Swift.max(width, minimum) }
        if let maximum { width = Swift.min(width, maximum) }
        // A huge measurement may still be clamped by `maximum`; what is
        // left must be a width the strip accepts.
        guard width <= TabStripLimits.maximumLength else {
            throw .invalidWidth(index: index, value: width)
        }
        return width
    }

    /// Whether widths come from measured titles (the rule is
    /// ``Rule/measured(padding:minimum:maximum:)``).
    var measuresTitles: Bool {
        if case .measured = rule { return true }
        return false
    }
}

/// The measured rule resolved once for a batch of titles without badges:
/// the measurer measures them with its batch method, then each width is
/// computed exactly as
/// `TabSizing.uncheckedWidth(ofTitle:badge:at:tabCount:availableWidth:)`
/// computes it, in the same order of operations.
@usableFromInline
struct MeasuredWidthPlan {
    @usableFromInline let measurer: any TitleMeasurer
    @usableFromInline let padding: Double
    @usableFromInline let extra: Double
    @usableFromInline let minimum: Double?
    @usableFromInline let maximum: Double?

    @usableFromInline
    init(measurer: any TitleMeasurer, padding: Double, extra: Double, minimum: Double?, maximum: Double?) {
        self.measurer = measurer
        self.padding = padding
        self.extra = extra
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Measures `titles` with the measurer's batch method into `widths`
    /// from position `written` on (the first of them is tab `written`),
    /// advancing `written` past them. `widths` has room for every title.
    /// - Complexity: one call to `TitleMeasurer.measureWidths(of:into:)`.
    @usableFromInline
    func measure(
        _ titles: UnsafeBufferPointer<String>, into widths: UnsafeMutableBufferPointer<Double>, written: inout Int
    ) {
        precondition(widths.count - written >= titles.count, "room for every width")
        let room = UnsafeMutableBufferPointer(rebasing: widths[written..<(written + titles.count)])
        // NaN until written: a measurer that skips a title leaves a width
        // ``finish(_:firstTab:)`` refuses, never an unwritten one.
        room.initialize(repeating: .nan)
        measurer.measureWidths(of: titles, into: room)
        written &+= titles.count
    }

    /// Turns the measurements in `widths` (tab `firstTab + i`'s at
    /// `widths[i]`) into tab widths in place; returns the error the general
    /// path throws for the first bad one instead (that tab and the ones
    /// after it keep their measurements).
    /// - Complexity: O(n).
    @usableFromInline
    func finish(_ widths: UnsafeMutableBufferPointer<Double>, firstTab: Int = 0) -> TabStripError? {
        let twoPadding = 2 * padding
        // No bound is a bound that changes nothing: the sum below is never
        // NaN (its terms are finite or +infinity and `>= 0`).
        let lower = minimum ?? -.infinity
        let upper = maximum ?? .infinity
        // Every width checked first without a branch per tab (a loop the
        // compiler vectorises), then decided in place; the first bad one
        // found again only when there is one.
        var bad = 0
        for index in widths.indices {
            let measured = widths[index]
            let unclamped = measured + twoPadding + extra
            let width = Swift.min(Swift.max(unclamped, lower), upper)
            // `measured.isFinite && measured >= 0`, as two comparisons of
            // different values (LLVM turns two of one value into a costly
            // class test): padding and extra are finite, so for a
            // `measured >= 0` the sum is infinite exactly when `measured`
            // is (a finite one rounds to at most `greatestFiniteMagnitude`).
            // A huge measurement may still be clamped by `maximum`; what is
            // left must be a width the strip accepts. A count, not `&&`:
            // no branch in the loop.
            bad &+=
                (measured >= 0 ? 0 : 1) &+ (unclamped < .infinity ? 0 : 1)
                &+ (width <= TabStripLimits.maximumLength ? 0 : 1)
        }
        guard bad == 0 else { return firstInvalid(UnsafeBufferPointer(widths), firstTab: firstTab) }
        for index in widths.indices {
            widths[index] = Swift.min(Swift.max(widths[index] + twoPadding + extra, lower), upper)
        }
        return nil
    }

    /// ``finish(_:firstTab:)`` from the measurements `measured` into
    /// `widths` (as many; not the same memory), checked and decided in one
    /// pass.
    /// - Complexity: O(n).
    @usableFromInline
    func finish(
        _ measured: UnsafeBufferPointer<Double>, into widths: UnsafeMutableBufferPointer<Double>, firstTab: Int
    ) -> TabStripError? {
        precondition(widths.count == measured.count, "a width for every measurement")
        let twoPadding = 2 * padding
        let lower = minimum ?? -.infinity
        let upper = maximum ?? .infinity
        var bad = 0
        for index in measured.indices {
            let title = measured[index]
            let unclamped = title + twoPadding + extra
            let width = Swift.min(Swift.max(unclamped, lower), upper)
            // The checks of `finish(_:firstTab:)`, counted without a branch.
            bad &+=
                (title >= 0 ? 0 : 1) &+ (unclamped < .infinity ? 0 : 1)
                &+ (width <= TabStripLimits.maximumLength ? 0 : 1)
            widths[index] = width
        }
        guard bad == 0 else { return firstInvalid(measured, firstTab: firstTab) }
        return nil
    }

    /// The error ``finish(_:firstTab:)`` returns for the first bad
    /// measurement of `widths`.
    /// - Complexity: O(n).
    @usableFromInline
    func firstInvalid(_ widths: UnsafeBufferPointer<Double>, firstTab: Int) -> TabStripError? {
        let twoPadding = 2 * padding
        let lower = minimum ?? -.infinity
        let upper = maximum ?? .infinity
        for (index, measured) in widths.enumerated() {
            let unclamped = measured + twoPadding + extra
            guard measured >= 0, unclamped < .infinity else {
                return .invalidWidth(index: firstTab + index, value: measured)
            }
            let width = Swift.min(Swift.max(unclamped, lower), upper)
            guard width <= TabStripLimits.maximumLength else {
                return .invalidWidth(index: firstTab + index, value: width)
            }
        }
        return nil
    }
}

extension TabSizing {
    /// The batch plan for titles without badges when the rule is
    /// ``Rule/measured(padding:minimum:maximum:)``; `nil` otherwise.
    @usableFromInline
    var measuredWidthPlan: MeasuredWidthPlan? {
        guard case .measured(let padding, let minimum, let maximum) = rule else { return nil }
        return MeasuredWidthPlan(
            measurer: measurer, padding: padding, extra: badgeStyle.uncheckedExtraTabWidth(for: .none),
            minimum: minimum, maximum: maximum)
    }
}
