/// Measures how wide a tab title is drawn, in points.
///
/// The engine calls a measurer to size tabs with ``TabSizing/Rule/measured(padding:minimum:maximum:)``.
/// A host plugs in its text system here (CoreText's `CTLineGetTypographicBounds`,
/// `NSString.size(withAttributes:)`, a terminal's cell count); the built-in
/// ``ColumnTitleMeasurer`` counts display columns.
///
/// A measurer measures the text only: the engine adds the tab's padding and
/// any badge itself. It must return a finite width `>= 0`; the engine checks
/// every result and reports anything else as
/// ``TabStripError/invalidWidth(index:value:)`` naming the tab, instead of
/// using it.
///
/// The engine measures one title at a time with ``width(of:)`` (a renamed or
/// badged tab) and a whole strip, a run of titles at a time, with
/// ``measureWidths(of:into:)``. Only ``width(of:)`` must be implemented: the
/// batch method's default calls it for each title. A measurer implements
/// the batch method too when measuring many titles at once is cheaper (a
/// font set up once, a cache looked up in bulk, one call into a text
/// system for the run), as ``ColumnTitleMeasurer`` does.
///
/// Measurers are `Sendable` so that sizing can run off the main thread (for
/// example to pre-measure a million titles); CoreText measuring is
/// thread-safe. A measurer that can only run on the main thread should
/// measure there and hand the engine a table of results.
public protocol TitleMeasurer: Sendable {
    /// The drawn width of `title`, without any padding, in points.
    ///
    /// The empty title should measure 0. Equal titles must measure equally
    /// (tabs are positional, so duplicates are common).
    func width(of title: String) -> Double

    /// Writes the drawn width of each title of `titles` to the same
    /// position of `widths`: `widths[i]` is the width ``width(of:)``
    /// returns for `titles[i]`.
    ///
    /// The engine sizes a strip through this method, a run of titles at a
    /// time (an array's titles, or a chunk of the strip's), and checks each
    /// width as it checks ``width(of:)``'s. `widths` has exactly
    /// `titles.count` elements, whose values on entry are unspecified:
    /// write every one. Both buffers are valid only during the call: do
    /// not keep them. (Unsafe buffers rather
    /// than spans, so that the protocol builds for every deployment target
    /// the package supports: `OutputSpan` and `Array.span` need Apple
    /// systems from 2025 on.)
    ///
    /// The default implementation calls ``width(of:)`` for each title.
    ///
    /// - Complexity: the default: `titles.count` calls to ``width(of:)``.
    func measureWidths(of titles: UnsafeBufferPointer<String>, into widths: UnsafeMutableBufferPointer<Double>)
}

extension TitleMeasurer {
    /// Writes ``width(of:)`` of each title to the same position of
    /// `widths`. It never writes past `widths`: with buffers of different
    /// lengths (the engine never passes such), only the positions both
    /// have are measured.
    ///
    /// - Complexity: `min(titles.count, widths.count)` calls to
    ///   ``width(of:)``.
    public func measureWidths(
        of titles: UnsafeBufferPointer<String>, into widths: UnsafeMutableBufferPointer<Double>
    ) {
        for index in 0..<Swift.min(titles.count, widths.count) {
            widths[index] = width(of: titles[index])
        }
    }
}
