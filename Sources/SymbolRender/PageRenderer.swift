import SymbolGeometry
import SymbolScene
import SymbolRaster

/// Renders an SVG as an ordinary document (a document preview): the whole page with the file's
/// own paints, its viewBox fitted to a width, group opacity through isolated buffers.
/// Not thread-safe: one per thread.
package final class PageRenderer {
    private let painter = Painter()
    private var buffers: [Bitmap] = []

    package init() {}

    /// The page at `width` pixels, its height from the viewport's aspect (the root's `width` and
    /// `height`, else the viewBox's), the viewBox fitted into it by `preserveAspectRatio`, over
    /// `background`; nil when the resulting size is invalid.
    package func render(_ page: SVGPage, width: Int, background: CanvasBackground = .transparent) -> Bitmap? {
        let box = page.viewBox
        guard box.width > 0, box.height > 0, page.width > 0, page.height > 0 else { return nil }
        let scale = Double(width) / page.width
        let height = max(1, Int((page.height * scale).rounded()))
        guard var bitmap = Bitmap(width: width, height: height) else { return nil }
        if case .color(let c) = background {
            let p = c.premultiplied
            bitmap.fill(r: p.r, g: p.g, b: p.b, a: p.a)
        }
        let toDevice = page.aspectRatio.transform(viewBox: box, width: Double(width), height: Double(height))
        draw(page.root, transform: toDevice, depth: 0, into: &bitmap)
        return bitmap
    }

    private func draw(_ group: SceneGroup, transform: Transform, depth: Int, into target: inout Bitmap) {
        for node in group.children {
            switch node {
            case .shape(let s):
                drawShape(s, transform: transform, into: &target)
            case .group(let g):
                guard g.opacity > 0 else { continue }
                if depth >= 64 { draw(g, transform: transform, depth: depth + 1, into: &target); continue }
                var buffer = takeBuffer(like: target)
                draw(g, transform: transform, depth: depth + 1, into: &buffer)
                painter.composite(buffer, onto: &target, opacity: g.opacity)
                buffers.append(buffer)
            }
        }
    }

    private func drawShape(_ s: SymbolShape, transform: Transform, into target: inout Bitmap) {
        // An element's own opacity applies to its fill and stroke together.
        let isolate = s.opacity < 1 && s.fill != nil && s.stroke != nil
        if isolate {
            var buffer = takeBuffer(like: target)
            paint(s, opacity: 1, transform: transform, into: &buffer)
            painter.composite(buffer, onto: &target, opacity: s.opacity)
            buffers.append(buffer)
        } else {
            paint(s, opacity: s.opacity, transform: transform, into: &target)
        }
    }

    private func paint(_ s: SymbolShape, opacity: Double, transform: Transform, into target: inout Bitmap) {
        if let f = s.fill {
            painter.fill(s.path, transform: transform, rule: f.rule, paint: RasterPaint(f.paint),
                         opacity: opacity * f.opacity, into: &target)
        }
        if let st = s.stroke, let (path, t, inverse) = strokeSpace(s.path, st, transform) {
            painter.stroke(path, style: st.style, transform: t, paint: RasterPaint(st.paint).mapped(by: inverse),
                           opacity: opacity * st.opacity, into: &target)
        }
    }

    private func takeBuffer(like target: Bitmap) -> Bitmap {
        if let i = buffers.lastIndex(where: { $0.width == target.width && $0.height == target.height }) {
            var b = buffers.remove(at: i)
            b.clear()
            return b
        }
        return Bitmap(width: target.width, height: target.height)!
    }
}
