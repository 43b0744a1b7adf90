import SymbolGeometry

// The reveal of a draw line made from ribs, as Apple's clip stroke cuts it. Apple's renderer
// (RenderBox's `ClipStroke`, decompiled) turns every keyframe into two points on the outline,
// sorts them along it, and gives each outline point the progress interpolated by arc length
// between its neighbours; the part of the outline whose progress is shown is closed at each end
// by a round cap whose diameter is the cut across the outline there (`emit_cap`: radius half
// the distance between the two side points). So the shown part is the region between the
// cuts at `lo` and `hi`, plus a half disc on each cut; it is not a stroke of one width.
//
// Here that region is the union of the quadrilaterals between consecutive cuts (each side
// point is on the outline, the two sides walked at equal fractions as the progress runs), every
// cut widened by the anti-aliasing margin at both ends, with a disc on each cut that ends the
// shown part, its diameter exactly the cut (RenderBox's Clipper::emit_cap: a semicircle on the
// chord, no margin; found by the second reading, Tests/Reference/draw_reading.py, whose
// mid-draw frames differed from ours by a 1.5 px crescent at every tip while the disc had one). The line's first and last samples, when shown, get a disc of their covering
// radius, which reaches round the outline's ends beyond the first and last rib (Apple: outline
// points between a keyframe's two points have its progress).

extension DrawGeometry {
    /// Appends the reveal of `line` (which has `sideA`/`sideB` for every sample) over
    /// `lo...hi` to `b`, wound like `capsule` so the non-zero rule makes a union.
    static func revealBetweenCuts(_ b: inout PathBuilder, _ line: DrawLine, lo: Double, hi: Double, margin: Double) {
        let n = line.points.count
        guard n >= 2, line.sideA.count == n, line.sideB.count == n else { return }
        /// The cut from `a` to `c`, longer by `margin` at both ends.
        func widened(_ a: Point, _ c: Point) -> (Point, Point) {
            let d = a - c
            let l = d.length
            guard l > 1e-12 else { return (a, c) }
            let u = d / l * margin
            return (a + u, c - u)
        }
        func cap(_ a: Point, _ c: Point) {
            let centre = a.lerp(to: c, 0.5)
            capsule(&b, centre, centre, radius: a.distance(to: c) / 2)
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
            let (p0, q0) = widened(a0, c0), (p1, q1) = widened(a1, c1)
            // As four triangles (both diagonals), each wound alike: where a side turns faster
            // than the other (round an outer corner) two cuts may cross, and the quadrilateral
            // would be a bow tie whose lobes wind opposite ways and cancel under non-zero.
            for tri in [[p0, p1, q1], [p0, q1, q0], [p0, p1, q0], [p1, q1, q0]] where abs(area(tri)) > 1e-18 {
                let t = area(tri) > 0 ? Array(tri.reversed()) : tri
                b.move(to: t[0]); b.line(to: t[1]); b.line(to: t[2]); b.close()
            }
            // Where the shown part starts: the line's own start, or a cut.
            if previousEnd != 1 || s0 > 0 {
                if i == 0 && s0 == 0 {
                    capsule(&b, line.points[0], line.points[0], radius: line.radii[0] + margin)
                } else {
                    cap(a0, c0)
                }
            }
            // Where it ends: a cut inside this segment, or the line's own end.
            if s1 < 1 {
                cap(a1, c1)
            } else if i + 1 == n - 1 {
                capsule(&b, line.points[n - 1], line.points[n - 1], radius: line.radii[n - 1] + margin)
            }
            previousEnd = s1
        }
    }
}
