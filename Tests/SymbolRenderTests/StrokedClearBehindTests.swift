import Foundation
import Testing
import SymbolGeometry
import SymbolScene
import SymbolRaster
import SymbolSVG
import SymbolTestSupport
@testable import SymbolRender

/// A clear-behind layer whose first path sets its own `stroke-width` (templates 6.0 and later)
/// erases a band round its outline, as Apple's renderer strokes it (docs/rendering.md rule 12). The
/// fixture `apple-v6-shared-path-stroke.svg` (our design) puts one badge disc, r = 16 about
/// (62, −14), in the gap layer and the front layer; in multicolor the disc is the gap layer's
/// only path, with stroke-width 3, so the gap is the ring 16 < r < 19 round the badge. In
/// monochrome the gap layer's first path is a drawn ring (16…19), so it fills: the same gap.
/// The whole frame is also compared with the independent reference in DialectReferenceTests.
@Suite struct StrokedClearBehindTests {
    static let file = packageRoot.appendingPathComponent("Tests/Fixtures/Dialects/apple-v6-shared-path-stroke.svg").path
    static let blue = Color(hex: "#007AFF")!, green = Color(hex: "#34C759")!

    /// The fixture as written, or with its Notes saying another template version.
    static func document(version: String = "6.0") throws -> SymbolDocument {
        let text = try String(contentsOfFile: file, encoding: .utf8)
            .replacingOccurrences(of: "Template v.6.0", with: "Template v.\(version)")
        return try SymbolReader.read(data: Array(text.utf8), fileName: "apple-v6-shared-path-stroke.svg")
    }

    /// The colour at a point of symbol space (the badge's centre is (62, −14)), at 400 × 400.
    static func sample(_ doc: SymbolDocument, _ mode: RenderingMode, radius: Double) -> (r: Int, g: Int, b: Int, a: Int) {
        let settings = RenderSettings(width: 400, height: 400, size: .fraction(0.5), mode: mode, colors: [.black])
        let bitmap = FrameRenderer().render(doc, settings: settings)!
        // Straight up from the centre: inside the document (x 4…64, y −66…−4) up to r = 52.
        let p = SymbolPlacement.transform(for: doc, width: 400, height: 400, size: settings.size).apply(Point(62, -14 - radius))
        let px = bitmap.pixel(x: Int(p.x), y: Int(p.y))
        return (Int(px.r), Int(px.g), Int(px.b), Int(px.a))
    }

    @Test(arguments: [RenderingMode.monochrome, .hierarchical, .multicolor])
    func theGapOpensRoundTheSharedPath(_ mode: RenderingMode) throws {
        let doc = try Self.document()
        // 1.8 px per unit at this size: 17.5 is mid-band, 21 well outside it, 12 inside the badge.
        #expect(Self.sample(doc, mode, radius: 17.5).a == 0, "the band 16…19 is erased in \(mode)")
        // The document is secondary (half opacity) in hierarchical.
        #expect(Self.sample(doc, mode, radius: 21).a == (mode == .hierarchical ? 128 : 255), "beyond the band the document shows in \(mode)")
        let badge = Self.sample(doc, mode, radius: 12)
        #expect(badge.a == 255)
        if mode == .multicolor {
            let want = Self.green.premultiplied
            #expect(abs(badge.g - Int(want.g)) <= 1, "the badge is green: \(badge)")
        }
    }

    @Test func theLayerNamesItsStrokeAndDrawsACopyOfThePath() throws {
        let doc = try Self.document()
        let gap = try #require(doc.layers[.multicolor]?.first { $0.index == 1 })
        #expect(gap.annotations.clearBehindStroke == 3)
        let part = try #require(gap.parts.first)
        let band = doc.shapes[part.shape]
        #expect(band.fill == nil && band.stroke?.style.width == 6 && band.stroke?.style.cap == .round && band.stroke?.style.join == .miter)
        #expect(band.bandOf == 2 && band.path == doc.shapes[2].path, "a copy of the disc, which `inspect` names")
        // The front layer still fills the disc itself; the monochrome gap layer (a ring first) fills.
        let front = try #require(doc.layers[.multicolor]?.first { $0.index == 2 })
        #expect(doc.shapes[front.parts[0].shape].fill != nil && doc.shapes[front.parts[0].shape].stroke == nil)
        #expect(doc.layers[.monochrome]?.first { $0.index == 1 }?.annotations.clearBehindStroke == nil)
    }

    /// Apple's renderer reads a layer's stroke width only from template 6.0 on: in a 5.0 file the
    /// multicolor gap layer fills the disc, which the badge covers, so no gap opens there.
    @Test func beforeTemplate6TheWidthIsIgnored() throws {
        let doc = try Self.document(version: "5.0")
        #expect(doc.layers[.multicolor]?.first { $0.index == 1 }?.annotations.clearBehindStroke == nil)
        let mid = Self.sample(doc, .multicolor, radius: 17.5)
        let want = Self.blue.premultiplied
        #expect(mid.a == 255 && abs(mid.b - Int(want.b)) <= 1, "the document shows through: \(mid)")
        #expect(Self.sample(doc, .monochrome, radius: 17.5).a == 0, "monochrome's drawn ring still opens its gap")
    }

    /// The LayerTree form (`apple-v7-layertree-stroke.svg`): layer 1 draws a card (x 22…74,
    /// y cy − 18…cy + 18, cy = −35.2295, half the cap height), then an erase piece with its own
    /// stroke-width 3 cuts a band round a square pip (x 30…44, y cy − 7…cy + 7) out of the card,
    /// with the round join its holder names, keeping the pip's middle; a clear-behind node of
    /// opacity 0 with stroke-width 1.5 erases a ring round the dot (r 5 about (60, cy)) from
    /// everything beneath, keeping the dot's middle.
    @Test(arguments: [RenderingMode.monochrome, .hierarchical, .multicolor])
    func layerTreePiecesWithAStrokeWidthEraseABand(_ mode: RenderingMode) throws {
        let path = packageRoot.appendingPathComponent("Tests/Fixtures/Dialects/apple-v7-layertree-stroke.svg").path
        let doc = try SymbolReader.read(contentsOf: path)
        let settings = RenderSettings(width: 400, height: 400, size: .fraction(0.5), mode: mode, colors: [.black])
        let bitmap = FrameRenderer().render(doc, settings: settings)!
        let place = SymbolPlacement.transform(for: doc, width: 400, height: 400, size: settings.size)
        func pixel(_ x: Double, _ y: Double) -> [Int] {
            let p = place.apply(Point(x, y))
            let px = bitmap.pixel(x: Int(p.x), y: Int(p.y))
            return [Int(px.r), Int(px.g), Int(px.b), Int(px.a)]
        }
        func near(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 2 } }
        let cy = -70.459 / 2
        let disc = pixel(48, cy - 30), card = pixel(70, cy + 15)
        #expect(disc[3] > 0 && card[3] == 255)
        #expect(near(pixel(37, cy + 7), disc), "the band on the pip's edge is cut from the card in \(mode)")
        #expect(near(pixel(37, cy + 9.5), disc), "2.5 units out, still the band, in \(mode)")
        #expect(near(pixel(37, cy + 11.5), card), "4.5 units out, the card again, in \(mode)")
        #expect(near(pixel(37, cy), card), "the pip's middle keeps the card: a stroked eraser cuts a band, in \(mode)")
        #expect(near(pixel(44 + 1.7, cy + 7 + 1.7), disc), "the round join: 2.4 units from the corner, cut")
        #expect(near(pixel(44 + 2.7, cy + 7 + 2.7), card), "3.8 units out along the diagonal the round join has ended (a miter reaches 4.2)")
        #expect(pixel(60 + 5, cy)[3] == 0, "the ring round the dot is erased through card and disc in \(mode)")
        #expect(near(pixel(60, cy), card), "the dot's middle keeps the card in \(mode)")
        let ring = try #require(doc.layers[mode.layerMode]?.first { $0.index == 2 })
        #expect(ring.annotations.clearBehindStroke == 1.5)
    }

    /// A width absurd for the drawing (beyond 100 × its diagonal, the limit a drawn stroke has)
    /// is refused with a warning naming the element, and the layer fills.
    @Test func anAbsurdWidthIsRefusedWithAWarning() throws {
        let text = try String(contentsOfFile: Self.file, encoding: .utf8).replacingOccurrences(of: "stroke-width=\"3\"", with: "stroke-width=\"1e12\"")
        let doc = try SymbolReader.read(data: Array(text.utf8), fileName: "absurd.svg")
        #expect(doc.layers[.multicolor]?.first { $0.index == 1 }?.annotations.clearBehindStroke == nil)
        // The page reading says its stroke is not drawn; the symbol reading says the layer fills,
        // once, not once per mode.
        let warnings = doc.diagnostics.filter { $0.code == "out-of-range" && $0.message.contains("clear-behind") }
        #expect(warnings.count == 1, "\(doc.diagnostics)")
        let warning = try #require(warnings.first)
        #expect(warning.message.contains("stroke-width 1000000000000.0 is absurd"), "\(warning.message)")
        #expect(warning.location?.line == 39, "the disc's own line: \(String(describing: warning.location))")
    }

    /// Only the element's own attribute or inline style counts; a class rule's or a parent's
    /// stroke-width (the preview wireframe's 0.5) does not.
    @Test func onlyTheElementsOwnStrokeWidthCounts() throws {
        func own(_ markup: String) throws -> StrokeStyle? {
            let svg = """
            <svg xmlns="http://www.w3.org/2000/svg"><style>.w {stroke-width:4}</style>
            <g stroke-width="5"><text id="template-version">Template v.6.0</text>\(markup)</g></svg>
            """
            let doc = try SymbolReader.read(data: Array(svg.utf8), fileName: "t.svg")
            return doc.shapes.first?.ownStroke
        }
        #expect(try own(#"<path class="monochrome-0 w" d="M0 0H10V10Z"/>"#) == nil)
        #expect(try own(#"<path class="monochrome-0" stroke-width="2" d="M0 0H10V10Z"/>"#)?.width == 2)
        let styled = try own(#"<path class="monochrome-0" stroke-width="2" style="stroke-width:1.5px;stroke-linejoin:round;stroke-linecap:butt" d="M0 0H10V10Z"/>"#)
        #expect(styled == StrokeStyle(width: 1.5, cap: .butt, join: .round))
        #expect(try own(#"<path class="monochrome-0" stroke-width="0" d="M0 0H10V10Z"/>"#) == nil)
        #expect(try own(#"<path class="monochrome-0" stroke-width="10%" d="M0 0H10V10Z"/>"#) == nil)
    }
}
