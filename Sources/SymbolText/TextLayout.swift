import SymbolGeometry

// SymbolText lays out text as glyphs whose outlines are our own `Path`s, for our rasterizer and
// the vector writers to draw. HarfBuzz shapes (kerning, ligatures, mark positioning, Arabic
// joining, Indic reordering: the font's default features) and gives the outlines
// (`hb_font_get_glyph_shape`); fontconfig finds families and fallback fonts. Everything else is
// ours, and simpler than a full text engine:
//
// - Paragraphs are split at line breaks ("\n", "\r\n", U+2028, U+2029). Each is itemized into
//   runs of one script, one font and one direction. A Character's script is its first scalar's
//   that is not Common or Inherited; Common and Inherited Characters (spaces, punctuation, marks)
//   join the run before them (at a paragraph's start, the first strong run after them).
// - Direction comes from the script (HarfBuzz's list of right-to-left scripts: Arabic, Hebrew,
//   Syriac, Thaana, N'Ko and historic ones); decimal digits inside them form left-to-right runs.
//   A paragraph's direction is that of its first strong Character. A line shows its runs left to
//   right in a left-to-right paragraph and right to left in a right-to-left one; HarfBuzz gives
//   each run's glyphs in visual order. This is NOT the Unicode Bidirectional Algorithm: no
//   embedding levels, no mirrored brackets, no neutral resolution between runs of two directions
//   (a space between an Arabic and a Latin word belongs to the run before it).
// - A Character that the style's font lacks is set in fontconfig's best font that has it at the
//   same weight (a charset query, cached); one no installed font has is drawn with the style
//   font's .notdef glyph and listed in `missingCharacters`, as is any cluster that shapes to
//   glyph 0. Joiners, variation selectors and other default-ignorables need no glyph.
// - Shaping is done once per run, before line breaking; lines are not reshaped at their breaks
//   (breaks fall at spaces, where fonts do not kern or join).
// - Lines break greedily at breaking spaces and after a hyphen inside a word; a word wider than
//   the width keeps a line of its own and sets `overflows`. Spaces at a line's end take no width
//   and get no glyphs.
// - Line height is the style font's ascender + descender + line gap (`hb_ot_metrics`: OS/2
//   typo metrics when the font says to use them, else hhea) times `lineHeight`, with the extra
//   space split above and below the line as CSS's half-leading does. Fallback fonts do not
//   enlarge a line.
// - The language is fixed ("und"), so the machine's locale never changes a frame.
//
// Checked against what we did not write (Tests/SymbolTextTests): HarfBuzz's hb-view, whose
// cairo draws the same lines (Latin with kerning, Latin ligatures, Arabic, Hebrew, Devanagari at
// 48 px; with glyphs at cairo's whole-pixel positions the thresholded masks overlap by IoU 0.972
// to 0.998); hb-shape, whose glyphs and positions ours equal exactly, right-to-left runs and
// mixed directions included; FreeType through Pillow for single glyphs; tesseract reading our
// words back. Speed (bench/text, release build, this machine's 2 cores): a 40-word paragraph
// lays out in about 0.8 ms the first time (0.27 ms after), its glyph paths take 0.35 to 0.7 ms
// the first time (outlines read from the font) and 0.05 ms once cached; the first font load
// through fontconfig about 6 ms.

/// Text shaped and set in lines: glyphs placed in pixels, top-left origin, y down.
package struct TextLayout: Sendable {
    package var text: String
    /// In visual order, line by line.
    package var glyphs: [PositionedGlyph]
    package var lines: [TextLine]
    /// Width: the wrap width when given, else the widest line; height: lines × line height.
    package var size: TextSize
    package var firstBaseline: Double
    package var lastBaseline: Double
    /// Characters no installed font has, in the order they first appear.
    package var missingCharacters: [Character]
    /// Whether some word is wider than the wrap width.
    package var overflows: Bool
    package var wordCount: Int
    package var characterCount: Int
    /// Pixels per em of every glyph.
    package var fontSize: Double
    /// The distance between baselines.
    package var lineHeight: Double

    /// Shapes `text` and sets it in lines with `style`.
    package static func make(_ text: String, style: TextStyle) throws(TextError) -> TextLayout {
        guard style.size.isFinite, TextLimits.sizes.contains(style.size) else { throw .invalidSize(style.size) }
        if let width = style.width, !(width.isFinite && width > 0) { throw .invalidWidth(width) }
        if let multiple = style.lineHeight, !(multiple.isFinite && TextLimits.lineHeights.contains(multiple)) {
            throw .invalidLineHeight(multiple)
        }
        let index = CharacterIndex(text)
        guard index.characters.count <= TextLimits.maxCharacters else {
            throw .textTooLong(characters: index.characters.count, limit: TextLimits.maxCharacters)
        }
        let shaper = TextShaper(text: text, index: index, primary: style.font, size: style.size)
        let paragraphs = LineSetter.paragraphs(of: index.characters).map(shaper.shape(paragraph:))
        let metrics = style.font.metrics(size: style.size)
        var setter = LineSetter(characters: index.characters, metrics: metrics, lineHeight: metrics.naturalLineHeight * (style.lineHeight ?? 1),
                                width: style.width)
        for paragraph in paragraphs { setter.set(paragraph) }
        setter.align(style.alignment)
        return TextLayout(
            text: text, glyphs: setter.glyphs, lines: setter.lines,
            size: TextSize(width: setter.containerWidth, height: Double(setter.lines.count) * setter.lineHeight),
            firstBaseline: setter.lines.first?.baseline ?? 0, lastBaseline: setter.lines.last?.baseline ?? 0,
            missingCharacters: shaper.missing, overflows: setter.overflows, wordCount: setter.wordCount,
            characterCount: index.characters.count, fontSize: style.size, lineHeight: setter.lineHeight)
    }

    /// The outline of `glyph` in layout pixels.
    package func path(of glyph: PositionedGlyph) -> Path {
        glyph.font.outline(glyph.glyph).path.applying(Font.flip(fontSize / Double(glyph.font.unitsPerEm), to: glyph.origin))
    }

    /// The outlines of several glyphs (indices into `glyphs`: a line's, a word's) as one path.
    package func path(glyphs indices: some Sequence<Int>) -> Path {
        var path = Path()
        for i in indices where glyphs.indices.contains(i) { path.append(self.path(of: glyphs[i])) }
        return path
    }

    /// The outlines of every glyph.
    package var path: Path { path(glyphs: glyphs.indices) }

    /// The glyphs of the word at `word`, as indices into `glyphs`.
    package func glyphs(ofWord word: Int) -> [Int] { glyphs.indices.filter { glyphs[$0].word == word } }

    /// The bounds of the glyphs' ink (their outlines), in layout pixels; null when nothing has ink.
    package var inkBounds: Rect {
        var bounds = Rect.null
        for glyph in glyphs {
            let ink = glyph.font.outline(glyph.glyph).bounds
            guard !ink.isNull else { continue }
            let s = fontSize / Double(glyph.font.unitsPerEm)
            bounds = bounds.union(Rect(minX: glyph.origin.x + ink.minX * s, minY: glyph.origin.y - ink.maxY * s,
                                       maxX: glyph.origin.x + ink.maxX * s, maxY: glyph.origin.y - ink.minY * s))
        }
        return bounds
    }
}
