// Gradient kernels: fill a run of premultiplied source pixels from a gradient table.
//
// Algorithm: the device pixel centre (x + ½, y + ½) is mapped to gradient space by the inverse
// of gradient→device; for a linear gradient the offset t is affine in x (one add per pixel);
// for a two-point conical gradient t solves |p − f − t·(c − f)| = fr + t·(r − fr), a quadratic
// per pixel (largest root with non-negative radius; no root leaves the pixel transparent, as
// SVG says). Spread is applied to t, then t picks one of 1024 table entries (rounded).
// Precision: Double for t; the table is the only quantization (≤ ¼ level per step).

/// Gradient row kernels and their straightforward references.
package enum GradientKernels {
    /// Maps an offset to a table index under a spread mode (0 pad, 1 reflect, 2 repeat).
    @inline(__always) static func index(_ t: Double, _ spread: Int) -> Int {
        var u = t
        if spread == 1 {
            u = abs(t).truncatingRemainder(dividingBy: 2)
            if u > 1 { u = 2 - u }
        } else if spread == 2 {
            u = t - t.rounded(.down)
        }
        if !(u > 0) { return 0 }  // also NaN
        if u >= 1 { return GradientTable.size - 1 }
        return Int(u * Double(GradientTable.size - 1) + 0.5)
    }

    /// Linear: t = t0 + i·dt for pixel i of the run.
    package static func linear(_ out: UnsafeMutablePointer<UInt32>, _ count: Int, t0: Double, dt: Double,
                               spread: Int, table: UnsafePointer<UInt32>) {
        var t = t0
        if spread == 0 && dt == 0 {
            out.update(repeating: table[index(t0, 0)], count: count)
            return
        }
        for i in 0..<count {
            out[i] = table[index(t, spread)]
            t += dt
        }
    }

    /// Geometry of a two-point conical gradient in gradient space, with the per-pixel step.
    package struct Conical {
        package var px: Double, py: Double  // gradient-space point of the first pixel, minus focus
        package var dx: Double, dy: Double  // step per pixel to the right
        package var cdx: Double, cdy: Double  // centre − focus
        package var fr: Double, dr: Double  // focal radius, radius − focal radius
        package init(px: Double, py: Double, dx: Double, dy: Double, cdx: Double, cdy: Double, fr: Double, dr: Double) {
            self.px = px; self.py = py; self.dx = dx; self.dy = dy; self.cdx = cdx; self.cdy = cdy; self.fr = fr; self.dr = dr
        }

        /// The offset at gradient-space point (x, y) relative to the focus, or nil where the
        /// gradient is not defined.
        @inline(__always) package func offset(_ x: Double, _ y: Double) -> Double? {
            let a = cdx * cdx + cdy * cdy - dr * dr
            let b = x * cdx + y * cdy + fr * dr
            let c = x * x + y * y - fr * fr
            if abs(a) < 1e-12 {
                guard b != 0 else { return nil }
                let t = c / (2 * b)
                return fr + t * dr >= 0 ? t : nil
            }
            let disc = b * b - a * c
            if disc < 0 { return nil }
            let s = disc.squareRoot()
            let t1 = (b + s) / a, t2 = (b - s) / a
            let hi = max(t1, t2), lo = min(t1, t2)
            if fr + hi * dr >= 0 { return hi }
            if fr + lo * dr >= 0 { return lo }
            return nil
        }
    }

    /// Two-point conical gradient over a run of pixels.
    package static func conical(_ out: UnsafeMutablePointer<UInt32>, _ count: Int, _ g: Conical, spread: Int,
                                table: UnsafePointer<UInt32>) {
        var x = g.px, y = g.py
        for i in 0..<count {
            if let t = g.offset(x, y) { out[i] = table[index(t, spread)] } else { out[i] = 0 }
            x += g.dx; y += g.dy
        }
    }

    /// Reference for `linear`: each pixel's offset computed afresh (no running sum).
    package static func linearReference(_ count: Int, t0: Double, dt: Double, spread: Int,
                                        table: UnsafePointer<UInt32>) -> [UInt32] {
        (0..<count).map { i in
            let t = t0 + Double(i) * dt
            var u: Double
            switch spread {
            case 1:
                u = t.magnitude.truncatingRemainder(dividingBy: 2); if u > 1 { u = 2 - u }
            case 2: u = t - t.rounded(.down)
            default: u = min(max(t, 0), 1)
            }
            u = min(max(u, 0), 1)
            return table[Int((u * Double(GradientTable.size - 1)).rounded())]
        }
    }
}
