import SymbolGeometry

// The reveal of a draw line made from ribs, as Apple's clip stroke cuts it. In our reading of
// Apple's renderer, every keyframe becomes two points on the outline, sorted along it, and each
// outline point gets the progress interpolated by arc length between its neighbours; the part
// of the outline whose progress is shown is closed at each end by a cap. So the shown part is
// the region between the cuts at `lo` and `hi`, plus a cap on each cut; it is not a stroke of
// one width.
//
// The cap, as Apple's renderer draws it (docs/draw.md, "The cut at a corner"): its direction is
// the outline's tangent, into the hidden part, on the side whose keyframe interval is the
// longer (the other side's when they are equal); the cut is squared off across that direction
// by moving the point that lags forward along it; a half disc on the squared cut, its diameter
// the cut, bulges that way. On a straight band both sides' tangents agree and the cut is square
// already; between keyframes at a zigzag's corners the sides differ in length, the cut across
// them leans, and the squared cap reaches as far as the leading side
// (Tests/Reference/draw_reading.py D5).
//
// Here that region is the union of the quadrilaterals between consecutive cuts (each side
// point is on the outline, the two sides walked at equal fractions as the progress runs) and
// between each end cut and its squared cut, every cut widened by the anti-aliasing margin at
// both ends, with the half disc exactly on the squared cut (no margin). The line's first and
// last samples, when shown, get a disc of their covering radius, which reaches round the
// outline's ends beyond the first and last rib (Apple: outline points between a keyframe's two
// points have its progress).

extension DrawGeometry {
    /// Appends the reveal of `line` (which has `sideA`/`sideB` for every sample) over
    /// `lo...hi` to `b`, wound like `capsule` so the non-zero rule makes a union.
    static func revealBetweenCuts(_ b: inout PathBuilder, _ line: DrawLine, lo: Double, hi: Double, margin: Double) {
        let n = line.points.count
        // `fromRibs` fills the sides, their tangents and spans together; a line without them is
        // revealed by capsules instead (`reveal`).
        guard n >= 2, line.sideA.count == n, line.sideB.count == n, line.spanA.count == n, line.spanB.count == n,
              line.tangentsA.count == (n - 1) * tangentSteps, line.tangentsB.count == (n - 1) * tangentSteps else { return }
        /// The cut from `a` to `c`, longer by `margin` at both ends.
        func widened(_ a: Point, _ c: Point) -> (Point, Point) {
            let d = a - c
            let l = d.length
            guard l > 1e-12 else { return (a, c) }
            let u = d / l * margin
            return (a + u, c - u)
        }
        /// The region between cuts (a0, c0) and (a1, c1), each widened, as four triangles (both
        /// diagonals), each wound alike: where a side turns faster than the other (round an outer
        /// corner) two cuts may cross, and the quadrilateral would be a bow tie whose lobes wind
        /// opposite ways and cancel under non-zero.
        func between(_ a0: Point, _ c0: Point, _ a1: Point, _ c1: Point) {
            let (p0, q0) = widened(a0, c0), (p1, q1) = widened(a1, c1)
            for tri in [[p0, p1, q1], [p0, q1, q0], [p0, p1, q0], [p1, q1, q0]] where abs(area(tri)) > 1e-18 {
                let t = area(tri) > 0 ? Array(tri.reversed()) : tri
                b.move(to: t[0]); b.line(to: t[1]); b.line(to: t[2]); b.close()
            }
        }
        /// The cap on the cut (a, c) in segment i at fraction s; `forward`: the hidden part is
        /// toward sample i + 1.
        func cap(_ a: Point, _ c: Point, segment i: Int, at s: Double, forward: Bool) {
            let k = i + 1
            let alongA = line.spanA[k] > line.spanB[k]
            let j = i * tangentSteps + min(tangentSteps - 1, Int(s * Double(tangentSteps)))
            var v = alongA ? line.tangentsA[j] : line.tangentsB[j]
            guard v.length > 1e-12 else { return }
            v = (forward ? v : -v) / v.length
            let d = (c - a).dot(v)
            let (a2, c2) = d > 0 ? (a + v * d, c) : (a, c - v * d)
            if abs(d) > 1e-12 { between(a, c, a2, c2) }
            halfDisc(&b, a2, c2, bulge: v)
        }
        var previousEnd: Double?   // s1 of the last kept segment, when it was the segment before
        for i in 0..<(n - 1) {
            let t0 = line.progress[i], t1 = line.progress[i + 1]
            var s0 = 0.0, s1 = 1.0
            if t0 == t1 {
                guard t0 >= lo && t0 <= hi else { previousEnd = nil; continue }
            } else {
                let x = (lo - t0) / (t1 - t0), y = (hi - t0) / (t1 - t0)
                s0 = max(0, min(x, y)); s1 = min(1, max(x, y))
                guard s0 <= s1 else { previousEnd = nil; continue }
            }
            let a0 = line.sideA[i].lerp(to: line.sideA[i + 1], s0), c0 = line.sideB[i].lerp(to: line.sideB[i + 1], s0)
            let a1 = line.sideA[i].lerp(to: line.sideA[i + 1], s1), c1 = line.sideB[i].lerp(to: line.sideB[i + 1], s1)
            between(a0, c0, a1, c1)
            // Where the shown part starts: the line's own start, or a cut.
            if previousEnd != 1 || s0 > 0 {
                if i == 0 && s0 == 0 {
                    capsule(&b, line.points[0], line.points[0], radius: line.radii[0] + margin)
                } else {
                    cap(a0, c0, segment: i, at: s0, forward: false)
                }
            }
            // Where it ends: a cut inside this segment, or the line's own end.
            if s1 < 1 {
                cap(a1, c1, segment: i, at: s1, forward: true)
            } else if i + 1 == n - 1 {
                capsule(&b, line.points[n - 1], line.points[n - 1], radius: line.radii[n - 1] + margin)
            }
            previousEnd = s1
        }
    }

    /// A half disc whose diameter is the segment from `a` to `c`, on the side `bulge` points to
    /// (a unit vector across the segment), as two quarter cubics; wound like `capsule`.
    static func halfDisc(_ b: inout PathBuilder, _ a: Point, _ c: Point, bulge v: Point) {
        let centre = a.lerp(to: c, 0.5), r = a.distance(to: c) / 2
        guard r > 1e-12 else { return }
        var u = (a - centre) / r
        if area([centre + u * r, centre + v * r, centre - u * r]) > 0 { u = -u }
        b.move(to: centre + u * r)
        quarterArc(&b, centre, from: u, to: v, radius: r)
        quarterArc(&b, centre, from: v, to: -u, radius: r)
        b.close()
    }
}
