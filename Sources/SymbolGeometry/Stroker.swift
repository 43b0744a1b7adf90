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
                let e = Stroker.endNudge(n)
                add(Path.quadPoint(p0, c1, p, e), smooth: true)
                for k in 1..<n { add(Path.quadPoint(p0, c1, p, Double(k) / Double(n)), smooth: true) }
                add(Path.quadPoint(p0, c1, p, 1 - e), smooth: true)
                add(p, smooth: false); state.current = p
            case .cubic(let c1, let c2, let p):
                state.drawn = true
                state.finite = state.finite && c1.isFinite && c2.isFinite && p.isFinite
                let p0 = state.current
                let n = state.finite ? CurveFlattener.cubicSegmentCount(p0, c1, c2, p, tolerance: self.tolerance) : 1
                let e = Stroker.endNudge(n)
                add(Path.cubicPoint(p0, c1, c2, p, e), smooth: true)
                for k in 1..<n { add(Path.cubicPoint(p0, c1, c2, p, Double(k) / Double(n)), smooth: true) }
                add(Path.cubicPoint(p0, c1, c2, p, 1 - e), smooth: true)
                add(p, smooth: false); state.current = p
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

    /// Parameter of the extra vertex put just inside each end of a curve. Caps and corner
    /// joins take their direction from the polyline edge at the end; a tiny first and last
    /// edge makes that the curve's true end tangent instead of a chord's (which would tilt a
    /// butt cap by half the turn of the first flattened piece).
    static func endNudge(_ n: Int) -> Double { 1 / Double(64 * max(n, 1)) }

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
    }

    private mutating func flush(_ state: inout SubpathState, into out: inout Path) {
        defer {
            vertices.removeAll(keepingCapacity: true)
            smooth.removeAll(keepingCapacity: true)
            state.started = false
        }
        guard state.started, state.finite, !vertices.isEmpty else { return }
        if state.closed, vertices.count > 1,
           vertices[vertices.count - 1].isNear(vertices[0], 1e-9 * max(1, abs(vertices[0].x), abs(vertices[0].y))) {
            vertices.removeLast(); smooth.removeLast()
        }
        smooth[0] = false
        if vertices.count == 1 {
            // A lone move draws nothing; a drawn subpath of zero length draws its caps.
            if state.drawn { emitDot(vertices[0], into: &out) }
            return
        }
        if state.closed {
            emitLoop(into: &out)
            vertices.reverse(); smooth.reverse()
            emitLoop(into: &out)
        } else {
            emitOpen(into: &out)
        }
    }
}

extension Path {
    /// The outline of this path's stroke as a fill path (draw it with the non-zero rule), dashed
    /// first when `style` has dashes. `tolerance` is the largest distance, in this path's units,
    /// between the result and the exact stroke. A non-positive or non-finite width gives an
    /// empty path.
    public func stroked(_ style: StrokeStyle, tolerance: Double = CurveFlattener.defaultTolerance) -> Path {
        let source = style.dashes.isEmpty ? self : dashed(style.dashes, offset: style.dashOffset)
        var stroker = Stroker()
        var out = Path()
        stroker.stroke(source, style: style, tolerance: tolerance, into: &out)
        return out
    }
}
