import Testing
import SymbolGeometry
import SymbolScene
import SymbolSVG
import SymbolRaster
import SymbolTestSupport
@testable import SymbolRender

/// Fixtures that copy the structure of real SF Symbols exports made by others (studied, not
/// committed; the closing notes list them), judged by what the symbol is evidently designed to
/// show: a vehicle's windows show the disc they sit on, a gap opens round a badge, details a mode
/// must not lose are there. Pixel values are read at points of the fixture's own geometry
/// (symbol units, placed as the renderer places them) with a tolerance of 2 levels.
///
/// Provenance: evident design. The expectations come from what each drawing is for, not from
/// our reading of the format, so they can tell a wrong reading from a right one.
@Suite struct RealStructureTests {
    static func fixture(_ name: String) throws -> SymbolDocument {
        try SymbolReader.read(contentsOf: packageRoot.appendingPathComponent("Tests/Fixtures/Dialects/\(name)").path)
    }

    /// Renders `doc` in `mode` at 400 px (cap height half the canvas) and reads pixels by
    /// symbol coordinates.
    struct Probe {
        let bitmap: Bitmap
        let place: Transform
        init(_ doc: SymbolDocument, _ mode: RenderingMode) {
            let settings = RenderSettings(width: 400, height: 400, size: .fraction(0.5), mode: mode, colors: [.black])
            bitmap = FrameRenderer().render(doc, settings: settings)!
            place = SymbolPlacement.transform(for: doc, width: 400, height: 400, size: settings.size)
        }
        /// Straight (demultiplied) RGBA at a point in symbol units.
        func rgba(_ x: Double, _ y: Double) -> (r: Int, g: Int, b: Int, a: Int) {
            let p = place.apply(Point(x, y))
            let px = bitmap.pixel(x: Int(p.x), y: Int(p.y))
            guard px.a > 0 else { return (0, 0, 0, 0) }
            func straight(_ c: UInt8) -> Int { Int((Double(c) * 255 / Double(px.a)).rounded()) }
            return (straight(px.r), straight(px.g), straight(px.b), Int(px.a))
        }
    }

    static func near(_ got: (r: Int, g: Int, b: Int, a: Int), _ want: (Int, Int, Int, Int), _ tolerance: Int = 2) -> Bool {
        if want.3 == 0 { return got.a <= tolerance }
        return abs(got.r - want.0) <= tolerance && abs(got.g - want.1) <= tolerance && abs(got.b - want.2) <= tolerance
            && abs(got.a - want.3) <= tolerance
    }

    /// A vehicle on a disc as real SF Symbols 6 exports of vehicles in a filled circle build it
    /// (`apple-v6-layertree-vehicle-disc.svg`: draw, draw, erase, draw, erase, erase pieces; the
    /// vehicle layer clear-behind at opacity 0 in monochrome only). The windows, lamps and door are
    /// holes in the vehicle, so the disc shows through them in every mode; in monochrome the
    /// vehicle's body is cut out of the disc (the background shows), in hierarchical it is
    /// primary over a tertiary disc, in multicolor white over the file's custom green.
    @Test(arguments: [RenderingMode.monochrome, .hierarchical, .multicolor])
    func aVehicleOnADiscKeepsItsWindows(_ mode: RenderingMode) throws {
        let probe = Probe(try Self.fixture("apple-v6-layertree-vehicle-disc.svg"), mode)
        let disc: (Int, Int, Int, Int) = switch mode {
        case .monochrome: (0, 0, 0, 255)
        case .hierarchical: (0, 0, 0, 64)  // tertiary: a quarter of the primary's opacity
        default: (0x2E, 0x7D, 0x32, 255)
        }
        let body: (Int, Int, Int, Int) = switch mode {
        case .monochrome: (0, 0, 0, 0)      // cleared behind: the background shows
        case .hierarchical: (0, 0, 0, 255)
        default: (255, 255, 255, 255)
        }
        let points: [(String, Double, Double, (Int, Int, Int, Int))] = [
            ("the disc beside the tram", 10, -35, disc),
            ("the tram's body below its windows", 40, -34, body),
            ("the roof bar", 48, -65.5, body),
            ("a wheel below the skirt", 33, -8, body),
            ("the left window", 35.5, -48, disc),
            ("the right window", 60.5, -48, disc),
            ("the left lamp", 29, -28, disc),
            ("the door", 48, -29, disc),
        ]
        for (what, x, y, want) in points {
            let got = probe.rgba(x, y)
            #expect(Self.near(got, want), "\(what) in \(mode): \(got), want \(want)")
        }
        ReferenceLog.record("real-structure fixture pixel against the symbol's evident design", points.count, provenance: .evidentDesign)
    }

    /// Two outlined rounded squares as a real export of two outlined shapes builds them
    /// (`apple-v6-shared-path-outline.svg`): the front square's outer contour is in layers 1 and
    /// 2, its inner contour, wound the other way, in layer 2 only, and layer 1 clears behind at
    /// opacity 0. The front square is an outline (its middle empty) over a back outline that is
    /// hidden where the front square covers it, in every mode.
    @Test(arguments: [RenderingMode.monochrome, .hierarchical, .multicolor])
    func anOutlineMadeOfTwoPathsKeepsItsEmptyMiddle(_ mode: RenderingMode) throws {
        let probe = Probe(try Self.fixture("apple-v6-shared-path-outline.svg"), mode)
        let front: (Int, Int, Int, Int) = mode == .multicolor ? (0x00, 0x7A, 0xFF, 255) : (0, 0, 0, 255)
        let back: (Int, Int, Int, Int) = mode == .multicolor ? (0x00, 0x7A, 0xFF, 255) : mode == .hierarchical ? (0, 0, 0, 128) : (0, 0, 0, 255)
        let points: [(String, Double, Double, (Int, Int, Int, Int))] = [
            ("the front square's middle", 61, -22, (0, 0, 0, 0)),
            ("the front square's left side", 33.5, -22, front),
            ("the front square's bottom side", 61, 2.5, front),
            ("the back square's left side", 7.5, -44, back),
            ("the back square's right side under the front square", 56.5, -30, (0, 0, 0, 0)),
            ("the back square's middle", 20, -50, (0, 0, 0, 0)),
        ]
        for (what, x, y, want) in points {
            let got = probe.rgba(x, y)
            #expect(Self.near(got, want), "\(what) in \(mode): \(got), want \(want)")
        }
        ReferenceLog.record("real-structure fixture pixel against the symbol's evident design", points.count, provenance: .evidentDesign)
    }
}
