import SymbolGeometry
import SymbolRaster
import SymbolText
import Testing

/// Line breaking, alignment, words and characters, fallback, missing characters, limits and
/// determinism, in-process.
@Suite struct TextLayoutTests {
    static func style(_ file: String = Fonts.inter, size: Double = 40, width: Double? = nil, alignment: TextAlignment = .leading,
                      lineHeight: Double? = nil) throws -> TextStyle {
        TextStyle(font: try Fonts.load(file), size: size, lineHeight: lineHeight, alignment: alignment, width: width)
    }

    @Test func oneLineWithoutWidth() throws {
        let layout = try TextLayout.make("Hello world", style: Self.style())
        let metrics = try Fonts.load(Fonts.inter).metrics(size: 40)
        #expect(layout.lines.count == 1)
        #expect(layout.glyphs.count == 11)
        #expect(layout.wordCount == 2 && layout.characterCount == 11)
        #expect(layout.size.width == layout.lines[0].width)
        #expect(abs(layout.size.height - metrics.naturalLineHeight) < 1e-9)
        #expect(abs(layout.firstBaseline - (metrics.lineGap / 2 + metrics.ascender)) < 1e-9)
        #expect(layout.glyphs.map(\.word) == [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1])
        #expect(layout.glyphs.map(\.characters) == (0..<11).map { $0..<($0 + 1) })
        // Origins increase left to right, on the baseline.
        #expect(zip(layout.glyphs, layout.glyphs.dropFirst()).allSatisfy { $0.origin.x < $1.origin.x })
        #expect(layout.glyphs.allSatisfy { $0.origin.y == layout.firstBaseline })
        let ink = layout.inkBounds
        #expect(ink.minX >= -1 && ink.maxX <= layout.size.width + 1 && ink.minY >= 0 && ink.maxY <= layout.size.height, "\(ink)")
        #expect(layout.path.bounds.minX == ink.minX)
    }

    @Test func wrapsAtSpacesIntoLines() throws {
        let text = "The quick brown fox jumps over the lazy dog"
        let wide = try TextLayout.make(text, style: Self.style())
        let narrow = try TextLayout.make(text, style: Self.style(width: wide.size.width / 3))
        #expect(narrow.lines.count >= 3 && narrow.lines.count <= 4, "\(narrow.lines.count) lines")
        #expect(!narrow.overflows)
        #expect(narrow.size.width == wide.size.width / 3)
        #expect(abs(narrow.size.height - Double(narrow.lines.count) * narrow.lineHeight) < 1e-9)
        #expect(narrow.lines.allSatisfy { $0.width <= narrow.size.width })
        // Every line begins with a word and no line ends with a space glyph; words are not split.
        let characters = Array(text)
        for line in narrow.lines {
            #expect(characters[line.characters.lowerBound] != " ")
            let words = Set(narrow.glyphs[line.glyphs].map(\.word))
            for word in words { #expect(narrow.glyphs.filter { $0.word == word }.allSatisfy { $0.line == narrow.glyphs[line.glyphs.lowerBound].line }) }
        }
        #expect(narrow.glyphs.count == wide.glyphs.count - (narrow.lines.count - 1))  // one space dropped per break
        // Baselines one line height apart.
        for (a, b) in zip(narrow.lines, narrow.lines.dropFirst()) { #expect(abs(b.baseline - a.baseline - narrow.lineHeight) < 1e-9) }
        #expect(narrow.lastBaseline == narrow.lines.last?.baseline)
    }

    @Test func newlinesSplitParagraphs() throws {
        let layout = try TextLayout.make("one\ntwo\n\nfour", style: Self.style())
        #expect(layout.lines.count == 4)
        #expect(layout.lines.map(\.characters) == [0..<3, 4..<7, 8..<8, 9..<13])
        #expect(layout.lines[2].glyphs.isEmpty)
        #expect(layout.wordCount == 3)
    }

    @Test func alignmentWithinTheWidth() throws {
        let width = 600.0
        let leading = try TextLayout.make("Centre me", style: Self.style(width: width))
        let center = try TextLayout.make("Centre me", style: Self.style(width: width, alignment: .center))
        let trailing = try TextLayout.make("Centre me", style: Self.style(width: width, alignment: .trailing))
        let lineWidth = leading.lines[0].width
        #expect(leading.lines[0].x == 0)
        #expect(abs(center.lines[0].x - (width - lineWidth) / 2) < 1e-9)
        #expect(abs(trailing.lines[0].x - (width - lineWidth)) < 1e-9)
        #expect(abs(trailing.glyphs[0].origin.x - leading.glyphs[0].origin.x - (width - lineWidth)) < 1e-9)
        // Without a width, lines align within the widest one.
        let two = try TextLayout.make("a\nmuch longer line", style: Self.style(alignment: .trailing))
        #expect(abs(two.lines[0].x + two.lines[0].width - two.size.width) < 1e-9)
        #expect(two.lines[1].x == 0)
    }

    @Test func rightToLeftParagraphsLeadFromTheRight() throws {
        let layout = try TextLayout.make("שלום עולם", style: Self.style(Fonts.dejaVu, width: 500))
        #expect(layout.lines[0].isRightToLeft)
        #expect(abs(layout.lines[0].x + layout.lines[0].width - 500) < 1e-9)
        // The first character (ש) is drawn rightmost.
        let first = try #require(layout.glyphs.max { $0.origin.x < $1.origin.x })
        #expect(first.characters == 0..<1)
    }

    @Test func aWordWiderThanTheWidthOverflows() throws {
        let layout = try TextLayout.make("a supercalifragilistic word", style: Self.style(width: 120))
        #expect(layout.overflows)
        #expect(layout.lines.count == 3)
        #expect(layout.lines[1].width > 120)
        #expect(try !TextLayout.make("short words only", style: Self.style(width: 400)).overflows)
    }

    @Test func hyphensBreak() throws {
        let layout = try TextLayout.make("well-known", style: Self.style(width: 110))
        #expect(layout.lines.map(\.characters) == [0..<5, 5..<10])
    }

    @Test func ligatureSpansItsCharacters() throws {
        let layout = try TextLayout.make("office", style: Self.style(Fonts.dejaVu))
        #expect(layout.glyphs.count == 4)  // o, ffi, c, e
        #expect(layout.glyphs[1].characters == 1..<4)
    }

    @Test func lineHeightMultiple() throws {
        let one = try TextLayout.make("a\nb", style: Self.style())
        let double = try TextLayout.make("a\nb", style: Self.style(lineHeight: 2))
        #expect(abs(double.size.height - 2 * one.size.height) < 1e-9)
        #expect(abs(double.lines[1].baseline - double.lines[0].baseline - 2 * one.lineHeight) < 1e-9)
    }

    /// Inter has no Arabic or Devanagari: fontconfig finds a font that does, at the same weight.
    @Test func fallbackFontsForOtherScripts() throws {
        let layout = try TextLayout.make("Hi مرحبا नमस्ते", style: Self.style())
        #expect(layout.missingCharacters.isEmpty, "\(layout.missingCharacters)")
        #expect(!layout.glyphs.contains { $0.glyph == 0 })
        let families = Set(layout.glyphs.map(\.font.familyName))
        #expect(families.contains("Inter") && families.count == 3, "\(families)")
    }

    @Test func charactersNoFontHasAreListed() throws {
        // U+0378 is unassigned; U+10FFFD is private use (Inter has U+E000, so not that one).
        let layout = try TextLayout.make("a\u{0378}b\u{10FFFD}c\u{0378}", style: Self.style())
        #expect(layout.missingCharacters == ["\u{0378}", "\u{10FFFD}"])
        #expect(layout.glyphs.count == 6)  // drawn with .notdef
        #expect(try TextLayout.make("flag 🏳️ joiner a\u{200D}b", style: Self.style()).missingCharacters.allSatisfy { $0 != "\u{200D}" })
    }

    @Test func emptyText() throws {
        let layout = try TextLayout.make("", style: Self.style())
        #expect(layout.glyphs.isEmpty && layout.lines.count == 1 && layout.wordCount == 0)
        #expect(layout.inkBounds.isNull)
    }

    @Test func limitsAreErrors() throws {
        #expect(throws: TextError.invalidSize(0)) { try TextLayout.make("a", style: Self.style(size: 0)) }
        #expect(throws: TextError.self) { try TextLayout.make("a", style: Self.style(size: .infinity)) }
        #expect(throws: TextError.invalidWidth(-1)) { try TextLayout.make("a", style: Self.style(width: -1)) }
        #expect(throws: TextError.invalidLineHeight(0)) { try TextLayout.make("a", style: Self.style(lineHeight: 0)) }
        let long = String(repeating: "a", count: TextLimits.maxCharacters + 1)
        #expect(throws: TextError.textTooLong(characters: TextLimits.maxCharacters + 1, limit: TextLimits.maxCharacters)) {
            try TextLayout.make(long, style: Self.style())
        }
    }

    /// The same text and font give the same pixels, every time and from every thread.
    @Test func deterministicPixels() async throws {
        let text = "Deterministic AVATAR office مرحبا"
        let first = try Ink.render(TextLayout.make(text, style: Self.style(width: 300)))
        let again = try Ink.render(TextLayout.make(text, style: Self.style(width: 300)))
        #expect(first == again)
        let others = try await withThrowingTaskGroup(of: Bitmap.self) { group in
            for _ in 0..<4 { group.addTask { try Ink.render(TextLayout.make(text, style: Self.style(width: 300))) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(others.allSatisfy { $0 == first })
    }
}
