#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SymbolRaster

/// Symbol-like test frames drawn analytically: flat colours with anti-aliased edges, like the
/// renderer's output. A disc bounces and breathes above a rounded bar; in multicolour mode the
/// disc is filled with a vertical gradient and a second small disc is added. Used by the
/// encoder round-trip tests and by the encode benchmark, so both see the same content.
package struct SyntheticFrames: Sendable {
    /// A straight sRGB colour with 8-bit components.
    package struct RGB: Sendable, Hashable {
        package var r: UInt8, g: UInt8, b: UInt8
        package init(_ r: UInt8, _ g: UInt8, _ b: UInt8) { self.r = r; self.g = g; self.b = b }
    }

    /// The colours a clip uses.
    package enum Palette: Sendable, Hashable {
        /// One flat colour (the brand colour) on the background: two colours plus edge blends.
        case twoColour(RGB)
        /// Gradient disc, a second colour bar and a third colour dot: more than 256 colours.
        case multiColour
    }

    package var width: Int
    package var height: Int
    /// Frames per second of the motion (the bounce takes one second).
    package var fps: Int
    package var palette: Palette
    /// nil: transparent background.
    package var background: RGB?

    package init(width: Int, height: Int, fps: Int = 60, palette: Palette = .twoColour(RGB(0, 122, 255)), background: RGB? = nil) {
        self.width = width
        self.height = height
        self.fps = fps
        self.palette = palette
        self.background = background
    }

    /// The premultiplied frame at index `i`.
    package func frame(_ i: Int) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height)!
        if let bg = background { bitmap.fill(r: bg.r, g: bg.g, b: bg.b, a: 255) }
        let s = Float(min(width, height))
        let t = Float(i) / Float(fps)
        let phase = t - t.rounded(.down)
        let lift: Float = abs(sinf(Float.pi * phase))  // one bounce a second
        let breathe: Float = sinf(2 * Float.pi * phase)
        let radius: Float = s * (0.22 + 0.03 * breathe)
        let sway: Float = sinf(Float.pi * 2 * t / 3)
        let cx: Float = Float(width) / 2 + s * 0.08 * sway
        let cy: Float = Float(height) * 0.62 - lift * s * 0.3
        let barTop = Float(height) * 0.84, barHeight = s * 0.08
        let barHalf = s * (0.3 + 0.04 * lift)
        switch palette {
        case .twoColour(let c):
            drawDisc(&bitmap, cx: cx, cy: cy, r: radius) { _ in c }
            drawBar(&bitmap, x0: Float(width) / 2 - barHalf, y0: barTop, x1: Float(width) / 2 + barHalf, y1: barTop + barHeight) { _ in c }
        case .multiColour:
            let top = RGB(255, 149, 0), bottom = RGB(175, 82, 222)
            drawDisc(&bitmap, cx: cx, cy: cy, r: radius) { y in
                let u = min(max((y - (cy - radius)) / (2 * radius), 0), 1)
                return RGB(mix(top.r, bottom.r, u), mix(top.g, bottom.g, u), mix(top.b, bottom.b, u))
            }
            drawBar(&bitmap, x0: Float(width) / 2 - barHalf, y0: barTop, x1: Float(width) / 2 + barHalf, y1: barTop + barHeight) { _ in
                RGB(52, 199, 89)
            }
            drawDisc(&bitmap, cx: cx + radius * 0.9, cy: cy - radius * 0.9, r: radius * 0.3) { _ in RGB(255, 59, 48) }
        }
        return bitmap
    }

    private func mix(_ a: UInt8, _ b: UInt8, _ u: Float) -> UInt8 {
        UInt8((Float(a) + (Float(b) - Float(a)) * u).rounded())
    }

    /// Coverage of a pixel by a shape whose signed distance at the pixel centre is `d`
    /// (negative inside): a one-pixel linear ramp, as a box-filtered edge.
    private func coverage(_ d: Float) -> Float { min(max(0.5 - d, 0), 1) }

    private func drawDisc(_ b: inout Bitmap, cx: Float, cy: Float, r: Float, colour: (Float) -> RGB) {
        let x0 = max(0, Int(cx - r - 1)), x1 = min(b.width - 1, Int(cx + r + 1))
        let y0 = max(0, Int(cy - r - 1)), y1 = min(b.height - 1, Int(cy + r + 1))
        guard x0 <= x1, y0 <= y1 else { return }
        for y in y0...y1 {
            let py = Float(y) + 0.5
            let c = colour(py)
            for x in x0...x1 {
                let px = Float(x) + 0.5
                let d = ((px - cx) * (px - cx) + (py - cy) * (py - cy)).squareRoot() - r
                blend(&b, x, y, c, coverage(d))
            }
        }
    }

    private func drawBar(_ b: inout Bitmap, x0: Float, y0: Float, x1: Float, y1: Float, colour: (Float) -> RGB) {
        let radius = (y1 - y0) / 2
        let cy = (y0 + y1) / 2
        let ix0 = max(0, Int(x0 - 1)), ix1 = min(b.width - 1, Int(x1 + 1))
        let iy0 = max(0, Int(y0 - 1)), iy1 = min(b.height - 1, Int(y1 + 1))
        guard ix0 <= ix1, iy0 <= iy1 else { return }
        for y in iy0...iy1 {
            let py = Float(y) + 0.5
            let c = colour(py)
            for x in ix0...ix1 {
                let px = Float(x) + 0.5
                // Distance to a capsule: a segment from (x0 + r, cy) to (x1 - r, cy), minus r.
                let sx = min(max(px, x0 + radius), x1 - radius)
                let d = ((px - sx) * (px - sx) + (py - cy) * (py - cy)).squareRoot() - radius
                blend(&b, x, y, c, coverage(d))
            }
        }
    }

    /// Source-over of a flat colour at `alpha` onto the premultiplied pixel.
    private func blend(_ b: inout Bitmap, _ x: Int, _ y: Int, _ c: RGB, _ alpha: Float) {
        guard alpha > 0 else { return }
        let a = (alpha * 255).rounded()
        let inv = 255 - a
        let i = y * b.bytesPerRow + x * 4
        func over(_ src: UInt8, _ dst: UInt8) -> UInt8 {
            UInt8(((Float(src) * a + Float(dst) * inv) / 255).rounded())
        }
        b.pixels[i] = over(c.r, b.pixels[i])
        b.pixels[i + 1] = over(c.g, b.pixels[i + 1])
        b.pixels[i + 2] = over(c.b, b.pixels[i + 2])
        b.pixels[i + 3] = UInt8((a + Float(b.pixels[i + 3]) * inv / 255).rounded())
    }
}
