#if canImport(Glibc)
import Glibc  // C math only; the geometry module stays free of Foundation.
#elseif canImport(Darwin)
import Darwin
#endif

extension Stroker {
    /// Unit direction of the polyline edge from vertex `i` to vertex `j`.
    @inline(__always) func direction(_ i: Int, _ j: Int) -> Point { (vertices[j] - vertices[i]).normalized }

    /// Direction in which the edge from vertex `i` to `j` leaves `i`: a curve's exact tangent
    /// where one was recorded, else the chord.
    @inline(__always) func leaving(_ i: Int, _ j: Int) -> Point {
        tangentOut[i] != .zero ? tangentOut[i] : direction(i, j)
    }

    /// Direction in which the edge from vertex `i` to `j` arrives at `j`.
    @inline(__always) func arriving(_ i: Int, _ j: Int) -> Point {
        tangentIn[j] != .zero ? tangentIn[j] : direction(i, j)
    }

    /// Left-hand offset (the `perpendicular` side) of a unit direction, scaled to half the width.
    @inline(__always) func offset(_ d: Point) -> Point { d.perpendicular * halfWidth }

    /// An open polyline: left side forward, end cap, right side backward, start cap.
    mutating func emitOpen(into out: inout Path) {
        let n = vertices.count
        out.appendMove(vertices[0] + offset(leaving(0, 1)))
        emitSide(into: &out)
        emitCap(at: vertices[n - 1], direction: arriving(n - 2, n - 1), into: &out)
        reverseVertices()
        emitSide(into: &out)
        emitCap(at: vertices[n - 1], direction: arriving(n - 2, n - 1), into: &out)
        reverseVertices()
        out.appendClose()
    }

    /// The left side of the polyline from vertex 0 to the last, joins at inner vertices. The
    /// current point is already at vertex 0's offset.
    private func emitSide(into out: inout Path) {
        let n = vertices.count
        for j in 1..<(n - 1) {
            emitJoin(at: vertices[j], from: arriving(j - 1, j), to: leaving(j, j + 1), smooth: smooth[j], into: &out)
        }
        out.appendLine(vertices[n - 1] + offset(arriving(n - 2, n - 1)))
    }

    /// One closed loop along the left side, joined at every vertex including the start.
    func emitLoop(into out: inout Path) {
        let n = vertices.count
        out.appendMove(vertices[0] + offset(leaving(0, 1)))
        for j in 1...n {
            let v = j % n
            emitJoin(at: vertices[v], from: arriving(j - 1, v), to: leaving(v, (v + 1) % n), smooth: smooth[v], into: &out)
        }
        out.appendClose()
    }

    /// Goes from the offset end of the incoming edge to the offset start of the outgoing edge
    /// around vertex `p`, on the left side.
    func emitJoin(at p: Point, from dIn: Point, to dOut: Point, smooth: Bool, into out: inout Path) {
        let a = offset(dIn), b = offset(dOut)
        let cross = dIn.cross(dOut), dot = dIn.dot(dOut)
        out.appendLine(p + a)
        if cross > 0 || (cross == 0 && dot > 0) {
            // Turning toward the left: the left side is the inner side. Pivot through the vertex.
            if cross != 0 { out.appendLine(p) }
            out.appendLine(p + b)
            return
        }
        let join: LineJoin = smooth ? .round : style.join
        switch join {
        case .bevel:
            break
        case .miter:
            // cos(φ/2) with φ the turn angle; the miter ratio is 1 / cos(φ/2).
            let cosHalf = ((1 + dot) / 2).squareRoot()
            let limit = max(style.miterLimit, 1)
            if cosHalf * limit >= 1, cosHalf > 1e-12 {
                let bisector = (a + b).normalized
                out.appendLine(p + bisector * (halfWidth / cosHalf))
            }
        case .round:
            // The offsets turn as the directions do; a reversal goes round the front (clockwise).
            emitArc(center: p, from: a, sweep: cross == 0 ? -.pi : atan2(cross, dot), into: &out)
        }
        out.appendLine(p + b)
    }

    /// Lines along a circular arc of radius `halfWidth` around `center`, starting at offset
    /// `a` and turning by `sweep` radians (sign decides the direction). The end point is not
    /// emitted; callers draw it.
    func emitArc(center: Point, from a: Point, sweep: Double, into out: inout Path) {
        let steps = Int((abs(sweep) / arcStep).rounded(.up))
        guard steps > 1 else { return }
        let delta = sweep / Double(steps)
        let (s, c) = (sin(delta), cos(delta))
        var v = a
        for _ in 1..<steps {
            v = Point(v.x * c - v.y * s, v.x * s + v.y * c)
            out.appendLine(center + v)
        }
    }

    /// A cap at `p`, the end of an edge with unit direction `d`: from the left offset to the
    /// right offset, around the end.
    func emitCap(at p: Point, direction d: Point, into out: inout Path) {
        let a = offset(d)
        out.appendLine(p + a)
        switch style.cap {
        case .butt:
            break
        case .square:
            let ext = d * halfWidth
            out.appendLine(p + a + ext)
            out.appendLine(p - a + ext)
        case .round:
            // From +perpendicular through +d to −perpendicular: a clockwise half turn.
            emitArc(center: p, from: a, sweep: -.pi, into: &out)
        }
        out.appendLine(p - a)
    }

    /// A zero-length subpath: a disc for round caps, an axis-aligned square for square caps.
    mutating func emitDot(_ p: Point, into out: inout Path) {
        guard style.cap != .butt else { return }
        let d = Point(1, 0)
        out.appendMove(p + offset(d))
        emitCap(at: p, direction: d, into: &out)
        emitCap(at: p, direction: -d, into: &out)
        out.appendClose()
    }
}
