import CHarfBuzz

// Itemizing and shaping one paragraph at a time (see TextLayout.swift for the rules and their
// simplifications): each Character gets a script and a font, runs of one script, font and
// direction are shaped by HarfBuzz, and the glyphs keep the Characters they came from.

/// A text's Characters and the UTF-8 offset each starts at, to map HarfBuzz clusters (UTF-8
/// offsets) back to Characters.
struct CharacterIndex {
    let characters: [Character]
    /// `characters.count + 1` offsets; the last is the text's UTF-8 length.
    let utf8Starts: [Int]

    init(_ text: String) {
        characters = Array(text)
        var starts: [Int] = []
        starts.reserveCapacity(characters.count + 1)
        var offset = 0
        for c in characters {
            starts.append(offset)
            offset += c.utf8.count
        }
        starts.append(offset)
        utf8Starts = starts
    }

    /// The Character whose UTF-8 holds byte `offset`.
    func character(containing offset: Int) -> Int {
        var low = 0, high = characters.count  // invariant: utf8Starts[low] <= offset < utf8Starts[high]
        while high - low > 1 {
            let mid = (low + high) / 2
            if utf8Starts[mid] <= offset { low = mid } else { high = mid }
        }
        return low
    }
}

/// A glyph as shaped, before it is placed on a line: advance and offset in pixels (offset y down).
struct ShapedGlyph {
    var font: Font
    var glyph: UInt32
    var advance: Double
    var offsetX: Double
    var offsetY: Double
    var characters: Range<Int>
}

/// One run of one script, font and direction; its glyphs in visual order (HarfBuzz's output order).
struct ShapedRun {
    var glyphs: [ShapedGlyph]
}

/// A paragraph's runs in logical order and its base direction.
struct ShapedParagraph {
    var characters: Range<Int>
    var isRightToLeft: Bool
    var runs: [ShapedRun]
}

/// Shapes paragraphs of one text with one primary font; collects the characters no font has.
final class TextShaper {
    let utf8: [UInt8]
    let index: CharacterIndex
    let primary: Font
    let size: Double
    private(set) var missing: [Character] = []
    private var missingSet: Set<Character> = []
    private var fallbacks: [Character: Font?] = [:]
    private let buffer: OpaquePointer
    // `nonisolated(unsafe)`: HarfBuzz's default Unicode functions and its interned languages are
    // immutable and shared by design.
    private nonisolated(unsafe) static let unicode = hb_unicode_funcs_get_default()
    /// One fixed language, so shaping never depends on the machine's locale.
    private nonisolated(unsafe) static let language = hb_language_from_string("und", -1)

    init(text: String, index: CharacterIndex, primary: Font, size: Double) {
        self.utf8 = Array(text.utf8)
        self.index = index
        self.primary = primary
        self.size = size
        self.buffer = hb_buffer_create()
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
    }

    deinit { hb_buffer_destroy(buffer) }

    func shape(paragraph range: Range<Int>) -> ShapedParagraph {
        let chars = index.characters
        let own = range.map { TextShaper.script(of: chars[$0]) }
        let strong = own.first { $0 != HB_SCRIPT_COMMON }
        // Neutral characters (spaces, punctuation, marks) join the run before them; those that
        // start the paragraph join the first strong run.
        var scripts = own
        var last = strong ?? HB_SCRIPT_COMMON
        for i in scripts.indices {
            if scripts[i] == HB_SCRIPT_COMMON { scripts[i] = last } else { last = scripts[i] }
        }
        var fonts: [Font] = []
        fonts.reserveCapacity(range.count)
        for (k, i) in range.enumerated() {
            if own[k] == HB_SCRIPT_COMMON, let previous = fonts.last, previous.covers(chars[i]) {
                fonts.append(previous)
            } else {
                fonts.append(font(for: chars[i]))
            }
        }
        var runs: [ShapedRun] = []
        var start = 0
        for k in 0...range.count {
            let ends = k == range.count || fonts[k] !== fonts[start] || scripts[k] != scripts[start]
                || rightToLeft(scripts[k], chars[range.lowerBound + k]) != rightToLeft(scripts[start], chars[range.lowerBound + start])
            guard ends else { continue }
            if k > start {
                let characters = (range.lowerBound + start)..<(range.lowerBound + k)
                runs.append(shape(characters, font: fonts[start], script: scripts[start],
                                  rightToLeft: rightToLeft(scripts[start], chars[characters.lowerBound])))
            }
            start = k
        }
        let isRightToLeft = strong.map { hb_script_get_horizontal_direction($0) == HB_DIRECTION_RTL } ?? false
        return ShapedParagraph(characters: range, isRightToLeft: isRightToLeft, runs: runs)
    }

    /// Right to left for the scripts HarfBuzz writes so (Arabic, Hebrew, Syriac, Thaana, N'Ko and
    /// the historic ones), except digits, which read left to right inside them.
    private func rightToLeft(_ script: hb_script_t, _ c: Character) -> Bool {
        hb_script_get_horizontal_direction(script) == HB_DIRECTION_RTL && !c.unicodeScalars.allSatisfy { $0.properties.numericType == .decimal }
    }

    /// The first script of `c` that is not Common, Inherited or Unknown; else Common.
    static func script(of c: Character) -> hb_script_t {
        for scalar in c.unicodeScalars {
            let script = hb_unicode_script(unicode, scalar.value)
            if script != HB_SCRIPT_COMMON, script != HB_SCRIPT_INHERITED, script != HB_SCRIPT_UNKNOWN { return script }
        }
        return HB_SCRIPT_COMMON
    }

    /// The primary font if it has `c`, else a fallback through fontconfig at the same weight; else
    /// the primary (which draws its .notdef) and `c` is recorded as missing.
    private func font(for c: Character) -> Font {
        if primary.covers(c) { return primary }
        if let known = fallbacks[c] { return known ?? primary }
        let scalars = c.unicodeScalars.filter(Font.needsGlyph)
        let found = FontLocator.fallback(covering: Array(scalars), weight: primary.weight)
            .flatMap { try? Font.load($0, weight: primary.weight) }
            .flatMap { $0.covers(c) ? $0 : nil }
        fallbacks[c] = .some(found)
        if found == nil { noteMissing(c) }
        return found ?? primary
    }

    private func noteMissing(_ c: Character) {
        guard !c.isWhitespace, c.unicodeScalars.contains(where: Font.needsGlyph), missingSet.insert(c).inserted else { return }
        missing.append(c)
    }

    private func shape(_ characters: Range<Int>, font: Font, script: hb_script_t, rightToLeft: Bool) -> ShapedRun {
        let startByte = index.utf8Starts[characters.lowerBound]
        let endByte = index.utf8Starts[characters.upperBound]
        hb_buffer_clear_contents(buffer)
        utf8.withUnsafeBufferPointer { bytes in
            bytes.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    hb_buffer_add_utf8(buffer, $0, Int32(bytes.count), UInt32(startByte), Int32(endByte - startByte))
                }
            }
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script)
        hb_buffer_set_language(buffer, TextShaper.language)
        hb_buffer_guess_segment_properties(buffer)  // direction, script and language are set: nothing is left to guess
        hb_shape(font.handle, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count) else {
            return ShapedRun(glyphs: [])
        }
        // Each cluster ends where the next larger cluster of the run begins.
        let clusters = Set((0..<Int(count)).map { Int(infos[$0].cluster) }).sorted()
        var next: [Int: Int] = [:]
        for (k, c) in clusters.enumerated() { next[c] = k + 1 < clusters.count ? clusters[k + 1] : endByte }
        let scale = size / Double(font.unitsPerEm)
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
            let cluster = Int(infos[i].cluster)
            let first = index.character(containing: cluster)
            let last = index.character(containing: max(cluster, (next[cluster] ?? endByte) - 1))
            let range = first..<(last + 1)
            if infos[i].codepoint == 0 { range.forEach { noteMissing(index.characters[$0]) } }
            glyphs.append(ShapedGlyph(font: font, glyph: infos[i].codepoint, advance: Double(positions[i].x_advance) * scale,
                                      offsetX: Double(positions[i].x_offset) * scale, offsetY: -Double(positions[i].y_offset) * scale,
                                      characters: range))
        }
        return ShapedRun(glyphs: glyphs)
    }
}
