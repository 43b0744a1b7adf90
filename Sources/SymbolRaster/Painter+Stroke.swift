import SymbolGeometry

extension Painter {
    /// Strokes `path` in user space with `style` (dashes included), then maps the outline by
    /// `transform`, so non-uniform transforms stretch the stroke as SVG does. The flattening
    /// tolerance is divided by the transform's largest scale, so the outline is within
    /// a quarter of `tolerance` device pixels. A stroke thinner than one device pixel is a
    /// hairline (Painter+Hairline.swift): one pixel across, opacity multiplied by its width.
    package func stroke(_ path: Path, style: StrokeStyle, transform: Transform = .identity, paint: RasterPaint,
                       opacity: Double = 1, mask: CoverageMask? = nil, blend: BlendMode = .sourceOver,
                       into bitmap: inout Bitmap) {
        guard path.isFinite, transform.isFinite, style.width > 0, style.width.isFinite else { return }
        let scale = transform.meanScale
        guard scale > 0 else { return }
        let deviceWidth = style.width * scale
        let source = style.dashes.isEmpty ? path : path.dashed(style.dashes, offset: style.dashOffset)
        rasterizer.reset(width: bitmap.width, height: bitmap.height)
        var opacity = opacity
        if deviceWidth < 1 {
            opacity *= deviceWidth
            addHairline(source, transform: transform, cap: style.cap)
        } else {
            // A quarter of the fill tolerance: both sides of a stroke move with the centre line,
            // and at 0.1 px its chords put 1.2 % of a dashed ring's pixels over 4 levels from
            // the exact coverage (0.64 % at 0.025 px; cairo 0.70 %), see Goldens/resvg/README.md.
            outline.removeAll()
            stroker.stroke(source, style: style, tolerance: tolerance / 4 / Painter.largestScale(transform), into: &outline)
            rasterizer.add(outline, transform: transform, tolerance: tolerance)
        }
        paintCoverage(rule: .nonZero, paint: paint, userToDevice: transform, opacity: opacity, mask: mask,
                      blend: blend, into: &bitmap)
    }

    /// The largest singular value of the linear part: how much a length can grow at most.
    static func largestScale(_ t: Transform) -> Double {
        let sum = t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d
        let det = t.determinant
        let root = max(sum * sum - 4 * det * det, 0).squareRoot()
        let s = ((sum + root) / 2).squareRoot()
        return s > 0 && s.isFinite ? s : 1
    }
}
