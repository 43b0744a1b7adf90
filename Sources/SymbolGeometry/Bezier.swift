/// Bézier helpers shared by flattening, measuring, trimming, dashing and stroking: evaluation,
/// derivatives and splitting by de Casteljau. Plain functions on points; no allocation.
enum Bezier {
    @inline(__always) static func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
        Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
    }

    /// First derivative of a quadratic at `t`.
    @inline(__always) static func quadDerivative(_ p0: Point, _ p1: Point, _ p2: Point, _ t: Double) -> Point {
        (p1 - p0) * (2 * (1 - t)) + (p2 - p1) * (2 * t)
    }

    /// First derivative of a cubic at `t`.
    @inline(__always) static func cubicDerivative(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Point {
        let mt = 1 - t
        return (p1 - p0) * (3 * mt * mt) + (p2 - p1) * (6 * mt * t) + (p3 - p2) * (3 * t * t)
    }

    /// The part of a quadratic between parameters `t0 < t1`, as (p0, c, p2).
    static func quadSub(_ p0: Point, _ p1: Point, _ p2: Point, _ t0: Double, _ t1: Double) -> (Point, Point, Point) {
        // Blossoming: control point of the sub-curve is B(t0, t1).
        let a = Path.quadPoint(p0, p1, p2, t0)
        let b = Path.quadPoint(p0, p1, p2, t1)
        let c = lerp(lerp(p0, p1, t0), lerp(p1, p2, t0), t1)
        return (a, c, b)
    }

    /// The part of a cubic between parameters `t0 < t1`, as (p0, c1, c2, p3).
    static func cubicSub(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point,
                         _ t0: Double, _ t1: Double) -> (Point, Point, Point, Point) {
        // Blossom values B(t0,t0,t0), B(t0,t0,t1), B(t0,t1,t1), B(t1,t1,t1).
        func blossom(_ u: Double, _ v: Double, _ w: Double) -> Point {
            let a = lerp(p0, p1, u), b = lerp(p1, p2, u), c = lerp(p2, p3, u)
            let d = lerp(a, b, v), e = lerp(b, c, v)
            return lerp(d, e, w)
        }
        return (blossom(t0, t0, t0), blossom(t0, t0, t1), blossom(t0, t1, t1), blossom(t1, t1, t1))
    }

    /// Start tangent of a curve given its control points in order: the first non-zero
    /// difference, so coincident control points still give a direction. Zero when all coincide.
    static func startTangent(_ pts: [Point]) -> Point {
        for i in 1..<pts.count where pts[i] != pts[0] { return pts[i] - pts[0] }
        return .zero
    }
}

extension Point {
    /// True when this point is within `eps` of `o` in both coordinates.
    @inline(__always) func isNear(_ o: Point, _ eps: Double = 1e-12) -> Bool {
        abs(x - o.x) <= eps && abs(y - o.y) <= eps
    }
}
