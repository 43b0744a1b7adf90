import Testing
import SymbolGeometry
@testable import SymbolRaster

/// A fill after a fill of the same colour rewrites only what was drawn in between; the result
/// must be the bitmap a whole fill gives, whatever drew on it.
@Suite struct BoundedFillTests {
    static func whole(_ width: Int, _ height: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8)) -> Bitmap {
        var b = Bitmap(width: width, height: height)!
        b.fill(r: rgba.0, g: rgba.1, b: rgba.2, a: rgba.3)
        return b
    }

    @Test func refillingEqualsAWholeFill() throws {
        let p = Painter()
        let grey: (UInt8, UInt8, UInt8, UInt8) = (242, 242, 247, 255)
        var b = try #require(Bitmap(width: 50, height: 40))
        for round in 0..<3 {
            b.fill(r: grey.0, g: grey.1, b: grey.2, a: grey.3)
            #expect(b == Self.whole(50, 40, grey), "round \(round)")
            // Draws of every kind between fills: solid, blended, erasing, and a layer composited.
            p.fill(Draw.rect(3 + Double(round * 7), 5, 9, 11), paint: Draw.solid(0, 0.5, 1), into: &b)
            p.fill(Draw.rect(30, 20, 15, 15), paint: Draw.solid(1, 0, 0, 0.5), into: &b)
            p.fill(Draw.rect(1, 30, 5, 5), paint: Draw.black, blend: .destinationOut, into: &b)
            var layer = try #require(Bitmap(width: 50, height: 40))
            p.fill(Draw.rect(20, 2, 6, 6), paint: Draw.solid(0, 1, 0), into: &layer)
            p.composite(layer, onto: &b, opacity: 0.5)
            #expect(b != Self.whole(50, 40, grey))
        }
        // Writes through `pixels` are not tracked: the next fill writes everything.
        b.fill(r: grey.0, g: grey.1, b: grey.2, a: grey.3)
        b.pixels[4 * 50 * 39] = 1
        b.fill(r: grey.0, g: grey.1, b: grey.2, a: grey.3)
        #expect(b == Self.whole(50, 40, grey))
        // Another colour, or a clear in between, is a whole fill too.
        p.fill(Draw.rect(3, 3, 9, 9), paint: Draw.solid(0, 0.5, 1), into: &b)
        b.fill(r: 0, g: 0, b: 0, a: 255)
        #expect(b == Self.whole(50, 40, (0, 0, 0, 255)))
        b.clear()
        b.fill(r: 0, g: 0, b: 0, a: 255)
        #expect(b == Self.whole(50, 40, (0, 0, 0, 255)))
    }
}
