import SymbolGeometry

/// Paths and measurements shared by the geometry tests.
enum Fixture {
    static func polyline(_ pts: [(Double, Double)], closed: Bool = false) -> Path {
        var b = PathBuilder()
        b.move(to: Point(pts[0].0, pts[0].1))
        for p in pts.dropFirst() { b.line(to: Point(p.0, p.1)) }
        if closed { b.close() }
        return b.path
    }

    static func circle(_ r: Double, center: Point = Point(0, 0)) -> Path {
        var b = PathBuilder()
        b.ellipse(center: center, rx: r, ry: r)
        return b.path
    }

    /// Area covered under the non-zero rule, by sampling winding numbers on a grid of `step`
    /// (slow but independent of the code under test).
    static func nonZeroArea(_ path: Path, step: Double = 0.25) -> Double {
        var lines: [(Point, Point)] = []
        path.forEachFlattenedLine(transform: .identity, tolerance: 0.01, moveTo: { _ in }, line: { lines.append(($0, $1)) })
        let box = path.controlBounds
        var count = 0
        var y = box.minY + step / 2
        while y < box.maxY {
            var x = box.minX + step / 2
            while x < box.maxX {
                var winding = 0
                for (a, b) in lines where (a.y <= y) != (b.y <= y) {
                    let xc = a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y)
                    if xc > x { winding += a.y < b.y ? 1 : -1 }
                }
                if winding != 0 { count += 1 }
                x += step
            }
            y += step
        }
        return Double(count) * step * step
    }
}
