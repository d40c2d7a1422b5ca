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
}
