import SymbolGeometry

extension Painter {
    /// Composites `layer` (an isolated group drawn into its own transparent bitmap) onto
    /// `target` at the origin, with group `opacity` and a blend mode. Only the overlapping area
    /// is touched.
    package func composite(_ layer: Bitmap, onto target: inout Bitmap, opacity: Double = 1,
                          blend: BlendMode = .sourceOver) {
        let op = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
        let op255 = UInt32((op * 255).rounded())
        guard op255 > 0, layer.bytesPerRow % 4 == 0, target.bytesPerRow % 4 == 0 else { return }
        let w = min(layer.width, target.width), h = min(layer.height, target.height)
        let srcStride = layer.bytesPerRow / 4, dstStride = target.bytesPerRow / 4
        let amounts = coverageRow
        // Only the layer's drawn rows and columns can change the target: the rest is
        // transparent (zero), which neither source-over nor destination-out changes anything with.
        layer.withUnsafeWords { src, columns, band in
            let x = columns.clamped(to: 0..<w), y = band.clamped(to: 0..<h)
            guard !x.isEmpty, !y.isEmpty else { return }
            target.withUnsafeMutableWords(dirtying: x, y) { dst in
                for row in y {
                    let s = src + row * srcStride + x.lowerBound, d = dst + row * dstStride + x.lowerBound
                    switch blend {
                    case .sourceOver:
                        SpanKernels.rowOver(d, s, x.count, op255)
                    case .destinationOut:
                        for i in 0..<x.count { amounts[i] = UInt8(SpanKernels.scale(s[i] >> 24, op255) & 0xFF) }
                        SpanKernels.eraseMasked(d, x.count, amounts)
                    }
                }
            }
        }
    }

    /// Blurs `bitmap` in place with a Gaussian of σ = radius / 2 px (three box passes per
    /// axis, SVG's approximation). Premultiplied, so edges do not darken; outside the bitmap
    /// counts as transparent. A radius under about 1 px changes nothing; a radius past the
    /// bitmap's size acts as that size (the picture is already spread thin), so an absurd
    /// radius costs no more than a large one.
    package func blur(_ bitmap: inout Bitmap, radius: Double) {
        let boxes = BlurKernels.boxes(sigma: min(radius, Double(2 * max(bitmap.width, bitmap.height))) / 2)
        guard !boxes.isEmpty else { return }
        let w = bitmap.width, h = bitmap.height, stride = bitmap.bytesPerRow
        if blurScratch.count < stride * h { blurScratch = [UInt8](repeating: 0, count: stride * h) }
        if blurSums.count < w * 4 { blurSums = [Int](repeating: 0, count: w * 4) }
        bitmap.pixels.withUnsafeMutableBufferPointer { pix in
            blurScratch.withUnsafeMutableBufferPointer { tmp in
                blurSums.withUnsafeMutableBufferPointer { sums in
                    let a = pix.baseAddress!, b = tmp.baseAddress!
                    for (l, r) in boxes {
                        for y in 0..<h { BlurKernels.boxRow(a + y * stride, b + y * stride, w, left: l, right: r) }
                        (a).update(from: b, count: stride * h)
                    }
                    for (l, r) in boxes {
                        BlurKernels.boxColumns(a, b, rowBytes: w * 4, stride: stride, height: h, left: l, right: r,
                                               sums: sums.baseAddress!)
                        a.update(from: b, count: stride * h)
                    }
                }
            }
        }
    }
}
