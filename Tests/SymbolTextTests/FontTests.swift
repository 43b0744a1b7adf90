import Foundation
import SymbolGeometry
import SymbolTestSupport
import SymbolText
import Testing

/// Loading faces: by file, by family through fontconfig, the default; metrics and outlines.
@Suite struct FontTests {
    @Test func defaultIsInterRegular() throws {
        let font = try Font.load(FontSpec())
        #expect(font.familyName == "Inter")
        #expect(font.path.hasSuffix("Inter-Regular.otf"), "\(font.path)")
        #expect(font.unitsPerEm == 2816)  // Inter 4's em
    }

    @Test func familyFindsTheFaceOfTheNearestWeight() throws {
        let bold = try Font.load(FontSpec(family: "Inter", weight: 700))
        #expect(bold.path.hasSuffix("Inter-Bold.otf"), "\(bold.path)")
        let semibold = try Font.load(FontSpec(family: "inter", weight: 620))  // nearest: SemiBold (600)
        #expect(semibold.path.hasSuffix("Inter-SemiBold.otf"), "\(semibold.path)")
        let dejaVu = try Font.load(FontSpec(family: "DejaVu Sans"))
        #expect(dejaVu.familyName == "DejaVu Sans")
    }

    @Test func loadedFontsAreShared() throws {
        #expect(try Font.load(FontSpec()) === Font.load(FontSpec(family: "Inter")))
        #expect(try Fonts.load(Fonts.inter) === Fonts.load(Fonts.inter))
        #expect(try Fonts.load(Fonts.inter, weight: 400) !== Fonts.load(Fonts.inter, weight: 500))
    }

    @Test func metricsScaleWithSize() throws {
        let font = try Fonts.load(Fonts.inter)
        let m = font.metrics(size: 100)
        #expect(m.ascender > 80 && m.ascender < 110, "\(m)")
        #expect(m.descender > 10 && m.descender < 40, "\(m)")
        #expect(m.capHeight > 60 && m.capHeight < m.ascender, "\(m)")
        #expect(m.xHeight > 40 && m.xHeight < m.capHeight, "\(m)")
        let half = font.metrics(size: 50)
        #expect(abs(half.ascender * 2 - m.ascender) < 1e-9)
    }

    /// An "H" sits on the baseline and reaches the cap height, y down.
    @Test func glyphPathIsYDownOnTheBaseline() throws {
        let layout = try TextLayout.make("H", style: TextStyle(font: Fonts.load(Fonts.inter), size: 100))
        let glyph = try #require(layout.glyphs.first)
        let bounds = glyph.font.glyphPath(glyph.glyph, size: 100).bounds
        let cap = glyph.font.metrics(size: 100).capHeight
        #expect(abs(bounds.maxY) < 0.01, "\(bounds)")
        #expect(abs(bounds.minY + cap) < 0.5, "\(bounds), cap height \(cap)")
        #expect(glyph.font.glyphPath(glyph.glyph, size: 100) == glyph.font.glyphPath(glyph.glyph, size: 100))
    }

    // MARK: Bad input: an error naming the font and the remedy, never a crash.

    @Test func missingFile() throws {
        let error = #expect(throws: TextError.self) { try Font.load(FontSpec(file: "/nonexistent/Brand.otf")) }
        let text = try #require(error).description
        #expect(text.contains("/nonexistent/Brand.otf") && text.contains("no such file") && text.contains(".ttf"), "\(text)")
    }

    @Test(arguments: ["png", "random", "empty", "truncated", "folder"])
    func notAFont(_ kind: String) throws {
        let dir = try makeTemporaryDirectory("text-bad-font")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("bad.ttf").path
        switch kind {
        case "png": try PNGFile.write(PNGFile.Image(width: 2, height: 2, rgba: [UInt8](repeating: 255, count: 16)), to: path)
        case "random":
            var random = SeededRandom(seed: 47)
            try Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }).write(to: URL(fileURLWithPath: path))
        case "empty": try Data().write(to: URL(fileURLWithPath: path))
        case "truncated": try Data(try Data(contentsOf: URL(fileURLWithPath: Fonts.dejaVu)).prefix(600)).write(to: URL(fileURLWithPath: path))
        default: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        let error = #expect(throws: TextError.self) { try Font.load(FontSpec(file: path)) }
        let text = try #require(error).description
        #expect(text.contains(path) && text.contains("cannot be used"), "\(text)")
    }

    @Test func faceIndexOutOfRange() throws {
        let error = #expect(throws: TextError.self) { try Font.load(FontSpec(file: Fonts.inter, faceIndex: 3)) }
        #expect(try #require(error).description.contains("holds 1 face"), "\(String(describing: error))")
    }

    @Test func unknownFamily() throws {
        let error = #expect(throws: TextError.self) { try Font.load(FontSpec(family: "No Such Family Anywhere", weight: 700)) }
        #expect(error == .fontNotFound(family: "No Such Family Anywhere", weight: 700))
        let text = try #require(error).description
        #expect(text.contains("'No Such Family Anywhere'") && text.contains("fonts-inter") && text.contains("\"file\""), "\(text)")
    }

    @Test func bytesInMemory() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Fonts.dejaVu)))
        let font = try Font.load(data: bytes)
        #expect(font.familyName == "DejaVu Sans")
        #expect(throws: TextError.self) { try Font.load(data: []) }
        #expect(throws: TextError.self) { try Font.load(data: Array(bytes.prefix(100))) }
    }
}
