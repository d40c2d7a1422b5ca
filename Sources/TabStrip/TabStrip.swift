// The umbrella module: `import TabStrip` brings the whole engine.
//
// - `TabStripCore`: tabs, widths, measuring, layout, the strip, the reuse
//   queue and the virtualiser (no time, no motion).
// - `TabStripMotion`: frame clocks, scroll physics, animation, the pager, the
//   page cache and the wheel counter (no strip).
// - `TabStripSync`: `TabBar`, the front door: the strip, its cells and a
//   pager kept in step.

@_exported import TabStripCore
@_exported import TabStripMotion
@_exported import TabStripSync
