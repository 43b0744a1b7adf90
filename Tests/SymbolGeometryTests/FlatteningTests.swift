import SymbolGeometry
import Testing

@Suite struct FlatteningTests {
    @Test(arguments: [0.1, 0.01])
    func circleStaysWithinTolerance(_ tolerance: Double) {
        let r = 500.0
        let flat = Fixture.circle(r).flattened(tolerance: tolerance)
        #expect(flat.verbs.allSatisfy { $0 != .quad && $0 != .cubic })
        var worst = 0.0
        var prev: Point?
        flat.forEachElement { e in
            guard case .line(let p) = e else { if case .move(let p) = e { prev = p }; return }
            // The chord's midpoint is where a flattened arc is furthest inside the circle.
            if let q = prev { worst = max(worst, r - ((p + q) / 2).length) }
            prev = p
        }
        // The cubic circle itself is off by 2.7e-4·r; the flattening adds at most the tolerance.
        #expect(worst <= tolerance + 2.8e-4 * r)
        #expect(worst > 0)
    }

    @Test func segmentCountGrowsWithSizeAndCurvature() {
        let small = CurveFlattener.cubicSegmentCount(Point(0, 0), Point(0, 10), Point(10, 10), Point(10, 0), tolerance: 0.1)
        let big = CurveFlattener.cubicSegmentCount(Point(0, 0), Point(0, 1000), Point(1000, 1000), Point(1000, 0), tolerance: 0.1)
        let straight = CurveFlattener.cubicSegmentCount(Point(0, 0), Point(1, 0), Point(2, 0), Point(3, 0), tolerance: 0.1)
        #expect(straight == 1)
        #expect(small > 1 && big > small * 5)
    }

    @Test func nonFiniteCurvesAreCapped() {
        let n = CurveFlattener.cubicSegmentCount(Point(0, 0), Point(.infinity, 0), Point(.nan, 1), Point(3, 0), tolerance: 0.1)
        #expect(n >= 1 && n <= CurveFlattener.maxSegments)
        var b = PathBuilder()
        b.move(to: Point(0, 0))
        b.cubic(to: Point(1e300, 5), control1: Point(.nan, 0), control2: Point(-1e300, .infinity))
        _ = b.path.flattened()
    }

    @Test func implicitCloseIsReportedForFills() {
        var lines = 0
        Fixture.polyline([(0, 0), (10, 0), (10, 10)]).forEachFlattenedLine(
            transform: .identity, tolerance: 0.1, moveTo: { _ in }, line: { _, _ in lines += 1 })
        #expect(lines == 3)
    }
}
