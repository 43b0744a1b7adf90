import SymbolGeometry

// Hairlines: strokes thinner than one device pixel.
//
// A stroke of device width w < 1 is drawn as a one-pixel "hairline" with its opacity
// multiplied by w, as Skia and resvg (tiny-skia) do. Each flattened device-space segment
// becomes a parallelogram exactly one pixel tall when the segment is x-major (one pixel wide
// when y-major), so every column (row) it crosses receives one pixel of coverage split between
// the two pixels it straddles, whatever the angle: the coverage of an anti-aliased hairline.
// (Stroking at width 1 instead spreads 1/cos θ per column: 41 % more ink at 45°; that was
// 1.10 % of pixels off resvg on Goldens/resvg/stroke-hairline.) Consecutive segments of the
// same major axis share their end edges, so the union under non-zero has no seams or double
// ink. Butt caps end at the end points; round and square caps extend each open end by half a
// pixel. Flattening allocates one temporary path per hairline draw.

extension Painter {
    /// Adds the hairline parallelograms of `path` (already dashed) mapped by `transform`.
    func addHairline(_ path: Path, transform: Transform, cap: LineCap) {
        let flat = path.flattened(tolerance: tolerance / Painter.largestScale(transform))
        var points: [Point] = []
        var closed = false
        func flush() {
            defer { points.removeAll(keepingCapacity: true); closed = false }
            guard !points.isEmpty else { return }
            if closed, let first = points.first, points.last != first { points.append(first) }
            if points.count == 1 {
                guard cap != .butt, let p = points.first else { return }
                points = [p - Point(0.5, 0), p + Point(0.5, 0)]
            } else if !closed, cap != .butt {
                let n = points.count
                points[0] = points[0] + (points[0] - points[1]).normalized * 0.5
                points[n - 1] = points[n - 1] + (points[n - 1] - points[n - 2]).normalized * 0.5
            }
            for i in 1..<points.count { addHairlineSegment(points[i - 1], points[i]) }
        }
        flat.forEachElement { e in
            switch e {
            case .move(let p):
                flush()
                points.append(transform.apply(p))
            case .line(let p):
                let q = transform.apply(p)
                if points.last != q { points.append(q) } else if points.isEmpty { points.append(q) }
            case .quad(_, let p), .cubic(_, _, let p):
                points.append(transform.apply(p))  // not produced by `flattened`
            case .close:
                closed = true
                let start = points.first
                flush()
                if let s = start { points.append(s) }
            }
        }
        flush()
    }

    /// One segment's parallelogram, one pixel across its minor axis, wound positively.
    private func addHairlineSegment(_ a: Point, _ b: Point) {
        let d = b - a
        guard d.x != 0 || d.y != 0 else { return }
        let o = abs(d.x) >= abs(d.y) ? Point(0, 0.5) : Point(0.5, 0)
        let flip = d.cross(o) < 0
        let (p, q) = flip ? (a - o, b - o) : (a + o, b + o)
        let (r, s) = flip ? (b + o, a + o) : (b - o, a - o)
        rasterizer.addLine(p, q); rasterizer.addLine(q, r)
        rasterizer.addLine(r, s); rasterizer.addLine(s, p)
    }
}
