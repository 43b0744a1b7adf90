import SymbolGeometry
import SymbolScene
import SymbolRaster
import SymbolTimeline

/// Draws a frame: the `Picture` a `RenderPlan` (documents + settings, worked out once per clip)
/// makes of a timeline's `Pose`. It decides no layer rule of its own (those are the picture's);
/// it only expresses the picture's vocabulary with buffers and blend modes.
///
/// An isolated node is drawn on its own transparent buffer and composited at its opacity (so
/// what its layers clear removes only the symbol beneath them, never the background); an
/// isolated layer likewise on a second buffer; a layer with erase parts builds its shape on that
/// buffer, then clears behind and paints with it. Not thread-safe: one renderer per worker thread;
/// it keeps its buffers between frames.
package final class FrameRenderer {
    private let painter = Painter()
    private var symbolBuffer: Bitmap?
    private var layerBuffer: Bitmap?
    private var drawMask: CoverageMask?
    /// One buffer per depth of nested groups being drawn (`PictureGroup`).
    private var groupBuffers: [Bitmap?] = []
    private var groupDepth = 0
    /// A Draw track's mask values, indexed by the reveal's (see `drawRevealed`).
    private var trackTable = [UInt8](repeating: 0, count: 256)
    /// The plan the conveniences that take documents and settings made last, used again while
    /// they are given the same ones (a caller rendering frame after frame that way keeps its
    /// draw lines).
    private var lastPlan: RenderPlan?

    package init() {}

    /// Renders one frame: the background, then every posed symbol (one normally; the outgoing
    /// and incoming symbols during a replace) as the plan's picture of the pose
    /// (`RenderPlan.picture(of:)`, which stops the program for a pose of another rendering mode).
    package func render(plan: RenderPlan, pose: Pose, into bitmap: inout Bitmap) {
        draw(plan.picture(of: pose), into: &bitmap)
    }

    /// Draws a picture: the background, then its nodes, bottom to top.
    package func draw(_ picture: Picture, into bitmap: inout Bitmap) {
        drawBackground(picture.background, into: &bitmap)
        for element in picture.elements { draw(element, into: &bitmap) }
        bitmap.settle()  // the frame is read next (encoders, hashes): zero what the clear left pending
    }

    /// A new bitmap with one frame of `plan`; nil for an invalid canvas size.
    package func render(plan: RenderPlan, pose: Pose) -> Bitmap? {
        guard var b = Bitmap(width: plan.settings.width, height: plan.settings.height) else { return nil }
        render(plan: plan, pose: pose, into: &b)
        return b
    }

    /// Renders one frame of `documents` (the timeline's: a pose names them by index) drawn
    /// with `settings`: `render(plan:pose:into:)` with a plan for them.
    package func render(_ documents: [SymbolDocument], pose: Pose, settings: RenderSettings, into bitmap: inout Bitmap) {
        render(plan: plan(documents, settings), pose: pose, into: &bitmap)
    }

    /// A new bitmap with one frame; nil for an invalid canvas size.
    package func render(_ documents: [SymbolDocument], pose: Pose, settings: RenderSettings) -> Bitmap? {
        render(plan: plan(documents, settings), pose: pose)
    }

    /// The symbol at rest (no timeline): for stills and document previews.
    package func render(_ document: SymbolDocument, settings: RenderSettings) -> Bitmap? {
        render([document], pose: Pose(seconds: 0, symbols: [SymbolPose(document: 0, layers: [])]), settings: settings)
    }

    /// The last plan when it was made for the same documents (as drawn: kind, metrics, shapes
    /// and layers; arrays that share storage compare at once) and settings, else a new one.
    private func plan(_ documents: [SymbolDocument], _ settings: RenderSettings) -> RenderPlan {
        if let last = lastPlan, last.settings == settings, last.documents.count == documents.count,
           zip(last.documents, documents).allSatisfy({ a, b in
               a.kind == b.kind && a.metrics == b.metrics && a.shapes == b.shapes && a.layers == b.layers
           }) {
            return last
        }
        let plan = RenderPlan(documents: documents, settings: settings)
        lastPlan = plan
        return plan
    }

    private func draw(_ element: PictureElement, into bitmap: inout Bitmap) {
        switch element {
        case .symbol(let node): draw(node, into: &bitmap)
        case .glyphs(let glyphs): draw(glyphs, into: &bitmap)
        case .group(let group): draw(group, into: &bitmap)
        }
    }

    /// Each piece's glyphs filled as one path with the text's colour.
    private func draw(_ glyphs: PictureGlyphs, into bitmap: inout Bitmap) {
        let paint = RasterPaint.solid(glyphs.color.premultiplied)
        for piece in glyphs.pieces where piece.opacity > 0 && !piece.path.isEmpty {
            painter.fill(piece.path, transform: piece.transform, paint: paint, opacity: piece.opacity, into: &bitmap)
        }
    }

    /// A group straight onto the target when it is opaque and has no background of its own,
    /// else on a buffer of its depth (its background, then its elements) composited at its opacity.
    private func draw(_ group: PictureGroup, into bitmap: inout Bitmap) {
        guard group.opacity > 0 else { return }
        guard group.opacity < 1 || group.background != nil else {
            for element in group.elements { draw(element, into: &bitmap) }
            return
        }
        let depth = groupDepth
        if groupBuffers.count <= depth { groupBuffers.append(nil) }
        var buffer = scratch(&groupBuffers[depth], like: bitmap)
        groupDepth += 1
        if let background = group.background {
            drawBackground(background, width: group.width, height: group.height, transform: group.transform, into: &buffer)
        }
        for element in group.elements { draw(element, into: &buffer) }
        groupDepth -= 1
        painter.composite(buffer, onto: &bitmap, opacity: group.opacity)
        groupBuffers[depth] = buffer
    }

    private func draw(_ node: PictureNode, into bitmap: inout Bitmap) {
        guard node.opacity > 0 else { return }
        guard node.isolated else {
            for layer in node.layers { draw(layer, of: node, into: &bitmap) }
            return
        }
        var buffer = scratch(&symbolBuffer, like: bitmap)
        for layer in node.layers { draw(layer, of: node, into: &buffer) }
        if node.blur >= 0.5 { painter.blur(&buffer, radius: node.blur) }
        painter.composite(buffer, onto: &bitmap, opacity: node.opacity)
        symbolBuffer = buffer
    }

    private func draw(_ layer: PictureLayer, of node: PictureNode, into target: inout Bitmap) {
        guard layer.opacity > 0 || layer.clearsBehind > 0, !layer.showsNothing else { return }
        if layer.hasCuts {
            // Its parts build the layer's own shape on a buffer, in order, an erase part removing
            // from it only; the shape then clears behind (when it does) and is painted.
            var buffer = scratch(&layerBuffer, like: target)
            drawParts(layer, of: node, paint: layer.raster, opacity: 1, into: &buffer)
            if layer.blur >= 0.5 { painter.blur(&buffer, radius: layer.blur) }
            if layer.clearsBehind > 0 { painter.composite(buffer, onto: &target, opacity: layer.clearsBehind, blend: .destinationOut) }
            if layer.opacity > 0 { painter.composite(buffer, onto: &target, opacity: layer.opacity) }
            layerBuffer = buffer
            return
        }
        if layer.clearsBehind > 0 {
            // Clear-behind: first erase the layers beneath wherever the added parts cover, then
            // paint the layer as any other unless its opacity is 0.
            let black = RasterPaint.solid(.init(red: 0, green: 0, blue: 0))
            drawParts(layer, of: node, paint: black, opacity: layer.clearsBehind, blend: .destinationOut, into: &target)
            guard layer.opacity > 0 else { return }
        }
        guard layer.isolated else {
            drawParts(layer, of: node, paint: layer.raster, opacity: layer.opacity, into: &target)
            return
        }
        var buffer = scratch(&layerBuffer, like: target)
        drawParts(layer, of: node, paint: layer.raster, opacity: 1, into: &buffer)
        if layer.blur >= 0.5 { painter.blur(&buffer, radius: layer.blur) }
        painter.composite(buffer, onto: &target, opacity: layer.opacity)
        layerBuffer = buffer
    }

    /// The layer's parts as one (`PictureLayer.merged`) or one by one, an erase part removing
    /// what came before. With `blend` `.destinationOut` (a clear-behind pass) only the added parts.
    private func drawParts(_ layer: PictureLayer, of node: PictureNode, paint: RasterPaint, opacity: Double,
                           blend: BlendMode = .sourceOver, into target: inout Bitmap) {
        if let merged = layer.merged {
            drawShape(merged.shape, reveal: merged.reveal, transform: layer.transform, paint: paint, opacity: opacity, blend: blend,
                      into: &target)
            return
        }
        for part in layer.parts {
            if blend == .destinationOut && part.cuts { continue }
            drawShape(node.shape(part.shape), reveal: part.reveal, transform: layer.transform, paint: paint, opacity: opacity,
                      blend: part.cuts ? .destinationOut : blend, into: &target)
        }
    }

    /// A shape as much as `reveal` shows of it.
    private func drawShape(_ shape: SymbolShape, reveal: PictureReveal, transform: Transform, paint: RasterPaint, opacity: Double,
                           blend: BlendMode, into target: inout Bitmap) {
        switch reveal {
        case .whole:
            drawShape(shape, transform: transform, paint: paint, opacity: opacity, blend: blend, into: &target)
        case .faded(let f):
            drawShape(shape, transform: transform, paint: paint, opacity: opacity * f, blend: blend, into: &target)
        case .riding(let ride):
            drawShape(shape, transform: ride.concatenating(transform), paint: paint, opacity: opacity, blend: blend, into: &target)
        case .hidden:
            return
        case .along(let draw):
            drawRevealed(shape, draw, transform: transform, paint: paint, opacity: opacity, blend: blend, into: &target)
        }
    }

    /// `shape` under a mask of the shown part of its draw lines; the shape itself is drawn whole
    /// under the mask, so the reveal only grows.
    private func drawRevealed(_ shape: SymbolShape, _ draw: DrawReveal, transform: Transform, paint: RasterPaint, opacity: Double,
                              blend: BlendMode, into target: inout Bitmap) {
        guard var mask = drawMask.flatMap({ $0.width == target.width && $0.height == target.height ? $0 : nil })
                ?? CoverageMask(width: target.width, height: target.height) else {
            drawShape(shape, transform: transform, paint: paint, opacity: opacity * (draw.showsSome ? 1 : draw.track), blend: blend,
                      into: &target)
            return
        }
        drawMask = nil
        mask.clear()
        if draw.showsSome { painter.fillMask(draw.clip(toCanvas: transform), transform: transform, into: &mask) }
        if draw.track > 0 {
            // The track shows at `base` everywhere the reveal does not: m ↦ base + (1 − base)·m,
            // as the mask is read (a table of the 256 values) instead of rewriting the whole mask.
            let base = draw.track
            for m in 0...255 { trackTable[m] = UInt8((base * 255 + (1 - base) * Double(m)).rounded()) }
            mask.levels = trackTable
        }
        drawShape(shape, transform: transform, paint: paint, opacity: opacity, blend: blend, mask: mask, into: &target)
        mask.levels = nil  // so the next track table is written in place, not copied
        drawMask = mask
    }

    /// Fills and strokes a shape with one paint (symbol modes ignore the file's own paints but
    /// keep which of fill and stroke it has, its fill rule, its opacities and stroke geometry).
    private func drawShape(_ shape: SymbolShape, transform: Transform, paint: RasterPaint, opacity: Double,
                           blend: BlendMode, mask: CoverageMask? = nil, into target: inout Bitmap) {
        let base = opacity * shape.opacity
        if let f = shape.fill {
            painter.fill(shape.path, transform: transform, rule: f.rule, paint: paint, opacity: base * f.opacity,
                         mask: mask, blend: blend, into: &target)
        }
        if let s = shape.stroke, let (path, t, inverse) = strokeSpace(shape.path, s, transform) {
            painter.stroke(path, style: s.style, transform: t, paint: paint.mapped(by: inverse),
                           opacity: base * s.opacity, mask: mask, blend: blend, into: &target)
        }
    }

    // MARK: Background and buffers

    /// The background of a `width` × `height` canvas moved by `transform` (a scene pushed aside,
    /// or scaled to the frame's size), filled over what is there.
    private func drawBackground(_ background: CanvasBackground, width: Int, height: Int, transform: Transform, into bitmap: inout Bitmap) {
        var rect = PathBuilder()
        rect.rect(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        switch background {
        case .transparent: return
        case .color(let c): painter.fill(rect.path, transform: transform, paint: .solid(c.premultiplied), into: &bitmap)
        case .linear:
            guard let g = background.gradient(width: width, height: height) else { return }
            let stops = g.stops.map { RasterPaint.Stop($0.color, offset: $0.offset) }
            painter.fill(rect.path, transform: transform,
                         paint: .linearGradient(RasterPaint.LinearGradient(start: g.start, end: g.end, stops: stops, spread: .pad)),
                         into: &bitmap)
        }
    }

    private func drawBackground(_ background: CanvasBackground, into bitmap: inout Bitmap) {
        switch background {
        case .transparent:
            bitmap.clear()
        case .color(let c):
            let p = c.premultiplied
            bitmap.fill(r: p.r, g: p.g, b: p.b, a: p.a)
        case .linear:
            bitmap.clear()
            drawBackground(background, width: bitmap.width, height: bitmap.height, transform: .identity, into: &bitmap)
        }
    }

    /// A cleared scratch bitmap of `target`'s size, reusing `slot`'s memory when it fits.
    private func scratch(_ slot: inout Bitmap?, like target: Bitmap) -> Bitmap {
        if var b = slot, b.width == target.width, b.height == target.height {
            slot = nil
            b.clear()
            return b
        }
        return Bitmap(width: target.width, height: target.height)!
    }
}

