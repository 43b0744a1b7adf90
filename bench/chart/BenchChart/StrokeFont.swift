import SymbolGeometry

/// A tiny stroke font for the chart's labels (we have no text renderer): every glyph is a few
/// polylines on an 8 × 12 grid (y down, 12 the baseline, 14 the lowest descender), stroked by
/// our own stroker. Upper case, digits and the symbols the bench labels use; lower case is
/// drawn as upper case, anything else as a small box.
package enum StrokeFont {
    /// Grid units from one glyph's origin to the next.
    package static let advance = 11.0
    /// Grid units from the top of a capital to the baseline.
    package static let capHeight = 12.0

    /// Polylines per glyph, separated by spaces; each point is two base-16 digits "xy".
    static let glyphs: [Character: String] = [
        "0": "2060828a6c2c0a0220 6329",
        "1": "22404c 2c6c",
        "2": "02206082840c8c",
        "3": "02206082846636 66888a6c2c0a",
        "4": "6c600888",
        "5": "80000565878a6c2c0a",
        "6": "7030040a2c6c8a87652507",
        "7": "00803c",
        "8": "206082836525030220 25070a2c6c8a8765",
        "9": "84662604022060828a6c2c0a",
        "A": "0c408c 2767",
        "B": "0c006082846606 66888a6c0c",
        "C": "826020020a2c6c8a",
        "D": "005083895c0c00",
        "E": "80000c8c 0666",
        "F": "80000c 0666",
        "G": "826020020a2c6c8a8747",
        "H": "000c 808c 0686",
        "I": "2060 404c 2c6c",
        "J": "30808a6c2c0a",
        "K": "000c 80068c",
        "L": "000c8c",
        "M": "0c0046808c",
        "N": "0c008c80",
        "O": "2060828a6c2c0a0220",
        "P": "0c006082846606",
        "Q": "2060828a6c2c0a0220 598c",
        "R": "0c006082846606 668c",
        "S": "82602002042666888a6c2c0a",
        "T": "0080 404c",
        "U": "000a2c6c8a80",
        "V": "004c80",
        "W": "002c466c80",
        "X": "008c 800c",
        "Y": "004680 464c",
        "Z": "00800c8c",
        ".": "4b4c",
        ",": "4a4c2e",
        "-": "2666",
        "+": "2666 4448",
        "/": "800c",
        "*": "2569 6529",
        ":": "4445 4a4b",
        "%": "0c80 1021120110 7a8b7c6b7a",
        "(": "50222a5c",
        ")": "30626a3c",
        "=": "2464 2868",
        "<": "73177b",
        ">": "13771b",
        "'": "4043",
        "_": "0c8c",
        "#": "222c 626c 0585 0989",
        "?": "02206082844648 4b4c",
        " ": "",
    ]

    /// The strokes of one character in grid units, or a box for one the font lacks.
    package static func strokes(_ ch: Character) -> [[Point]] {
        let key = Character(ch.uppercased())
        let spec = glyphs[key] ?? "14747c1c14"
        return spec.split(separator: " ").map { poly in
            let digits = poly.compactMap { $0.hexDigitValue }.map(Double.init)
            return stride(from: 0, to: digits.count - 1, by: 2).map { Point(digits[$0], digits[$0 + 1]) }
        }
    }

    /// The width in pixels of `text` drawn with capitals `size` pixels high.
    package static func width(of text: String, size: Double) -> Double {
        text.isEmpty ? 0 : (Double(text.count) * advance - 3) * size / capHeight
    }

    /// The centre lines of `text` with its baseline starting at `origin`, capitals `size`
    /// pixels high, ready for `Painter.stroke`.
    package static func path(_ text: String, at origin: Point, size: Double) -> Path {
        let k = size / capHeight
        var b = PathBuilder()
        var x = origin.x
        for ch in text {
            for poly in strokes(ch) where !poly.isEmpty {
                let map = { (p: Point) in Point(x + p.x * k, origin.y + (p.y - capHeight) * k) }
                b.move(to: map(poly[0]))
                for p in poly.dropFirst() { b.line(to: map(p)) }
                if poly.count == 1 { b.line(to: map(poly[0]) + Point(0.01, 0)) }
            }
            x += advance * k
        }
        return b.path
    }
}
