/// A gradient's colours sampled at `GradientTable.size` evenly spaced offsets, premultiplied
/// and packed. Built once per distinct stop list and kept by the painter across frames.
///
/// 1024 entries: a 0…255 ramp changes by at most ¼ level between entries, well under the
/// rounding of 8-bit output, so the table adds no visible banding over exact evaluation.
struct GradientTable {
    static let size = 1024
    let stops: [RasterPaint.Stop]
    let colors: UnsafeMutablePointer<UInt32>

    init(stops: [RasterPaint.Stop]) {
        self.stops = stops
        colors = .allocate(capacity: GradientTable.size)
        GradientTable.fill(colors, stops: stops)
    }

    func deallocate() { colors.deallocate() }

    /// Samples the stops. Offsets are clamped to 0…1 and made non-decreasing (SVG rules);
    /// before the first stop its colour holds, after the last stop the last colour.
    static func fill(_ out: UnsafeMutablePointer<UInt32>, stops raw: [RasterPaint.Stop]) {
        guard !raw.isEmpty else { out.update(repeating: 0, count: size); return }
        var stops = raw
        var last = 0.0
        for i in stops.indices {
            let o = stops[i].offset.isNaN ? 0 : min(max(stops[i].offset, 0), 1)
            last = max(last, o)
            stops[i].offset = last
        }
        var k = 0
        for i in 0..<size {
            let t = Double(i) / Double(size - 1)
            while k < stops.count - 1 && stops[k + 1].offset < t { k += 1 }
            let a = stops[k]
            var c = (a.red, a.green, a.blue, a.alpha)
            if t > a.offset && k + 1 < stops.count {
                let b = stops[k + 1]
                let span = b.offset - a.offset
                let u = span > 0 ? min(max((t - a.offset) / span, 0), 1) : 1
                c = (a.red + (b.red - a.red) * u, a.green + (b.green - a.green) * u,
                     a.blue + (b.blue - a.blue) * u, a.alpha + (b.alpha - a.alpha) * u)
            } else if t <= stops[0].offset {
                let f = stops[0]
                c = (f.red, f.green, f.blue, f.alpha)
            }
            let p = PremultipliedColor(red: c.0, green: c.1, blue: c.2, alpha: c.3)
            out[i] = p.packed
        }
    }
}
