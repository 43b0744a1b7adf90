import Foundation
import SymbolGeometry
import SymbolRaster
import SymbolTestSupport
import SymbolText
import Testing

/// Our shaped lines against HarfBuzz's own tools (libharfbuzz-bin), which we did not write:
/// hb-view draws a line with cairo (FreeType's rasterizer, its own glyph loading), hb-shape
/// prints the glyphs and advances. No CJK line: no CJK font is installed by setup (Noto CJK is
/// large); Latin, Arabic, Hebrew and Devanagari are.
@Suite struct HarfBuzzComparisonTests {
    struct Line: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var font: String
        var testDescription: String { name }
    }

    static let lines = [
        Line(name: "Latin with kerning", text: "AVATAR Wave", font: Fonts.inter),
        Line(name: "Latin ligatures", text: "office fluffy", font: Fonts.dejaVu),
        Line(name: "Arabic", text: "مرحبا بالعالم", font: Fonts.dejaVu),
        Line(name: "Hebrew", text: "שלום עולם", font: Fonts.dejaVu),
        Line(name: "Devanagari", text: "नमस्ते दुनिया", font: Fonts.lohit),
    ]

    static let size = 48

    /// Ink box and mask against hb-view at 48 px. Our glyphs are drawn where cairo's image
    /// backend draws them: the pen starts at x = 0, the baseline is at the ascender, and each
    /// glyph's origin is rounded to a whole pixel (cairo places glyph images at whole pixels; our
    /// layout keeps fractional positions, and a fifth of a pixel of phase alone costs about 0.15
    /// IoU on 4-px strokes). Then the two rasterizers disagree by at most 20/255 on a pixel in
    /// Latin, Hebrew and Devanagari (measured: IoU 0.996 to 0.998; Arabic 0.972: its last glyph
    /// lands a pixel apart). Tolerances: each side of the ink box within 1 px (2 px on a width or height) plus
    /// 2 % of the size; IoU of the masks thresholded at half coverage ≥ 0.95, the best of the
    /// shifts within ±1 px of the ink boxes' corners.
    @Test(.requires(.hbView), arguments: lines)
    func inkMatchesHBView(_ line: Line) throws {
        let dir = try makeTemporaryDirectory("text-hb-view")
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("hb-view.png").path
        let result = try Requirement.hbView.run([
            "--font-file=\(line.font)", "--font-size=\(Self.size)", "--margin=0", "--output-format=png",
            "--background=FFFFFF", "--foreground=000000", "-o", png, line.text,
        ])
        try #require(result.status == 0, "\(result.output)")
        let theirs = Ink.mask(blackOnWhite: try PNGFile.read(png))
        let layout = try TextLayout.make(line.text, style: TextStyle(font: Fonts.load(line.font), size: Double(Self.size)))
        #expect(layout.missingCharacters.isEmpty)
        // Drawn where hb-view draws: the pen starts at x = 0 and the baseline is at the ascender;
        // cairo's image backend puts each glyph at a whole pixel, so here too.
        var bitmap = try #require(Bitmap(width: theirs.width + 16, height: theirs.height + 16))
        let ascender = layout.glyphs[0].font.metrics(size: Double(Self.size)).ascender
        var path = Path()
        for glyph in layout.glyphs {
            let origin = Transform.translation(glyph.origin.x.rounded(), (glyph.origin.y - layout.firstBaseline + ascender).rounded())
            path.append(glyph.font.glyphPath(glyph.glyph, size: Double(Self.size)).applying(origin))
        }
        Painter().fill(path, paint: Ink.black, into: &bitmap)
        let ours = Ink.mask(bitmap)
        let a = try #require(ours.box()), b = try #require(theirs.box())
        let (w, h) = (Double(a.maxX - a.minX), Double(a.maxY - a.minY))
        let (tw, th) = (Double(b.maxX - b.minX), Double(b.maxY - b.minY))
        #expect(abs(w - tw) <= 2 + 0.02 * tw, "\(line.name): ink width \(w) px, hb-view \(tw) px")
        #expect(abs(h - th) <= 2 + 0.02 * th, "\(line.name): ink height \(h) px, hb-view \(th) px")
        let iou = Ink.iou(ours, theirs)
        #expect(iou >= 0.95, "\(line.name): IoU \(iou)")
    }

    struct ShapedGlyph: Decodable { var g: UInt32; var dx: Int; var dy: Int; var ax: Int }

    static func hbShape(_ text: String, font: String) throws -> [ShapedGlyph] {
        let result = try Requirement.hbShape.run(["--font-file=\(font)", "--output-format=json", "--no-glyph-names", text])
        try #require(result.status == 0, "\(result.output)")
        return try JSONDecoder().decode([ShapedGlyph].self, from: Data(result.stdout.utf8))
    }

    /// Glyphs and pen positions exactly as hb-shape gives them (the same HarfBuzz shapes both):
    /// one run per line, and lines of two directions, which hb-shape shapes run by run, laid out
    /// by our run order (a right-to-left paragraph shows its runs right to left).
    @Test(.requires(.hbShape), arguments: [
        ("AVATAR Wave", Fonts.inter, ["AVATAR Wave"]), ("office fluffy", Fonts.dejaVu, ["office fluffy"]),
        ("مرحبا بالعالم", Fonts.dejaVu, ["مرحبا بالعالم"]), ("שלום עולם", Fonts.dejaVu, ["שלום עולם"]),
        ("नमस्ते दुनिया", Fonts.lohit, ["नमस्ते दुनिया"]),
        ("Hello שלום", Fonts.dejaVu, ["Hello ", "שלום"]), ("שלום Hello", Fonts.dejaVu, ["Hello", "שלום "]),
        ("عام 2024", Fonts.dejaVu, ["2024", "عام "]),
    ])
    func glyphsMatchHBShape(_ text: String, _ file: String, _ visualRuns: [String]) throws {
        let font = try Fonts.load(file)
        let size = 1000.0
        let layout = try TextLayout.make(text, style: TextStyle(font: font, size: size))
        var expected: [(glyph: UInt32, x: Double, y: Double)] = []
        var pen = 0
        for run in visualRuns {
            for g in try Self.hbShape(run, font: file) {
                expected.append((g.g, Double(pen + g.dx), Double(-g.dy)))
                pen += g.ax
            }
        }
        let scale = size / Double(font.unitsPerEm)
        #expect(layout.glyphs.map(\.glyph) == expected.map(\.glyph), "\(text)")
        for (ours, theirs) in zip(layout.glyphs, expected) {
            #expect(abs(ours.origin.x - theirs.x * scale) < 1e-6 && abs(ours.origin.y - layout.firstBaseline - theirs.y * scale) < 1e-6,
                    "\(text): glyph \(ours.glyph) at \(ours.origin), hb-shape \(theirs.x * scale)")
        }
    }
}
