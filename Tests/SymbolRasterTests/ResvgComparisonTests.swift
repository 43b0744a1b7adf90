import SymbolGeometry
import SymbolRaster
import SymbolTestSupport
import Testing

/// The rasterizer against resvg on geometry rebuilt by hand from the golden SVGs (the SVG
/// reader will later drive all of them). Scale 1.5: a 200-unit viewBox at 300 px.
@Suite struct ResvgComparisonTests {
    static let view = Transform.scale(1.5)

    func check(_ name: String, tolerance: GoldenTolerance = .resvg, _ draw: (Painter, inout Bitmap) -> Void) throws {
        var bitmap = try #require(Bitmap(width: 300, height: 300))
        let painter = Painter()
        draw(painter, &bitmap)
        let golden = packageRoot.appendingPathComponent("Tests/SymbolRenderTests/Goldens/resvg/\(name).png").path
        ReferenceLog.record("resvg golden")
        let result = try GoldenImage.check(bitmap, goldenPath: golden, name: name,
                                           failures: GoldenImage.failuresFolder(testFile: #filePath),
                                           tolerance: tolerance, updatable: false)
        #expect(result.passed, "\(name): \(result)")
    }

    static func color(_ hex: UInt32, _ alpha: Double = 1) -> RasterPaint {
        .solid(PremultipliedColor(red: Double(hex >> 16 & 255) / 255, green: Double(hex >> 8 & 255) / 255,
                                  blue: Double(hex & 255) / 255, alpha: alpha))
    }

    static func stop(_ offset: Double, _ hex: UInt32, _ alpha: Double = 1) -> RasterPaint.Stop {
        .init(offset: offset, red: Double(hex >> 16 & 255) / 255, green: Double(hex >> 8 & 255) / 255,
              blue: Double(hex & 255) / 255, alpha: alpha)
    }

    static func polyline(_ pts: [(Double, Double)], closed: Bool = false) -> Path {
        var b = PathBuilder()
        b.move(to: Point(pts[0].0, pts[0].1))
        for p in pts.dropFirst() { b.line(to: Point(p.0, p.1)) }
        if closed { b.close() }
        return b.path
    }

    @Test func circle() throws {
        var b = PathBuilder()
        b.ellipse(center: Point(100, 100), rx: 70, ry: 70)
        try check("shapes-circle") { p, bm in p.fill(b.path, transform: Self.view, paint: Self.color(0x2E7D32), into: &bm) }
    }

    @Test(arguments: [LineJoin.miter, .round, .bevel])
    func joins(_ join: LineJoin) throws {
        let path = Self.polyline([(30, 150), (70, 50), (110, 150), (150, 60), (175, 160)])
        try check("stroke-linejoin-\(join.rawValue)") { p, bm in
            p.stroke(path, style: StrokeStyle(width: 16, join: join), transform: Self.view,
                     paint: Self.color(0x1565C0), into: &bm)
        }
    }

    @Test func caps() throws {
        try check("stroke-linecap") { p, bm in
            for (y, cap) in [(40.0, LineCap.butt), (100, .round), (160, .square)] {
                p.stroke(Self.polyline([(50, y), (150, y)]), style: StrokeStyle(width: 24, cap: cap),
                         transform: Self.view, paint: Self.color(0x4E342E), into: &bm)
            }
        }
    }

    @Test func evenOddStar() throws {
        let star = Self.polyline([(100, 20), (147, 164), (24, 75), (176, 75), (53, 164)], closed: true)
        try check("fill-rule-evenodd") { p, bm in
            p.fill(star, transform: Self.view, rule: .evenOdd, paint: Self.color(0x1565C0), into: &bm)
        }
    }

    @Test func linearGradient() throws {
        var b = PathBuilder()
        b.rect(Rect(x: 20, y: 20, width: 160, height: 160))
        // objectBoundingBox: gradient space 0…1 maps onto the rectangle.
        let g = RasterPaint.LinearGradient(start: Point(0, 0), end: Point(1, 0),
                                           stops: [Self.stop(0, 0xE53935), Self.stop(0.5, 0xFDD835), Self.stop(1, 0x1E88E5)],
                                           transform: Transform(a: 160, b: 0, c: 0, d: 160, tx: 20, ty: 20))
        try check("gradient-linear-pad") { p, bm in
            p.fill(b.path, transform: Self.view, paint: .linearGradient(g), into: &bm)
        }
    }

    @Test func radialFocalGradient() throws {
        var b = PathBuilder()
        b.ellipse(center: Point(100, 100), rx: 80, ry: 80)
        let g = RasterPaint.RadialGradient(center: Point(100, 100), radius: 80, focus: Point(70, 70),
                                           stops: [Self.stop(0, 0xFFFFFF), Self.stop(1, 0x1A237E)])
        try check("gradient-radial-focal") { p, bm in
            p.fill(b.path, transform: Self.view, paint: .radialGradient(g), into: &bm)
        }
    }

    @Test func groupOpacity() throws {
        var a = PathBuilder(), c = PathBuilder()
        a.rect(Rect(x: 20, y: 20, width: 110, height: 110))
        c.rect(Rect(x: 70, y: 70, width: 110, height: 110))
        try check("opacity-group") { p, bm in
            var layer = Bitmap(width: 300, height: 300)!
            p.fill(a.path, transform: Self.view, paint: Self.color(0x1E88E5), into: &layer)
            p.fill(c.path, transform: Self.view, paint: Self.color(0xE53935), into: &layer)
            p.composite(layer, onto: &bm, opacity: 0.5)
        }
    }

    /// Known deviation where resvg is the odd one out: 1.44 % of pixels > 4 off resvg, but
    /// 0.70 % off a 256-sample reference, which resvg misses by 1.44 % itself
    /// (Tests/SymbolRenderTests/Goldens/resvg/README.md). Held to 1.5 % so a regression fails.
    @Test func dashedCircleWithOffset() throws {
        var b = PathBuilder()
        b.ellipse(center: Point(100, 100), rx: 70, ry: 70)
        try check("stroke-dashoffset", tolerance: GoldenTolerance(offFraction: 0.015)) { p, bm in
            p.stroke(b.path, style: StrokeStyle(width: 14, dashes: [30, 15], dashOffset: -12), transform: Self.view,
                     paint: Self.color(0x0277BD), into: &bm)
        }
    }

    /// A 0.75-px device stroke is an anti-aliased hairline at 75 % alpha: one pixel across its
    /// minor axis, as resvg draws it (was a 1-px stroke: 1.10 % of pixels off; now 0.89 %).
    @Test func hairlines() throws {
        var b = PathBuilder()
        b.move(to: Point(20, 20)); b.line(to: Point(180, 60))
        b.move(to: Point(20, 60)); b.line(to: Point(180, 60))
        b.move(to: Point(20, 100)); b.cubic(to: Point(180, 100), control1: Point(60, 20), control2: Point(140, 180))
        b.ellipse(center: Point(100, 150), rx: 35, ry: 35)
        try check("stroke-hairline") { p, bm in
            p.stroke(b.path, style: StrokeStyle(width: 0.5), transform: Self.view, paint: Self.color(0x000000), into: &bm)
        }
    }

    @Test func closedPathRoundJoins() throws {
        let square = Self.polyline([(40, 40), (160, 40), (160, 160), (40, 160)], closed: true)
        try check("stroke-closed-path") { p, bm in
            p.stroke(square, style: StrokeStyle(width: 20, join: .round), transform: Self.view,
                     paint: Self.color(0x6D4C41), into: &bm)
        }
    }

    @Test func nonUniformScaleStroke() throws {
        var b = PathBuilder()
        b.ellipse(center: Point(50, 50), rx: 30, ry: 30)
        let m = Transform.translation(0, 50).concatenating(.scale(2, 1)).concatenating(Self.view)
        try check("transform-scale-nonuniform") { p, bm in
            p.stroke(b.path, style: StrokeStyle(width: 8), transform: m, paint: Self.color(0xD84315), into: &bm)
        }
    }
}
