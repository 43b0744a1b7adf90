import SymbolGeometry

/// Where each line sits within the layout's width, relative to its paragraph's direction:
/// `leading` is the left edge of a left-to-right paragraph and the right edge of a right-to-left one.
package enum TextAlignment: String, Sendable, CaseIterable {
    case leading, center, trailing
}

/// How text is set: font, size, line height, alignment and wrap width.
package struct TextStyle: Sendable {
    package var font: Font
    /// Pixels per em.
    package var size: Double
    /// A multiple of the font's natural line height (ascender + descender + line gap); nil is 1.
    package var lineHeight: Double?
    package var alignment: TextAlignment
    /// The wrap width in pixels; nil sets each paragraph on one line.
    package var width: Double?

    package init(font: Font, size: Double = 17, lineHeight: Double? = nil, alignment: TextAlignment = .leading, width: Double? = nil) {
        self.font = font
        self.size = size
        self.lineHeight = lineHeight
        self.alignment = alignment
        self.width = width
    }
}

/// One glyph placed in a layout.
package struct PositionedGlyph: Hashable, Sendable {
    /// The font it is drawn from: the style's, or a fallback that has its characters.
    package var font: Font
    package var glyph: UInt32
    /// On the baseline, in layout pixels: x from the layout's left edge, y down from its top.
    package var origin: Point
    /// The Characters (grapheme clusters, as offsets into `text`) this glyph shows. Two glyphs of
    /// one cluster share a range; one glyph of a ligature spans its characters.
    package var characters: Range<Int>
    /// The whitespace-separated word of the whole text it belongs to (spaces go with the word before).
    package var word: Int
    package var line: Int
}

/// One line of a layout.
package struct TextLine: Hashable, Sendable {
    /// Its glyphs, as indices into `TextLayout.glyphs`, left to right.
    package var glyphs: Range<Int>
    /// y of the baseline from the layout's top.
    package var baseline: Double
    /// The advance width of its glyphs (spaces at its end left out).
    package var width: Double
    /// Its left edge after alignment.
    package var x: Double
    /// The Characters it holds (the line break that ends a paragraph left out).
    package var characters: Range<Int>
    /// Whether its paragraph runs right to left.
    package var isRightToLeft: Bool
}

/// A layout's box in pixels.
package struct TextSize: Hashable, Sendable {
    package var width: Double
    package var height: Double
    package init(width: Double, height: Double) { self.width = width; self.height = height }
}
