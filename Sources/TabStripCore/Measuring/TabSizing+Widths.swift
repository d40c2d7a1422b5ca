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
    /// - Throws: as ``width(ofTitle:badge:at:tabCount:availableWidth:)``; a bad
    ///   measurement names the first offending tab.
    /// - Complexity: O(n) calls to the measurer for the measured rule, O(n)
    ///   otherwise; allocates the result array only. With the built-in
    ///   ``ColumnTitleMeasurer`` the titles are measured in a loop that
    ///   calls ``DisplayColumns/columns(of:)-(String)`` directly, with the same
    ///   results. (Inlinable so that the
    ///   loop is specialised for the caller's collection: unspecialised
    ///   generic iteration would allocate per element.)
    @inlinable
    public func widths<Titles: Collection>(
        ofTitles titles: Titles,
        availableWidth: Double
    ) throws(TabStripError) -> [Double] where Titles.Element == String {
        try validate()
        let tabCount = titles.count
        try Self.requireValid(tabCount: tabCount, availableWidth: availableWidth)
        var result: [Double] = []
        var index = 0
        if let plan = columnWidthPlan {
            // The built-in column measurer: the same arithmetic, without a
            // dynamic call and a rule switch per title, over the titles'
            // own storage where they have one (an array, the strip's
            // chunks), so that no title is copied (retained) to be read,
            // written straight into the result's storage. (No titles, no
            // storage: an array made with capacity 0 is the shared empty
            // array, and setting its count there is a data race
            // ThreadSanitizer reports when tests build strips in parallel.)
            guard tabCount > 0 else { return [] }
            var failure: TabStripError? = nil
            var inPlace = true
            let measured = [Double](unsafeUninitializedCapacity: tabCount) { widths, initialized in
                if let titles = titles as? TabTitles {
                    for chunk in titles.chunks where failure == nil {
                        chunk.withUnsafeBufferPointer {
                            failure = plan.writeWidths(of: $0, into: widths, written: &initialized)
                        }
                    }
                } else if titles.withContiguousStorageIfAvailable({
                    failure = plan.writeWidths(of: $0, into: widths, written: &initialized)
                }) == nil {
                    inPlace = false
                }
            }
            if let failure { throw failure }
            if inPlace { return measured }
            result.reserveCapacity(tabCount)
            for title in titles {
                result.append(try plan.width(ofTitle: title, at: index))
                index += 1
            }
            return result
        }
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
        case .measured(let padding, let minimum, let maximum):
            let measured = measurer.width(of: title)
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
        case .fixed(let width):
            return width
        case .equalDivision(let spacing, let minimum):
            let share = (availableWidth - Double(tabCount - 1) * spacing) / Double(tabCount)
            return Swift.max(Swift.max(share, 0), minimum ?? 0)
        }
    }
}

/// The measured rule with the built-in ``ColumnTitleMeasurer``, resolved once
/// for a batch of titles without badges: each width is computed exactly as
/// `TabSizing.uncheckedWidth(ofTitle:badge:at:tabCount:availableWidth:)`
/// computes it, in the same order of operations.
@usableFromInline
struct ColumnWidthPlan {
    @usableFromInline let advance: Double
    @usableFromInline let padding: Double
    @usableFromInline let extra: Double
    @usableFromInline let minimum: Double?
    @usableFromInline let maximum: Double?

    @usableFromInline
    init(advance: Double, padding: Double, extra: Double, minimum: Double?, maximum: Double?) {
        self.advance = advance
        self.padding = padding
        self.extra = extra
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Writes the widths of `titles` into `widths` from position `written`
    /// on (the first of them is tab `written`), advancing `written` past
    /// each; returns the error the general path throws for the first bad
    /// one instead, with `written` counting the widths before it. `widths`
    /// has room for every title.
    /// - Complexity: O(total UTF-8 length).
    @usableFromInline
    func writeWidths(
        of titles: UnsafeBufferPointer<String>, into widths: UnsafeMutableBufferPointer<Double>, written: inout Int
    ) -> TabStripError? {
        var index = written
        precondition(widths.count - index >= titles.count, "room for every width")
        defer { written = index }
        for k in titles.indices {
            do throws(TabStripError) {
                let columns = DisplayColumns.columns(ofTitleAt: k, in: titles)
                widths.initializeElement(at: index, to: try width(ofColumns: columns, at: index))
            } catch {
                return error
            }
            index &+= 1
        }
        return nil
    }

    /// The width of the tab titled `title` at `index`, or the error the
    /// general path throws for it.
    /// - Complexity: O(n) in the title's UTF-8 length.
    @inlinable
    func width(ofTitle title: String, at index: Int) throws(TabStripError) -> Double {
        try width(ofColumns: DisplayColumns.columns(of: title), at: index)
    }

    /// The width of the tab at `index` whose title measures `columns`, or
    /// the error the general path throws for it.
    /// - Complexity: O(1).
    @inlinable
    func width(ofColumns columns: Int, at index: Int) throws(TabStripError) -> Double {
        let measured = Double(columns) * advance
        guard measured.isFinite, measured >= 0 else {
            throw .invalidWidth(index: index, value: measured)
        }
        var width = measured + 2 * padding + extra
        if let minimum { width = Swift.max(width, minimum) }
        if let maximum { width = Swift.min(width, maximum) }
        guard width <= TabStripLimits.maximumLength else {
            throw .invalidWidth(index: index, value: width)
        }
        return width
    }
}

extension TabSizing {
    /// The batch plan for titles without badges, when the rule is
    /// ``Rule/measured(padding:minimum:maximum:)`` and the measurer is a
    /// ``ColumnTitleMeasurer``; `nil` otherwise.
    @usableFromInline
    var columnWidthPlan: ColumnWidthPlan? {
        guard case .measured(let padding, let minimum, let maximum) = rule,
            let columns = measurer as? ColumnTitleMeasurer
        else { return nil }
        return ColumnWidthPlan(
            advance: columns.advance, padding: padding, extra: badgeStyle.uncheckedExtraTabWidth(for: .none),
            minimum: minimum, maximum: maximum)
    }
}
