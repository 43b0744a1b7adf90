import SymbolGeometry
import Testing

@Suite struct PathMeasureTests {
    @Test func lineAndPolylineLengths() {
        #expect(abs(PathMeasure(Fixture.polyline([(0, 0), (3, 4)])).length - 5) < 1e-12)
        let square = Fixture.polyline([(0, 0), (10, 0), (10, 10), (0, 10)], closed: true)
        #expect(abs(PathMeasure(square).length - 40) < 1e-12)
    }

    @Test(arguments: [1.0, 70, 1000])
    func circleLength(_ r: Double) {
        let length = PathMeasure(Fixture.circle(r)).length
        #expect(abs(length / (2 * .pi * r) - 1) < 1e-3)
    }

    @Test func subpathLengthsAndTotal() {
        var path = Fixture.polyline([(0, 0), (10, 0)])
        path.append(Fixture.circle(5, center: Point(50, 50)))
        let m = PathMeasure(path)
        #expect(m.subpathLengths.count == 2)
        #expect(abs(m.subpathLengths[0] - 10) < 1e-12)
        #expect(abs(m.length - (10 + 2 * .pi * 5)) < 0.02)
    }

    @Test func positionAndTangentAtDistance() throws {
        let m = PathMeasure(Fixture.polyline([(0, 0), (10, 0), (10, 10)]))
        let a = try #require(m.position(at: 5))
        #expect(a.point.isNear(Point(5, 0)) && a.tangent.isNear(Point(1, 0)))
        let b = try #require(m.position(at: 15))
        #expect(b.point.isNear(Point(10, 5)) && b.tangent.isNear(Point(0, 1)))
        let end = try #require(m.position(at: 1e9))
        #expect(end.point.isNear(Point(10, 10)))
        #expect(m.position(at: .nan) == nil)
        // A quarter of a circle of radius 10 from its rightmost point, clockwise on screen.
        let circle = PathMeasure(Fixture.circle(10))
        let c = try #require(circle.position(at: circle.length / 4))
        #expect(c.point.isNear(Point(0, 10), 1e-6) && c.tangent.isNear(Point(-1, 0), 1e-6))
    }

    @Test func nonFinitePointsMeasureZero() {
        let m = PathMeasure(Fixture.polyline([(0, 0), (.nan, 1), (10, 0)]))
        #expect(m.length.isFinite)
    }
}

extension Point {
    func isNear(_ o: Point, _ eps: Double = 1e-9) -> Bool { abs(x - o.x) <= eps && abs(y - o.y) <= eps }
}
