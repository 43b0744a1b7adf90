import SymbolGeometry
import SymbolScene
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Draw On / Draw Off geometry. Symbols are filled outlines, so a layer is revealed by clipping
// its fill with a thick, round-capped stroke of a centre line ("draw line"), trimmed to the part
// whose draw progress is inside the shown range. The clip is a union of capsules, one per
// centre-line segment, all wound the same way so the non-zero rule makes their union; a
// capsule's radius is the largest distance from the centre-line samples at its ends to the
// outline points nearest them, so at full progress the clip covers the whole outline and a
// longer reveal always contains a shorter one (coverage is monotonic in progress).
//
// A line from ribs is revealed differently, as Apple's clip stroke cuts the outline: the region
// between the cuts plus a round cap on each cut (DrawGeometry+Cuts.swift).
//
// Centre lines come, in order of preference, from the ribs of `data-clipstroke-keyframes`
// (both sides of the outline walked from rib to rib, midpoints taken), from hand-written
// `data-draw-guides`, and from an automatic centre line (rings: midway between a contour and
// its hole; bands: the two sides paired from the split that makes the band thinnest). An open
// stroked path (a plain icon) is its own draw line, with a radius that covers its width.
//
// Everything here is computed once per shape (a `RenderPlan` keeps it by shape index) in symbol space.

/// A centre line with the draw progress and the covering radius at each sample.
struct DrawLine: Equatable {
    var points: [Point]
    var progress: [Double]
    var radii: [Double]
    /// For a line from ribs, the cut across the outline at each sample: the points of the two
    /// walked sides whose midpoint the sample is (empty for other lines).
    var sideA: [Point] = []
    var sideB: [Point] = []
    /// The outline's unit tangent along each side, pointing the way the sample index grows:
    /// `tangentSteps` per segment between samples, each taken in the middle of its part of the
    /// segment (a corner of the outline between two samples stays a corner).
    var tangentsA: [Point] = []
    var tangentsB: [Point] = []
    /// Each side's arc length between the two ribs of the segment that ends at the sample (the
    /// first sample: the first segment's); Apple caps a cut across the longer side's tangent.
    var spanA: [Double] = []
    var spanB: [Double] = []
}

enum DrawGeometry {
    /// The draw lines of a filled shape; empty when it has no usable outline.
    static func lines(for shape: SymbolShape) -> [DrawLine] {
        var lines: [DrawLine] = []
        if let set = shape.drawKeyframes?.sets.first(where: { $0.count >= 2 }),
           case let found = branches(set).compactMap({ fromRibs(shape.path, $0) }), !found.isEmpty {
            lines = found
        } else if let guides = shape.drawGuides, !guides.strokes.isEmpty {
            lines = guides.strokes.compactMap(fromGuides)
        }
        if lines.isEmpty, shape.fill == nil, let stroke = shape.stroke { return strokeLines(shape.path, stroke) }
        if lines.isEmpty { lines = automatic(shape.path) }
        return coverRadii(lines, outline: shape.path)
    }

    /// An open stroked path (plain icons) draws along itself, subpath after subpath, progress
    /// by arc length; the radius covers the stroke's width, its caps and its joins.
    static func strokeLines(_ path: Path, _ stroke: Stroke) -> [DrawLine] {
        let b = path.bounds
        let polylines = contours(path, keepClosing: true)
        var lengths: [Double] = []
        for poly in polylines { lengths.append(zip(poly, poly.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }) }
        let total = lengths.reduce(0, +)
        guard total > 0 else { return [] }
        let style = stroke.style
        var reach = style.width / 2 * max(stroke.transform.meanScale, 1e-9)
        if style.join == .miter { reach *= max(1, style.miterLimit) }
        if style.cap == .square { reach *= 2.squareRoot() }
        let radius = reach * 1.02 + max(b.width, b.height, 1e-6) / 500
        var lines: [DrawLine] = []
        var done = 0.0
        for (poly, length) in zip(polylines, lengths) where poly.count >= 2 {
            var d = done, progress = [done / total]
            for i in 1..<poly.count {
                d += poly[i].distance(to: poly[i - 1])
                progress.append(min(d / total, 1))
            }
            lines.append(DrawLine(points: poly, progress: progress, radii: Array(repeating: radius, count: poly.count)))
            done += length
        }
        return lines
    }

    // MARK: Guides

    /// A guide stroke: straight between corners, smooth (Catmull–Rom) through plain points;
    /// a bidirectional point starts there and draws outward both ways; a ring closes on its start.
    static func fromGuides(_ stroke: DrawGuides.Stroke) -> DrawLine? {
        var pts = stroke.points.map(\.point)
        guard pts.count >= 2, pts.allSatisfy(\.isFinite) else { return nil }
        if stroke.closed { pts.append(pts[0]) }
        var points: [Point] = [pts[0]]
        for i in 0..<(pts.count - 1) {
            let a = pts[i], b = pts[i + 1]
            let smoothA = i > 0 && stroke.points[i].kind == .point
            let smoothB = i + 1 < stroke.points.count && stroke.points[i + 1].kind == .point
            let before = i > 0 ? pts[i - 1] : a, after = i + 2 < pts.count ? pts[i + 2] : b
            let c1 = smoothA ? a + (b - before) / 6 : a
            let c2 = smoothB ? b - (after - a) / 6 : b
            let n = 12
            for k in 1...n { points.append(Path.cubicPoint(a, c1, c2, b, Double(k) / Double(n))) }
        }
        // Progress by arc length; from the bidirectional point outward when there is one.
        var length = [0.0]
        for i in 1..<points.count { length.append(length[i - 1] + points[i].distance(to: points[i - 1])) }
        let total = length.last ?? 0
        guard total > 0 else { return nil }
        var progress = length.map { $0 / total }
        if let b = stroke.points.firstIndex(where: { $0.kind == .bidirectional }), b > 0, b < stroke.points.count - 1 {
            let origin = length[b * 12]
            let reach = max(origin, total - origin)
            progress = length.map { abs($0 - origin) / reach }
        }
        return DrawLine(points: points, progress: progress, radii: [])
    }

    // MARK: Automatic centre lines

    /// Centre lines for an outline without draw data: each outer contour with exactly one hole
    /// is a ring (drawn clockwise from its top); any other outer contour is a band, drawn from
    /// its left (then upper) end.
    static func automatic(_ path: Path) -> [DrawLine] {
        let polygons = contours(path).filter { $0.count >= 3 }
        guard !polygons.isEmpty else { return [] }
        var parent = [Int?](repeating: nil, count: polygons.count)
        for (i, poly) in polygons.enumerated() {
            var best: (Int, Double)?
            for (j, other) in polygons.enumerated() where j != i && contains(other, poly[0]) {
                let a = abs(area(other))
                if best == nil || a < best!.1 { best = (j, a) }
            }
            parent[i] = best?.0
        }
        var lines: [DrawLine] = []
        for (i, poly) in polygons.enumerated() where parent[i] == nil {
            let holes = polygons.indices.filter { parent[$0] == i }
            if holes.count == 1, let ring = ringLine(poly, polygons[holes[0]]) {
                lines.append(ring)
            } else if let band = bandLine(poly) {
                lines.append(band)
            }
        }
        return lines
    }

    /// Midpoints between the outer contour and the nearest points of its hole, clockwise on
    /// screen from the topmost point, closed.
    static func ringLine(_ outer: [Point], _ hole: [Point]) -> DrawLine? {
        let samples = resample(outer, count: 96, closed: true)
        let inner = resample(hole, count: 192, closed: true)
        var mids = samples.map { p in p.lerp(to: inner.min { $0.distance(to: p) < $1.distance(to: p) }!, 0.5) }
        if area(mids) < 0 { mids.reverse() }  // y points down: positive area is clockwise on screen
        let top = mids.indices.min { (mids[$0].y, mids[$0].x) < (mids[$1].y, mids[$1].x) }!
        mids = Array(mids[top...] + mids[..<top])
        mids.append(mids[0])
        return withArcLengthProgress(mids)
    }

    /// The band's two sides paired at equal fractions from the split (a, b) that makes the
    /// band thinnest on average; the midpoints are the centre line.
    static func bandLine(_ poly: [Point]) -> DrawLine? {
        let n = 96, pairs = 24
        let s = resample(poly, count: n, closed: true)
        func side(_ a: Int, _ b: Int, forward: Bool) -> [Point] {
            let span = forward ? (b - a + n) % n : (a - b + n) % n
            return (0...pairs).map { k in
                let x = Double(span) * Double(k) / Double(pairs)
                let i = Int(x.rounded(.down)), f = x - Double(i)
                let step = forward ? 1 : -1
                let p = s[((a + step * i) % n + n) % n], q = s[((a + step * (i + 1)) % n + n) % n]
                return p.lerp(to: q, f)
            }
        }
        var best: (a: Int, b: Int, cost: Double)?
        for a in 0..<n {
            for b in 0..<n where b != a && min((b - a + n) % n, (a - b + n) % n) >= n / 8 {
                guard a < b else { continue }
                let one = side(a, b, forward: true), two = side(a, b, forward: false)
                var cost = 0.0
                for k in 0...pairs { let d = one[k].distance(to: two[k]); cost += d * d }
                if best == nil || cost < best!.cost { best = (a, b, cost) }
            }
        }
        guard let split = best else { return nil }
        let one = side(split.a, split.b, forward: true), two = side(split.a, split.b, forward: false)
        var mids = zip(one, two).map { $0.lerp(to: $1, 0.5) }
        if let first = mids.first, let last = mids.last, (last.x, last.y) < (first.x - 1e-9, first.y) { mids.reverse() }
        return withArcLengthProgress(mids)
    }

    static func withArcLengthProgress(_ points: [Point]) -> DrawLine? {
        guard points.count >= 2 else { return nil }
        var length = [0.0]
        for i in 1..<points.count { length.append(length[i - 1] + points[i].distance(to: points[i - 1])) }
        guard let total = length.last, total > 0 else { return nil }
        return DrawLine(points: points, progress: length.map { $0 / total }, radii: [])
    }

    // MARK: Covering radii

    /// Gives every sample the radius that reaches the outline points nearest to it, so the
    /// union of capsules covers the whole outline; samples nothing is nearest take their
    /// neighbours' radius.
    static func coverRadii(_ lines: [DrawLine], outline: Path) -> [DrawLine] {
        guard !lines.isEmpty else { return [] }
        let bounds = outline.bounds
        let diagonal = max((bounds.width * bounds.width + bounds.height * bounds.height).squareRoot(), 1e-6)
        let spacing = diagonal / 400
        var outlinePoints: [Point] = []
        for c in contours(outline.flattened(tolerance: diagonal / 4000)) {
            for i in c.indices {
                let a = c[i], b = c[(i + 1) % c.count]
                let n = max(1, Int((a.distance(to: b) / spacing).rounded(.up)))
                for k in 0..<n { outlinePoints.append(a.lerp(to: b, Double(k) / Double(n))) }
            }
        }
        var radii = lines.map { [Double](repeating: -1, count: $0.points.count) }
        for p in outlinePoints {
            var best = (line: 0, index: 0, d: Double.infinity)
            for (l, line) in lines.enumerated() {
                for (i, q) in line.points.enumerated() {
                    let dx = q.x - p.x, dy = q.y - p.y
                    let d = dx * dx + dy * dy
                    if d < best.d { best = (l, i, d) }
                }
            }
            radii[best.line][best.index] = max(radii[best.line][best.index], best.d.squareRoot())
        }
        let margin = diagonal / 500
        return lines.enumerated().map { l, line in
            var r = radii[l]
            let known = r.indices.filter { r[$0] >= 0 }
            if known.isEmpty {
                r = Array(repeating: diagonal / 20, count: r.count)
            } else {
                for i in r.indices where r[i] < 0 {
                    let j = known.min { abs($0 - i) < abs($1 - i) }!
                    r[i] = r[j]
                }
            }
            var out = line
            out.radii = r.map { $0 + margin }
            return out
        }
    }

    // MARK: The reveal

    /// The clip for the part of `lines` whose progress is within `range`: a union of capsules
    /// (all wound alike, for the non-zero rule).
    /// `margin` widens every capsule (device pixels divided by the scale to device), so the
    /// clip's anti-aliased edge lies outside the outline's own.
    static func reveal(_ lines: [DrawLine], range: ClosedRange<Double>, margin: Double = 0) -> Path {
        var b = PathBuilder()
        let lo = range.lowerBound, hi = range.upperBound
        for line in lines {
            if !line.sideA.isEmpty {
                revealBetweenCuts(&b, line, lo: lo, hi: hi, margin: margin)
                continue
            }
            for i in 0..<(line.points.count - 1) {
                let t0 = line.progress[i], t1 = line.progress[i + 1]
                var s0 = 0.0, s1 = 1.0
                if t0 == t1 {
                    guard t0 >= lo && t0 <= hi else { continue }
                } else {
                    // t(s) = t0 + s (t1 − t0); keep lo ≤ t(s) ≤ hi.
                    let a = (lo - t0) / (t1 - t0), c = (hi - t0) / (t1 - t0)
                    s0 = max(0, min(a, c)); s1 = min(1, max(a, c))
                    guard s0 <= s1 else { continue }
                }
                let p = line.points[i], q = line.points[i + 1]
                capsule(&b, p.lerp(to: q, s0), p.lerp(to: q, s1), radius: max(line.radii[i], line.radii[i + 1]) + margin)
            }
        }
        return b.path
    }

    /// A stadium from `a` to `b`: two half circles (two quarter cubics each) joined by lines.
    static func capsule(_ b: inout PathBuilder, _ a: Point, _ c: Point, radius r: Double) {
        let d = c - a
        let u = d.length > 1e-12 ? d / d.length : Point(1, 0)
        let n = u.perpendicular
        b.move(to: a + n * r)
        b.line(to: c + n * r)
        quarterArc(&b, c, from: n, to: u, radius: r)
        quarterArc(&b, c, from: u, to: -n, radius: r)
        b.line(to: a - n * r)
        quarterArc(&b, a, from: -n, to: -u, radius: r)
        quarterArc(&b, a, from: -u, to: n, radius: r)
        b.close()
    }

    /// A quarter circle about `centre` from `centre + v1·r` to `centre + v2·r` (unit vectors at
    /// right angles) as one cubic, continuing the current subpath.
    static func quarterArc(_ b: inout PathBuilder, _ centre: Point, from v1: Point, to v2: Point, radius r: Double) {
        let k = 0.5522847498 * r  // 4/3·(√2 − 1)·r, the standard quarter-circle control distance
        b.cubic(to: centre + v2 * r, control1: centre + v1 * r + v2 * k, control2: centre + v2 * r + v1 * k)
    }

    // MARK: Polygons

    /// Each subpath of a path as a polygon (curves flattened finely).
    static func contours(_ path: Path, keepClosing: Bool = false) -> [[Point]] {
        let b = path.bounds
        let flat = path.flattened(tolerance: max(b.width, b.height, 1e-6) / 2000)
        var out: [[Point]] = []
        var cur: [Point] = []
        flat.forEachElement { e in
            switch e {
            case .move(let p):
                if cur.count > 1 { out.append(cur) }
                cur = [p]
            case .line(let p): if cur.last != p { cur.append(p) }
            case .quad(_, let p), .cubic(_, _, let p): cur.append(p)
            case .close: if keepClosing, let first = cur.first, cur.last != first { cur.append(first) }
            }
        }
        if cur.count > 1 { out.append(cur) }
        if keepClosing { return out }
        return out.map { c in c.count > 2 && c.first == c.last ? Array(c.dropLast()) : c }
    }

    /// `count` points evenly spaced by arc length around a polygon.
    static func resample(_ poly: [Point], count: Int, closed: Bool) -> [Point] {
        var pts = poly
        if closed { pts.append(poly[0]) }
        var length = [0.0]
        for i in 1..<pts.count { length.append(length[i - 1] + pts[i].distance(to: pts[i - 1])) }
        let total = length.last ?? 0
        guard total > 0 else { return Array(repeating: poly[0], count: count) }
        var out: [Point] = []
        var j = 0
        for k in 0..<count {
            let d = total * Double(k) / Double(closed ? count : count - 1)
            while j + 1 < length.count - 1 && length[j + 1] < d { j += 1 }
            let seg = length[j + 1] - length[j]
            out.append(pts[j].lerp(to: pts[j + 1], seg > 0 ? (d - length[j]) / seg : 0))
        }
        return out
    }

    /// Signed area (positive: clockwise on screen, where y points down).
    static func area(_ poly: [Point]) -> Double {
        var s = 0.0
        for i in poly.indices { s += poly[i].cross(poly[(i + 1) % poly.count]) }
        return s / 2
    }

    static func contains(_ poly: [Point], _ p: Point) -> Bool {
        var inside = false
        var j = poly.count - 1
        for i in poly.indices {
            let a = poly[i], b = poly[j]
            if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            j = i
        }
        return inside
    }
}

extension SymbolShape {
    /// True when the file gives this shape draw data (ribs or guides).
    var hasDrawData: Bool {
        drawKeyframes.map { $0.sets.contains { $0.count >= 2 } } ?? false || !(drawGuides?.strokes.isEmpty ?? true)
    }

    /// True for a part that rides on the tip of its layer's draw path (`attach x y`).
    var isAttachment: Bool { drawGuides?.attachment != nil }
}

extension DrawGeometry {
    /// Where an attachment goes when its carrier is drawn up to progress `hi`: moved from the
    /// carrier's point at `rest` (its end, unless the file says otherwise) to the tip, and turned
    /// by the change of direction, about `anchor` (which sits on that point at rest). Past `rest`
    /// it stays at rest. Nil when the line gives no tip.
    static func attachmentTransform(_ line: DrawLine, anchor: Point, upTo hi: Double, rest: Double = 1) -> Transform? {
        let pts = line.points
        guard pts.count >= 2, let home = locate(line, rest), let tip = locate(line, min(hi, rest)) else { return nil }
        var turn = (tangent(line, tip) - tangent(line, home)) * 180 / .pi
        turn -= 360 * (turn / 360).rounded()
        let shift = tip.point - home.point
        return Transform.translation(-anchor.x, -anchor.y)
            .concatenating(.rotation(degrees: turn))
            .concatenating(.translation(anchor.x + shift.x, anchor.y + shift.y))
    }

    /// The point of a draw line at progress `t`, the segment it lies on (the last one that
    /// reaches `t`, so a line's end is found on its last segment) and how far along it; nil
    /// when no sample reaches it.
    static func locate(_ line: DrawLine, _ t: Double) -> (point: Point, segment: Int, along: Double)? {
        let pts = line.points, p = line.progress
        var found: (point: Point, segment: Int, along: Double)?
        for i in 0..<(pts.count - 1) {
            let a = p[i], b = p[i + 1]
            guard min(a, b) <= t, t <= max(a, b) else { continue }
            let f = a == b ? 1 : (t - a) / (b - a)
            found = (pts[i].lerp(to: pts[i + 1], f), i, f)
        }
        if found == nil, let top = p.indices.max(by: { (p[$0], $0) < (p[$1], $1) }), t > p[top] {
            found = (pts[top], min(top, pts.count - 2), top == pts.count - 1 ? 1 : 0)
        }
        return found
    }

    /// The line's direction (radians) at a located point: a chord's direction is the curve's at
    /// the chord's middle, so directions are interpolated between neighbouring chords' middles
    /// instead of stepping at every sample. On the first and last half chord the chord's own
    /// direction holds (extrapolating there would turn a straight end, or a polyline's last leg,
    /// away from its real direction).
    static func tangent(_ line: DrawLine, _ at: (point: Point, segment: Int, along: Double)) -> Double {
        let pts = line.points
        func chord(_ i: Int) -> Double {
            let d = pts[i + 1] - pts[i]
            return atan2(d.y, d.x)
        }
        let i = at.segment, last = pts.count - 2
        let other = at.along < 0.5 ? i - 1 : i + 1
        guard other >= 0, other <= last else { return chord(i) }
        var step = chord(other) - chord(i)
        step -= 2 * .pi * (step / (2 * .pi)).rounded()
        // Fraction of the way from chord i's middle toward chord `other`'s middle.
        return chord(i) + step * abs(at.along - 0.5)
    }
}
