import SymbolGeometry
@testable import SymbolRaster
import SymbolTestSupport
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

    // MARK: The lazy clear: pending rows read as zero, and drawing over them matches drawing
    // onto a bitmap that was zeroed for real.

    /// One random draw: solids (opaque and translucent, both fill rules), a gradient, a
    /// masked fill, a clear-behind (destination-out) fill, a stroke and a layer composite,
    /// placed anywhere including half off the bitmap.
    func randomDraw(_ p: Painter, _ r: inout SeededRandom, into b: inout Bitmap) {
        let w = Double(b.width), h = Double(b.height)
        func coord(_ extent: Double) -> Double { Double.random(in: -0.3...1.3, using: &r) * extent }
        var shape = PathBuilder()
        shape.move(to: Point(coord(w), coord(h)))
        for _ in 0..<Int.random(in: 2...5, using: &r) {
            shape.cubic(to: Point(coord(w), coord(h)), control1: Point(coord(w), coord(h)), control2: Point(coord(w), coord(h)))
        }
        shape.close()
        let path = shape.path
        let rule: FillRule = Bool.random(using: &r) ? .nonZero : .evenOdd
        switch Int.random(in: 0..<8, using: &r) {
        case 0, 1: p.fill(path, rule: rule, paint: Draw.solid(0.9, 0.2, 0.1), into: &b)
        case 2: p.fill(path, rule: rule, paint: Draw.solid(0.1, 0.4, 0.8, 0.6), opacity: 0.7, into: &b)
        case 3:
            let g = RasterPaint.LinearGradient(start: Point(0, 0), end: Point(w, h), stops: [
                RasterPaint.Stop(offset: 0, red: 1, green: 0, blue: 0), RasterPaint.Stop(offset: 1, red: 0, green: 0, blue: 1, alpha: 0.5)])
            p.fill(path, paint: .linearGradient(g), into: &b)
        case 4:
            var mask = CoverageMask(width: b.width, height: b.height)!
            p.fillMask(Draw.rect(coord(w), coord(h), w / 2, h / 2), into: &mask)
            p.fill(path, paint: Draw.solid(0, 0.6, 0.2), mask: mask, into: &b)
        case 5: p.fill(path, paint: Draw.black, blend: .destinationOut, into: &b)
        case 6: p.stroke(path, style: StrokeStyle(width: Double.random(in: 0.4...6, using: &r)), paint: Draw.solid(0.3, 0.3, 0), into: &b)
        default:
            var layer = Bitmap(width: b.width, height: b.height)!
            p.fill(path, paint: Draw.solid(0.5, 0, 0.5), into: &layer)
            p.composite(layer, onto: &b, opacity: 0.8, blend: Bool.random(using: &r) ? .sourceOver : .destinationOut)
        }
    }

    func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int? {
        a.count != b.count ? 0 : a.indices.first { a[$0] != b[$0] }
    }

    @Test(arguments: [(37, 23), (64, 64), (130, 70)])
    func drawingAfterALazyClearMatchesAZeroedBitmap(width: Int, height: Int) throws {
        let p = Painter()
        var r = SeededRandom(seed: UInt64(width * 1000 + height))
        var lazy = try #require(Bitmap(width: width, height: height))
        // A layer reused the way the renderer reuses its scratch bitmaps: cleared, redrawn,
        // composited while some of its rows are still pending.
        var layer = try #require(Bitmap(width: width, height: height))
        for frame in 0..<60 {
            var fresh = try #require(Bitmap(width: width, height: height))
            lazy.clear()
            var state = r
            for _ in 0..<Int.random(in: 1...4, using: &r) { randomDraw(p, &r, into: &lazy) }
            for _ in 0..<Int.random(in: 1...4, using: &state) { randomDraw(p, &state, into: &fresh) }
            layer.clear()
            var freshLayer = try #require(Bitmap(width: width, height: height))
            let small = Draw.rect(Double(frame % width), Double(frame % height), 9, 5)
            p.fill(small, paint: Draw.solid(0, 0, 1, 0.5), into: &layer)
            p.fill(small, paint: Draw.solid(0, 0, 1, 0.5), into: &freshLayer)
            p.composite(layer, onto: &lazy)
            p.composite(freshLayer, onto: &fresh)
            let equal = lazy == fresh  // (a Bool: the bitmaps themselves would fill the log)
            #expect(equal, "frame \(frame): first difference at byte \(firstDifference(lazy.pixels, fresh.pixels) ?? -1)")
            for _ in 0..<20 {
                let x = Int.random(in: 0..<width, using: &r), y = Int.random(in: 0..<height, using: &r)
                #expect(lazy.pixel(x: x, y: y) == fresh.pixel(x: x, y: y), "frame \(frame) (\(x), \(y))")
            }
            if frame % 3 == 0 {
                lazy.settle()
                #expect(firstDifference(lazy.storage, fresh.pixels) == nil, "frame \(frame), settled")
            }
        }
    }

    @Test func pendingRowsReadAsZeroUntilSettled() throws {
        var b = try #require(Bitmap(width: 20, height: 10))
        let p = Painter()
        p.fill(Draw.rect(2, 1, 15, 8), paint: Draw.solid(1, 0, 0), into: &b)
        b.clear()
        // Nothing is written by the clear: the old pixels are still in memory, but every read
        // sees zero.
        #expect(b.storage.contains { $0 != 0 })
        #expect(isZero(b))
        #expect(b.pixel(x: 5, y: 5) == (0, 0, 0, 0))
        #expect(b == Bitmap(width: 20, height: 10)!)
        // A solid fill over part of a pending row writes the row whole: the rest becomes zero.
        p.fill(Draw.rect(0, 4, 3, 1), paint: Draw.solid(0, 1, 0), into: &b)
        #expect(b.storage[(4 * 20 + 10) * 4] == 0)
        #expect(b.pixel(x: 1, y: 4) == (0, 255, 0, 255))
        b.settle()
        #expect(b.storage.enumerated().allSatisfy { i, v in v == 0 || i / 80 == 4 })
        // Writing through `pixels` zeroes pending rows first.
        p.fill(Draw.rect(2, 1, 15, 8), paint: Draw.solid(1, 0, 0), into: &b)
        b.clear()
        b.pixels[0] = 7
        #expect(b.storage.filter { $0 != 0 } == [7])
    }
}

