import SymbolGeometry

/// Breaks shaped paragraphs into lines, places their glyphs on baselines and aligns the lines
/// (the rules are in TextLayout.swift's header).
struct LineSetter {
    let characters: [Character]
    let metrics: FontMetrics
    let lineHeight: Double
    let width: Double?
    /// Each Character's word; spaces take the word before them (the first word at the start).
    let words: [Int]
    let wordCount: Int
    private(set) var glyphs: [PositionedGlyph] = []
    private(set) var lines: [TextLine] = []
    private(set) var overflows = false

    init(characters: [Character], metrics: FontMetrics, lineHeight: Double, width: Double?) {
        self.characters = characters
        self.metrics = metrics
        self.lineHeight = lineHeight
        self.width = width
        var words: [Int] = []
        words.reserveCapacity(characters.count)
        var count = 0
        var inWord = false
        for c in characters {
            if LineSetter.separatesWords(c) {
                inWord = false
            } else if !inWord {
                inWord = true
                count += 1
            }
            words.append(max(count - 1, 0))
        }
        self.words = words
        self.wordCount = count
    }

    /// The paragraphs of `characters`: the ranges between line breaks (the breaks left out).
    static func paragraphs(of characters: [Character]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for (i, c) in characters.enumerated() where c.isNewline {
            ranges.append(start..<i)
            start = i + 1
        }
        ranges.append(start..<characters.count)
        return ranges
    }

    static func separatesWords(_ c: Character) -> Bool { c.isWhitespace }

    /// A space a line may break at (no-break spaces are not).
    static func breaksLines(_ c: Character) -> Bool {
        c.isWhitespace && c != "\u{00A0}" && c != "\u{2007}" && c != "\u{202F}"
    }

    static func isHyphen(_ c: Character) -> Bool { c == "-" || c == "\u{2010}" }

    /// The width the lines align within: the wrap width, else the widest line.
    var containerWidth: Double { width ?? lines.map(\.width).max() ?? 0 }

    mutating func set(_ paragraph: ShapedParagraph) {
        let range = paragraph.characters
        var advances = [Double](repeating: 0, count: range.count)
        for run in paragraph.runs {
            for glyph in run.glyphs where range.contains(glyph.characters.lowerBound) {
                advances[glyph.characters.lowerBound - range.lowerBound] += glyph.advance
            }
        }
        for line in breaks(range, advances: advances) { place(line, of: paragraph) }
    }

    /// Greedy breaking: each unit is a word (up to a break after a hyphen) and the spaces after it.
    private mutating func breaks(_ range: Range<Int>, advances: [Double]) -> [Range<Int>] {
        func advance(_ r: Range<Int>) -> Double { r.reduce(0) { $0 + advances[$1 - range.lowerBound] } }
        var result: [Range<Int>] = []
        var lineStart = range.lowerBound
        var lineWidth = 0.0
        var i = range.lowerBound
        while i < range.upperBound {
            let unitStart = i
            while i < range.upperBound, !LineSetter.breaksLines(characters[i]) {
                i += 1
                if LineSetter.isHyphen(characters[i - 1]), i - 1 > unitStart, i < range.upperBound, !LineSetter.breaksLines(characters[i]) { break }
            }
            let ink = advance(unitStart..<i)
            let inkEnd = i
            while i < range.upperBound, LineSetter.breaksLines(characters[i]) { i += 1 }
            if let width {
                if unitStart > lineStart, lineWidth + ink > width + 1e-9 {
                    result.append(lineStart..<unitStart)
                    lineStart = unitStart
                    lineWidth = 0
                }
                if unitStart == lineStart, ink > width + 1e-9 { overflows = true }
            }
            lineWidth += ink + advance(inkEnd..<i)
        }
        result.append(lineStart..<range.upperBound)
        return result
    }

    /// Places the glyphs of `line` (its trailing spaces left out) left to right on its baseline.
    private mutating func place(_ line: Range<Int>, of paragraph: ShapedParagraph) {
        var end = line.upperBound
        while end > line.lowerBound, LineSetter.breaksLines(characters[end - 1]) { end -= 1 }
        let shown = line.lowerBound..<end
        let number = lines.count
        let baseline = Double(number) * lineHeight + (lineHeight - metrics.ascender - metrics.descender) / 2 + metrics.ascender
        let first = glyphs.count
        var pen = 0.0
        for run in paragraph.isRightToLeft ? paragraph.runs.reversed() : paragraph.runs {
            for glyph in run.glyphs where shown.contains(glyph.characters.lowerBound) {
                glyphs.append(PositionedGlyph(
                    font: glyph.font, glyph: glyph.glyph, origin: Point(pen + glyph.offsetX, baseline + glyph.offsetY),
                    characters: glyph.characters, word: words[glyph.characters.lowerBound], line: number))
                pen += glyph.advance
            }
        }
        lines.append(TextLine(glyphs: first..<glyphs.count, baseline: baseline, width: pen, x: 0, characters: line,
                              isRightToLeft: paragraph.isRightToLeft))
    }

    /// Moves each line to its place within `containerWidth`.
    mutating func align(_ alignment: TextAlignment) {
        let container = containerWidth
        for n in lines.indices {
            let free = container - lines[n].width
            let x: Double
            switch (alignment, lines[n].isRightToLeft) {
            case (.center, _): x = free / 2
            case (.leading, false), (.trailing, true): x = 0
            case (.leading, true), (.trailing, false): x = free
            }
            lines[n].x = x
            for g in lines[n].glyphs { glyphs[g].origin.x += x }
        }
    }
}
