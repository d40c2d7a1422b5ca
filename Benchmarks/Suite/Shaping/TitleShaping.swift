import BenchInstruments
import TabStrip

/// A title measurer that shapes titles with a real font, as a host's text system would, for the harness's shaper
/// figures.
///
/// Its widths are a pure function of the title, the font file and the shaping library's version: equal on every run, so
/// instruction counts of code that measures with it stay exact.
package protocol ShapingTitleMeasurer: TitleMeasurer {
    /// The width of one glyph missing from the face (the advance of glyph 0, `.notdef`), in points: what each character
    /// the face cannot draw (emoji in a face without them) adds to a title's width.
    var missingGlyphAdvance: Double { get }
    /// The font and library versions the widths come from, for the report's notes.
    var description: String { get }
}

/// The harness's entry point to its shaping measurer, compiled whether or
/// not the build links HarfBuzz (`TABSTRIP_HARFBUZZ`, see Package.swift).
package enum TitleShaping {
    /// The font the shaper figures use: WenQuanYi Zen Hei (Debian
    /// `fonts-wqy-zenhei`), one face with CJK and Latin glyphs, no emoji.
    package static let defaultFontPath = "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"
    package static let defaultPixelSize = 16

    /// Whether this build links HarfBuzz and FreeType.
    package static var isLinked: Bool {
        #if TABSTRIP_HARFBUZZ
            return true
        #else
            return false
        #endif
    }

    /// Opens the font and returns a shaping measurer over it, or the reason there is none (the build does not link
    /// HarfBuzz, or the font cannot be loaded).
    package static func makeMeasurer(
        fontPath: String = defaultFontPath
    ) -> Result<any ShapingTitleMeasurer, ScenarioError> {
        #if TABSTRIP_HARFBUZZ
            do {
                return .success(
                    try HarfBuzzTitleMeasurer(fontPath: fontPath, faceIndex: 0, pixelSize: defaultPixelSize))
            } catch { return .failure(error) }
        #else
            return .failure(
                ScenarioError(
                    "bench was built without HarfBuzz and FreeType (TABSTRIP_HARFBUZZ=0, or libharfbuzz-dev missing)"))
        #endif
    }
}
