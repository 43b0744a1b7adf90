import SymbolGeometry
import SymbolScene
import SymbolRaster
import SymbolTimeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Draws a frame: a `RenderPlan` (documents + settings, worked out once per clip) posed by a
/// timeline's `Pose`.
///
/// The symbol is drawn on its own transparent buffer when something must stay inside it
/// (clear-behind layers and erase parts remove the symbol beneath them, never the background;
/// a whole-symbol opacity), else straight onto the canvas. A layer is isolated on a scratch
/// buffer only when its opacity would otherwise double where its parts overlap, or when it is
/// blurred. Not thread-safe: one renderer per worker thread; it keeps its buffers between frames.
package final class FrameRenderer {
    private let painter = Painter()
    private var symbolBuffer: Bitmap?
    private var layerBuffer: Bitmap?
    private var drawMask: CoverageMask?
    /// A Draw track's mask values, indexed by the reveal's (see `drawShape`).
    private var trackTable = [UInt8](repeating: 0, count: 256)
    /// The plan the conveniences that take documents and settings made last, used again while
    /// they are given the same ones (a caller rendering frame after frame that way keeps its
    /// draw lines).
    private var lastPlan: RenderPlan?

    package init() {}

    /// Renders one frame: the background, then every posed symbol (one normally; the outgoing
    /// and incoming symbols during a replace) with the canvas-level pose applied.
    ///
    /// The pose's layer indices must refer to the plan's layer list: a pose whose `layerMode`
    /// is another mode's is a programming error (a timeline built for one rendering mode drawn
    /// with settings for another) and stops the program; a pose without one (made by hand) is
    /// taken to use the plan's.
    package func render(plan: RenderPlan, pose: Pose, into bitmap: inout Bitmap) {
        precondition(pose.layerMode == nil || pose.layerMode == plan.layerMode,
                     "a pose of \(pose.layerMode!.rawValue) layers drawn with a plan for \(plan.layerMode.rawValue) layers")
        let settings = plan.settings
        drawBackground(settings.background, into: &bitmap)
        let canvas = pose.canvas
        let w = Double(settings.width), h = Double(settings.height)
        let center = Point(w / 2, h / 2)
        let canvasTransform = Transform.translation(-center.x, -center.y)
            .concatenating(.scale(canvas.scale))
            .concatenating(.rotation(degrees: canvas.rotation))
            .concatenating(.translation(center.x + canvas.offset.x * w, center.y + canvas.offset.y * h))
        for symbol in pose.symbols where plan.documents.indices.contains(symbol.document) {
            draw(SymbolFrame(plan, symbol), pose: symbol, canvasTransform: canvasTransform,
                 opacity: symbol.opacity * canvas.opacity, settings: settings, into: &bitmap)
        }
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

    /// One posed symbol's shapes for a frame: the document's, or during a Magic Replace morph a
    /// copy with the morphing layers' paths moved part way from the other document's layer
    /// (layers whose parts do not correspond keep theirs).
    struct SymbolFrame {
        let plan: SymbolPlan
        let shapes: [SymbolShape]
        /// The shapes whose paths the morph moved.
        let morphed: Set<Int>
        /// The bounds of the morphed shapes (nil: the plan's).
        let bounds: Rect?
        /// A symbol template, whose layers fill their paths as one (`LayerPlan.fillsAsOne`).
        let isTemplate: Bool

        init(_ plan: RenderPlan, _ symbol: SymbolPose) {
            let here = plan.symbols[symbol.document]
            let doc = plan.documents[symbol.document]
            self.plan = here
            var out = doc
            var morphed = Set<Int>()
            if symbol.layers.contains(where: { $0.morph != nil }), let back = here.placement.inverted {
                for (i, pose) in symbol.layers.enumerated() {
                    guard let m = pose.morph, i < here.layers.count, plan.documents.indices.contains(m.document) else { continue }
                    let other = plan.documents[m.document], otherLayers = plan.symbols[m.document].layers
                    let parts = here.layers[i].layer.parts
                    guard otherLayers.indices.contains(m.layer), otherLayers[m.layer].layer.parts.count == parts.count else { continue }
                    // The other symbol's points where it drew them, in this symbol's space.
                    let map = plan.symbols[m.document].placement.concatenating(back)
                    for (part, from) in zip(parts, otherLayers[m.layer].layer.parts) where from.shape < other.shapes.count {
                        if let p = other.shapes[from.shape].path.applying(map).interpolated(to: doc.shapes[part.shape].path, m.amount) {
                            out.shapes[part.shape].path = p
                            morphed.insert(part.shape)
                        }
                    }
                }
            }
            shapes = out.shapes
            self.morphed = morphed
            bounds = morphed.isEmpty ? nil : out.bounds
            isTemplate = doc.kind == .symbol
        }

        /// The parts' shapes as one shape whose path holds all their subpaths, when a template
        /// layer fills them as one (`LayerPlan.fillsAsOne`); nil otherwise.
        func concatenated(_ parts: [LayerPart]) -> SymbolShape? {
            let list = parts.map { shapes[$0.shape] }
            guard isTemplate, LayerPlan.fillsAsOne(list) else { return nil }
            var merged = list[0]
            merged.path = Path(subpaths: list.flatMap(\.path.subpaths))
            return merged
        }

        /// The draw lines of shape `index` as this frame draws it: a morphed path's own (worked
        /// out again every frame, since the path changes), else the plan's.
        func lines(ofShape index: Int) -> [DrawLine] {
            morphed.contains(index) ? DrawGeometry.lines(for: shapes[index]) : plan.drawLines.lines(ofShape: index, shapes[index])
        }

        /// The layer's raster paint over the symbol's bounds as drawn this frame.
        func raster(_ layer: LayerPlan, gradient: Bool) -> RasterPaint {
            bounds.map { layer.paint.rasterPaint(gradient: gradient, top: $0.minY, bottom: $0.maxY) } ?? layer.raster
        }
    }

    private func draw(_ symbol: SymbolFrame, pose: SymbolPose, canvasTransform: Transform,
                      opacity rawOpacity: Double, settings: RenderSettings, into bitmap: inout Bitmap) {
        let symbolOpacity = min(max(rawOpacity.isNaN ? 0 : rawOpacity, 0), 1)
        guard symbolOpacity > 0 else { return }
        let symbolToDevice = pose.transform.concatenating(symbol.plan.placement).concatenating(canvasTransform)
        let blurPixels = pose.blur * symbolToDevice.meanScale
        let needsBuffer = symbolOpacity < 1 || blurPixels >= 0.5 || symbol.plan.layersNeedBuffer
        let states = symbol.plan.drawnLayers(pose)
        func layerPose(_ i: Int) -> LayerPose { states[i] }

        if needsBuffer {
            var buffer = scratch(&symbolBuffer, like: bitmap)
            for (i, layer) in symbol.plan.layers.enumerated() {
                drawLayer(layer, of: symbol, pose: layerPose(i), all: states, symbolToDevice: symbolToDevice, settings: settings, into: &buffer)
            }
            if blurPixels >= 0.5 { painter.blur(&buffer, radius: blurPixels) }
            painter.composite(buffer, onto: &bitmap, opacity: symbolOpacity)
            symbolBuffer = buffer
        } else {
            for (i, layer) in symbol.plan.layers.enumerated() {
                drawLayer(layer, of: symbol, pose: layerPose(i), all: states, symbolToDevice: symbolToDevice, settings: settings, into: &bitmap)
            }
        }
    }

    private func drawLayer(_ planned: LayerPlan, of symbol: SymbolFrame, pose state: LayerPose, all states: [LayerPose],
                           symbolToDevice: Transform, settings: RenderSettings, into target: inout Bitmap) {
        let layer = planned.layer
        // The layer's animated opacity also fades what it erases; its mode's opacity (level,
        // class rule) only what it paints, so an opacity-0 clear-behind layer is a pure eraser.
        let presence = min(max(state.opacity.isNaN ? 0 : state.opacity, 0), 1)
        let opacity = planned.opacity * presence
        let erases = layer.annotations.clearBehind && presence > 0
        guard opacity > 0 || erases else { return }
        let layerToDevice = state.transform.concatenating(symbolToDevice)
        let blurPixels = state.blur * symbolToDevice.meanScale

        var draw = state.isFullyDrawn ? nil : DrawClip(range: state.drawRange!, track: state.drawTrackOpacity,
                                                        layerHasDrawData: planned.hasDrawData)
        if draw != nil, planned.hasAttachment {
            draw?.carriers = planned.carriers.compactMapValues { symbol.lines(ofShape: $0).first }
            // A carrier in another layer lends its timing too: the attachment rides its tip.
            draw?.carrierRanges = planned.carriers.compactMapValues { carrier in
                symbol.plan.layerOfShape[carrier].flatMap { states[$0].drawRange }
            }
        }
        if let draw, draw.range.upperBound <= draw.range.lowerBound, draw.track <= 0 { return }

        let raster = symbol.raster(planned, gradient: settings.gradient)
        if planned.hasErase {
            drawComposed(layer, of: symbol, transform: layerToDevice, paint: raster, opacity: opacity,
                         erasing: erases ? presence : 0, blurPixels: blurPixels, draw: draw, into: &target)
            return
        }
        if erases {
            // Clear-behind: first erase the symbol's layers beneath wherever this layer's drawn
            // parts cover, then paint the layer as any other (below) unless its opacity is 0.
            if !drawMerged(layer.parts, of: symbol, transform: layerToDevice, paint: .solid(.init(red: 0, green: 0, blue: 0)),
                           opacity: presence, blend: .destinationOut, draw: draw, into: &target) {
                for part in layer.parts where part.action == .draw {
                    drawShape(part.shape, of: symbol, transform: layerToDevice, paint: .solid(.init(red: 0, green: 0, blue: 0)),
                              opacity: presence, blend: .destinationOut, draw: draw, into: &target)
                }
            }
            guard opacity > 0 else { return }
        }
        paintParts(layer, of: symbol, transform: layerToDevice, paint: raster, opacity: opacity,
                   isolate: blurPixels >= 0.5 || (opacity < 1 && planned.overlapping), blurPixels: blurPixels, draw: draw, into: &target)
    }

    /// The parts painted at `opacity`: when isolated, on a scratch buffer (blurred if asked)
    /// composited at `opacity`, so overlaps do not double; else straight onto `target`.
    private func paintParts(_ layer: SymbolLayer, of symbol: SymbolFrame, transform: Transform, paint: RasterPaint, opacity: Double,
                            isolate: Bool, blurPixels: Double, draw: DrawClip?, into target: inout Bitmap) {
        guard isolate else {
            drawParts(layer, of: symbol, transform: transform, paint: paint, opacity: opacity, draw: draw, into: &target)
            return
        }
        var buffer = scratch(&layerBuffer, like: target)
        drawParts(layer, of: symbol, transform: transform, paint: paint, opacity: 1, draw: draw, into: &buffer)
        if blurPixels >= 0.5 { painter.blur(&buffer, radius: blurPixels) }
        painter.composite(buffer, onto: &target, opacity: opacity)
        layerBuffer = buffer
    }

    /// A LayerTree layer with erase pieces: its pieces build the layer's own shape in order, a
    /// drawn piece adding and an erase piece removing (from this layer only), on a buffer of its
    /// own. A clear-behind layer then erases that shape from the layers beneath (`erasing`, its
    /// presence), and the shape is painted at `opacity`. So a vehicle's windows, erased from its
    /// body, show the disc beneath in every mode (docs/rendering.md, rule 7).
    private func drawComposed(_ layer: SymbolLayer, of symbol: SymbolFrame, transform: Transform, paint: RasterPaint,
                              opacity: Double, erasing: Double, blurPixels: Double, draw: DrawClip?, into target: inout Bitmap) {
        var buffer = scratch(&layerBuffer, like: target)
        drawParts(layer, of: symbol, transform: transform, paint: paint, opacity: 1, draw: draw, into: &buffer)
        if blurPixels >= 0.5 { painter.blur(&buffer, radius: blurPixels) }
        if erasing > 0 { painter.composite(buffer, onto: &target, opacity: erasing, blend: .destinationOut) }
        if opacity > 0 { painter.composite(buffer, onto: &target, opacity: opacity) }
        layerBuffer = buffer
    }

    private func drawParts(_ layer: SymbolLayer, of symbol: SymbolFrame, transform: Transform, paint: RasterPaint,
                           opacity: Double, draw: DrawClip?, into target: inout Bitmap) {
        if drawMerged(layer.parts, of: symbol, transform: transform, paint: paint, opacity: opacity, blend: .sourceOver,
                      draw: draw, into: &target) {
            return
        }
        for part in layer.parts {
            drawShape(part.shape, of: symbol, transform: transform, paint: paint, opacity: opacity,
                      blend: part.action == .erase ? .destinationOut : .sourceOver, draw: draw, into: &target)
        }
    }

    /// Shape `index` of a symbol with part of its draw path shown: clipped by a mask of its draw
    /// lines (a part without draw data in a layer that has some fades in over the first quarter
    /// of the draw instead). The shape itself is drawn whole under the mask, so the reveal only grows.
    private func drawShape(_ index: Int, of symbol: SymbolFrame, transform: Transform, paint: RasterPaint, opacity: Double,
                           blend: BlendMode, draw: DrawClip?, into target: inout Bitmap) {
        let shape = symbol.shapes[index]
        guard let draw else {
            drawShape(shape, transform: transform, paint: paint, opacity: opacity, blend: blend, into: &target)
            return
        }
        let shown = max(0, draw.range.upperBound - draw.range.lowerBound)
        if let anchor = shape.drawGuides?.attachment {
            // An attachment rides on the tip of its carrier's draw path, at the carrier's time.
            let range = draw.carrierRanges[index] ?? draw.range
            guard range.upperBound > range.lowerBound else { return }
            let rest = shape.drawGuides?.restProgress ?? 1
            let ride = draw.carriers[index].flatMap {
                DrawGeometry.attachmentTransform($0, anchor: anchor, upTo: range.upperBound, rest: rest)
            } ?? .identity
            drawShape(shape, transform: ride.concatenating(transform), paint: paint, opacity: opacity, blend: blend, into: &target)
            return
        }
        if draw.layerHasDrawData && !shape.hasDrawData {
            let ramp = draw.track + (1 - draw.track) * min(1, shown / 0.25)
            drawShape(shape, transform: transform, paint: paint, opacity: opacity * ramp, blend: blend, into: &target)
            return
        }
        drawRevealed(shape, lines: symbol.lines(ofShape: index), transform: transform, paint: paint, opacity: opacity, blend: blend,
                     draw: draw, into: &target)
    }

    /// A template layer's drawn parts filled as one path (`SymbolFrame.concatenated`), under one
    /// reveal made of all their draw lines while a Draw effect clips them. False (nothing drawn)
    /// when the parts do not fill as one, or when a part has no draw lines of its own.
    private func drawMerged(_ parts: [LayerPart], of symbol: SymbolFrame, transform: Transform, paint: RasterPaint, opacity: Double,
                            blend: BlendMode, draw: DrawClip?, into target: inout Bitmap) -> Bool {
        guard parts.count > 1, parts.allSatisfy({ $0.action == .draw }), let merged = symbol.concatenated(parts) else { return false }
        guard let draw else {
            drawShape(merged, transform: transform, paint: paint, opacity: opacity, blend: blend, into: &target)
            return true
        }
        let lines = parts.map { symbol.lines(ofShape: $0.shape) }
        guard lines.allSatisfy({ !$0.isEmpty }), !(draw.layerHasDrawData && parts.contains { !symbol.shapes[$0.shape].hasDrawData })
        else { return false }
        drawRevealed(merged, lines: lines.flatMap { $0 }, transform: transform, paint: paint, opacity: opacity, blend: blend,
                     draw: draw, into: &target)
        return true
    }

    /// `shape` clipped by a mask of the shown part of `lines` (whole at the track's opacity when
    /// it has none).
    private func drawRevealed(_ shape: SymbolShape, lines: [DrawLine], transform: Transform, paint: RasterPaint, opacity: Double,
                              blend: BlendMode, draw: DrawClip, into target: inout Bitmap) {
        let shown = max(0, draw.range.upperBound - draw.range.lowerBound)
        guard !lines.isEmpty, var mask = drawMask.flatMap({ $0.width == target.width && $0.height == target.height ? $0 : nil })
                ?? CoverageMask(width: target.width, height: target.height) else {
            drawShape(shape, transform: transform, paint: paint, opacity: opacity * (shown > 0 ? 1 : draw.track), blend: blend,
                      into: &target)
            return
        }
        drawMask = nil
        mask.clear()
        if shown > 0 { painter.fillMask(DrawGeometry.reveal(lines, range: draw.range, margin: 1.5 / max(transform.meanScale, 1e-9)),
                                         transform: transform, into: &mask) }
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
        if let s = shape.stroke, let (path, t) = strokeSpace(shape.path, s, transform) {
            painter.stroke(path, style: s.style, transform: t, paint: paint.mapped(by: s.transform.inverted!),
                           opacity: base * s.opacity, mask: mask, blend: blend, into: &target)
        }
    }

    /// What part of a layer a Draw effect shows.
    struct DrawClip {
        var range: ClosedRange<Double>
        var track: Double
        var layerHasDrawData: Bool
        /// The draw line each attachment part rides on, by shape index.
        var carriers: [Int: DrawLine] = [:]
        /// The draw range of each attachment's carrier's layer, by shape index.
        var carrierRanges: [Int: ClosedRange<Double>] = [:]
    }

    // MARK: Background and buffers

    private func drawBackground(_ background: CanvasBackground, into bitmap: inout Bitmap) {
        switch background {
        case .transparent:
            bitmap.clear()
        case .color(let c):
            let p = c.premultiplied
            bitmap.fill(r: p.r, g: p.g, b: p.b, a: p.a)
        case .linear(let colors, let angle):
            bitmap.clear()
            let w = Double(bitmap.width), h = Double(bitmap.height)
            let r = angle * .pi / 180
            let dir = Point(cos(r), sin(r))
            // The gradient line spans the canvas's projection on the direction (CSS-like).
            let half = (abs(dir.x) * w + abs(dir.y) * h) / 2
            let c = Point(w / 2, h / 2)
            let stops = colors.enumerated().map {
                RasterPaint.Stop($0.element, offset: colors.count == 1 ? 0 : Double($0.offset) / Double(colors.count - 1))
            }
            var rect = PathBuilder()
            rect.rect(Rect(x: 0, y: 0, width: w, height: h))
            painter.fill(rect.path, paint: .linearGradient(RasterPaint.LinearGradient(start: c - dir * half, end: c + dir * half,
                                                                            stops: stops, spread: .pad)),
                         into: &bitmap)
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

