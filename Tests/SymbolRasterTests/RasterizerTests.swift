import Foundation
import SymbolGeometry
@testable import SymbolRaster
import SymbolTestSupport
import Testing

@Suite struct RasterizerTests {
    @Test func pixelAlignedRectangleIsExact() {
        let cov = Draw.coverage(Draw.rect(2, 3, 4, 5), width: 10, height: 10)
        for y in 0..<10 {
            for x in 0..<10 {
                let inside = x >= 2 && x < 6 && y >= 3 && y < 8
                #expect(cov[y * 10 + x] == (inside ? 255 : 0), "(\(x), \(y))")
            }
        }
    }

    @Test func halfCoveredPixelsAreHalf() {
        let cov = Draw.coverage(Draw.rect(2.5, 0, 3, 4), width: 8, height: 4)
        #expect(cov[1] == 0 && cov[2] == 128 && cov[3] == 255 && cov[4] == 255 && cov[5] == 128 && cov[6] == 0)
        // Quarter: a 0.5 × 0.5 corner.
        #expect(Draw.coverage(Draw.rect(0.5, 0.5, 2, 2), width: 4, height: 4)[0] == 64)
    }

    @Test func fillRulesDifferOnlyWhereWindingIsTwo() {
        var twice = Draw.rect(0, 0, 10, 10)
        twice.append(Draw.rect(5, 0, 10, 10))  // same winding, overlapping x 5…10
        let nz = Draw.coverage(twice, width: 20, height: 10)
        let eo = Draw.coverage(twice, width: 20, height: 10, evenOdd: true)
        #expect(nz[5 * 20 + 7] == 255 && eo[5 * 20 + 7] == 0)
        #expect(nz[5 * 20 + 2] == 255 && eo[5 * 20 + 2] == 255)
        #expect(nz[5 * 20 + 12] == 255 && eo[5 * 20 + 12] == 255)
    }

    /// Differential test of the cell kernel against exact polygon–pixel areas.
    @Test func matchesExactAreaOnRandomPolygons() {
        var rng = SeededRandom(seed: 42)
        var worst = 0
        for _ in 0..<40 {
            let cx = Double.random(in: -5...45, using: &rng), cy = Double.random(in: -5...45, using: &rng)
            let n = Int.random(in: 3...12, using: &rng)
            // Star-shaped around its centre: simple (no self-intersection) by construction.
            let pts: [(Double, Double)] = (0..<n).map { i in
                let a = (Double(i) + Double.random(in: 0..<0.8, using: &rng)) * 2 * .pi / Double(n)
                let r = Double.random(in: 3...25, using: &rng)
                return (cx + r * cos(a), cy + r * sin(a))
            }
            let cov = Draw.coverage(Draw.polygon(pts), width: 40, height: 40)
            for y in 0..<40 {
                for x in 0..<40 {
                    let exact = CoverageReference.coverage(pts, pixelX: x, pixelY: y) * 255
                    worst = max(worst, abs(Int(cov[y * 40 + x]) - Int(exact.rounded())))
                }
            }
        }
        // 8 subpixel bits and truncation to 8-bit coverage: at most 2 levels from exact.
        #expect(worst <= 2, "worst difference \(worst)")
    }

    @Test func emptyAndBrokenInputDrawNothing() {
        #expect(Draw.coverage(Path(), width: 8, height: 8).allSatisfy { $0 == 0 })
        let nan = Draw.polygon([(1, 1), (.nan, 5), (6, 6)])
        var bitmap = Bitmap(width: 8, height: 8)!
        Painter().fill(nan, paint: Draw.black, into: &bitmap)
        Painter().fill(Draw.rect(0, 0, 8, 8), transform: Transform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0),
                       paint: Draw.black, into: &bitmap)
        #expect(bitmap.pixels.allSatisfy { $0 == 0 })
        // The rasterizer itself skips NaN lines without trapping.
        let r = Rasterizer()
        r.reset(width: 8, height: 8)
        r.addLine(Point(.nan, 0), Point(3, 3))
        r.addLine(Point(.infinity, 0), Point(-.infinity, 8))
        var sink = GridSink(width: 8, height: 8)
        r.sweep(evenOdd: false, into: &sink)
    }

    @Test func hugeCoordinatesAreClippedNotOverflowed() {
        let huge = Draw.polygon([(-1e30, -1e30), (1e30, -1e30), (1e30, 1e30), (-1e30, 1e30)])
        #expect(Draw.coverage(huge, width: 16, height: 16).allSatisfy { $0 == 255 })
        let farAway = Draw.rect(1e12, 1e12, 50, 50)
        #expect(Draw.coverage(farAway, width: 16, height: 16).allSatisfy { $0 == 0 })
        // A shape crossing the left edge still fills the part inside.
        let left = Draw.coverage(Draw.rect(-1e9, 2, 1e9 + 4, 2), width: 16, height: 8)
        #expect(left[2 * 16 + 0] == 255 && left[2 * 16 + 3] == 255 && left[2 * 16 + 4] == 0)
        // A huge off-target curve costs nothing and adds nothing.
        var b = PathBuilder()
        b.move(to: Point(-1e15, 4)); b.cubic(to: Point(-1e15, 8), control1: Point(-3e15, -1e15), control2: Point(-2e15, 1e15))
        b.line(to: Point(8, 8)); b.line(to: Point(8, 4)); b.close()
        let curved = Draw.coverage(b.path, width: 16, height: 16)
        #expect(curved[5 * 16 + 0] == 255 && curved[5 * 16 + 9] == 0)
    }

    @Test func largePathsAreBandedWithTheSameResult() {
        // 400 thin stripes × 300 rows: 240 000 cells, many bands of the cell grid.
        var stripes = Path()
        for i in 0..<400 { stripes.append(Draw.rect(Double(i) * 2 + 0.25, 0.5, 1, 299)) }
        #expect(Rasterizer.cellBudget < 400 * 2 * 300 && Rasterizer.bandRows(width: 800) < 300)
        let cov = Draw.coverage(stripes, width: 800, height: 300)
        for y in [1, 150, 298] {
            for x in [0, 2, 400, 798] { #expect(cov[y * 800 + x] == 191 && cov[y * 800 + x + 1] == 64) }
        }
        #expect(cov[0] == 96 && cov[299 * 800 + 2] == 96)
    }

    @Test(arguments: [false, true])
    func bandsSplitNoCoverage(evenOdd: Bool) {
        // The same random polygons on a 64-wide target (one band of the cell grid) and on a
        // 4096-wide one (bands of 16 rows, so edges start, continue and end in many bands); no
        // point right of the narrow target, whose cut at its right side would move crossings:
        // covers and areas are integer sums, so the columns both hold must be equal, bit for bit.
        var rng = SeededRandom(seed: evenOdd ? 41 : 42)
        #expect(Rasterizer.bandRows(width: 64) >= 200 && Rasterizer.bandRows(width: 4096) <= 16)
        for round in 0..<8 {
            let pts = (0..<Int.random(in: 3...12, using: &rng)).map { _ in
                (Double.random(in: -8...63.9, using: &rng), Double.random(in: -8...208, using: &rng))
            }
            let path = Draw.polygon(pts)
            let narrow = Draw.coverage(path, width: 64, height: 200, evenOdd: evenOdd)
            let wide = Draw.coverage(path, width: 4096, height: 200, evenOdd: evenOdd)
            var differing = 0
            for y in 0..<200 {
                for x in 0..<64 where narrow[y * 64 + x] != wide[y * 4096 + x] { differing += 1 }
            }
            #expect(differing == 0, "round \(round)")
            #expect(narrow.contains { $0 != 0 })
        }
    }
}
