import SymbolGeometry
@testable import SymbolRaster
import Testing

@Suite struct PainterTests {
    func pixel(_ b: Bitmap, _ x: Int, _ y: Int) -> [Int] {
        let p = b.pixel(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    @Test func solidFillIsPremultipliedAndOpacityScales() throws {
        var b = try #require(Bitmap(width: 4, height: 4))
        let p = Painter()
        p.fill(Draw.rect(0, 0, 2, 4), paint: Draw.solid(1, 0.5, 0, 0.5), into: &b)
        #expect(pixel(b, 0, 0) == [128, 64, 0, 128])
        p.fill(Draw.rect(2, 0, 2, 4), paint: Draw.solid(0, 0, 1), opacity: 0.25, into: &b)
        #expect(pixel(b, 3, 0) == [0, 0, 64, 64])
        #expect(pixel(b, 1, 0) == [128, 64, 0, 128])
    }

    @Test func sourceOverAndDestinationOut() throws {
        var b = try #require(Bitmap(width: 4, height: 1))
        let p = Painter()
        p.fill(Draw.rect(0, 0, 4, 1), paint: Draw.solid(0, 0, 1), into: &b)
        p.fill(Draw.rect(0, 0, 2, 1), paint: Draw.solid(1, 0, 0, 0.5), into: &b)
        #expect(pixel(b, 0, 0) == [128, 0, 127, 255])
        p.fill(Draw.rect(1, 0, 2, 1), paint: Draw.black, blend: .destinationOut, into: &b)
        #expect(pixel(b, 1, 0) == [0, 0, 0, 0] && pixel(b, 2, 0) == [0, 0, 0, 0])
        p.fill(Draw.rect(3, 0, 1, 1), paint: Draw.black, opacity: 0.5, blend: .destinationOut, into: &b)
        #expect(pixel(b, 3, 0) == [0, 0, 127, 127])  // erase 128/255 keeps 127/255
    }

    @Test func maskMultipliesCoverage() throws {
        var b = try #require(Bitmap(width: 8, height: 8))
        var mask = try #require(CoverageMask(width: 8, height: 8))
        let p = Painter()
        p.fillMask(Draw.rect(0, 0, 4, 8), into: &mask)
        p.fillMask(Draw.rect(4, 0, 4, 8), into: &mask)  // union
        p.fillMask(Draw.rect(6.5, 0, 1, 8), into: &mask)  // overlaps: still 255 at most
        mask.values[7 * 8 + 0] = 128
        mask.values[7 * 8 + 1] = 0
        p.fill(Draw.rect(0, 0, 8, 8), paint: Draw.black, mask: mask, into: &b)
        #expect(b.pixel(x: 5, y: 3).a == 255)
        #expect(b.pixel(x: 0, y: 7).a == 128 && b.pixel(x: 1, y: 7).a == 0)
        var clip = try #require(CoverageMask(width: 8, height: 8))
        p.fillMask(Draw.rect(0, 0, 3, 8), into: &clip)
        var c = try #require(Bitmap(width: 8, height: 8))
        p.fill(Draw.rect(0, 0, 8, 8), paint: Draw.solid(1, 0, 0), mask: clip, into: &c)
        #expect(c.pixel(x: 2, y: 2).a == 255 && c.pixel(x: 3, y: 2).a == 0)
        let wrong = try #require(CoverageMask(width: 4, height: 4))
        p.fill(Draw.rect(0, 0, 8, 8), paint: Draw.black, mask: wrong, into: &c)
        #expect(c.pixel(x: 6, y: 6).a == 0)  // a mask of another size draws nothing
    }

    @Test func linearGradientPadsAndInterpolatesStraightColour() throws {
        var b = try #require(Bitmap(width: 100, height: 1))
        let g = RasterPaint.LinearGradient(start: Point(10, 0), end: Point(90, 0), stops: [
            .init(offset: 0, red: 1, green: 0, blue: 0, alpha: 1), .init(offset: 1, red: 0, green: 0, blue: 1, alpha: 0)])
        Painter().fill(Draw.rect(0, 0, 100, 1), paint: .linearGradient(g), into: &b)
        #expect(pixel(b, 0, 0) == [255, 0, 0, 255])
        #expect(pixel(b, 99, 0) == [0, 0, 0, 0])
        // Midway (x = 49.5 + ½ → t ≈ 0.5): straight colour (0.5, 0, 0.5) at alpha 0.5.
        let mid = pixel(b, 49, 0)
        #expect(abs(mid[0] - 64) <= 1 && abs(mid[2] - 64) <= 1 && abs(mid[3] - 128) <= 1)
    }

    @Test func gradientSpreadModes() throws {
        func row(_ spread: RasterPaint.Spread) throws -> [Int] {
            var b = try #require(Bitmap(width: 40, height: 1))
            let g = RasterPaint.LinearGradient(start: Point(0, 0), end: Point(10, 0), stops: [
                .init(offset: 0, red: 0, green: 0, blue: 0), .init(offset: 1, red: 1, green: 1, blue: 1)], spread: spread)
            Painter().fill(Draw.rect(0, 0, 40, 1), paint: .linearGradient(g), into: &b)
            return (0..<40).map { Int(b.pixel(x: $0, y: 0).r) }
        }
        let pad = try row(.pad), rep = try row(.repeat), ref = try row(.reflect)
        #expect(pad[25] == 255)
        #expect(abs(rep[12] - rep[2]) <= 1 && rep[12] < 100)
        #expect(abs(ref[12] - ref[7]) <= 1 && ref[12] > 150)
    }

    @Test func radialGradientCentreToEdge() throws {
        var b = try #require(Bitmap(width: 41, height: 41))
        let g = RasterPaint.RadialGradient(center: Point(20.5, 20.5), radius: 20, stops: [
            .init(offset: 0, red: 1, green: 1, blue: 1), .init(offset: 1, red: 0, green: 0, blue: 0)])
        Painter().fill(Draw.rect(0, 0, 41, 41), paint: .radialGradient(g), into: &b)
        #expect(b.pixel(x: 20, y: 20).r == 255)
        #expect(abs(Int(b.pixel(x: 30, y: 20).r) - 128) <= 2)
        #expect(b.pixel(x: 0, y: 0).r == 0 && b.pixel(x: 0, y: 0).a == 255)
        // Degenerate radius: the last stop's colour (SVG).
        var d = try #require(Bitmap(width: 2, height: 2))
        let zero = RasterPaint.RadialGradient(center: Point(1, 1), radius: 0, stops: g.stops)
        Painter().fill(Draw.rect(0, 0, 2, 2), paint: .radialGradient(zero), into: &d)
        #expect(d.pixel(x: 0, y: 0).r == 0 && d.pixel(x: 0, y: 0).a == 255)
    }

    @Test func hairlineIsOnePixelWithScaledAlpha() throws {
        var b = try #require(Bitmap(width: 10, height: 10))
        var line = PathBuilder()
        line.move(to: Point(0, 5)); line.line(to: Point(10, 5))
        Painter().stroke(line.path, style: StrokeStyle(width: 0.25), paint: Draw.black, into: &b)
        // Centred on y = 5: rows 4 and 5 each half covered by a 1-px line at alpha 0.25.
        #expect(abs(Int(b.pixel(x: 5, y: 4).a) - 32) <= 1 && abs(Int(b.pixel(x: 5, y: 5).a) - 32) <= 1)
        #expect(b.pixel(x: 5, y: 3).a == 0)
    }

    @Test func strokeUnderNonUniformScaleStretches() throws {
        var b = try #require(Bitmap(width: 40, height: 40))
        var line = PathBuilder()
        line.move(to: Point(0, 10)); line.line(to: Point(20, 10))  // horizontal, width 2 in user space
        Painter().stroke(line.path, style: StrokeStyle(width: 2), transform: .scale(2, 3), paint: Draw.black, into: &b)
        // Device: y = 30, thickness 2·3 = 6 → rows 27…32 covered.
        #expect(b.pixel(x: 10, y: 27).a == 255 && b.pixel(x: 10, y: 32).a == 255)
        #expect(b.pixel(x: 10, y: 26).a == 0 && b.pixel(x: 10, y: 33).a == 0)
    }

    @Test func compositeWithGroupOpacity() throws {
        var layer = try #require(Bitmap(width: 4, height: 4))
        var target = try #require(Bitmap(width: 4, height: 4))
        let p = Painter()
        p.fill(Draw.rect(0, 0, 4, 4), paint: Draw.solid(1, 0, 0), into: &layer)
        p.fill(Draw.rect(0, 0, 2, 4), paint: Draw.solid(0, 0, 1), into: &layer)  // overlap inside the group
        p.composite(layer, onto: &target, opacity: 0.5)
        #expect(pixel(target, 0, 0) == [0, 0, 128, 128] && pixel(target, 3, 0) == [128, 0, 0, 128])
        p.composite(layer, onto: &target, opacity: 1, blend: .destinationOut)
        #expect(pixel(target, 0, 0) == [0, 0, 0, 0])
    }

    @Test func blurSpreadsSymmetricallyAndKeepsColour() throws {
        var b = try #require(Bitmap(width: 41, height: 41))
        let p = Painter()
        p.fill(Draw.rect(15, 15, 11, 11), paint: Draw.solid(0.2, 0.6, 1), into: &b)
        let before = b.pixels.enumerated().filter { $0.offset % 4 == 3 }.reduce(0) { $0 + Int($1.element) }
        p.blur(&b, radius: 6)
        let after = b.pixels.enumerated().filter { $0.offset % 4 == 3 }.reduce(0) { $0 + Int($1.element) }
        #expect(abs(after - before) < before / 100)  // alpha is conserved (nothing reached the edge)
        #expect(b.pixel(x: 12, y: 20) == b.pixel(x: 28, y: 20) && b.pixel(x: 20, y: 12) == b.pixel(x: 20, y: 28))
        let soft = b.pixel(x: 13, y: 20)
        #expect(soft.a > 20 && soft.a < 235)
        // Premultiplied: a faint pixel keeps the hue (no dark fringe).
        #expect(abs(Double(soft.g) / Double(soft.a) - 0.6) < 0.05 && abs(Double(soft.b) / Double(soft.a) - 1) < 0.05)
        // Edges: content touching the border does not wrap or brighten.
        var e = try #require(Bitmap(width: 20, height: 20))
        p.fill(Draw.rect(0, 0, 20, 20), paint: Draw.black, into: &e)
        p.blur(&e, radius: 4)
        #expect(e.pixel(x: 10, y: 10).a == 255 && e.pixel(x: 0, y: 0).a < 200)
    }

    @Test func absurdBlurRadiiAreBounded() throws {
        let p = Painter()
        for radius in [1e300, .infinity, 80.0] {
            var b = try #require(Bitmap(width: 40, height: 40))
            p.fill(Draw.rect(15, 15, 10, 10), paint: Draw.black, into: &b)
            p.blur(&b, radius: radius)
            // Spread thin and flat: every pixel faint, the centre no darker than 4 % alpha.
            #expect(b.pixel(x: 20, y: 20).a <= 10, "radius \(radius)")
        }
        var b = try #require(Bitmap(width: 10, height: 10))
        p.fill(Draw.rect(2, 2, 6, 6), paint: Draw.black, into: &b)
        let before = b
        p.blur(&b, radius: .nan)  // not a radius: nothing happens
        #expect(b == before)
    }

    @Test func zeroSizeAndHugeBitmapsAreRefused() {
        #expect(Bitmap(width: 0, height: 10) == nil)
        #expect(CoverageMask(width: 9000, height: 1) == nil)
    }
}
