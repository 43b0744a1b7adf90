import Foundation
import SymbolGeometry
import Testing

@Suite struct StrokerTests {
    @Test(arguments: [LineJoin.miter, .bevel, .round])
    func strokedSquareCoversTheRing(_ join: LineJoin) {
        let square = Fixture.polyline([(0, 0), (100, 0), (100, 100), (0, 100)], closed: true)
        let outline = square.stroked(StrokeStyle(width: 10, join: join))
        let area = Fixture.nonZeroArea(outline, step: 0.25)
        // Ring 110² − 90² = 4000; bevels cut 4 corners of 12.5, round joins 4·(25 − 25π/4).
        let expected: Double
        switch join {
        case .miter: expected = 4000
        case .bevel: expected = 4000 - 4 * 12.5
        case .round: expected = 4000 - 4 * (25 - 25 * .pi / 4)
        }
        #expect(abs(area - expected) < 6, "area \(area) vs \(expected)")
    }

    @Test func openLineCaps() {
        let line = Fixture.polyline([(0, 0), (100, 0)])
        let butt = line.stroked(StrokeStyle(width: 10, cap: .butt)).controlBounds
        let square = line.stroked(StrokeStyle(width: 10, cap: .square)).controlBounds
        let round = line.stroked(StrokeStyle(width: 10, cap: .round)).controlBounds
        #expect(butt == Rect(minX: 0, minY: -5, maxX: 100, maxY: 5))
        #expect(square == Rect(minX: -5, minY: -5, maxX: 105, maxY: 5))
        #expect(abs(round.minX + 5) < 0.01 && abs(round.maxX - 105) < 0.01)
        #expect(abs(Fixture.nonZeroArea(line.stroked(StrokeStyle(width: 10, cap: .round)), step: 0.1)
                    - (1000 + 25 * .pi)) < 3)
    }

    /// Two segments meeting at `angle` degrees; the miter tip lies at h / sin(angle/2) from
    /// the vertex, so with limit 4 the switch to bevel is at 2·asin(1/4) ≈ 28.955°.
    func tipDistance(angle: Double, limit: Double) -> Double {
        let a = angle * .pi / 180
        let path = Fixture.polyline([(100 * cos(a), -100 * sin(a)), (0, 0), (100, 0)])
        let outline = path.stroked(StrokeStyle(width: 10, join: .miter, miterLimit: limit))
        // The point of the outline furthest from the vertex, ignoring the far segment ends.
        return outline.points.map { $0.length }.filter { $0 < 50 }.max()!
    }

    @Test func miterLimitSwitchesToBevelAtTheRightAngle() {
        let critical = 2 * asin(1.0 / 4) * 180 / .pi
        let above = tipDistance(angle: critical + 0.2, limit: 4)
        let below = tipDistance(angle: critical - 0.2, limit: 4)
        #expect(abs(above - 5 / sin((critical + 0.2) / 2 * .pi / 180)) < 1e-6)  // ≈ 19.9
        #expect(abs(below - 5) < 1e-9)  // bevelled: nothing beyond the offset corners
        #expect(abs(tipDistance(angle: 90, limit: 1) - 5) < 1e-9)  // limit 1: always bevel
        #expect(abs(tipDistance(angle: 90, limit: 4) - 5 * 2.0.squareRoot()) < 1e-9)
    }

    @Test func zeroLengthSubpathsDrawDotsOrSquares() {
        let dot = Fixture.polyline([(10, 10), (10, 10)])
        #expect(dot.stroked(StrokeStyle(width: 4, cap: .butt)).isEmpty)
        let square = dot.stroked(StrokeStyle(width: 4, cap: .square)).controlBounds
        #expect(square == Rect(minX: 8, minY: 8, maxX: 12, maxY: 12))
        let disc = dot.stroked(StrokeStyle(width: 4, cap: .round), tolerance: 0.001)
        #expect(abs(Fixture.nonZeroArea(disc, step: 0.02) - 4 * .pi) < 0.05)
        // A lone move draws nothing.
        var b = PathBuilder(); b.move(to: Point(3, 3))
        #expect(b.path.stroked(StrokeStyle(width: 4, cap: .round)).isEmpty)
    }

    @Test func degenerateSegmentsAreSkipped() {
        let withRepeat = Fixture.polyline([(0, 0), (50, 0), (50, 0), (100, 0)])
        let plain = Fixture.polyline([(0, 0), (50, 0), (100, 0)])
        let a = withRepeat.stroked(StrokeStyle(width: 10)), b = plain.stroked(StrokeStyle(width: 10))
        #expect(a == b)
    }

    @Test func curvesAreOffsetWithinTolerance() {
        let outline = Fixture.circle(50).stroked(StrokeStyle(width: 20), tolerance: 0.05)
        for p in outline.points {
            let d = p.length
            #expect(abs(d - 60) < 0.1 || abs(d - 40) < 0.1 || abs(d - 50) < 0.1, "point at \(d)")
        }
    }

    @Test func capsOnCurvesFollowTheEndTangent() {
        // A half circle from (50, 0) over the top to (−50, 0): both ends run vertically, so the
        // butt caps must be horizontal.
        var b = PathBuilder()
        b.move(to: Point(50, 0))
        b.arc(to: Point(-50, 0), rx: 50, ry: 50, xAxisRotation: 0, largeArc: false, sweep: false)
        let outline = b.path.stroked(StrokeStyle(width: 10, cap: .butt))
        for corner in [Point(45, 0), Point(55, 0), Point(-45, 0), Point(-55, 0)] {
            let nearest = outline.points.map { ($0 - corner).length }.min()!
            #expect(nearest < 0.01, "cap corner \(corner) missed by \(nearest)")
        }
    }

    @Test func badInputNeverCrashes() {
        let nanPath = Fixture.polyline([(0, 0), (.nan, 5), (10, 10)])
        #expect(nanPath.stroked(StrokeStyle(width: 3)).isEmpty)
        let inf = Fixture.polyline([(0, 0), (.infinity, 5)])
        #expect(inf.stroked(StrokeStyle(width: 3)).isEmpty)
        let line = Fixture.polyline([(0, 0), (10, 0)])
        #expect(line.stroked(StrokeStyle(width: 0)).isEmpty)
        #expect(line.stroked(StrokeStyle(width: .nan)).isEmpty)
        _ = line.stroked(StrokeStyle(width: 1e300))
        _ = line.stroked(StrokeStyle(width: 2, miterLimit: .nan), tolerance: .nan)
        // Back-and-forth reversal with every join.
        for join in [LineJoin.miter, .round, .bevel] {
            _ = Fixture.polyline([(0, 0), (10, 0), (0, 0)]).stroked(StrokeStyle(width: 4, join: join))
        }
    }

    @Test func dashedStrokeUsesTheStyle() {
        let line = Fixture.polyline([(0, 0), (100, 0)])
        let s = line.stroked(StrokeStyle(width: 2, dashes: [10, 10]))
        #expect(s.subpathCount == 5)
    }
}
