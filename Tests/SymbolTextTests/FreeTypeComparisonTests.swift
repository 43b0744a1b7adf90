import Foundation
import SymbolGeometry
import SymbolRaster
import SymbolTestSupport
import SymbolText
import Testing

/// Single glyphs against FreeType through Pillow (`ImageFont.truetype`, FreeType's own glyph
/// loader and rasterizer; we did not write either) at 120 px. Pillow lets FreeType hint, so the
/// outlines themselves differ a little: measured IoU 0.994 to 0.999 for Inter (CFF, lightly
/// hinted), 0.953 to 0.979 for DejaVu Sans, whose TrueType instructions snap stems and heights
/// to whole pixels. Tolerances: each ink box side within 1 px (2 px on a width or height) plus
/// 2 %, as against hb-view; IoU of the masks thresholded at half coverage ≥ 0.93, the best of
/// the shifts within ±1 px of the ink boxes' corners (Pillow draws at its own origin).
@Suite struct FreeTypeComparisonTests {
    static let size = 120

    static let script = """
        import sys
        from PIL import Image, ImageDraw, ImageFont
        path, size, text, out = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
        font = ImageFont.truetype(path, size)
        image = Image.new("RGB", (3 * size, 2 * size), (255, 255, 255))
        ImageDraw.Draw(image).text((size // 2, size // 4), text, font=font, fill=(0, 0, 0))
        image.save(out)
        """

    @Test(.requires(.pillow), arguments: [
        ("g", Fonts.inter), ("&", Fonts.inter), ("R", Fonts.interBold), ("@", Fonts.dejaVu), ("ß", Fonts.dejaVu), ("Ж", Fonts.dejaVu),
    ])
    func glyphMatchesFreeType(_ character: String, _ file: String) throws {
        let dir = try makeTemporaryDirectory("text-freetype")
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("pillow.png").path
        let result = try Requirement.pillow.run(["-c", Self.script, file, "\(Self.size)", character, png])
        try #require(result.status == 0, "\(result.output)")
        let theirs = Ink.mask(blackOnWhite: try PNGFile.read(png))

        let layout = try TextLayout.make(character, style: TextStyle(font: Fonts.load(file), size: Double(Self.size)))
        let glyph = try #require(layout.glyphs.first)
        #expect(layout.glyphs.count == 1)
        var bitmap = try #require(Bitmap(width: 3 * Self.size, height: 2 * Self.size))
        let origin = Transform.translation(Double(Self.size) / 2, Double(Self.size) * 1.5)
        Painter().fill(glyph.font.glyphPath(glyph.glyph, size: Double(Self.size)), transform: origin, paint: Ink.black, into: &bitmap)
        let ours = Ink.mask(bitmap)

        let a = try #require(ours.box()), b = try #require(theirs.box())
        let (w, h) = (Double(a.maxX - a.minX), Double(a.maxY - a.minY))
        let (tw, th) = (Double(b.maxX - b.minX), Double(b.maxY - b.minY))
        #expect(abs(w - tw) <= 2 + 0.02 * tw, "\(character): ink width \(w) px, FreeType \(tw) px")
        #expect(abs(h - th) <= 2 + 0.02 * th, "\(character): ink height \(h) px, FreeType \(th) px")
        let iou = Ink.iou(ours, theirs)
        #expect(iou >= 0.93, "\(character): IoU \(iou)")
    }
}
