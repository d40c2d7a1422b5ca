/// What a host implements so a tab bar (`TabBar`, in `TabStripSync`) can
/// show a strip: make cells, fill them with a tab's content, put them in
/// place, hide them.
///
/// The bar calls these only for tabs in the visible range (plus
/// overscan) and only when something changed: a cell is configured when its
/// tab enters the range or its content changes, placed when its frame
/// changes, and given a new appearance when its title colour or scale
/// changes. A UIKit host's `Cell` would be a `UIView` subclass; a terminal
/// host's an index into its screen buffer.
///
/// Calls arrive on the thread that drives the bar; a `TabBar` is not
/// `Sendable`, so that is one thread (the main thread in a UI app).
///
/// A callback may read the bar (its strip, visible tabs and cells) but not
/// change it: a throwing mutating call made from a callback is refused with
/// ``TabStripError/reentrantCall(operation:)`` and changes nothing, and
/// `TabBar.setTitleStyle(_:)` and `TabBar.setIndicatorStyle(_:)` are
/// applied once the running update has finished. So the cells always match
/// the strip.
public protocol TabStripHost: AnyObject {
    /// The host's cell type.
    associatedtype Cell

    /// Makes a new cell of `kind`: only called when no idle cell of that
    /// kind is available.
    func makeCell(of kind: TabCellKind) -> Cell

    /// The kind of cell a tab with `content` needs (decided from its title,
    /// badge or index). The default is ``TabCellKind/standard`` for every
    /// tab. Asked when a tab enters the visible range and when its content
    /// changes.
    func cellKind(for content: TabCellContent) -> TabCellKind

    /// Fills `cell` with a tab's content (title, badge, selected state). Called
    /// when the tab enters the visible range and when its content changes.
    func configure(_ cell: Cell, with content: TabCellContent)

    /// Moves `cell` to `frame` (content coordinates). Called when the cell is
    /// configured for a tab and whenever that tab's frame changes.
    func place(_ cell: Cell, at frame: Rect)

    /// Applies a title colour and scale to `cell`. Called when the cell is
    /// configured and whenever the appearance changes (during a pager drag,
    /// only for the two tabs involved).
    func apply(_ appearance: TitleAppearance, to cell: Cell)

    /// Hides `cell`: its tab left the visible range and the cell is kept
    /// idle for reuse. The default does nothing.
    func recycle(_ cell: Cell)

    /// Destroys `cell`: its tab left the visible range and the idle pool of
    /// its kind was full, or the bar hands the cell back because another
    /// host replaced this one (then idle cells too: see `TabBar.host`). The
    /// default does nothing.
    func discard(_ cell: Cell)

    /// Moves the selection indicator (`nil` when there are no tabs). Called
    /// only when the frame changes. The default does nothing.
    func placeIndicator(at frame: Rect?)

    /// Sets the host's scroll position to `offset` without scrolling: the
    /// strip measured tabs whose widths were estimates (titles from a
    /// ``TabSource``) and moved its content offset by the correction
    /// before the tabs on screen, so that they stay where they were. Called
    /// after the cells were placed for the new offset; a scroll view set to
    /// `offset` shows exactly what it showed, and calling
    /// `TabBar.setContentOffset(_:at:)` with it again changes nothing (no
    /// feedback loop). The default does nothing.
    func contentOffsetDidChange(to offset: Double)
}

extension TabStripHost {
    /// Every tab uses ``TabCellKind/standard``.
    public func cellKind(for content: TabCellContent) -> TabCellKind { .standard }
    /// Does nothing.
    public func recycle(_ cell: Cell) {}
    /// Does nothing.
    public func discard(_ cell: Cell) {}
    /// Does nothing.
    public func placeIndicator(at frame: Rect?) {}
    /// Does nothing.
    public func contentOffsetDidChange(to offset: Double) {}
}

/// A tab's content as a cell shows it.
///
/// `index` and `tabCount` are as of the configuration: when tabs are
/// inserted or removed elsewhere, kept cells are moved, not reconfigured, so
/// a host that needs a cell's current index asks the bar
/// (`TabBar.visibleTabs` and `TabBar.cell(ofTab:)`), and reads "3 of 100,000" lazily
/// from ``TabStrip/accessibility(ofTab:)`` when assistive technology asks.
public struct TabCellContent: Hashable, Sendable {
    /// The tab's index when the cell was configured.
    public var index: Int
    /// The tab's title.
    public var title: String
    /// The tab's badge.
    public var badge: TabBadge
    /// Whether the tab is the selected one.
    public var isSelected: Bool
    /// The number of tabs when the cell was configured.
    public var tabCount: Int

    /// Creates a content description.
    public init(index: Int, title: String, badge: TabBadge, isSelected: Bool, tabCount: Int) {
        self.index = index
        self.title = title
        self.badge = badge
        self.isSelected = isSelected
        self.tabCount = tabCount
    }
}
