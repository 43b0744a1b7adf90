#if canImport(Glibc)
import Glibc  // C math only; the geometry module stays free of Foundation.
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns a path into the outline of its stroke: a fill path to be drawn with the non-zero rule.
///
/// Method: each subpath is flattened to a polyline within the tolerance (a Hausdorff distance
/// of `tol` between curve and polyline bounds the error of the stroke outline by `tol` too,
/// because a stroke is the Minkowski sum of the centre line and a disc, and vertices inside a
/// curve get round joins). Each side is then walked with offset points; at a vertex the outer
/// side gets the join (miter / round / bevel) and the inner side goes through the vertex itself
/// (the "pivot"). That outline is exactly the sum of positively wound rectangles and join
/// wedges, so non-zero filling is right for any curvature or overlap, with no intersection
/// tests. Output is lines only.
///
/// Open subpaths get caps at both ends; closed subpaths are two loops (one per side) joined at
/// the start point. Degenerate (zero-length) segments are skipped; a subpath of zero length
/// draws a dot (round cap) or a square (square cap), as SVG says. Subpaths with non-finite
/// points are dropped. A `Stroker` keeps its scratch arrays, so reusing one allocates nothing.
package struct Stroker {
    var vertices: [Point] = []
    var smooth: [Bool] = []  // true at a vertex inside a flattened curve: joined round
    var tangentIn: [Point] = []  // exact direction arriving at a vertex from a curve, or zero
    var tangentOut: [Point] = []  // exact direction leaving a vertex along a curve, or zero
    var halfWidth = 0.5
    var style = StrokeStyle()
    var tolerance = CurveFlattener.defaultTolerance
    var arcStep = Double.pi / 2  // largest angle one line of a round join may span

    package init() {}

    /// Appends the stroke outline of `path` to `out`. Dashes in `style` are not applied here
    /// (`Path.stroked` dashes first).
    package mutating func stroke(_ path: Path, style: StrokeStyle, tolerance: Double, into out: inout Path) {
        guard style.width > 0, style.width.isFinite else { return }
        self.style = style
        halfWidth = style.width / 2
        self.tolerance = tolerance.isFinite && tolerance > 1e-9 ? tolerance : CurveFlattener.defaultTolerance
        // Round joins and caps: the sagitta r·(1 − cos(step/2)) of each chord stays within tolerance.
        let c = 1 - self.tolerance / halfWidth
        arcStep = c > -1 ? max(2 * acos(c), 0.02) : .pi
        var state = SubpathState()
        path.forEachElement { e in
            switch e {
            case .move(let p):
                flush(&state, into: &out)
                state = SubpathState(started: true, finite: p.isFinite, current: p, start: p)
                add(p, smooth: false)
            case .line(let p):
                state.drawn = true; state.finite = state.finite && p.isFinite
                add(p, smooth: false); state.current = p
            case .quad(let c1, let p):
                state.drawn = true; state.finite = state.finite && c1.isFinite && p.isFinite
                let p0 = state.current
                let n = state.finite ? CurveFlattener.quadSegmentCount(p0, c1, p, tolerance: self.tolerance) : 1
                let first = vertices.count - 1
                for k in 1..<n { add(Path.quadPoint(p0, c1, p, Double(k) / Double(n)), smooth: true) }
                add(p, smooth: false); state.current = p
                setEndTangents(from: first, Bezier.startTangent([p0, c1, p]), -Bezier.startTangent([p, c1, p0]))
            case .cubic(let c1, let c2, let p):
                state.drawn = true
                state.finite = state.finite && c1.isFinite && c2.isFinite && p.isFinite
                let p0 = state.current
                let n = state.finite ? CurveFlattener.cubicSegmentCount(p0, c1, c2, p, tolerance: self.tolerance) : 1
                let first = vertices.count - 1
                for k in 1..<n { add(Path.cubicPoint(p0, c1, c2, p, Double(k) / Double(n)), smooth: true) }
                add(p, smooth: false); state.current = p
                setEndTangents(from: first, Bezier.startTangent([p0, c1, c2, p]), -Bezier.startTangent([p, c2, c1, p0]))
            case .close:
                state.drawn = true; state.closed = true
                let start = state.start
                flush(&state, into: &out)
                // Drawing after a close continues from the subpath start.
                state = SubpathState(started: false, finite: start.isFinite, current: start, start: start)
            }
        }
        flush(&state, into: &out)
    }

    /// Records a curve's exact start and end tangents on the vertices where it starts and
    /// ends, so caps and corner joins there follow the curve rather than the first or last
    /// chord (a chord is off by half the turn of its piece: a butt cap on a flattened half
    /// circle tilted by 3°, moving its corners 0.25 px at width 10). The first and last pieces
    /// become trapezoids whose far edges lie along the exact normals.
    private mutating func setEndTangents(from first: Int, _ start: Point, _ end: Point) {
        guard first >= 0, vertices.count - 1 > first else { return }
        tangentOut[first] = start.normalized
        tangentIn[vertices.count - 1] = end.normalized
    }

    struct SubpathState {
        var started = false, drawn = false, closed = false, finite = true
        var current = Point.zero, start = Point.zero
    }

    /// Adds a polyline vertex, skipping a repeat of the previous one (degenerate segment). A
    /// corner landing on a repeated point keeps the corner flag.
    private mutating func add(_ p: Point, smooth s: Bool) {
        if let last = vertices.last, last.isNear(p, 1e-9 * max(1, abs(p.x), abs(p.y))) {
            if !s { smooth[smooth.count - 1] = false }
            return
        }
        vertices.append(p)
        smooth.append(s)
        tangentIn.append(.zero)
        tangentOut.append(.zero)
    }

    private mutating func flush(_ state: inout SubpathState, into out: inout Path) {
        defer {
            vertices.removeAll(keepingCapacity: true)
            smooth.removeAll(keepingCapacity: true)
            tangentIn.removeAll(keepingCapacity: true)
            tangentOut.removeAll(keepingCapacity: true)
            state.started = false
        }
        guard state.started, state.finite, !vertices.isEmpty else { return }
        if state.closed, vertices.count > 1,
           vertices[vertices.count - 1].isNear(vertices[0], 1e-9 * max(1, abs(vertices[0].x), abs(vertices[0].y))) {
            // The closing point is the start: keep how the last segment arrives there.
            tangentIn[0] = tangentIn[vertices.count - 1]
            vertices.removeLast(); smooth.removeLast(); tangentIn.removeLast(); tangentOut.removeLast()
        }
        smooth[0] = false
        if vertices.count == 1 {
            // A lone move draws nothing; a drawn subpath of zero length draws its caps.
            if state.drawn { emitDot(vertices[0], into: &out) }
            return
        }
        if state.closed {
            emitLoop(into: &out)
            reverseVertices()
            emitLoop(into: &out)
        } else {
            emitOpen(into: &out)
        }
    }
}

extension Stroker {
    /// Reverses the polyline in place: what arrived at a vertex now leaves it, backwards.
    mutating func reverseVertices() {
        vertices.reverse(); smooth.reverse()
        tangentIn.reverse(); tangentOut.reverse()
        swap(&tangentIn, &tangentOut)
        for i in tangentIn.indices { tangentIn[i] = -tangentIn[i]; tangentOut[i] = -tangentOut[i] }
    }
}

extension Path {
    /// The outline of this path's stroke as a fill path (draw it with the non-zero rule), dashed
    /// first when `style` has dashes. `tolerance` is the largest distance, in this path's units,
    /// between the result and the exact stroke. A non-positive or non-finite width gives an
    /// empty path.
    package func stroked(_ style: StrokeStyle, tolerance: Double = CurveFlattener.defaultTolerance) -> Path {
        let source = style.dashes.isEmpty ? self : dashed(style.dashes, offset: style.dashOffset)
        var stroker = Stroker()
        var out = Path()
        stroker.stroke(source, style: style, tolerance: tolerance, into: &out)
        return out
    }
}
