/// The plain reference for the cell rasterizer (Kernels/Cells.swift): exact coverage of a
/// simple polygon over one pixel by clipping the polygon to the pixel square
/// (Sutherland–Hodgman) and taking the area (shoelace), in Double. Quadratic in pixels × edges;
/// for tests only.
enum CoverageReference {
    /// Coverage 0…1 of pixel (px, py) by the simple polygon `poly` (device coordinates).
    static func coverage(_ poly: [(Double, Double)], pixelX px: Int, pixelY py: Int) -> Double {
        var pts = poly
        let x0 = Double(px), x1 = Double(px + 1), y0 = Double(py), y1 = Double(py + 1)
        pts = clip(pts) { $0.0 >= x0 } intersect: { a, b in (x0, a.1 + (b.1 - a.1) * (x0 - a.0) / (b.0 - a.0)) }
        pts = clip(pts) { $0.0 <= x1 } intersect: { a, b in (x1, a.1 + (b.1 - a.1) * (x1 - a.0) / (b.0 - a.0)) }
        pts = clip(pts) { $0.1 >= y0 } intersect: { a, b in (a.0 + (b.0 - a.0) * (y0 - a.1) / (b.1 - a.1), y0) }
        pts = clip(pts) { $0.1 <= y1 } intersect: { a, b in (a.0 + (b.0 - a.0) * (y1 - a.1) / (b.1 - a.1), y1) }
        var area = 0.0
        for i in pts.indices {
            let a = pts[i], b = pts[(i + 1) % pts.count]
            area += a.0 * b.1 - b.0 * a.1
        }
        return abs(area) / 2
    }

    private static func clip(_ pts: [(Double, Double)], inside: ((Double, Double)) -> Bool,
                             intersect: ((Double, Double), (Double, Double)) -> (Double, Double)) -> [(Double, Double)] {
        guard !pts.isEmpty else { return [] }
        var out: [(Double, Double)] = []
        for i in pts.indices {
            let cur = pts[i], prev = pts[(i + pts.count - 1) % pts.count]
            let ci = inside(cur), pi = inside(prev)
            if ci {
                if !pi { out.append(intersect(prev, cur)) }
                out.append(cur)
            } else if pi {
                out.append(intersect(prev, cur))
            }
        }
        return out
    }
}
