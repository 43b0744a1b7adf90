import Testing
@testable import SymbolGeometry

@Suite struct PathCoreTests {
    private func close(_ a: Point, _ b: Point, _ tol: Double = 1e-9) -> Bool { a.distance(to: b) <= tol }

    @Test func transformOrderMatchesSVG() {
        // SVG "translate(10 0) scale(2)": scale first, then translate.
        let t = Transform.scale(2).concatenating(.translation(10, 0))
        #expect(t.apply(Point(1, 1)) == Point(12, 2))
        #expect(close(Transform.rotation(degrees: 90).apply(Point(1, 0)), Point(0, 1)))
        #expect(close(Transform.rotation(degrees: 90, about: Point(1, 1)).apply(Point(2, 1)), Point(1, 2)))
        #expect(close(Transform.skewX(degrees: 45).apply(Point(0, 1)), Point(1, 1)))
    }

    @Test func inverse() throws {
        let t = Transform(a: 2, b: 1, c: -1, d: 3, tx: 5, ty: -7)
        let inv = try #require(t.inverted)
        #expect(close(inv.apply(t.apply(Point(3, 4))), Point(3, 4), 1e-12))
        #expect(Transform.scale(0, 1).inverted == nil)
        #expect(Transform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted == nil)
    }

    @Test func builderTracksSubpathsAndImplicitMoves() {
        var b = PathBuilder()
        b.move(to: Point(0, 0)); b.line(to: Point(10, 0)); b.close()
        b.line(to: Point(0, 10))   // after close: starts a new subpath at the old start
        #expect(b.path.verbs == [.move, .line, .close, .move, .line])
        #expect(b.path.points == [Point(0, 0), Point(10, 0), Point(0, 0), Point(0, 10)])
        var c = PathBuilder()
        c.move(to: Point(1, 1)); c.move(to: Point(2, 2)); c.line(to: Point(3, 3))
        #expect(c.path.verbs == [.move, .line] && c.path.points[0] == Point(2, 2))
    }

    @Test func arcsAreOnTheCircle() {
        var b = PathBuilder()
        b.move(to: Point(10, 0))
        b.arc(to: Point(-10, 0), rx: 10, ry: 10, xAxisRotation: 0, largeArc: false, sweep: true)
        #expect(b.path.segmentCount == 2)
        #expect(b.current == Point(-10, 0))
        // Sweep = positive angle direction (clockwise on screen): through (0, 10).
        var onCircle = true
        var p0 = Point(10, 0)
        b.path.forEachElement { e in
            if case .cubic(let c1, let c2, let p) = e {
                let mid = Path.cubicPoint(p0, c1, c2, p, 0.5)
                if abs(mid.length - 10) > 0.003 { onCircle = false }
                p0 = p
            }
        }
        #expect(onCircle)
        #expect(abs(b.path.bounds.maxY - 10) < 1e-3)
    }

    @Test func arcRadiiScaleUpAndDegenerateCases() {
        var b = PathBuilder()
        b.move(to: Point(0, 0))
        b.arc(to: Point(10, 0), rx: 1, ry: 1, xAxisRotation: 0, largeArc: false, sweep: true)
        #expect(abs(b.path.bounds.height - 5) < 1e-3)   // radius grown to 5: a half circle
        var z = PathBuilder()
        z.move(to: Point(0, 0))
        z.arc(to: Point(5, 5), rx: 0, ry: 3, xAxisRotation: 0, largeArc: false, sweep: false)
        #expect(z.path.verbs == [.move, .line])
        z.arc(to: Point(5, 5), rx: 3, ry: 3, xAxisRotation: 0, largeArc: false, sweep: false)
        #expect(z.path.verbs == [.move, .line])
    }

    @Test func tightBoundsOfCurves() {
        var b = PathBuilder()
        b.move(to: Point(0, 0))
        b.cubic(to: Point(10, 0), control1: Point(0, 10), control2: Point(10, 10))
        #expect(abs(b.path.bounds.maxY - 7.5) < 1e-12)
        #expect(b.path.controlBounds.maxY == 10)
        var q = PathBuilder()
        q.move(to: Point(0, 0)); q.quad(to: Point(10, 0), control: Point(5, 10))
        #expect(abs(q.path.bounds.maxY - 5) < 1e-12)
    }

    @Test func shapesAndInterpolation() throws {
        var a = PathBuilder(); a.rect(Rect(x: 0, y: 0, width: 10, height: 10))
        var b = PathBuilder(); b.rect(Rect(x: 0, y: 0, width: 20, height: 30))
        let mid = try #require(a.path.interpolated(to: b.path, 0.5))
        #expect(mid.bounds == Rect(x: 0, y: 0, width: 15, height: 20))
        var e = PathBuilder(); e.ellipse(center: Point(5, 5), rx: 5, ry: 2)
        #expect(a.path.interpolated(to: e.path, 0.5) == nil)
        #expect(e.path.bounds.isClose(Rect(x: 0, y: 3, width: 10, height: 4)))
        var r = PathBuilder(); r.rect(Rect(x: 0, y: 0, width: 10, height: 4), rx: 3, ry: 9)
        #expect(r.path.bounds.isClose(Rect(x: 0, y: 0, width: 10, height: 4)))   // ry clamped to 2
    }

    @Test func subpathsRoundTrip() {
        var b = PathBuilder()
        b.move(to: Point(0, 0)); b.line(to: Point(1, 0)); b.close()
        b.move(to: Point(5, 5)); b.quad(to: Point(6, 6), control: Point(5, 6))
        let subs = b.path.subpaths
        #expect(subs.count == 2 && subs[1].verbs == [.move, .quad])
        #expect(Path(subpaths: subs) == b.path)
        #expect(Path(verbs: [.line], points: [Point(0, 0)]) == nil)
        #expect(Path(verbs: [.move, .cubic], points: [Point(0, 0)]) == nil)
        #expect(b.path.description == "M0 0 L1 0 Z M5 5 Q5 6 6 6")
    }
}

extension Rect {
    func isClose(_ o: Rect, _ tol: Double = 1e-9) -> Bool {
        abs(minX - o.minX) <= tol && abs(minY - o.minY) <= tol && abs(maxX - o.maxX) <= tol && abs(maxY - o.maxY) <= tol
    }
}
