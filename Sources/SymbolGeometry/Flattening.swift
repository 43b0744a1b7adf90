/// Adaptive flattening of quadratic and cubic Béziers into line segments.
///
/// Each curve is cut into `n` equal parameter steps, with `n` from Wang's formula: the distance
/// between a curve and its n-segment polyline is at most `max|B''| / (8 n²)`, and for a cubic
/// `max|B''| ≤ 6·max(|P0 − 2P1 + P2|, |P1 − 2P2 + P3|)` (a quadratic: `2·|P0 − 2P1 + P2|`). So
/// the count adapts to curvature and size and the stated tolerance is a guaranteed bound, not
/// an estimate. Counts are capped (`maxSegments`) so huge or non-finite control points cannot
/// stall a caller.
@usableFromInline package enum CurveFlattener {
    /// Flattening tolerance used by the rasterizer: maximum distance in device pixels.
    @usableFromInline package static let defaultTolerance = 0.1
    /// Upper bound on the pieces one curve is cut into.
    @usableFromInline package static let maxSegments = 2048

    /// Segments needed for a quadratic to stay within `tolerance`.
    @inlinable package static func quadSegmentCount(_ p0: Point, _ p1: Point, _ p2: Point, tolerance: Double) -> Int {
        let dx = p0.x - 2 * p1.x + p2.x, dy = p0.y - 2 * p1.y + p2.y
        let dd = (dx * dx + dy * dy).squareRoot()
        return count(dd / (4 * tolerance))
    }

    /// Segments needed for a cubic to stay within `tolerance`.
    @inlinable package static func cubicSegmentCount(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point,
                                                     tolerance: Double) -> Int {
        let ax = p0.x - 2 * p1.x + p2.x, ay = p0.y - 2 * p1.y + p2.y
        let bx = p1.x - 2 * p2.x + p3.x, by = p1.y - 2 * p2.y + p3.y
        let dd = max(ax * ax + ay * ay, bx * bx + by * by).squareRoot()
        return count(0.75 * dd / tolerance)
    }

    /// ceil(sqrt(v)) clamped to 1…maxSegments; NaN gives 1.
    @inlinable static func count(_ v: Double) -> Int {
        guard v > 1 else { return 1 }
        let n = v.squareRoot().rounded(.up)
        return n < Double(maxSegments) ? Int(n) : maxSegments
    }
}

extension Path {
    /// Calls `line` for every straight piece of this path after mapping by `transform` and
    /// flattening curves to within `tolerance` (in the transformed space). Every subpath is
    /// closed implicitly (a closing line is reported when its end is not its start), as a
    /// fill needs. `moveTo` starts each subpath. Nothing is allocated.
    ///
    /// With a `clip`, a curve whose control box misses it is reported as one line from its
    /// start to its end: for a fill clipped to that rectangle the winding it adds is the same
    /// (a rasterizer slides what is left of the clip onto its left side), so huge off-target
    /// curves cost nothing.
    @inlinable package func forEachFlattenedLine(transform: Transform, tolerance: Double, clip: Rect? = nil,
                                                moveTo: (Point) -> Void,
                                                line: (Point, Point) -> Void) {
        let tol = tolerance > 1e-6 ? tolerance : 1e-6
        var start = Point.zero, cur = Point.zero, open = false
        var i = 0
        points.withUnsafeBufferPointer { pts in
            for v in verbs {
                switch v {
                case .move:
                    if open && cur != start { line(cur, start) }
                    cur = transform.apply(pts[i]); start = cur; open = true
                    moveTo(cur)
                case .line:
                    let p = transform.apply(pts[i])
                    line(cur, p); cur = p
                case .quad:
                    let c = transform.apply(pts[i]), p = transform.apply(pts[i + 1])
                    var n = CurveFlattener.quadSegmentCount(cur, c, p, tolerance: tol)
                    if n > 1, let r = clip, !Path.boxMeets(r, cur, c, p, p) { n = 1 }
                    var prev = cur
                    if n > 1 {
                        let step = 1 / Double(n)
                        for k in 1..<n {
                            let q = Path.quadPoint(cur, c, p, Double(k) * step)
                            line(prev, q); prev = q
                        }
                    }
                    line(prev, p); cur = p
                case .cubic:
                    let c1 = transform.apply(pts[i]), c2 = transform.apply(pts[i + 1])
                    let p = transform.apply(pts[i + 2])
                    var n = CurveFlattener.cubicSegmentCount(cur, c1, c2, p, tolerance: tol)
                    if n > 1, let r = clip, !Path.boxMeets(r, cur, c1, c2, p) { n = 1 }
                    var prev = cur
                    if n > 1 {
                        let step = 1 / Double(n)
                        for k in 1..<n {
                            let q = Path.cubicPoint(cur, c1, c2, p, Double(k) * step)
                            line(prev, q); prev = q
                        }
                    }
                    line(prev, p); cur = p
                case .close:
                    if cur != start { line(cur, start) }
                    cur = start
                }
                i += v.pointCount
            }
        }
        if open && cur != start { line(cur, start) }
    }

    /// Whether the bounding box of four points meets `r`.
    @inlinable static func boxMeets(_ r: Rect, _ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
        !(max(max(a.x, b.x), max(c.x, d.x)) < r.minX || min(min(a.x, b.x), min(c.x, d.x)) > r.maxX
            || max(max(a.y, b.y), max(c.y, d.y)) < r.minY || min(min(a.y, b.y), min(c.y, d.y)) > r.maxY)
    }

    /// This path with every curve replaced by lines within `tolerance` of it (same space).
    /// Subpaths and closes are kept; no implicit closing lines are added.
    @usableFromInline package func flattened(tolerance: Double = CurveFlattener.defaultTolerance) -> Path {
        let tol = tolerance > 1e-6 ? tolerance : 1e-6
        var out = Path()
        var cur = Point.zero
        forEachElement { e in
            switch e {
            case .move(let p): out.appendMove(p); cur = p
            case .line(let p): out.appendLine(p); cur = p
            case .quad(let c, let p):
                let n = CurveFlattener.quadSegmentCount(cur, c, p, tolerance: tol)
                for k in 1..<n { out.appendLine(Path.quadPoint(cur, c, p, Double(k) / Double(n))) }
                out.appendLine(p); cur = p
            case .cubic(let c1, let c2, let p):
                let n = CurveFlattener.cubicSegmentCount(cur, c1, c2, p, tolerance: tol)
                for k in 1..<n { out.appendLine(Path.cubicPoint(cur, c1, c2, p, Double(k) / Double(n))) }
                out.appendLine(p); cur = p
            case .close: out.appendClose()
            }
        }
        return out
    }
}
