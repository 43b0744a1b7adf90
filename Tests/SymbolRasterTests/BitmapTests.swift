import SymbolGeometry
@testable import SymbolRaster
import Testing

/// `clear()` zeroes only the dirty rectangle: whatever was drawn or written must still end up
/// all zero.
@Suite struct BitmapTests {
    func isZero(_ b: Bitmap) -> Bool { b.pixels.allSatisfy { $0 == 0 } }

    @Test func clearAfterDrawingOverEveryEdgeLeavesNothing() throws {
        var b = try #require(Bitmap(width: 40, height: 30))
        let p = Painter()
        // Shapes crossing each side (the part right of the target is dropped by the rasterizer
        // yet its spans run to the right edge), a tilted thin stroke, a gradient.
        p.fill(Draw.rect(30, 5, 20, 4), paint: Draw.black, into: &b)
        p.fill(Draw.rect(-10, 12, 15, 3), paint: Draw.solid(1, 0, 0), into: &b)
        p.fill(Draw.rect(8, -5, 3, 8), paint: Draw.solid(0, 1, 0, 0.5), into: &b)
        p.fill(Draw.rect(15, 27, 4, 9), paint: Draw.black, into: &b)
        var line = PathBuilder(); line.move(to: Point(2, 28)); line.line(to: Point(37.3, 18.6))
        p.stroke(line.path, style: StrokeStyle(width: 0.6), paint: Draw.black, into: &b)
        #expect(!isZero(b))
        b.clear()
        #expect(isZero(b))
        // A small draw after a clear: only that is cleared next time, and it is.
        p.fill(Draw.rect(20.5, 10.5, 2, 2), paint: Draw.black, into: &b)
        #expect(b.pixel(x: 21, y: 11).a == 255)
        b.clear()
        #expect(isZero(b))
    }

    @Test func writesThroughPixelsAreCleared() throws {
        var b = try #require(Bitmap(width: 5, height: 4))
        b.pixels[4 * 19 + 3] = 200
        b.clear()
        #expect(isZero(b))
        b.fill(r: 1, g: 2, b: 3, a: 4)
        b.clear()
        #expect(isZero(b))
        var wrapped = try #require(Bitmap(width: 2, height: 2, pixels: [UInt8](repeating: 9, count: 16)))
        wrapped.clear()
        #expect(isZero(wrapped))
    }

    @Test func fillSetsEveryPixelAndLeavesRowPadding() throws {
        // 3×4 pixels in rows of 16 bytes: 4 bytes of padding a row stay as they were.
        var b = try #require(Bitmap(width: 3, height: 4, bytesPerRow: 16, pixels: [UInt8](repeating: 7, count: 64)))
        b.fill(r: 10, g: 20, b: 30, a: 40)
        for y in 0..<4 {
            for x in 0..<3 { #expect(b.pixel(x: x, y: y) == (10, 20, 30, 40), "(\(x), \(y))") }
            #expect(Array(b.pixels[(y * 16 + 12)..<(y * 16 + 16)]) == [7, 7, 7, 7])
        }
        var one = try #require(Bitmap(width: 1, height: 1))
        one.fill(r: 1, g: 2, b: 3, a: 4)
        #expect(one.pixels == [1, 2, 3, 4])
    }

    @Test func equalityIgnoresTheDirtyRectangle() throws {
        var a = try #require(Bitmap(width: 3, height: 3))
        let b = try #require(Bitmap(width: 3, height: 3))
        Painter().fill(Draw.rect(0, 0, 1, 1), paint: Draw.black, into: &a)
        a.clear()
        #expect(a == b)
    }
}
