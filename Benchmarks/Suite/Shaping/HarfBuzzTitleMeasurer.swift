import BenchInstruments

#if TABSTRIP_HARFBUZZ
    import CHarfBuzz
    import TabStrip

    /// Measures titles by shaping them with HarfBuzz over a FreeType face: the width of a title is the sum of the
    /// horizontal advances of the glyphs `hb_shape` gives for it.
    ///
    /// The face is loaded once with FreeType at a fixed pixel size, so advances come in 26.6 fixed point (1/64 pixel,
    /// unhinted: HarfBuzz's default FreeType load flags); their integer sum divided by 64 is the width in points (1
    /// pixel = 1 point), exact in a `Double`. The widths therefore depend only on the title, the font file and the
    /// HarfBuzz and FreeType versions: equal on every run.
    ///
    /// Characters the face has no glyph for (emoji, with WenQuanYi Zen Hei) are measured as HarfBuzz shapes them: glyph
    /// 0 (`.notdef`) with its own advance (``missingGlyphAdvance``), one per missing character; default-ignorable
    /// characters (zero-width joiner, variation selectors) the face lacks add nothing. No fallback font is consulted.
    ///
    /// Threads: the HarfBuzz font is made immutable after creation, and HarfBuzz shapes with an immutable font from any
    /// thread; its FreeType font functions take the font's own lock around every use of the FreeType face (hb-ft.cc,
    /// since HarfBuzz 2.6.5; its documentation still calls them not thread-safe, so a test shapes from several threads
    /// at once and compares). Every call shapes in a buffer of its own (``width(of:)`` creates one per call,
    /// ``measureWidths(of:into:)`` one per batch), so one measurer can be shared between threads. It is `@unchecked
    /// Sendable` because Swift cannot check the C handles it holds; nothing mutates them after `init`.
    package final class HarfBuzzTitleMeasurer: ShapingTitleMeasurer, @unchecked Sendable {
        private let library: FT_Library
        private let font: OpaquePointer
        package let missingGlyphAdvance: Double
        package let description: String

        /// Loads face `faceIndex` of the font file at `fontPath` at `pixelSize` pixels per em.
        package init(fontPath: String, faceIndex: Int, pixelSize: Int) throws(ScenarioError) {
            var library: FT_Library?
            guard FT_Init_FreeType(&library) == 0, let library else { throw ScenarioError("FreeType could not start") }
            var face: FT_Face?
            guard FT_New_Face(library, fontPath, faceIndex, &face) == 0, let face else {
                FT_Done_FreeType(library)
                throw ScenarioError("FreeType could not load face \(faceIndex) of \(fontPath)")
            }
            guard FT_Set_Char_Size(face, 0, FT_F26Dot6(pixelSize * 64), 72, 72) == 0 else {
                FT_Done_Face(face)
                FT_Done_FreeType(library)
                throw ScenarioError("FreeType could not set \(fontPath) to \(pixelSize) px")
            }
            // The font keeps a reference to the face (FT_Reference_Face); ours is dropped at once.
            let font: OpaquePointer = hb_ft_font_create_referenced(face)
            FT_Done_Face(face)
            hb_font_make_immutable(font)
            (self.library, self.font) = (library, font)
            missingGlyphAdvance = Double(hb_font_get_glyph_h_advance(font, 0)) / 64
            var major: FT_Int = 0
            var minor: FT_Int = 0
            var patch: FT_Int = 0
            FT_Library_Version(library, &major, &minor, &patch)
            let harfBuzz = String(cString: hb_version_string())
            description =
                "\(fontPath) face \(faceIndex) at \(pixelSize) px, HarfBuzz \(harfBuzz), FreeType \(major).\(minor).\(patch)"
        }

        deinit {
            hb_font_destroy(font)
            FT_Done_FreeType(library)
        }

        /// The sum of the advances of `title`'s shaped glyphs, in points.
        package func width(of title: String) -> Double {
            if title.isEmpty { return 0 }
            let buffer: OpaquePointer = hb_buffer_create()
            defer { hb_buffer_destroy(buffer) }
            return shape(title, in: buffer)
        }

        /// Shapes every title in one reused buffer.
        package func measureWidths(
            of titles: UnsafeBufferPointer<String>, into widths: UnsafeMutableBufferPointer<Double>
        ) {
            let buffer: OpaquePointer = hb_buffer_create()
            defer { hb_buffer_destroy(buffer) }
            for index in titles.indices { widths[index] = titles[index].isEmpty ? 0 : shape(titles[index], in: buffer) }
        }

        private func shape(_ title: String, in buffer: OpaquePointer) -> Double {
            hb_buffer_clear_contents(buffer)
            var text = title
            text.withUTF8 { utf8 in
                utf8.withMemoryRebound(to: CChar.self) { bytes in
                    hb_buffer_add_utf8(buffer, bytes.baseAddress, Int32(bytes.count), 0, Int32(bytes.count))
                }
            }
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(font, buffer, nil, 0)
            var count: UInt32 = 0
            guard let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return 0 }
            var total: Int64 = 0
            for glyph in 0..<Int(count) { total += Int64(positions[glyph].x_advance) }
            return Double(total) / 64
        }
    }
#endif
